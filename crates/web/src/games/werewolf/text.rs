//! Everything the werewolf page shows in words that the server writes — the decision on the table, the options
//! of a player, the log, the end, and why a tap was not taken — in English and Japanese, in plain sentences.
//! Rule codes (R6, R11 …) never stand in for a sentence; the view carries them beside it as a reference.
//! Players are named by the page's names; a seat never appears as a number counted from 0.

use marubatsu_engine::werewolf::{
    Certainty, DeathCause, End, Happening, LossCause, NoExchange, Options, Outcome, Paradox, Parity, PassReason,
    Pending, Phase, Role, SeatSet, Verdict, WerewolfEvent, WerewolfRefusal,
};

use crate::lang::Lang;

/// Names a seat.
pub(super) type Namer<'a> = &'a dyn Fn(marubatsu_engine::werewolf::Seat) -> String;

/// The role's name.
pub(super) fn role(lang: Lang, role: Role) -> &'static str {
    match role {
        Role::Werewolf => lang.pick("werewolf", "人狼"),
        Role::Seer => lang.pick("seer", "占い師"),
        Role::Villager => lang.pick("villager", "村人"),
    }
}

fn phase(lang: Lang, phase: Phase) -> &'static str {
    match phase {
        Phase::Seer => lang.pick("seer phase", "占いフェーズ"),
        Phase::Attack => lang.pick("attack phase", "襲撃フェーズ"),
        Phase::Vote => lang.pick("vote", "投票"),
    }
}

fn verdict(lang: Lang, verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::Black => lang.pick("black", "黒"),
        Verdict::White => lang.pick("white", "白"),
    }
}

/// The role's name with its article: "a werewolf" (every role's name begins with a consonant) / "人狼".
fn a_role(lang: Lang, of: Role) -> String {
    match lang {
        Lang::En => format!("a {}", role(lang, of)),
        Lang::Ja => role(lang, of).to_owned(),
    }
}

/// Players by name: "Aki, Ben" / "アキさん、ベンさん" (in Japanese every name takes its さん, so a sentence adds
/// none after a list).
fn list(lang: Lang, seats: SeatSet, name: Namer<'_>) -> String {
    seats
        .iter()
        .map(|seat| match lang {
            Lang::En => name(seat),
            Lang::Ja => format!("{}さん", name(seat)),
        })
        .collect::<Vec<_>>()
        .join(lang.pick(", ", "、"))
}

/// "1 card" / "3 cards" / "3枚".
fn cards(lang: Lang, n: u8) -> String {
    match lang {
        Lang::En if n == 1 => "1 card".to_owned(),
        Lang::En => format!("{n} cards"),
        Lang::Ja => format!("{n}枚"),
    }
}

/// "3 werewolf cards" / "人狼カード3枚".
fn role_cards(lang: Lang, n: u8, of: Role) -> String {
    match lang {
        Lang::En if n == 1 => format!("1 {} card", role(lang, of)),
        Lang::En => format!("{n} {} cards", role(lang, of)),
        Lang::Ja => format!("{}カード{n}枚", role(lang, of)),
    }
}

/// The status line above the board: the round and the phase.
pub(super) fn status(lang: Lang, round: u8, now: Phase, over: bool) -> String {
    match (lang, over) {
        (Lang::En, true) => format!("The game ended in round {round}."),
        (Lang::Ja, true) => format!("第{round}ラウンドでゲーム終了"),
        (Lang::En, false) => format!("Round {round} · {}", phase(lang, now)),
        (Lang::Ja, false) => format!("第{round}ラウンド・{}", phase(lang, now)),
    }
}

/// What the table must decide now, and who decides it; `alive` are the living players.
pub(super) fn prompt(lang: Lang, pending: Pending, alive: SeatSet, name: Namer<'_>) -> String {
    match (pending, lang) {
        // Everyone alive tied (as at the start): the names would fill a phone's first screen, and their buttons
        // follow anyway.
        (Pending::StartPlayer { phase: p, tied }, Lang::En) if tied == alive => format!(
            "Everyone alive holds as many {} cards. Play rock-paper-scissors, then touch the winner to start the {}.",
            role(lang, p.actor_role().unwrap_or(Role::Seer)),
            phase(lang, p)
        ),
        (Pending::StartPlayer { phase: p, tied }, Lang::Ja) if tied == alive => format!(
            "生きている全員が{}カードを同じだけ持っています。じゃんけんをして、勝った人をタッチしてください（{}を始めます）。",
            role(lang, p.actor_role().unwrap_or(Role::Seer)),
            phase(lang, p)
        ),
        (Pending::StartPlayer { phase: p, tied }, Lang::En) => format!(
            "{} hold the most {} cards. Play rock-paper-scissors, then touch the winner to start the {}.",
            list(lang, tied, name),
            role(lang, p.actor_role().unwrap_or(Role::Seer)),
            phase(lang, p)
        ),
        (Pending::StartPlayer { phase: p, tied }, Lang::Ja) => format!(
            "{}が{}カードを同じだけ持っています。じゃんけんをして、勝った人をタッチしてください（{}を始めます）。",
            list(lang, tied, name),
            role(lang, p.actor_role().unwrap_or(Role::Seer)),
            phase(lang, p)
        ),
        (Pending::Verdict { seer }, Lang::En) => format!(
            "{}, you hold seer cards: touch the player you want to mark black (a werewolf) or white (not one).",
            name(seer)
        ),
        (Pending::Verdict { seer }, Lang::Ja) => format!(
            "{}さんは占い師カードを持っています。占う相手をタッチして、黒（人狼）か白（人狼ではない）を選んでください。",
            name(seer)
        ),
        (Pending::Attack { wolf }, Lang::En) => format!(
            "{}, you hold werewolf cards: touch the player you want to attack.",
            name(wolf)
        ),
        (Pending::Attack { wolf }, Lang::Ja) => {
            format!(
                "{}さんは人狼カードを持っています。襲撃する相手をタッチしてください。",
                name(wolf)
            )
        }
        (
            Pending::Transfer {
                from,
                role: r,
                cards: n,
            },
            Lang::En,
        ) => format!(
            "{} can no longer be {} and must hand over {}, taking one card back for each. Touch \
             who gets them, then the cards to take back on their card.",
            name(from),
            a_role(lang, r),
            role_cards(lang, n, r)
        ),
        (
            Pending::Transfer {
                from,
                role: r,
                cards: n,
            },
            Lang::Ja,
        ) => format!(
            "{}さんは{}ではありえなくなりました。{}カード{}をほかの人に渡し、1枚ごとに1枚受け取ります。渡す相手をタッチして、その人のカードで受け取るカードを選んでください。",
            name(from),
            role(lang, r),
            role(lang, r),
            cards(lang, n)
        ),
        (Pending::Draw { player, cards: n }, Lang::En) => format!(
            "{} is dead. Their {} are shuffled face down and one is drawn: it fixes their role.",
            name(player),
            cards(lang, n)
        ),
        (Pending::Draw { player, cards: n }, Lang::Ja) => format!(
            "{}さんが死亡しました。手札{}を伏せて混ぜ、1枚引きます。引いたカードで役職が確定します。",
            name(player),
            cards(lang, n)
        ),
        (Pending::Vote { runoff: 0, .. }, Lang::En) => {
            "The vote: everyone alive points, in secret, at the player who should die. Pass the device round."
                .to_owned()
        }
        (Pending::Vote { runoff: 0, .. }, Lang::Ja) => {
            "投票です。生きている全員が、処刑する人を秘密で指します。端末を順に回してください。".to_owned()
        }
        (Pending::Vote { runoff, candidates, .. }, Lang::En) => format!(
            "Run-off {runoff}: everyone alive points again, in secret, at one of {}.",
            list(lang, candidates, name)
        ),
        (Pending::Vote { runoff, candidates, .. }, Lang::Ja) => format!(
            "決選投票{runoff}回目：生きている全員が、{}のうち1人を秘密でもう一度指します。",
            list(lang, candidates, name)
        ),
    }
}

/// One option of a touched player, as its button says it (the player's name is on the card already).
pub(super) fn option(lang: Lang, event: &WerewolfEvent) -> String {
    let give = |give: Option<Role>| match (give, lang) {
        (Some(r), Lang::En) => format!(", give a {} card", role(lang, r)),
        (Some(r), Lang::Ja) => format!("・{}カードを渡す", role(lang, r)),
        (None, Lang::En) => " (no exchange)".to_owned(),
        (None, Lang::Ja) => "（交換なし）".to_owned(),
    };
    match (event, lang) {
        (
            WerewolfEvent::Verdict {
                verdict: v, give: g, ..
            },
            Lang::En,
        ) => match v {
            Verdict::Black => format!("Black: a werewolf{}", give(*g)),
            Verdict::White => format!("White: not a werewolf{}", give(*g)),
        },
        (
            WerewolfEvent::Verdict {
                verdict: v, give: g, ..
            },
            Lang::Ja,
        ) => match v {
            Verdict::Black => format!("黒（人狼）{}", give(*g)),
            Verdict::White => format!("白（人狼ではない）{}", give(*g)),
        },
        (WerewolfEvent::Attack { give: g, .. }, Lang::En) => format!("Attack{}", give(*g)),
        (WerewolfEvent::Attack { give: g, .. }, Lang::Ja) => format!("襲撃する{}", give(*g)),
        (WerewolfEvent::StartPlayer { .. }, _) => lang.pick("Won rock-paper-scissors", "じゃんけんに勝った").to_owned(),
        _ => String::new(),
    }
}

/// A log line, without its rule (the view carries it beside the sentence), at a table whose werewolves win at
/// `parity`.
pub(super) fn happening(lang: Lang, what: &Happening, rules: Options, name: Namer<'_>) -> String {
    let r = |x: Role| role(lang, x);
    let n = name;
    match (*what, lang) {
        (Happening::RoundBegan, _) => lang.pick("The round begins.", "ラウンド開始。").to_owned(),
        (Happening::PhaseBegan { phase: p }, Lang::En) => format!("The {} begins.", phase(lang, p)),
        (Happening::PhaseBegan { phase: p }, Lang::Ja) => format!("{}開始。", phase(lang, p)),
        (Happening::NoActors { phase: p }, Lang::En) => {
            format!("Nobody alive can act in the {}: it is skipped.", phase(lang, p))
        }
        (Happening::NoActors { phase: p }, Lang::Ja) => {
            format!("{}で動ける人が生きていないので、飛ばします。", phase(lang, p))
        }
        // A tie is broken by rock-paper-scissors or by the page's random draw, and the event does not say which:
        // the sentence says only that the table chose among the tied.
        (Happening::StartPlayer { phase: p, seat, tied }, Lang::En) if tied.len() > 1 => format!(
            "{} starts the {}: {} held as many {} cards, and the table chose {}.",
            n(seat),
            phase(lang, p),
            list(lang, tied.without(seat), name),
            r(p.actor_role().unwrap_or(Role::Seer)),
            n(seat)
        ),
        (Happening::StartPlayer { phase: p, seat, tied }, Lang::Ja) if tied.len() > 1 => format!(
            "{}さんが{}を始めます（{}カードの枚数が{}と同じで、卓が{}さんを選びました）。",
            n(seat),
            phase(lang, p),
            r(p.actor_role().unwrap_or(Role::Seer)),
            list(lang, tied.without(seat), name),
            n(seat)
        ),
        (Happening::StartPlayer { phase: p, seat, .. }, Lang::En) => format!(
            "{} starts the {}, holding the most {} cards.",
            n(seat),
            phase(lang, p),
            r(p.actor_role().unwrap_or(Role::Seer))
        ),
        (Happening::StartPlayer { phase: p, seat, .. }, Lang::Ja) => format!(
            "{}カードをいちばん多く持つ{}さんが{}を始めます。",
            r(p.actor_role().unwrap_or(Role::Seer)),
            n(seat),
            phase(lang, p)
        ),
        (Happening::Passed { seat, reason, .. }, Lang::En) => match reason {
            PassReason::NoChits => format!("{} passes: no chit left.", n(seat)),
            PassReason::NoTarget => format!("{} passes: nobody may be chosen.", n(seat)),
        },
        (Happening::Passed { seat, reason, .. }, Lang::Ja) => match reason {
            PassReason::NoChits => format!("{}さんはパス（チップが残っていない）。", n(seat)),
            PassReason::NoTarget => format!("{}さんはパス（選べる相手がいない）。", n(seat)),
        },
        (
            Happening::Marked {
                seer,
                target,
                verdict: v,
            },
            Lang::En,
        ) => {
            format!("{} marks {} {}.", n(seer), n(target), verdict(lang, v))
        }
        (
            Happening::Marked {
                seer,
                target,
                verdict: v,
            },
            Lang::Ja,
        ) => {
            format!("{}さんが{}さんを{}と占いました。", n(seer), n(target), verdict(lang, v))
        }
        (Happening::Attacked { wolf, target }, Lang::En) => format!("{} attacks {}.", n(wolf), n(target)),
        (Happening::Attacked { wolf, target }, Lang::Ja) => {
            format!("{}さんが{}さんを襲撃しました。", n(wolf), n(target))
        }
        (
            Happening::Exchanged {
                actor,
                target,
                gave,
                took,
            },
            Lang::En,
        ) => format!(
            "{} gives {} a {} card and takes a {} card.",
            n(actor),
            n(target),
            r(gave),
            r(took)
        ),
        (
            Happening::Exchanged {
                actor,
                target,
                gave,
                took,
            },
            Lang::Ja,
        ) => format!(
            "{}さんが{}さんに{}カードを渡し、{}カードを受け取りました。",
            n(actor),
            n(target),
            r(gave),
            r(took)
        ),
        (Happening::NoExchange { actor, target, why }, Lang::En) => {
            let why = match why {
                NoExchange::ActorFixed => format!("{}'s role is fixed", n(actor)),
                NoExchange::TargetFixed => format!("{}'s role is fixed", n(target)),
                NoExchange::TargetHasNone => format!("{} has no card to take", n(target)),
                NoExchange::NothingToGive => format!("{} has no card that {} also holds", n(actor), n(target)),
            };
            format!("No cards change hands: {why}.")
        }
        (Happening::NoExchange { actor, target, why }, Lang::Ja) => {
            let why = match why {
                NoExchange::ActorFixed => format!("{}さんの役職は確定済み", n(actor)),
                NoExchange::TargetFixed => format!("{}さんの役職は確定済み", n(target)),
                NoExchange::TargetHasNone => format!("{}さんに受け取れるカードがない", n(target)),
                NoExchange::NothingToGive => {
                    format!("{}さんが持つカードを{}さんが持っていない", n(target), n(actor))
                }
            };
            format!("カードの交換はありません（{why}）。")
        }
        (Happening::Lost { player, role: x, cause }, Lang::En) => {
            let because = match cause {
                LossCause::NoCardsLeft => format!("no {} card is left in their hand", r(x)),
                LossCause::MarkedBlackNotWerewolf { suspect } => {
                    format!(
                        "they marked {} black, and {} can no longer be a werewolf",
                        n(suspect),
                        n(suspect)
                    )
                }
                LossCause::MarkedWhiteWerewolf { wolf } => {
                    format!(
                        "they marked {} white, and {} is now certainly a werewolf",
                        n(wolf),
                        n(wolf)
                    )
                }
                LossCause::AttackedByWerewolf { wolf } => {
                    format!("{} attacked them and is certainly a werewolf", n(wolf))
                }
                LossCause::BlackFromSeer { seer } => {
                    format!("{}, certainly the seer, marked them black", n(seer))
                }
                LossCause::WhiteFromSeer { seer } => {
                    format!("{}, certainly the seer, marked them white", n(seer))
                }
                LossCause::Drew { role: drawn } => format!("they died and drew a {} card", r(drawn)),
            };
            format!("{} can no longer be {}: {because}.", n(player), a_role(lang, x))
        }
        (Happening::Lost { player, role: x, cause }, Lang::Ja) => {
            let because = match cause {
                LossCause::NoCardsLeft => format!("手札に{}カードが残っていない", r(x)),
                LossCause::MarkedBlackNotWerewolf { suspect } => {
                    format!("黒と占った{}さんが人狼ではなくなった", n(suspect))
                }
                LossCause::MarkedWhiteWerewolf { wolf } => {
                    format!("白と占った{}さんが人狼に確定した", n(wolf))
                }
                LossCause::AttackedByWerewolf { wolf } => format!("人狼に確定した{}さんに襲撃されていた", n(wolf)),
                LossCause::BlackFromSeer { seer } => format!("占い師に確定した{}さんに黒と占われていた", n(seer)),
                LossCause::WhiteFromSeer { seer } => format!("占い師に確定した{}さんに白と占われていた", n(seer)),
                LossCause::Drew { role: drawn } => format!("死亡して{}カードを引いた", r(drawn)),
            };
            format!("{}さんは{}ではありえなくなりました（{because}）。", n(player), r(x))
        }
        (Happening::Fixed { player, role: x }, Lang::En) => format!("{} is now certainly a {}.", n(player), r(x)),
        (Happening::Fixed { player, role: x }, Lang::Ja) => format!("{}さんは{}に確定しました。", n(player), r(x)),
        (Happening::ChitsRemoved { owner, kind, count }, Lang::En) => {
            let kind = match kind {
                marubatsu_engine::werewolf::ChitKind::Black => "black",
                marubatsu_engine::werewolf::ChitKind::White => "white",
                marubatsu_engine::werewolf::ChitKind::Attack => "attack",
            };
            if count == 1 {
                format!("{}'s 1 {kind} chit leaves the table.", n(owner))
            } else {
                format!("{}'s {count} {kind} chits leave the table.", n(owner))
            }
        }
        (Happening::ChitsRemoved { owner, kind, count }, Lang::Ja) => {
            let kind = match kind {
                marubatsu_engine::werewolf::ChitKind::Black => "黒",
                marubatsu_engine::werewolf::ChitKind::White => "白",
                marubatsu_engine::werewolf::ChitKind::Attack => "襲撃",
            };
            format!("{}さんの{kind}チップ{count}枚が取り除かれました。", n(owner))
        }
        (
            Happening::TransferOwed {
                player,
                role: x,
                cards: c,
            },
            Lang::En,
        ) => {
            format!("{} must hand over {}.", n(player), role_cards(lang, c, x))
        }
        (
            Happening::TransferOwed {
                player,
                role: x,
                cards: c,
            },
            Lang::Ja,
        ) => {
            format!(
                "{}さんは{}カード{}を渡さなければなりません。",
                n(player),
                r(x),
                cards(lang, c)
            )
        }
        (
            Happening::Discarded {
                player,
                role: x,
                cards: c,
            },
            Lang::En,
        ) => format!(
            "Nobody may take {}'s {}: they leave the game.",
            n(player),
            role_cards(lang, c, x)
        ),
        (
            Happening::Discarded {
                player,
                role: x,
                cards: c,
            },
            Lang::Ja,
        ) => format!(
            "{}さんの{}カード{}は誰も受け取れないため、ゲームから取り除かれました。",
            n(player),
            r(x),
            cards(lang, c)
        ),
        (
            Happening::HandedOver {
                from,
                to,
                role: x,
                took,
                cards: c,
            },
            Lang::En,
        ) => format!(
            "{} hands {} {} and takes back {}.",
            n(from),
            n(to),
            role_cards(lang, c, x),
            role_cards(lang, c, took)
        ),
        (
            Happening::HandedOver {
                from,
                to,
                role: x,
                took,
                cards: c,
            },
            Lang::Ja,
        ) => format!(
            "{}さんが{}さんに{}カードを{}渡し、{}カードを同じ枚数受け取りました。",
            n(from),
            n(to),
            r(x),
            cards(lang, c),
            r(took)
        ),
        (
            Happening::Died {
                player,
                cause: DeathCause::Attacked { wolves },
            },
            Lang::En,
        ) => format!(
            "{} dies, attacked by {}, certainly {}.",
            n(player),
            list(lang, wolves, name),
            if wolves.len() == 1 { "a werewolf" } else { "werewolves" }
        ),
        (
            Happening::Died {
                player,
                cause: DeathCause::Attacked { wolves },
            },
            Lang::Ja,
        ) => format!(
            "{}さんは、人狼に確定した{}に襲撃されて死亡しました。",
            n(player),
            list(lang, wolves, name)
        ),
        (
            Happening::Died {
                player,
                cause: DeathCause::StarterAttack { wolf },
            },
            Lang::En,
        ) => format!(
            "{} dies: {} started the attack phase, and the starter's attack kills.",
            n(player),
            n(wolf)
        ),
        (
            Happening::Died {
                player,
                cause: DeathCause::StarterAttack { wolf },
            },
            Lang::Ja,
        ) => format!(
            "{}さんは死亡しました。襲撃フェーズの最初の手番の{}さんの襲撃は必ず殺します。",
            n(player),
            n(wolf)
        ),
        (Happening::VoteSkipped, Lang::En) => "Round 1 has no vote.".to_owned(),
        (Happening::VoteSkipped, Lang::Ja) => "第1ラウンドは投票がありません。".to_owned(),
        (
            Happening::Died {
                player,
                cause: DeathCause::Voted { votes },
            },
            Lang::En,
        ) => {
            let s = if votes == 1 { "" } else { "s" };
            format!("{} dies by the vote ({votes} vote{s}).", n(player))
        }
        (
            Happening::Died {
                player,
                cause: DeathCause::Voted { votes },
            },
            Lang::Ja,
        ) => {
            format!("{}さんが投票で処刑されました（{votes}票）。", n(player))
        }
        (
            Happening::Drew {
                player,
                role: x,
                index: Some(_),
            },
            Lang::En,
        ) => {
            format!("{} drew a {} card.", n(player), r(x))
        }
        (
            Happening::Drew {
                player,
                role: x,
                index: Some(_),
            },
            Lang::Ja,
        ) => {
            format!("{}さんは{}カードを引きました。", n(player), r(x))
        }
        (Happening::Drew { player, role: x, .. }, Lang::En) => {
            format!("{} held only {} cards: nothing to draw.", n(player), r(x))
        }
        (Happening::Drew { player, role: x, .. }, Lang::Ja) => {
            format!(
                "{}さんの手札は{}カードだけなので、引くまでもありません。",
                n(player),
                r(x)
            )
        }
        (Happening::Voted { voter, target }, Lang::En) => format!("{} points at {}.", n(voter), n(target)),
        (Happening::Voted { voter, target }, Lang::Ja) => format!("{}さんは{}さんを指しました。", n(voter), n(target)),
        (Happening::Counted { tally }, _) => {
            let counts: Vec<String> = tally
                .iter()
                .map(|(seat, votes)| match lang {
                    Lang::En => format!("{} {votes}", n(seat)),
                    Lang::Ja => format!("{}さん{votes}票", n(seat)),
                })
                .collect();
            match lang {
                Lang::En => format!("The count: {}.", counts.join(", ")),
                Lang::Ja => format!("開票：{}。", counts.join("、")),
            }
        }
        (Happening::RunOff { tied, votes }, Lang::En) => format!(
            "A tie at {votes} vote{} between {}: a run-off.",
            if votes == 1 { "" } else { "s" },
            list(lang, tied, name)
        ),
        (Happening::RunOff { tied, votes }, Lang::Ja) => {
            format!("{}が{votes}票で同数のため、決選投票です。", list(lang, tied, name))
        }
        (Happening::Ended { outcome }, _) => end(lang, outcome.end, rules, name).1,
    }
}

/// The end: a heading and a sentence naming the condition that ended the game. `rules` are the table's: the share
/// of the living that the certain werewolves win at (R10.3; a third since Version 3), and what "certain" means
/// (the cards, or since Version 4 every way of giving out the roles that fits).
pub(super) fn end(lang: Lang, end: End, rules: Options, name: Namer<'_>) -> (String, String) {
    let r = |x: Role| role(lang, x);
    let deals = rules.certainty == Certainty::Deals;
    let title = match end {
        End::VillageWins => lang.pick("The village wins", "村人陣営の勝利"),
        End::AllDead | End::WerewolvesWin => lang.pick("The werewolves win", "人狼陣営の勝利"),
        End::Paradox(_) => lang.pick("Paradox", "パラドックス"),
    };
    let text = match (end, lang) {
        (End::AllDead, Lang::En) => "Everyone is dead, so the werewolves win.".to_owned(),
        (End::AllDead, Lang::Ja) => "全員が死亡したので、人狼陣営の勝ちです。".to_owned(),
        (End::VillageWins, Lang::En) => format!(
            "Nobody left alive can be a werewolf any more{}, so the village wins.",
            if deals {
                " in any way of giving out the roles that fits"
            } else {
                ""
            }
        ),
        (End::VillageWins, Lang::Ja) => format!(
            "生きている人の誰も{}人狼ではありえなくなったので、村人陣営の勝ちです。",
            if deals {
                "、卓と矛盾しないどの割り当てでも"
            } else {
                ""
            }
        ),
        (End::WerewolvesWin, Lang::En) => format!(
            "The certain werewolves{} are at least {} of the living, so the werewolves win.",
            if deals {
                " (werewolves in every way of giving out the roles that fits)"
            } else {
                ""
            },
            match rules.powers.parity {
                Parity::Half => "half",
                Parity::Third => "a third",
            }
        ),
        (End::WerewolvesWin, Lang::Ja) => format!(
            "人狼に確定した人{}が生存者の{}以上になったので、人狼陣営の勝ちです。",
            if deals {
                "（卓と矛盾しないすべての割り当てで人狼の人）"
            } else {
                ""
            },
            match rules.powers.parity {
                Parity::Half => "半分",
                Parity::Third => "3分の1",
            }
        ),
        (
            End::Paradox(Paradox::NoTransfer {
                player,
                role: x,
                cards: c,
            }),
            Lang::En,
        ) => format!(
            "{} must hand over {}, but nobody can take them: the table contradicts itself.",
            name(player),
            role_cards(lang, c, x)
        ),
        (
            End::Paradox(Paradox::NoTransfer {
                player,
                role: x,
                cards: c,
            }),
            Lang::Ja,
        ) => format!(
            "{}さんは{}カード{}を渡さなければなりませんが、受け取れる人がいません。卓が矛盾しました。",
            name(player),
            r(x),
            cards(lang, c)
        ),
        (End::Paradox(Paradox::NoRoleLeft { player }), Lang::En) => format!(
            "{} can no longer be any role at all: the table contradicts itself.",
            name(player)
        ),
        (End::Paradox(Paradox::NoRoleLeft { player }), Lang::Ja) => {
            format!(
                "{}さんはどの役職でもありえなくなりました。卓が矛盾しました。",
                name(player)
            )
        }
        (End::Paradox(Paradox::Contradiction), Lang::En) => {
            "No way of giving everyone a role fits what the table knows any more.".to_owned()
        }
        (End::Paradox(Paradox::Contradiction), Lang::Ja) => {
            "卓で分かっていることに合う役職の割り当てが、もう一つもありません。".to_owned()
        }
        (End::Paradox(Paradox::UndecidableVote { alive }), Lang::En) => {
            format!("Only {alive} players are alive, so no vote can ever be decided.")
        }
        (End::Paradox(Paradox::UndecidableVote { alive }), Lang::Ja) => {
            format!("生存者が{alive}人だけなので、投票で決着がつきません。")
        }
    };
    (title.to_owned(), text)
}

/// The warning beside a choice that would end the game with `outcome`: the end and who would win.
pub(super) fn ending_warning(lang: Lang, outcome: Outcome, rules: Options, name: Namer<'_>) -> String {
    let (title, sentence) = end(lang, outcome.end, rules, name);
    let winners = winners(lang, outcome, name);
    match lang {
        Lang::En => format!("This ends the game — {title}. {sentence} {winners}"),
        Lang::Ja => format!("これを選ぶとゲームが終わります（{title}）。{sentence}{winners}"),
    }
}

/// Who won, as a sentence, and why they did: the side each winner ended on (R10), or, after a paradox, that their
/// role was not yet certain (R11).
pub(super) fn winners(lang: Lang, outcome: Outcome, name: Namer<'_>) -> String {
    if outcome.winners.is_empty() {
        return lang.pick("Nobody wins.", "勝者はいません。").to_owned();
    }
    let who = list(lang, outcome.winners, name);
    match (lang, outcome.end) {
        (Lang::En, End::VillageWins) => {
            format!("Winners: {who}, everyone who can no longer be a werewolf, alive or dead.")
        }
        (Lang::Ja, End::VillageWins) => {
            format!("勝者は{who}です。人狼ではありえなくなった全員が、生死に関係なく勝ちます。")
        }
        (Lang::En, End::AllDead | End::WerewolvesWin) => {
            format!("Winners: {who}, everyone certain to be a werewolf, alive or dead.")
        }
        (Lang::Ja, End::AllDead | End::WerewolvesWin) => {
            format!("勝者は{who}です。人狼に確定した全員が、生死に関係なく勝ちます。")
        }
        (Lang::En, End::Paradox(_)) => format!("Winners: {who}, everyone whose role was not yet certain."),
        (Lang::Ja, End::Paradox(_)) => format!("勝者は{who}です。役職がまだ確定していなかった全員が勝ちます。"),
    }
}

/// Why the page's event was not taken, in words a player understands. `stale` when it answers a decision that
/// is no longer the table's (a double tap, or another device got there first): the page then just shows the
/// decision now pending.
pub(super) fn refusal(lang: Lang, error: Option<&WerewolfRefusal>) -> (bool, String) {
    let stale = matches!(
        error,
        Some(WerewolfRefusal::NotPending { .. } | WerewolfRefusal::GameOver)
    );
    let text = if let Some(WerewolfRefusal::LeavesNoWorld) = error {
        lang.pick(
            "No deal of the roles could explain the table after that, and another choice keeps one: please choose \
             again.",
            "そうすると、どの配役でも卓の状態を説明できなくなります。ほかに説明できる選択があるので、選び直してください。",
        )
    } else if stale {
        lang.pick(
            "That was already decided. Here is what the table decides now.",
            "それはもう決まっています。いま決めることを表示しました。",
        )
    } else {
        lang.pick(
            "That choice is not possible any more. Please choose again from what is shown.",
            "その選択はもうできません。表示されている中から選び直してください。",
        )
    };
    (stale, text.to_owned())
}

/// Why a saved log stopped replaying.
pub(super) fn log_cut(lang: Lang, event: usize) -> String {
    match lang {
        Lang::En => format!("The saved game could only be restored up to move {event}; play goes on from there."),
        Lang::Ja => format!("保存されたゲームは{event}手目までしか復元できませんでした。そこから続けます。"),
    }
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
                end(Lang::En, End::WerewolvesWin, rules, &name).1.contains(en),
                "{rules}"
            );
            assert!(
                end(Lang::Ja, End::WerewolvesWin, rules, &name).1.contains(ja),
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
        let v4 = end(Lang::En, End::WerewolvesWin, Options::V4, &name).1;
        assert!(
            v4.contains("every way of giving out the roles") && v4.contains("a third"),
            "{v4}"
        );
        assert!(
            !end(Lang::En, End::WerewolvesWin, Options::V3, &name)
                .1
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
            let sentence = end(Lang::Ja, end_, Options::V4, &name).1;
            assert_eq!(japanese_slips(&sentence), Vec::<String>::new(), "{sentence}");
        }
    }
}
