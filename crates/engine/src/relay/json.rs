//! Just enough JSON for the save envelope, written by hand so the engine keeps no dependencies.
//!
//! Numbers are non-negative integers only (the envelope holds nothing else); a sign, a fraction or an exponent
//! is a syntax error, as is a repeated key, a lone surrogate or nesting deeper than [`MAX_DEPTH`]. Anything
//! else is RFC 8259 JSON.

/// The deepest nesting read. The envelope needs 3 levels (envelope, state, lists); the limit keeps a hostile
/// `[[[[…` from exhausting the stack.
pub(crate) const MAX_DEPTH: usize = 16;

/// A JSON value, objects keeping their keys in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Json {
    Null,
    Bool(bool),
    Number(u64),
    String(String),
    Array(Vec<Json>),
    Object(Vec<(String, Json)>),
}

impl Json {
    /// The value as compact JSON text.
    pub(crate) fn to_text(&self) -> String {
        let mut out = String::new();
        self.write(&mut out);
        out
    }

    fn write(&self, out: &mut String) {
        match self {
            Json::Null => out.push_str("null"),
            Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Json::Number(n) => out.push_str(&n.to_string()),
            Json::String(s) => write_string(out, s),
            Json::Array(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    item.write(out);
                }
                out.push(']');
            }
            Json::Object(entries) => {
                out.push('{');
                for (i, (key, value)) in entries.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write_string(out, key);
                    out.push(':');
                    value.write(out);
                }
                out.push('}');
            }
        }
    }
}

fn write_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if u32::from(c) < 0x20 => out.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Reads `text` as one JSON value; on failure, the byte offset where reading stopped.
pub(crate) fn parse(text: &str) -> Result<Json, usize> {
    let mut reader = Reader {
        bytes: text.as_bytes(),
        at: 0,
    };
    let value = reader.value(0)?;
    reader.skip_space();
    if reader.at != reader.bytes.len() {
        return Err(reader.at);
    }
    Ok(value)
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn skip_space(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.at += 1;
        }
    }

    fn expect(&mut self, byte: u8) -> Result<(), usize> {
        if self.peek() == Some(byte) {
            self.at += 1;
            Ok(())
        } else {
            Err(self.at)
        }
    }

    fn keyword(&mut self, word: &str, value: Json) -> Result<Json, usize> {
        if self.bytes[self.at..].starts_with(word.as_bytes()) {
            self.at += word.len();
            Ok(value)
        } else {
            Err(self.at)
        }
    }

    fn value(&mut self, depth: usize) -> Result<Json, usize> {
        self.skip_space();
        match self.peek() {
            Some(b'{') if depth < MAX_DEPTH => self.object(depth + 1),
            Some(b'[') if depth < MAX_DEPTH => self.array(depth + 1),
            Some(b'"') => self.string().map(Json::String),
            Some(b'0'..=b'9') => self.number(),
            Some(b't') => self.keyword("true", Json::Bool(true)),
            Some(b'f') => self.keyword("false", Json::Bool(false)),
            Some(b'n') => self.keyword("null", Json::Null),
            _ => Err(self.at),
        }
    }

    fn number(&mut self) -> Result<Json, usize> {
        let start = self.at;
        let mut n: u64 = 0;
        while let Some(digit @ b'0'..=b'9') = self.peek() {
            if self.at > start && self.bytes[start] == b'0' {
                // A leading zero.
                return Err(self.at);
            }
            n = n
                .checked_mul(10)
                .and_then(|n| n.checked_add(u64::from(digit - b'0')))
                .ok_or(self.at)?;
            self.at += 1;
        }
        if matches!(self.peek(), Some(b'.' | b'e' | b'E')) {
            return Err(self.at);
        }
        Ok(Json::Number(n))
    }

    fn hex4(&mut self) -> Result<u32, usize> {
        let digits = self.bytes.get(self.at..self.at + 4).ok_or(self.at)?;
        let mut value = 0;
        for &d in digits {
            let nibble = char::from(d).to_digit(16).ok_or(self.at)?;
            value = value * 16 + nibble;
        }
        self.at += 4;
        Ok(value)
    }

    fn string(&mut self) -> Result<String, usize> {
        self.expect(b'"')?;
        let mut out: Vec<u8> = Vec::new();
        loop {
            let at = self.at;
            let byte = self.peek().ok_or(at)?;
            self.at += 1;
            match byte {
                b'"' => break,
                b'\\' => {
                    let escape = self.peek().ok_or(self.at)?;
                    self.at += 1;
                    let c = match escape {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => self.unicode_escape()?,
                        _ => return Err(at),
                    };
                    let mut buf = [0; 4];
                    out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                }
                0x00..=0x1F => return Err(at),
                // Bytes of the (already valid UTF-8) text, copied through whole.
                _ => out.push(byte),
            }
        }
        String::from_utf8(out).map_err(|_| self.at)
    }

    /// The character of a `\u` escape whose `\u` has been read, joining a surrogate pair.
    fn unicode_escape(&mut self) -> Result<char, usize> {
        let at = self.at;
        let first = self.hex4()?;
        let code = match first {
            0xD800..=0xDBFF => {
                if !self.bytes[self.at..].starts_with(b"\\u") {
                    return Err(self.at);
                }
                self.at += 2;
                let second = self.hex4()?;
                if !(0xDC00..=0xDFFF).contains(&second) {
                    return Err(at);
                }
                0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            }
            0xDC00..=0xDFFF => return Err(at),
            _ => first,
        };
        char::from_u32(code).ok_or(at)
    }

    fn array(&mut self, depth: usize) -> Result<Json, usize> {
        self.expect(b'[')?;
        let mut items = Vec::new();
        self.skip_space();
        if self.peek() == Some(b']') {
            self.at += 1;
            return Ok(Json::Array(items));
        }
        loop {
            items.push(self.value(depth)?);
            self.skip_space();
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(b']') => {
                    self.at += 1;
                    return Ok(Json::Array(items));
                }
                _ => return Err(self.at),
            }
        }
    }

    fn object(&mut self, depth: usize) -> Result<Json, usize> {
        self.expect(b'{')?;
        let mut entries: Vec<(String, Json)> = Vec::new();
        self.skip_space();
        if self.peek() == Some(b'}') {
            self.at += 1;
            return Ok(Json::Object(entries));
        }
        loop {
            self.skip_space();
            let at = self.at;
            let key = self.string()?;
            if entries.iter().any(|(k, _)| *k == key) {
                return Err(at);
            }
            self.skip_space();
            self.expect(b':')?;
            let value = self.value(depth)?;
            entries.push((key, value));
            self.skip_space();
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(b'}') => {
                    self.at += 1;
                    return Ok(Json::Object(entries));
                }
                _ => return Err(self.at),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(text: &str) -> Json {
        Json::String(text.to_owned())
    }

    #[test]
    fn reads_what_it_writes() {
        let value = Json::Object(vec![
            ("a".to_owned(), Json::Number(u64::MAX)),
            (
                "b".to_owned(),
                Json::Array(vec![Json::Null, Json::Bool(true), Json::Bool(false)]),
            ),
            (
                "c".to_owned(),
                s("quote \" backslash \\ newline \n tab \t bell \u{7} 日本 😀"),
            ),
            ("".to_owned(), Json::Array(Vec::new())),
            ("e".to_owned(), Json::Object(Vec::new())),
        ]);
        let text = value.to_text();
        assert_eq!(
            text,
            "{\"a\":18446744073709551615,\"b\":[null,true,false],\
             \"c\":\"quote \\\" backslash \\\\ newline \\n tab \\t bell \\u0007 日本 😀\",\"\":[],\"e\":{}}"
        );
        assert_eq!(parse(&text), Ok(value));
    }

    #[test]
    fn reads_json_written_by_others() {
        assert_eq!(
            parse(
                " {\n\t\"k\" : [ 1 , 20 ] ,\r\n \"u\":\"\\u00e9\\u65e5\\ud83d\\ude00\\/\\b\\f\" } "
            ),
            Ok(Json::Object(vec![
                (
                    "k".to_owned(),
                    Json::Array(vec![Json::Number(1), Json::Number(20)])
                ),
                ("u".to_owned(), s("é日😀/\u{8}\u{c}")),
            ]))
        );
        assert_eq!(parse("0"), Ok(Json::Number(0)));
    }

    #[test]
    fn refuses_what_it_does_not_read() {
        for (text, at) in [
            ("", 0),
            ("   ", 3),
            ("-1", 0),
            ("1.5", 1),
            ("1e3", 1),
            ("01", 1),
            ("18446744073709551616", 19),
            ("[1,]", 3),
            ("[1 2]", 3),
            ("{\"a\":1,}", 7),
            ("{\"a\":1,\"a\":2}", 7),
            ("{a:1}", 1),
            ("\"abc", 4),
            ("\"a\u{1}b\"", 2),
            ("\"\\x\"", 1),
            ("\"\\ud800\"", 7),
            ("\"\\ud800\\u0041\"", 3),
            ("\"\\udc00\"", 3),
            ("\"\\u12\"", 3),
            ("tru", 0),
            ("nul", 0),
            ("{} x", 3),
            ("[]]", 2),
        ] {
            assert_eq!(parse(text), Err(at), "{text:?}");
        }
    }

    #[test]
    fn nesting_is_limited() {
        let ok = format!("{}{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
        assert!(parse(&ok).is_ok());
        let deep = format!("{}{}", "[".repeat(MAX_DEPTH + 1), "]".repeat(MAX_DEPTH + 1));
        assert_eq!(parse(&deep), Err(MAX_DEPTH));
        // Far deeper than any stack would take, refused at the same place.
        let hostile = "[".repeat(1_000_000);
        assert_eq!(parse(&hostile), Err(MAX_DEPTH));
    }
}
