//! Limits: inputs too large, too deep or too slow to analyze get a defined verdict (deny, with
//! a rule of their own), never a crash and never a silent allow. These run on the test
//! harness's small thread stacks on purpose.

use agent_safety_net::{Context, Decision, analyze};
use std::time::{Duration, Instant};

fn judge(command: &str) -> (Decision, Option<&'static str>, Duration) {
    let started = Instant::now();
    let verdict = analyze(command, &Context::example());
    (verdict.decision, verdict.rule(), started.elapsed())
}

/// A quote the parser sees as unclosed is forgiven only when bash too would refuse the line: a
/// carriage return (which bash does not take as a blank) or a comment that starts after `;` or
/// `|` makes the parser and bash read the text apart, and the next line runs in bash.
#[test]
fn an_unclosed_quote_that_bash_reads_otherwise_is_not_forgiven() {
    for command in [
        "echo \\\r;#\"\nrm -rf ~",
        "echo \\\r|#\"\nrm -rf ~",
        "echo =~;#)\"\nrm -rf ~",
    ] {
        let (decision, rule, _) = judge(command);
        assert_ne!(decision, Decision::Allow, "{command:?}: {rule:?}");
    }
    let (decision, _, _) = judge("ls -la \"X:\\03_ACG\\Custom_Addons\\\" 2>$null | head -50");
    assert_eq!(
        decision,
        Decision::Allow,
        "a Windows path whose last backslash escapes the quote"
    );
}

#[test]
fn oversized_input_is_denied() {
    let command = format!("echo {}", "a".repeat(300 * 1024));
    let (decision, rule, _) = judge(&command);
    assert_eq!((decision, rule), (Decision::Deny, Some("input-too-large")));
}

#[test]
fn deeply_nested_substitutions_are_denied() {
    let command = format!("{}rm -rf /{}", "echo $(".repeat(5000), ")".repeat(5000));
    let (decision, rule, _) = judge(&command);
    assert_eq!(decision, Decision::Deny, "rule {rule:?}");
}

/// 5,000 levels, 25 times the 200 the walk follows (and within what the parser may spend).
#[test]
fn deeply_nested_subshells_are_denied() {
    let command = format!("{}ls{}", "(".repeat(5_000), ")".repeat(5_000));
    let (decision, rule, _) = judge(&command);
    assert_eq!((decision, rule), (Decision::Deny, Some("nesting-too-deep")));
}

#[test]
fn deeply_nested_braces_and_ifs_are_denied() {
    let braces = format!("{}ls{}", "{ ".repeat(3000), "; }".repeat(3000));
    assert_eq!(judge(&braces).0, Decision::Deny);
    let ifs = format!("{}ls{}", "if true; then ".repeat(1000), "; fi".repeat(1000));
    assert_eq!(judge(&ifs).0, Decision::Deny);
}

/// A chain of 900 commands, seven times the longest of 23,101 real agent commands and just
/// under the 1,000 commands an analysis may find, is judged like any other.
#[test]
fn long_and_chains_are_ordinary_work() {
    let command = format!("{}echo done", "echo step && ".repeat(900));
    let (decision, rule, elapsed) = judge(&command);
    assert_eq!((decision, rule), (Decision::Allow, None));
    assert!(elapsed < Duration::from_secs(2));
}

#[test]
fn a_dangerous_command_at_the_end_of_a_long_chain_is_found() {
    let command = format!("{}rm -rf ~", "true && ".repeat(900));
    assert_eq!(judge(&command).1, Some("rm-home"));
}

/// Past the 1,000 commands an analysis may find, the chain is denied as too complex: the
/// dangerous command at its end is not silently left out.
#[test]
fn a_chain_longer_than_the_limit_is_denied() {
    let command = format!("{}rm -rf ~", "true && ".repeat(3000));
    let (decision, rule, _) = judge(&command);
    assert_eq!((decision, rule), (Decision::Deny, Some("too-complex")));
}

#[test]
fn long_pipelines_get_a_verdict() {
    let command = format!("{}cat", "cat | ".repeat(20_000));
    let (decision, _, _) = judge(&command);
    assert!(matches!(decision, Decision::Allow | Decision::Deny));
}

#[test]
fn deeply_nested_layers_are_denied() {
    let wrappers = format!("{}ls", "env ".repeat(20));
    assert_eq!(judge(&wrappers).1, Some("nesting-too-deep"));
    let mut shells = "ls".to_owned();
    for _ in 0..12 {
        shells = format!("bash -c {}", shell_words::quote(&shells));
    }
    let (decision, rule, _) = judge(&shells);
    assert_eq!(decision, Decision::Deny, "rule {rule:?}");
}

#[test]
fn many_commands_are_denied_as_too_complex() {
    let command = "true; ".repeat(5000);
    let (decision, rule, _) = judge(&command);
    assert_eq!((decision, rule), (Decision::Deny, Some("too-complex")));
}

/// One word of 20,000 brace groups once took 1.4 GB: the expansion writes out a bounded
/// number of words and bytes, and the rest stands as a word known only at run time. One of
/// 1,500 groups (7.5 KB, as much as the parser may read of such text) is still judged in full.
#[test]
fn huge_brace_expansions_stay_small() {
    let command = format!("rm -rf ~; echo {}", "{a,b}".repeat(20_000));
    assert_eq!(judge(&command).0, Decision::Deny);
    let command = format!("rm -rf ~; echo {}", "{a,b}".repeat(1_500));
    assert_eq!(judge(&command).1, Some("rm-home"));
    let hidden = format!("rm -rf {{x,/}}{}", "{,}".repeat(12));
    assert_ne!(
        judge(&hidden).0,
        Decision::Allow,
        "the `/` lies past the words written out"
    );
}

/// `a=$a$a` doubles a value at each step: once the values written into words pass their
/// allowance, a value counts as unknown instead of growing without end.
#[test]
fn doubling_values_stay_small() {
    let doubling = format!("a=xxxxxxxx; {}echo $a", "a=$a$a; ".repeat(40));
    assert_eq!(judge(&doubling).0, Decision::Allow);
    let quadrupling = format!("a=xxxxxxxx; {}ls $a", "a=\"$a$a$a$a\"; ".repeat(20));
    assert_eq!(judge(&quadrupling).0, Decision::Allow);
    let arrays = format!(
        "a=(x y); {}echo \"${{a[@]}}\"",
        "a=(\"${a[@]}\" \"${a[@]}\"); ".repeat(40)
    );
    assert_eq!(judge(&arrays).0, Decision::Allow);
}

/// The limits count work (parser steps, commands, bytes), not time: the same input gets the same
/// verdict when many analyses run at once on a machine with two cores.
#[test]
fn verdicts_do_not_depend_on_load() {
    let inputs = [
        format!(
            "ls {}",
            (0..40_000).map(|i| format!("w{i}")).collect::<Vec<_>>().join(" ")
        ),
        format!("{}cat", "cat | ".repeat(1_000)),
        format!("python3 -c 'x{}'", ".a()".repeat(1_000)),
        format!(
            "cat > notes.md <<'EOF'\n{}EOF",
            "a line of text with $(no substitution)\n".repeat(2_000)
        ),
    ];
    let alone: Vec<_> = inputs.iter().map(|input| judge(input).1).collect();
    let together: Vec<Vec<_>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..4)
            .map(|_| scope.spawn(|| inputs.iter().map(|input| judge(input).1).collect::<Vec<_>>()))
            .collect();
        handles
            .into_iter()
            .map(|handle| handle.join().expect("no panic"))
            .collect()
    });
    for verdicts in together {
        assert_eq!(verdicts, alone);
    }
}
