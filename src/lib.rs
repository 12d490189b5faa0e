//! Chicken Scores: the score keeper for the chicken family of games.
//!
//! `rules` is the pure game logic, `model` what is persisted, `storage` the
//! one owner of every localStorage key, and `app` the Leptos interface
//! (built for the browser only).

pub mod model;
pub mod rules;
pub mod stats;
pub mod storage;

pub mod app;
