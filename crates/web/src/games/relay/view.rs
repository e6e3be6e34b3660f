//! What the relay page draws: one view for every phase, with the fields that phase has.

use marubatsu_engine::relay::{RelayState, ranking};
use serde::Serialize;

/// What the page draws. Fields that a phase does not have are `null` or empty.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "RelayView"))]
pub(super) struct View {
    #[cfg_attr(test, ts(as = "marubatsu_engine::relay::Phase"))]
    phase: &'static str,
    players: Vec<String>,
    /// From 1.
    round: Option<u8>,
    rounds: Option<u8>,
    last_round: bool,
    talk_seconds: Option<u16>,
    topic: Option<String>,
    /// Whether this round's one redraw is used.
    redrawn: bool,
    scores: Vec<u32>,
    /// The speaking (and voting) order of the round, as seats.
    order: Vec<usize>,
    turn: Option<usize>,
    speaker: Option<usize>,
    deadline_ms: Option<u64>,
    /// Whether the speaker's clock is paused.
    paused: bool,
    /// While paused, the time the speaker has left (it does not run down); `null` while the clock runs.
    paused_left_ms: Option<u64>,
    next_voter: Option<usize>,
    voter: Option<usize>,
    /// The ballot: every seat but the voter's.
    candidates: Vec<usize>,
    selected: Option<usize>,
    round_votes: Vec<u32>,
    standings: Vec<StandingView>,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "Standing"))]
pub(super) struct StandingView {
    player: usize,
    name: String,
    score: u32,
    rank: usize,
}

impl View {
    fn empty(phase: &'static str) -> View {
        View {
            phase,
            players: Vec::new(),
            round: None,
            rounds: None,
            last_round: false,
            talk_seconds: None,
            topic: None,
            redrawn: false,
            scores: Vec::new(),
            order: Vec::new(),
            turn: None,
            speaker: None,
            deadline_ms: None,
            paused: false,
            paused_left_ms: None,
            next_voter: None,
            voter: None,
            candidates: Vec::new(),
            selected: None,
            round_votes: Vec::new(),
            standings: Vec::new(),
        }
    }

    pub(super) fn of(state: &RelayState) -> View {
        let mut view = View::empty(state.phase().name());
        if let Some(round) = state.round() {
            view.players = round.players().to_vec();
            view.round = Some(round.index() + 1);
            view.rounds = Some(round.rounds());
            view.last_round = round.is_last();
            view.talk_seconds = Some(round.table().talk_seconds());
            view.topic = Some(round.topic().to_owned());
            view.redrawn = round.redrawn();
            view.scores = round.scores().to_vec();
        }
        let standings = |players: &[String], scores: &[u32]| {
            ranking(scores)
                .into_iter()
                .map(|s| StandingView {
                    player: s.player,
                    name: players.get(s.player).cloned().unwrap_or_default(),
                    score: s.score,
                    rank: s.rank,
                })
                .collect()
        };
        match state {
            RelayState::Setup | RelayState::TopicReveal(_) => {}
            RelayState::Talk(talk) => {
                view.order = talk.order().to_vec();
                view.turn = Some(talk.turn());
                view.speaker = Some(talk.speaker());
                view.deadline_ms = Some(talk.deadline_ms());
                view.paused = talk.is_paused();
                view.paused_left_ms = talk.paused_at_ms().map(|at| talk.remaining_ms(at));
            }
            RelayState::Handover(handover) => {
                view.order = handover.order().to_vec();
                view.turn = Some(handover.next_turn());
                view.next_voter = Some(handover.next_voter());
            }
            RelayState::Vote(vote) => {
                view.order = vote.order().to_vec();
                view.turn = Some(vote.turn());
                view.voter = Some(vote.voter());
                view.candidates = vote.candidates();
                view.selected = vote.selected();
            }
            RelayState::RoundResult(result) => {
                view.round_votes = result.round_votes().to_vec();
                view.standings = standings(result.round().players(), result.round().scores());
            }
            RelayState::FinalResult(result) => {
                view.players = result.players().to_vec();
                view.rounds = Some(result.rounds());
                view.scores = result.scores().to_vec();
                view.standings = standings(result.players(), result.scores());
            }
        }
        view
    }
}
