//! What makes a state valid: the checks a restored state must pass, and which every state that
//! the rules ([`Relay`](super::Relay)) make passes too (the property tests check that).

use core::fmt;

use super::order::is_permutation;
use super::state::{MAX_TIME_MS, RelayState, Round, RoundResult};
use super::table::{MAX_ROUNDS, MIN_ROUNDS, SetupError, check_players};
use super::transition::same_topic;

/// Why a state is not one a game can be in.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum StateError {
    /// The names, rounds or talk seconds break a setup rule.
    Table(SetupError),
    /// The round index is not below the number of rounds.
    RoundIndex {
        /// The round index (from 0).
        index: u8,
        /// The number of rounds.
        rounds: u8,
    },
    /// The scores are not votes received over the rounds played: one per seat, summing to one vote per player
    /// per round, nobody above one vote from every other player per round.
    Scores,
    /// The topic is empty or has white space around it.
    Topic,
    /// The order is not a permutation of the seats.
    Order,
    /// The turn is outside the order.
    Turn {
        /// The turn.
        turn: usize,
        /// The number of players.
        players: usize,
    },
    /// The deadline is later than [`MAX_TIME_MS`], or earlier than one talk after the epoch.
    Deadline {
        /// The deadline, in epoch milliseconds.
        deadline_ms: u64,
    },
    /// The clock was paused before the turn began, or at or after its deadline.
    Paused {
        /// When the clock was paused, in epoch milliseconds.
        paused_at_ms: u64,
    },
    /// There is not exactly one vote per voter before the turn, or a vote names no seat.
    Votes,
    /// A voter voted for themselves.
    SelfVote {
        /// The turn of that voter.
        turn: usize,
    },
    /// The pick is the voter or no seat.
    Selected,
    /// The round's votes are not a possible round (one vote per player, never for oneself) within the scores.
    RoundVotes,
    /// The topics shown before are more than the rounds played and their redraws, or one is empty, untrimmed or
    /// repeated (or is the current topic), or a redrawn round set none aside.
    UsedTopics,
    /// The latest closer is no seat, or (in a hand-over or a vote) not the last of the order just spoken.
    LastCloser,
}

impl fmt::Display for StateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StateError::Table(error) => write!(f, "{error}"),
            StateError::RoundIndex { index, rounds } => {
                write!(f, "round index {index} in a game of {rounds} rounds")
            }
            StateError::Scores => f.write_str("the scores do not fit the rounds played"),
            StateError::Topic => f.write_str("the topic is empty or not trimmed"),
            StateError::Order => f.write_str("the order is not a permutation of the seats"),
            StateError::Turn { turn, players } => {
                write!(f, "turn {turn} with {players} players")
            }
            StateError::Deadline { deadline_ms } => {
                write!(f, "deadline {deadline_ms} is not a possible clock reading")
            }
            StateError::Paused { paused_at_ms } => {
                write!(f, "the talk was paused at {paused_at_ms}, outside its turn")
            }
            StateError::Votes => f.write_str("the votes do not match the voters so far"),
            StateError::SelfVote { turn } => {
                write!(f, "the voter of turn {turn} voted for themselves")
            }
            StateError::Selected => f.write_str("the pick is the voter or no seat"),
            StateError::RoundVotes => f.write_str("the round's votes are not a possible round"),
            StateError::UsedTopics => f.write_str("the earlier topics do not fit the rounds played"),
            StateError::LastCloser => f.write_str("the latest closer is not a seat that closed"),
        }
    }
}

impl std::error::Error for StateError {}

impl From<SetupError> for StateError {
    fn from(error: SetupError) -> StateError {
        StateError::Table(error)
    }
}

impl RelayState {
    /// `Ok` if a game can be in this state, else the first problem found. States made by
    /// the rules ([`Relay`](super::Relay)) and [`restore`](super::restore) always pass.
    pub fn validate(&self) -> Result<(), StateError> {
        match self {
            RelayState::Setup => Ok(()),
            RelayState::TopicReveal(round) => check_round(round, round.index).map(drop),
            RelayState::Talk(talk) => {
                let players = check_round(&talk.round, talk.round.index)?;
                check_order(&talk.order, talk.turn, players)?;
                let deadline_ms = talk.deadline_ms;
                let talk_ms = talk.round.table.talk_ms();
                if deadline_ms > MAX_TIME_MS || deadline_ms < talk_ms {
                    return Err(StateError::Deadline { deadline_ms });
                }
                // A pause keeps some of the turn's time: it came after the turn began and before its end.
                match talk.paused_at_ms {
                    Some(paused_at_ms) if paused_at_ms < deadline_ms - talk_ms || paused_at_ms >= deadline_ms => {
                        Err(StateError::Paused { paused_at_ms })
                    }
                    _ => Ok(()),
                }
            }
            RelayState::Handover(handover) => {
                let players = check_round(&handover.round, handover.round.index)?;
                check_order(&handover.order, handover.next_turn, players)?;
                check_closer(&handover.round, &handover.order)?;
                check_votes(&handover.order, &handover.votes, handover.next_turn)
            }
            RelayState::Vote(vote) => {
                let players = check_round(&vote.round, vote.round.index)?;
                check_order(&vote.order, vote.turn, players)?;
                check_closer(&vote.round, &vote.order)?;
                check_votes(&vote.order, &vote.votes, vote.turn)?;
                match vote.selected {
                    Some(seat) if seat >= players || seat == vote.voter() => Err(StateError::Selected),
                    _ => Ok(()),
                }
            }
            RelayState::RoundResult(result) => check_round_result(result),
            RelayState::FinalResult(result) => {
                check_players(&result.players)?;
                let rounds = u32::from(result.rounds);
                if !(MIN_ROUNDS..=MAX_ROUNDS).contains(&rounds) {
                    return Err(SetupError::Rounds { found: rounds }.into());
                }
                if !possible_scores(&result.scores, rounds, result.players.len()) {
                    return Err(StateError::Scores);
                }
                Ok(())
            }
        }
    }
}

/// Checks what every phase of a round shares, with `played` rounds counted in the scores; returns the number
/// of players.
fn check_round(round: &Round, played: u8) -> Result<usize, StateError> {
    let players = round.players().len();
    if round.index >= round.rounds() {
        return Err(StateError::RoundIndex {
            index: round.index,
            rounds: round.rounds(),
        });
    }
    if round.topic.is_empty() || round.topic.trim() != round.topic {
        return Err(StateError::Topic);
    }
    if !possible_scores(&round.scores, u32::from(played), players) {
        return Err(StateError::Scores);
    }
    let mut seen: Vec<&str> = vec![&round.topic];
    // Each earlier round showed its topic and perhaps one set aside by a redraw; this round, only the latter.
    let most = 2 * usize::from(round.index) + usize::from(round.redrawn);
    if round.used_topics.len() > most || (round.redrawn && round.used_topics.is_empty()) {
        return Err(StateError::UsedTopics);
    }
    for topic in &round.used_topics {
        if topic.is_empty() || topic.trim() != topic || seen.iter().any(|s| same_topic(s, topic)) {
            return Err(StateError::UsedTopics);
        }
        seen.push(topic);
    }
    if round.last_closer.is_some_and(|seat| seat >= players) {
        return Err(StateError::LastCloser);
    }
    Ok(players)
}

/// In a hand-over or a vote the talk just ended, so the latest closer, if recorded, is its order's last seat.
fn check_closer(round: &Round, order: &[usize]) -> Result<(), StateError> {
    match round.last_closer {
        Some(seat) if order.last() != Some(&seat) => Err(StateError::LastCloser),
        _ => Ok(()),
    }
}

fn check_order(order: &[usize], turn: usize, players: usize) -> Result<(), StateError> {
    if !is_permutation(order, players) {
        return Err(StateError::Order);
    }
    if turn >= players {
        return Err(StateError::Turn { turn, players });
    }
    Ok(())
}

/// One vote per voter before `turn`, each for a seat that is not the voter's.
fn check_votes(order: &[usize], votes: &[usize], turn: usize) -> Result<(), StateError> {
    if votes.len() != turn || votes.iter().any(|&seat| seat >= order.len()) {
        return Err(StateError::Votes);
    }
    match votes.iter().zip(order).position(|(vote, voter)| vote == voter) {
        Some(turn) => Err(StateError::SelfVote { turn }),
        None => Ok(()),
    }
}

fn check_round_result(result: &RoundResult) -> Result<(), StateError> {
    let round = &result.round;
    let players = check_round(round, round.index.saturating_add(1))?;
    let votes = &result.round_votes;
    if !possible_scores(votes, 1, players) {
        return Err(StateError::RoundVotes);
    }
    let before: Option<Vec<u32>> = round
        .scores
        .iter()
        .zip(votes)
        .map(|(score, got)| score.checked_sub(*got))
        .collect();
    match before {
        Some(before) if possible_scores(&before, u32::from(round.index), players) => Ok(()),
        _ => Err(StateError::RoundVotes),
    }
}

/// Whether `scores` can be the votes received over `rounds` rounds by `players` players: one per seat, summing
/// to `rounds · players`, none above `rounds · (players − 1)`.
///
/// Those conditions are also enough: spreading each score evenly over the rounds is a fractional way to play
/// them, and a flow network with integer capacities that has a fractional flow has an integer one.
fn possible_scores(scores: &[u32], rounds: u32, players: usize) -> bool {
    let Ok(n) = u64::try_from(players) else {
        return false;
    };
    let rounds = u64::from(rounds);
    let total: u64 = scores.iter().map(|&s| u64::from(s)).sum();
    scores.len() == players
        && total == rounds * n
        && scores.iter().all(|&s| u64::from(s) <= rounds * n.saturating_sub(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn possible_scores_are_one_vote_per_player_per_round_never_for_oneself() {
        assert!(possible_scores(&[0, 0, 0], 0, 3));
        assert!(possible_scores(&[2, 1, 0], 1, 3));
        assert!(!possible_scores(&[3, 0, 0], 1, 3), "nobody votes for themselves");
        assert!(!possible_scores(&[1, 1, 0], 1, 3), "one vote each");
        assert!(!possible_scores(&[1, 1, 1, 0], 1, 3), "one score a seat");
        assert!(possible_scores(&[4, 2, 0], 2, 3));
        assert!(!possible_scores(&[5, 1, 0], 2, 3));
        assert!(possible_scores(&[30, 0, 0, 10], 10, 4));
        assert!(!possible_scores(&[u32::MAX; 12], 10, 12));
    }
}
