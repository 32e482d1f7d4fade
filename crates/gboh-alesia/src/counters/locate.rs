//! Finding items in RON text, so that every data problem names its file, line,
//! column and item.
//!
//! A light tokenizer (strings, identifiers, brackets; comments skipped) is
//! enough: it never fails, whatever the input, and every slice it takes is at a
//! char boundary it found itself.

use std::collections::BTreeMap;

use gboh_core::data::{DataError, Problems};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Ident,
    Str,
    Open,
    Close,
    Colon,
    Other,
}

#[derive(Debug, Clone, Copy)]
struct Token {
    kind: Kind,
    start: usize,
    end: usize,
    /// Bracket depth of the token; an opening bracket has the outer depth.
    depth: usize,
}

/// Splits `text` into tokens. Unterminated strings and comments run to the end.
fn tokenize(text: &str) -> Vec<Token> {
    let mut tokens = Vec::new();
    let mut chars = text.char_indices().peekable();
    let mut depth = 0usize;
    while let Some((start, c)) = chars.next() {
        let kind = match c {
            c if c.is_whitespace() => continue,
            '/' if chars.peek().map(|&(_, n)| n) == Some('/') => {
                for (_, n) in chars.by_ref() {
                    if n == '\n' {
                        break;
                    }
                }
                continue;
            }
            '/' if chars.peek().map(|&(_, n)| n) == Some('*') => {
                chars.next();
                let mut prev = ' ';
                for (_, n) in chars.by_ref() {
                    if prev == '*' && n == '/' {
                        break;
                    }
                    prev = n;
                }
                continue;
            }
            '"' => {
                let mut escaped = false;
                for (_, n) in chars.by_ref() {
                    if escaped {
                        escaped = false;
                    } else if n == '\\' {
                        escaped = true;
                    } else if n == '"' {
                        break;
                    }
                }
                Kind::Str
            }
            c if c.is_alphanumeric() || c == '_' => {
                while let Some(&(_, n)) = chars.peek() {
                    if n.is_alphanumeric() || n == '_' {
                        chars.next();
                    } else {
                        break;
                    }
                }
                Kind::Ident
            }
            '(' | '[' | '{' => Kind::Open,
            ')' | ']' | '}' => Kind::Close,
            ':' => Kind::Colon,
            _ => Kind::Other,
        };
        let end = chars.peek().map_or(text.len(), |&(i, _)| i);
        if kind == Kind::Close {
            depth = depth.saturating_sub(1);
        }
        tokens.push(Token { kind, start, end, depth });
        if kind == Kind::Open {
            depth += 1;
        }
    }
    tokens
}

/// The contents of a string token, without quotes (escapes left as written).
fn str_value(text: &str, t: &Token) -> String {
    let raw = text.get(t.start..t.end).unwrap_or("");
    let inner = raw.strip_prefix('"').unwrap_or(raw);
    inner.strip_suffix('"').unwrap_or(inner).to_owned()
}

fn is_ident(text: &str, t: &Token, name: &str) -> bool {
    t.kind == Kind::Ident && text.get(t.start..t.end) == Some(name)
}

/// Every `id: "..."` in `text`, in order: the id and the offset of its quote.
fn id_definitions(text: &str, tokens: &[Token]) -> Vec<(String, usize)> {
    tokens
        .windows(3)
        .filter_map(|w| match w {
            [k, c, v]
                if is_ident(text, k, "id") && c.kind == Kind::Colon && v.kind == Kind::Str =>
            {
                Some((str_value(text, v), v.start))
            }
            _ => None,
        })
        .collect()
}

/// The byte offset of a 1-based line and (char) column, clamped to the text.
fn offset_of(text: &str, line: usize, column: usize) -> usize {
    let mut offset = 0usize;
    for (i, l) in text.split_inclusive('\n').enumerate() {
        if i + 1 == line {
            let within = l.char_indices().nth(column.saturating_sub(1)).map_or(l.len(), |(b, _)| b);
            return offset + within;
        }
        offset += l.len();
    }
    text.len()
}

/// The id of the innermost item (a parenthesized struct with an `id` field)
/// enclosing `offset`, if any.
fn enclosing_id(text: &str, tokens: &[Token], offset: usize) -> Option<String> {
    let mut open: Vec<usize> = Vec::new();
    for (i, t) in tokens.iter().enumerate() {
        if t.start >= offset {
            break;
        }
        match t.kind {
            Kind::Open => open.push(i),
            Kind::Close => {
                open.pop();
            }
            _ => {}
        }
    }
    for &i in open.iter().rev() {
        let Some(o) = tokens.get(i) else { continue };
        let inner = o.depth + 1;
        let body = tokens.iter().skip(i + 1).take_while(|t| t.depth >= inner);
        let body: Vec<&Token> = body.filter(|t| t.depth == inner).collect();
        for w in body.windows(3) {
            if let [k, c, v] = w
                && is_ident(text, k, "id")
                && c.kind == Kind::Colon
                && v.kind == Kind::Str
            {
                return Some(str_value(text, v));
            }
        }
    }
    None
}

/// Renames the item of a syntax error to the id of the item that encloses it,
/// and lower-cases the start of its message, as data errors read elsewhere.
pub(super) fn name_syntax_error(mut err: DataError, text: &str) -> DataError {
    let tokens = tokenize(text);
    for p in &mut err.problems {
        if let Some(pos) = p.pos
            && let Some(id) = enclosing_id(text, &tokens, offset_of(text, pos.line, pos.column))
        {
            p.item = id;
        }
        let mut chars = p.message.chars();
        if let Some(first) = chars.next() {
            p.message = first.to_lowercase().chain(chars).collect();
        }
    }
    err
}

/// Collects the problems of one file, locating each at the definition of its
/// item or at one of the item's fields.
pub(super) struct Reporter<'a> {
    text: &'a str,
    tokens: Vec<Token>,
    problems: Problems<'a>,
    definitions: BTreeMap<String, Vec<usize>>,
    claimed: BTreeMap<String, usize>,
}

impl<'a> Reporter<'a> {
    pub(super) fn new(file: &'a str, text: &'a str) -> Self {
        let tokens = tokenize(text);
        let mut definitions: BTreeMap<String, Vec<usize>> = BTreeMap::new();
        for (id, offset) in id_definitions(text, &tokens) {
            definitions.entry(id).or_default().push(offset);
        }
        Reporter {
            text,
            tokens,
            problems: Problems::new(file, text),
            definitions,
            claimed: BTreeMap::new(),
        }
    }

    /// Claims the next definition (`id: "..."`) of `id` in text order, and
    /// returns where it is. Call once per item, in file order.
    pub(super) fn claim(&mut self, id: &str) -> Option<usize> {
        let n = self.claimed.entry(id.to_owned()).or_insert(0);
        let found = self.definitions.get(id).and_then(|all| all.get(*n)).copied();
        *n += 1;
        found
    }

    /// Where `id` is first defined, without claiming it.
    pub(super) fn definition(&self, id: &str) -> Option<usize> {
        self.definitions.get(id).and_then(|all| all.first()).copied()
    }

    /// Records a problem with `item` at the token starting at `at`, or at the
    /// item's first quoted mention when `at` is unknown.
    pub(super) fn at(&mut self, item: &str, at: Option<usize>, message: impl Into<String>) {
        let token = at.and_then(|o| {
            let i = self.tokens.partition_point(|t| t.start < o);
            self.tokens.get(i).filter(|t| t.start == o).copied()
        });
        match token.and_then(|t| self.text.get(t.start..t.end).map(|needle| (needle, t.start))) {
            Some((needle, start)) => {
                let n = self.text.get(..start).map_or(0, |before| before.matches(needle).count());
                self.problems.at_nth(item, needle, n, message);
            }
            None => self.problems.item(item, message),
        }
    }

    /// Records a problem with `item` at its field `field` (an identifier before
    /// a colon, or a quoted key before a colon), searched from `from`, the item's
    /// definition. Falls back to the definition itself.
    pub(super) fn field(
        &mut self,
        item: &str,
        from: Option<usize>,
        field: &str,
        message: impl Into<String>,
    ) {
        let found = from.and_then(|start| {
            let quoted = format!("\"{field}\"");
            let first = self.tokens.partition_point(|t| t.start < start);
            self.tokens.get(first..).unwrap_or_default().windows(2).find_map(|w| match w {
                [k, c]
                    if c.kind == Kind::Colon
                        && (is_ident(self.text, k, field)
                            || (k.kind == Kind::Str
                                && self.text.get(k.start..k.end) == Some(quoted.as_str()))) =>
                {
                    Some(k.start)
                }
                _ => None,
            })
        });
        self.at(item, found.or(from), message);
    }

    /// Records a problem with `item` at the `n`th (0-based) string token equal
    /// to `"value"` after `from`: a reference such as `profile: "bi"`.
    pub(super) fn value(
        &mut self,
        item: &str,
        from: Option<usize>,
        value: &str,
        n: usize,
        message: impl Into<String>,
    ) {
        let quoted = format!("\"{value}\"");
        let found = from.and_then(|start| {
            let first = self.tokens.partition_point(|t| t.start < start);
            self.tokens
                .get(first..)
                .unwrap_or_default()
                .iter()
                .filter(|t| {
                    t.kind == Kind::Str && self.text.get(t.start..t.end) == Some(quoted.as_str())
                })
                .nth(n)
                .map(|t| t.start)
        });
        self.at(item, found.or(from), message);
    }

    pub(super) fn finish(self) -> Result<(), DataError> {
        self.problems.finish(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn definitions_and_enclosing_ids_skip_strings_and_comments() {
        let text = "// id: \"no\"\n[(id: \"a\", n: \"id: x\", sub: [(k: 1)]), (x: 2, id: \"b\")]";
        let tokens = tokenize(text);
        let defs = id_definitions(text, &tokens);
        assert_eq!(defs.iter().map(|(d, _)| d.as_str()).collect::<Vec<_>>(), ["a", "b"]);
        let inside_sub = text.find("k:").unwrap_or(0);
        assert_eq!(enclosing_id(text, &tokens, inside_sub).as_deref(), Some("a"));
        let before_b = text.find("x: 2").unwrap_or(0);
        assert_eq!(enclosing_id(text, &tokens, before_b).as_deref(), Some("b"));
        assert_eq!(enclosing_id(text, &tokens, 0), None);
    }

    #[test]
    fn offsets_follow_lines_and_char_columns() {
        let text = "ab\nçd e\n";
        assert_eq!(offset_of(text, 2, 3), "ab\nçd".len());
        assert_eq!(offset_of(text, 9, 1), text.len());
    }

    #[test]
    fn tokenizer_survives_unterminated_input() {
        for text in ["\"abc", "/* x", "(id: \"", "é\"\\", "((((", "))))"] {
            let tokens = tokenize(text);
            let _ = enclosing_id(text, &tokens, text.len());
            let _ = id_definitions(text, &tokens);
        }
    }
}
