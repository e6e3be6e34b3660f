//! The two points the book leaves open, as table options: how attacks kill (R5) and when a dead player's card is
//! drawn (R8). The spec settles both; a table may play the other reading.

use core::fmt;

/// Whose attack chits count towards death by attack (R5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "WerewolfAttackDeath"))]
pub enum AttackDeath {
    /// The spec's reading: two attack chits owned by fixed werewolves kill, even if one werewolf placed both.
    #[default]
    AnyChits,
    /// Only chits of two different fixed werewolves kill ("two attacks, since there are two werewolves").
    TwoWolves,
}

/// When a dead player's card is drawn (R8), relative to the transfers they still owe.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "WerewolfDeathDraw"))]
pub enum DeathDraw {
    /// The spec's reading: every transfer owed is made first, so the card comes from a hand holding only
    /// roles the player may still be.
    #[default]
    AfterTransfers,
    /// The card is drawn at once from the hand as it is, lost roles' cards included: drawing one of those
    /// leaves the player no role at all, a paradox (R11).
    BeforeTransfers,
}

impl AttackDeath {
    /// Both readings, the spec's first.
    pub const ALL: [AttackDeath; 2] = [AttackDeath::AnyChits, AttackDeath::TwoWolves];

    /// The name on the command line and in reports: `any-chits`, `two-wolves`.
    pub const fn name(self) -> &'static str {
        match self {
            AttackDeath::AnyChits => "any-chits",
            AttackDeath::TwoWolves => "two-wolves",
        }
    }
}

impl DeathDraw {
    /// Both readings, the spec's first.
    pub const ALL: [DeathDraw; 2] = [DeathDraw::AfterTransfers, DeathDraw::BeforeTransfers];

    /// The name on the command line and in reports: `after-transfers`, `before-transfers`.
    pub const fn name(self) -> &'static str {
        match self {
            DeathDraw::AfterTransfers => "after-transfers",
            DeathDraw::BeforeTransfers => "before-transfers",
        }
    }
}

impl fmt::Display for AttackDeath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for DeathDraw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
