//! Chicken Scores: the score keeper for the chicken family of games.
//!
//! `rules` is the pure game logic, `model` what is persisted (its schema and
//! migrations), `stats` the nights' and players' figures over the games'
//! summaries, `storage` the one owner of every stored value (games, their
//! summaries, drafts, nights and the roster in IndexedDB; the theme and the
//! keep-awake setting, read synchronously, in localStorage), and
//! `vision` the photo counter (a Chickenfoot hand's tiles read from a
//! picture), `app` the Leptos interface (run in the browser; its pure helpers are
//! tested natively too). See `docs/architecture.md`.

pub mod model;
pub mod rules;
pub mod stats;
pub mod storage;
pub mod vision;

pub mod app;
