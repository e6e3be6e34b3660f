//! Where the signing key comes from: a raw private key or a Foundry keystore, and the secrets involved.

use std::{
    fmt,
    path::{Path, PathBuf},
    str::FromStr,
};

use alloy::signers::local::LocalSignerError;

use crate::error::Error;

/// The signer type the wallet functions return (alloy's local secp256k1 signer).
pub use alloy::signers::local::PrivateKeySigner;

/// A string that must never be shown: a private key, a password, an RPC URL with an API key in it.
///
/// `Debug` and `Display` print `<redacted>`, so a secret inside an argument struct or an error stays hidden.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    /// Wraps `value`.
    pub fn new(value: impl Into<String>) -> Self {
        Self(value.into())
    }

    /// The secret itself, for the one place that needs it.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<redacted>")
    }
}

impl fmt::Display for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<redacted>")
    }
}

impl FromStr for Secret {
    type Err = std::convert::Infallible;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(Self::new(s))
    }
}

/// Foundry's keystore folder, `~/.foundry/keystores` (where `cast wallet import` puts accounts).
pub fn default_keystore_dir() -> PathBuf {
    std::env::var_os("HOME")
        .map(PathBuf::from)
        .unwrap_or_default()
        .join(".foundry")
        .join("keystores")
}

/// The keystore file of account `name` in `dir`, which must exist.
pub fn keystore_path(dir: &Path, name: &str) -> Result<PathBuf, Error> {
    let path = dir.join(name);
    if path.is_file() && !name.contains(['/', '\\']) {
        return Ok(path);
    }
    let mut available: Vec<String> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .filter(|e| e.path().is_file())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    available.sort();
    Err(Error::KeystoreNotFound {
        name: name.to_owned(),
        dir: dir.to_path_buf(),
        available: if available.is_empty() {
            "none".to_owned()
        } else {
            available.join(", ")
        },
    })
}

/// The keystore of `--keystore PATH`: PATH itself when it is a file; when it is a folder, the account `name`
/// in it (`--account`), which must then be given.
pub fn keystore_at(path: &Path, name: Option<&str>) -> Result<PathBuf, Error> {
    if path.is_dir() {
        return match name {
            Some(name) => keystore_path(path, name),
            None => Err(Error::Keystore {
                path: path.to_path_buf(),
                reason: "it is a folder: name the account in it with --account NAME, or give the file".to_owned(),
            }),
        };
    }
    if path.is_file() {
        return Ok(path.to_path_buf());
    }
    Err(Error::Keystore {
        path: path.to_path_buf(),
        reason: "no such file or folder".to_owned(),
    })
}

/// The password in the file `path` (`--password-file`, or `ETH_PASSWORD`, which names a file as in Foundry),
/// without its trailing line break. The error never shows the path: a user following older advice may have put
/// the password itself in `ETH_PASSWORD`.
pub fn read_password_file(path: &Path) -> Result<Secret, Error> {
    let text = std::fs::read_to_string(path).map_err(|err| {
        Error::Invalid(format!(
            "cannot read the password file given by --password-file or ETH_PASSWORD ({err}); as in Foundry, \
             ETH_PASSWORD names a file holding the password, not the password itself"
        ))
    })?;
    Ok(Secret::new(text.trim_end_matches(['\r', '\n'])))
}

/// The key at `index` (BIP-44 `m/44'/60'/0'/0/index`, as Foundry's `--mnemonic-index`), or at
/// `derivation_path` when one is given, of a BIP-39 English mnemonic: the phrase itself, or a file holding it
/// (as Foundry's `--mnemonic`), with an optional BIP-39 passphrase. No error shows the phrase or a word of it.
pub fn signer_from_mnemonic(
    phrase_or_file: &Secret,
    index: u32,
    derivation_path: Option<&str>,
    passphrase: Option<&Secret>,
) -> Result<PrivateKeySigner, Error> {
    use alloy::signers::local::{MnemonicBuilder, coins_bip39::English};
    let given = phrase_or_file.expose().trim();
    let path = std::path::Path::new(given);
    // No phrase of twelve or more words names an existing file, so a file that exists is what was meant.
    let phrase = if path.is_file() {
        Secret::new(std::fs::read_to_string(path).map_err(|err| Error::file("reading", path, err))?)
    } else {
        phrase_or_file.clone()
    };
    let words = phrase.expose().split_whitespace().collect::<Vec<_>>().join(" ");
    let mut builder = MnemonicBuilder::<English>::default().phrase(words);
    builder = match derivation_path {
        Some(derivation) => builder.derivation_path(derivation).map_err(|_| Error::BadMnemonic {
            reason: "the derivation path is not one (e.g. m/44'/60'/0'/0/0)",
        })?,
        None => builder.index(index).map_err(|_| Error::BadMnemonic {
            reason: "the index is not usable (it must be below 2^31)",
        })?,
    };
    if let Some(passphrase) = passphrase {
        builder = builder.password(passphrase.expose());
    }
    builder.build().map_err(|_| Error::BadMnemonic {
        reason: "it is not a BIP-39 English phrase (12 to 24 words of the list, with a valid checksum), nor a \
                 file holding one",
    })
}

/// A signing key from a raw private key (hex, `0x` optional).
pub fn signer_from_private_key(key: &Secret) -> Result<PrivateKeySigner, Error> {
    let hex = key.expose().trim();
    let hex = hex.strip_prefix("0x").unwrap_or(hex);
    if hex.len() != 64 {
        return Err(Error::BadKey {
            reason: "expected 64 hexadecimal digits (32 bytes), optionally prefixed with 0x",
        });
    }
    if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(Error::BadKey {
            reason: "it holds characters that are not hexadecimal digits",
        });
    }
    PrivateKeySigner::from_str(hex).map_err(|_| Error::BadKey {
        reason: "it is not a valid secp256k1 secret key (zero, or not below the curve order)",
    })
}

/// A signing key decrypted from a Foundry/geth keystore file (scrypt or pbkdf2, as `cast wallet import` writes).
pub fn signer_from_keystore(path: &Path, password: &Secret) -> Result<PrivateKeySigner, Error> {
    if !path.is_file() {
        return Err(Error::Keystore {
            path: path.to_path_buf(),
            reason: "no such file".to_owned(),
        });
    }
    PrivateKeySigner::decrypt_keystore(path, password.expose()).map_err(|err| match err {
        LocalSignerError::EthKeystoreError(eth_keystore::KeystoreError::MacMismatch) => Error::WrongPassword {
            path: path.to_path_buf(),
        },
        LocalSignerError::EthKeystoreError(other) => Error::Keystore {
            path: path.to_path_buf(),
            reason: other.to_string(),
        },
        // The decrypted bytes were not a valid key; say so without showing them.
        _ => Error::Keystore {
            path: path.to_path_buf(),
            reason: "the decrypted key is not a valid secp256k1 secret key".to_owned(),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_never_print() {
        let secret = Secret::new("0xdeadbeef");
        assert_eq!(format!("{secret} {secret:?}"), "<redacted> <redacted>");
    }

    #[test]
    fn a_bad_private_key_is_named_without_being_shown() {
        let short = Secret::new("0x1234");
        let err = signer_from_private_key(&short).unwrap_err().to_string();
        assert!(err.contains("64 hexadecimal digits") && !err.contains("1234"), "{err}");
        let not_hex = Secret::new("zz".repeat(32));
        let err = signer_from_private_key(&not_hex).unwrap_err().to_string();
        assert!(err.contains("not hexadecimal") && !err.contains("zz"), "{err}");
        let zero = Secret::new("0".repeat(64));
        let err = signer_from_private_key(&zero).unwrap_err().to_string();
        assert!(err.contains("secp256k1"), "{err}");
    }

    #[test]
    fn a_good_private_key_gives_its_address() {
        // Anvil's first development account: a published test key, never used for real funds.
        let key = Secret::new("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80");
        let signer = signer_from_private_key(&key).unwrap();
        assert_eq!(
            signer.address().to_string(),
            "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
        );
    }

    #[test]
    fn a_password_file_loses_its_line_break_and_a_missing_one_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("pw");
        std::fs::write(&path, "correct horse\n").unwrap();
        assert_eq!(read_password_file(&path).unwrap().expose(), "correct horse");
        let err = read_password_file(&dir.path().join("hunter2")).unwrap_err().to_string();
        assert!(err.contains("password file") && !err.contains("hunter2"), "{err}");
        let err = keystore_at(dir.path(), None).unwrap_err().to_string();
        assert!(err.contains("--account"), "{err}");
        assert_eq!(keystore_at(&path, None).unwrap(), path);
    }

    #[test]
    fn a_missing_account_lists_the_ones_there() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("alice"), "{}").unwrap();
        let err = keystore_path(dir.path(), "bob").unwrap_err().to_string();
        assert!(err.contains("\"bob\"") && err.contains("found: alice"), "{err}");
        assert_eq!(keystore_path(dir.path(), "alice").unwrap(), dir.path().join("alice"));
    }

    #[test]
    fn a_keystore_round_trips_and_a_wrong_password_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let key = [7u8; 32];
        let password = Secret::new("correct horse");
        let (_, _) = PrivateKeySigner::encrypt_keystore(
            dir.path(),
            &mut rand::thread_rng(),
            key,
            password.expose(),
            Some("test"),
        )
        .unwrap();
        let path = dir.path().join("test");
        let signer = signer_from_keystore(&path, &password).unwrap();
        assert_eq!(signer.to_bytes().0, key);
        let err = signer_from_keystore(&path, &Secret::new("wrong")).unwrap_err();
        assert!(matches!(err, Error::WrongPassword { .. }), "{err}");
        assert!(!err.to_string().contains("wrong\""));
    }
}
