//! The answers a table that refuses contradictions takes away, each with its reason in the player's language
//! (the game's catalog, `strings.js`):
//! the page shows them greyed beside the answers it offers, so a missing target or card is never a silent gap.

use marubatsu_engine::werewolf::{RefusalReason, RefusedAnswer, Role, Seat, WerewolfEvent, WerewolfState};
use serde::Serialize;

use super::text::{self, Namer};
use crate::lang::Lang;
use crate::words::t;

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
    t(lang, "werewolf.refused.card", &[("role", &text::role(lang, role))])
}

/// The reason in words: the fact about the worlds, then the rule it breaks.
fn sentence(lang: Lang, reason: RefusalReason, name: Namer<'_>) -> String {
    let r = |role: Role| text::role(lang, role);
    match reason {
        RefusalReason::BothWerewolves { wolf, target } => t(
            lang,
            "werewolf.refused.bothWerewolves",
            &[("wolf", &name(wolf)), ("target", &name(target))],
        ),
        RefusalReason::NeverWerewolf { seer, target } => t(
            lang,
            "werewolf.refused.neverWerewolf",
            &[("seer", &name(seer)), ("target", &name(target))],
        ),
        RefusalReason::AlwaysWerewolf { seer, target } => t(
            lang,
            "werewolf.refused.alwaysWerewolf",
            &[("seer", &name(seer)), ("target", &name(target))],
        ),
        RefusalReason::LastCardOfTheirRole { player, role } => t(
            lang,
            "werewolf.refused.lastCardOfTheirRole",
            &[("player", &name(player)), ("role", &r(role))],
        ),
        RefusalReason::NoWorldGives { player, role } => t(
            lang,
            "werewolf.refused.noWorldGives",
            &[("player", &name(player)), ("role", &r(role))],
        ),
        RefusalReason::NoWorldFits => t(lang, "werewolf.refused.noWorldFits", &[]),
    }
}
