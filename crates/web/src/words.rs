//! Words once: the server's sentences are looked up, by key, in the same catalogs the pages read — the shared
//! `assets/strings.js` and each game's `strings.js` (`I18n.add({en: {…}, ja: {…}})`, see `assets/i18n.js`).
//!
//! The server embeds those files and reads their plain entries: a key, then one single-quoted string or several
//! joined by `+`, with `{name}` placeholders as `I18n.t` fills them. An entry built by a function (a plural) is
//! the page's alone; the server words its own sentences with plain entries. [`t`] looks a key up in a language;
//! [`Words`] is a key with its arguments, for a sentence that travels as `{key, args}` before it is worded.
//! Every key the server's source names must be a plain entry in both languages (a unit test below reads it).

use std::collections::{BTreeMap, HashMap};
use std::fmt::Display;
use std::sync::OnceLock;

use serde::Serialize;

use crate::games::GAMES;
use crate::lang::Lang;

/// The shared words every page loads (the games' own are in their [`GamePage`](crate::games::GamePage)).
pub(crate) const SHARED: &str = include_str!("../assets/strings.js");

/// One entry of a catalog, as the server reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Entry {
    /// A sentence with `{name}` placeholders.
    Plain(String),
    /// A function of the page's (a plural): the server cannot word it.
    Built,
}

/// Every catalog's entries, by language.
#[derive(Default)]
struct Catalog {
    en: HashMap<String, Entry>,
    ja: HashMap<String, Entry>,
}

impl Catalog {
    fn of(&self, lang: Lang) -> &HashMap<String, Entry> {
        match lang {
            Lang::En => &self.en,
            Lang::Ja => &self.ja,
        }
    }
}

fn catalog() -> &'static Catalog {
    static CATALOG: OnceLock<Catalog> = OnceLock::new();
    CATALOG.get_or_init(|| {
        let mut catalog = Catalog::default();
        for source in std::iter::once(SHARED).chain(GAMES.iter().map(|game| game.strings)) {
            let (en, ja) = parse(source);
            catalog.en.extend(en);
            catalog.ja.extend(ja);
        }
        // The games' names and summaries, which the served `strings.js` also appends from the list of games.
        for (key, en, ja) in GAMES.iter().flat_map(|game| game_names(game)) {
            catalog.en.insert(key.clone(), Entry::Plain(en));
            catalog.ja.insert(key, Entry::Plain(ja));
        }
        catalog
    })
}

/// A game's title, page title and summary as `(key, English, Japanese)`, as the shared words add them.
pub(crate) fn game_names(game: &crate::games::GamePage) -> [(String, String, String); 3] {
    let slug = game.slug;
    [
        (format!("game.{slug}.title"), game.title.into(), game.title_ja.into()),
        (
            format!("game.{slug}.pageTitle"),
            format!("{} · marubatsu", game.title),
            format!("{} · marubatsu", game.title_ja),
        ),
        (
            format!("game.{slug}.summary"),
            game.summary.into(),
            game.summary_ja.into(),
        ),
    ]
}

/// The sentence `key` names in `lang`, its `{name}` placeholders filled from `args`.
///
/// A key missing in `lang` falls back to English and one missing in both reads as the key itself, as `I18n.t`
/// does on the page; the unit tests make sure neither happens to a key the server names.
pub(crate) fn t(lang: Lang, key: &str, args: &[(&str, &dyn Display)]) -> String {
    let catalog = catalog();
    let entry = catalog.of(lang).get(key).or_else(|| catalog.en.get(key));
    let Some(Entry::Plain(template)) = entry else {
        debug_assert!(false, "no plain words for {key:?} in {lang:?}");
        return key.to_owned();
    };
    fill(template, |name| {
        args.iter()
            .find(|(given, _)| *given == name)
            .map(|(_, value)| value.to_string())
    })
}

/// `template` with each `{name}` that `value` knows replaced, the others left as they are (as `I18n.t` does).
fn fill(template: &str, mut value: impl FnMut(&str) -> Option<String>) -> String {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let name_len = after
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(after.len());
        let filled = (name_len > 0 && after[name_len..].starts_with('}'))
            .then(|| value(&after[..name_len]))
            .flatten();
        if let Some(filled) = filled {
            out.push_str(&filled);
            rest = &after[name_len + 1..];
        } else {
            out.push('{');
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

/// A sentence not yet worded: its key in the catalogs and its arguments, each a word or a number already written
/// or a sentence of its own. It travels as `{"key": …, "args": {…}}` so that a page can word it again in the
/// language it switches to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "WireWords"))]
pub(crate) struct Words {
    pub(crate) key: &'static str,
    pub(crate) args: BTreeMap<&'static str, Arg>,
}

/// One argument of [`Words`]: text the sentence takes as it is (a number, an amount, an address, a detail in the
/// words of another program), or a sentence worded in the same language first (a board's cell, how a game ended).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "WireArg"))]
pub(crate) enum Arg {
    Text(String),
    Words(Words),
}

impl From<String> for Arg {
    fn from(text: String) -> Arg {
        Arg::Text(text)
    }
}

impl From<Words> for Arg {
    fn from(words: Words) -> Arg {
        Arg::Words(words)
    }
}

impl Arg {
    /// The argument in `lang`.
    fn in_lang(&self, lang: Lang) -> String {
        match self {
            Arg::Text(text) => text.clone(),
            Arg::Words(words) => words.in_lang(lang),
        }
    }
}

impl Words {
    /// The sentence `key` names, with no arguments yet.
    pub(crate) fn new(key: &'static str) -> Words {
        Words {
            key,
            args: BTreeMap::new(),
        }
    }

    /// The same with `{name}` given as text.
    pub(crate) fn arg(self, name: &'static str, value: impl Display) -> Words {
        self.with(name, value.to_string())
    }

    /// The same with `{name}` given as text or as a sentence of its own.
    pub(crate) fn with(mut self, name: &'static str, value: impl Into<Arg>) -> Words {
        self.args.insert(name, value.into());
        self
    }

    /// The sentence in `lang`.
    pub(crate) fn in_lang(&self, lang: Lang) -> String {
        let args: Vec<(&str, String)> = self
            .args
            .iter()
            .map(|(name, value)| (*name, value.in_lang(lang)))
            .collect();
        let args: Vec<(&str, &dyn Display)> = args.iter().map(|(name, value)| (*name, value as _)).collect();
        t(lang, self.key, &args)
    }
}

/// A sentence as it travels (`{"key": …, "args": {…}}`) worded in `lang` as `I18n.say` words it, a sentence among
/// its arguments worded first; `None` for a value of another shape.
#[cfg(test)]
pub(crate) fn said(lang: Lang, value: &serde_json::Value) -> Option<String> {
    let key = value.get("key")?.as_str()?;
    let args = value.get("args")?.as_object()?;
    let args: Vec<(&str, String)> = args
        .iter()
        .map(|(name, value)| {
            let value = value
                .as_str()
                .map(str::to_owned)
                .or_else(|| said(lang, value))
                .unwrap_or_default();
            (name.as_str(), value)
        })
        .collect();
    let args: Vec<(&str, &dyn Display)> = args.iter().map(|(name, value)| (*name, value as _)).collect();
    Some(t(lang, key, &args))
}

/// A catalog's `en` and `ja` entries. Lines are read one at a time: `en: {` and `ja: {` open a language, an
/// indented `'key':` opens an entry that runs to the next one or to the language's closing `}`.
fn parse(source: &str) -> (HashMap<String, Entry>, HashMap<String, Entry>) {
    let mut en = HashMap::new();
    let mut ja = HashMap::new();
    let mut lang: Option<Lang> = None;
    // The indentation of the open language's `en: {`: its `}` is the one at the same depth, not a function's.
    let mut depth = 0;
    let mut open: Option<(String, String)> = None;
    let mut close = |open: &mut Option<(String, String)>, lang: Option<Lang>| {
        if let (Some((key, text)), Some(lang)) = (open.take(), lang) {
            let entry = plain(&text).map_or(Entry::Built, Entry::Plain);
            match lang {
                Lang::En => en.insert(key, entry),
                Lang::Ja => ja.insert(key, entry),
            };
        }
    };
    for line in source.lines() {
        let trimmed = line.trim();
        let indent = line.len() - line.trim_start().len();
        if let Some(code) = trimmed
            .strip_suffix(": {")
            .filter(|code| *code == "en" || *code == "ja")
        {
            close(&mut open, lang);
            lang = Some(if code == "ja" { Lang::Ja } else { Lang::En });
            depth = indent;
        } else if (trimmed == "}," || trimmed == "}") && indent == depth {
            close(&mut open, lang);
            lang = None;
        } else if let Some((key, rest)) = entry_start(trimmed).filter(|_| lang.is_some()) {
            close(&mut open, lang);
            open = Some((key.to_owned(), rest.to_owned()));
        } else if let Some((_, text)) = open.as_mut() {
            text.push('\n');
            text.push_str(trimmed);
        }
    }
    close(&mut open, lang);
    (en, ja)
}

/// `'a.key': rest` as `(a.key, rest)`.
fn entry_start(line: &str) -> Option<(&str, &str)> {
    let body = line.strip_prefix('\'')?;
    let (key, rest) = body.split_once("':")?;
    let is_key = !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'));
    is_key.then_some((key, rest.trim()))
}

/// The sentence an entry's text is when it is single-quoted strings joined by `+` and ended by a comma.
fn plain(text: &str) -> Option<String> {
    let mut out = String::new();
    let mut rest = text.trim();
    loop {
        let (literal, after) = literal(rest)?;
        out.push_str(&literal);
        rest = after.trim_start();
        if let Some(after) = rest.strip_prefix('+') {
            rest = after.trim_start();
        } else {
            let end = rest.strip_prefix(',').unwrap_or(rest).trim();
            return end.is_empty().then_some(out);
        }
    }
}

/// A single-quoted JavaScript string at the start of `text`, unescaped, and what follows it.
fn literal(text: &str) -> Option<(String, &str)> {
    let mut chars = text.strip_prefix('\'')?.char_indices();
    let mut out = String::new();
    while let Some((at, c)) = chars.next() {
        match c {
            '\'' => return Some((out, &text[at + 2..])),
            '\\' => match chars.next()?.1 {
                'n' => out.push('\n'),
                'u' => {
                    let hex: String = (0..4).filter_map(|_| chars.next().map(|(_, c)| c)).collect();
                    out.push(char::from_u32(u32::from_str_radix(&hex, 16).ok()?)?);
                }
                other => out.push(other),
            },
            '\n' => return None,
            c => out.push(c),
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;
    use std::path::Path;

    use super::*;

    #[test]
    fn entries_are_read_as_the_page_reads_them() {
        let (en, ja) = parse(
            "window.I18n.add({\n  en: {\n    'a.one': 'It\\'s {n}',\n    'a.two': 'first, '\n      + 'second.',\n    \
             'a.fn': (p) => {\n      return `${p.n}`;\n    },\n    'a.last': 'x\\u2014y',\n  },\n  ja: {\n    'a.one': '{n}です',\n  },\n});\n",
        );
        assert_eq!(en.get("a.one"), Some(&Entry::Plain("It's {n}".into())));
        assert_eq!(en.get("a.two"), Some(&Entry::Plain("first, second.".into())));
        assert_eq!(en.get("a.fn"), Some(&Entry::Built));
        assert_eq!(en.get("a.last"), Some(&Entry::Plain("x—y".into())));
        assert_eq!(ja.get("a.one"), Some(&Entry::Plain("{n}です".into())));
        assert_eq!(ja.len(), 1);
    }

    #[test]
    fn placeholders_are_filled_as_i18n_t_fills_them() {
        let value = |name: &str| (name == "n").then(|| "3".to_owned());
        assert_eq!(fill("{n} of {m}, {n}", value), "3 of {m}, 3");
        assert_eq!(fill("{ n} {} {n", value), "{ n} {} {n");
        assert_eq!(t(Lang::Ja, "shell.games", &[]), "ゲーム");
        assert_eq!(
            Words::new("error.server").arg("status", 502).in_lang(Lang::En),
            "The server answered with an error (502). Try again; reload the page if it goes on."
        );
    }

    #[test]
    fn a_sentence_may_be_an_argument_of_another_and_travels_inside_it() {
        let words = Words::new("tictactoe.api.unavailable")
            .with("reason", Words::new("tictactoe.api.rpcUrl").arg("error", "no scheme"));
        assert_eq!(
            words.in_lang(Lang::En),
            "tic-tac-toe on chain is not available: the RPC URL is not usable: no scheme"
        );
        assert_eq!(
            words.in_lang(Lang::Ja),
            "チェーン上のまるばつは使えません：RPC の URL が使えません：no scheme"
        );
        assert_eq!(
            serde_json::to_value(&words).ok(),
            Some(serde_json::json!({
                "key": "tictactoe.api.unavailable",
                "args": {"reason": {"key": "tictactoe.api.rpcUrl", "args": {"error": "no scheme"}}},
            }))
        );
    }

    /// The keys the server's source names: every string literal that reads as a key of one of this crate's
    /// catalogs (a prefix the catalogs use, a dot, words and dots), wherever it is written.
    fn keys_in_source() -> BTreeSet<String> {
        fn visit(dir: &Path, prefixes: &BTreeSet<String>, keys: &mut BTreeSet<String>) {
            let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
            for entry in entries.flatten() {
                let path = entry.path();
                if path.is_dir() {
                    visit(&path, prefixes, keys);
                } else if path.extension().is_some_and(|ext| ext == "rs") && !path.ends_with("src/words.rs") {
                    let source = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{e}"));
                    keys.extend(named_keys(&source, prefixes));
                }
            }
        }
        let catalog = catalog();
        let prefixes = catalog
            .en
            .keys()
            .chain(catalog.ja.keys())
            .filter_map(|key| key.split('.').next())
            .map(str::to_owned)
            .collect();
        let mut keys = BTreeSet::new();
        visit(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &prefixes, &mut keys);
        keys
    }

    /// The string literals of `source` that read as keys: `"<prefix>.<word>…"`, a key's own characters only.
    fn named_keys(source: &str, prefixes: &BTreeSet<String>) -> Vec<String> {
        source
            .split('"')
            .skip(1)
            .step_by(2)
            .filter(|literal| {
                literal.split_once('.').is_some_and(|(prefix, rest)| {
                    prefixes.contains(prefix)
                        && !rest.is_empty()
                        && !rest.ends_with('.')
                        // A file's name (`sound.js`, `lights.css`) is no key.
                        && !["js", "css", "svg", "ico", "html", "json"].contains(&rest.rsplit('.').next().unwrap_or(""))
                        && rest.chars().all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '_')
                })
            })
            .map(str::to_owned)
            .collect()
    }

    #[test]
    fn every_key_the_server_names_is_plain_words_in_both_languages() {
        let keys = keys_in_source();
        // Keys named through a helper (`said`) and in a table of keys (`duration`'s units) are found too.
        for named in [
            "api.unreadable",
            "tictactoe.refusal.TooFewBlocks",
            "tictactoe.duration.days",
        ] {
            assert!(keys.contains(named), "the scan finds {named}: {keys:?}");
        }
        let catalog = catalog();
        for key in &keys {
            for lang in [Lang::En, Lang::Ja] {
                assert!(
                    matches!(catalog.of(lang).get(key.as_str()), Some(Entry::Plain(_))),
                    "{key:?} has no plain words in {lang:?}"
                );
            }
            let names = |lang| match catalog.of(lang).get(key.as_str()) {
                Some(Entry::Plain(template)) => placeholders(template),
                _ => BTreeSet::new(),
            };
            // A translation may leave out an argument (an English-only detail), never name one English lacks.
            let (en, ja) = (names(Lang::En), names(Lang::Ja));
            assert!(
                ja.is_subset(&en),
                "{key:?}: the Japanese names {ja:?}, the English only {en:?}"
            );
        }
    }

    fn placeholders(template: &str) -> BTreeSet<String> {
        let mut names = BTreeSet::new();
        fill(template, |name| {
            names.insert(name.to_owned());
            None
        });
        names
    }

    /// The catalogs this crate's words live in: a key in one language only would fall back to English (or to
    /// the key) on the page.
    #[test]
    fn every_catalog_has_the_same_keys_in_both_languages() {
        let sources = std::iter::once(("strings.js", SHARED)).chain(GAMES.iter().map(|game| (game.slug, game.strings)));
        for (name, source) in sources {
            let (en, ja) = parse(source);
            assert!(en.len() > 10, "{name}: {} entries read", en.len());
            let en: BTreeSet<_> = en.keys().collect();
            let ja: BTreeSet<_> = ja.keys().collect();
            assert_eq!(
                en.symmetric_difference(&ja).collect::<Vec<_>>(),
                Vec::<&&String>::new(),
                "{name}: keys in one language only"
            );
        }
    }
}
