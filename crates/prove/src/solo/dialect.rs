//! Which solo interface a contract speaks, decided from its JSON ABI alone: the toolkit's `ISoloTicTacToe`, or the
//! book's shape (a public `games(uint256)` getter instead of `getGame`). Both share `newGame`, `play` and
//! `previewCpuMove`; only the way a game is read back differs.

use std::fmt;

use serde::Serialize;
use serde_json::Value;

/// The interface a solo contract implements to be proved (relative to the toolkit's repository).
pub const SOLO_INTERFACE_FILE: &str = "contracts/interfaces/ISoloTicTacToe.sol";

/// The functions every dialect needs, as canonical signatures, with what each must return.
const COMMON: [(&str, &str); 3] = [
    ("newGame(uint8,bool)", "uint256"),
    ("play(uint256,uint8)", ""),
    ("previewCpuMove(uint16,uint16,uint8,uint256)", "uint8"),
];

/// The toolkit's getter.
const GET_GAME: &str = "getGame(uint256)";
/// The book's getter: the public mapping of games.
const GAMES: &str = "games(uint256)";

/// Names the book's getter may give the player's board (compared without case or underscores).
const PLAYER_BOARD_NAMES: [&str; 4] = ["boardplayer", "playerboard", "humanboard", "boardhuman"];
/// Names the book's getter may give the CPU's board.
const CPU_BOARD_NAMES: [&str; 2] = ["boardcpu", "cpuboard"];
/// Names the book's getter may give the game's result.
const RESULT_NAMES: [&str; 2] = ["result", "status"];

/// How a solo contract is called.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "dialect")]
pub enum SoloDialect {
    /// The toolkit's `ISoloTicTacToe`: `getGame(uint256)` returns (player, difficulty, playerBoard, cpuBoard,
    /// result).
    Marubatsu,
    /// The book's shape: a public `games(uint256)` getter of a struct holding both boards and the result.
    Book(BookGetter),
}

/// Where the book's `games(uint256)` getter puts the fields the proofs read: each output's word in the return
/// data's head (a getter of a struct returns its members in declaration order).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BookGetter {
    /// The head word of the player's board.
    pub player_board: usize,
    /// The head word of the CPU's board.
    pub cpu_board: usize,
    /// The head word of the result (0 in progress, 1 player won, 2 CPU won, 3 draw).
    pub result: usize,
    /// How many head words the return data has at least.
    pub words: usize,
    /// The getter's outputs as written in the ABI (`address player, uint16 boardPlayer, …`), for messages.
    pub outputs: String,
}

impl SoloDialect {
    /// `marubatsu` or `book`, as reports name it.
    pub fn name(&self) -> &'static str {
        match self {
            SoloDialect::Marubatsu => "marubatsu",
            SoloDialect::Book(_) => "book",
        }
    }

    /// The signature of the function that reads a game back.
    pub fn game_getter(&self) -> &'static str {
        match self {
            SoloDialect::Marubatsu => GET_GAME,
            SoloDialect::Book(_) => GAMES,
        }
    }
}

/// Why a contract cannot be proved as a solo game: the functions it lacks, or those it has in a shape the proofs
/// cannot read, and the interface to implement.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
pub struct Nonconforming {
    /// Canonical signatures of the functions that are missing.
    pub missing: Vec<String>,
    /// Functions present but unusable, each in words.
    pub problems: Vec<String>,
    /// The interface file to implement.
    pub interface: &'static str,
}

impl fmt::Display for Nonconforming {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the contract does not speak the solo interface")?;
        if !self.missing.is_empty() {
            write!(f, "; missing: {}", self.missing.join(", "))?;
        }
        for problem in &self.problems {
            write!(f, "; {problem}")?;
        }
        write!(
            f,
            " (implement {}, or the book's public games(uint256) getter in place of getGame)",
            self.interface
        )
    }
}

/// One function of a JSON ABI, reduced to what the check needs.
struct AbiFunction<'a> {
    signature: String,
    outputs: &'a [Value],
}

/// Decides the dialect of a contract from its JSON ABI (as `CompiledContract::abi` holds it).
pub fn solo_dialect(abi: &Value) -> Result<SoloDialect, Nonconforming> {
    let functions = abi_functions(abi);
    let find = |signature: &str| functions.iter().find(|f| f.signature == signature);
    let mut missing = Vec::new();
    let mut problems = Vec::new();
    for (signature, returns) in COMMON {
        match find(signature) {
            None => missing.push(signature.to_owned()),
            Some(function) => {
                let types: Vec<String> = function.outputs.iter().map(canonical_type).collect();
                let leads = types.first().map(String::as_str).unwrap_or("");
                if !returns.is_empty() && leads != returns {
                    problems.push(format!(
                        "{signature} must return {returns}, but returns ({})",
                        types.join(", ")
                    ));
                }
            }
        }
    }
    let dialect = if let Some(get_game) = find(GET_GAME) {
        let types: Vec<String> = get_game.outputs.iter().map(canonical_type).collect();
        if types != ["address", "uint8", "uint16", "uint16", "uint8"] {
            problems.push(format!(
                "{GET_GAME} must return (address, uint8, uint16, uint16, uint8) as {SOLO_INTERFACE_FILE} says, but \
                 returns ({})",
                types.join(", ")
            ));
        }
        Some(SoloDialect::Marubatsu)
    } else if let Some(games) = find(GAMES) {
        match book_getter(games.outputs) {
            Ok(getter) => Some(SoloDialect::Book(getter)),
            Err(problem) => {
                problems.push(problem);
                None
            }
        }
    } else {
        missing.push(GET_GAME.to_owned());
        None
    };
    match dialect {
        Some(dialect) if missing.is_empty() && problems.is_empty() => Ok(dialect),
        _ => Err(Nonconforming {
            missing,
            problems,
            interface: SOLO_INTERFACE_FILE,
        }),
    }
}

fn abi_functions(abi: &Value) -> Vec<AbiFunction<'_>> {
    let items = abi.as_array().map(Vec::as_slice).unwrap_or(&[]);
    items
        .iter()
        .filter(|item| item.get("type").and_then(Value::as_str) == Some("function"))
        .filter_map(|item| {
            let name = item.get("name")?.as_str()?;
            let inputs = item
                .get("inputs")
                .and_then(Value::as_array)
                .map(Vec::as_slice)
                .unwrap_or(&[]);
            let outputs = item
                .get("outputs")
                .and_then(Value::as_array)
                .map(Vec::as_slice)
                .unwrap_or(&[]);
            let types: Vec<String> = inputs.iter().map(canonical_type).collect();
            Some(AbiFunction {
                signature: format!("{name}({})", types.join(",")),
                outputs,
            })
        })
        .collect()
}

/// A parameter's type as a selector spells it: tuples written out as `(…)`, array suffixes kept.
fn canonical_type(param: &Value) -> String {
    let ty = param.get("type").and_then(Value::as_str).unwrap_or("");
    match ty.strip_prefix("tuple") {
        Some(suffix) => {
            let components = param
                .get("components")
                .and_then(Value::as_array)
                .map(Vec::as_slice)
                .unwrap_or(&[]);
            let inner: Vec<String> = components.iter().map(canonical_type).collect();
            format!("({}){suffix}", inner.join(","))
        }
        None => ty.to_owned(),
    }
}

/// How many words a parameter takes in the head of an encoding: one for a value or a dynamic type (its offset),
/// more for a static tuple or fixed-size array, which are encoded in place.
fn head_words(param: &Value) -> usize {
    static_words(&canonical_type(param)).unwrap_or(1)
}

/// The words a static type takes in place, or `None` for a dynamic one.
fn static_words(ty: &str) -> Option<usize> {
    if ty == "string" || ty == "bytes" || ty.ends_with("[]") {
        return None;
    }
    if let Some(open) = ty.rfind('[').filter(|_| ty.ends_with(']')) {
        let count: usize = ty[open + 1..ty.len() - 1].parse().ok()?;
        return Some(count * static_words(&ty[..open])?);
    }
    if let Some(inner) = ty.strip_prefix('(').and_then(|t| t.strip_suffix(')')) {
        return split_top_level(inner).into_iter().map(static_words).sum();
    }
    Some(1)
}

/// The components of a tuple's inside, split at its top-level commas.
fn split_top_level(inner: &str) -> Vec<&str> {
    let (mut parts, mut depth, mut start) = (Vec::new(), 0usize, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    if !inner.is_empty() {
        parts.push(&inner[start..]);
    }
    parts
}

fn book_getter(outputs: &[Value]) -> Result<BookGetter, String> {
    let described: Vec<String> = outputs
        .iter()
        .map(|p| {
            let name = p.get("name").and_then(Value::as_str).unwrap_or("");
            format!("{} {name}", canonical_type(p)).trim_end().to_owned()
        })
        .collect();
    let described = described.join(", ");
    let mut word = 0;
    let (mut player, mut cpu, mut result) = (None, None, None);
    for param in outputs {
        let name: String = param
            .get("name")
            .and_then(Value::as_str)
            .unwrap_or("")
            .chars()
            .filter(|c| *c != '_')
            .flat_map(char::to_lowercase)
            .collect();
        let ty = canonical_type(param);
        let is_uint = ty.starts_with("uint") && !ty.contains('[');
        if is_uint && PLAYER_BOARD_NAMES.contains(&name.as_str()) {
            player = Some(word);
        } else if is_uint && CPU_BOARD_NAMES.contains(&name.as_str()) {
            cpu = Some(word);
        } else if is_uint && RESULT_NAMES.contains(&name.as_str()) {
            result = Some(word);
        }
        word += head_words(param);
    }
    let mut lacking = Vec::new();
    if player.is_none() {
        lacking.push("the player's board (a uint output named boardPlayer or playerBoard)");
    }
    if cpu.is_none() {
        lacking.push("the CPU's board (a uint output named boardCpu or cpuBoard)");
    }
    if result.is_none() {
        lacking.push("the result (a uint8 or enum output named result)");
    }
    match (player, cpu, result) {
        (Some(player_board), Some(cpu_board), Some(result)) => Ok(BookGetter {
            player_board,
            cpu_board,
            result,
            words: word,
            outputs: described,
        }),
        _ => Err(format!(
            "{GAMES} returns ({described}), in which marubatsu cannot find {}",
            lacking.join(", ")
        )),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn function(name: &str, inputs: &[(&str, &str)], outputs: &[(&str, &str)]) -> Value {
        let params = |list: &[(&str, &str)]| -> Vec<Value> {
            list.iter()
                .map(|(ty, name)| json!({"type": ty, "name": name}))
                .collect()
        };
        json!({"type": "function", "name": name, "inputs": params(inputs), "outputs": params(outputs)})
    }

    fn common() -> Vec<Value> {
        vec![
            function(
                "newGame",
                &[("uint8", "difficulty"), ("bool", "cpuFirst")],
                &[("uint256", "gameId")],
            ),
            function("play", &[("uint256", "gameId"), ("uint8", "cell")], &[]),
            function(
                "previewCpuMove",
                &[
                    ("uint16", "mine"),
                    ("uint16", "theirs"),
                    ("uint8", "difficulty"),
                    ("uint256", "seed"),
                ],
                &[("uint8", "")],
            ),
        ]
    }

    #[test]
    fn the_book_getter_is_read_by_its_output_names() {
        let mut abi = common();
        abi.push(function(
            "games",
            &[("uint256", "")],
            &[
                ("address", "player"),
                ("string", "label"),
                ("uint16", "board_player"),
                ("uint16", "boardCpu"),
                ("uint8", "moves"),
                ("uint8", "difficulty"),
                ("uint8", "result"),
            ],
        ));
        let SoloDialect::Book(getter) = solo_dialect(&Value::Array(abi)).unwrap() else {
            panic!("the book's dialect")
        };
        assert_eq!(
            (getter.player_board, getter.cpu_board, getter.result, getter.words),
            (2, 3, 6, 7)
        );
    }

    #[test]
    fn a_getter_without_the_boards_is_named_with_what_is_missing() {
        let mut abi = common();
        abi.push(function(
            "games",
            &[("uint256", "")],
            &[("address", "player"), ("uint8", "result")],
        ));
        let err = solo_dialect(&Value::Array(abi)).unwrap_err();
        assert!(err.missing.is_empty());
        assert_eq!(err.problems.len(), 1);
        assert!(err.problems[0].contains("the player's board"), "{}", err.problems[0]);
        assert!(err.problems[0].contains("the CPU's board"), "{}", err.problems[0]);
        assert!(!err.problems[0].contains("the result"), "{}", err.problems[0]);
    }

    #[test]
    fn missing_functions_are_named_with_the_interface() {
        let abi = json!([function("play", &[("uint256", "gameId"), ("uint8", "cell")], &[])]);
        let err = solo_dialect(&abi).unwrap_err();
        assert_eq!(
            err.missing,
            [
                "newGame(uint8,bool)",
                "previewCpuMove(uint16,uint16,uint8,uint256)",
                "getGame(uint256)"
            ]
        );
        assert!(err.to_string().contains(SOLO_INTERFACE_FILE), "{err}");
    }

    #[test]
    fn head_words_count_static_tuples_in_place() {
        assert_eq!(static_words("(uint8,(uint16,bool)[2])"), Some(5));
        assert_eq!(static_words("(uint8,string)"), None);
        assert_eq!(static_words("uint256[3][2]"), Some(6));
    }
}
