//! Backup: export everything, import a file from another phone.

use leptos::prelude::*;

use crate::app::pages::back_bar;

/// Export and import.
pub fn backup_page() -> AnyView {
    view! { <section class="page">{back_bar("Backup".into(), None)}</section> }.into_any()
}
