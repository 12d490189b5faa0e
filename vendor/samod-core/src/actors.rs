pub mod document;
pub use document::{DocumentActor, DocumentError};
pub mod hub;
pub(crate) mod messages;
mod run_state;
pub(crate) use run_state::RunState;

pub use messages::{DocToHubMsg, HubToDocMsg};
