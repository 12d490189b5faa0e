//! New game: seat the players (typed once, picked again from the saved
//! roster, ordered by seat, a name corrected in place), keep the roster
//! (a name can be removed from it), choose the game's variants, start.

use leptos::prelude::*;
use leptos::task::spawn_local;

use leptos::wasm_split::{wasm_split, SplitLoaderError};

use crate::app::components::{focus_field, PlayerChips, SeatPicker};
use crate::app::game::start::{CreateGame, Creating};
use crate::app::game::GameUi;
use crate::app::lazy::{self, Chunk};
use crate::app::pages::{back_bar, static_form};
use crate::app::router::Route;
use crate::app::router::{current_search, rematch_param};
use crate::app::{now_ms, store_or_report};
use crate::model::{check_new_player, same_name, Roster};
use crate::rules::pick::FirstChoice;
use crate::rules::{count, GameKind};
use crate::storage::bounded;

/// Every game's new-game page: the chunk home fetches at idle (its
/// likeliest next page), small (the games' code is fetched while the form
/// is filled).
pub const NEW_GAME: Chunk = Chunk::new("new-game", || Box::pin(preload_new_game()));

#[wasm_split(new_game_chunk, wasm_split_path = ::leptos::wasm_split, fallible, preload(preload_new_game))]
fn page_in_chunk(route: Route) -> Result<AnyView, SplitLoaderError> {
    let page = match route {
        Route::NewGame(kind) => crate::app::for_game(kind, crate::app::NewGamePage),
        _ => None,
    };
    Ok(page.unwrap_or_else(crate::app::pages::not_found))
}

/// A new game's page, from its loaded chunk.
pub fn page(route: Route) -> Option<Result<AnyView, SplitLoaderError>> {
    lazy::now(page_in_chunk(route))
}

/// How long after the form shows the score screen's code is fetched:
/// after the form's first paint, long before a table has seated anyone.
const FETCH_GAME_AFTER_MS: u64 = 300;

/// A new id: the time in base 36 and four random digits.
pub fn new_id() -> String {
    use rand::RngExt;
    let ms = now_ms().max(0) as u64;
    let salt = crate::app::random::BrowserRng.random_range(0..1_679_616u64);
    format!("{}{}", crate::model::base36(ms), crate::model::base36(salt))
}

/// The new-game form for game `R`: the settings and the record are
/// generic, the page ([`new_game_view`]) is not. With `?rematch=<id>` it
/// starts from that game (see [`GameRecord::rematch`]).
pub fn new_game_form<R: GameUi>() -> AnyView {
    // The score screen's code is fetched while the form is filled, so a
    // tap on Start shows the game at once.
    if let Some(loader) = use_context::<lazy::Loader>() {
        loader.prefetch_later(crate::app::pages::game_page::GAMES, FETCH_GAME_AFTER_MS);
        crate::app::game::warm::warm_later(R::KIND, FETCH_GAME_AFTER_MS);
    }
    let seated: RwSignal<Vec<String>> = RwSignal::new(Vec::new());
    let settings: RwSignal<R::Settings> = RwSignal::new(R::Settings::default());
    let first: RwSignal<Option<Chosen>> = RwSignal::new(None);
    let rematch: RwSignal<Option<Result<String, String>>> = RwSignal::new(None);
    if let Some(id) = rematch_param(&current_search()) {
        spawn_local(async move {
            let read = crate::app::game::start::rematch_of(R::KIND, id).await;
            rematch.set(Some(read.and_then(|m| {
                let variants = m.settings.downcast::<R::Settings>().map_err(|_| {
                    "The game to rematch is another game. Seat the players for a new game."
                        .to_string()
                })?;
                first.set(m.first);
                seated.set(m.players);
                settings.set(*variants);
                Ok(m.banner)
            })));
        });
    }
    let count = Signal::derive(move || seated.with(|s| s.len()));
    new_game_view(NewGameParts {
        kind: R::KIND,
        min: *R::KIND.players().start(),
        max: *R::KIND.players().end(),
        seated,
        settings: R::settings_form(settings, count),
        first_choice: R::FIRST,
        first,
        rematch,
        create: Box::new(
            move |players: Vec<String>, seat: Option<usize>, random: bool| {
                let game = CreateGame {
                    players,
                    seat,
                    random,
                    settings: Box::new(settings.get_untracked()),
                };
                Box::pin(crate::app::game::start::create_game(R::KIND, game))
            },
        ),
    })
}

/// Who deals or goes first, as chosen on the new-game page.
#[derive(Clone, Debug, PartialEq)]
pub struct Chosen {
    /// The player's name (seats may still move before Start).
    pub name: String,
    /// With the app's random pick: how many players were seated when it
    /// picked (the pick stands as random while that count holds).
    pub picked_among: Option<usize>,
    /// Who did in the game this rematches, if it recorded it.
    pub before: Option<String>,
}

/// Creates and saves a game from its players, who deals or goes first
/// (where the game records it) and whether the app picked them at random.
pub type Create = Box<dyn Fn(Vec<String>, Option<usize>, bool) -> Creating>;

/// The new-game page's parts, with the game's type erased.
pub struct NewGameParts {
    /// Which game.
    pub kind: GameKind,
    /// Fewest players.
    pub min: usize,
    /// Most players.
    pub max: usize,
    /// The players seated so far, in seating order.
    pub seated: RwSignal<Vec<String>>,
    /// The game's variants form.
    pub settings: AnyView,
    /// What the game's first choice is called, and whether it records it.
    pub first_choice: FirstChoice,
    /// Who deals or goes first, if chosen.
    pub first: RwSignal<Option<Chosen>>,
    /// A rematch's banner, or why the game to rematch could not be read.
    pub rematch: RwSignal<Option<Result<String, String>>>,
    /// Creates and saves the game; its id once it is on disk, or why not
    /// (nothing was saved then).
    pub create: Create,
}

/// The new-game page: seats, roster, variants, start.
pub fn new_game_view(p: NewGameParts) -> AnyView {
    let NewGameParts {
        kind,
        min,
        max,
        seated,
        settings,
        first_choice,
        first,
        rematch,
        create,
    } = p;
    // What the page's own form (painted before this code arrived) holds.
    let handed = static_form::handed();
    let typed = RwSignal::new(String::new());
    let name_error: RwSignal<Option<String>> = RwSignal::new(None);
    let start_error: RwSignal<Option<String>> = RwSignal::new(None);
    let roster: RwSignal<Vec<String>> = RwSignal::new(Vec::new());
    let roster_note: RwSignal<Option<String>> = RwSignal::new(None);
    let starting = RwSignal::new(false);
    let router = use_context::<crate::app::router::RouterCtx>();
    // The page stays invisible (its layout is made, nothing is painted)
    // until the roster is read: its names would otherwise push the rest of
    // the page down as they arrive (a layout shift).
    let roster_read = RwSignal::new(false);
    let handed_focus = handed.as_ref().and_then(|h| h.focus);
    spawn_local(async move {
        if let Some(s) = store_or_report().await {
            let (r, note) = s.roster().await;
            let _ = roster.try_set(r.names);
            let _ = roster_note.try_set(note);
        }
        let _ = roster_read.try_set(true);
        static_form::finish(handed_focus, "new-player");
    });

    // Seats `name`, or says beside the field why not: whether it did.
    let add = move |name: String| {
        let now = seated.get_untracked();
        if now.len() >= max {
            name_error.set(Some(format!(
                "{} takes at most {}.",
                kind.name(),
                count(max, "player")
            )));
            return false;
        }
        match check_new_player(&name, &now) {
            Ok(n) => {
                seated.update(|s| s.push(n));
                typed.set(String::new());
                name_error.set(None);
                start_error.set(None);
                true
            }
            Err(e) => {
                name_error.set(Some(e));
                false
            }
        }
    };
    let add_typed = move || {
        add(typed.get_untracked());
    };
    // The names added in the page's form, checked as if typed here (one
    // refused goes back in the field, with why); then what it still holds.
    if let Some(h) = handed {
        for name in h.names {
            if !add(name.clone()) && typed.with_untracked(String::is_empty) {
                typed.set(name);
            }
        }
        if !h.typed.is_empty() {
            typed.set(h.typed);
        }
    }

    let start = move |_| {
        if starting.get_untracked() {
            return;
        }
        let players = seated.get_untracked();
        let (seat, random) = first_seat(&players, first.get_untracked(), first_choice);
        let creating = create(players.clone(), seat, random);
        starting.set(true);
        spawn_local(async move {
            match creating.await {
                Ok(id) => started(players, kind, &id, router).await,
                Err(e) => start_error.set(Some(e)),
            }
            // The page may be gone by now (the game's page shown).
            let _ = starting.try_set(false);
        });
    };

    view! {
        <section class="page new-game" data-kind=kind.as_str()
            style:visibility=move || if roster_read.get() { "visible" } else { "hidden" }>
            {back_bar(format!("New {}", kind.name()), None)}
            {rematch_banner(rematch)}
            <h2>{format!("Players ({min}–{max}), in seating order")}</h2>
            {seats_view(seated)}
            {move || seated.with(|s| !s.is_empty()).then(|| view! { <p class="hint seat-hint">"Tap a name to correct it."</p> })}
            <form class="add-player" on:submit=move |ev| { ev.prevent_default(); add_typed() }>
                <label class="field">
                    <span>"New player"</span>
                    <input
                        type="text"
                        id="new-player"
                        autocomplete="off"
                        enterkeyhint="done"
                        maxlength="40"
                        aria-label="New player's name"
                        aria-describedby="name-error"
                        aria-invalid=move || name_error.with(|e| e.is_some()).to_string()
                        placeholder="Type a name"
                        prop:value=move || typed.get()
                        on:input=move |ev| { typed.set(event_target_value(&ev)); name_error.set(None) }
                    />
                </label>
                <button type="submit" class="primary" data-testid="add-player">"Add"</button>
                <p class="field-error" id="name-error" role="alert">{move || name_error.get()}</p>
            </form>
            {move || roster_note.get().map(|n| view! { <p class="banner warn" role="alert" data-testid="problem">{n}</p> })}
            {roster_view(RosterParts {
                seated,
                roster,
                add: Callback::new(move |n: String| {
                    add(n);
                }),
            })}
            {first_view(FirstParts { kind, min, seated, choice: first_choice, first })}
            <h2>"Variants"</h2>
            {settings}
            <p class="form-error" role="alert" data-testid="start-error">{move || start_error.get()}</p>
            <button type="button" class="primary wide" data-testid="start-game"
                disabled=move || seated.with(|s| s.len() < min) || starting.get()
                on:click=start
            >
                {move || {
                    let n = seated.with(|s| s.len());
                    // On a slow network the score screen's code may still
                    // be on its way: the tap is taken, and says so.
                    if starting.get() {
                        return "Starting…".to_string();
                    }
                    if n < min { format!("Seat at least {}", count(min, "player")) } else { format!("Start with {}", count(n, "player")) }
                }}
            </button>
        </section>
    }
    .into_any()
}

/// "Rematch of ...", or why the game to rematch could not be read.
fn rematch_banner(rematch: RwSignal<Option<Result<String, String>>>) -> impl IntoView {
    move || {
        rematch.get().map(|r| match r {
            Ok(text) => {
                view! { <p class="banner info" role="status" data-testid="rematch-of">{text}</p> }
                    .into_any()
            }
            Err(text) => {
                view! { <p class="banner warn" role="alert" data-testid="problem">{text}</p> }
                    .into_any()
            }
        })
    }
}

/// The players seated, in seating order: tap a name to correct it, move
/// up or down, remove.
fn seats_view(seated: RwSignal<Vec<String>>) -> impl IntoView {
    // The seat whose name is being corrected, what is typed, and why Done
    // was refused.
    let editing: RwSignal<Option<usize>> = RwSignal::new(None);
    let typed = RwSignal::new(String::new());
    let error: RwSignal<Option<String>> = RwSignal::new(None);
    let move_seat = move |i: usize, up: bool| {
        editing.set(None);
        seated.update(|s| {
            let j = if up { i.checked_sub(1) } else { Some(i + 1) };
            if let Some(j) = j.filter(|j| *j < s.len()) {
                s.swap(i, j);
            }
        })
    };
    let begin = move |i: usize| {
        typed.set(seated.with_untracked(|s| s.get(i).cloned().unwrap_or_default()));
        error.set(None);
        editing.set(Some(i));
        focus_field("seat-edit");
    };
    let stop = move |i: usize| {
        editing.set(None);
        error.set(None);
        focus_field(&format!("seat-name-{i}"));
    };
    // The corrected name, checked against the other seated names.
    let done = move || {
        let Some(i) = editing.get_untracked() else {
            return;
        };
        let others: Vec<String> = seated.with_untracked(|s| {
            s.iter()
                .enumerate()
                .filter(|(j, _)| *j != i)
                .map(|(_, n)| n.clone())
                .collect()
        });
        match check_new_player(&typed.get_untracked(), &others) {
            Ok(name) => {
                seated.update(|s| {
                    if let Some(seat) = s.get_mut(i) {
                        *seat = name;
                    }
                });
                stop(i);
            }
            Err(e) => error.set(Some(e)),
        }
    };
    view! {
        <ol class="seated" data-testid="seated">
            {move || {
                let now = seated.get();
                let count = now.len();
                let open = editing.get();
                now.into_iter().enumerate().map(|(i, n)| {
                    if open == Some(i) {
                        return view! {
                            <li class="seat editing">
                                <span class="seat-no">{i + 1}</span>
                                <form class="seat-edit" on:submit=move |ev| { ev.prevent_default(); done() }>
                                    <input
                                        type="text"
                                        id="seat-edit"
                                        autocomplete="off"
                                        enterkeyhint="done"
                                        maxlength="40"
                                        aria-label=format!("Player {}'s name", i + 1)
                                        aria-describedby="seat-edit-error"
                                        aria-invalid=move || error.with(|e| e.is_some()).to_string()
                                        prop:value=move || typed.get()
                                        on:input=move |ev| { typed.set(event_target_value(&ev)); error.set(None) }
                                        on:keydown=move |ev| if ev.key() == "Escape" { ev.prevent_default(); stop(i) }
                                    />
                                    <button type="submit" class="primary small" data-testid="seat-done">"Done"</button>
                                    <button type="button" class="secondary small" on:click=move |_| stop(i)>"Cancel"</button>
                                    <p class="field-error" id="seat-edit-error" role="alert">{move || error.get()}</p>
                                </form>
                            </li>
                        }.into_any();
                    }
                    view! {
                        <li class="seat">
                            <span class="seat-no">{i + 1}</span>
                            <button type="button" class="seat-name" id=format!("seat-name-{i}")
                                aria-label=format!("Correct {n}") on:click=move |_| begin(i)
                            >{n.clone()}</button>
                            <span class="seat-actions">
                                <button type="button" class="icon" aria-label=format!("Move {n} up") disabled=i == 0 on:click=move |_| move_seat(i, true)>"↑"</button>
                                <button type="button" class="icon" aria-label=format!("Move {n} down") disabled=i + 1 == count on:click=move |_| move_seat(i, false)>"↓"</button>
                                <button type="button" class="icon" aria-label=format!("Remove {n}") on:click=move |_| { editing.set(None); seated.update(|s| { if i < s.len() { s.remove(i); } }) }>"✕"</button>
                            </span>
                        </li>
                    }.into_any()
                }).collect_view()
            }}
        </ol>
    }
}

/// What the roster's chips are given.
struct RosterParts {
    /// The players seated (they are not offered again).
    seated: RwSignal<Vec<String>>,
    /// The names saved from earlier games.
    roster: RwSignal<Vec<String>>,
    /// Seats a name.
    add: Callback<String>,
}

/// Players from earlier games not seated yet: a tap seats one; with
/// Manage, a tap removes one from the saved list (saved before the chip
/// goes).
fn roster_view(p: RosterParts) -> impl IntoView {
    let RosterParts {
        seated,
        roster,
        add,
    } = p;
    let managing = RwSignal::new(false);
    let said: RwSignal<Option<String>> = RwSignal::new(None);
    let failed: RwSignal<Option<String>> = RwSignal::new(None);
    let remove = move |name: String| {
        spawn_local(async move {
            let Some(s) = store_or_report().await else {
                return;
            };
            let who = bounded(&name, 40);
            // Read again, so a name remembered meanwhile is kept; never
            // write over a roster that could not be read.
            let (known, problem) = s.roster().await;
            if let Some(problem) = problem {
                said.set(None);
                failed.set(Some(format!("{who} was not removed. {problem}")));
                return;
            }
            let next = known.without(&name);
            match s.save_roster(&next).await {
                Ok(()) => {
                    roster.set(next.names);
                    failed.set(None);
                    said.set(Some(format!("{who} was removed from the list.")));
                }
                Err(e) => {
                    said.set(None);
                    failed.set(Some(format!(
                        "{who} was not removed from the list: {}",
                        e.message().trim_start_matches("Not saved: ")
                    )));
                }
            }
        });
    };
    let chips = move || {
        let seated_now = seated.get();
        let choices: Vec<String> = roster
            .get()
            .into_iter()
            .filter(|r| !seated_now.iter().any(|s| same_name(s, r)))
            .collect();
        let manage = managing.get();
        (!choices.is_empty()).then(|| view! {
            <div class="roster" role="group" aria-label="Players from earlier games">
                <div class="roster-head">
                    <p class="hint">{if manage { "Tap a name to remove it from this list:" } else { "Tap to seat someone from earlier games:" }}</p>
                    <button type="button" class="secondary small" data-testid="manage-roster"
                        on:click=move |_| { managing.update(|m| *m = !*m); said.set(None); failed.set(None) }
                    >{if manage { "Done" } else { "Manage" }}</button>
                </div>
                <div class="chips">
                    {choices.into_iter().map(|n| {
                        let n2 = n.clone();
                        if manage {
                            view! {
                                <button type="button" class="chip removable" aria-label=format!("Remove {n} from the list")
                                    on:click=move |_| remove(n2.clone())
                                ><span aria-hidden="true">"✕ "</span>{n.clone()}</button>
                            }.into_any()
                        } else {
                            view! { <button type="button" class="chip" aria-label=format!("Seat {n}") on:click=move |_| add.run(n2.clone())>{n.clone()}</button> }.into_any()
                        }
                    }).collect_view()}
                </div>
            </div>
        })
    };
    view! {
        {chips}
        <p class="roster-said" role="status">{move || said.get()}</p>
        <p class="field-error" role="alert" data-testid="roster-error">{move || failed.get()}</p>
    }
}

/// The seat of the player chosen to deal or go first among `players`, and
/// whether the app picked them at random among these many players;
/// nothing for a game that does not record it.
fn first_seat(
    players: &[String],
    chosen: Option<Chosen>,
    choice: FirstChoice,
) -> (Option<usize>, bool) {
    let Some(c) = chosen.filter(|_| choice.recorded) else {
        return (None, false);
    };
    let seat = players.iter().position(|p| same_name(p, &c.name));
    let random = seat.is_some() && c.picked_among == Some(players.len());
    (seat, random)
}

/// What the first-choice section is given.
struct FirstParts {
    kind: GameKind,
    min: usize,
    seated: RwSignal<Vec<String>>,
    choice: FirstChoice,
    first: RwSignal<Option<Chosen>>,
}

/// Who deals or goes first, once enough players are seated: tapped (where
/// the game records it, saved with the game at Start) or picked at random
/// (named only, where the game does not record it).
fn first_view(p: FirstParts) -> impl IntoView {
    let FirstParts {
        kind,
        min,
        seated,
        choice,
        first,
    } = p;
    let chosen = move || {
        first
            .get()
            .filter(|c| seated.with(|s| s.iter().any(|n| same_name(n, &c.name))))
    };
    let said = move || {
        let Some(c) = chosen() else {
            return if choice.recorded {
                "The table chooses, or the app picks at random. It can also be chosen once the game has started.".to_string()
            } else {
                String::new()
            };
        };
        let mut line = choice.sentence(&c.name);
        if let Some(before) = &c.before {
            line.push_str(&format!(" ({before} did last game: it moves on one seat.)"));
        }
        if c.picked_among == Some(seated.with(Vec::len)) {
            line.push_str(" The app picked at random.");
        }
        line.push_str(if choice.recorded {
            " Saved with the game when it starts."
        } else {
            " The app does not record this."
        });
        let _ = kind;
        line
    };
    let chips = move || {
        choice.recorded.then(|| {
            let names = seated.get();
            let names2 = names.clone();
            let names3 = names.clone();
            view! {
                <div class="chips" role="group" aria-label=choice.question>
                    <PlayerChips
                        names=names
                        pressed=Callback::new(move |i: usize| {
                            let n = names2.get(i).cloned().unwrap_or_default();
                            first.with(|c| c.as_ref().is_some_and(|c| same_name(&c.name, &n)))
                        })
                        label=Callback::new(move |i: usize| {
                            choice.sentence(names3.get(i).map(String::as_str).unwrap_or("?")).trim_end_matches('.').to_string()
                        })
                        on_pick=Callback::new(move |i: usize| {
                            let n = seated.with_untracked(|s| s.get(i).cloned());
                            first.update(|c| {
                                let same = c.as_ref().zip(n.as_ref()).is_some_and(|(c, n)| same_name(&c.name, n));
                                *c = if same { None } else { n.map(|name| Chosen { name, picked_among: None, before: None }) };
                            })
                        })
                    />
                </div>
            }
        })
    };
    move || {
        seated.with(|s| s.len() >= min.max(2)).then(|| view! {
            <section class="first-choice" data-testid="first-choice">
                <h2>{choice.question}</h2>
                {chips}
                <SeatPicker
                    names=Signal::derive(move || seated.get())
                    on_land=Callback::new(move |seat: usize| {
                        let (name, among) = seated.with_untracked(|s| (s.get(seat).cloned(), s.len()));
                        first.set(name.map(|name| Chosen { name, picked_among: Some(among), before: None }));
                    })
                />
                <p class="hint" data-testid="first-named" aria-live="polite">{said}</p>
            </section>
        })
    }
}

/// After game `id` is saved: remembers its players in the roster, then
/// goes to its page (a reload or a closed tab the moment the game shows
/// cut the roster's write short: home.test.mjs, CI).
async fn started(
    players: Vec<String>,
    kind: GameKind,
    id: &str,
    router: Option<crate::app::router::RouterCtx>,
) {
    // The roster is a convenience: failing to save it loses no game (a
    // newer version's is never overwritten), and the game goes on.
    if let Some(s) = store_or_report().await {
        let (known, _) = s.roster().await;
        let _ = s.save_roster(&Roster::remember(&known, &players)).await;
    }
    let path = crate::app::router::Route::game(kind, id);
    match router {
        Some(r) => {
            crate::app::router::go(r, &path);
        }
        None => navigate_to(&path),
    }
}

/// Goes to `path` (the game's page, in this bundle).
fn navigate_to(path: &str) {
    if let Some(w) = web_sys::window() {
        let _ = w.location().assign(path);
    }
}
