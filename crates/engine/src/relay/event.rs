//! What the players (and the UI, for the clock and the dice) do.

/// Something that happens to a game. Each means something in one phase only ([`Abandon`](RelayEvent::Abandon)
/// in all); anywhere else, and whenever a value it carries is broken, the rules ([`Relay`](super::Relay))
/// refuse it and give the state back unchanged.
///
/// Times are epoch milliseconds read by the UI; orders and topics are drawn by the UI. The engine only checks
/// them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum RelayEvent {
    /// In setup: sit the players down and reveal the first topic.
    Start {
        /// The names as typed, by seat; each is trimmed. 3 to 12 distinct names of 1 to 24 characters.
        players: Vec<String>,
        /// How many rounds, 1 to 10.
        rounds: u32,
        /// How long each speaker talks, 10 to 600 seconds.
        talk_seconds: u32,
        /// The first topic; trimmed, and it must not be empty.
        topic: String,
    },
    /// In topic reveal: put the topic aside and reveal another, once a round. The topic set aside is used: it
    /// never comes back in this game.
    Redraw {
        /// The other topic; trimmed, not empty, and none of this game's so far.
        topic: String,
    },
    /// In topic reveal: the first speaker starts talking.
    BeginTalk {
        /// The clock now; the deadline is this plus the talk seconds.
        now_ms: u64,
        /// The speaking order drawn by the UI; one that is not a permutation of the seats falls back to seat
        /// order.
        order: Vec<usize>,
    },
    /// In talk: the speaker is done (a button, or the countdown reaching zero); the next speaker starts with
    /// a fresh deadline, and after the last one the phone goes to the first voter.
    TalkDone {
        /// The clock now.
        now_ms: u64,
        /// The turn the UI was showing when it sent this, if it says. `None` is the spec's `talkDone {now}`: it
        /// ends whichever turn is current. `Some(turn)` for any other turn is ignored, so a tap that lands as the
        /// countdown also fires (or a stale resubmit from an old screen) does not skip the next speaker.
        turn: Option<usize>,
    },
    /// In talk: stop the speaker's clock (the doorbell, a question to settle). Nothing but resume, or abandon,
    /// means anything until it runs again.
    Pause {
        /// The clock now; the time left is kept from here.
        now_ms: u64,
    },
    /// In a paused talk: the speaker's clock runs again with the time it had left, so the deadline moves on by
    /// as long as the pause lasted.
    Resume {
        /// The clock now.
        now_ms: u64,
    },
    /// In handover: the next voter has the phone; show the ballot.
    Received,
    /// In vote: pick an explanation. The voter's own seat, or a seat out of range, is ignored.
    Select {
        /// The seat picked.
        target: usize,
    },
    /// In vote: cast the picked vote (nothing happens with no pick).
    Confirm,
    /// In round result: reveal the next round's topic, or show the final result after the last round.
    NextRound {
        /// The next topic; trimmed, and it must not be empty unless the round was the last.
        topic: String,
    },
    /// In final result: back to setup for a new game.
    Restart,
    /// In any phase: drop the game and go back to setup.
    Abandon,
}
