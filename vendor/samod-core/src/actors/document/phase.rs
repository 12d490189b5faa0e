pub(crate) mod loading;
pub(crate) mod ready;
pub(crate) mod request;
