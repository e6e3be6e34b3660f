//! Serialises wei amounts as decimal strings: JSON numbers lose precision above 2^53, and hex is unreadable.

/// `U256` as a decimal string.
pub(crate) mod u256 {
    use alloy_primitives::U256;
    use serde::Serializer;

    pub(crate) fn serialize<S: Serializer>(value: &U256, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(value)
    }
}

/// `u128` as a decimal string.
pub(crate) mod u128 {
    use serde::Serializer;

    pub(crate) fn serialize<S: Serializer>(value: &u128, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(value)
    }
}
