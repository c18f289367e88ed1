//! Reading JSON files (package.json, devcontainer.json, agent settings) with serde_json, and
//! finding where a value is written: serde_json keeps no positions, so each string is looked for,
//! in its JSON spelling, from where the previous one was found.

use super::Place;
use serde_json::Value;

/// The file as JSON; JSON with comments and trailing commas (devcontainer.json, VS Code's
/// settings) is read too.
pub fn parse(text: &str) -> Option<Value> {
    serde_json::from_str(text)
        .ok()
        .or_else(|| serde_json::from_str(&without_comments(text)).ok())
}

/// `text` with its comments and trailing commas blanked out (lengths and lines kept).
pub fn without_comments(text: &str) -> String {
    let mut bytes = text.as_bytes().to_vec();
    // Comments first, then the commas that only comments separated from a closing bracket.
    outside_strings(&mut bytes, |bytes, index| match (bytes[index], bytes.get(index + 1)) {
        (b'/', Some(b'/')) => {
            let end = bytes[index..]
                .iter()
                .position(|b| *b == b'\n')
                .map_or(bytes.len(), |at| index + at);
            bytes[index..end].fill(b' ');
            end
        }
        (b'/', Some(b'*')) => {
            let end = bytes[index + 2..]
                .windows(2)
                .position(|pair| pair == b"*/")
                .map_or(bytes.len(), |at| index + 2 + at + 2);
            for blanked in &mut bytes[index..end] {
                if *blanked != b'\n' {
                    *blanked = b' ';
                }
            }
            end
        }
        _ => index + 1,
    });
    outside_strings(&mut bytes, |bytes, index| {
        if bytes[index] == b','
            && matches!(
                bytes[index + 1..].iter().find(|b| !b.is_ascii_whitespace()),
                Some(b'}' | b']')
            )
        {
            bytes[index] = b' ';
        }
        index + 1
    });
    // Only ASCII bytes were replaced, by ASCII.
    String::from_utf8(bytes).unwrap_or_else(|_| text.to_owned())
}

/// Calls `visit` at each byte outside JSON strings; it returns where to go on.
fn outside_strings(bytes: &mut [u8], mut visit: impl FnMut(&mut [u8], usize) -> usize) {
    let mut index = 0;
    let mut in_string = false;
    while index < bytes.len() {
        if in_string {
            match bytes[index] {
                b'\\' => index += 1,
                b'"' => in_string = false,
                _ => {}
            }
            index += 1;
        } else if bytes[index] == b'"' {
            in_string = true;
            index += 1;
        } else {
            index = visit(bytes, index);
        }
    }
}

/// Finds strings in a JSON text in the order they are written.
pub struct Locator<'a> {
    text: &'a str,
    cursor: usize,
}

impl<'a> Locator<'a> {
    pub fn new(text: &'a str) -> Locator<'a> {
        Locator { text, cursor: 0 }
    }

    /// Moves past the key `key` (`"key"`), when it is found further on.
    pub fn key(&mut self, key: &str) -> &mut Self {
        let spelled = format!("{}", Value::String(key.to_owned()));
        if let Some(at) = self.text[self.cursor..].find(&spelled) {
            self.cursor += at + spelled.len();
        }
        self
    }

    /// Where the string `value` is written, from the cursor on (the character after its opening
    /// quote); the cursor's place when its spelling is not found.
    pub fn string(&mut self, value: &str) -> Place {
        let spelled = format!("{}", Value::String(value.to_owned()));
        match self.text[self.cursor..].find(&spelled) {
            Some(at) => {
                let start = self.cursor + at;
                self.cursor = start + spelled.len();
                place_of(self.text, start + 1)
            }
            None => place_of(self.text, self.cursor),
        }
    }
}

/// The line and column of a byte offset.
pub fn place_of(text: &str, offset: usize) -> Place {
    let offset = super::floor_char_boundary(text, offset.min(text.len()));
    let before = &text[..offset];
    let line_start = before.rfind('\n').map_or(0, |at| at + 1);
    Place {
        line: before.matches('\n').count() + 1,
        column: before[line_start..].chars().count(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_and_trailing_commas_are_blanked() {
        let text = "{\n  // a comment\n  \"a\": \"b // not a comment\", /* x */\n}";
        let value = parse(text).expect("readable");
        assert_eq!(value["a"], "b // not a comment");
        assert_eq!(without_comments(text).len(), text.len());
    }

    #[test]
    fn strings_are_found_in_order() {
        let text = "{\"scripts\": {\"a\": \"x\",\n  \"b\": \"x\"}}";
        let mut locator = Locator::new(text);
        locator.key("scripts");
        assert_eq!(locator.key("a").string("x"), Place { line: 1, column: 19 });
        assert_eq!(locator.key("b").string("x"), Place { line: 2, column: 8 });
    }
}
