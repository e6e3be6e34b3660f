//! Words the server sends as `{key, args}`, worded in a test as the page words them (`I18n.say`) from the catalog
//! it loads: one reader of the `strings.js` catalogs for every suite, so that a test asserts the sentence a player
//! reads rather than a key.

use serde_json::Value;

/// `words` (`{"key": …, "args": {…}}`) in `lang` (`en` or `ja`) from `catalog`, the source of a `strings.js`
/// (`I18n.add({en: {…}, ja: {…}})`): each `{name}` filled from the arguments, a sentence among them worded first.
/// Panics when the key has no plain entry in that language.
pub fn said(catalog: &str, words: &Value, lang: &str) -> String {
    let (en, ja) = catalog
        .split_once("\n  ja: {")
        .or_else(|| catalog.split_once("\n    ja: {"))
        .expect("the catalog's Japanese");
    let entries = if lang == "ja" { ja } else { en };
    let key = words["key"].as_str().unwrap_or_default();
    let opening = format!("'{key}': ");
    let mut lines = entries.lines().map(str::trim);
    let first = lines
        .find_map(|line| line.strip_prefix(opening.as_str()))
        .unwrap_or_else(|| panic!("no {lang} words for {key:?}"));
    // An entry is single-quoted strings joined by `+`, one a line.
    let parts = std::iter::once(first).chain(lines.map_while(|line| line.strip_prefix("+ ")));
    let mut text: String = parts
        .map(|part| literal(part).unwrap_or_else(|| panic!("{key:?}: {part}")))
        .collect();
    for (name, value) in words["args"].as_object().into_iter().flatten() {
        let value = value.as_str().map_or_else(|| said(catalog, value, lang), str::to_owned);
        text = text.replace(&format!("{{{name}}}"), &value);
    }
    text
}

/// The single-quoted JavaScript string `part` opens with, unescaped.
fn literal(part: &str) -> Option<String> {
    let mut chars = part.strip_prefix('\'')?.chars();
    let mut out = String::new();
    while let Some(c) = chars.next() {
        match c {
            '\'' => return Some(out),
            '\\' => out.push(chars.next()?),
            c => out.push(c),
        }
    }
    None
}
