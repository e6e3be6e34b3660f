//! The rules: one pure function from a state and an event to the next state.
//!
//! Each phase lists the events it understands; every other event, and every event carrying a broken value,
//! leaves the state as it is. That is what makes a mis-tap during the hand-over, a button pressed twice or a
//! stale resubmit harmless: there is no guard in the UI to forget.

use super::event::RelayEvent;
use super::order::order_or_seats;
use super::score::tally;
use super::state::{FinalResult, Handover, MAX_TIME_MS, RelayState, Round, RoundResult, TURN_GUARD_MS, Talk, Vote};
use super::table::{SetupError, Table};
use super::topics::TOPICS;
use crate::rules::{Refusal, rules_by_apply};

/// The state after `event`, or `state` unchanged if it is refused: a shorthand for the module's tests.
#[cfg(test)]
pub(crate) fn transition(state: &RelayState, event: &RelayEvent) -> RelayState {
    state.apply(event).unwrap_or_else(|_| state.clone())
}

rules_by_apply!(
    /// The relay's rules as one [`Rules`](crate::rules::Rules) transition: [`RelayState::apply`], with the state
    /// given back on a refusal.
    ///
    /// ```
    /// use marubatsu_engine::relay::{Relay, RelayEvent, RelayState};
    /// use marubatsu_engine::rules::Rules;
    ///
    /// let start = RelayEvent::Start {
    ///     players: vec!["Aki".into(), "Ben".into(), "Cho".into()],
    ///     rounds: 1,
    ///     talk_seconds: 30,
    ///     topic: "Why cats sit in boxes".into(),
    /// };
    /// let reveal = Relay::transition(RelayState::Setup, &start).unwrap();
    /// let RelayState::TopicReveal(round) = &reveal else { panic!("the topic is revealed") };
    /// assert_eq!(round.topic(), "Why cats sit in boxes");
    ///
    /// // Confirming a vote now means nothing: the state comes back unchanged.
    /// let (back, _) = Relay::transition(reveal.clone(), &RelayEvent::Confirm).unwrap_err();
    /// assert_eq!(back, reveal);
    /// // Two players can never vote for anyone but each other: such a start is refused.
    /// let two = RelayEvent::Start {
    ///     players: vec!["Aki".into(), "Ben".into()],
    ///     rounds: 1,
    ///     talk_seconds: 30,
    ///     topic: "Tea".into(),
    /// };
    /// assert!(Relay::transition(RelayState::Setup, &two).is_err());
    /// ```
    Relay: RelayState, RelayEvent, RelayRefusal,
    // The table is chosen by the start event: every game begins in the setup phase.
    setup: (), core::convert::Infallible, |_: &()| Ok(RelayState::Setup)
);

/// Why the relay refused an event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RelayRefusal {
    /// The event means nothing in this phase (a tap during the hand-over, a double confirm).
    NotNow,
    /// The table of a start does not check.
    Setup(SetupError),
    /// The topic is empty once trimmed.
    EmptyTopic,
    /// The time passed in does not fit a JSON number once the talk time is added.
    TimeOutOfRange,
    /// A "done" for a turn that is not the current one: a stale resubmit.
    StaleTurn,
    /// A "done" less than [`TURN_GUARD_MS`] into the turn: the second tap of a double tap, which would
    /// otherwise end the next speaker's turn before they said a word.
    TooSoon,
    /// The pick is not on this voter's ballot (nobody, or the voter themself), or is already the pick.
    NotOnBallot,
    /// A confirm with nothing picked.
    NoPick,
    /// The topic was already this game's: the current round's or an earlier one's (in either language).
    RepeatedTopic,
    /// A second redraw in one round: the table had its one other topic.
    AlreadyRedrawn,
    /// The talk is paused: only a resume (or abandoning the game) means anything until it runs again.
    Paused,
    /// A resume while the clock runs.
    NotPaused,
    /// A pause once the speaker's time is up: there is nothing left to keep.
    TimeUp,
    /// The speaking order ends with the seat that closed the latest talk.
    RepeatedCloser,
}

impl Refusal for RelayRefusal {
    fn code(&self) -> &'static str {
        match self {
            RelayRefusal::NotNow => "not_now",
            RelayRefusal::Setup(error) => error.code(),
            RelayRefusal::EmptyTopic => "empty_topic",
            RelayRefusal::TimeOutOfRange => "time_out_of_range",
            RelayRefusal::StaleTurn => "stale_turn",
            RelayRefusal::TooSoon => "too_soon",
            RelayRefusal::NotOnBallot => "not_on_ballot",
            RelayRefusal::NoPick => "no_pick",
            RelayRefusal::RepeatedTopic => "repeated_topic",
            RelayRefusal::AlreadyRedrawn => "already_redrawn",
            RelayRefusal::Paused => "paused",
            RelayRefusal::NotPaused => "not_paused",
            RelayRefusal::TimeUp => "time_up",
            RelayRefusal::RepeatedCloser => "repeated_closer",
        }
    }
}

impl RelayState {
    /// The state after `event`, or why the event means nothing now (so the state stays as it is).
    ///
    /// | phase       | event                | next                                                  |
    /// |-------------|----------------------|-------------------------------------------------------|
    /// | setup       | `Start`              | topic reveal of round 0, if the table and topic check |
    /// | topicReveal | `Redraw`, once a round | topic reveal of another topic                       |
    /// | topicReveal | `BeginTalk`          | talk, turn 0                                          |
    /// | talk        | `TalkDone` (no turn, or this one) | talk of the next turn, or handover after the last |
    /// | talk        | `Pause` (running, time left) | the same talk, paused                         |
    /// | talk        | `Resume` (paused)    | the same talk, its deadline moved on by the pause     |
    /// | handover    | `Received`           | vote                                                  |
    /// | vote        | `Select`             | vote with the pick (never the voter)                  |
    /// | vote        | `Confirm` with a pick| handover to the next voter, or round result           |
    /// | roundResult | `NextRound`          | topic reveal of the next round, or final result       |
    /// | finalResult | `Restart`            | setup                                                 |
    /// | any but setup | `Abandon`          | setup                                                 |
    pub(crate) fn apply(&self, event: &RelayEvent) -> Result<RelayState, RelayRefusal> {
        if let RelayEvent::Abandon = event {
            return match self {
                RelayState::Setup => Err(RelayRefusal::NotNow),
                RelayState::TopicReveal(_)
                | RelayState::Talk(_)
                | RelayState::Handover(_)
                | RelayState::Vote(_)
                | RelayState::RoundResult(_)
                | RelayState::FinalResult(_) => Ok(RelayState::Setup),
            };
        }
        match self {
            RelayState::Setup => start(event),
            RelayState::TopicReveal(round) => round.on_reveal(event),
            RelayState::Talk(talk) => talk.on(event),
            RelayState::Handover(handover) => handover.on(event),
            RelayState::Vote(vote) => vote.on(event),
            RelayState::RoundResult(result) => result.on(event),
            RelayState::FinalResult(_) => match event {
                RelayEvent::Restart => Ok(RelayState::Setup),
                _ => Err(RelayRefusal::NotNow),
            },
        }
    }
}

/// A topic as the UI passed it, trimmed, if anything is left.
fn checked_topic(topic: &str) -> Result<String, RelayRefusal> {
    let topic = topic.trim();
    if topic.is_empty() {
        return Err(RelayRefusal::EmptyTopic);
    }
    Ok(topic.to_owned())
}

/// Whether two topics are the same: the same words, or one deck topic in its two languages (a page may switch
/// language between rounds).
pub(crate) fn same_topic(a: &str, b: &str) -> bool {
    a == b || TOPICS.iter().any(|topic| topic.is(a) && topic.is(b))
}

/// The deadline of a turn starting (or running again) at `now_ms` with `left_ms` to go, if a JSON number can
/// hold it exactly.
fn deadline(now_ms: u64, left_ms: u64) -> Result<u64, RelayRefusal> {
    now_ms
        .checked_add(left_ms)
        .filter(|&d| d <= MAX_TIME_MS)
        .ok_or(RelayRefusal::TimeOutOfRange)
}

fn start(event: &RelayEvent) -> Result<RelayState, RelayRefusal> {
    let RelayEvent::Start {
        players,
        rounds,
        talk_seconds,
        topic,
    } = event
    else {
        return Err(RelayRefusal::NotNow);
    };
    let table = Table::new(players, *rounds, *talk_seconds).map_err(RelayRefusal::Setup)?;
    let topic = checked_topic(topic)?;
    Ok(RelayState::TopicReveal(Round {
        scores: vec![0; table.player_count()],
        table,
        index: 0,
        topic,
        used_topics: Vec::new(),
        last_closer: None,
        redrawn: false,
    }))
}

impl Round {
    fn on_reveal(&self, event: &RelayEvent) -> Result<RelayState, RelayRefusal> {
        match event {
            RelayEvent::Redraw { topic } => self.redraw(topic),
            RelayEvent::BeginTalk { now_ms, order } => self.begin_talk(*now_ms, order),
            _ => Err(RelayRefusal::NotNow),
        }
    }

    /// Whether `topic` was shown in this game already: this round or before.
    fn has_shown(&self, topic: &str) -> bool {
        let repeats = |used: &String| same_topic(used, topic);
        repeats(&self.topic) || self.used_topics.iter().any(repeats)
    }

    fn redraw(&self, topic: &str) -> Result<RelayState, RelayRefusal> {
        if self.redrawn {
            return Err(RelayRefusal::AlreadyRedrawn);
        }
        let topic = checked_topic(topic)?;
        if self.has_shown(&topic) {
            return Err(RelayRefusal::RepeatedTopic);
        }
        // The topic set aside was seen by the whole table: it is used, and no later draw may bring it back.
        let mut used_topics = self.used_topics.clone();
        used_topics.push(self.topic.clone());
        Ok(RelayState::TopicReveal(Round {
            topic,
            used_topics,
            redrawn: true,
            ..self.clone()
        }))
    }

    fn begin_talk(&self, now_ms: u64, order: &[usize]) -> Result<RelayState, RelayRefusal> {
        let order = order_or_seats(order, self.table.player_count());
        if self.last_closer.is_some() && order.last().copied() == self.last_closer {
            return Err(RelayRefusal::RepeatedCloser);
        }
        Ok(RelayState::Talk(Talk {
            deadline_ms: deadline(now_ms, self.table.talk_ms())?,
            order,
            turn: 0,
            round: self.clone(),
            paused_at_ms: None,
        }))
    }
}

impl Talk {
    fn on(&self, event: &RelayEvent) -> Result<RelayState, RelayRefusal> {
        match *event {
            RelayEvent::TalkDone { now_ms, turn } => self.done(now_ms, turn),
            RelayEvent::Pause { now_ms } => self.pause(now_ms),
            RelayEvent::Resume { now_ms } => self.resume(now_ms),
            _ => Err(RelayRefusal::NotNow),
        }
    }

    fn pause(&self, now_ms: u64) -> Result<RelayState, RelayRefusal> {
        if self.is_paused() {
            return Err(RelayRefusal::Paused);
        }
        // A clock reading from before the turn began (a page whose clock went back) pauses at its start: the time
        // kept is never more than a whole turn.
        let began_ms = self.deadline_ms.saturating_sub(self.round.table.talk_ms());
        let paused_at = now_ms.max(began_ms);
        if paused_at >= self.deadline_ms {
            return Err(RelayRefusal::TimeUp);
        }
        Ok(RelayState::Talk(Talk {
            paused_at_ms: Some(paused_at),
            ..self.clone()
        }))
    }

    fn resume(&self, now_ms: u64) -> Result<RelayState, RelayRefusal> {
        if !self.is_paused() {
            return Err(RelayRefusal::NotPaused);
        }
        // The time left at the pause, from now: the deadline moves on by as long as the pause lasted (and a clock
        // that went back during the pause neither gives nor takes time).
        let deadline_ms = deadline(now_ms, self.remaining_ms(now_ms))?;
        // The turn would have begun before the epoch: a clock no table has.
        if deadline_ms < self.round.table.talk_ms() {
            return Err(RelayRefusal::TimeOutOfRange);
        }
        Ok(RelayState::Talk(Talk {
            deadline_ms,
            paused_at_ms: None,
            ..self.clone()
        }))
    }

    fn done(&self, now_ms: u64, turn: Option<usize>) -> Result<RelayState, RelayRefusal> {
        if self.is_paused() {
            return Err(RelayRefusal::Paused);
        }
        if turn.is_some_and(|shown| shown != self.turn) {
            return Err(RelayRefusal::StaleTurn);
        }
        // The turn began one talk time before its deadline; a clock reading from before that start (a page
        // whose clock went back) counts as no time spoken, so it is refused too.
        let spoken_ms = self.round.table.talk_ms().saturating_sub(self.remaining_ms(now_ms));
        if spoken_ms < TURN_GUARD_MS {
            return Err(RelayRefusal::TooSoon);
        }
        let next = self.turn + 1;
        if next < self.order.len() {
            return Ok(RelayState::Talk(Talk {
                deadline_ms: deadline(now_ms, self.round.table.talk_ms())?,
                turn: next,
                ..self.clone()
            }));
        }
        // Everyone has spoken: the phone goes round for the votes, in the same order, and the closer is
        // remembered so that the next round's order ends with somebody else.
        Ok(RelayState::Handover(Handover {
            round: Round {
                last_closer: Some(self.closer()),
                ..self.round.clone()
            },
            order: self.order.clone(),
            next_turn: 0,
            votes: Vec::new(),
        }))
    }
}

impl Handover {
    fn on(&self, event: &RelayEvent) -> Result<RelayState, RelayRefusal> {
        let RelayEvent::Received = event else {
            return Err(RelayRefusal::NotNow);
        };
        Ok(RelayState::Vote(Vote {
            round: self.round.clone(),
            order: self.order.clone(),
            turn: self.next_turn,
            votes: self.votes.clone(),
            selected: None,
        }))
    }
}

impl Vote {
    fn on(&self, event: &RelayEvent) -> Result<RelayState, RelayRefusal> {
        match *event {
            RelayEvent::Select { target } => self.select(target),
            RelayEvent::Confirm => self.confirm(),
            _ => Err(RelayRefusal::NotNow),
        }
    }

    fn select(&self, target: usize) -> Result<RelayState, RelayRefusal> {
        let on_ballot = target < self.round.players().len() && target != self.voter();
        if !on_ballot || self.selected == Some(target) {
            return Err(RelayRefusal::NotOnBallot);
        }
        Ok(RelayState::Vote(Vote {
            selected: Some(target),
            ..self.clone()
        }))
    }

    fn confirm(&self) -> Result<RelayState, RelayRefusal> {
        let mut votes = self.votes.clone();
        votes.push(self.selected.ok_or(RelayRefusal::NoPick)?);
        let next = self.turn + 1;
        if next < self.order.len() {
            return Ok(RelayState::Handover(Handover {
                round: self.round.clone(),
                order: self.order.clone(),
                next_turn: next,
                votes,
            }));
        }
        let round_votes = tally(self.round.players().len(), &votes);
        let scores = self
            .round
            .scores
            .iter()
            .zip(&round_votes)
            .map(|(score, got)| score.saturating_add(*got))
            .collect();
        Ok(RelayState::RoundResult(RoundResult {
            round: Round {
                scores,
                ..self.round.clone()
            },
            round_votes,
        }))
    }
}

impl RoundResult {
    fn on(&self, event: &RelayEvent) -> Result<RelayState, RelayRefusal> {
        let RelayEvent::NextRound { topic } = event else {
            return Err(RelayRefusal::NotNow);
        };
        let round = &self.round;
        if round.is_last() {
            return Ok(RelayState::FinalResult(FinalResult {
                players: round.players().to_vec(),
                rounds: round.rounds(),
                scores: round.scores.clone(),
            }));
        }
        let topic = checked_topic(topic)?;
        if round.has_shown(&topic) {
            return Err(RelayRefusal::RepeatedTopic);
        }
        let mut used_topics = round.used_topics.clone();
        used_topics.push(round.topic.clone());
        Ok(RelayState::TopicReveal(Round {
            index: round.index + 1,
            topic,
            used_topics,
            redrawn: false,
            ..round.clone()
        }))
    }
}
