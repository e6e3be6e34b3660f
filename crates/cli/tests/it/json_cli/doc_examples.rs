//! docs/cli-json.md's ```json examples as shapes, and the check that real `--json` output has each one's shape: the
//! same keys at every level (none missing, none undocumented) and the same JSON type at every value.
//!
//! How an example is read (the doc says the same in its opening section, for its readers):
//! - Each ```json block follows an `<!-- example: NAME, NAME -->` comment naming what it documents: the commands
//!   that print it (`pvp create`), or a part of their output (`transaction`). A block without one is an error,
//!   so that no example escapes the check.
//! - `// comments` are the doc's, not JSON. A comment that mentions `null` on a key's line says that this key may
//!   also be `null`; the value shown is its shape otherwise. Without such a comment a key is never `null` unless
//!   the doc shows `null`, and a documented `null` matches only `null`: a reader is never told "anything".
//! - `…` among an object's keys means "more keys, not listed here" (`{ … }` is an object documented elsewhere, as
//!   `transaction`, or in prose); among an array's elements, "more like these"; inside a string it is text.
//! - An array's real elements must each have the shape of one of the elements the doc shows (a board shows both
//!   `null` and `"X"`); an array the doc shows empty matches only an empty one, so that an element never goes
//!   unchecked because the doc left it out.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use serde_json::Value;

/// What an example says about one value.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Shape {
    Null,
    Bool,
    Number,
    String,
    /// The elements the example shows.
    Array(Vec<Shape>),
    Object {
        members: Vec<Member>,
        /// The example wrote `…` among the keys: real output may have more.
        more: bool,
    },
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Member {
    key: String,
    shape: Shape,
    /// The comment on the key's line mentions `null`.
    may_be_null: bool,
}

/// One ```json block and the names its `<!-- example: … -->` comment gives it.
#[derive(Debug)]
pub(crate) struct Example {
    pub(crate) names: Vec<String>,
    /// The block's first line in the markdown, 1-based, for messages.
    pub(crate) line: usize,
    pub(crate) shape: Shape,
}

const MARKER_START: &str = "<!-- example:";

/// The doc, read when the test runs, so that an edit to it needs no rebuild.
pub(crate) const DOC_PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/cli-json.md");

/// Fails with every [`problems`] there is between the doc and `printed`, all at once, so that one run shows what
/// to mend.
pub(crate) fn assert_printed_as_documented(printed: &[(String, Value)], not_captured: &[(&str, &str)]) {
    let markdown = std::fs::read_to_string(DOC_PATH).unwrap_or_else(|err| panic!("{DOC_PATH}: {err}"));
    let problems = problems(&markdown, printed, not_captured);
    assert!(
        problems.is_empty(),
        "docs/cli-json.md and the JSON the binary printed differ:\n- {}",
        problems.join("\n- ")
    );
}

/// Fails unless `printed`, what command `name` printed in another suite, has the shape of the doc's example of it:
/// for the commands that [`assert_printed_as_documented`]'s one run does not capture.
pub(crate) fn assert_as_documented(name: &str, printed: &Value) {
    let markdown = std::fs::read_to_string(DOC_PATH).unwrap_or_else(|err| panic!("{DOC_PATH}: {err}"));
    let examples = examples(&markdown).unwrap_or_else(|err| panic!("{DOC_PATH}: {err}"));
    let example = examples
        .iter()
        .find(|example| example.names.iter().any(|n| n == name))
        .unwrap_or_else(|| panic!("docs/cli-json.md has no example of `{name}`"));
    let differences = mismatches(&example.shape, printed);
    assert!(
        differences.is_empty(),
        "`{name}` printed JSON unlike docs/cli-json.md's example (line {}):\n- {}\n{printed}",
        example.line,
        differences.join("\n- ")
    );
}

/// Every ```json block of `markdown`, each named by the `<!-- example: … -->` line right before it.
pub(crate) fn examples(markdown: &str) -> Result<Vec<Example>, String> {
    let lines: Vec<&str> = markdown.lines().collect();
    let mut found = Vec::new();
    let mut index = 0;
    while index < lines.len() {
        let line = lines[index].trim();
        if line.starts_with(MARKER_START) {
            let next_is_json = lines.get(index + 1).is_some_and(|next| next.trim() == "```json");
            if !next_is_json {
                return Err(format!(
                    "line {}: {line} is not right before a ```json block",
                    index + 1
                ));
            }
        }
        if line != "```json" {
            index += 1;
            continue;
        }
        let fence = index + 1;
        let names = index
            .checked_sub(1)
            .and_then(|before| names_in_marker(lines[before].trim()))
            .ok_or_else(|| {
                format!("line {fence}: a ```json block without an `<!-- example: NAME -->` line before it")
            })?;
        let end = (index + 1..lines.len())
            .find(|&at| lines[at].trim() == "```")
            .ok_or_else(|| format!("line {fence}: the ```json block never ends"))?;
        let block = lines[index + 1..end].join("\n");
        let shape =
            parse(&block).map_err(|err| format!("the example at line {fence} ({}): {err}", names.join(", ")))?;
        found.push(Example {
            names,
            line: fence,
            shape,
        });
        index = end + 1;
    }
    Ok(found)
}

fn names_in_marker(line: &str) -> Option<Vec<String>> {
    let inside = line.strip_prefix(MARKER_START)?.strip_suffix("-->")?;
    let names: Vec<String> = inside.split(',').map(|name| name.trim().to_owned()).collect();
    (!names.iter().any(String::is_empty)).then_some(names)
}

/// The shape one example's text documents.
pub(crate) fn parse(text: &str) -> Result<Shape, String> {
    let mut parser = Parser {
        chars: text.chars().collect(),
        at: 0,
        line: 1,
        comments: comments_by_line(text),
    };
    let shape = parser.value()?;
    parser.skip_blank();
    match parser.peek() {
        None => Ok(shape),
        Some(extra) => Err(parser.error(&format!("{extra:?} after the value"))),
    }
}

/// Each line's `// comment`, found outside strings (a string may hold `//`, as a URL does).
fn comments_by_line(text: &str) -> HashMap<usize, String> {
    let mut comments = HashMap::new();
    for (index, line) in text.lines().enumerate() {
        let (mut in_string, mut escaped) = (false, false);
        let chars: Vec<(usize, char)> = line.char_indices().collect();
        for (at, &(byte, c)) in chars.iter().enumerate() {
            if in_string {
                (in_string, escaped) = (escaped || c != '"', !escaped && c == '\\');
            } else if c == '"' {
                in_string = true;
            } else if c == '/' && chars.get(at + 1).is_some_and(|&(_, next)| next == '/') {
                comments.insert(index + 1, line[byte + 2..].to_owned());
                break;
            }
        }
    }
    comments
}

/// Reads the doc's JSON: JSON, plus `// comments` and `…`.
struct Parser {
    chars: Vec<char>,
    at: usize,
    line: usize,
    comments: HashMap<usize, String>,
}

impl Parser {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += 1;
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    fn error(&self, what: &str) -> String {
        format!("line {} of the block: {what}", self.line)
    }

    /// Skips white space and comments.
    fn skip_blank(&mut self) {
        while let Some(c) = self.peek() {
            if c.is_whitespace() {
                self.bump();
            } else if c == '/' && self.chars.get(self.at + 1) == Some(&'/') {
                while self.peek().is_some_and(|c| c != '\n') {
                    self.bump();
                }
            } else {
                break;
            }
        }
    }

    fn value(&mut self) -> Result<Shape, String> {
        self.skip_blank();
        match self.peek() {
            Some('{') => self.object(),
            Some('[') => self.array(),
            Some('"') => self.string().map(|_| Shape::String),
            Some('t') => self.word("true").map(|()| Shape::Bool),
            Some('f') => self.word("false").map(|()| Shape::Bool),
            Some('n') => self.word("null").map(|()| Shape::Null),
            Some(c) if c == '-' || c.is_ascii_digit() => {
                while self.peek().is_some_and(|c| c.is_ascii_digit() || "-+.eE".contains(c)) {
                    self.bump();
                }
                Ok(Shape::Number)
            }
            other => Err(self.error(&format!("expected a value, found {other:?}"))),
        }
    }

    fn word(&mut self, word: &str) -> Result<(), String> {
        for expected in word.chars() {
            if self.bump() != Some(expected) {
                return Err(self.error(&format!("expected {word}")));
            }
        }
        Ok(())
    }

    fn string(&mut self) -> Result<String, String> {
        self.bump();
        let mut text = String::new();
        loop {
            match self.bump() {
                Some('"') => return Ok(text),
                Some('\\') => text.extend(self.bump()),
                Some('\n') | None => return Err(self.error("a string that does not end on its line")),
                Some(c) => text.push(c),
            }
        }
    }

    /// After an element: a comma and more, or the closing bracket (a trailing comma is an error, as in JSON).
    fn after_item(&mut self, close: char) -> Result<bool, String> {
        self.skip_blank();
        match self.bump() {
            Some(',') => Ok(true),
            Some(c) if c == close => Ok(false),
            other => Err(self.error(&format!("expected ',' or '{close}', found {other:?}"))),
        }
    }

    fn object(&mut self) -> Result<Shape, String> {
        self.bump();
        let (mut members, mut more) = (Vec::<Member>::new(), false);
        self.skip_blank();
        if self.peek() == Some('}') {
            self.bump();
            return Ok(Shape::Object { members, more });
        }
        loop {
            self.skip_blank();
            if self.peek() == Some('…') {
                self.bump();
                more = true;
            } else {
                if self.peek() != Some('"') {
                    return Err(self.error("expected a key or …"));
                }
                let key_line = self.line;
                let key = self.string()?;
                self.skip_blank();
                if self.bump() != Some(':') {
                    return Err(self.error(&format!("expected ':' after {key:?}")));
                }
                let shape = self.value()?;
                if members.iter().any(|member| member.key == key) {
                    return Err(self.error(&format!("{key:?} twice")));
                }
                let may_be_null = self
                    .comments
                    .get(&key_line)
                    .is_some_and(|comment| comment.contains("null"));
                members.push(Member {
                    key,
                    shape,
                    may_be_null,
                });
            }
            if !self.after_item('}')? {
                return Ok(Shape::Object { members, more });
            }
        }
    }

    fn array(&mut self) -> Result<Shape, String> {
        self.bump();
        let mut elements = Vec::new();
        self.skip_blank();
        if self.peek() == Some(']') {
            self.bump();
            return Ok(Shape::Array(elements));
        }
        loop {
            self.skip_blank();
            if self.peek() == Some('…') {
                // More elements like the ones shown.
                self.bump();
            } else {
                elements.push(self.value()?);
            }
            if !self.after_item(']')? {
                return Ok(Shape::Array(elements));
            }
        }
    }
}

fn kind_of_value(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a bool",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

fn kind_of_shape(shape: &Shape) -> &'static str {
    match shape {
        Shape::Null => "null",
        Shape::Bool => "a bool",
        Shape::Number => "a number",
        Shape::String => "a string",
        Shape::Array(_) => "an array",
        Shape::Object { .. } => "an object",
    }
}

/// Where `real` differs from the shape `documented`, one line each, by path (`$.game.board[4]`).
pub(crate) fn mismatches(documented: &Shape, real: &Value) -> Vec<String> {
    let mut found = Vec::new();
    compare(documented, real, "$", &mut found);
    found
}

fn compare(documented: &Shape, real: &Value, path: &str, found: &mut Vec<String>) {
    match (documented, real) {
        (Shape::Object { members, more }, Value::Object(real)) => {
            for member in members {
                match real.get(&member.key) {
                    None => found.push(format!("{path}.{}: documented, missing", member.key)),
                    Some(Value::Null) if member.may_be_null => {}
                    Some(value) => compare(&member.shape, value, &format!("{path}.{}", member.key), found),
                }
            }
            if !more {
                let documented: BTreeSet<&str> = members.iter().map(|member| member.key.as_str()).collect();
                for key in real.keys().filter(|key| !documented.contains(key.as_str())) {
                    found.push(format!("{path}.{key}: printed, not documented"));
                }
            }
        }
        (Shape::Array(shown), Value::Array(real)) => {
            for (index, element) in real.iter().enumerate() {
                let path = format!("{path}[{index}]");
                if shown.is_empty() {
                    found.push(format!(
                        "{path}: the doc shows this array empty, so no element is documented"
                    ));
                    continue;
                }
                // Reported against the shown element it differs least from; no difference there, no mismatch.
                let closest = shown
                    .iter()
                    .map(|shape| {
                        let mut differences = Vec::new();
                        compare(shape, element, &path, &mut differences);
                        differences
                    })
                    .min_by_key(Vec::len)
                    .unwrap_or_default();
                found.extend(closest);
            }
        }
        (Shape::Null, Value::Null)
        | (Shape::Bool, Value::Bool(_))
        | (Shape::Number, Value::Number(_))
        | (Shape::String, Value::String(_)) => {}
        (documented, real) => found.push(format!(
            "{path}: documented as {}, printed {}: {real}",
            kind_of_shape(documented),
            kind_of_value(real)
        )),
    }
}

/// What keeps the doc's examples and the captured output from matching: an output whose name no example has, an
/// output of another shape than its example's, and an example no output matched (unless `not_captured` names it,
/// with the reason; a name there that is captured after all, or not in the doc, is a problem too, so that the
/// list stays true).
pub(crate) fn problems(markdown: &str, printed: &[(String, Value)], not_captured: &[(&str, &str)]) -> Vec<String> {
    let examples = match examples(markdown) {
        Ok(examples) => examples,
        Err(err) => return vec![err],
    };
    let mut problems = Vec::new();
    let mut by_name: BTreeMap<&str, &Example> = BTreeMap::new();
    for example in &examples {
        for name in &example.names {
            if by_name.insert(name, example).is_some() {
                problems.push(format!("`{name}` names two examples (one at line {})", example.line));
            }
        }
    }
    let mut matched = BTreeSet::new();
    // Each mismatch once, with every command that printed it: a key the doc lacks is usually lacked by them all.
    let mut mismatched: Vec<(String, Vec<&str>)> = Vec::new();
    for (name, value) in printed {
        let Some(example) = by_name.get(name.as_str()) else {
            problems.push(format!("`{name}` printed JSON, and no example names it:\n{value:#}"));
            continue;
        };
        matched.insert(name.as_str());
        for mismatch in mismatches(&example.shape, value) {
            let what = format!("against the example at line {}: {mismatch}", example.line);
            match mismatched.iter_mut().find(|(seen, _)| *seen == what) {
                Some((_, names)) if names.contains(&name.as_str()) => {}
                Some((_, names)) => names.push(name),
                None => mismatched.push((what, vec![name])),
            }
        }
    }
    for (what, names) in mismatched {
        problems.push(format!("`{}` {what}", names.join("`, `")));
    }
    for name in by_name.keys().filter(|name| !matched.contains(*name)) {
        if !not_captured.iter().any(|(skipped, _)| skipped == name) {
            problems.push(format!("the example `{name}` was matched by no output"));
        }
    }
    for (name, why) in not_captured {
        if matched.contains(name) {
            problems.push(format!("`{name}` is listed as not captured ({why}), but it was"));
        } else if !by_name.contains_key(name) {
            problems.push(format!(
                "`{name}` is listed as not captured, and the doc has no such example"
            ));
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn shape(text: &str) -> Shape {
        parse(text).unwrap_or_else(|err| panic!("{err}"))
    }

    #[test]
    fn the_same_shape_matches_and_other_values_do_not_matter() {
        let documented = shape(r#"{ "id": 1, "name": "x", "ok": true, "cells": [4], "none": null }"#);
        let real = json!({"id": 7, "name": "other", "ok": false, "cells": [0, 8], "none": null});
        assert_eq!(mismatches(&documented, &real), Vec::<String>::new());
    }

    #[test]
    fn a_missing_key_an_extra_key_and_a_wrong_type_are_each_found() {
        let documented = shape(r#"{ "game": { "id": 1, "stake": "1000" } }"#);
        let real = json!({"game": {"stake": 1000, "extra": true}});
        assert_eq!(
            mismatches(&documented, &real),
            [
                "$.game.id: documented, missing",
                "$.game.stake: documented as a string, printed a number: 1000",
                "$.game.extra: printed, not documented",
            ]
        );
    }

    #[test]
    fn null_is_allowed_only_where_the_doc_says_so() {
        let documented = shape(
            r#"{
              "to_move": "O",     // null unless active
              "stake": "1",       // wei
              "opponent": null
            }"#,
        );
        assert!(mismatches(&documented, &json!({"to_move": null, "stake": "1", "opponent": null})).is_empty());
        assert_eq!(
            mismatches(&documented, &json!({"to_move": 3, "stake": null, "opponent": "0xab"})),
            [
                "$.to_move: documented as a string, printed a number: 3",
                "$.stake: documented as a string, printed null: null",
                "$.opponent: documented as null, printed a string: \"0xab\"",
            ]
        );
    }

    #[test]
    fn array_elements_match_one_of_the_elements_shown() {
        let documented = shape(r#"{ "board": [null, "X", …], "list": [{ "a": 1 }], "none": [] }"#);
        assert!(mismatches(&documented, &json!({"board": ["O", null], "list": [], "none": []})).is_empty());
        assert_eq!(
            mismatches(
                &documented,
                &json!({"board": [1], "list": [{"a": 1}, {"b": 2}], "none": [0]})
            ),
            [
                "$.board[0]: documented as null, printed a number: 1",
                "$.list[1].a: documented, missing",
                "$.list[1].b: printed, not documented",
                "$.none[0]: the doc shows this array empty, so no element is documented",
            ]
        );
    }

    #[test]
    fn an_ellipsis_among_keys_allows_more_and_the_shown_ones_are_still_required() {
        let documented = shape(r#"{ "events": [ { "event": "Moved", … } ], "transaction": { … } }"#);
        let real = json!({"events": [{"event": "GameEnded", "gameId": 1}], "transaction": {"from": "0x"}});
        assert!(mismatches(&documented, &real).is_empty());
        assert_eq!(
            mismatches(&documented, &json!({"events": [{"gameId": 1}], "transaction": []})),
            [
                "$.events[0].event: documented, missing",
                "$.transaction: documented as an object, printed an array: []",
            ]
        );
    }

    #[test]
    fn comments_and_ellipses_in_strings_are_text() {
        let documented = shape("{\n  \"url\": \"http://a//b\",  // the node\n  \"hash\": \"0x…\"\n}");
        assert_eq!(
            documented,
            Shape::Object {
                members: vec![
                    Member {
                        key: "url".to_owned(),
                        shape: Shape::String,
                        may_be_null: false
                    },
                    Member {
                        key: "hash".to_owned(),
                        shape: Shape::String,
                        may_be_null: false
                    },
                ],
                more: false,
            }
        );
        assert!(parse(r#"{ "a": 1, }"#).is_err(), "a trailing comma");
        assert!(parse(r#"{ "a": 1 "b": 2 }"#).is_err(), "a missing comma");
        assert!(parse(r#"{ "a": 1, "a": 2 }"#).is_err(), "a key twice");
    }

    const TWO_EXAMPLES: &str = "\
<!-- example: pvp create, pvp show -->
```json
{ \"game_id\": 1 }
```

<!-- example: tx list -->
```json
[]
```
";

    #[test]
    fn every_example_must_be_matched_and_every_output_documented() {
        let printed = |names: &[&str]| -> Vec<(String, Value)> {
            names
                .iter()
                .map(|name| (name.to_string(), json!({"game_id": 2})))
                .collect()
        };
        let not_captured = [("tx list", "not run here")];
        assert!(problems(TWO_EXAMPLES, &printed(&["pvp create", "pvp show"]), &not_captured).is_empty());
        assert_eq!(
            problems(TWO_EXAMPLES, &printed(&["pvp create"]), &not_captured),
            ["the example `pvp show` was matched by no output"]
        );
        let undocumented = problems(
            TWO_EXAMPLES,
            &printed(&["pvp create", "pvp show", "pvp join"]),
            &not_captured,
        );
        assert!(
            undocumented.len() == 1 && undocumented[0].starts_with("`pvp join` printed JSON, and no example names it"),
            "{undocumented:?}"
        );
        assert_eq!(
            problems(TWO_EXAMPLES, &printed(&["pvp create", "pvp show"]), &[]),
            ["the example `tx list` was matched by no output"]
        );
        assert_eq!(
            problems(
                TWO_EXAMPLES,
                &printed(&["pvp create", "pvp show", "tx list"]),
                &not_captured
            ),
            [
                concat!(
                    "`tx list` against the example at line 7: $: documented as an array, ",
                    r#"printed an object: {"game_id":2}"#
                ),
                "`tx list` is listed as not captured (not run here), but it was",
            ]
        );
    }

    #[test]
    fn a_json_block_without_a_name_is_an_error() {
        let unnamed = "Text.\n\n```json\n{}\n```\n";
        let error = examples(unnamed).unwrap_err();
        assert!(error.contains("without an `<!-- example: NAME -->`"), "{error}");
        let stray = "<!-- example: tx list -->\n\n```json\n{}\n```\n";
        assert!(examples(stray).is_err());
    }

    /// The doc as it is: every ```json block is named and reads as an example (the run against anvil in
    /// `json_cli` matches them to real output).
    #[test]
    fn the_docs_examples_are_named_and_readable() {
        let markdown = std::fs::read_to_string(super::DOC_PATH).unwrap();
        let examples = examples(&markdown).unwrap_or_else(|err| panic!("{err}"));
        assert!(!examples.is_empty());
    }
}
