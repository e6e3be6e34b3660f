//! What the werewolf page draws: the table, the pending decision with its legal choices, the log and the end.
//! Events and roles appear in the engine's own JSON form; players are named as the page named them.

use marubatsu_engine::werewolf::{ChitKind, Event, Game, HandOver, Pending, Phase, Role, Seat, legal_events};
use serde::Serialize;

/// What the page draws.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct View {
    round: u8,
    phase: Phase,
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
    seat: Seat,
    name: String,
    alive: bool,
    /// Cards per role: werewolf, seer, villager.
    hand: [u8; 3],
    /// The shares of the hand (the probabilities of each role).
    shares: [f64; 3],
    lost: Vec<Role>,
    fixed: Option<Role>,
    /// Unused chits: black, white, attack.
    chits_left: [u8; 3],
    /// The chits lying in front of this player.
    chits: Vec<ChitView>,
    /// Roles lost but still held: transfers owed.
    owes: Vec<Role>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ChitView {
    owner: Seat,
    kind: ChitKind,
    count: u8,
}

/// The decision the table owes, by kind, with a sentence saying what is to be decided.
#[derive(Serialize)]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
enum PendingView {
    /// Rock-paper-scissors among the tied decides who starts the phase.
    StartPlayer {
        tied: Vec<Seat>,
        phase: Phase,
        prompt: String,
    },
    Verdict {
        player: Seat,
        prompt: String,
    },
    Attack {
        player: Seat,
        prompt: String,
    },
    Transfer {
        player: Seat,
        /// Cards owed.
        cards: u8,
        prompt: String,
    },
    Draw {
        dead: Seat,
        /// Cards in the dead player's hand.
        cards: u8,
        prompt: String,
    },
    Vote {
        /// The run-off number (0 for the first vote).
        runoff: u16,
        candidates: Vec<Seat>,
        prompt: String,
    },
}

#[derive(Serialize)]
struct Choice {
    label: String,
    event: Event,
}

/// One voter of a pending vote and the players they may point at.
#[derive(Serialize)]
struct VoterView {
    voter: Seat,
    targets: Vec<TargetView>,
}

#[derive(Serialize)]
struct TargetView {
    target: Seat,
    label: String,
}

#[derive(Serialize)]
struct TransferView {
    from: Seat,
    role: Role,
    cards: u8,
    /// Every (recipient, role taken back) pair that can take cards, in canonical order, with its limit.
    slots: Vec<HandOver>,
    /// The one legal transfer, when there is only one.
    only: Option<Event>,
}

#[derive(Serialize)]
struct LogLine {
    round: u8,
    rule: &'static str,
    text: String,
}

#[derive(Serialize)]
struct OutcomeView {
    /// `village`, `werewolves`, `all-dead`, `paradox-transfer`, `paradox-no-role` or `paradox-vote`.
    end: &'static str,
    /// `village`, `werewolves` or `paradox`.
    side: &'static str,
    rule: &'static str,
    text: String,
    winners: Vec<Seat>,
}

impl View {
    /// The game as the page draws it, players named by seat from `names`.
    pub(super) fn of(game: &Game, names: &[String]) -> View {
        let name = |seat: Seat| names.get(seat.index()).cloned().unwrap_or_default();
        let players = game
            .seats()
            .map(|seat| {
                let hand = game.hand(seat);
                let chits = game
                    .seats()
                    .flat_map(|owner| ChitKind::ALL.map(|kind| (owner, kind)))
                    .filter_map(|(owner, kind)| {
                        let count = game.chits().count(owner, seat, kind);
                        (count > 0).then_some(ChitView { owner, kind, count })
                    })
                    .collect();
                PlayerView {
                    seat,
                    name: name(seat),
                    alive: game.is_alive(seat),
                    hand: hand.counts(),
                    shares: Role::ALL.map(|role| hand.share(role)),
                    lost: game.lost(seat).iter().collect(),
                    fixed: game.fixed_as(seat),
                    chits_left: ChitKind::ALL.map(|kind| game.chits_left(seat, kind)),
                    chits,
                    owes: game
                        .owed_transfers()
                        .iter()
                        .filter(|(s, _)| *s == seat)
                        .map(|&(_, role)| role)
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
            phase: game.phase(),
            players,
            pending: game.pending().map(|p| PendingView::of(p, &name)),
            choices: choices(game, &name),
            ballots: ballots(game, &name),
            transfer: TransferView::of(game),
            log,
            outcome: game.outcome().map(|outcome| OutcomeView {
                end: outcome.end.key(),
                side: outcome.end.side().name(),
                rule: outcome.end.rule(),
                text: outcome.end.describe(name),
                winners: outcome.winners.iter().collect(),
            }),
        }
    }
}

fn names_of(seats: impl IntoIterator<Item = Seat>, name: &impl Fn(Seat) -> String) -> String {
    seats.into_iter().map(name).collect::<Vec<_>>().join(", ")
}

impl PendingView {
    fn of(pending: Pending, name: &impl Fn(Seat) -> String) -> PendingView {
        match pending {
            Pending::StartPlayer { phase, tied } => PendingView::StartPlayer {
                tied: tied.iter().collect(),
                phase,
                prompt: format!(
                    "{} tie for the most {} cards: play rock-paper-scissors. Who won?",
                    names_of(tied.iter(), name),
                    phase.actor_role().unwrap_or(Role::Seer)
                ),
            },
            Pending::Verdict { seer } => PendingView::Verdict {
                player: seer,
                prompt: format!(
                    "{} holds seer cards: mark another player black (a werewolf) or white (not one).",
                    name(seer)
                ),
            },
            Pending::Attack { wolf } => PendingView::Attack {
                player: wolf,
                prompt: format!("{} holds werewolf cards: attack another player.", name(wolf)),
            },
            Pending::Transfer { from, role, cards } => PendingView::Transfer {
                player: from,
                cards,
                prompt: format!(
                    "{} lost the {role} possibility and must hand over {cards} {role} card(s), taking one \
                     card back for each.",
                    name(from)
                ),
            },
            Pending::Draw { player, cards } => PendingView::Draw {
                dead: player,
                cards,
                prompt: format!(
                    "{} is dead. Shuffle their {cards} cards face down and draw one: it fixes their role.",
                    name(player)
                ),
            },
            Pending::Vote { candidates, runoff, .. } => PendingView::Vote {
                runoff,
                candidates: candidates.iter().collect(),
                prompt: if runoff == 0 {
                    "Everyone alive points at the player who should die, in secret.".to_string()
                } else {
                    format!(
                        "Run-off {runoff}: everyone alive points again, in secret, at one of {}.",
                        names_of(candidates.iter(), name)
                    )
                },
            },
        }
    }
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
                    target, verdict, give, ..
                } => format!("Mark {} {verdict}{}", name(target), card(give)),
                Event::Attack { target, give, .. } => {
                    format!("Attack {}{}", name(target), card(give))
                }
                Event::Transfer { .. } | Event::Draw { .. } | Event::Vote { .. } => return None,
            };
            Some(Choice { label, event })
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
            voter,
            targets: game
                .vote_targets(voter)
                .iter()
                .map(|target| TargetView {
                    target,
                    label: format!("Point at {}", name(target)),
                })
                .collect(),
        })
        .collect()
}

impl TransferView {
    fn of(game: &Game) -> Option<TransferView> {
        let Some(Pending::Transfer { from, role, cards }) = game.pending() else {
            return None;
        };
        let slots: Vec<HandOver> = game
            .alive()
            .iter()
            .flat_map(|to| Role::ALL.map(|take| (to, take)))
            .filter_map(|(to, take)| {
                let limit = game.take_back_limit(from, role, to, take);
                (limit > 0).then_some(HandOver { to, take, cards: limit })
            })
            .collect();
        // One legal transfer when the limits leave no choice: a single pair takes every card, or the limits
        // add up to exactly the cards owed, so every pair is filled.
        let room: u16 = slots.iter().map(|s| u16::from(s.cards)).sum();
        let handovers = match slots.as_slice() {
            [slot] => Some(vec![HandOver { cards, ..*slot }]),
            _ => (room == u16::from(cards)).then(|| slots.clone()),
        };
        let only = handovers.map(|handovers| Event::Transfer { from, role, handovers });
        Some(TransferView {
            from,
            role,
            cards,
            slots,
            only,
        })
    }
}
