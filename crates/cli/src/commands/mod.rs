pub(crate) mod compile;
pub(crate) mod deploy;
pub(crate) mod gas;
pub(crate) mod local;
pub(crate) mod network;
pub(crate) mod prove;
pub(crate) mod pvp;
pub(crate) mod solo;
