#[derive(Debug, Clone)]
pub enum HubIoResult {
    Send,
    Disconnect,
}
