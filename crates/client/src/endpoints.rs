//! Network names as Foundry reads them: `--chain <name or id>`, and `--rpc-url <alias>` looked up in
//! `foundry.toml`'s `[rpc_endpoints]` with `${VAR}` taken from the environment.

use std::path::Path;

use crate::{error::Error, wallet::Secret};

/// The chain id of `--chain`: a decimal id, or a name as Foundry spells it (`sepolia`, `base-sepolia`, `anvil`),
/// from `alloy-chains`, the table Foundry itself reads.
pub fn parse_chain(value: &str) -> Result<u64, Error> {
    let value = value.trim();
    value
        .to_ascii_lowercase()
        .parse::<alloy_chains::Chain>()
        .map(alloy_chains::Chain::id)
        .map_err(|_| {
            Error::Invalid(format!(
                "unknown chain {value:?}: give an EIP-155 chain id or a chain's name, such as mainnet, sepolia, \
                 base-sepolia or anvil"
            ))
        })
}

/// The URL of `--rpc-url VALUE`: VALUE itself when it is a URL, else the alias of that name in the
/// `[rpc_endpoints]` table of `foundry_toml`, with every `${VAR}` replaced by the environment variable (as
/// Foundry does; a missing variable is an error naming it, never an empty string in a URL).
pub fn resolve_rpc_url(value: &Secret, foundry_toml: &Path) -> Result<Secret, Error> {
    let raw = value.expose().trim();
    if raw.contains("://") {
        return Ok(value.clone());
    }
    let text = match std::fs::read_to_string(foundry_toml) {
        Ok(text) => text,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => {
            return Err(Error::Invalid(format!(
                "--rpc-url {raw:?} is neither an RPC URL (http://…) nor an alias: there is no {}",
                foundry_toml.display()
            )));
        }
        Err(err) => return Err(Error::file("reading", foundry_toml, err)),
    };
    let document: toml_edit::Document<String> = text
        .parse()
        .map_err(|err: toml_edit::TomlError| Error::file("parsing", foundry_toml, err.message()))?;
    let endpoints = document.get("rpc_endpoints").and_then(|item| item.as_table_like());
    let Some(endpoint) = endpoints.and_then(|table| table.get(raw)) else {
        let known: Vec<String> = endpoints
            .map(|table| table.iter().map(|(name, _)| name.to_owned()).collect())
            .unwrap_or_default();
        return Err(Error::Invalid(format!(
            "--rpc-url {raw:?} is neither an RPC URL (http://…) nor an alias in [rpc_endpoints] of {} (aliases there: {})",
            foundry_toml.display(),
            if known.is_empty() {
                "none".to_owned()
            } else {
                known.join(", ")
            }
        )));
    };
    // Foundry also accepts `alias = { url = "…" }`.
    let url = endpoint
        .as_str()
        .or_else(|| {
            endpoint
                .as_table_like()
                .and_then(|t| t.get("url"))
                .and_then(|u| u.as_str())
        })
        .ok_or_else(|| {
            Error::Invalid(format!(
                "the RPC alias {raw:?} in {} is not a URL string",
                foundry_toml.display()
            ))
        })?;
    expand_env(url, raw).map(Secret::new)
}

/// The `eth_rpc_url` of foundry.toml's active profile (`FOUNDRY_PROFILE`, else `default`), which Foundry uses
/// when neither `--rpc-url` nor `ETH_RPC_URL` gives one; a URL or an alias, for [`resolve_rpc_url`]. None when
/// the file or the key is absent.
pub fn default_rpc_url(foundry_toml: &Path) -> Result<Option<Secret>, Error> {
    let text = match std::fs::read_to_string(foundry_toml) {
        Ok(text) => text,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(err) => return Err(Error::file("reading", foundry_toml, err)),
    };
    let document: toml_edit::Document<String> = text
        .parse()
        .map_err(|err: toml_edit::TomlError| Error::file("parsing", foundry_toml, err.message()))?;
    let profile = std::env::var("FOUNDRY_PROFILE")
        .ok()
        .filter(|name| !name.is_empty())
        .unwrap_or_else(|| "default".to_owned());
    let url = document
        .get("profile")
        .and_then(|profiles| profiles.get(&profile))
        .and_then(|table| table.get("eth_rpc_url"))
        .and_then(|value| value.as_str());
    Ok(url.map(Secret::new))
}

/// Replaces `${VAR}` with the environment's value.
fn expand_env(template: &str, alias: &str) -> Result<String, Error> {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(start) = rest.find("${") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let end = after
            .find('}')
            .ok_or_else(|| Error::Invalid(format!("the RPC alias {alias:?} has an unclosed ${{ in its URL")))?;
        let name = &after[..end];
        let value = std::env::var(name).map_err(|_| {
            Error::Invalid(format!(
                "the RPC alias {alias:?} needs the environment variable {name}, which is not set"
            ))
        })?;
        out.push_str(&value);
        rest = &after[end + 1..];
    }
    out.push_str(rest);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chains_parse_by_id_and_by_name() {
        assert_eq!(parse_chain("11155111").unwrap(), 11_155_111);
        assert_eq!(parse_chain("Sepolia").unwrap(), 11_155_111);
        assert_eq!(parse_chain("base").unwrap(), 8453);
        assert_eq!(parse_chain("anvil").unwrap(), 31_337);
        assert_eq!(parse_chain("celo").unwrap(), 42_220);
        let err = parse_chain("narnia").unwrap_err().to_string();
        assert!(err.contains("narnia") && err.contains("sepolia"), "{err}");
    }

    #[test]
    fn the_profile_names_the_default_rpc_url() {
        let dir = tempfile::tempdir().unwrap();
        let toml = dir.path().join("foundry.toml");
        assert_eq!(default_rpc_url(&toml).unwrap(), None);
        std::fs::write(&toml, "[profile.default]\nsrc = \"contracts\"\n").unwrap();
        assert_eq!(default_rpc_url(&toml).unwrap(), None);
        std::fs::write(
            &toml,
            "[profile.default]\neth_rpc_url = \"local\"\n[rpc_endpoints]\nlocal = \"http://127.0.0.1:9\"\n",
        )
        .unwrap();
        let named = default_rpc_url(&toml).unwrap().unwrap();
        assert_eq!(named.expose(), "local");
        assert_eq!(resolve_rpc_url(&named, &toml).unwrap().expose(), "http://127.0.0.1:9");
    }

    #[test]
    fn an_alias_expands_its_variables_and_a_missing_one_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let toml = dir.path().join("foundry.toml");
        std::fs::write(
            &toml,
            "[profile.default]\nsrc = \"contracts\"\n\n[rpc_endpoints]\nlocal = \"http://127.0.0.1:${MARUBATSU_TEST_PORT_A}/\"\n\
             missing = \"https://x.invalid/${MARUBATSU_TEST_UNSET_B}\"\ntable = { url = \"http://h:1\" }\n",
        )
        .unwrap();
        // SAFETY: this test alone reads or writes this variable.
        unsafe { std::env::set_var("MARUBATSU_TEST_PORT_A", "8545") };
        let url = resolve_rpc_url(&Secret::new("local"), &toml).unwrap();
        assert_eq!(url.expose(), "http://127.0.0.1:8545/");
        assert_eq!(
            resolve_rpc_url(&Secret::new("table"), &toml).unwrap().expose(),
            "http://h:1"
        );
        let err = resolve_rpc_url(&Secret::new("missing"), &toml).unwrap_err().to_string();
        assert!(err.contains("MARUBATSU_TEST_UNSET_B"), "{err}");
        let err = resolve_rpc_url(&Secret::new("nope"), &toml).unwrap_err().to_string();
        assert!(err.contains("local, missing, table"), "{err}");
        let direct = Secret::new("http://example.invalid:1");
        assert_eq!(resolve_rpc_url(&direct, &toml).unwrap(), direct);
    }
}
