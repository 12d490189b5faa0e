#[allow(clippy::module_inception)]
mod command;
mod command_id;
mod command_result;

pub(crate) use command::Command;
pub use command_id::CommandId;
pub use command_result::CommandResult;
