//! Serialises addresses EIP-55 checksummed, as every wallet and block explorer shows them (alloy's own serde
//! writes lower case); reading accepts either.

/// An `Address`.
pub(crate) mod address {
    use alloy_primitives::Address;
    use serde::{Deserialize, Deserializer, Serializer};

    pub(crate) fn serialize<S: Serializer>(value: &Address, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&value.to_checksum(None))
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Address, D::Error> {
        Address::deserialize(deserializer)
    }
}

/// An `Option<Address>` (none as `null`).
pub(crate) mod option {
    use alloy_primitives::Address;
    use serde::{Deserialize, Deserializer, Serializer};

    pub(crate) fn serialize<S: Serializer>(value: &Option<Address>, serializer: S) -> Result<S::Ok, S::Error> {
        match value {
            Some(address) => serializer.collect_str(&address.to_checksum(None)),
            None => serializer.serialize_none(),
        }
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Address>, D::Error> {
        Option::<Address>::deserialize(deserializer)
    }
}

#[cfg(test)]
mod tests {
    use alloy_primitives::{Address, address};
    use serde::{Deserialize, Serialize};

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Both {
        #[serde(with = "super::address")]
        one: Address,
        #[serde(with = "super::option")]
        maybe: Option<Address>,
    }

    #[test]
    fn addresses_are_written_checksummed_and_read_in_any_case() {
        let one = address!("f39fd6e51aad88f6f4ce6ab8827279cfffb92266");
        let both = Both { one, maybe: None };
        let text = serde_json::to_string(&both).unwrap();
        assert_eq!(
            text,
            r#"{"one":"0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266","maybe":null}"#
        );
        let lower = r#"{"one":"0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266","maybe":"0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266"}"#;
        let read: Both = serde_json::from_str(lower).unwrap();
        assert_eq!(read, Both { one, maybe: Some(one) });
    }
}
