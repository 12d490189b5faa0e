//! The entry form: the frame every game shares around a game's form body.

use super::*;

/// What the entry form's frame is given by the screen.
pub(super) struct EntryParts<R: Rules> {
    pub(super) setup: Setup<R::Settings>,
    pub(super) before: R::State,
    pub(super) log: Vec<R::Entry>,
    pub(super) index: usize,
    /// The entry being edited.
    pub(super) initial: Option<R::Entry>,
    /// The draft kept for this form, as stored.
    pub(super) kept: Option<String>,
    /// Keeps the draft (storage, not a signal).
    pub(super) keep: Callback<String>,
    pub(super) submit: Callback<R::Entry, Result<(), RuleError>>,
    pub(super) cancel: Option<Callback<()>>,
    /// The game whose round the table shares (a round game on a phone in
    /// a club).
    pub(super) live: Option<String>,
}

/// The entry form: the frame every game shares around the game's body.
/// Its draft is what was kept for this form (if it still fits), else the
/// entry being edited, else empty; every change is kept at once.
pub(super) fn entry_form<R: GameUi>(parts: EntryParts<R>) -> AnyView {
    let EntryParts {
        setup,
        before,
        log,
        index,
        initial,
        kept,
        keep,
        submit,
        cancel,
        live,
    } = parts;
    let error: RwSignal<Option<RuleError>> = RwSignal::new(None);
    let tried = RwSignal::new(false);
    // The body may save on a tap: `form.save` runs the Save below.
    let save_cell: StoredValue<Option<Callback<()>>> = StoredValue::new(None);
    let form = Form::<R> {
        setup: StoredValue::new(setup),
        before: StoredValue::new(before),
        log: StoredValue::new(log),
        index,
        editing: cancel.is_some(),
        error,
        tried,
        save: Callback::new(move |_: ()| {
            if let Some(save) = save_cell.try_get_value().flatten() {
                save.run(());
            }
        }),
    };
    let restored = kept
        .and_then(|t| slot_state::<R::Draft>(R::DRAFT_SHAPE, &t))
        .and_then(|d| R::restore(&form, d))
        .unwrap_or_else(|| R::draft_of(&form, initial.as_ref()));
    let draft = RwSignal::new(restored);
    // Every change is kept (storage, not a signal); the form as it opened
    // is already kept, or is nothing typed (and must not replace a draft
    // kept for another entry).
    Effect::new(move |opened: Option<()>| {
        let text = draft.with(|d| slot_text(R::DRAFT_SHAPE, d));
        if let (Some(()), Some(text)) = (opened, text) {
            keep.run(text);
        }
    });
    let save = Callback::new(move |_: ()| {
        tried.set(true);
        error.set(None);
        match draft.with_untracked(|d| R::build(&form, d)) {
            Err(e) => {
                if let Some(id) = e.player.and_then(R::field_id) {
                    focus_field(&id);
                }
                error.set(Some(e));
            }
            Ok(entry) => {
                if let Err(e) = submit.run(entry) {
                    error.set(Some(e));
                }
            }
        }
    });
    save_cell.set_value(Some(save));
    let live_line = live.map(|live| super::live_round::share::<R>(form, draft, live));
    let name = draft.with_untracked(R::form_name);
    // Drawn again only when its words change, not on every keystroke.
    let title = Memo::new(move |_| draft.with(|d| R::title(&form, d)));
    view! {
        <form class=format!("entry-form {name}-form{}", if form.editing { " editing" } else { "" }) data-testid=format!("{name}-form") on:submit=on_submit(move || save.run(()))>
            <h2>{move || numbers_whole(&title.get())}</h2>
            {R::form_body(form, draft)}
            {live_line}
            <p class="form-error" role="alert" data-testid="form-error">
                {text(move || error.with(|e| e.as_ref().filter(|e| e.player.is_none()).map(|e| e.message.clone()).unwrap_or_default()))}
            </p>
            <FormActions
                cancel=cancel
                save=Signal::derive(move || draft.with(|d| R::save_label(&form, d)))
                save_id=format!("save-{name}")
                on_save=save
            />
        </form>
    }
    .into_any()
}
