//! Allow once. A denial in the hook ends with a short code, and the call it denied is kept as
//! pending in the state folder; `safety-net allow CODE`, typed by the person in their own
//! terminal within ten minutes, turns it into an approval, which lets exactly that call (the
//! same input in the same folder) through once, within ten minutes more. Rules that nothing
//! turns off ([`crate::policy::ALWAYS_ON`]) are never approved this way; the agent running
//! `safety-net allow` is denied (`guard-tamper`), and the state folder is protected from its
//! writes (`write-agent-settings`).

use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How long a denial can be approved, and how long an approval lasts.
pub const WINDOW: Duration = Duration::from_secs(10 * 60);

/// A call kept for approval.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Call {
    /// The command, or the paths of a file tool, as the agent gave them.
    pub input: String,
    pub cwd: String,
    /// When it was denied, or approved (seconds since the Unix epoch).
    pub time: u64,
    /// The rule that denied it.
    pub rule: String,
}

/// The code of a call: 8 hexadecimal digits of a hash of its folder and input.
pub fn code(input: &str, cwd: &str) -> String {
    // FNV-1a, 64 bits: stable across builds and platforms, unlike std's hasher.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in cwd.bytes().chain([0]).chain(input.bytes()) {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{:08x}", (hash >> 32) as u32)
}

fn pending(state: &Path, code: &str) -> PathBuf {
    state.join("pending").join(format!("{code}.json"))
}

fn approved(state: &Path, code: &str) -> PathBuf {
    state.join("approved").join(format!("{code}.json"))
}

fn write(path: &Path, call: &Call) -> std::io::Result<()> {
    if let Some(folder) = path.parent() {
        std::fs::create_dir_all(folder)?;
    }
    std::fs::write(path, serde_json::to_vec(call).map_err(std::io::Error::other)?)
}

fn read(path: &Path) -> Option<Call> {
    serde_json::from_slice(&std::fs::read(path).ok()?).ok()
}

/// Keeps a denied call for approval; returns its code. Errors are the caller's to ignore: the
/// denial stands either way.
pub fn keep_pending(state: &Path, call: &Call) -> std::io::Result<String> {
    let code = code(&call.input, &call.cwd);
    write(&pending(state, &code), call)?;
    Ok(code)
}

/// Whether an approval for this call is there and fresh; it is used up (removed) when it is.
pub fn take_approval(state: &Path, input: &str, cwd: &str, now: u64) -> bool {
    let path = approved(state, &code(input, cwd));
    let Some(call) = read(&path) else {
        return false;
    };
    // One that belongs to another call (a hash collision) stays.
    if call.input != input || call.cwd != cwd {
        return false;
    }
    // Used or stale, it goes; of two hooks racing for it, only the one that removes it passes.
    let removed = std::fs::remove_file(&path).is_ok();
    removed && now.saturating_sub(call.time) <= WINDOW.as_secs()
}

/// Approves the pending call with `code`: the call approved, or why not.
pub fn approve(state: &Path, code: &str, now: u64) -> Result<Call, String> {
    if code.len() != 8 || !code.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(format!(
            "`{code}` is not an approval code: a denial's reason ends with 8 hexadecimal digits"
        ));
    }
    let code = code.to_ascii_lowercase();
    let path = pending(state, &code);
    let call =
        read(&path).ok_or_else(|| format!("no denied call has the code {code} (see `safety-net log --denied`)"))?;
    if now.saturating_sub(call.time) > WINDOW.as_secs() {
        let _ = std::fs::remove_file(&path);
        return Err(format!(
            "the denial with code {code} is more than {} minutes old; let the agent try again for a new code",
            WINDOW.as_secs() / 60
        ));
    }
    let approval = Call { time: now, ..call };
    write(&approved(state, &code), &approval).map_err(|error| format!("cannot record the approval: {error}"))?;
    let _ = std::fs::remove_file(&path);
    Ok(approval)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_approval_lets_the_same_call_through_once_within_the_window() {
        let state = std::env::temp_dir().join(format!("safety-net-approvals-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&state);
        let call = Call {
            input: "git push --force".into(),
            cwd: "/w".into(),
            time: 1000,
            rule: "git-push-force".into(),
        };
        let code = keep_pending(&state, &call).expect("kept");
        assert!(
            !take_approval(&state, "git push --force", "/w", 1001),
            "not approved yet"
        );
        assert!(approve(&state, "deadbeef", 1001).is_err());
        assert!(approve(&state, &code, 1000 + WINDOW.as_secs() + 1).is_err(), "too late");
        keep_pending(&state, &call).expect("kept again");
        let approved = approve(&state, &code.to_uppercase(), 1010).expect("approved");
        assert_eq!(approved.input, "git push --force");
        assert!(!take_approval(&state, "git push --force", "/elsewhere", 1011));
        assert!(take_approval(&state, "git push --force", "/w", 1011));
        assert!(!take_approval(&state, "git push --force", "/w", 1012), "used up");
        let _ = std::fs::remove_dir_all(&state);
    }

    #[test]
    fn codes_are_stable_and_short() {
        assert_eq!(code("ls", "/w"), code("ls", "/w"));
        assert_ne!(code("ls", "/w"), code("ls", "/v"));
        assert_eq!(code("ls", "/w").len(), 8);
    }
}
