//! One answer shape for every game's replay or step endpoint, and the longest log one replays (the fold itself is
//! the engine's, [`marubatsu_engine::rules::fold`]).
//!
//! Every game answers an event (or a log) with the same [`Envelope`]:
//!
//! ```text
//! {"accepted": bool,                                   the event (or the whole log) was taken
//!  "refusal": {"code": "cell_taken", "words": "…", "key": "…", "args": {…}} | null,
//!  "state": {…},                                       the game's view model, to draw
//!  "log": [event, …]?,                                 the log to keep, for a game whose server rebuilds it
//!  …extras}                                            named fields of one game (the relay's `save`, …)
//! ```
//!
//! `code` is the engine's [`Refusal::code`] (or, for what the web refuses before the engine sees it, a code of
//! the same kind): what a page or a client branches on. `key` and `args` are the reason as a catalog sentence, which a
//! page words in its language (`I18n.say`); `words` say the same in the request's [`Lang`], for a client without the
//! catalogs.

use std::collections::BTreeMap;

use marubatsu_engine::rules::Refusal;
use serde::Serialize;

use crate::api::ApiError;
use crate::lang::Lang;
use crate::words::{Arg, Words};

/// The longest log any game's endpoint replays. Longer than any game of werewolf or tic-tac-toe; a cross-light
/// page that gets there starts a new puzzle.
pub(crate) const MAX_EVENTS: usize = 20_000;

/// What every game's endpoint answers. `X` holds a game's own extra fields, written beside the shared ones.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Envelope<S, X, L = ()> {
    /// Whether the event was taken (for a log: every event of it).
    pub(crate) accepted: bool,
    /// Why it was not, or `null`.
    pub(crate) refusal: Option<RefusalView>,
    /// The game's state to draw.
    pub(crate) state: S,
    /// The log the page keeps, where the server is the one that says which events it holds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) log: Option<L>,
    #[serde(flatten)]
    pub(crate) extra: X,
}

/// A refusal on the wire: the stable code, the reason in the request's words, and the same reason as the catalog's
/// `key` and `args`, from which a page words it in its language (so a refusal reads as a sentence of [`Words`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "WireRefusal"))]
pub(crate) struct RefusalView {
    pub(crate) code: &'static str,
    pub(crate) words: String,
    pub(crate) key: &'static str,
    pub(crate) args: BTreeMap<&'static str, Arg>,
}

impl RefusalView {
    /// The wire form of `refusal`, said with the catalog's `said` in `lang`, its key and arguments beside; the code
    /// always comes from the refusal itself.
    pub(crate) fn said(refusal: &impl Refusal, said: Words, lang: Lang) -> RefusalView {
        RefusalView {
            code: refusal.code(),
            words: said.in_lang(lang),
            key: said.key,
            args: said.args,
        }
    }
}

/// Refuses a log longer than [`MAX_EVENTS`] (worded in the request's language by [`crate::api::localise`]).
pub(crate) fn check_length(_lang: Lang, count: usize) -> Result<(), ApiError> {
    if count <= MAX_EVENTS {
        return Ok(());
    }
    Err(
        ApiError::bad_request(Words::new("api.logTooLong").arg("count", count).arg("max", MAX_EVENTS))
            .with_code("log_too_long"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq)]
    struct Odd;

    impl Refusal for Odd {
        fn code(&self) -> &'static str {
            "odd"
        }
    }

    #[test]
    fn a_log_longer_than_the_limit_is_refused_in_words() {
        assert!(check_length(Lang::En, MAX_EVENTS).is_ok());
        assert!(check_length(Lang::En, MAX_EVENTS + 1).is_err());
    }

    #[test]
    fn the_envelope_is_flat_with_the_extras_beside_it() {
        #[derive(Serialize)]
        struct Extra {
            save: u8,
        }
        let envelope: Envelope<u8, Extra> = Envelope {
            accepted: false,
            refusal: Some(RefusalView::said(&Odd, Words::new("shell.games"), Lang::En)),
            state: 1,
            log: None,
            extra: Extra { save: 2 },
        };
        assert_eq!(
            serde_json::to_value(&envelope).ok(),
            Some(serde_json::json!({
                "accepted": false,
                "refusal": {"code": "odd", "words": "Games", "key": "shell.games", "args": {}},
                "state": 1,
                "save": 2,
            }))
        );
        // Catalog words travel with their key and arguments beside the sentence.
        let said = RefusalView::said(
            &Odd,
            Words::new("api.logTooLong").arg("count", 3).arg("max", 2),
            Lang::Ja,
        );
        assert_eq!(
            serde_json::to_value(&said).ok(),
            Some(serde_json::json!({
                "code": "odd",
                "words": "記録が3手あります。再生できるのは2手までです。新しいゲームを始めてください。",
                "key": "api.logTooLong",
                "args": {"count": "3", "max": "2"},
            }))
        );
    }
}
