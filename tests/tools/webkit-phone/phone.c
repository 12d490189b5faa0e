/*
 * A phone-sized WebKitGTK browser for the cross-engine browser tests, driven
 * by WebKitWebDriver (it starts this program with --automation).
 *
 * Debian's MiniBrowser is the other WebKitGTK shell here, but under
 * automation it keeps every site's storage in memory (an ephemeral data
 * manager), so a killed browser comes back with nothing, unlike Safari; and
 * its toolbar holds its window at 447 px or wider, so a 320 px phone cannot
 * be shown. This shell is the same engine (WebKitGTK, libwebkit2gtk-4.1)
 * with a persistent profile and a window that is only the page.
 *
 * Options (after WebKitWebDriver's --automation):
 *   --data-dir=DIR   the profile: IndexedDB, caches, service workers (required)
 *   --width=W --height=H  the page's size in CSS pixels (default 390x844)
 *   --dark           the system prefers dark (prefers-color-scheme: dark);
 *                    not switched later: WebKitGTK's web process dies when
 *                    the GTK dark theme is switched while a page is shown
 *   --feature=ID     turns on a WebKit feature that is off by default here
 *                    (as Safari ships it on), by its identifier
 *   --no-page-cache  no back/forward cache (to tell its part in a failure)
 */
#include <webkit2/webkit2.h>
#include <glib-unix.h>
#include <string.h>
#include <stdlib.h>

static WebKitWebContext *context;
static WebKitSettings *settings;
static int width = 390, height = 844;
static int windows;

static void on_destroy(GtkWidget *w, gpointer data)
{
    (void)w; (void)data;
    if (--windows == 0) {
        g_printerr("chicken-phone: the last window closed\n");
        gtk_main_quit();
    }
}

/* A window holding only `view`. */
static void show_in_window(WebKitWebView *view)
{
    GtkWidget *window = gtk_window_new(GTK_WINDOW_TOPLEVEL);
    gtk_window_set_default_size(GTK_WINDOW(window), width, height);
    gtk_container_add(GTK_CONTAINER(window), GTK_WIDGET(view));
    g_signal_connect(window, "destroy", G_CALLBACK(on_destroy), NULL);
    /* A page's window.close() under automation closes its window. */
    g_signal_connect_swapped(view, "close", G_CALLBACK(gtk_widget_destroy), window);
    windows++;
    gtk_widget_show_all(window);
}

/* Each step of a page load, on stderr beside the console's lines, so the
 * harness can tell the messages of a page being left from the next one's. */
static void on_load_changed(WebKitWebView *view, WebKitLoadEvent event, gpointer data)
{
    (void)data;
    static const char *const names[] = { "started", "redirected", "committed", "finished" };
    if (event <= WEBKIT_LOAD_FINISHED) {
        g_print("chicken-phone: load %s %s\n", names[event], webkit_web_view_get_uri(view));
        fflush(stdout);
    }
}

/* A web process that ended under a page, said with its reason (a test whose
 * browser then stops answering shows why). */
static void on_web_process_terminated(WebKitWebView *view, WebKitWebProcessTerminationReason reason, gpointer data)
{
    (void)data;
    static const char *const reasons[] = { "crashed", "exceeded its memory limit", "was ended by the browser" };
    g_printerr("chicken-phone: the web process of %s %s\n", webkit_web_view_get_uri(view),
        reason <= WEBKIT_WEB_PROCESS_TERMINATED_BY_API ? reasons[reason] : "ended");
}

static WebKitWebView *new_view(gboolean automated)
{
    WebKitWebView *view = WEBKIT_WEB_VIEW(g_object_new(WEBKIT_TYPE_WEB_VIEW,
        "web-context", context, "settings", settings,
        "is-controlled-by-automation", automated, NULL));
    g_signal_connect(view, "load-changed", G_CALLBACK(on_load_changed), NULL);
    g_signal_connect(view, "web-process-terminated", G_CALLBACK(on_web_process_terminated), NULL);
    return view;
}

/* WebDriver's New Window (a second tab), and the first window. */
static WebKitWebView *create_for_automation(WebKitAutomationSession *session, gpointer initial)
{
    (void)session;
    WebKitWebView **first = initial;
    if (*first) {
        WebKitWebView *view = *first;
        *first = NULL;
        return view;
    }
    WebKitWebView *view = new_view(TRUE);
    show_in_window(view);
    return view;
}

static void automation_started(WebKitWebContext *ctx, WebKitAutomationSession *session, gpointer initial)
{
    (void)ctx;
    WebKitApplicationInfo *info = webkit_application_info_new();
    webkit_application_info_set_name(info, "chicken-phone");
    webkit_application_info_set_version(info, WEBKIT_MAJOR_VERSION, WEBKIT_MINOR_VERSION, WEBKIT_MICRO_VERSION);
    webkit_automation_session_set_application_info(session, info);
    webkit_application_info_unref(info);
    g_signal_connect(session, "create-web-view", G_CALLBACK(create_for_automation), initial);
}

/* A page's window.open(): a window of its own. */
static GtkWidget *create_for_page(WebKitWebView *view, WebKitNavigationAction *action, gpointer data)
{
    (void)action; (void)data;
    WebKitWebView *child = WEBKIT_WEB_VIEW(g_object_new(WEBKIT_TYPE_WEB_VIEW,
        "related-view", view, "settings", settings,
        "is-controlled-by-automation", webkit_web_view_is_controlled_by_automation(view), NULL));
    g_signal_connect(child, "load-changed", G_CALLBACK(on_load_changed), NULL);
    g_signal_connect(child, "web-process-terminated", G_CALLBACK(on_web_process_terminated), NULL);
    g_signal_connect_swapped(child, "ready-to-show", G_CALLBACK(show_in_window), child);
    return GTK_WIDGET(child);
}

static void enable_feature(const char *id)
{
    WebKitFeatureList *all = webkit_settings_get_all_features();
    gsize n = webkit_feature_list_get_length(all);
    gboolean found = FALSE;
    for (gsize i = 0; i < n; i++) {
        WebKitFeature *f = webkit_feature_list_get(all, i);
        if (strcmp(webkit_feature_get_identifier(f), id) == 0) {
            webkit_settings_set_feature_enabled(settings, f, TRUE);
            found = TRUE;
        }
    }
    webkit_feature_list_unref(all);
    if (!found) g_printerr("chicken-phone: no WebKit feature called %s\n", id);
}

int main(int argc, char **argv)
{
    gtk_init(&argc, &argv);
    const char *data_dir = NULL;
    gboolean automation = FALSE, dark = FALSE;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--automation") == 0) automation = TRUE;
        else if (strcmp(a, "--dark") == 0) dark = TRUE;
        else if (g_str_has_prefix(a, "--data-dir=")) data_dir = a + strlen("--data-dir=");
        else if (g_str_has_prefix(a, "--width=")) width = atoi(a + strlen("--width="));
        else if (g_str_has_prefix(a, "--height=")) height = atoi(a + strlen("--height="));
    }
    if (!data_dir) {
        g_printerr("chicken-phone: --data-dir=DIR is required\n");
        return 2;
    }
    g_object_set(gtk_settings_get_default(), "gtk-application-prefer-dark-theme", dark, NULL);

    char *cache_dir = g_build_filename(data_dir, "cache", NULL);
    WebKitWebsiteDataManager *manager = webkit_website_data_manager_new(
        "base-data-directory", data_dir, "base-cache-directory", cache_dir, NULL);
    g_free(cache_dir);
    context = webkit_web_context_new_with_website_data_manager(manager);
    webkit_web_context_set_automation_allowed(context, automation);

    settings = webkit_settings_new();
    webkit_settings_set_enable_developer_extras(settings, TRUE);
    webkit_settings_set_enable_write_console_messages_to_stdout(settings, TRUE);
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--no-page-cache") == 0) webkit_settings_set_enable_page_cache(settings, FALSE);
    for (int i = 1; i < argc; i++)
        if (g_str_has_prefix(argv[i], "--feature=")) enable_feature(argv[i] + strlen("--feature="));

    static WebKitWebView *initial;
    initial = new_view(automation);
    g_signal_connect(initial, "create", G_CALLBACK(create_for_page), NULL);
    g_signal_connect(context, "automation-started", G_CALLBACK(automation_started), &initial);
    show_in_window(initial);
    gtk_main();
    return 0;
}
