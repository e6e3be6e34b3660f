//! The rule combinations that exist for the simulator's workbench, not for the page: every set of werewolf
//! powers, and options changed one choice at a time. The page plays [`Options::V2`] and [`Options::V3`] only;
//! the workbench (`marubatsu_sim::workbench`) plays these to find which combination is fairest, and Version 3 is
//! the one it found.

use super::{Contradictions, FirstVote, Options, Parity, Powers, StarterAttack};

impl Powers {
    /// Every combination, none first and all last.
    pub const ALL: [Powers; 8] = {
        let mut all = [Powers::NONE; 8];
        let mut i = 0;
        while i < 8 {
            all[i] = Powers {
                starter_attack: if i & 1 == 0 {
                    StarterAttack::Chit
                } else {
                    StarterAttack::Kills
                },
                parity: if i & 2 == 0 { Parity::Half } else { Parity::Third },
                first_vote: if i & 4 == 0 {
                    FirstVote::Held
                } else {
                    FirstVote::Skipped
                },
            };
            i += 1;
        }
        all
    };
}

impl Options {
    /// The same options with these powers for the werewolves.
    #[must_use]
    pub const fn with_powers(self, powers: Powers) -> Options {
        Options { powers, ..self }
    }

    /// The same options with contradictions refused or played.
    #[must_use]
    pub const fn with_contradictions(self, contradictions: Contradictions) -> Options {
        Options { contradictions, ..self }
    }
}
