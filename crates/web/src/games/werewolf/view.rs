//! What the werewolf page draws: the table, the pending decision with its legal choices, the log and the end.
//! Events and roles appear in the engine's own JSON form; players are named as the page named them, and every
//! sentence is written in the player's language ([`text`](super::text)), rule codes only beside it.

use marubatsu_engine::rules::Rules;
use marubatsu_engine::werewolf::{
    Certainty, Chances, ChitKind, HandOver, Happening, Pending, Phase, Role, Seat, Werewolf, WerewolfEvent,
    WerewolfState, legal_events,
};
use serde::Serialize;

use super::refusals::{self, RefusedView};
use super::text::{self, Namer};
use crate::lang::Lang;
use crate::words::Words;

/// What the page draws.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "WerewolfView"))]
pub(super) struct View {
    round: u8,
    phase: Phase,
    /// The round and phase, or the end, as a sentence.
    status: String,
    players: Vec<PlayerView>,
    pending: Option<PendingView>,
    /// The legal events of the pending decision, labelled (empty for transfers, draws and votes).
    choices: Vec<Choice>,
    /// The marks, attacks and cards the rules would take but the table refuses (no world would fit after them),
    /// each with its reason: the page shows them greyed, never silently missing.
    refused: Vec<RefusedView>,
    /// A pending vote's voters in seat order, each with whom they may point at (empty for other decisions).
    ballots: Vec<VoterView>,
    /// The options of every transfer that may be made now, the pending one first: R7 lets any ready debtor go
    /// first, and the table chooses who.
    transfers: Vec<TransferView>,
    log: Vec<LogLine>,
    /// What the last decision did: its own line and every consequence, the log's tail since it was made (empty
    /// before the first), the deciding line (the end, else a death) moved first. The page shows it beside the
    /// next decision, where the table looks.
    last: Vec<LogLine>,
    outcome: Option<OutcomeView>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "WerewolfPlayer"))]
pub(super) struct PlayerView {
    seat: Seat,
    name: String,
    alive: bool,
    /// Cards per role: werewolf, seer, villager.
    hand: [u8; 3],
    /// The chances of each role: the share of the worlds that fit (`null` when none does).
    #[cfg_attr(test, ts(as = "Option<[[u32; 2]; 3]>"))]
    chances: Option<[[u64; 2]; 3]>,
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
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "WerewolfChit"))]
pub(super) struct ChitView {
    owner: Seat,
    kind: ChitKind,
    count: u8,
}

/// The decision the table owes: its kind (the engine's
/// [`PendingKind`](marubatsu_engine::werewolf::PendingKind) word, as the tag of its details), a
/// sentence saying what is to be decided, and the kind's details.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "WerewolfPending"))]
pub(super) struct PendingView {
    prompt: String,
    #[serde(flatten)]
    details: PendingDetails,
}

/// What each kind of decision adds, tagged with its kind.
#[derive(Serialize)]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "WerewolfPendingDetails"))]
pub(super) enum PendingDetails {
    /// Rock-paper-scissors among the tied decides who starts the phase.
    StartPlayer { tied: Vec<Seat>, phase: Phase },
    /// The verdict's marker.
    Verdict { player: Seat },
    /// The attack's werewolf.
    Attack { player: Seat },
    Transfer {
        player: Seat,
        /// Cards owed.
        cards: u8,
    },
    Draw {
        dead: Seat,
        /// Cards in the dead player's hand.
        cards: u8,
        /// The cards that may be drawn, by index: all of them, unless the table refuses contradictions and
        /// some card is of a role no world gives the dead player.
        indices: Vec<u8>,
        /// Each index's weight, in the same order: the page draws index i with probability weights[i] ÷ their
        /// sum (at most 2³², for the page's uniform draw). All equal under Versions 2 and 3 (a card); under
        /// Version 4 a role's cards weigh the consistent deals that give it, so a role comes up as often as its
        /// chance shown.
        weights: Vec<u64>,
    },
    Vote {
        /// The run-off number (0 for the first vote).
        runoff: u16,
        candidates: Vec<Seat>,
    },
}

impl PendingDetails {
    /// The engine's kind these details are tagged with.
    #[cfg(test)]
    const fn kind(&self) -> marubatsu_engine::werewolf::PendingKind {
        use marubatsu_engine::werewolf::PendingKind;
        match self {
            PendingDetails::StartPlayer { .. } => PendingKind::StartPlayer,
            PendingDetails::Verdict { .. } => PendingKind::Verdict,
            PendingDetails::Attack { .. } => PendingKind::Attack,
            PendingDetails::Transfer { .. } => PendingKind::Transfer,
            PendingDetails::Draw { .. } => PendingKind::Draw,
            PendingDetails::Vote { .. } => PendingKind::Vote,
        }
    }
}

/// A legal event of a tie-break, a verdict or an attack: the player it is about (the card to touch) and what
/// the option's button says.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "WerewolfChoice"))]
pub(super) struct Choice {
    target: Seat,
    label: String,
    event: WerewolfEvent,
    /// What ending the game this choice would cause, said before it is made; `None` when the game goes on.
    ends: Option<Ending>,
}

/// The end a choice would bring, as a warning beside it.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "Ending"))]
pub(super) struct Ending {
    /// `village`, `werewolves` or `paradox`.
    #[cfg_attr(test, ts(as = "marubatsu_engine::werewolf::Side"))]
    side: &'static str,
    /// The warning, in the player's language.
    warning: String,
}

impl Ending {
    /// The end `event` would bring if `game` took it now, or `None` when the game would go on (or refuse it).
    pub(super) fn after(game: &WerewolfState, event: &WerewolfEvent, name: Namer<'_>, lang: Lang) -> Option<Ending> {
        let mut next = game.clone();
        Werewolf::step(&mut next, event).ok()?;
        let outcome = next.outcome()?;
        Some(Ending {
            side: outcome.end.side().name(),
            warning: text::ending_warning(lang, outcome, next.table().options(), name),
        })
    }
}

/// One voter of a pending vote and the players they may point at.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "WerewolfBallot"))]
pub(super) struct VoterView {
    voter: Seat,
    targets: Vec<TargetView>,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "WerewolfTarget"))]
pub(super) struct TargetView {
    target: Seat,
    label: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "WerewolfTransfer"))]
pub(super) struct TransferView {
    from: Seat,
    role: Role,
    cards: u8,
    /// What the debtor is asked, in the player's language.
    prompt: String,
    /// Every (recipient, role taken back) pair that can take cards, in canonical order, with its limit.
    slots: Vec<HandOver>,
    /// The one legal transfer, when there is only one.
    #[cfg_attr(test, ts(type = "Extract<WerewolfEvent, { type: 'transfer' }> | null"))]
    only: Option<WerewolfEvent>,
    /// The end that one transfer would bring, said before it is made.
    only_ends: Option<Ending>,
}

#[derive(Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "WerewolfLogLine"))]
pub(super) struct LogLine {
    round: u8,
    #[cfg_attr(test, ts(type = "WerewolfRule"))]
    rule: &'static str,
    /// The happening, as a sentence the page words.
    text: Words,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "WerewolfOutcome"))]
pub(super) struct OutcomeView {
    /// `village`, `werewolves`, `all-dead`, `paradox-transfer`, `paradox-no-role` or `paradox-vote`.
    end: &'static str,
    /// `village`, `werewolves` or `paradox`.
    #[cfg_attr(test, ts(as = "marubatsu_engine::werewolf::Side"))]
    side: &'static str,
    /// The rule, as a small reference beside the sentence.
    #[cfg_attr(test, ts(type = "WerewolfRule"))]
    rule: &'static str,
    title: String,
    text: String,
    winners: Vec<Seat>,
    winners_text: String,
}

/// The view's TypeScript declarations, each type before those that use it.
#[cfg(test)]
pub(super) fn wire_declarations(config: &ts_rs::Config) -> Vec<String> {
    use ts_rs::TS;
    vec![
        ChitView::decl(config),
        PlayerView::decl(config),
        PendingDetails::decl(config),
        PendingView::decl(config),
        Ending::decl(config),
        Choice::decl(config),
        TargetView::decl(config),
        VoterView::decl(config),
        TransferView::decl(config),
        LogLine::decl(config),
        OutcomeView::decl(config),
        RefusedView::decl(config),
        View::decl(config),
    ]
}

impl View {
    /// The game as the page draws it in `lang`, players named by seat from `names`; the last decision's lines
    /// begin at `last_decision` in the log (`None` before the first decision).
    pub(super) fn of(game: &WerewolfState, names: &[String], lang: Lang, last_decision: Option<usize>) -> View {
        let name_of = |seat: Seat| names.get(seat.index()).cloned().unwrap_or_default();
        let name: Namer<'_> = &name_of;
        let worlds = game.chances();
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
                    chances: chances(&worlds, seat),
                    lost: lost(game, &worlds, seat),
                    fixed: certain(game, &worlds, seat),
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
        let rules = game.table().options();
        let log: Vec<LogLine> = game
            .log()
            .iter()
            .map(|entry| LogLine {
                round: entry.round,
                rule: entry.what.rule(),
                text: text::happening(&entry.what, rules, name),
            })
            .collect();
        let last = last_decision
            .map(|from| last_lines(game, &log, from))
            .unwrap_or_default();
        View {
            round: game.round(),
            phase: game.phase(),
            status: text::status(lang, game.round(), game.phase(), game.outcome().is_some()),
            players,
            pending: game.pending().map(|p| PendingView::of(game, p, name, lang)),
            choices: choices(game, name, lang),
            refused: refusals::refused(game, name, lang),
            ballots: ballots(game, name),
            transfers: game
                .settleable_transfers()
                .into_iter()
                .map(|(from, role, cards)| TransferView::of(game, from, role, cards, name, lang))
                .collect(),
            log,
            last,
            outcome: game.outcome().map(|outcome| {
                let (title, sentence) = text::end(outcome.end, rules, name);
                OutcomeView {
                    end: outcome.end.key(),
                    side: outcome.end.side().name(),
                    rule: outcome.end.rule(),
                    title: title.in_lang(lang),
                    text: sentence.in_lang(lang),
                    winners: outcome.winners.iter().collect(),
                    winners_text: text::winners(lang, outcome, name),
                }
            }),
        }
    }
}

/// What the decision whose lines begin at `from` in the log did, the deciding line first — the end it brought,
/// else the first death (an execution, an attack that killed) — then the others in the log's order: on a phone
/// the box shows that first line until the table opens the rest.
fn last_lines(game: &WerewolfState, log: &[LogLine], from: usize) -> Vec<LogLine> {
    let mut lines = log.get(from..).unwrap_or_default().to_vec();
    let happenings = game.log().get(from..).unwrap_or_default();
    let lead = happenings
        .iter()
        .position(|entry| matches!(entry.what, Happening::Ended { .. }))
        .or_else(|| {
            happenings
                .iter()
                .position(|entry| matches!(entry.what, Happening::Died { .. }))
        });
    if let Some(at) = lead.filter(|&at| at < lines.len()) {
        let line = lines.remove(at);
        lines.insert(0, line);
    }
    lines
}

impl PendingView {
    fn of(game: &WerewolfState, pending: Pending, name: Namer<'_>, lang: Lang) -> PendingView {
        let details = match pending {
            Pending::StartPlayer { phase, tied } => PendingDetails::StartPlayer {
                tied: tied.iter().collect(),
                phase,
            },
            Pending::Verdict { seer } => PendingDetails::Verdict { player: seer },
            Pending::Attack { wolf } => PendingDetails::Attack { player: wolf },
            Pending::Transfer { from, cards, .. } => PendingDetails::Transfer { player: from, cards },
            Pending::Draw { player, cards } => {
                let (indices, weights) = page_weights(&game.draw_weights()).into_iter().unzip();
                PendingDetails::Draw {
                    dead: player,
                    cards,
                    indices,
                    weights,
                }
            }
            Pending::Vote { candidates, runoff, .. } => PendingDetails::Vote {
                runoff,
                candidates: candidates.iter().collect(),
            },
        };
        PendingView {
            prompt: text::prompt(lang, pending, game.alive(), name),
            details,
        }
    }
}

/// The role `seat` is certain of by the table's meaning of certain, the one its end conditions read: every other
/// role lost (Versions 2 and 3), or every consistent deal's (Version 4; by the cards once none is consistent).
fn certain(game: &WerewolfState, worlds: &Chances, seat: Seat) -> Option<Role> {
    if game.table().options().certainty == Certainty::Deals && worlds.worlds() > 0 {
        return Role::ALL
            .into_iter()
            .find(|&role| worlds.worlds_with(seat, role) == worlds.worlds());
    }
    game.fixed_as(seat)
}

/// The roles `seat` can no longer be, by the same meaning: lost (Versions 2 and 3), or in no consistent deal
/// (Version 4, which the village's end reads).
fn lost(game: &WerewolfState, worlds: &Chances, seat: Seat) -> Vec<Role> {
    if game.table().options().certainty == Certainty::Deals && worlds.worlds() > 0 {
        return Role::ALL
            .into_iter()
            .filter(|&role| worlds.worlds_with(seat, role) == 0)
            .collect();
    }
    game.lost(seat).iter().collect()
}

/// The engine's draw weights divided by their common factor, so that their sum fits the page's uniform draw (below
/// 2³²): exact whenever the sum so reduced is below 2³², as at the recommended tables (504 deals at 9 players). Past
/// it (only the largest tables could get there) each is scaled down in proportion, every legal card still drawable.
fn page_weights(weights: &[(u8, u64)]) -> Vec<(u8, u64)> {
    let gcd = |mut a: u64, mut b: u64| {
        while b != 0 {
            (a, b) = (b, a % b);
        }
        a
    };
    let common = weights.iter().fold(0, |g, &(_, w)| gcd(g, w)).max(1);
    let reduced: Vec<(u8, u64)> = weights.iter().map(|&(i, w)| (i, w / common)).collect();
    let total: u64 = reduced.iter().map(|&(_, w)| w).sum();
    const LIMIT: u64 = 1 << 32;
    if total < LIMIT {
        return reduced;
    }
    let scale = total.div_ceil(LIMIT / 2);
    reduced.into_iter().map(|(i, w)| (i, (w / scale).max(1))).collect()
}

/// `seat`'s chance of each role as `[numerator, denominator]` in lowest terms, from the engine's count of the
/// worlds that fit; `None` once none does (the game ended in a contradiction).
fn chances(worlds: &Chances, seat: Seat) -> Option<[[u64; 2]; 3]> {
    let mut out = [[0; 2]; 3];
    for (slot, role) in out.iter_mut().zip(Role::ALL) {
        let chance = worlds.chance(seat, role)?;
        // At most 16!/(5!·5!·6!) worlds, far inside a u64 and a JavaScript number.
        *slot = [chance.numerator(), chance.denominator()].map(|n| u64::try_from(n).unwrap_or(u64::MAX));
    }
    Some(out)
}

/// The legal events of a tie-break, a verdict or an attack, each with a label. Transfers (thousands) and
/// votes (millions) are built on the page from [`TransferView`] and [`VoterView`]; draws are random.
fn choices(game: &WerewolfState, name: Namer<'_>, lang: Lang) -> Vec<Choice> {
    if !matches!(
        game.pending(),
        Some(Pending::StartPlayer { .. } | Pending::Verdict { .. } | Pending::Attack { .. })
    ) {
        return Vec::new();
    }
    legal_events(game)
        .into_iter()
        .filter_map(|event| {
            let target = match event {
                WerewolfEvent::StartPlayer { seat } => seat,
                WerewolfEvent::Verdict { target, .. } | WerewolfEvent::Attack { target, .. } => target,
                WerewolfEvent::Transfer { .. } | WerewolfEvent::Draw { .. } | WerewolfEvent::Vote { .. } => {
                    return None;
                }
            };
            Some(Choice {
                target,
                label: text::option(lang, &event),
                ends: Ending::after(game, &event, name, lang),
                event,
            })
        })
        .collect()
}

/// Every voter of a pending vote, in seat order, with whom they may point at.
fn ballots(game: &WerewolfState, name: Namer<'_>) -> Vec<VoterView> {
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
                    label: name(target),
                })
                .collect(),
        })
        .collect()
}

impl TransferView {
    /// The options of `from`'s transfer of `cards` `role` cards, one of the transfers ready now.
    fn of(game: &WerewolfState, from: Seat, role: Role, cards: u8, name: Namer<'_>, lang: Lang) -> TransferView {
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
        // A table that refuses contradictions may refuse even the only split the limits leave.
        let only = handovers
            .map(|handovers| WerewolfEvent::Transfer { from, role, handovers })
            .filter(|event| Werewolf::step(&mut game.clone(), event).is_ok());
        TransferView {
            from,
            role,
            cards,
            prompt: text::prompt(lang, Pending::Transfer { from, role, cards }, game.alive(), name),
            slots,
            only_ends: only.as_ref().and_then(|event| Ending::after(game, event, name, lang)),
            only,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use marubatsu_engine::random::{RandomSource, SplitMix64};
    use marubatsu_engine::werewolf::{Table, legal_events};

    use super::*;

    /// The wire's `kind` of a decision is the engine's `PendingKind` word (the tag of the details), for every
    /// kind random games meet.
    #[test]
    fn a_decisions_kind_on_the_wire_is_the_engines_word() {
        let mut rng = SplitMix64::new(7);
        let name = |seat: Seat| format!("P{}", seat.index());
        let mut seen = BTreeSet::new();
        for _ in 0..40 {
            let mut game = WerewolfState::new(Table::DEFAULT).without_log();
            while let Some(pending) = game.pending() {
                let view = PendingView::of(&game, pending, &name, Lang::En);
                assert_eq!(view.details.kind(), pending.kind());
                let json = serde_json::to_value(&view).expect("a pending view");
                assert_eq!(json["kind"], serde_json::to_value(pending.kind()).expect("a kind"));
                seen.insert(json["kind"].to_string());
                let events = legal_events(&game);
                let Some(event) = events.get(rng.below_u64(events.len())) else {
                    break;
                };
                Werewolf::step(&mut game, &event).expect("a listed event");
            }
        }
        assert_eq!(seen.len(), 6, "the games met only {seen:?}");
    }

    /// A finished game's view asks nothing of anyone: no player owes cards, no transfer, choice or ballot is
    /// offered — also when debts stood as it ended (Version 3 ends before they are paid), as a client reading
    /// the JSON would otherwise take them for decisions still to make.
    #[test]
    fn a_finished_games_view_lists_no_owed_transfer() {
        let mut rng = SplitMix64::new(5);
        let names: Vec<String> = (1..=9).map(|i| format!("P{i}")).collect();
        let mut stood = 0;
        for table in [Table::VERSION_3, Table::DEFAULT] {
            for _ in 0..40 {
                let mut game = WerewolfState::new(table).without_log();
                loop {
                    let events = legal_events(&game);
                    let Some(event) = events.get(rng.below_u64(events.len())) else {
                        break;
                    };
                    Werewolf::step(&mut game, &event).expect("a listed event");
                }
                stood += usize::from(
                    game.seats()
                        .any(|s| game.lost(s).iter().any(|role| game.hand(s).count(role) > 0)),
                );
                let view = serde_json::to_value(View::of(&game, &names, Lang::En, None)).expect("a view");
                assert!(view["outcome"].is_object(), "{view}");
                for player in view["players"].as_array().into_iter().flatten() {
                    assert_eq!(player["owes"], serde_json::json!([]), "{player}");
                }
                for key in ["transfers", "choices", "ballots"] {
                    assert_eq!(view[key], serde_json::json!([]), "{key}");
                }
                assert!(view["pending"].is_null());
            }
        }
        assert!(stood > 5, "only {stood} games ended with debts standing");
    }

    /// What a decision did is the log's tail since it was made, every line once, with the deciding one first:
    /// the end it brought, else the first death, else the decision's own line.
    #[test]
    fn what_a_decision_did_leads_with_the_end_or_the_death_it_brought() {
        let mut rng = SplitMix64::new(11);
        let names: Vec<String> = (1..=9).map(|i| format!("P{i}")).collect();
        let (mut ends, mut deaths) = (0, 0);
        for table in [Table::VERSION_3, Table::DEFAULT] {
            for _ in 0..20 {
                let mut game = WerewolfState::new(table);
                loop {
                    let events = legal_events(&game);
                    let Some(event) = events.get(rng.below_u64(events.len())) else {
                        break;
                    };
                    let from = game.log().len();
                    Werewolf::step(&mut game, &event).expect("a listed event");
                    let view = View::of(&game, &names, Lang::En, Some(from));
                    let tail = &view.log[from..];
                    let texts = |lines: &[LogLine]| {
                        let mut texts: Vec<String> = lines.iter().map(|l| l.text.in_lang(Lang::En)).collect();
                        texts.sort();
                        texts
                    };
                    assert_eq!(
                        texts(&view.last),
                        texts(tail),
                        "the box holds the log's tail, each line once"
                    );
                    let happened = &game.log()[from..];
                    let ended = happened.iter().position(|e| matches!(e.what, Happening::Ended { .. }));
                    let died = happened.iter().position(|e| matches!(e.what, Happening::Died { .. }));
                    ends += usize::from(ended.is_some());
                    deaths += usize::from(ended.is_none() && died.is_some());
                    assert_eq!(view.last[0].text, tail[ended.or(died).unwrap_or(0)].text);
                }
            }
        }
        assert!(ends >= 40 && deaths > 40, "{ends} ends and {deaths} deaths");
    }

    /// Every string of a view, wherever it sits, a sentence that travels as `{key, args}` worded in Japanese.
    fn strings(value: &serde_json::Value, out: &mut Vec<String>) {
        if let Some(said) = crate::words::said(Lang::Ja, value) {
            out.push(said);
            return;
        }
        match value {
            serde_json::Value::String(s) => out.push(s.clone()),
            serde_json::Value::Array(items) => items.iter().for_each(|v| strings(v, out)),
            serde_json::Value::Object(fields) => fields.values().for_each(|v| strings(v, out)),
            _ => {}
        }
    }

    /// Every Japanese sentence the server writes for a game — the status, the prompt, the options and the warnings
    /// beside them, each debtor's prompt, the log and the end — is written with Japanese marks: random games under
    /// both versions, a power that skips the first vote, the first Version 3 (which still plays contradictions) and
    /// a table of three (which ends in an undecidable vote), their views serialized whole.
    #[test]
    fn every_japanese_sentence_of_a_view_uses_japanese_punctuation() {
        use marubatsu_engine::werewolf::Options;
        let names: Vec<String> = ["アキ", "ベン", "チエ", "ダイ", "エミ", "フミ", "ゲン", "ハナ", "イオ"]
            .map(str::to_owned)
            .to_vec();
        let options = |name: &str| Options::from_name(name).expect("known options");
        let tables = [
            (Table::DEFAULT, 12),
            (Table::VERSION_3, 12),
            (Table::VERSION_3.with_options(options("v3+no-first-vote")), 6),
            (
                Table::DEFAULT.with_options(options("end-first+discard+likeliest-seer+starter-kills")),
                8,
            ),
            (Table::new(1, 1, 1).expect("a table of three"), 6),
        ];
        let mut rng = SplitMix64::new(41);
        let (mut slips, mut checked, mut kinds) = (BTreeSet::new(), 0, BTreeSet::new());
        for (table, games) in tables {
            for _ in 0..games {
                let mut game = WerewolfState::new(table);
                let mut last = None;
                loop {
                    let view = serde_json::to_value(View::of(&game, &names, Lang::Ja, last)).expect("a view");
                    let mut said = Vec::new();
                    strings(&view, &mut said);
                    for sentence in said {
                        checked += 1;
                        slips.extend(text::japanese_slips(&sentence));
                    }
                    let events = legal_events(&game);
                    let Some(event) = events.get(rng.below_u64(events.len())) else {
                        break;
                    };
                    last = Some(game.log().len());
                    Werewolf::step(&mut game, &event).expect("a listed event");
                }
                for entry in game.log() {
                    let what = format!("{:?}", entry.what);
                    kinds.insert(what.split([' ', '{']).next().unwrap_or_default().to_owned());
                }
            }
        }
        let first: Vec<&String> = slips.iter().take(10).collect();
        assert!(slips.is_empty(), "{} slips, among them {first:?}", slips.len());
        // The lines that put names, lists and counts together were met, so their Japanese was checked.
        for kind in [
            "StartPlayer",
            "Counted",
            "RunOff",
            "Died",
            "HandedOver",
            "Discarded",
            "Lost",
            "Ended",
        ] {
            assert!(kinds.contains(kind), "no {kind} line in {kinds:?}");
        }
        assert!(checked > 10_000, "{checked} sentences");
    }
}
