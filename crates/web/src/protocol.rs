//! One answer shape for every game's replay or step endpoint, and one fold of a page's event log.
//!
//! Every game answers an event (or a log) with the same [`Envelope`]:
//!
//! ```text
//! {"accepted": bool,                                   the event (or the whole log) was taken
//!  "refusal": {"code": "cell_taken", "words": "…"} | null,
//!  "state": {…},                                       the game's view model, to draw
//!  "log": [event, …]?,                                 the log to keep, for a game whose server rebuilds it
//!  …extras}                                            named fields of one game (the relay's `save`, …)
//! ```
//!
//! `code` is the engine's [`Refusal::code`] (or, for what the web refuses before the engine sees it, a code of
//! the same kind): what a page or a client branches on. `words` say the same in the request's [`Lang`].

use marubatsu_engine::rules::Refusal;
use serde::Serialize;

use crate::api::ApiError;
use crate::lang::Lang;

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

/// A refusal on the wire: the stable code, and the reason in the player's words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct RefusalView {
    pub(crate) code: &'static str,
    pub(crate) words: String,
}

impl RefusalView {
    /// The wire form of `refusal`, said with `words`; the code always comes from the refusal itself.
    pub(crate) fn of(refusal: &impl Refusal, words: String) -> RefusalView {
        RefusalView {
            code: refusal.code(),
            words,
        }
    }
}

/// What to do with a refused event in the middle of a log.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum OnRefusal {
    /// Skip it and go on: a page's taps, where a tap that meant nothing stays in the log.
    Skip,
    /// Stop there: a log that must replay whole, cut at its first refused event.
    Stop,
}

/// What [`fold`] ends with.
#[derive(Debug)]
pub(crate) struct Folded<S, R> {
    /// The state after the log (up to the refused event, if the fold stopped).
    pub(crate) state: S,
    /// How many events were accepted.
    pub(crate) accepted: usize,
    /// The last refused event, with its position in the log: where the fold stopped, for [`OnRefusal::Stop`].
    pub(crate) refused: Option<(usize, R)>,
    /// Whether the last event folded was accepted (`false` for an empty log).
    pub(crate) last_accepted: bool,
}

/// Refuses a log longer than [`MAX_EVENTS`], in the player's words.
pub(crate) fn check_length(lang: Lang, count: usize) -> Result<(), ApiError> {
    if count <= MAX_EVENTS {
        return Ok(());
    }
    Err(ApiError::bad_request(lang.pick(
        format!("the log has {count} events; at most {MAX_EVENTS} are replayed: start a new game"),
        format!("記録が{count}手あります。再生できるのは{MAX_EVENTS}手までです。新しいゲームを始めてください。"),
    ))
    .with_code("logTooLong"))
}

/// Folds a page's log through `step` (a game's [`Rules::transition`](marubatsu_engine::rules::Rules::transition),
/// or a wrapper that first reads or checks what the page sent), after [`check_length`].
pub(crate) fn fold<S, E, R>(
    lang: Lang,
    state: S,
    events: Vec<E>,
    on_refusal: OnRefusal,
    mut step: impl FnMut(S, E) -> Result<S, (S, R)>,
) -> Result<Folded<S, R>, ApiError> {
    check_length(lang, events.len())?;
    let mut folded = Folded {
        state,
        accepted: 0,
        refused: None,
        last_accepted: false,
    };
    for (position, event) in events.into_iter().enumerate() {
        match step(folded.state, event) {
            Ok(next) => {
                folded.state = next;
                folded.accepted += 1;
                folded.last_accepted = true;
            }
            Err((back, refusal)) => {
                folded.state = back;
                folded.refused = Some((position, refusal));
                folded.last_accepted = false;
                if on_refusal == OnRefusal::Stop {
                    break;
                }
            }
        }
    }
    Ok(folded)
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

    fn add_even(sum: u32, n: u32) -> Result<u32, (u32, Odd)> {
        if n.is_multiple_of(2) {
            Ok(sum + n)
        } else {
            Err((sum, Odd))
        }
    }

    #[test]
    fn a_fold_skips_or_stops_at_a_refused_event() {
        let skip = fold(Lang::En, 0, vec![2, 3, 4], OnRefusal::Skip, add_even).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(
            (skip.state, skip.accepted, skip.refused, skip.last_accepted),
            (6, 2, Some((1, Odd)), true)
        );
        let stop = fold(Lang::En, 0, vec![2, 3, 4], OnRefusal::Stop, add_even).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(
            (stop.state, stop.accepted, stop.refused, stop.last_accepted),
            (2, 1, Some((1, Odd)), false)
        );
        assert!(fold(Lang::En, 0, vec![0; MAX_EVENTS + 1], OnRefusal::Skip, add_even).is_err());
    }

    #[test]
    fn the_envelope_is_flat_with_the_extras_beside_it() {
        #[derive(Serialize)]
        struct Extra {
            save: u8,
        }
        let envelope: Envelope<u8, Extra> = Envelope {
            accepted: false,
            refusal: Some(RefusalView::of(&Odd, "odd".into())),
            state: 1,
            log: None,
            extra: Extra { save: 2 },
        };
        assert_eq!(
            serde_json::to_value(&envelope).ok(),
            Some(
                serde_json::json!({"accepted": false, "refusal": {"code": "odd", "words": "odd"}, "state": 1, "save": 2})
            )
        );
    }
}
