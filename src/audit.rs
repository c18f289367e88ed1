//! The audit log: one JSON line per decision of the hook, appended to
//! `$XDG_STATE_HOME/safety-net/audit.jsonl` (default `~/.local/state/safety-net/audit.jsonl`),
//! with secrets in commands and paths redacted, rotated by size; and reading it back for
//! `safety-net log`. Writing it never changes a decision: a failure is ignored.

use regex::bytes::{Regex, RegexBuilder};
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
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

/// `text` with the secrets it may hold replaced by `[REDACTED]`: API keys and tokens by their
/// known shapes, bearer tokens, the values of `password=`, `token=`, `secret=`… and of
/// `--password`-like options, credentials in URLs, and private key blocks. Cut to
/// [`MAX_INPUT_CHARS`].
pub fn redact(text: &str) -> String {
    let lowered = text.to_ascii_lowercase();
    let mut bytes = text.as_bytes().to_vec();
    // Each pattern is compiled only when its hints are in the text, and most commands hold
    // none: a hook runs once per process and would pay for every compilation.
    for redaction in &REDACTIONS {
        if !redaction.hints.iter().any(|hint| lowered.contains(hint)) {
            continue;
        }
        let Some(pattern) = redaction.compiled() else {
            continue;
        };
        if pattern.is_match(&bytes) {
            bytes = pattern
                .replace_all(&bytes, redaction.replacement.as_bytes())
                .into_owned();
        }
    }
    cut(String::from_utf8_lossy(&bytes).into_owned())
}

/// One kind of secret: its pattern, what replaces it, and text without which it cannot match
/// (compared in lowercase).
struct Redaction {
    pattern: &'static str,
    replacement: &'static str,
    hints: &'static [&'static str],
    compiled: OnceLock<Option<Regex>>,
}

impl Redaction {
    const fn new(pattern: &'static str, replacement: &'static str, hints: &'static [&'static str]) -> Redaction {
        Redaction {
            pattern,
            replacement,
            hints,
            compiled: OnceLock::new(),
        }
    }

    /// The pattern, compiled on first use with ASCII classes: the secrets are ASCII, and the
    /// Unicode forms take several times longer to compile.
    fn compiled(&self) -> Option<&Regex> {
        self.compiled
            .get_or_init(|| RegexBuilder::new(self.pattern).unicode(false).build().ok())
            .as_ref()
    }
}

/// The names that say a value is secret, as patterns and as hints.
const SECRET_NAMES: &[&str] = &["pass", "pwd", "secret", "token", "key", "credential", "auth"];

static REDACTIONS: [Redaction; 6] = [
    // Private key blocks, whole.
    Redaction::new(
        r"-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(-----END [A-Z ]*PRIVATE KEY-----|$)",
        "[REDACTED]",
        &["private key"],
    ),
    // Known token shapes.
    Redaction::new(
        r"\b(sk-(?:ant-|proj-)?[A-Za-z0-9_-]{16,}|gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|glpat-[A-Za-z0-9_-]{16,}|xox[abposr]-[A-Za-z0-9-]{10,}|(?:AKIA|ASIA)[A-Z0-9]{16}|AIza[A-Za-z0-9_-]{30,}|npm_[A-Za-z0-9]{30,}|eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,})",
        "[REDACTED]",
        &[
            "sk-",
            "ghp_",
            "gho_",
            "ghu_",
            "ghs_",
            "ghr_",
            "github_pat_",
            "glpat-",
            "xox",
            "akia",
            "asia",
            "aiza",
            "npm_",
            "eyj",
        ],
    ),
    // Bearer and basic authorization values.
    Redaction::new(
        r"(?i)\b(bearer|basic|token)\s+[A-Za-z0-9._~+/=-]{8,}",
        "$1 [REDACTED]",
        &["bearer", "basic", "token"],
    ),
    // Credentials in URLs.
    Redaction::new(
        r"([a-zA-Z][a-zA-Z0-9+.-]*://)[^/\s:@]+:[^/\s@]+@",
        "$1[REDACTED]@",
        &["@"],
    ),
    // name=value and name: value where the name says secret.
    Redaction::new(
        r#"(?i)\b([A-Za-z0-9_.-]*(?:password|passwd|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|credentials?|auth)[A-Za-z0-9_.-]*)(\s*[=:]\s*)("[^"]*"|'[^']*'|[^\s&;|]+)"#,
        "$1$2[REDACTED]",
        SECRET_NAMES,
    ),
    // --password VALUE forms of secret-naming options.
    Redaction::new(
        r"(?i)(--?(?:password|passwd|token|secret|api-key|apikey|access-key|client-secret)[ ]+)(\S+)",
        "$1[REDACTED]",
        SECRET_NAMES,
    ),
];

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
