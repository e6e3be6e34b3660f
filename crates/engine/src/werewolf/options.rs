//! The three choices that decide most games (Version 3), as table options: when the end is checked (R10), what
//! becomes of cards nobody may take (R7), and who marks in the seer phase (R4); beside them the candidate
//! powers for the werewolves ([`Powers`]). [`Options::V2`] plays the rules as Version 2 wrote them;
//! [`Options::V3`] is Version 3's choice (`docs/rules/quantum-werewolf.md`).
//!
//! The page offers those two versions only. Every other combination exists for the simulator's workbench
//! (`marubatsu-sim`), which plays them to find the fairest; the constructors only it needs live in the `impl`
//! blocks of `options/workbench.rs`, so this file holds what a played table uses. Every combination keeps its
//! name ([`Options::name`], [`Options::from_name`]): recorded games and sweeps name their rules by it.

use core::fmt;

mod workbench;

/// When the end conditions (R10) are looked at, relative to transfers, draws and paradoxes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum EndCheck {
    /// Version 2: only once every owed transfer and draw is done, so a paradox on the way can take a game a
    /// side had already won.
    #[default]
    AfterResolution,
    /// Version 3: an end that holds ends the game at once, before any transfer, draw or paradox; a paradox is
    /// declared only while no end condition holds.
    EndFirst,
}

/// What happens to cards of a lost role that no player may receive (R7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Unplaceable {
    /// Version 2: when no owed transfer can be completed, the game ends in a paradox.
    #[default]
    Paradox,
    /// Version 3: when no owed transfer can be completed in full, each debtor hands over as many cards as
    /// may be placed and the rest leave the game (the hand shrinks). A deadlock in the bookkeeping is not a
    /// contradiction of the world, so it no longer ends the game.
    Discard,
}

/// Who marks in the seer phase (R4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Markers {
    /// Version 2: every alive holder of a seer card, clockwise from the start player.
    #[default]
    EverySeerCard,
    /// Version 3: only the start player, who holds the most seer cards; fewer self-declared seers make
    /// fewer contradictions.
    LikeliestSeer,
}

/// Whether a choice or a draw may leave no consistent world (R11).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Contradictions {
    /// Version 2: any legal choice may be made and any card drawn; one that leaves no consistent world ends
    /// the game in a paradox.
    #[default]
    Paradox,
    /// A choice, or a card drawn at a death, after which no world is consistent is refused while another
    /// choice (or card) keeps one; only when every one of them contradicts does the game end in a paradox.
    /// The engine is the game master here: it does what the original game's master does, never letting the
    /// table state what no deal could explain. The simulator found most paradoxes came from a drawn card of a
    /// role no world gave the dead player, and from marks and attacks the table could have seen were
    /// impossible.
    Refused,
}

/// Whether the attack phase's start player kills (R5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum StarterAttack {
    /// Version 2: every attack is a chit like any other; only two chits of fixed werewolves kill.
    #[default]
    Chit,
    /// A werewolf power: the attack of the attack phase's start player (the likeliest werewolf) kills its
    /// target at once, whatever the attacker turns out to be — a kill the wolves can count on every round.
    Kills,
}

/// How many fixed werewolves among the living win for the werewolves (R10.3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Parity {
    /// Version 2: at least half of the living.
    #[default]
    Half,
    /// A werewolf power: at least a third of the living.
    Third,
}

/// Whether round 1 ends with a vote (R9).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum FirstVote {
    /// Version 2: every round ends with a vote.
    #[default]
    Held,
    /// A werewolf power: round 1 has no vote, so the village cannot vote out the likeliest werewolf before
    /// anyone has been attacked.
    Skipped,
}

/// What "certain" means to the end conditions (R10) and to who wins: the one meaning the page's bars show too.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Certainty {
    /// Versions 2 and 3: a player is certain of a role when every other role is lost (their cards say so).
    #[default]
    Cards,
    /// Version 4: a player is certain of a role when every consistent deal gives it to them, and is no
    /// werewolf when none does — what the chance bars show as 100% and 0%, as the original quantum werewolf ends.
    Deals,
}

/// How a dead player's card is drawn (R8).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum DrawBy {
    /// Versions 2 and 3: one card of the hand, each (drawable) card as likely as another.
    #[default]
    Card,
    /// Version 4: a consistent deal drawn uniformly decides the role, so each role comes up exactly as often as
    /// the chance shown for it ([`WerewolfState::draw_weights`](super::WerewolfState::draw_weights)).
    Deal,
}

/// The candidate powers for the werewolves, each off under Version 2.
///
/// ```
/// use marubatsu_engine::werewolf::{FirstVote, Parity, Powers, StarterAttack};
///
/// assert_eq!(Powers::NONE.name(), "");
/// let all = Powers { starter_attack: StarterAttack::Kills, parity: Parity::Third, first_vote: FirstVote::Skipped };
/// assert_eq!(all.name(), "+starter-kills+third+no-first-vote");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase", deny_unknown_fields))]
pub struct Powers {
    /// Whether the attack phase's start player kills (R5).
    #[cfg_attr(feature = "serde", serde(default))]
    pub starter_attack: StarterAttack,
    /// The werewolves' share of the living that wins (R10.3).
    #[cfg_attr(feature = "serde", serde(default))]
    pub parity: Parity,
    /// Whether round 1 has a vote (R9).
    #[cfg_attr(feature = "serde", serde(default))]
    pub first_vote: FirstVote,
}

impl Powers {
    /// No power: the rules as Version 2 wrote them.
    pub const NONE: Powers = Powers {
        starter_attack: StarterAttack::Chit,
        parity: Parity::Half,
        first_vote: FirstVote::Held,
    };

    /// The powers that are on, each as `+name`, in a fixed order: empty for none.
    pub fn name(self) -> String {
        POWER_NAMES
            .iter()
            .filter(|(_, on)| on(self))
            .map(|(name, _)| format!("+{name}"))
            .collect()
    }

    /// Turns on the power called `name`; `None` if no power is called that.
    fn with(self, name: &str) -> Option<Powers> {
        let mut powers = self;
        match name {
            "starter-kills" => powers.starter_attack = StarterAttack::Kills,
            "third" => powers.parity = Parity::Third,
            "no-first-vote" => powers.first_vote = FirstVote::Skipped,
            _ => return None,
        }
        Some(powers)
    }
}

/// Each power's name, and whether a set of powers has it on.
type PowerName = (&'static str, fn(Powers) -> bool);
const POWER_NAMES: [PowerName; 3] = [
    ("starter-kills", |p| p.starter_attack == StarterAttack::Kills),
    ("third", |p| p.parity == Parity::Third),
    ("no-first-vote", |p| p.first_vote == FirstVote::Skipped),
];

/// A table's choice for each of the three options, and the werewolves' powers.
///
/// ```
/// use marubatsu_engine::werewolf::{EndCheck, Markers, Options, Table, Unplaceable};
///
/// assert_eq!(Options::default(), Options::V2);
/// assert_eq!(Options::V3.end_check, EndCheck::EndFirst);
/// let table = Table::DEFAULT.with_options(Options { markers: Markers::LikeliestSeer, ..Options::V2 });
/// assert_eq!(table.options().unplaceable, Unplaceable::Paradox);
/// assert_eq!(Options::V2.name(), "after-resolution+paradox+every-seer-card");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase", deny_unknown_fields))]
pub struct Options {
    /// When R10 is checked.
    pub end_check: EndCheck,
    /// Cards nobody may take (R7).
    pub unplaceable: Unplaceable,
    /// Who marks (R4).
    pub markers: Markers,
    /// Whether a contradicting choice or draw is refused (R11); played, as in Version 2, if absent.
    #[cfg_attr(feature = "serde", serde(default))]
    pub contradictions: Contradictions,
    /// The werewolves' powers; none if absent.
    #[cfg_attr(feature = "serde", serde(default))]
    pub powers: Powers,
    /// What "certain" means to R10; by the cards, as in Versions 2 and 3, if absent.
    #[cfg_attr(feature = "serde", serde(default))]
    pub certainty: Certainty,
    /// How a dead player's card is drawn (R8); a card, as in Versions 2 and 3, if absent.
    #[cfg_attr(feature = "serde", serde(default))]
    pub draw: DrawBy,
}

impl Options {
    /// The rules as Version 2 wrote them.
    pub const V2: Options = Options {
        end_check: EndCheck::AfterResolution,
        unplaceable: Unplaceable::Paradox,
        markers: Markers::EverySeerCard,
        contradictions: Contradictions::Paradox,
        powers: Powers::NONE,
        certainty: Certainty::Cards,
        draw: DrawBy::Card,
    };

    /// Version 3: end first, discard, only the likeliest seer marks, contradictions refused; and two werewolf
    /// powers, the start player's killing attack and a third as parity — the combination the workbench found
    /// fairest of those tried, at [`Table::VERSION_3`](super::Table::VERSION_3) (`marubatsu werewolf
    /// workbench`; `docs/src/results/werewolf.md`).
    pub const V3: Options = Options {
        end_check: EndCheck::EndFirst,
        unplaceable: Unplaceable::Discard,
        markers: Markers::LikeliestSeer,
        contradictions: Contradictions::Refused,
        powers: Powers {
            starter_attack: StarterAttack::Kills,
            parity: Parity::Third,
            first_vote: FirstVote::Held,
        },
        certainty: Certainty::Cards,
        draw: DrawBy::Card,
    };

    /// Version 4: Version 3 where "certain" means what every consistent deal agrees on, for the end conditions and
    /// the winners as for the page, and a dead player's role is drawn by a uniform consistent deal, so the chance
    /// shown is the chance of the draw; with round 1's vote skipped as well, the powers under which strong sides
    /// split the decided games most evenly at [`Table::VERSION_4`](super::Table::VERSION_4) (`marubatsu werewolf
    /// workbench --panel`; `docs/src/results/werewolf.md`, "Version 4").
    pub const V4: Options = Options {
        certainty: Certainty::Deals,
        draw: DrawBy::Deal,
        powers: Powers {
            first_vote: FirstVote::Skipped,
            ..Options::V3.powers
        },
        ..Options::V3
    };

    /// Every combination of the three choices without powers, Version 2's first.
    pub const ALL: [Options; 8] = {
        let mut all = [Options::V2; 8];
        let mut i = 0;
        while i < 8 {
            all[i] = Options {
                end_check: if i & 4 == 0 {
                    EndCheck::AfterResolution
                } else {
                    EndCheck::EndFirst
                },
                unplaceable: if i & 2 == 0 {
                    Unplaceable::Paradox
                } else {
                    Unplaceable::Discard
                },
                markers: if i & 1 == 0 {
                    Markers::EverySeerCard
                } else {
                    Markers::LikeliestSeer
                },
                contradictions: Contradictions::Paradox,
                powers: Powers::NONE,
                certainty: Certainty::Cards,
                draw: DrawBy::Card,
            };
            i += 1;
        }
        all
    };

    /// The name on the command line and in reports: the three choices joined by `+`, then `+refuse-contradictions`
    /// when they are refused, `+deal-certainty` and `+deal-draw` when on, then the powers that are on
    /// ([`Powers::name`]).
    pub fn name(self) -> String {
        let refused = match self.contradictions {
            Contradictions::Paradox => "",
            Contradictions::Refused => REFUSED,
        };
        let certainty = match self.certainty {
            Certainty::Cards => "",
            Certainty::Deals => DEAL_CERTAINTY,
        };
        let draw = match self.draw {
            DrawBy::Card => "",
            DrawBy::Deal => DEAL_DRAW,
        };
        format!(
            "{}{refused}{certainty}{draw}{}",
            self.choices_name(),
            self.powers.name()
        )
    }

    /// The three choices' name, without the powers.
    pub const fn choices_name(self) -> &'static str {
        const NAMES: [&str; 8] = [
            "after-resolution+paradox+every-seer-card",
            "after-resolution+paradox+likeliest-seer",
            "after-resolution+discard+every-seer-card",
            "after-resolution+discard+likeliest-seer",
            "end-first+paradox+every-seer-card",
            "end-first+paradox+likeliest-seer",
            "end-first+discard+every-seer-card",
            "end-first+discard+likeliest-seer",
        ];
        NAMES[self.index()]
    }

    /// The position of the three choices in [`Options::ALL`].
    pub const fn index(self) -> usize {
        let end = match self.end_check {
            EndCheck::AfterResolution => 0,
            EndCheck::EndFirst => 4,
        };
        let cards = match self.unplaceable {
            Unplaceable::Paradox => 0,
            Unplaceable::Discard => 2,
        };
        let markers = match self.markers {
            Markers::EverySeerCard => 0,
            Markers::LikeliestSeer => 1,
        };
        end + cards + markers
    }

    /// The options named by [`Options::name`], or by the short names `v2`, `v3` and `v4`, each of which may be
    /// followed by powers (`v3+third`).
    pub fn from_name(name: &str) -> Option<Options> {
        let mut parts = name.split('+');
        let first = parts.next()?;
        let (base, rest): (Options, Vec<&str>) = match first {
            "v2" => (Options::V2, parts.collect()),
            "v3" => (Options::V3, parts.collect()),
            "v4" => (Options::V4, parts.collect()),
            _ => {
                let parts: Vec<&str> = core::iter::once(first).chain(parts).collect();
                let choices = parts.get(..3)?.join("+");
                let base = Options::ALL.into_iter().find(|o| o.choices_name() == choices)?;
                (base, parts[3..].to_vec())
            }
        };
        let mut base = base;
        let mut powers = Vec::new();
        let mut seen = [false; 3];
        for part in rest {
            let flag = [REFUSED, DEAL_CERTAINTY, DEAL_DRAW]
                .iter()
                .position(|f| part == &f[1..]);
            match flag {
                Some(i) if seen[i] => return None,
                Some(i) => seen[i] = true,
                None => powers.push(part),
            }
            match flag {
                Some(0) => base = base.with_contradictions(Contradictions::Refused),
                Some(1) => base.certainty = Certainty::Deals,
                Some(_) => base.draw = DrawBy::Deal,
                None => {}
            }
        }
        powers
            .into_iter()
            .try_fold(base.powers, Powers::with)
            .map(|powers| base.with_powers(powers))
    }
}

/// The name's part for [`Contradictions::Refused`].
const REFUSED: &str = "+refuse-contradictions";
/// The name's part for [`Certainty::Deals`].
const DEAL_CERTAINTY: &str = "+deal-certainty";
/// The name's part for [`DrawBy::Deal`].
const DEAL_DRAW: &str = "+deal-draw";

impl fmt::Display for Options {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_combination_has_one_name_and_one_index() {
        for (i, options) in Options::ALL.into_iter().enumerate() {
            assert_eq!(options.index(), i);
            assert_eq!(Options::from_name(&options.name()), Some(options));
        }
        assert_eq!(Options::ALL[0], Options::V2);
        assert_eq!(
            Options::ALL[7],
            Options::V3
                .with_powers(Powers::NONE)
                .with_contradictions(Contradictions::Paradox)
        );
        assert_eq!(
            Options::V3.name(),
            "end-first+discard+likeliest-seer+refuse-contradictions+starter-kills+third"
        );
        assert_eq!(Options::from_name("v3"), Some(Options::V3));
        assert_eq!(Options::from_name("v4"), Some(Options::V4));
        assert_eq!(
            Options::V4.name(),
            "end-first+discard+likeliest-seer+refuse-contradictions+deal-certainty+deal-draw+starter-kills+third+no-first-vote"
        );
        assert_eq!(Options::from_name(&Options::V4.name()), Some(Options::V4));
        assert_eq!(
            Options::from_name("v3+deal-certainty+deal-draw+no-first-vote"),
            Some(Options::V4)
        );
        assert_eq!(Options::from_name("v2+deal-draw+deal-draw"), None);
        assert_eq!(Options::from_name("end-first"), None);
    }

    #[test]
    fn powers_round_trip_by_name_after_any_options() {
        for options in Options::ALL {
            for powers in Powers::ALL {
                let with = options.with_powers(powers);
                assert_eq!(Options::from_name(&with.name()), Some(with), "{}", with.name());
            }
        }
        for options in Options::ALL {
            let refused = options
                .with_contradictions(Contradictions::Refused)
                .with_powers(Powers::ALL[3]);
            assert_eq!(Options::from_name(&refused.name()), Some(refused), "{}", refused.name());
        }
        assert_eq!(
            Options::from_name("v2+refuse-contradictions+third").map(|o| (o.contradictions, o.powers.parity)),
            Some((Contradictions::Refused, Parity::Third))
        );
        assert_eq!(
            Options::from_name("v2+refuse-contradictions+refuse-contradictions"),
            None
        );
        let third = Options::from_name("v2+third");
        assert_eq!(third.map(|o| o.powers.parity), Some(Parity::Third));
        assert_eq!(Options::from_name("v2+sixth"), None);
        assert_eq!(Options::from_name("v2+"), None);
    }

    #[cfg(feature = "serde")]
    #[test]
    fn options_without_powers_read_as_none_and_powers_round_trip() -> Result<(), serde_json::Error> {
        let old: Options =
            serde_json::from_str(r#"{"endCheck":"end-first","unplaceable":"discard","markers":"likeliest-seer"}"#)?;
        let first_v3 = Options::V3
            .with_powers(Powers::NONE)
            .with_contradictions(Contradictions::Paradox);
        assert_eq!(old, first_v3);
        for powers in Powers::ALL {
            let options = Options::V2.with_powers(powers);
            assert_eq!(
                serde_json::from_str::<Options>(&serde_json::to_string(&options)?)?,
                options
            );
        }
        let json = serde_json::to_string(&Powers::ALL[7])?;
        assert_eq!(
            json,
            r#"{"starterAttack":"kills","parity":"third","firstVote":"skipped"}"#
        );
        Ok(())
    }
}
