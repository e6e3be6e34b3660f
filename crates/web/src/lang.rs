//! The player's language, for what the server itself writes: the page shell on first load, API errors and the
//! games' server-made sentences, each looked up in the catalogs with [`crate::words::t`].
//!
//! The page's script sends `Accept-Language: ja` or `en` with every API call (its own choice, which the player
//! can switch), and the language switch also writes a `lang` cookie so that a page load, which carries no
//! script-made header, is rendered in the same language. A browser that never switched is read from its own
//! `Accept-Language`.

use std::convert::Infallible;

use axum::{
    extract::FromRequestParts,
    http::{HeaderMap, header, request::Parts},
};

/// A language the pages are written in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Lang {
    #[default]
    En,
    Ja,
}

impl Lang {
    /// The BCP 47 tag, as `<html lang>` and the `lang` cookie write it.
    pub(crate) fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ja => "ja",
        }
    }

    /// The language the switch offers: the other one.
    pub(crate) fn other(self) -> Lang {
        match self {
            Lang::En => Lang::Ja,
            Lang::Ja => Lang::En,
        }
    }

    /// The language a request asks for: the `lang` cookie (the player's own choice, written by the switch
    /// together with the page's memory of it), else the first tag of `Accept-Language` (`ja*` is Japanese, any
    /// other English), else English. The cookie comes first because a page load carries the browser's own
    /// `Accept-Language`, which a player who switched has overruled; the page's API calls send the same
    /// language in both.
    pub(crate) fn of_headers(headers: &HeaderMap) -> Lang {
        let chosen = headers
            .get_all(header::COOKIE)
            .iter()
            .filter_map(|value| value.to_str().ok())
            .flat_map(|value| value.split(';'))
            .filter_map(|pair| pair.trim().strip_prefix("lang="))
            .find_map(Lang::of_code);
        if let Some(lang) = chosen {
            return lang;
        }
        headers
            .get(header::ACCEPT_LANGUAGE)
            .and_then(|value| value.to_str().ok())
            .and_then(|value| value.split(',').next())
            .map(|tag| tag.split(';').next().unwrap_or("").trim())
            .map_or(Lang::En, Lang::of_tag)
    }

    /// `ja` or `en` exactly, as the switch writes them; anything else is no choice.
    fn of_code(code: &str) -> Option<Lang> {
        match code.trim() {
            "ja" => Some(Lang::Ja),
            "en" => Some(Lang::En),
            _ => None,
        }
    }

    fn of_tag(tag: &str) -> Lang {
        let primary = tag.split(['-', '_']).next().unwrap_or("");
        if primary.eq_ignore_ascii_case("ja") {
            Lang::Ja
        } else {
            Lang::En
        }
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Lang {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        Ok(Lang::of_headers(&parts.headers))
    }
}

#[cfg(test)]
mod tests {
    use axum::http::{HeaderValue, Request};

    use super::*;

    fn lang_of(headers: &[(&str, &str)]) -> Lang {
        let mut request = Request::builder();
        for (name, value) in headers {
            request = request.header(*name, HeaderValue::from_str(value).unwrap_or_else(|e| panic!("{e}")));
        }
        let (mut parts, ()) = request.body(()).unwrap_or_else(|e| panic!("{e}")).into_parts();
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap_or_else(|e| panic!("{e}"));
        match runtime.block_on(Lang::from_request_parts(&mut parts, &())) {
            Ok(lang) => lang,
            Err(never) => match never {},
        }
    }

    #[test]
    fn accept_language_first_tag_decides_without_a_choice() {
        assert_eq!(lang_of(&[("accept-language", "ja")]), Lang::Ja);
        assert_eq!(lang_of(&[("accept-language", "ja-JP,en;q=0.8")]), Lang::Ja);
        assert_eq!(lang_of(&[("accept-language", "JA_jp")]), Lang::Ja);
        assert_eq!(lang_of(&[("accept-language", "en-US,ja;q=0.9")]), Lang::En);
        assert_eq!(lang_of(&[("accept-language", "fr")]), Lang::En);
        // "jam" is not Japanese, only a tag whose primary subtag is "ja".
        assert_eq!(lang_of(&[("accept-language", "jam")]), Lang::En);
    }

    #[test]
    fn the_players_choice_in_the_cookie_comes_first() {
        assert_eq!(lang_of(&[("cookie", "a=1; lang=ja; b=2")]), Lang::Ja);
        assert_eq!(
            lang_of(&[("accept-language", "en-US"), ("cookie", "lang=ja")]),
            Lang::Ja
        );
        assert_eq!(lang_of(&[("accept-language", "ja"), ("cookie", "lang=en")]), Lang::En);
        // A cookie that is no choice of ours is ignored, not taken for English.
        assert_eq!(lang_of(&[("accept-language", "ja"), ("cookie", "lang=fr")]), Lang::Ja);
        assert_eq!(lang_of(&[("accept-language", "ja"), ("cookie", "xlang=en")]), Lang::Ja);
    }

    #[test]
    fn nothing_or_garbage_is_english() {
        assert_eq!(lang_of(&[]), Lang::En);
        assert_eq!(lang_of(&[("accept-language", ";;,,")]), Lang::En);
        assert_eq!(lang_of(&[("accept-language", "*")]), Lang::En);
        assert_eq!(lang_of(&[("cookie", "lang=")]), Lang::En);
        assert_eq!(Lang::En.code(), "en");
        assert_eq!(Lang::Ja.code(), "ja");
    }
}
