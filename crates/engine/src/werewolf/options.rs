//! The three choices that decide most games (Version 3), as table options: when the end is checked (R10), what
//! becomes of cards nobody may take (R7), and who marks in the seer phase (R4). [`Options::V2`] plays the
//! rules as Version 2 wrote them; [`Options::V3`] is Version 3's choice (`docs/rules/quantum-werewolf.md`).

use core::fmt;

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

/// A table's choice for each of the three options.
///
/// ```
/// use marubatsu_engine::werewolf::{EndCheck, Markers, Options, Table, Unplaceable};
///
/// assert_eq!(Options::default(), Options::V2);
/// assert_eq!(Options::V3.end_check, EndCheck::EndFirst);
/// let table = Table::DEFAULT.with_options(Options { markers: Markers::LikeliestSeer, ..Options::V2 });
/// assert_eq!(table.options().unplaceable, Unplaceable::Paradox);
/// assert_eq!(Options::V3.name(), "end-first+discard+likeliest-seer");
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
}

impl Options {
    /// The rules as Version 2 wrote them.
    pub const V2: Options = Options {
        end_check: EndCheck::AfterResolution,
        unplaceable: Unplaceable::Paradox,
        markers: Markers::EverySeerCard,
    };

    /// Version 3: end first, discard, only the likeliest seer marks.
    pub const V3: Options = Options {
        end_check: EndCheck::EndFirst,
        unplaceable: Unplaceable::Discard,
        markers: Markers::LikeliestSeer,
    };

    /// Every combination, Version 2's first and Version 3's last.
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
            };
            i += 1;
        }
        all
    };

    /// The name on the command line and in reports: the three choices joined by `+`.
    pub const fn name(self) -> &'static str {
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

    /// The position in [`Options::ALL`].
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

    /// The options named by [`Options::name`], or by the short names `v2` and `v3`.
    pub fn from_name(name: &str) -> Option<Options> {
        match name {
            "v2" => Some(Options::V2),
            "v3" => Some(Options::V3),
            _ => Options::ALL.into_iter().find(|o| o.name() == name),
        }
    }
}

impl fmt::Display for Options {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_combination_has_one_name_and_one_index() {
        for (i, options) in Options::ALL.into_iter().enumerate() {
            assert_eq!(options.index(), i);
            assert_eq!(Options::from_name(options.name()), Some(options));
        }
        assert_eq!(Options::ALL[0], Options::V2);
        assert_eq!(Options::ALL[7], Options::V3);
        assert_eq!(Options::from_name("v3"), Some(Options::V3));
        assert_eq!(Options::from_name("end-first"), None);
    }
}
