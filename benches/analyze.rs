//! How long one analysis takes: every single-line command of the corpus, analyzed many times,
//! with the median, 90th and 99th percentile and the slowest command reported.
//!
//! Then `safety-net check`, the batch form that replays corpora and histories on every core, is
//! timed over the same commands repeated ten times: whole process, median of five runs.
//!
//! Run with `cargo bench --bench analyze`. With `-- --markdown` it prints the README's figures
//! instead (`.ci/bench-readme` puts them in the README).

use agent_safety_net::{Context, analyze};
use std::hint::black_box;
use std::time::{Duration, Instant};

fn corpus_commands() -> Vec<String> {
    let directory = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus");
    let mut commands = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(directory)
        .expect("the corpus directory")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .collect();
    files.sort();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("a corpus file");
        for line in text.lines() {
            if line.starts_with(['#', ' ']) || line.trim().is_empty() {
                continue;
            }
            if let Some((_, command)) = line.split_once(": ") {
                commands.push(command.to_owned());
            }
        }
    }
    commands
}

/// The kind of reader a command needs: the Bash parser alone, or an interpreter's as well.
fn class(command: &str) -> &'static str {
    let words: Vec<&str> = command
        .split(|c: char| c.is_whitespace() || "|;&(`'\"".contains(c))
        .collect();
    let has = |names: &[&str]| {
        words.iter().any(|w| {
            names
                .iter()
                .any(|n| w.rsplit('/').next().is_some_and(|w| w.starts_with(n)))
        })
    };
    if has(&["python", "pypy"]) {
        "Python (tree-sitter-python)"
    } else if has(&["node", "deno", "bun"]) {
        "JavaScript (tree-sitter-javascript)"
    } else if has(&["ruby", "perl", "php", "lua"]) {
        "Ruby, Perl, PHP, Lua (tokenizer)"
    } else if has(&["awk", "gawk", "mawk"]) {
        "awk (tokenizer)"
    } else {
        "shell only"
    }
}

/// `3915` as `3,915`.
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// Commands a second that `safety-net check --no-config` judges over `commands` repeated ten
/// times, as one process using every core: the median of five runs.
fn check_throughput(commands: &[String]) -> f64 {
    const REPEATS: usize = 10;
    let file = std::env::temp_dir().join(format!("safety-net-bench-{}.jsonl", std::process::id()));
    let mut lines = String::new();
    for _ in 0..REPEATS {
        for command in commands {
            lines.push_str(&serde_json::json!({ "command": command }).to_string());
            lines.push('\n');
        }
    }
    std::fs::write(&file, lines).expect("a temporary file");
    let mut rates: Vec<f64> = (0..5)
        .map(|_| {
            let start = Instant::now();
            let status = std::process::Command::new(env!("CARGO_BIN_EXE_safety-net"))
                .args([
                    "check",
                    "--no-config",
                    "--cwd",
                    "/home/user/work/project",
                    "--home",
                    "/home/user",
                ])
                .arg(&file)
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null())
                .status()
                .expect("safety-net check runs");
            assert!(status.code().is_some_and(|code| code != 1), "safety-net check failed");
            (commands.len() * REPEATS) as f64 / start.elapsed().as_secs_f64()
        })
        .collect();
    let _ = std::fs::remove_file(&file);
    rates.sort_by(f64::total_cmp);
    rates[rates.len() / 2]
}

fn percentile(sorted: &[Duration], fraction: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * fraction).round() as usize]
}

fn main() {
    let context = Context::example();
    let commands = corpus_commands();
    const ROUNDS: usize = 50;
    let mut per_command: Vec<(Duration, &str)> = Vec::with_capacity(commands.len());
    let started = Instant::now();
    for command in &commands {
        let mut times: Vec<Duration> = (0..ROUNDS)
            .map(|_| {
                let start = Instant::now();
                black_box(analyze(black_box(command), &context));
                start.elapsed()
            })
            .collect();
        times.sort();
        per_command.push((times[ROUNDS / 2], command));
    }
    let total = started.elapsed();
    per_command.sort();
    let medians: Vec<Duration> = per_command.iter().map(|(d, _)| *d).collect();
    let (slowest, slowest_command) = per_command.last().copied().unwrap_or_default();
    let classes: Vec<(&str, Vec<Duration>)> = [
        "shell only",
        "Python (tree-sitter-python)",
        "JavaScript (tree-sitter-javascript)",
        "Ruby, Perl, PHP, Lua (tokenizer)",
        "awk (tokenizer)",
    ]
    .into_iter()
    .map(|name| {
        let times = per_command
            .iter()
            .filter(|(_, command)| class(command) == name)
            .map(|(d, _)| *d)
            .collect();
        (name, times)
    })
    .filter(|(_, times): &(&str, Vec<Duration>)| !times.is_empty())
    .collect();
    let micros = |d: Duration| d.as_secs_f64() * 1e6;
    let per_second = (commands.len() * ROUNDS) as f64 / total.as_secs_f64();
    let checked_per_second = check_throughput(&commands);
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    if std::env::args().any(|arg| arg == "--markdown") {
        println!(
            "Over {} commands: p50 {:.1} µs, p90 {:.1} µs, p99 {:.0} µs, slowest {:.2} ms, about {},000 analyses a second. By class:",
            thousands(commands.len()),
            micros(percentile(&medians, 0.50)),
            micros(percentile(&medians, 0.90)),
            micros(percentile(&medians, 0.99)),
            micros(slowest) / 1000.0,
            (per_second / 1000.0).round()
        );
        println!();
        println!("| class | commands | p50 | p90 | slowest |");
        println!("|---|---|---|---|---|");
        for (name, times) in &classes {
            println!(
                "| {name} | {} | {:.1} µs | {:.0} µs | {:.0} µs |",
                thousands(times.len()),
                micros(percentile(times, 0.50)),
                micros(percentile(times, 0.90)),
                micros(times.last().copied().unwrap_or_default())
            );
        }
        println!();
        println!(
            "`safety-net check` judges the same commands (ten times over, one process on {cores} cores) at about {},000 a second.",
            (checked_per_second / 1000.0).round()
        );
        return;
    }
    println!(
        "analyze(): {} corpus commands, median of {ROUNDS} runs each",
        commands.len()
    );
    println!("  p50  {:>8.1} µs", micros(percentile(&medians, 0.50)));
    println!("  p90  {:>8.1} µs", micros(percentile(&medians, 0.90)));
    println!("  p99  {:>8.1} µs", micros(percentile(&medians, 0.99)));
    println!("  max  {:>8.1} µs  ({slowest_command})", micros(slowest));
    println!("  {per_second:.0} analyses per second overall, one thread");
    println!("  {checked_per_second:.0} commands per second through `safety-net check` on {cores} cores");
    println!("by class (median of each command's median; p90; slowest):");
    for (name, times) in &classes {
        println!(
            "  {name:<37} {:>4} commands  p50 {:>6.1} µs  p90 {:>6.1} µs  max {:>6.1} µs",
            times.len(),
            micros(percentile(times, 0.50)),
            micros(percentile(times, 0.90)),
            micros(times.last().copied().unwrap_or_default())
        );
    }
    assert!(
        slowest < Duration::from_millis(1),
        "a corpus command took over a millisecond"
    );
}
