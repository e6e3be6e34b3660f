//! Player names a table must refuse, shared by the relay's and werewolf's API suites: both games seat players by
//! the engine's one name rule, so each refusal reads the same in both.

/// Three players' names, and how the English refusal of that table begins.
pub type RefusedNames = ([&'static str; 3], &'static str);

/// Names that read the same once normalised (NFC, NFKC, case, spaces), and one that shows nothing.
pub const REFUSED_NAMES: [RefusedNames; 5] = [
    (
        ["e\u{301}", "Bo", "\u{e9}"],
        "Player 3 (\"\u{e9}\") reads the same as player 1 (\"e\u{301}\")",
    ),
    (
        ["Ann", "Bo", " ann "],
        "Player 3 (\"ann\") reads the same as player 1 (\"Ann\")",
    ),
    (
        ["Aki", "Bo", "Ａｋｉ"],
        "Player 3 (\"Ａｋｉ\") reads the same as player 1 (\"Aki\")",
    ),
    (
        ["アキ", "Bo", "ｱｷ"],
        "Player 3 (\"ｱｷ\") reads the same as player 1 (\"アキ\")",
    ),
    (["Ann", "\u{200b}\u{200b}", "Cy"], "Player 2's name has nothing visible"),
];
