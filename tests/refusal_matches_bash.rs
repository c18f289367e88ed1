//! `refusal` against bash itself. A refusal of text bash accepts would hide commands that run, so
//! whenever `refusal` says bash stops, `bash -n -c TEXT` (parse only: nothing runs) must refuse
//! the text too, with `extglob` off and on (the user's shell may turn it on), and must accept the
//! units before the refused one, which ran, with one of the two. The inputs are the module's
//! examples, every command of `corpus/*.txt`, and mutations of them made with a fixed-seed
//! generator. How often bash refuses where `refusal` is silent is printed, not asserted.

#[path = "common/corpus.rs"]
mod corpus;
#[path = "common/random.rs"]
mod random;
use random::Random;

use agent_safety_net::fuzzing::{ScriptRefusal, script_refusal};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// How many mutated inputs are added.
const MUTATIONS: usize = 400;

/// What a mutation inserts or deletes: the characters that change how bash reads a script.
const PIECES: [&str; 11] = ["(", ")", "{", "}", "\"", "'", "\\", "$", "`", ";", "\n"];

/// The module's examples, refused and accepted.
const EXAMPLES: &[&str] = &[
    "ls ./app/(marketing)/",
    "git add src/app/(home)/x.tsx",
    r#"if (Test-Path "C:\x") { Write-Output "y" } else { Write-Output "z" }"#,
    r#"$urls = @("/", "/a"); foreach ($u in $urls) { Write-Host $u }"#,
    "Get-ChildItem -Force | Format-Table Name, Mode; if (Test-Path package.json) { Get-Content package.json }",
    r#"Start-Sleep -Seconds 30; if (Test-Path "x") { Write-Host "y" } else { Write-Host "z" }"#,
    "grep -n \"^```\" NOTES.md",
    r#"ls -la "D:\dir\CC\" 2>/dev/null || echo "Directory doesn't exist""#,
    "for w in a b; do echo $w | grep x done",
    "touch a\nif true; then\n ls (x)\nfi",
    "touch M1\ntouch M2 )\ntouch M3",
    "cat <<EOF; echo (\nbody\nEOF",
    "echo \"rm -rf /\"",
    "f() { echo hi; }",
    "foo () { :; }",
    "git commit -m \"call `init()` first\"",
    r"ls D:\dir\",
    "cat <<'EOF'\n(  unbalanced ) {\nEOF\n",
    "a=(1 2); echo \"${a[@]}\"",
    "declare -a x=(1 2)",
    "echo $(( 1 + (2) ))",
    "[[ -f x && ( -d y ) ]]",
    "case x in (a) echo;; esac",
    "(function() { var x; })()",
    "function ; x",
    "f() function g { :; }",
    "case \"S4\":\n  level = 1",
    "case x y",
    "case x\n in x) y;; esac",
    "case if in *) ;; esac",
    "f() case x in x) ;; esac",
    "touch M1\ncase x\ntouch M2",
    "echo $(",
    "touch M1\ncat <(echo a",
    "(cd x && ls)",
    "{ echo; } > f",
    "if true; then echo; fi 2>/dev/null",
    "echo }",
    "echo {",
    "echo a)b",
    "x=1 y=2 cmd",
    "! true",
    "time ls",
    "coproc cat",
    "echo ${x:-(}",
    "git commit -m \"$(cat <<'EOF'\nFix the parser (again) {\nEOF\n)\"",
];

/// `text` with one to three pieces inserted or characters deleted at random places.
fn mutated(random: &mut Random, text: &str) -> String {
    let mut text = text.to_owned();
    for _ in 0..1 + random.below(3) {
        let boundaries: Vec<usize> = text.char_indices().map(|(at, _)| at).chain([text.len()]).collect();
        let at = boundaries[random.below(boundaries.len())];
        if random.below(3) == 0 {
            if let Some(deleted) = text[at..].chars().next() {
                text.replace_range(at..at + deleted.len_utf8(), "");
            }
        } else {
            text.insert_str(at, PIECES[random.below(PIECES.len())]);
        }
    }
    text
}

/// The `bash` on `PATH`, if any.
fn find_bash() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|directory| directory.join("bash"))
        .find(|candidate| candidate.is_file())
}

/// Whether bash's `extglob` option is on.
#[derive(Clone, Copy)]
enum Extglob {
    Off,
    On,
}

/// Whether `bash -n -c -- text` accepts the text: bash only parses it, nothing runs (`--`: a text
/// starting with `-` or `+` is no option). No environment is passed on, so no `BASH_ENV` is read.
fn bash_accepts(bash: &Path, text: &str, extglob: Extglob) -> bool {
    let extglob = match extglob {
        Extglob::Off => "+O",
        Extglob::On => "-O",
    };
    Command::new(bash)
        .args([extglob, "extglob", "-n", "-c", "--", text])
        .env_clear()
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("bash starts")
        .success()
}

/// What is found for one input: the refusal, and whether bash accepts the text.
struct Reading {
    text: String,
    refusal: Option<ScriptRefusal>,
    bash_accepts: bool,
}

/// Every input read by `refusal` and by bash, on all processors.
fn read_all(bash: &Path, inputs: Vec<String>) -> Vec<Reading> {
    let threads = std::thread::available_parallelism().map_or(4, usize::from);
    let chunk = inputs.len().div_ceil(threads).max(1);
    std::thread::scope(|scope| {
        let handles: Vec<_> = inputs
            .chunks(chunk)
            .map(|texts| {
                scope.spawn(move || {
                    texts
                        .iter()
                        .map(|text| Reading {
                            text: text.clone(),
                            refusal: script_refusal(text),
                            bash_accepts: bash_accepts(bash, text, Extglob::Off),
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|handle| handle.join().expect("a reading thread finishes"))
            .collect()
    })
}

#[test]
fn bash_refuses_whatever_refusal_refuses() {
    let Some(bash) = find_bash() else {
        println!("note: bash is not on PATH; refusal_matches_bash skipped");
        return;
    };
    // The comparison means nothing if this bash refuses everything (or nothing).
    for extglob in [Extglob::Off, Extglob::On] {
        assert!(bash_accepts(&bash, "echo ok", extglob), "{} runs", bash.display());
        assert!(
            !bash_accepts(&bash, "echo (", extglob),
            "{} refuses a syntax error",
            bash.display()
        );
    }
    assert!(
        bash_accepts(&bash, "echo @(a)", Extglob::On),
        "-O extglob turns extglob on"
    );

    let mut inputs: Vec<String> = EXAMPLES.iter().map(|example| (*example).to_owned()).collect();
    inputs.extend(corpus::corpus_commands());
    let mut random = Random(0x5eed_ba54);
    let originals = inputs.clone();
    for _ in 0..MUTATIONS {
        let original = &originals[random.below(originals.len())];
        inputs.push(mutated(&mut random, original));
    }
    // Arguments cannot hold NUL bytes; `refusal` answers `None` for them anyway.
    inputs.retain(|text| !text.contains('\0'));

    let readings = read_all(&bash, inputs);
    let mut failures = Vec::new();
    for reading in &readings {
        let Some(refusal) = &reading.refusal else {
            continue;
        };
        if reading.bash_accepts || bash_accepts(&bash, &reading.text, Extglob::On) {
            failures.push(format!(
                "bash accepts {:?}, refusal says: {}",
                reading.text, refusal.description
            ));
        }
        let before = &reading.text[..refusal.unit_start];
        if !before.trim().is_empty()
            && !bash_accepts(&bash, before, Extglob::Off)
            && !bash_accepts(&bash, before, Extglob::On)
        {
            failures.push(format!(
                "bash refuses the units before the refused one ({:?}) of {:?}",
                before, reading.text
            ));
        }
    }
    let refused_by_bash = readings.iter().filter(|reading| !reading.bash_accepts).count();
    let silent = readings
        .iter()
        .filter(|reading| !reading.bash_accepts && reading.refusal.is_none())
        .count();
    println!(
        "refusal_matches_bash: {} inputs, bash -n refuses {refused_by_bash}, refusal finds {}, silent on {silent}",
        readings.len(),
        refused_by_bash - silent
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
