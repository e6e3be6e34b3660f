//! Everything the werewolf page shows in words that the server writes — the decision on the table, the options
//! of a player, the log, the end, and why a tap was not taken — looked up in the game's catalog (`strings.js`,
//! through [`t`]), so each sentence is written once per language. Rule codes (R6, R11 …) never stand in for a
//! sentence; the view carries them beside it as a reference. Players are named by the page's names; a seat never
//! appears as a number counted from 0.

use marubatsu_engine::werewolf::{
    Certainty, ChitKind, DeathCause, End, Happening, LossCause, NoExchange, Options, Outcome, Paradox, Parity,
    PassReason, Pending, Phase, Role, SeatSet, Verdict, WerewolfEvent, WerewolfRefusal,
};

use crate::lang::Lang;
use crate::words::{Arg, Words, t};

/// Names a seat.
pub(super) type Namer<'a> = &'a dyn Fn(marubatsu_engine::werewolf::Seat) -> String;

/// The role's name, as a sentence of its own.
pub(super) fn role_words(role: Role) -> Words {
    Words::new(match role {
        Role::Werewolf => "werewolf.role.werewolf",
        Role::Seer => "werewolf.role.seer",
        Role::Villager => "werewolf.role.villager",
    })
}

/// The role's name.
pub(super) fn role(lang: Lang, role: Role) -> String {
    role_words(role).in_lang(lang)
}

fn phase_words(phase: Phase) -> Words {
    Words::new(match phase {
        Phase::Seer => "werewolf.phase.seer",
        Phase::Attack => "werewolf.phase.attack",
        Phase::Vote => "werewolf.phase.vote",
    })
}

fn phase(lang: Lang, phase: Phase) -> String {
    phase_words(phase).in_lang(lang)
}

fn verdict_words(verdict: Verdict) -> Words {
    Words::new(match verdict {
        Verdict::Black => "werewolf.verdict.black",
        Verdict::White => "werewolf.verdict.white",
    })
}

/// The entry `one` for a count of 1, else `other`: English says "1 card" but "3 cards", Japanese "1枚" and "3枚".
fn counted(n: impl Into<u64>, one: &'static str, other: &'static str) -> &'static str {
    if n.into() == 1 { one } else { other }
}

/// Sentences one after another, as a list says them ("a, b, c" / "a、b、c"): each pair joined by
/// `werewolf.listMore`, nested, so that the list travels as one sentence the page words in either language.
fn joined(items: Vec<Words>) -> Arg {
    let mut items = items.into_iter().rev();
    let Some(last) = items.next() else {
        return Arg::Text(String::new());
    };
    items.fold(Arg::Words(last), |rest, first| {
        Arg::Words(Words::new("werewolf.listMore").with("first", first).with("rest", rest))
    })
}

/// Players by name: "Aki, Ben" / "アキさん、ベンさん" (in Japanese every name takes its さん, so a sentence adds
/// none after a list).
fn list_words(seats: SeatSet, name: Namer<'_>) -> Arg {
    joined(
        seats
            .iter()
            .map(|seat| Words::new("werewolf.named").arg("name", name(seat)))
            .collect(),
    )
}

/// The same list, worded in `lang`.
fn list(lang: Lang, seats: SeatSet, name: Namer<'_>) -> String {
    match list_words(seats, name) {
        Arg::Text(text) => text,
        Arg::Words(words) => words.in_lang(lang),
    }
}

/// "1 card" / "3 cards" / "3枚".
fn cards(lang: Lang, n: u8) -> String {
    t(
        lang,
        counted(n, "werewolf.cards.one", "werewolf.cards.other"),
        &[("n", &n)],
    )
}

/// "3 werewolf cards" / "人狼カード3枚".
fn role_cards_words(n: u8, of: Role) -> Words {
    Words::new(counted(n, "werewolf.roleCards.one", "werewolf.roleCards.other"))
        .arg("n", n)
        .with("role", role_words(of))
}

fn role_cards(lang: Lang, n: u8, of: Role) -> String {
    role_cards_words(n, of).in_lang(lang)
}

/// The status line above the board: the round and the phase.
pub(super) fn status(lang: Lang, round: u8, now: Phase, over: bool) -> String {
    if over {
        t(lang, "werewolf.status.over", &[("round", &round)])
    } else {
        t(
            lang,
            "werewolf.status.playing",
            &[("round", &round), ("phase", &phase(lang, now))],
        )
    }
}

/// What the table must decide now, and who decides it; `alive` are the living players.
pub(super) fn prompt(lang: Lang, pending: Pending, alive: SeatSet, name: Namer<'_>) -> String {
    match pending {
        Pending::StartPlayer { phase: p, tied } => {
            let most = role(lang, p.actor_role().unwrap_or(Role::Seer));
            let phase = phase(lang, p);
            // Everyone alive tied (as at the start): the names would fill a phone's first screen, and their buttons
            // follow anyway.
            if tied == alive {
                t(
                    lang,
                    "werewolf.prompt.startPlayerAll",
                    &[("role", &most), ("phase", &phase)],
                )
            } else {
                let tied = list(lang, tied, name);
                t(
                    lang,
                    "werewolf.prompt.startPlayer",
                    &[("tied", &tied), ("role", &most), ("phase", &phase)],
                )
            }
        }
        Pending::Verdict { seer } => t(lang, "werewolf.prompt.verdict", &[("seer", &name(seer))]),
        Pending::Attack { wolf } => t(lang, "werewolf.prompt.attack", &[("wolf", &name(wolf))]),
        Pending::Transfer {
            from,
            role: r,
            cards: n,
        } => t(
            lang,
            "werewolf.prompt.transfer",
            &[
                ("from", &name(from)),
                ("role", &role(lang, r)),
                ("cards", &role_cards(lang, n, r)),
            ],
        ),
        Pending::Draw { player, cards: n } => t(
            lang,
            "werewolf.prompt.draw",
            &[("player", &name(player)), ("cards", &cards(lang, n))],
        ),
        Pending::Vote { runoff: 0, .. } => t(lang, "werewolf.prompt.vote", &[]),
        Pending::Vote { runoff, candidates, .. } => t(
            lang,
            "werewolf.prompt.runoff",
            &[("runoff", &runoff), ("candidates", &list(lang, candidates, name))],
        ),
    }
}

/// One option of a touched player, as its button says it (the player's name is on the card already).
pub(super) fn option(lang: Lang, event: &WerewolfEvent) -> String {
    let give = |give: Option<Role>| match give {
        Some(r) => t(lang, "werewolf.option.give", &[("role", &role(lang, r))]),
        None => t(lang, "werewolf.option.noExchange", &[]),
    };
    match event {
        WerewolfEvent::Verdict {
            verdict: v, give: g, ..
        } => {
            let key = match v {
                Verdict::Black => "werewolf.option.black",
                Verdict::White => "werewolf.option.white",
            };
            t(lang, key, &[("give", &give(*g))])
        }
        WerewolfEvent::Attack { give: g, .. } => t(lang, "werewolf.option.attack", &[("give", &give(*g))]),
        WerewolfEvent::StartPlayer { .. } => t(lang, "werewolf.option.startPlayer", &[]),
        _ => String::new(),
    }
}

/// A log line, without its rule (the view carries it beside the sentence), at a table whose werewolves win at
/// `parity`: a sentence not yet worded, for the page to word in its language. Players are named as text.
pub(super) fn happening(what: &Happening, rules: Options, name: Namer<'_>) -> Words {
    let r = role_words;
    let say = Words::new;
    match *what {
        Happening::RoundBegan => say("werewolf.log.roundBegan"),
        Happening::PhaseBegan { phase: p } => say("werewolf.log.phaseBegan").with("phase", phase_words(p)),
        Happening::NoActors { phase: p } => say("werewolf.log.noActors").with("phase", phase_words(p)),
        // A tie is broken by rock-paper-scissors or by the page's random draw, and the event does not say which:
        // the sentence says only that the table chose among the tied.
        Happening::StartPlayer { phase: p, seat, tied } if tied.len() > 1 => say("werewolf.log.startPlayerTied")
            .arg("seat", name(seat))
            .with("phase", phase_words(p))
            .with("others", list_words(tied.without(seat), name))
            .with("role", r(p.actor_role().unwrap_or(Role::Seer))),
        Happening::StartPlayer { phase: p, seat, .. } => say("werewolf.log.startPlayer")
            .arg("seat", name(seat))
            .with("phase", phase_words(p))
            .with("role", r(p.actor_role().unwrap_or(Role::Seer))),
        Happening::Passed { seat, reason, .. } => {
            let key = match reason {
                PassReason::NoChits => "werewolf.log.passedNoChits",
                PassReason::NoTarget => "werewolf.log.passedNoTarget",
            };
            say(key).arg("seat", name(seat))
        }
        Happening::Marked {
            seer,
            target,
            verdict: v,
        } => say("werewolf.log.marked")
            .arg("seer", name(seer))
            .arg("target", name(target))
            .with("verdict", verdict_words(v)),
        Happening::Attacked { wolf, target } => say("werewolf.log.attacked")
            .arg("wolf", name(wolf))
            .arg("target", name(target)),
        Happening::Exchanged {
            actor,
            target,
            gave,
            took,
        } => say("werewolf.log.exchanged")
            .arg("actor", name(actor))
            .arg("target", name(target))
            .with("gave", r(gave))
            .with("took", r(took)),
        Happening::NoExchange { actor, target, why } => {
            let key = match why {
                NoExchange::ActorFixed => "werewolf.log.noExchangeWhy.actorFixed",
                NoExchange::TargetFixed => "werewolf.log.noExchangeWhy.targetFixed",
                NoExchange::TargetHasNone => "werewolf.log.noExchangeWhy.targetHasNone",
                NoExchange::NothingToGive => "werewolf.log.noExchangeWhy.nothingToGive",
            };
            let why = say(key).arg("actor", name(actor)).arg("target", name(target));
            say("werewolf.log.noExchange").with("why", why)
        }
        Happening::Lost { player, role: x, cause } => {
            let because = match cause {
                LossCause::NoCardsLeft => say("werewolf.log.lostWhy.noCardsLeft").with("role", r(x)),
                LossCause::MarkedBlackNotWerewolf { suspect } => {
                    say("werewolf.log.lostWhy.markedBlackNotWerewolf").arg("suspect", name(suspect))
                }
                LossCause::MarkedWhiteWerewolf { wolf } => {
                    say("werewolf.log.lostWhy.markedWhiteWerewolf").arg("wolf", name(wolf))
                }
                LossCause::AttackedByWerewolf { wolf } => {
                    say("werewolf.log.lostWhy.attackedByWerewolf").arg("wolf", name(wolf))
                }
                LossCause::BlackFromSeer { seer } => say("werewolf.log.lostWhy.blackFromSeer").arg("seer", name(seer)),
                LossCause::WhiteFromSeer { seer } => say("werewolf.log.lostWhy.whiteFromSeer").arg("seer", name(seer)),
                LossCause::Drew { role: drawn } => say("werewolf.log.lostWhy.drew").with("drawn", r(drawn)),
            };
            say("werewolf.log.lost")
                .arg("player", name(player))
                .with("role", r(x))
                .with("because", because)
        }
        Happening::Fixed { player, role: x } => {
            say("werewolf.log.fixed").arg("player", name(player)).with("role", r(x))
        }
        Happening::ChitsRemoved { owner, kind, count } => {
            let kind = match kind {
                ChitKind::Black => say("werewolf.chitKind.black"),
                ChitKind::White => say("werewolf.chitKind.white"),
                ChitKind::Attack => say("werewolf.chitKind.attack"),
            };
            let key = counted(
                count,
                "werewolf.log.chitsRemoved.one",
                "werewolf.log.chitsRemoved.other",
            );
            say(key)
                .arg("owner", name(owner))
                .arg("count", count)
                .with("kind", kind)
        }
        Happening::TransferOwed {
            player,
            role: x,
            cards: c,
        } => say("werewolf.log.transferOwed")
            .arg("player", name(player))
            .with("cards", role_cards_words(c, x)),
        Happening::Discarded {
            player,
            role: x,
            cards: c,
        } => say("werewolf.log.discarded")
            .arg("player", name(player))
            .with("cards", role_cards_words(c, x)),
        Happening::HandedOver {
            from,
            to,
            role: x,
            took,
            cards: c,
        } => {
            // Japanese says the count once ("人狼カードを2枚渡し、村人カードを同じ枚数受け取りました"), so the
            // cards given and taken are entries of their own rather than two of `role_cards`.
            let given = say(counted(
                c,
                "werewolf.log.handedOverGiven.one",
                "werewolf.log.handedOverGiven.other",
            ))
            .arg("n", c)
            .with("role", r(x));
            let taken = say(counted(
                c,
                "werewolf.log.handedOverTaken.one",
                "werewolf.log.handedOverTaken.other",
            ))
            .arg("n", c)
            .with("role", r(took));
            say("werewolf.log.handedOver")
                .arg("from", name(from))
                .arg("to", name(to))
                .with("given", given)
                .with("taken", taken)
        }
        Happening::Died {
            player,
            cause: DeathCause::Attacked { wolves },
        } => say(counted(
            wolves.len() as u64,
            "werewolf.log.diedAttacked.one",
            "werewolf.log.diedAttacked.other",
        ))
        .arg("player", name(player))
        .with("wolves", list_words(wolves, name)),
        Happening::Died {
            player,
            cause: DeathCause::StarterAttack { wolf },
        } => say("werewolf.log.diedStarterAttack")
            .arg("player", name(player))
            .arg("wolf", name(wolf)),
        Happening::VoteSkipped => say("werewolf.log.voteSkipped"),
        Happening::Died {
            player,
            cause: DeathCause::Voted { votes },
        } => say(counted(
            votes,
            "werewolf.log.diedVoted.one",
            "werewolf.log.diedVoted.other",
        ))
        .arg("player", name(player))
        .arg("votes", votes),
        Happening::Drew {
            player,
            role: x,
            index: Some(_),
        } => say("werewolf.log.drew").arg("player", name(player)).with("role", r(x)),
        Happening::Drew { player, role: x, .. } => say("werewolf.log.drewNothing")
            .arg("player", name(player))
            .with("role", r(x)),
        Happening::Voted { voter, target } => say("werewolf.log.voted")
            .arg("voter", name(voter))
            .arg("target", name(target)),
        Happening::Counted { tally } => {
            let counts = tally
                .iter()
                .map(|(seat, votes)| say("werewolf.log.count").arg("name", name(seat)).arg("votes", votes))
                .collect();
            say("werewolf.log.counted").with("counts", joined(counts))
        }
        Happening::RunOff { tied, votes } => {
            say(counted(votes, "werewolf.log.runOff.one", "werewolf.log.runOff.other"))
                .arg("votes", votes)
                .with("tied", list_words(tied, name))
        }
        Happening::Ended { outcome } => end(outcome.end, rules, name).1,
    }
}

/// The end: a heading and a sentence naming the condition that ended the game. `rules` are the table's: the share
/// of the living that the certain werewolves win at (R10.3; a third since Version 3), and what "certain" means
/// (the cards, or since Version 4 every way of giving out the roles that fits).
pub(super) fn end(end: End, rules: Options, name: Namer<'_>) -> (Words, Words) {
    let say = Words::new;
    let deals = rules.certainty == Certainty::Deals;
    let title = match end {
        End::VillageWins => say("werewolf.end.title.villageWins"),
        End::AllDead | End::WerewolvesWin => say("werewolf.end.title.werewolvesWin"),
        End::Paradox(_) => say("werewolf.end.title.paradox"),
    };
    let text = match end {
        End::AllDead => say("werewolf.end.allDead"),
        End::VillageWins if deals => say("werewolf.end.villageWinsInEveryDeal"),
        End::VillageWins => say("werewolf.end.villageWins"),
        End::WerewolvesWin => {
            let share = match rules.powers.parity {
                Parity::Half => say("werewolf.end.share.half"),
                Parity::Third => say("werewolf.end.share.third"),
            };
            let key = if deals {
                "werewolf.end.werewolvesWinInEveryDeal"
            } else {
                "werewolf.end.werewolvesWin"
            };
            say(key).with("share", share)
        }
        End::Paradox(Paradox::NoTransfer {
            player,
            role: x,
            cards: c,
        }) => say("werewolf.end.noTransfer")
            .arg("player", name(player))
            .with("cards", role_cards_words(c, x)),
        End::Paradox(Paradox::NoRoleLeft { player }) => say("werewolf.end.noRoleLeft").arg("player", name(player)),
        End::Paradox(Paradox::Contradiction) => say("werewolf.end.contradiction"),
        End::Paradox(Paradox::UndecidableVote { alive }) => say("werewolf.end.undecidableVote").arg("alive", alive),
    };
    (title, text)
}

/// The warning beside a choice that would end the game with `outcome`: the end and who would win.
pub(super) fn ending_warning(lang: Lang, outcome: Outcome, rules: Options, name: Namer<'_>) -> String {
    let (title, sentence) = end(outcome.end, rules, name);
    let winners = winners(lang, outcome, name);
    Words::new("werewolf.end.warning")
        .with("title", title)
        .with("sentence", sentence)
        .arg("winners", winners)
        .in_lang(lang)
}

/// Who won, as a sentence, and why they did: the side each winner ended on (R10), or, after a paradox, that their
/// role was not yet certain (R11).
pub(super) fn winners(lang: Lang, outcome: Outcome, name: Namer<'_>) -> String {
    if outcome.winners.is_empty() {
        return t(lang, "werewolf.winners.none", &[]);
    }
    let key = match outcome.end {
        End::VillageWins => "werewolf.winners.village",
        End::AllDead | End::WerewolvesWin => "werewolf.winners.werewolves",
        End::Paradox(_) => "werewolf.winners.paradox",
    };
    t(lang, key, &[("who", &list(lang, outcome.winners, name))])
}

/// Why the page's event was not taken, in words a player understands. `stale` when it answers a decision that
/// is no longer the table's (a double tap, or another device got there first): the page then just shows the
/// decision now pending.
pub(super) fn refusal(error: Option<&WerewolfRefusal>) -> (bool, Words) {
    let stale = matches!(
        error,
        Some(WerewolfRefusal::NotPending { .. } | WerewolfRefusal::GameOver)
    );
    let key = if let Some(WerewolfRefusal::LeavesNoWorld) = error {
        "werewolf.refusal.leavesNoWorld"
    } else if stale {
        "werewolf.refusal.stale"
    } else {
        "werewolf.refusal.notPossible"
    };
    (stale, Words::new(key))
}

/// Why a saved log stopped replaying.
pub(super) fn log_cut(lang: Lang, event: usize) -> String {
    t(lang, "werewolf.refusal.logCut", &[("event", &event)])
}

/// Where a sentence breaks the way Japanese is written: each stretch around an ASCII mark (`, . : ; ? ! ( ) [ ]`,
/// except a digit group's comma or a decimal point), an ASCII space beside a Japanese character or a full-width
/// mark, or an English spaced dash. Empty for a sentence with no Japanese in it (a name, a rule code).
#[cfg(test)]
pub(super) fn japanese_slips(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let japanese = |c: char| matches!(c, '\u{3040}'..='\u{30ff}' | '\u{4e00}'..='\u{9fff}');
    let wide = |c: char| matches!(c, '\u{3000}'..='\u{30ff}' | '\u{4e00}'..='\u{9fff}' | '\u{ff00}'..='\u{ffef}');
    if !chars.iter().any(|&c| japanese(c)) {
        return Vec::new();
    }
    let at = |i: Option<usize>| i.and_then(|i| chars.get(i)).copied();
    (0..chars.len())
        .filter(|&i| {
            let (before, c, after) = (at(i.checked_sub(1)), chars[i], at(Some(i + 1)));
            let digit = |c: Option<char>| c.is_some_and(|c| c.is_ascii_digit());
            match c {
                ',' | '.' => !(digit(before) && digit(after)),
                ':' | ';' | '?' | '!' | '(' | ')' | '[' | ']' => true,
                ' ' => before.is_some_and(wide) || after.is_some_and(wide) || after == Some('—'),
                _ => false,
            }
        })
        .map(|i| chars[i.saturating_sub(6)..(i + 6).min(chars.len())].iter().collect())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The check the Japanese sentences are held to catches the slips players met, and passes them written right.
    #[test]
    fn the_japanese_check_catches_ascii_marks_and_stray_spaces() {
        for slip in [
            "投票済み：ベン, ダイ。",
            "村人陣営の勝ち:",
            "次々に起こります(連鎖)。",
            "開票：アキ 2票、ベン 1票。",
            "アキです — 投票する",
            "本当?",
            "はい.",
        ] {
            assert!(!japanese_slips(slip).is_empty(), "{slip} passed");
        }
        for right in [
            "投票済み：ベンさん、ダイさん。",
            "村人陣営の勝ち：",
            "次々に起こります（連鎖）。",
            "開票：アキさん2票、ベンさん1票。",
            "村人陣営の勝ち55.5%、21,000ゲーム",
            "Aki: no chit left (R7).",
        ] {
            assert_eq!(japanese_slips(right), Vec::<String>::new(), "{right}");
        }
    }

    /// The werewolves' win is said with the table's own parity (R10.3): half, or a third under Version 3.
    #[test]
    fn the_werewolves_win_is_said_at_the_tables_parity() {
        let name = |seat: marubatsu_engine::werewolf::Seat| format!("P{}", seat.index());
        for (rules, en, ja) in [
            (Options::V2, "at least half of", "半分以上"),
            (Options::V3, "at least a third of", "3分の1以上"),
        ] {
            assert!(
                end(End::WerewolvesWin, rules, &name).1.in_lang(Lang::En).contains(en),
                "{rules}"
            );
            assert!(
                end(End::WerewolvesWin, rules, &name).1.in_lang(Lang::Ja).contains(ja),
                "{rules}"
            );
        }
    }

    /// Version 4's end says what its "certain" means, and every end says why its winners won, in both languages
    /// and in Japanese punctuation.
    #[test]
    fn the_end_names_its_condition_and_why_the_winners_won() {
        let name = |seat: marubatsu_engine::werewolf::Seat| format!("P{}", seat.index());
        let winners: SeatSet = [0, 2]
            .into_iter()
            .filter_map(marubatsu_engine::werewolf::Seat::new)
            .collect();
        let v4 = end(End::WerewolvesWin, Options::V4, &name).1.in_lang(Lang::En);
        assert!(
            v4.contains("every way of giving out the roles") && v4.contains("a third"),
            "{v4}"
        );
        assert!(
            !end(End::WerewolvesWin, Options::V3, &name)
                .1
                .in_lang(Lang::En)
                .contains("every way")
        );
        for (end_, en, ja) in [
            (
                End::VillageWins,
                "can no longer be a werewolf",
                "人狼ではありえなくなった全員",
            ),
            (End::WerewolvesWin, "certain to be a werewolf", "人狼に確定した全員"),
            (
                End::Paradox(Paradox::Contradiction),
                "not yet certain",
                "まだ確定していなかった",
            ),
        ] {
            let outcome = Outcome { end: end_, winners };
            let text = super::winners(Lang::En, outcome, &name);
            assert!(text.contains("P0, P2") && text.contains(en), "{text}");
            let text = super::winners(Lang::Ja, outcome, &name);
            assert!(text.contains(ja), "{text}");
            assert_eq!(japanese_slips(&text), Vec::<String>::new(), "{text}");
            let sentence = end(end_, Options::V4, &name).1.in_lang(Lang::Ja);
            assert_eq!(japanese_slips(&sentence), Vec::<String>::new(), "{sentence}");
        }
    }
}
