mod document_io_task;
pub use document_io_task::DocumentIoTask;
mod document_io_result;
pub use document_io_result::DocumentIoResult;
