//! The audit log: one JSON line per decision of the hook, appended to
//! `$XDG_STATE_HOME/safety-net/audit.jsonl` (default `~/.local/state/safety-net/audit.jsonl`),
//! with secrets in commands and paths redacted, rotated by size; and reading it back for
//! `safety-net log`. Writing it never changes a decision: a failure is ignored.

use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The log's size past which it is moved to `audit.jsonl.1` (replacing the previous one).
pub const ROTATE_BYTES: u64 = 10 * 1024 * 1024;

/// The longest command or path kept in one record, in characters.
const MAX_INPUT_CHARS: usize = 4096;

/// One decision.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct Record {
    /// Seconds since the Unix epoch.
    pub time: u64,
    pub agent: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session: Option<String>,
    pub cwd: String,
    /// `shell`, `write`, `edit` or `read`.
    pub tool: String,
    /// The command or the paths, secrets redacted.
    pub input: String,
    pub verdict: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Set when a one-time approval let the call through (`safety-net allow`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub approved_once: bool,
}

/// The state folder: `$XDG_STATE_HOME/safety-net`, else `~/.local/state/safety-net`.
pub fn state_folder(state_home: Option<&str>, home: &str) -> PathBuf {
    state_home
        .filter(|dir| Path::new(dir).is_absolute())
        .map_or_else(|| Path::new(home).join(".local/state"), PathBuf::from)
        .join("safety-net")
}

/// The log file in a state folder.
pub fn log_file(state: &Path) -> PathBuf {
    state.join("audit.jsonl")
}

/// Appends `record` to the log at `path`, rotating it first when it has grown past
/// [`ROTATE_BYTES`]. Errors are returned for tests and ignored by the hook.
pub fn append(path: &Path, record: &Record) -> std::io::Result<()> {
    if let Some(folder) = path.parent() {
        std::fs::create_dir_all(folder)?;
    }
    if std::fs::metadata(path).is_ok_and(|m| m.len() > ROTATE_BYTES) {
        let mut rotated = path.as_os_str().to_owned();
        rotated.push(".1");
        std::fs::rename(path, rotated)?;
    }
    let mut line = serde_json::to_string(record).map_err(std::io::Error::other)?;
    line.push('\n');
    let mut file = std::fs::OpenOptions::new().create(true).append(true).open(path)?;
    // One write of the whole line: concurrent hooks append whole lines.
    file.write_all(line.as_bytes())
}

/// Seconds since the Unix epoch now.
pub fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.as_secs())
}

/// `text` with the secrets it may hold replaced by `[REDACTED]`: private key blocks, API keys
/// and tokens by their known shapes, the word after `Bearer`, `Basic` or `token` and after a
/// `--password`-like option, the values of `password=`, `token=`, `API_KEY:`… and credentials in
/// URLs. Cut to [`MAX_INPUT_CHARS`]. A plain scan, word by word: the hook runs once per process,
/// and compiling patterns would cost each call a millisecond.
pub fn redact(text: &str) -> String {
    let text = without_private_keys(text);
    let mut redacted = String::with_capacity(text.len());
    let mut after_secret_label = false;
    let mut after_user_option = false;
    // The quote a secret value opened and has not closed (`password="a b c"`): the words up to
    // it are the value's.
    let mut open_quote: Option<char> = None;
    let mut rest = text.as_str();
    while !rest.is_empty() {
        let space = rest.len() - rest.trim_start().len();
        redacted.push_str(&rest[..space]);
        rest = &rest[space..];
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let word = &rest[..end];
        rest = &rest[end..];
        if word.is_empty() {
            continue;
        }
        if let Some(quote) = open_quote {
            if let Some(close) = word.find(quote) {
                redacted.push_str(&word[close..]);
                open_quote = None;
            }
            continue;
        }
        if after_secret_label {
            redacted.push_str(&keep_quotes(word, "[REDACTED]"));
        } else if after_user_option && let Some(colon) = word.find(':') {
            // `curl -u user:password`: the user stays, the password goes.
            redacted.push_str(&word[..=colon]);
            redacted.push_str(&keep_quotes(&word[colon + 1..], "[REDACTED]"));
        } else {
            redacted.push_str(&redact_word(word));
        }
        open_quote = secret_quote_left_open(word);
        let bare = word.trim_matches(|c: char| "'\"`:".contains(c));
        after_user_option = matches!(word, "-u" | "--user" | "-U" | "--proxy-user");
        after_secret_label = ["bearer", "basic", "token"]
            .iter()
            .any(|label| bare.eq_ignore_ascii_case(label))
            || (bare.starts_with('-') && !bare.contains('=') && names_secret(bare.trim_start_matches('-')));
    }
    cut(redacted)
}

/// The names whose values are secret, as parts of a name (`DB_PASSWORD`, `api-key`).
const SECRET_NAMES: &[&str] = &["pass", "pwd", "secret", "token", "key", "credential", "auth"];

fn names_secret(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    SECRET_NAMES.iter().any(|secret| name.contains(secret))
}

/// The prefixes of known token shapes, and how many token characters must follow.
const TOKEN_SHAPES: &[(&str, usize)] = &[
    ("sk-", 16),
    ("ghp_", 20),
    ("gho_", 20),
    ("ghu_", 20),
    ("ghs_", 20),
    ("ghr_", 20),
    ("github_pat_", 20),
    ("glpat-", 16),
    ("xoxb-", 10),
    ("xoxp-", 10),
    ("xoxa-", 10),
    ("xoxs-", 10),
    ("xoxr-", 10),
    ("AKIA", 16),
    ("ASIA", 16),
    ("AIza", 30),
    ("npm_", 30),
    ("eyJ", 30),
];

fn is_token_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || "_-.".contains(c)
}

/// One word with its secrets redacted: credentials in a URL, the value of a secret-naming
/// `name=value` or `name:value`, and tokens of a known shape.
fn redact_word(word: &str) -> String {
    if let Some(scheme_end) = word.find("://") {
        let authority_start = scheme_end + 3;
        let authority_end = word[authority_start..]
            .find(['/', '\'', '"'])
            .map_or(word.len(), |end| authority_start + end);
        if let Some(at) = word[authority_start..authority_end].rfind('@')
            && word[authority_start..authority_start + at].contains(':')
        {
            return format!(
                "{}[REDACTED]{}",
                &word[..authority_start],
                redact_word(&word[authority_start + at..])
            );
        }
    }
    if let Some(split) = word.find(['=', ':'])
        && !word[split..].starts_with("://")
        && names_secret(&word[..split])
        && split + 1 < word.len()
    {
        // The value ends where the shell's next command begins (`TOKEN=x; make`).
        let value_end = word[split + 1..]
            .find([';', '&', '|', ')'])
            .map_or(word.len(), |end| split + 1 + end);
        return format!(
            "{}{}{}",
            &word[..=split],
            keep_quotes(&word[split + 1..value_end], "[REDACTED]"),
            &word[value_end..]
        );
    }
    let mut redacted = String::with_capacity(word.len());
    let mut index = 0;
    // The text from `kept` to `index` stays as written; it is copied when a token starts or at
    // the end.
    let mut kept = 0;
    while index < word.len() {
        let at_start = index == 0 || !is_token_char(word[..index].chars().next_back().unwrap_or(' '));
        let shape = TOKEN_SHAPES
            .iter()
            .find(|(prefix, _)| at_start && word[index..].starts_with(prefix));
        if let Some((prefix, least)) = shape {
            let body = word[index + prefix.len()..]
                .find(|c: char| !is_token_char(c))
                .map_or(word.len() - index - prefix.len(), |end| end);
            if body >= *least {
                redacted.push_str(&word[kept..index]);
                redacted.push_str("[REDACTED]");
                index += prefix.len() + body;
                kept = index;
                continue;
            }
        }
        index += word[index..].chars().next().map_or(1, char::len_utf8);
    }
    redacted.push_str(&word[kept..]);
    redacted
}

/// The quote that a secret-naming `name="value` opens and this word does not close.
fn secret_quote_left_open(word: &str) -> Option<char> {
    let split = word.find(['=', ':'])?;
    let value = &word[split + 1..];
    let quote = value.chars().next().filter(|c| *c == '"' || *c == '\'')?;
    (names_secret(&word[..split]) && !value[1..].contains(quote)).then_some(quote)
}

/// `replacement` in place of `word`, keeping the quotes around it (`'abc'` → `'[REDACTED]'`).
fn keep_quotes(word: &str, replacement: &str) -> String {
    let quotes = |c: char| "'\"`".contains(c);
    let start = word.len() - word.trim_start_matches(quotes).len();
    let end = word.trim_end_matches(quotes).len().max(start);
    format!("{}{replacement}{}", &word[..start], &word[end..])
}

/// `text` with each private key block (`-----BEGIN … PRIVATE KEY-----` to its end line, or to
/// the end of the text) replaced by `[REDACTED]`.
fn without_private_keys(text: &str) -> String {
    const BEGIN: &str = "-----BEGIN ";
    let mut kept = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find(BEGIN) {
        let header_end = rest[start + BEGIN.len()..]
            .find("-----")
            .map(|end| start + BEGIN.len() + end);
        let is_private = header_end.is_some_and(|end| rest[start..end].ends_with("PRIVATE KEY"));
        let Some(header_end) = header_end.filter(|_| is_private) else {
            kept.push_str(&rest[..start + BEGIN.len()]);
            rest = &rest[start + BEGIN.len()..];
            continue;
        };
        kept.push_str(&rest[..start]);
        kept.push_str("[REDACTED]");
        let after = &rest[header_end + 5..];
        rest = match after.find("-----END ") {
            Some(end) => {
                let tail = &after[end..];
                let close = tail["-----END ".len()..]
                    .find("-----")
                    .map_or(tail.len(), |at| "-----END ".len() + at + 5);
                &tail[close..]
            }
            None => "",
        };
    }
    kept.push_str(rest);
    kept
}

/// `text` cut to [`MAX_INPUT_CHARS`].
fn cut(text: String) -> String {
    if text.chars().count() > MAX_INPUT_CHARS {
        text.chars().take(MAX_INPUT_CHARS).collect::<String>() + "…"
    } else {
        text
    }
}

/// The records of the log at `path` (and of its rotated predecessor, first), oldest first.
/// Lines that are not records are skipped.
pub fn read(path: &Path) -> std::io::Result<Vec<Record>> {
    let mut rotated = path.as_os_str().to_owned();
    rotated.push(".1");
    let mut records = Vec::new();
    for file in [PathBuf::from(rotated), path.to_owned()] {
        let text = match std::fs::read_to_string(&file) {
            Ok(text) => text,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => continue,
            Err(error) => return Err(error),
        };
        records.extend(
            text.lines()
                .filter_map(|line| serde_json::from_str::<Record>(line).ok()),
        );
    }
    Ok(records)
}

/// A duration written as a number and a unit: `30s`, `10m`, `2h`, `7d`, `1w`.
pub fn parse_duration(text: &str) -> Option<Duration> {
    let split = text.find(|c: char| !c.is_ascii_digit())?;
    let (number, unit) = text.split_at(split);
    let number: u64 = number.parse().ok()?;
    let seconds = match unit {
        "s" => 1,
        "m" => 60,
        "h" => 3600,
        "d" => 86_400,
        "w" => 7 * 86_400,
        _ => return None,
    };
    Some(Duration::from_secs(number.checked_mul(seconds)?))
}

/// A Unix time as `YYYY-MM-DD HH:MM:SS` in UTC.
pub fn format_time(seconds: u64) -> String {
    let days = seconds / 86_400;
    let rest = seconds % 86_400;
    let (year, month, day) = civil_from_days(days);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}:{:02}",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

/// The calendar date of a count of days since 1970-01-01 (Howard Hinnant's algorithm).
fn civil_from_days(days: u64) -> (u64, u64, u64) {
    let z = days + 719_468;
    let era = z / 146_097;
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + u64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_redacted() {
        for (text, kept, gone) in [
            (
                "curl -H 'Authorization: Bearer abcdefghijklmnop' https://x",
                "https://x",
                "abcdefghijklmnop",
            ),
            (
                "export OPENAI_API_KEY=sk-proj-abcdefghijklmnopqrstu",
                "export",
                "abcdefghijklmnopqrstu",
            ),
            (
                "git clone https://bob:hunter2@github.com/x/y",
                "github.com/x/y",
                "hunter2",
            ),
            ("mysql --password=hunter2 -u root", "-u root", "hunter2"),
            (
                "aws configure set aws_access_key_id AKIAABCDEFGHIJKLMNOP",
                "aws configure",
                "AKIAABCDEFGHIJKLMNOP",
            ),
            (
                "echo ghp_abcdefghijklmnopqrstuvwxyz0123",
                "echo",
                "ghp_abcdefghijklmnop",
            ),
            (
                "printf '-----BEGIN OPENSSH PRIVATE KEY-----\nabc\n-----END OPENSSH PRIVATE KEY-----' > k",
                "> k",
                "abc\n",
            ),
            ("psql postgres://app:s3cret@db/app", "db/app", "s3cret"),
            ("login --token abc123def", "login", "abc123def"),
            ("DB_PASSWORD=\"correct horse battery\" make db", "make db", "horse"),
            ("curl -u admin:hunter2 https://x", "curl -u", "hunter2"),
            ("export API_TOKEN=abc123; make", "; make", "abc123"),
        ] {
            let redacted = redact(text);
            assert!(redacted.contains(kept), "{text} → {redacted}");
            assert!(!redacted.contains(gone), "{text} → {redacted}");
            assert!(redacted.contains("[REDACTED]"), "{text} → {redacted}");
        }
        assert_eq!(redact("git status"), "git status");
        assert_eq!(redact("rm -rf node_modules"), "rm -rf node_modules");
    }

    #[test]
    fn records_are_appended_read_back_and_rotated() {
        let folder = std::env::temp_dir().join(format!("safety-net-audit-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&folder);
        let path = log_file(&folder);
        let record = Record {
            time: 1,
            verdict: "deny".into(),
            input: "rm -rf /".into(),
            ..Record::default()
        };
        append(&path, &record).expect("appended");
        append(&path, &record).expect("appended");
        assert_eq!(read(&path).expect("read").len(), 2);
        std::fs::write(&path, vec![b'\n'; (ROTATE_BYTES + 1) as usize]).expect("grown");
        append(&path, &record).expect("appended after rotating");
        assert_eq!(read(&path).expect("read"), vec![record]);
        let _ = std::fs::remove_dir_all(&folder);
    }

    #[test]
    fn durations_and_times_read_and_print() {
        assert_eq!(parse_duration("10m"), Some(Duration::from_secs(600)));
        assert_eq!(parse_duration("2d"), Some(Duration::from_secs(172_800)));
        assert_eq!(parse_duration("10"), None);
        assert_eq!(parse_duration("m"), None);
        assert_eq!(format_time(0), "1970-01-01 00:00:00");
        assert_eq!(format_time(1_795_840_496), "2026-11-28 04:34:56");
    }
}
