mod io_result;
mod io_task;
mod io_task_id;
mod storage_result;
mod storage_task;

pub use io_result::IoResult;
pub use io_task::IoTask;
pub use io_task_id::IoTaskId;
pub use storage_result::StorageResult;
pub use storage_task::StorageTask;
