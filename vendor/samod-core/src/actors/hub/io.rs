mod hub_io_action;
pub use hub_io_action::HubIoAction;
mod hub_io_result;
pub use hub_io_result::HubIoResult;
