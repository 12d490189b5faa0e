//! The club (`/records/club`): create one, join one from its link (or its
//! QR code), see whether it is in step, share its link, leave it.
//!
//! The link is the club's key: whoever has it sees and changes the club's
//! games. The page says so wherever it shows the link.

use leptos::prelude::*;

use crate::app::club::{ctx, ClubStatus};
use crate::app::erased::dynamic;
use crate::app::pages::back_bar;
use crate::app::records::club_bridge;
use crate::storage::membership::{self, from_fragment, join_link, Membership};

/// The longest club name.
const NAME_MAX: usize = 40;

fn origin() -> String {
    web_sys::window()
        .and_then(|w| w.location().origin().ok())
        .unwrap_or_default()
}

/// The sync server a new club uses unless told otherwise: this app's own
/// host, path `/sync` (the app's server passes it on to the sync server),
/// over `wss://` when the page is on HTTPS.
pub fn default_server() -> String {
    let loc = web_sys::window().map(|w| w.location());
    let host = loc.as_ref().and_then(|l| l.host().ok()).unwrap_or_default();
    let secure = loc
        .and_then(|l| l.protocol().ok())
        .is_some_and(|p| p == "https:");
    format!("{}://{host}/sync", if secure { "wss" } else { "ws" })
}

/// Checks a club's name: 1 to [`NAME_MAX`] letters.
pub fn check_name(name: &str) -> Result<String, String> {
    let name = name.trim();
    if name.is_empty() {
        return Err("Give the club a name.".into());
    }
    if name.chars().count() > NAME_MAX {
        return Err(format!("Keep the name to {NAME_MAX} letters or fewer."));
    }
    Ok(name.to_string())
}

/// Checks a sync server's address.
pub fn check_server(server: &str) -> Result<String, String> {
    let s = server.trim();
    if (s.starts_with("ws://") || s.starts_with("wss://")) && s.len() <= 300 && !s.contains(' ') {
        Ok(s.to_string())
    } else {
        Err("A server's address starts with wss:// (or ws:// on a home network).".into())
    }
}

/// The club page.
pub fn club_page() -> AnyView {
    let member: RwSignal<Option<Membership>> = RwSignal::new(membership::load());
    let invited = web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .and_then(|h| from_fragment(&h));
    let body = dynamic(move || match member.get() {
        Some(m) if !m.url.is_empty() => member_view(m, member),
        _ => join_or_create(member, invited.clone()),
    });
    view! {
        <section class="page club-page">
            {back_bar("Club".into(), None)}
            {body}
        </section>
    }
    .into_any()
}

fn join_or_create(member: RwSignal<Option<Membership>>, invited: Option<Membership>) -> AnyView {
    let status = ctx().status;
    let name = RwSignal::new(String::new());
    let server = RwSignal::new(default_server());
    let link = RwSignal::new(String::new());
    let error: RwSignal<Option<(&'static str, String)>> = RwSignal::new(None);
    let creating = RwSignal::new(false);
    // The club appears once the worker made it: then this page shows it.
    Effect::new(move |_| {
        if status.with(|s| !s.name.is_empty()) && creating.get_untracked() {
            if let Some(m) = membership::load().filter(|m| !m.url.is_empty()) {
                member.set(Some(m));
            }
        }
    });
    let create = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let checked = check_name(&name.get_untracked())
            .map_err(|e| ("name", e))
            .and_then(|n| {
                check_server(&server.get_untracked())
                    .map(|s| (n, s))
                    .map_err(|e| ("server", e))
            });
        match checked {
            Ok((n, s)) => {
                error.set(None);
                creating.set(true);
                status.update(|st| st.name.clear());
                club_bridge::create(&n, &s);
            }
            Err(e) => error.set(Some(e)),
        }
    };
    let join_with = move |m: Membership| match club_bridge::join(m.clone()) {
        Ok(()) => member.set(Some(m)),
        Err(e) => error.set(Some(("link", e))),
    };
    let join_link_typed = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let typed = link.get_untracked();
        let fragment = typed.split_once('#').map(|(_, f)| f).unwrap_or(&typed);
        match from_fragment(fragment) {
            Some(m) => join_with(m),
            None => error.set(Some((
                "link",
                "That is not a club's link: ask for it again.".into(),
            ))),
        }
    };
    let field_error = move |field: &'static str| {
        move || {
            error.get().filter(|(f, _)| *f == field).map(|(_, m)| {
                view! { <p class="field-error" role="alert" data-testid=format!("club-{field}-error")>{m}</p> }
            })
        }
    };
    let invitation = invited.map(|m| {
        let accept = m.clone();
        view! {
            <div class="banner info" data-testid="club-invitation">
                <p>"You were sent a club's link. Joining puts this phone's games in the club and the club's games on this phone."</p>
                <button class="primary" data-testid="club-join-invited"
                    on:click=move |_| join_with(accept.clone())>"Join this club"</button>
            </div>
        }
    });
    view! {
        <p class="hint">"A club keeps its games, players and nights on every member's phone, and a game at the table on every phone there. It works offline; phones catch up when they meet the club's server again."</p>
        {invitation}
        <h2>"Join a club"</h2>
        <form class="rec-form" on:submit=join_link_typed>
            {text_field("The club's link", "url", "club-link-input", link)}
            {field_error("link")}
            <button class="primary" type="submit" data-testid="club-join">"Join"</button>
        </form>
        <h2>"Start a club"</h2>
        <form class="rec-form" on:submit=create>
            {text_field("Club name", "text", "club-name", name)}
            {field_error("name")}
            {text_field("Sync server", "url", "club-server", server)}
            {field_error("server")}
            <button class="primary" type="submit" data-testid="club-create">"Start the club"</button>
            {move || creating.get().then(|| view! { <p class="hint" role="status">"Starting the club…"</p> })}
        </form>
    }
    .into_any()
}

/// A labelled one-line field bound to `value` (`kind`: "text" or "url").
fn text_field(
    label: &'static str,
    kind: &'static str,
    testid: &'static str,
    value: RwSignal<String>,
) -> impl IntoView {
    view! {
        <label class="field">
            <span>{label}</span>
            <input type=kind inputmode=kind maxlength="300" autocomplete="off" data-testid=testid
                prop:value=move || value.get() on:input=move |ev| value.set(event_target_value(&ev))/>
        </label>
    }
}

/// What the club page says of the club's server: "in step" only once the
/// server holds every change of this phone.
fn status_line(s: &ClubStatus) -> String {
    let here = format!("{} of {} games on this phone.", s.games.1, s.games.0);
    let to_go = |n: usize| match n {
        1 => "1 game or list".to_string(),
        n => format!("{n} games or lists"),
    };
    match (&s.stopped, s.online, s.sending) {
        (Some(why), _, _) => why.clone(),
        (None, true, Some(0)) => format!("In step with the club's server. {here}"),
        (None, true, Some(n)) => format!(
            "Sending this phone's changes to the club's server: {} to go. Keep the app open until this says in step. {here}",
            to_go(n)
        ),
        (None, true, None) => format!("Checking with the club's server… {here}"),
        (None, false, Some(n)) if n > 0 => format!(
            "Not connected to the club's server: {} saved here, sent when it answers.",
            to_go(n)
        ),
        (None, false, _) => {
            "Not connected to the club's server: games are saved here and sent when it answers."
                .into()
        }
    }
}

fn member_view(m: Membership, member: RwSignal<Option<Membership>>) -> AnyView {
    let status = ctx().status;
    let link = join_link(&origin(), &m);
    let qr = crate::app::game::hand_over::qr(
        link.clone(),
        "club-qr",
        "QR code of the club's link: scan it with a member's phone",
    );
    let leave = move |_| {
        club_bridge::leave();
        member.set(None);
    };
    let line = move || status.with(status_line);
    let refused = move || {
        status
            .with(|s| s.refused.clone())
            .into_iter()
            .map(|r| {
                view! { <p class="banner warn" role="alert" data-testid="club-refused">{r}</p> }
            })
            .collect_view()
    };
    view! {
        <div class="club">
        <h2 data-testid="club-name-shown">{move || status.with(|s| s.name.clone())}</h2>
        <p role="status" data-testid="club-status"
            data-online=move || status.with(|s| s.online.to_string())
            data-sending=move || status.with(|s| s.sending.map(|n| n.to_string()))>{line}</p>
        {refused}
        <h2>"Invite a member"</h2>
        <p class="banner">"This link is the club's key: anyone who has it can see and change the club's games. Share it only with the club."</p>
        {qr}
        <p class="club-link" data-testid="club-link">{link}</p>
        <button class="button secondary wide" data-testid="club-leave" on:click=leave>"Leave the club on this phone"</button>
        <p class="hint">"Leaving keeps every game on this phone; the club keeps them too. The club's copy on this phone goes."</p>
        </div>
    }
    .into_any()
}
