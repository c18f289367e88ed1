#!/bin/sh
# Seeds each fuzz target's corpus (fuzz/corpus/<target>/, not committed) from the project's own
# cases: the hook fixtures' payloads, the commands of corpus/*.txt, the inline code those commands
# give interpreters, and the regression inputs found by fuzzing before. Run from the repository root.
set -eu

seeds=fuzz/corpus
mkdir -p "$seeds/hook_payload" "$seeds/analyze_text" "$seeds/interpreter_code" "$seeds/word_decoder"

for payload in tests/hook/*.json tests/hook/*/*.json; do
    agent=$(basename "$(dirname "$payload")")
    cp "$payload" "$seeds/hook_payload/$agent-$(basename "$payload")"
done

# One file per corpus case: the text after `verdict rule…: `, or a multi-line case's indented body.
awk -v analyze="$seeds/analyze_text" -v words="$seeds/word_decoder" '
    function emit(command) {
        n++
        printf "%s", command > (analyze "/case-" n); close(analyze "/case-" n)
        printf "%s", command > (words "/case-" n); close(words "/case-" n)
    }
    /^#/ || /^[[:space:]]*$/ { if (body != "") { emit(body); body = "" } next }
    /^    / && multi { body = body (body == "" ? "" : "\n") substr($0, 5); next }
    {
        if (body != "") { emit(body); body = "" }
        multi = 0
        at = index($0, ": ")
        if (at > 0) emit(substr($0, at + 2))
        else if ($0 ~ /:$/) multi = 1
    }
    END { if (body != "") emit(body) }
' corpus/*.txt

# Inline code in single quotes after each interpreter's flag, prefixed with the digit that picks
# its language in the interpreter_code target (0 Python … 6 awk).
awk -v out="$seeds/interpreter_code" '
    function take(pick, pattern,    start, code) {
        if (match($0, pattern)) {
            start = substr($0, RSTART + RLENGTH)
            code = substr(start, 1, index(start, "\047") - 1)
            n++
            printf "%s%s", pick, code > (out "/code-" n); close(out "/code-" n)
        }
    }
    {
        take(0, "python3? -c \047")
        take(1, "(node|deno eval|bun) -e \047")
        take(2, "ruby -e \047")
        take(3, "perl -[a-zA-Z]*e \047")
        take(4, "php -r \047")
        take(5, "lua -e \047")
        take(6, "awk \047")
    }
' corpus/*.txt

for finding in tests/fuzz-regressions/*/*; do
    [ -f "$finding" ] || continue
    target=$(basename "$(dirname "$finding")")
    cp "$finding" "$seeds/$target/regression-$(basename "$finding")"
done
