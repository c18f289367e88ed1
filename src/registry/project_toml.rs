//! A small reader of the TOML that project files use to name tasks (`pyproject.toml`'s
//! `[tool.poe.tasks]`, `pixi.toml`, `mise.toml`, `.cargo/config.toml`): every string in the
//! file with the keys that lead to it. Numbers, booleans and dates are skipped; what it cannot
//! read makes the whole file unread (`None`).

/// A string of the file and the keys that lead to it: its table's, then its own (an inline
/// table's keys follow; an array's items share the array's keys).
#[derive(Debug, PartialEq)]
pub struct Leaf {
    pub keys: Vec<String>,
    pub value: String,
}

/// The strings of a TOML document, in order, or `None` when it is not read.
pub fn strings(text: &str) -> Option<Vec<Leaf>> {
    let mut reader = Reader {
        chars: text.chars().collect(),
        at: 0,
        leaves: Vec::new(),
    };
    let mut table: Vec<String> = Vec::new();
    loop {
        reader.skip_blank(true);
        match reader.peek() {
            None => return Some(reader.leaves),
            Some('[') => {
                reader.at += 1;
                let array = reader.eat('[');
                reader.skip_blank(false);
                table = reader.keys()?;
                if !reader.eat(']') || (array && !reader.eat(']')) {
                    return None;
                }
            }
            Some(_) => {
                let mut keys = table.clone();
                keys.extend(reader.keys()?);
                if !reader.eat('=') {
                    return None;
                }
                reader.value(&keys)?;
            }
        }
        reader.skip_blank(false);
        if !matches!(reader.peek(), None | Some('\n' | '\r')) {
            return None;
        }
    }
}

struct Reader {
    chars: Vec<char>,
    at: usize,
    leaves: Vec<Leaf>,
}

impl Reader {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn eat(&mut self, c: char) -> bool {
        self.skip_blank(false);
        let found = self.peek() == Some(c);
        if found {
            self.at += 1;
        }
        found
    }

    fn starts(&self, text: &str) -> bool {
        text.chars()
            .enumerate()
            .all(|(i, c)| self.chars.get(self.at + i) == Some(&c))
    }

    /// Skips spaces and comments, and line ends when `lines`.
    fn skip_blank(&mut self, lines: bool) {
        while let Some(c) = self.peek() {
            match c {
                ' ' | '\t' => self.at += 1,
                '\n' | '\r' if lines => self.at += 1,
                '#' => {
                    while self.peek().is_some_and(|c| c != '\n') {
                        self.at += 1;
                    }
                }
                _ => return,
            }
        }
    }

    /// A dotted key (`tool.poe."my task"`).
    fn keys(&mut self) -> Option<Vec<String>> {
        let mut keys = Vec::new();
        loop {
            self.skip_blank(false);
            let key = match self.peek()? {
                '"' | '\'' => self.string()?,
                _ => {
                    let start = self.at;
                    while self.peek().is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '-') {
                        self.at += 1;
                    }
                    if start == self.at {
                        return None;
                    }
                    self.chars[start..self.at].iter().collect()
                }
            };
            keys.push(key);
            if !self.eat('.') {
                return Some(keys);
            }
        }
    }

    /// A value: its strings are kept under `keys`.
    fn value(&mut self, keys: &[String]) -> Option<()> {
        self.skip_blank(false);
        match self.peek()? {
            '"' | '\'' => {
                let value = self.string()?;
                self.leaves.push(Leaf {
                    keys: keys.to_vec(),
                    value,
                });
            }
            '[' => {
                self.at += 1;
                loop {
                    self.skip_blank(true);
                    if self.peek()? == ']' {
                        self.at += 1;
                        break;
                    }
                    self.value(keys)?;
                    self.skip_blank(true);
                    if self.peek()? == ',' {
                        self.at += 1;
                    }
                }
            }
            '{' => {
                self.at += 1;
                loop {
                    self.skip_blank(false);
                    if self.peek()? == '}' {
                        self.at += 1;
                        break;
                    }
                    let mut inner = keys.to_vec();
                    inner.extend(self.keys()?);
                    if !self.eat('=') {
                        return None;
                    }
                    self.value(&inner)?;
                    self.skip_blank(false);
                    if self.peek()? == ',' {
                        self.at += 1;
                    }
                }
            }
            _ => {
                // A number, boolean or date.
                let start = self.at;
                while self
                    .peek()
                    .is_some_and(|c| !matches!(c, ',' | ']' | '}' | '\n' | '\r' | '#'))
                {
                    self.at += 1;
                }
                if start == self.at {
                    return None;
                }
            }
        }
        Some(())
    }

    /// A basic or literal string, on one line or several.
    fn string(&mut self) -> Option<String> {
        let quote = self.peek()?;
        let multiline = self.starts(&quote.to_string().repeat(3));
        self.at += if multiline { 3 } else { 1 };
        // A newline right after the opening quotes is not part of the string.
        if multiline && self.starts("\r\n") {
            self.at += 2;
        } else if multiline && self.peek() == Some('\n') {
            self.at += 1;
        }
        let mut value = String::new();
        loop {
            let c = self.peek()?;
            if multiline && self.starts(&quote.to_string().repeat(3)) {
                self.at += 3;
                // Up to two more quotes just before the closing ones belong to the string.
                while self.peek() == Some(quote) {
                    value.push(quote);
                    self.at += 1;
                }
                return Some(value);
            }
            self.at += 1;
            match c {
                _ if c == quote && !multiline => return Some(value),
                '\n' if !multiline => return None,
                '\\' if quote == '"' => {
                    let escaped = self.peek()?;
                    self.at += 1;
                    match escaped {
                        'n' => value.push('\n'),
                        't' => value.push('\t'),
                        'r' => value.push('\r'),
                        'b' => value.push('\u{8}'),
                        'f' => value.push('\u{c}'),
                        'e' => value.push('\u{1b}'),
                        '"' | '\\' => value.push(escaped),
                        'u' | 'U' => {
                            let digits = if escaped == 'u' { 4 } else { 8 };
                            let hex: String = self.chars.get(self.at..self.at + digits)?.iter().collect();
                            self.at += digits;
                            value.push(char::from_u32(u32::from_str_radix(&hex, 16).ok()?)?);
                        }
                        // A line-ending backslash joins the next non-blank text.
                        '\n' | '\r' | ' ' | '\t' if multiline => {
                            while self.peek().is_some_and(char::is_whitespace) {
                                self.at += 1;
                            }
                        }
                        _ => return None,
                    }
                }
                _ => value.push(c),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Vec<(String, String)> {
        strings(text)
            .unwrap()
            .into_iter()
            .map(|leaf| (leaf.keys.join("."), leaf.value))
            .collect()
    }

    #[test]
    fn tables_keys_and_values() {
        let text = "[tool.poe.tasks]\n# a comment\nx = {shell = \"rm -rf ~\", help = 'h'}\n\
                    y.cmd = \"\"\"\nmake \\\n  all\"\"\"\nz = [\"a\", 'b']\nn = 3\n\n[[bin]]\nname = \"q\"\n";
        assert_eq!(
            read(text),
            [
                ("tool.poe.tasks.x.shell", "rm -rf ~"),
                ("tool.poe.tasks.x.help", "h"),
                ("tool.poe.tasks.y.cmd", "make all"),
                ("tool.poe.tasks.z", "a"),
                ("tool.poe.tasks.z", "b"),
                ("bin.name", "q"),
            ]
            .map(|(k, v)| (k.to_owned(), v.to_owned()))
        );
    }

    #[test]
    fn what_is_not_toml_is_not_read() {
        assert!(strings("x = \"open").is_none());
        assert!(strings("x y = 1").is_none());
    }
}
