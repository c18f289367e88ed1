//! Progress shown on a terminal while a long run works (`scan` of a large repository,
//! `audit-transcript` of a long history): one line on standard error, redrawn in place a few times
//! a second, and erased at the end. Nothing is shown when standard error is not a terminal, or is
//! a dumb one (`TERM=dumb`: it cannot erase a line), nor during a run's first tenth of a second (a
//! quick run does not flash a line).

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

/// How often the line is redrawn.
const EVERY: Duration = Duration::from_millis(100);

pub struct Progress {
    /// What is counted (`files`, `sessions`).
    what: &'static str,
    done: usize,
    /// The count expected, when known: a bar is drawn.
    total: Option<usize>,
    shown: bool,
    /// When the line was last drawn; else when counting started.
    last: Instant,
    enabled: bool,
}

impl Progress {
    /// Progress on standard error when it is a terminal.
    pub fn new(what: &'static str, total: Option<usize>) -> Progress {
        Progress {
            what,
            done: 0,
            total,
            shown: false,
            last: Instant::now(),
            enabled: std::io::stderr().is_terminal() && std::env::var_os("TERM").is_none_or(|term| term != "dumb"),
        }
    }

    /// Starts counting again, for the next stage.
    pub fn restart(&mut self, what: &'static str, total: Option<usize>) {
        self.what = what;
        self.total = total;
        self.done = 0;
    }

    pub fn tick(&mut self, count: usize) {
        self.done += count;
        if !self.enabled || self.last.elapsed() < EVERY {
            return;
        }
        self.last = Instant::now();
        let line = match self.total {
            Some(total) if total > 0 => {
                let width = 30;
                let filled = (self.done.min(total) * width) / total;
                format!(
                    "[{}{}] {}/{} {}",
                    "#".repeat(filled),
                    " ".repeat(width - filled),
                    self.done.min(total),
                    total,
                    self.what
                )
            }
            _ => format!("{} {}…", self.done, self.what),
        };
        let _ = write!(std::io::stderr(), "\r\x1b[2K{line}");
        self.shown = true;
    }

    /// Erases the line.
    pub fn finish(&mut self) {
        if self.shown {
            let _ = write!(std::io::stderr(), "\r\x1b[2K");
            self.shown = false;
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.finish();
    }
}

/// A count with thousands separated by commas (`18,204`).
pub fn thousands(count: usize) -> String {
    let digits = count.to_string();
    let mut out = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn thousands_are_separated() {
        assert_eq!(super::thousands(18204), "18,204");
        assert_eq!(super::thousands(412), "412");
        assert_eq!(super::thousands(1_000_000), "1,000,000");
    }
}
