//! A bounded, deterministic stand-in for the fuzz targets (`fuzz/`) that runs in `cargo test`:
//! the corpus commands and the hook fixtures' payloads, mutated (bytes flipped, shell
//! metacharacters inserted, pieces of other cases spliced in, a fragment repeated into deep
//! nesting or a long word), must never make the guard fail inside, and the answers must be
//! well formed and the same on every run. The inputs the fuzzers found are replayed too.

#[path = "common/corpus.rs"]
mod corpus;
#[path = "common/random.rs"]
mod random;
use random::Random;

use agent_safety_net::fuzzing::Answer;
use agent_safety_net::fuzzing::{
    analyze_text, answer_is_internal_error, answer_reasons, decoded_words, hook_answer, interpreter_effects,
    verdict_is_internal_error,
};
use std::path::{Path, PathBuf};
use std::process::Command;

mod common;

/// How many mutated commands are analyzed and how many mutated payloads given to the hook: a
/// few seconds in a debug build.
const COMMAND_ROUNDS: usize = 1200;
const PAYLOAD_ROUNDS: usize = 300;

/// The most times a fragment is repeated (brace groups too: a brace expansion writes out a
/// bounded number of words, however many groups it has).
const MOST_REPEATS: usize = 300;

/// Characters that change how bash reads a command.
const METACHARACTERS: &[&str] = &[
    "'", "\"", "\\", "$", "`", "(", ")", "{", "}", "[", "]", ";", "&", "|", "<", ">", "\n", "#", "*", "?", "!", "~",
    "=", " ", "\t", "$(", "${", "$'", "<<", "<(", "&&", "||", "\\\n", "\r", "\0", "é", "\u{202e}",
];

/// Layers that wrap a fragment, for nesting.
const WRAPPERS: &[(&str, &str)] = &[
    ("$(", ")"),
    ("`", "`"),
    ("bash -c '", "'"),
    ("eval \"", "\""),
    ("(", ")"),
    ("{ ", "; }"),
    ("sudo ", ""),
    ("\"", "\""),
    ("${x:-", "}"),
];

/// One mutation of `text`, using `others` for splices.
fn mutate(random: &mut Random, text: &str, others: &[String]) -> String {
    let mut bytes = text.as_bytes().to_vec();
    let at = random.below(bytes.len() + 1);
    match random.below(6) {
        0 if !bytes.is_empty() => {
            let at = at.min(bytes.len() - 1);
            bytes[at] ^= 1 << random.below(8);
        }
        1 => {
            let inserted = random.pick(METACHARACTERS).as_bytes();
            bytes.splice(at..at, inserted.iter().copied());
        }
        2 => {
            let other = random.pick(others).as_bytes();
            let from = random.below(other.len());
            let to = from + random.below(other.len() - from + 1);
            bytes.splice(at..at, other[from..to].iter().copied());
        }
        3 => {
            let end = at + random.below(bytes.len() - at + 1).min(16);
            let fragment = bytes[at..end].to_vec();
            let repeats = 1 + random.below(MOST_REPEATS);
            let repeated = fragment.repeat(repeats);
            bytes.splice(at..end, repeated);
        }
        4 => {
            let (open, close) = random.pick(WRAPPERS);
            let depth = 1 + random.below(40);
            let mut wrapped = String::from_utf8_lossy(&bytes).into_owned();
            for _ in 0..depth {
                wrapped = format!("{open}{wrapped}{close}");
            }
            return wrapped;
        }
        _ => {
            let end = at + random.below(bytes.len() - at + 1);
            bytes.drain(at..end);
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// A few mutations in a row.
fn mutated(random: &mut Random, text: &str, others: &[String]) -> String {
    let mut text = text.to_owned();
    for _ in 0..1 + random.below(3) {
        text = mutate(random, &text, others);
    }
    text
}

/// The hook fixtures' payloads, Claude Code's and the other agents'.
fn fixture_payloads() -> Vec<String> {
    let hook = Path::new("tests/hook");
    let mut folders = vec![hook.to_path_buf()];
    folders.extend(
        std::fs::read_dir(hook)
            .expect("tests/hook readable")
            .flatten()
            .map(|entry| entry.path())
            .filter(|path| path.is_dir()),
    );
    let payloads: Vec<String> = folders
        .iter()
        .flat_map(|folder| files_in(folder, "json"))
        .map(|file| std::fs::read_to_string(file).expect("fixture readable"))
        .collect();
    assert!(payloads.len() > 50, "only {} fixture payloads", payloads.len());
    payloads
}

fn files_in(folder: &Path, extension: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(folder)
        .map(|entries| entries.flatten().map(|entry| entry.path()).collect())
        .unwrap_or_default();
    files.retain(|file| extension.is_empty() || file.extension().is_some_and(|e| e == extension));
    files.sort();
    files
}

/// Runs `body` on a thread with the stack the hook gives its analysis (16 MiB): the test
/// harness's threads have 2 MiB, which a deeply nested command outgrows in a debug build.
fn on_hook_stack(body: impl FnOnce() + Send) {
    std::thread::scope(|scope| {
        let worker = std::thread::Builder::new()
            .stack_size(16 * 1024 * 1024)
            .spawn_scoped(scope, body)
            .expect("the test thread starts");
        if let Err(panic) = worker.join() {
            std::panic::resume_unwind(panic);
        }
    });
}

/// What went wrong with one input: the failure's description, which names the input.
type Failure = String;

/// The analyzer's verdict on `command` is no internal error, has a one-line reason, and is the
/// same when asked again (unless the deadline decided, which depends on the machine's speed).
fn judged(command: &str) -> Result<(), Failure> {
    let shown = shown(command.as_bytes());
    let verdict = analyze_text(command);
    if verdict_is_internal_error(&verdict) {
        return Err(format!("internal error on {shown}: {}", verdict.reason()));
    }
    if verdict.reason().contains('\n') {
        return Err(format!("a reason of several lines for {shown}: {}", verdict.reason()));
    }
    let again = analyze_text(command);
    let timed = [verdict.rule(), again.rule()].contains(&Some("too-complex"));
    if !timed && (verdict.decision, verdict.rule()) != (again.decision, again.rule()) {
        return Err(format!(
            "two verdicts on {shown}: {:?} {:?} then {:?} {:?}",
            verdict.decision,
            verdict.rule(),
            again.decision,
            again.rule()
        ));
    }
    Ok(())
}

/// The hook's answer to `payload` is no internal error, exits 0 or 2, blocks with a reason on
/// standard error and gives every reason in one line.
fn answered(payload: &[u8]) -> Result<(), Failure> {
    well_formed(&hook_answer(payload), payload)
}

/// As [`answered`], from the `safety-net hook` process itself: a failure the in-process entry
/// point cannot survive (a stack overflow aborts the whole process) is a failure here.
fn answered_by_process(payload: &[u8]) -> Result<(), Failure> {
    let mut hook = Command::new(env!("CARGO_BIN_EXE_safety-net"));
    hook.arg("hook")
        .env_clear()
        .env("HOME", "/home/user")
        .env("XDG_STATE_HOME", common::state_home())
        .env("PATH", "/usr/local/bin:/usr/bin:/bin");
    let output = common::run_with_input(&mut hook, payload);
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    let Some(exit_code) = output.status.code().and_then(|code| u8::try_from(code).ok()) else {
        return Err(format!(
            "the hook died ({}) for {}: {stderr}",
            output.status,
            shown(payload)
        ));
    };
    let answer = Answer {
        exit_code,
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr,
    };
    well_formed(&answer, payload)
}

fn well_formed(answer: &Answer, payload: &[u8]) -> Result<(), Failure> {
    let shown = shown(payload);
    if !matches!(answer.exit_code, 0 | 2) {
        return Err(format!("exit code {} for {shown}: {answer:?}", answer.exit_code));
    }
    if answer_is_internal_error(answer) {
        return Err(format!("internal error for {shown}: {answer:?}"));
    }
    if !answer.stdout.is_empty() && serde_json::from_str::<serde_json::Value>(&answer.stdout).is_err() {
        return Err(format!("standard output is not JSON for {shown}: {answer:?}"));
    }
    if answer.exit_code == 2 && answer.stderr.is_empty() {
        return Err(format!("a block without a reason for {shown}"));
    }
    match answer_reasons(answer).into_iter().find(|reason| reason.contains('\n')) {
        Some(reason) => Err(format!("a reason of several lines for {shown}: {reason}")),
        None => Ok(()),
    }
}

/// An input for a failure message: quoted, and cut short when long.
fn shown(input: &[u8]) -> String {
    const MOST: usize = 400;
    let text = String::from_utf8_lossy(input);
    match text.char_indices().nth(MOST) {
        Some((cut, _)) => format!("{:?}… ({} bytes)", &text[..cut], input.len()),
        None => format!("{text:?}"),
    }
}

/// The interpreter reader `pick` chooses and the word decoder read `text` without a panic.
fn read(pick: u8, text: &str) -> Result<(), Failure> {
    let shown = shown(text.as_bytes());
    let panic_text = |panic: Box<dyn std::any::Any + Send>| {
        panic
            .downcast_ref::<&str>()
            .map(|message| (*message).to_owned())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_default()
    };
    std::panic::catch_unwind(|| interpreter_effects(pick, text)).map_err(|panic| {
        format!(
            "the interpreter reader {pick:?} failed on {shown}: {}",
            panic_text(panic)
        )
    })?;
    std::panic::catch_unwind(|| decoded_words(text))
        .map_err(|panic| format!("the word decoder failed on {shown}: {}", panic_text(panic)))?;
    Ok(())
}

/// The findings not fixed yet, from tests/fuzz-regressions/open.txt: for each, the finding's
/// file (`target/file`) and a text its failure message contains. A failure that contains such a
/// text is reported but does not fail the tests, until the fix removes the line.
fn open_findings() -> Vec<(String, String)> {
    std::fs::read_to_string("tests/fuzz-regressions/open.txt")
        .unwrap_or_default()
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .filter_map(|line| line.split_once(" | "))
        .map(|(file, failure)| (file.trim().to_owned(), failure.trim().to_owned()))
        .collect()
}

/// Fails with every failure that no open finding explains; prints the others.
fn assert_no_new_failures(failures: Vec<Failure>) {
    let open = open_findings();
    let (known, new): (Vec<Failure>, Vec<Failure>) = failures
        .into_iter()
        .partition(|failure| open.iter().any(|(_, text)| failure.contains(text.as_str())));
    for failure in &known {
        eprintln!("open finding (tests/fuzz-regressions/open.txt): {failure}");
    }
    assert!(new.is_empty(), "{} failures:\n{}", new.len(), new.join("\n"));
}

#[test]
fn mutated_corpus_commands_are_judged() {
    on_hook_stack(|| {
        let commands = corpus::corpus_commands();
        let mut random = Random(0x5afe_0000_2025);
        let mut failures = Vec::new();
        for _ in 0..COMMAND_ROUNDS {
            let original = random.pick(&commands).clone();
            let command = mutated(&mut random, &original, &commands);
            failures.extend(judged(&command).err());
        }
        assert_no_new_failures(failures);
    });
}

/// The payload's first `command` string, wherever the agent puts it (`tool_input.command`,
/// Cursor's top-level `command`…).
fn command_field(value: &mut serde_json::Value) -> Option<&mut serde_json::Value> {
    match value {
        serde_json::Value::Object(fields) => {
            if fields.get("command").is_some_and(serde_json::Value::is_string) {
                return fields.get_mut("command");
            }
            fields.values_mut().find_map(command_field)
        }
        serde_json::Value::Array(items) => items.iter_mut().find_map(command_field),
        _ => None,
    }
}

#[test]
fn mutated_hook_payloads_are_answered() {
    on_hook_stack(|| {
        let payloads = fixture_payloads();
        let commands = corpus::corpus_commands();
        let mut random = Random(0x0e0c_0de0_2025);
        let mut failures = Vec::new();
        for round in 0..PAYLOAD_ROUNDS {
            let payload = random.pick(&payloads).clone();
            // Half the rounds keep the JSON whole and mutate the command in it; the others mutate
            // the payload's bytes.
            let mutated_payload = match serde_json::from_str::<serde_json::Value>(&payload) {
                Ok(mut json) if round % 2 == 0 => {
                    if let Some(command) = command_field(&mut json)
                        && let Some(text) = command.as_str()
                    {
                        *command = mutated(&mut random, text, &commands).into();
                    }
                    json.to_string()
                }
                _ => mutated(&mut random, &payload, &payloads),
            };
            failures.extend(answered(mutated_payload.as_bytes()).err());
        }
        assert_no_new_failures(failures);
    });
}

#[test]
fn mutated_interpreter_code_and_words_are_read() {
    on_hook_stack(|| {
        let commands = corpus::corpus_commands();
        let mut random = Random(0x00de_c0de_5eed);
        let mut failures = Vec::new();
        for round in 0..COMMAND_ROUNDS / 3 {
            let original = random.pick(&commands).clone();
            let text = mutated(&mut random, &original, &commands);
            failures.extend(read(b'0' + (round % 9) as u8, &text).err());
        }
        assert_no_new_failures(failures);
    });
}

/// Each input the fuzzers found, as `(target/file, bytes)`, in tests/fuzz-regressions/<target>/.
fn regressions() -> Vec<(String, Vec<u8>)> {
    let root = Path::new("tests/fuzz-regressions");
    let mut found = Vec::new();
    for target in ["hook_payload", "analyze_text", "interpreter_code", "word_decoder"] {
        for file in files_in(&root.join(target), "") {
            let name = file.file_name().unwrap_or_default().to_string_lossy().into_owned();
            found.push((
                format!("{target}/{name}"),
                std::fs::read(&file).expect("finding readable"),
            ));
        }
    }
    found
}

/// Replays a finding through its target's entry point, and as a command through the analyzer;
/// a hook payload through the `safety-net hook` process.
fn replayed(name: &str, input: &[u8]) -> Result<(), Failure> {
    let text = String::from_utf8_lossy(input);
    match name.split_once('/').map(|(target, _)| target) {
        // A payload is JSON, not a command: it is only given to the hook.
        Some("hook_payload") => return answered_by_process(input),
        Some("interpreter_code") => {
            if let Some((&pick, code)) = input.split_first() {
                read(pick, &String::from_utf8_lossy(code))?;
            }
        }
        Some("word_decoder") => read(b'0', &text)?,
        _ => {}
    }
    judged(&text)
}

/// Every finding is replayed; one still open may fail only as open.txt says it does.
#[test]
fn fuzz_findings_stay_fixed() {
    on_hook_stack(|| {
        let open = open_findings();
        let mut failures = Vec::new();
        for (name, input) in regressions() {
            let failure = replayed(&name, &input).err();
            match open.iter().find(|(file, _)| *file == name) {
                Some((_, text)) => match failure {
                    Some(failure) if failure.contains(text.as_str()) => {}
                    Some(failure) => failures.push(format!("{name} fails otherwise than open.txt says: {failure}")),
                    None => eprintln!("{name} is fixed: remove its line from tests/fuzz-regressions/open.txt"),
                },
                None => failures.extend(failure.map(|failure| format!("{name}: {failure}"))),
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    });
}
