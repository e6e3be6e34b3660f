//! Quantum werewolf, pass and play: the page, and one endpoint that replays an event log through the engine.
//!
//! The server keeps nothing. The page keeps the table, the players' names and the event log in the tab's
//! `sessionStorage` and sends them with every new event. Every random outcome is already inside the events — the
//! page draws the card of a dead player's hand with `crypto.getRandomValues`, and the table reports who won a
//! rock-paper-scissors — so replaying the log through the engine's [`Game::play`] rebuilds the game exactly after
//! a reload. A log that does not replay (edited by hand, or from another version) is cut at its first refused
//! event, and the answer says so.
//!
//! ```text
//! GET  /api/werewolf/table    the default composition and the table sizes the engine accepts
//! POST /api/werewolf/replay   {"table": [2, 1, 5], "names": ["Mika", …], "events": [event, …], "event": event | null}
//!                             -> {"accepted": bool, "rejected": "…" | null, "logError": "…" | null,
//!                                 "events": [event, …], "state": {…}}
//! ```
//!
//! Events, as the engine's [`Event`]: `startPlayer {seat}`, `verdict {seer, target, verdict, give}`,
//! `attack {wolf, target, give}`, `transfer {from, role, handovers: [{to, take, cards}]}`,
//! `draw {player, index}`, `vote {ballots: [{voter, target}]}`; roles are `werewolf`, `seer`, `villager` and
//! verdicts `black`, `white`. The state lists the legal choices of the pending decision (ready-made events with
//! a label), or for a transfer the recipients and how many cards each can take, or for a vote every voter with
//! whom they may point at, so the page never guesses.
//!
//! A vote is one event with every alive player's ballot (R9). The page collects the ballots in secret, voter by
//! voter on the passed device, and sends them together; the server never sees a partial vote, and the log
//! shows the ballots only once they are counted.

use axum::{
    Json, Router,
    routing::{get, post},
};
use marubatsu_engine::werewolf::{
    Ballot, ChitKind, End, Event, Game, HandOver, MAX_PLAYERS, Pending, Phase, Role, Seat, Table,
    Verdict, legal_events,
};
use serde::{Deserialize, Serialize};

use super::{Game as WebGame, Shared};
use crate::api::{ApiError, JsonBody};

/// The quantum werewolf page.
pub(crate) const GAME: WebGame = WebGame {
    slug: "werewolf",
    title: "Quantum werewolf",
    summary: "Werewolf without a game master for 3 to 16 on one device: every role is a hand of cards, every \
              action moves cards, and the engine does the bookkeeping of who can still be what.",
    body: include_str!("../../pages/werewolf.html"),
    script: "werewolf.js",
    api,
};

/// The longest log the server replays. A game takes at most about a hundred events; run-offs add one each.
pub(crate) const MAX_EVENTS: usize = 5_000;

/// The longest player name kept; longer ones are cut.
const MAX_NAME_CHARS: usize = 24;

fn api() -> Router<Shared> {
    Router::new()
        .route("/table", get(table))
        .route("/replay", post(replay))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TableInfo {
    /// The default composition: werewolves, seers, villagers.
    default: [u8; 3],
    min_players: u8,
    max_players: usize,
    max_name_chars: usize,
}

async fn table() -> Json<TableInfo> {
    Json(TableInfo {
        default: Table::DEFAULT.starting_hand().counts(),
        min_players: Table::MIN_PLAYERS,
        max_players: MAX_PLAYERS,
        max_name_chars: MAX_NAME_CHARS,
    })
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ReplayRequest {
    /// Werewolves, seers, villagers per hand.
    table: [u8; 3],
    /// One name per seat; blanks become "Player n".
    #[serde(default)]
    names: Vec<String>,
    /// The accepted events so far.
    #[serde(default)]
    events: Vec<EventDto>,
    /// The new event, or `null` just to draw the state.
    #[serde(default)]
    event: Option<EventDto>,
}

/// A role as JSON.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
enum RoleDto {
    Werewolf,
    Seer,
    Villager,
}

impl From<RoleDto> for Role {
    fn from(role: RoleDto) -> Role {
        match role {
            RoleDto::Werewolf => Role::Werewolf,
            RoleDto::Seer => Role::Seer,
            RoleDto::Villager => Role::Villager,
        }
    }
}

impl From<Role> for RoleDto {
    fn from(role: Role) -> RoleDto {
        match role {
            Role::Werewolf => RoleDto::Werewolf,
            Role::Seer => RoleDto::Seer,
            Role::Villager => RoleDto::Villager,
        }
    }
}

/// A verdict colour as JSON.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
enum VerdictDto {
    Black,
    White,
}

/// One hand-over of a transfer as JSON.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
struct HandOverDto {
    to: u8,
    take: RoleDto,
    cards: u8,
}

/// One ballot of a vote as JSON.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
struct BallotDto {
    voter: u8,
    target: u8,
}

/// [`Event`] as JSON: `{"type": "draw", "player": 4, "index": 7}`.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase",
    deny_unknown_fields
)]
enum EventDto {
    StartPlayer {
        seat: u8,
    },
    Verdict {
        seer: u8,
        target: u8,
        verdict: VerdictDto,
        give: Option<RoleDto>,
    },
    Attack {
        wolf: u8,
        target: u8,
        give: Option<RoleDto>,
    },
    Transfer {
        from: u8,
        role: RoleDto,
        handovers: Vec<HandOverDto>,
    },
    Draw {
        player: u8,
        index: u8,
    },
    Vote {
        ballots: Vec<BallotDto>,
    },
}

fn seat(index: u8) -> Result<Seat, String> {
    Seat::new(index).ok_or_else(|| format!("seat {index} does not exist"))
}

impl EventDto {
    fn to_event(&self) -> Result<Event, String> {
        let give = |g: Option<RoleDto>| g.map(Role::from);
        Ok(match self {
            EventDto::StartPlayer { seat: s } => Event::StartPlayer { seat: seat(*s)? },
            EventDto::Verdict {
                seer,
                target,
                verdict,
                give: g,
            } => Event::Verdict {
                seer: seat(*seer)?,
                target: seat(*target)?,
                verdict: match verdict {
                    VerdictDto::Black => Verdict::Black,
                    VerdictDto::White => Verdict::White,
                },
                give: give(*g),
            },
            EventDto::Attack {
                wolf,
                target,
                give: g,
            } => Event::Attack {
                wolf: seat(*wolf)?,
                target: seat(*target)?,
                give: give(*g),
            },
            EventDto::Transfer {
                from,
                role,
                handovers,
            } => Event::Transfer {
                from: seat(*from)?,
                role: (*role).into(),
                handovers: handovers
                    .iter()
                    .map(|h| {
                        Ok(HandOver {
                            to: seat(h.to)?,
                            take: h.take.into(),
                            cards: h.cards,
                        })
                    })
                    .collect::<Result<_, String>>()?,
            },
            EventDto::Draw { player, index } => Event::Draw {
                player: seat(*player)?,
                index: *index,
            },
            EventDto::Vote { ballots } => Event::Vote {
                ballots: ballots
                    .iter()
                    .map(|b| {
                        Ok(Ballot {
                            voter: seat(b.voter)?,
                            target: seat(b.target)?,
                        })
                    })
                    .collect::<Result<_, String>>()?,
            },
        })
    }

    fn of(event: &Event) -> EventDto {
        let give = |g: Option<Role>| g.map(RoleDto::from);
        match event {
            Event::StartPlayer { seat } => EventDto::StartPlayer {
                seat: seat.number(),
            },
            Event::Verdict {
                seer,
                target,
                verdict,
                give: g,
            } => EventDto::Verdict {
                seer: seer.number(),
                target: target.number(),
                verdict: match verdict {
                    Verdict::Black => VerdictDto::Black,
                    Verdict::White => VerdictDto::White,
                },
                give: give(*g),
            },
            Event::Attack {
                wolf,
                target,
                give: g,
            } => EventDto::Attack {
                wolf: wolf.number(),
                target: target.number(),
                give: give(*g),
            },
            Event::Transfer {
                from,
                role,
                handovers,
            } => EventDto::Transfer {
                from: from.number(),
                role: (*role).into(),
                handovers: handovers
                    .iter()
                    .map(|h| HandOverDto {
                        to: h.to.number(),
                        take: h.take.into(),
                        cards: h.cards,
                    })
                    .collect(),
            },
            Event::Draw { player, index } => EventDto::Draw {
                player: player.number(),
                index: *index,
            },
            Event::Vote { ballots } => EventDto::Vote {
                ballots: ballots
                    .iter()
                    .map(|b| BallotDto {
                        voter: b.voter.number(),
                        target: b.target.number(),
                    })
                    .collect(),
            },
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ReplayResponse {
    /// Whether the new event was accepted (and appended to `events`).
    accepted: bool,
    /// Why the new event was refused.
    rejected: Option<String>,
    /// Why the log stopped replaying early, if it did: `events` is then the part that replayed.
    log_error: Option<String>,
    /// The log to keep: every accepted event, the new one included.
    events: Vec<EventDto>,
    state: View,
}

/// What the page draws.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct View {
    round: u8,
    /// `seer`, `attack` or `vote`.
    phase: &'static str,
    players: Vec<PlayerView>,
    pending: Option<PendingView>,
    /// The legal events of the pending decision, labelled (empty for transfers, draws and votes).
    choices: Vec<Choice>,
    /// A pending vote's voters in seat order, each with whom they may point at (empty for other decisions).
    ballots: Vec<VoterView>,
    /// The pending transfer's options.
    transfer: Option<TransferView>,
    log: Vec<LogLine>,
    outcome: Option<OutcomeView>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PlayerView {
    seat: u8,
    name: String,
    alive: bool,
    /// Cards per role: werewolf, seer, villager.
    hand: [u8; 3],
    /// The shares of the hand (the probabilities of each role).
    shares: [f64; 3],
    lost: Vec<RoleDto>,
    fixed: Option<RoleDto>,
    /// Unused chits: black, white, attack.
    chits_left: [u8; 3],
    /// The chits lying in front of this player.
    chits: Vec<ChitView>,
    /// Roles lost but still held: transfers owed.
    owes: Vec<RoleDto>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ChitView {
    owner: u8,
    /// `black`, `white` or `attack`.
    kind: &'static str,
    count: u8,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PendingView {
    /// `startPlayer`, `verdict`, `attack`, `transfer`, `draw` or `vote`.
    kind: &'static str,
    /// Who decides (none for a tie-break, a draw or a vote).
    player: Option<u8>,
    /// The tied players of a tie-break.
    tied: Vec<u8>,
    /// The phase a tie-break starts.
    phase: Option<&'static str>,
    /// Cards in the dead player's hand (draw) or owed (transfer).
    cards: u8,
    /// The dead player (draw).
    dead: Option<u8>,
    /// The run-off number of a vote (0 for the first vote).
    runoff: u16,
    /// Who may be pointed at (vote).
    candidates: Vec<u8>,
    /// A sentence saying what is to be decided.
    prompt: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Choice {
    label: String,
    event: EventDto,
}

/// One voter of a pending vote and the players they may point at.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct VoterView {
    voter: u8,
    targets: Vec<TargetView>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TargetView {
    target: u8,
    label: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TransferView {
    from: u8,
    role: RoleDto,
    cards: u8,
    /// Every (recipient, role taken back) pair that can take cards, in canonical order, with its limit.
    slots: Vec<HandOverDto>,
    /// The one legal transfer, when there is only one.
    only: Option<EventDto>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct LogLine {
    round: u8,
    rule: &'static str,
    text: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct OutcomeView {
    /// `village`, `werewolves`, `all-dead`, `paradox-transfer`, `paradox-no-role` or `paradox-vote`.
    end: &'static str,
    /// `village`, `werewolves` or `paradox`.
    side: &'static str,
    rule: &'static str,
    text: String,
    winners: Vec<u8>,
}

async fn replay(
    JsonBody(request): JsonBody<ReplayRequest>,
) -> Result<Json<ReplayResponse>, ApiError> {
    let [w, s, v] = request.table;
    let table = Table::new(w, s, v).map_err(|e| ApiError::bad_request(e.to_string()))?;
    if request.events.len() > MAX_EVENTS {
        return Err(ApiError::bad_request(format!(
            "a log of {} events is longer than any game ({MAX_EVENTS} at most)",
            request.events.len()
        )));
    }
    let names = names(&request.names, table.players());
    let mut game = Game::new(table);
    let mut events = Vec::with_capacity(request.events.len() + 1);
    let mut log_error = None;
    for (i, dto) in request.events.iter().enumerate() {
        let played = dto
            .to_event()
            .and_then(|event| game.play(&event).map_err(|e| e.to_string()));
        if let Err(reason) = played {
            log_error = Some(format!(
                "event {} of the saved log was refused: {reason}",
                i + 1
            ));
            break;
        }
        events.push(dto.clone());
    }
    let (mut accepted, mut rejected) = (false, None);
    if let Some(dto) = request.event {
        match dto
            .to_event()
            .and_then(|event| game.play(&event).map_err(|e| e.to_string()))
        {
            Ok(()) => {
                accepted = true;
                events.push(dto);
            }
            Err(reason) => rejected = Some(reason),
        }
    }
    Ok(Json(ReplayResponse {
        accepted,
        rejected,
        log_error,
        events,
        state: view(&game, &names),
    }))
}

/// One name per seat: as given (trimmed and cut), or "Player n" when blank or missing.
fn names(given: &[String], players: u8) -> Vec<String> {
    (0..usize::from(players))
        .map(|i| {
            let name: String = given
                .get(i)
                .map(|n| n.trim().chars().take(MAX_NAME_CHARS).collect())
                .unwrap_or_default();
            if name.is_empty() {
                format!("Player {}", i + 1)
            } else {
                name
            }
        })
        .collect()
}

const fn phase_name(phase: Phase) -> &'static str {
    match phase {
        Phase::Seer => "seer",
        Phase::Attack => "attack",
        Phase::Vote => "vote",
    }
}

fn view(game: &Game, names: &[String]) -> View {
    let name = |seat: Seat| names.get(seat.index()).cloned().unwrap_or_default();
    let pending = game.pending();
    let players = game
        .seats()
        .map(|seat| {
            let hand = game.hand(seat);
            let chits = game
                .seats()
                .flat_map(|owner| ChitKind::ALL.map(|kind| (owner, kind)))
                .filter_map(|(owner, kind)| {
                    let count = game.chits().count(owner, seat, kind);
                    (count > 0).then(|| ChitView {
                        owner: owner.number(),
                        kind: match kind {
                            ChitKind::Black => "black",
                            ChitKind::White => "white",
                            ChitKind::Attack => "attack",
                        },
                        count,
                    })
                })
                .collect();
            PlayerView {
                seat: seat.number(),
                name: name(seat),
                alive: game.is_alive(seat),
                hand: hand.counts(),
                shares: Role::ALL.map(|role| hand.share(role)),
                lost: game.lost(seat).iter().map(RoleDto::from).collect(),
                fixed: game.fixed_as(seat).map(RoleDto::from),
                chits_left: ChitKind::ALL.map(|kind| game.chits_left(seat, kind)),
                chits,
                owes: game
                    .owed_transfers()
                    .iter()
                    .filter(|(s, _)| *s == seat)
                    .map(|&(_, role)| role.into())
                    .collect(),
            }
        })
        .collect();
    let log = game
        .log()
        .iter()
        .map(|entry| LogLine {
            round: entry.round,
            rule: entry.what.rule(),
            text: entry.describe(name),
        })
        .collect();
    View {
        round: game.round(),
        phase: phase_name(game.phase()),
        players,
        pending: pending.map(|p| pending_view(p, &name)),
        choices: choices(game, &name),
        ballots: ballots(game, &name),
        transfer: transfer_view(game),
        log,
        outcome: game.outcome().map(|outcome| OutcomeView {
            end: outcome.end.key(),
            side: outcome.end.side().name(),
            rule: outcome.end.rule(),
            text: describe_end(outcome.end, &name),
            winners: outcome.winners.iter().map(Seat::number).collect(),
        }),
    }
}

fn describe_end(end: End, name: &impl Fn(Seat) -> String) -> String {
    let text = end.to_string();
    // Name the player a paradox is about.
    match end {
        End::Paradox(marubatsu_engine::werewolf::Paradox::NoTransfer { player, .. })
        | End::Paradox(marubatsu_engine::werewolf::Paradox::NoRoleLeft { player }) => {
            text.replace(&player.to_string(), &name(player))
        }
        _ => text,
    }
}

fn pending_view(pending: Pending, name: &impl Fn(Seat) -> String) -> PendingView {
    let mut view = PendingView {
        kind: "",
        player: pending.player().map(Seat::number),
        tied: Vec::new(),
        phase: None,
        cards: 0,
        dead: None,
        runoff: 0,
        candidates: Vec::new(),
        prompt: String::new(),
    };
    match pending {
        Pending::StartPlayer { phase, tied } => {
            view.kind = "startPlayer";
            view.tied = tied.iter().map(Seat::number).collect();
            view.phase = Some(phase_name(phase));
            let names: Vec<String> = tied.iter().map(name).collect();
            view.prompt = format!(
                "{} tie for the most {} cards: play rock-paper-scissors. Who won?",
                names.join(", "),
                phase.actor_role().unwrap_or(Role::Seer)
            );
        }
        Pending::Verdict { seer } => {
            view.kind = "verdict";
            view.prompt = format!(
                "{} holds seer cards: mark another player black (a werewolf) or white (not one).",
                name(seer)
            );
        }
        Pending::Attack { wolf } => {
            view.kind = "attack";
            view.prompt = format!(
                "{} holds werewolf cards: attack another player.",
                name(wolf)
            );
        }
        Pending::Transfer { from, role, cards } => {
            view.kind = "transfer";
            view.cards = cards;
            view.prompt = format!(
                "{} lost the {role} possibility and must hand over {cards} {role} card(s), taking one card back \
                 for each.",
                name(from)
            );
        }
        Pending::Draw { player, cards } => {
            view.kind = "draw";
            view.cards = cards;
            view.dead = Some(player.number());
            view.prompt = format!(
                "{} is dead. Shuffle their {cards} cards face down and draw one: it fixes their role.",
                name(player)
            );
        }
        Pending::Vote {
            candidates, runoff, ..
        } => {
            view.kind = "vote";
            view.runoff = runoff;
            view.candidates = candidates.iter().map(Seat::number).collect();
            let names: Vec<String> = candidates.iter().map(name).collect();
            view.prompt = if runoff == 0 {
                "Everyone alive points at the player who should die, in secret.".to_string()
            } else {
                format!(
                    "Run-off {runoff}: everyone alive points again, in secret, at one of {}.",
                    names.join(", ")
                )
            };
        }
    }
    view
}

/// The legal events of a tie-break, a verdict or an attack, each with a label. Transfers (thousands) and
/// votes (millions) are built on the page from [`TransferView`] and [`VoterView`]; draws are random.
fn choices(game: &Game, name: &impl Fn(Seat) -> String) -> Vec<Choice> {
    if !matches!(
        game.pending(),
        Some(Pending::StartPlayer { .. } | Pending::Verdict { .. } | Pending::Attack { .. })
    ) {
        return Vec::new();
    }
    let card = |give: Option<Role>| match give {
        Some(role) => format!(", giving a {role} card"),
        None => " (no exchange)".to_string(),
    };
    legal_events(game)
        .into_iter()
        .filter_map(|event| {
            let label = match event {
                Event::StartPlayer { seat } => format!("{} won", name(seat)),
                Event::Verdict {
                    target,
                    verdict,
                    give,
                    ..
                } => format!("Mark {} {verdict}{}", name(target), card(give)),
                Event::Attack { target, give, .. } => {
                    format!("Attack {}{}", name(target), card(give))
                }
                Event::Transfer { .. } | Event::Draw { .. } | Event::Vote { .. } => return None,
            };
            Some(Choice {
                label,
                event: EventDto::of(&event),
            })
        })
        .collect()
}

/// Every voter of a pending vote, in seat order, with whom they may point at.
fn ballots(game: &Game, name: &impl Fn(Seat) -> String) -> Vec<VoterView> {
    let Some(Pending::Vote { voters, .. }) = game.pending() else {
        return Vec::new();
    };
    voters
        .iter()
        .map(|voter| VoterView {
            voter: voter.number(),
            targets: game
                .vote_targets(voter)
                .iter()
                .map(|target| TargetView {
                    target: target.number(),
                    label: format!("Point at {}", name(target)),
                })
                .collect(),
        })
        .collect()
}

fn transfer_view(game: &Game) -> Option<TransferView> {
    let Some(Pending::Transfer { from, role, cards }) = game.pending() else {
        return None;
    };
    let slots: Vec<HandOverDto> = game
        .alive()
        .iter()
        .flat_map(|to| Role::ALL.map(|take| (to, take)))
        .filter_map(|(to, take)| {
            let limit = game.take_back_limit(from, role, to, take);
            (limit > 0).then(|| HandOverDto {
                to: to.number(),
                take: take.into(),
                cards: limit,
            })
        })
        .collect();
    // One legal transfer when the limits leave no choice: a single pair takes every card, or the limits add up
    // to exactly the cards owed, so every pair is filled.
    let room: u16 = slots.iter().map(|s| u16::from(s.cards)).sum();
    let handovers = match slots.as_slice() {
        [slot] => Some(vec![HandOverDto {
            cards,
            ..slot.clone()
        }]),
        _ => (room == u16::from(cards)).then(|| slots.clone()),
    };
    let only = handovers.map(|handovers| EventDto::Transfer {
        from: from.number(),
        role: role.into(),
        handovers,
    });
    Some(TransferView {
        from: from.number(),
        role: role.into(),
        cards,
        slots,
        only,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_read_from_json_and_round_trip() {
        for json in [
            r#"{"type":"startPlayer","seat":3}"#,
            r#"{"type":"verdict","seer":0,"target":1,"verdict":"black","give":"villager"}"#,
            r#"{"type":"verdict","seer":0,"target":1,"verdict":"white","give":null}"#,
            r#"{"type":"attack","wolf":2,"target":5,"give":"seer"}"#,
            r#"{"type":"transfer","from":1,"role":"werewolf","handovers":[{"to":0,"take":"villager","cards":2}]}"#,
            r#"{"type":"draw","player":4,"index":7}"#,
            r#"{"type":"vote","ballots":[{"voter":0,"target":3},{"voter":3,"target":0}]}"#,
            r#"{"type":"vote","ballots":[]}"#,
        ] {
            let dto: EventDto =
                serde_json::from_str(json).unwrap_or_else(|e| panic!("{json}: {e}"));
            let event = dto.to_event().unwrap_or_else(|e| panic!("{json}: {e}"));
            assert_eq!(EventDto::of(&event), dto);
        }
        for json in [
            r#"{"type":"verdict","seer":0,"target":1,"verdict":"grey","give":null}"#,
            r#"{"type":"vote","voter":0,"target":3}"#,
            r#"{"type":"vote","ballots":[{"voter":0}]}"#,
            r#"{"type":"vote","ballots":[{"voter":0,"target":1,"secret":true}]}"#,
            r#"{"type":"draw","player":4,"index":7,"extra":1}"#,
            r#"{"type":"fly"}"#,
        ] {
            assert!(serde_json::from_str::<EventDto>(json).is_err(), "{json}");
        }
        let far = EventDto::StartPlayer { seat: 16 };
        assert!(far.to_event().is_err());
        let far = EventDto::Vote {
            ballots: vec![BallotDto {
                voter: 0,
                target: 200,
            }],
        };
        assert!(far.to_event().is_err());
    }

    #[test]
    fn names_are_trimmed_cut_and_filled_in() {
        let given = vec!["  Mika ".to_string(), String::new(), "x".repeat(40)];
        let names = names(&given, 4);
        assert_eq!(names[0], "Mika");
        assert_eq!(names[1], "Player 2");
        assert_eq!(names[2].chars().count(), MAX_NAME_CHARS);
        assert_eq!(names[3], "Player 4");
    }
}
