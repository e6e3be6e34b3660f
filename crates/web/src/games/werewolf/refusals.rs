//! The answers a table that refuses contradictions takes away, each with its reason in the player's language:
//! the page shows them greyed beside the answers it offers, so a missing target or card is never a silent gap.

use marubatsu_engine::werewolf::{RefusalReason, RefusedAnswer, Role, Seat, WerewolfEvent, WerewolfState};
use serde::Serialize;

use super::text::{self, Namer};
use crate::lang::Lang;

/// A refused mark, attack or card, as the page greys it out.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "WerewolfRefused"))]
pub(super) struct RefusedView {
    /// The player it is about: the marked or attacked player, or the dead whose card it is.
    target: Seat,
    /// What the answer's button would say.
    label: String,
    /// Why it is refused, as a sentence.
    reason: String,
}

/// Every refused answer to the pending decision, in the engine's order.
pub(super) fn refused(game: &WerewolfState, name: Namer<'_>, lang: Lang) -> Vec<RefusedView> {
    game.refused_answers()
        .into_iter()
        .filter_map(|RefusedAnswer { event, reason }| {
            let (target, label) = match event {
                WerewolfEvent::Verdict { target, .. } | WerewolfEvent::Attack { target, .. } => {
                    (target, text::option(lang, &event))
                }
                WerewolfEvent::Draw { player, index } => (player, card(lang, game.hand(player).card(index)?)),
                _ => return None,
            };
            Some(RefusedView {
                target,
                label,
                reason: sentence(lang, reason, name),
            })
        })
        .collect()
}

fn card(lang: Lang, role: Role) -> String {
    match lang {
        Lang::En => format!("A {} card", text::role(lang, role)),
        Lang::Ja => format!("{}カード", text::role(lang, role)),
    }
}

/// The reason in words: the fact about the worlds, then the rule it breaks.
fn sentence(lang: Lang, reason: RefusalReason, name: Namer<'_>) -> String {
    let r = |role: Role| text::role(lang, role);
    match (reason, lang) {
        (RefusalReason::BothWerewolves { wolf, target }, Lang::En) => format!(
            "In every world that fits the table, {} and {} are both werewolves, and a werewolf cannot attack a \
             werewolf.",
            name(wolf),
            name(target)
        ),
        (RefusalReason::BothWerewolves { wolf, target }, Lang::Ja) => format!(
            "卓と矛盾しないどの世界でも、{}と{}はどちらも人狼です。人狼は人狼を襲撃できません。",
            name(wolf),
            name(target)
        ),
        (RefusalReason::NeverWerewolf { seer, target }, Lang::En) => format!(
            "In every world that fits the table, {} is the seer and {} is not a werewolf, so a black mark cannot be \
             true.",
            name(seer),
            name(target)
        ),
        (RefusalReason::NeverWerewolf { seer, target }, Lang::Ja) => format!(
            "卓と矛盾しないどの世界でも、{}は占い師で、{}は人狼ではありません。黒は正しくなりえません。",
            name(seer),
            name(target)
        ),
        (RefusalReason::AlwaysWerewolf { seer, target }, Lang::En) => format!(
            "In every world that fits the table, {} is the seer and {} is a werewolf, so a white mark cannot be true.",
            name(seer),
            name(target)
        ),
        (RefusalReason::AlwaysWerewolf { seer, target }, Lang::Ja) => format!(
            "卓と矛盾しないどの世界でも、{}は占い師で、{}は人狼です。白は正しくなりえません。",
            name(seer),
            name(target)
        ),
        (RefusalReason::LastCardOfTheirRole { player, role }, Lang::En) => format!(
            "This exchange would take {}'s last {} card, and {} is a {} in every world that fits the table.",
            name(player),
            r(role),
            name(player),
            r(role)
        ),
        (RefusalReason::LastCardOfTheirRole { player, role }, Lang::Ja) => format!(
            "この交換で{}の最後の{}カードがなくなりますが、卓と矛盾しないどの世界でも{}は{}です。",
            name(player),
            r(role),
            name(player),
            r(role)
        ),
        (RefusalReason::NoWorldGives { player, role }, Lang::En) => format!(
            "No world that fits the table makes {} a {}, so this card is set aside.",
            name(player),
            r(role)
        ),
        (RefusalReason::NoWorldGives { player, role }, Lang::Ja) => format!(
            "卓と矛盾しない世界で{}が{}であるものはないので、このカードは引きません。",
            name(player),
            r(role)
        ),
        (RefusalReason::NoWorldFits, Lang::En) => "After this, no world would fit the table.".to_owned(),
        (RefusalReason::NoWorldFits, Lang::Ja) => "これを選ぶと、卓と矛盾しない世界がなくなります。".to_owned(),
    }
}
