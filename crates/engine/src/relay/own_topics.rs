//! The table's own topics: typed at setup, one a line, in whatever language the table speaks. The UI keeps them
//! and passes them with every event that draws; the edge checks them here and draws from them before the deck.
//! The engine's state never holds them: it only receives the topic drawn, and refuses one this game has shown.

use core::fmt;

use super::topics::{Language, draw_topic};
use super::transition::same_topic;
use crate::names::{graphemes, is_invisible};
use crate::random::RandomSource;
use crate::rules::Refusal;

/// The most topics a table may type: more than an evening of ten-round games uses, few enough to read through.
pub const MAX_OWN_TOPICS: usize = 50;

/// The longest topic, in characters as a person counts them (grapheme clusters): a topic is a line, not a text,
/// and the longest of the deck is about half of this.
pub const MAX_TOPIC_CHARS: usize = 80;

/// Why a table's own topics are refused.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum OwnTopicsError {
    /// More than [`MAX_OWN_TOPICS`] topics (blank lines and repeats not counted).
    TooMany {
        /// How many there were.
        found: usize,
    },
    /// A topic is longer than [`MAX_TOPIC_CHARS`].
    TooLong {
        /// Which topic, from 1, counting the lines with something on them.
        number: usize,
        /// Its length in characters.
        chars: usize,
    },
}

impl fmt::Display for OwnTopicsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OwnTopicsError::TooMany { found } => {
                write!(f, "{found} topics of your own: at most {MAX_OWN_TOPICS} are kept")
            }
            OwnTopicsError::TooLong { number, chars } => write!(
                f,
                "topic {number} is {chars} characters long: at most {MAX_TOPIC_CHARS} fit"
            ),
        }
    }
}

impl std::error::Error for OwnTopicsError {}

impl Refusal for OwnTopicsError {
    fn code(&self) -> &'static str {
        match self {
            OwnTopicsError::TooMany { .. } => "too_many_topics",
            OwnTopicsError::TooLong { .. } => "topic_too_long",
        }
    }
}

/// The table's topics from the lines typed: each trimmed, lines with nothing visible dropped, a topic typed
/// twice kept once (the first time); the first problem found says why not.
///
/// ```
/// use marubatsu_engine::relay::{own_topics, OwnTopicsError, MAX_TOPIC_CHARS};
///
/// assert_eq!(own_topics(&[" Why the sea is blue ", "", "霧の正体", "霧の正体"]), Ok(vec![
///     "Why the sea is blue".to_owned(),
///     "霧の正体".to_owned(),
/// ]));
/// let long = "あ".repeat(MAX_TOPIC_CHARS + 1);
/// assert_eq!(own_topics(&["Tea", &long]), Err(OwnTopicsError::TooLong { number: 2, chars: 81 }));
/// ```
pub fn own_topics<S: AsRef<str>>(lines: &[S]) -> Result<Vec<String>, OwnTopicsError> {
    let mut topics: Vec<String> = Vec::new();
    for line in lines {
        let topic = line.as_ref().trim();
        if topic.chars().all(is_invisible) {
            continue;
        }
        let chars = graphemes(topic);
        if chars > MAX_TOPIC_CHARS {
            return Err(OwnTopicsError::TooLong {
                number: topics.len() + 1,
                chars,
            });
        }
        if !topics.iter().any(|kept| same_topic(kept, topic)) {
            topics.push(topic.to_owned());
        }
    }
    if topics.len() > MAX_OWN_TOPICS {
        return Err(OwnTopicsError::TooMany { found: topics.len() });
    }
    Ok(topics)
}

/// The next topic to reveal, none of `used` (the game's topics so far, in either language): one of the table's
/// own topics while any is left, each equally likely, then one of the deck's in `language`. The table's come
/// first because a table types a handful against a deck of over a hundred: mixed in, they would hardly ever
/// come up. `None` once both are used up, which a game of at most ten rounds and ten redraws never reaches.
///
/// ```
/// use marubatsu_engine::relay::{draw_next_topic, Language, TOPICS};
///
/// let mut x = 3u64;
/// let mut source = || { x = x.wrapping_mul(6364136223846793005).wrapping_add(1); x };
/// let own = vec!["Why owls stay up".to_owned()];
/// let first = draw_next_topic(&own, &[] as &[&str], Language::English, &mut source);
/// assert_eq!(first.as_deref(), Some("Why owls stay up"));
/// let next = draw_next_topic(&own, &["Why owls stay up"], Language::English, &mut source).unwrap();
/// assert!(TOPICS.iter().any(|t| t.is(&next)));
/// ```
pub fn draw_next_topic<U: AsRef<str>, R: RandomSource + ?Sized>(
    own: &[String],
    used: &[U],
    language: Language,
    source: &mut R,
) -> Option<String> {
    let unused = |topic: &&String| !used.iter().any(|u| same_topic(u.as_ref().trim(), topic));
    let left = own.iter().filter(unused).count();
    if left > 0 {
        return own.iter().filter(unused).nth(source.below(left)).cloned();
    }
    draw_topic(used, source).map(|topic| topic.text(language).to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::SplitMix64;
    use crate::relay::TOPICS;
    use std::collections::HashSet;

    #[test]
    fn blank_lines_and_repeats_are_dropped_and_limits_hold() {
        assert_eq!(own_topics(&["", "  ", "\u{3000}", "\u{200b}"]), Ok(Vec::new()));
        // A deck topic typed in the other language is the same topic.
        let tea = TOPICS[0];
        let lines = [tea.text(Language::English), tea.text(Language::Japanese), "Fog"];
        assert_eq!(
            own_topics(&lines),
            Ok(vec![tea.text(Language::English).to_owned(), "Fog".to_owned()])
        );
        let exactly = "長".repeat(MAX_TOPIC_CHARS);
        assert_eq!(own_topics(&[exactly.as_str()]), Ok(vec![exactly.clone()]));
        // A family emoji is one character to a reader, though seven code points.
        let families = "👨\u{200d}👩\u{200d}👧\u{200d}👦".repeat(MAX_TOPIC_CHARS);
        assert!(own_topics(&[families]).is_ok());
        let too_long = format!("{exactly}!");
        assert_eq!(
            own_topics(&["A", "", "B", &too_long]),
            Err(OwnTopicsError::TooLong {
                number: 3,
                chars: MAX_TOPIC_CHARS + 1
            })
        );
        let many: Vec<String> = (0..=MAX_OWN_TOPICS).map(|i| format!("T{i}")).collect();
        assert_eq!(
            own_topics(&many),
            Err(OwnTopicsError::TooMany {
                found: MAX_OWN_TOPICS + 1
            })
        );
        assert_eq!(own_topics(&many[..MAX_OWN_TOPICS]).map(|t| t.len()), Ok(MAX_OWN_TOPICS));
        // Repeats do not count against the limit.
        let repeated: Vec<&str> = (0..=MAX_OWN_TOPICS).map(|_| "Same").collect();
        assert_eq!(own_topics(&repeated), Ok(vec!["Same".to_owned()]));
        assert_eq!(OwnTopicsError::TooMany { found: 51 }.code(), "too_many_topics");
        assert_eq!(
            OwnTopicsError::TooLong { number: 2, chars: 90 }.to_string(),
            "topic 2 is 90 characters long: at most 80 fit"
        );
    }

    #[test]
    fn the_tables_topics_come_first_each_equally_likely_then_the_deck() {
        let own: Vec<String> = ["Owls", "霧の正体", "Tea time"].map(String::from).to_vec();
        let mut rng = SplitMix64::new(5);
        let mut counts = [0u32; 3];
        let none: [&str; 0] = [];
        for _ in 0..3_000 {
            let drawn = draw_next_topic(&own, &none, Language::English, &mut rng);
            let at = own.iter().position(|t| Some(t) == drawn.as_ref());
            counts[at.unwrap_or_else(|| panic!("{drawn:?} is not the table's"))] += 1;
        }
        assert!(counts.iter().all(|&n| (900..1_100).contains(&n)), "{counts:?}");
        // A game draws each of the table's once, then only the deck's, never one twice.
        let mut used: Vec<String> = Vec::new();
        for i in 0..20 {
            let Some(topic) = draw_next_topic(&own, &used, Language::Japanese, &mut rng) else {
                panic!("draw {i}")
            };
            assert!(!used.contains(&topic), "{topic} twice");
            if i < 3 {
                assert!(own.contains(&topic), "draw {i}: {topic} before the table's ran out");
            } else {
                assert!(TOPICS.iter().any(|t| t.text(Language::Japanese) == topic), "{topic}");
            }
            used.push(format!(" {topic} "));
        }
        let distinct: HashSet<&String> = used.iter().collect();
        assert_eq!(distinct.len(), 20);
    }

    #[test]
    fn a_table_topic_that_is_a_deck_topic_is_used_in_either_language() {
        let tea = TOPICS[0];
        let own = vec![tea.text(Language::Japanese).to_owned()];
        let used = [tea.text(Language::English)];
        let mut rng = SplitMix64::new(8);
        for _ in 0..200 {
            let drawn = draw_next_topic(&own, &used, Language::English, &mut rng).unwrap_or_default();
            assert!(!tea.is(&drawn), "{drawn}");
        }
    }
}
