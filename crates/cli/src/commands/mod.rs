pub(crate) mod compile;
pub(crate) mod prove;
