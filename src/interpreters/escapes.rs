//! Languages read for their escapes only: the constructs by which a program runs a shell
//! command, deletes a file or loads code from inside its own language (vim's `:!`, gdb's
//! `shell`, sqlite3's `.shell`, psql's `\!`, R's `system()`, Tcl's `exec`, TeX's `\write18`,
//! a cron table's jobs…).
//!
//! Each language is a table of patterns. What a pattern captures is shell code or a deleted path,
//! judged like any command; a construct that runs something no pattern can read (a computed
//! argument, embedded code of yet another language) asks. Everything else in the code is data:
//! `vim -c 'set ft=yaml'`, `sqlite3 db 'select 1'` and `Rscript -e 'print(1)'` do nothing here.

use super::{Action, Effect};
use crate::language::Language;
use crate::patterns::CodePattern;
use crate::source::{PLACEHOLDER_OPEN, Source};
use crate::word::Word;
use regex::Regex;
use std::sync::LazyLock;

/// What a pattern's first capture is.
#[derive(Clone, Copy)]
enum Capture {
    /// Shell code.
    Shell,
    /// A path deleted, recursively or not.
    Delete { recursive: bool },
    /// A program and its arguments written as a list of strings (`["rm", "-rf", "x"]`): each
    /// string one argument.
    Argv,
    /// A program and its arguments that the language joins with spaces into one command line
    /// (R's `system2`, .NET's `Process.Start(file, arguments)`).
    CommandLine,
    /// Code of another language, whose escapes are read in turn.
    Code(Language),
    /// A make recipe line: shell code once make's own `$(VAR)` references are set aside.
    Recipe,
    /// A cron job's command: shell code up to its first `%`, the rest its standard input.
    CronJob,
    /// A file written (sed's `w FILE`).
    Write,
    /// A file read (make's `$(file <F)`, Octave's `fopen(F)`).
    Read,
    /// A file read and run as code of a language (psql's `\i F`, sqlite3's `.read F`): its
    /// statements judged as if given on the command line, and the file read like any other.
    /// The extension, when not empty, is added to a name without one (sqlplus's `@drop` runs
    /// `drop.sql`).
    Script(Language, &'static str),
    /// A library loaded into the program (Tcl's `load`): its code cannot be read.
    Load,
    /// A file read and sent to a network peer (a transfer client's `put`): judged as a send.
    Send,
}

/// The file of SQL*Plus's `SPOOL FILE`: any word but `OFF` and `OUT`.
const SPOOL_FILE: &str = r"(?im)^[ \t]*spo(?:o|ol)?[ \t]+([^\s;]{4,}|[^\s;]{1,2}|[^o\s;][^\s;]{2}|o[^fu\s;][^\s;]|of[^f\s;]|ou[^t\s;])(?:[\s;]|$)";

/// `COPY table TO 'FILE'`, `COPY (query) TO 'FILE'`: the statement's first `TO` followed by a
/// quoted file (not `STDOUT` or `PROGRAM`).
const COPY_TO: &str = r"(?is)\bcopy\b[^;]*?\bto\s+'([^']+)'";

/// One construct of a language: its pattern (in multi-line mode) and what it captures.
struct Escape {
    call: &'static str,
    pattern: &'static str,
    capture: Capture,
}

/// A language's escapes, and the names of constructs that run or delete something: one found
/// where no escape matched asks.
struct Table {
    escapes: &'static [Escape],
    unreadable: Option<&'static str>,
}

const fn shell(call: &'static str, pattern: &'static str) -> Escape {
    Escape {
        call,
        pattern,
        capture: Capture::Shell,
    }
}

const fn argv(call: &'static str, pattern: &'static str) -> Escape {
    Escape {
        call,
        pattern,
        capture: Capture::Argv,
    }
}

const fn joined(call: &'static str, pattern: &'static str) -> Escape {
    Escape {
        call,
        pattern,
        capture: Capture::CommandLine,
    }
}

const fn write(call: &'static str, pattern: &'static str) -> Escape {
    Escape {
        call,
        pattern,
        capture: Capture::Write,
    }
}

const fn read(call: &'static str, pattern: &'static str) -> Escape {
    Escape {
        call,
        pattern,
        capture: Capture::Read,
    }
}

const fn script(call: &'static str, pattern: &'static str, language: Language) -> Escape {
    Escape {
        call,
        pattern,
        capture: Capture::Script(language, ""),
    }
}

/// A script escape whose file is named without `extension` when it has none.
const fn script_with_extension(
    call: &'static str,
    pattern: &'static str,
    language: Language,
    extension: &'static str,
) -> Escape {
    Escape {
        call,
        pattern,
        capture: Capture::Script(language, extension),
    }
}

const fn load(call: &'static str, pattern: &'static str) -> Escape {
    Escape {
        call,
        pattern,
        capture: Capture::Load,
    }
}

const fn delete(call: &'static str, pattern: &'static str, recursive: bool) -> Escape {
    Escape {
        call,
        pattern,
        capture: Capture::Delete { recursive },
    }
}

/// Every language read for its escapes.
static TABLES: &[(Language, Table)] = &[
    (
        Language::Vim,
        Table {
            escapes: &[
                shell(
                    ":!",
                    r"(?:^|\|)\s*:*\s*(?:sil(?:ent)?!?\s+)?(?:(?:r|re|rea|read)\s*|(?:w|wr|wri|writ|write)\s+)?!([^\n]+)",
                ),
                shell(
                    ":terminal",
                    r"(?:^|\|)\s*:*\s*ter(?:m|mi|min|mina|minal)?!?\s+(?:\+\+\w+\s+)*([^\n|]+)",
                ),
                shell("system()", r#"\bsystem(?:list)?\(\s*['"]([^'"]*)['"]"#),
                delete(
                    "delete(…, 'rf')",
                    r#"\bdelete\(\s*['"]([^'"]*)['"]\s*,\s*['"]rf['"]"#,
                    true,
                ),
                delete("delete()", r#"\bdelete\(\s*['"]([^'"]*)['"]\s*\)"#, false),
                // `:w FILE`, `:w! FILE`, `:w >> FILE`, `:saveas FILE`, `writefile(…, 'FILE')`.
                write(
                    ":w FILE",
                    r"(?:^|\|)\s*:*\s*(?:(?:sil(?:ent)?!?|keepalt|keepj(?:umps)?|noa(?:utocmd)?)\s+)*[.$%0-9,'<>]*\s*(?:w|wr|wri|writ|write|wq|x|xit|sav|saveas|up|update)(?:!?[ \t]*>>[ \t]*|!?[ \t]+(?:\+\+\S+[ \t]+)*|!)([^!\s|][^\s|]*)",
                ),
                write("writefile()", r#"\bwritefile\([^,]*,\s*['"]([^'"]*)['"]"#),
                read(
                    ":r FILE",
                    r"(?:^|\|)\s*:*\s*(?:r|re|rea|read|e|ed|edi|edit|sp|split|tabe|tabedit)!?[ \t]+(?:\+\S+[ \t]+)?([^!\s|][^\s|]*)",
                ),
                read("readfile()", r#"\breadfile\(\s*['"]([^'"]*)['"]"#),
            ],
            unreadable: Some(
                r"(?:^|\|)\s*:*\s*(?:lua|luado|luafile|py|py3|python|python3|pyx|pydo|pyfile|py3file|perl|perldo|ruby|rubydo|rubyfile|tcl|tcldo|tclfile|mzscheme)\b|\bsystem(?:list)?\(|\bdelete\(|\b(?:job_start|jobstart|termopen)\(",
            ),
        },
    ),
    (
        Language::Debugger,
        Table {
            escapes: &[
                shell("shell", r"(?:^|;)\s*(?:shell|!)\s*([^\n]+)"),
                shell(
                    "platform shell",
                    r"(?:^|;)\s*platform\s+shell\s+(?:-[a-z]\s+\S+\s+)*(?:--\s+)?([^\n]+)",
                ),
                shell("system()", r#"\bsystem\s*\(\s*"([^"]*)"\s*\)"#),
                // `dump value FILE EXPR`, `append memory FILE START END`: gdb writes FILE.
                write(
                    "dump",
                    r"(?i)(?:^|;)\s*(?:dump|append)\s+(?:binary\s+|verilog\s+|ihex\s+|srec\s+|tekhex\s+)?(?:value|val|memory|mem)\s+(\S+)",
                ),
            ],
            unreadable: Some(r"(?:^|;)\s*(?:python|python-interactive|pi|py|script|guile|gu|pipe|\|)\b|\bsystem\s*\("),
        },
    ),
    (
        Language::Sqlite,
        Table {
            escapes: &[
                shell(".shell", r"(?:^|;)\s*\.(?:shell|system)\s+([^\n]+)"),
                shell(
                    ".output |",
                    r#"(?:^|;)\s*\.(?:once|output)\s+(?:-\w+\s+)*['"]?\|\s*([^'"\n]+)"#,
                ),
                write(
                    ".output",
                    r#"(?:^|;)\s*\.(?:once|output|backup|save|dump\s+>)\s+(?:-\w+\s+)*['"]?([^|'"\s;][^'"\s;]*)"#,
                ),
                write("writefile()", r#"(?i)\bwritefile\s*\(\s*'([^']*)'"#),
                script(
                    ".read",
                    r#"(?:^|;)\s*\.read\s+['"]?([^|'"\s;][^'"\s;]*)"#,
                    Language::Sqlite,
                ),
                read(
                    ".import",
                    r#"(?:^|;)\s*\.(?:import|open|restore)\s+(?:-\S+\s+)*['"]?([^|'"\s;][^'"\s;]*)"#,
                ),
                read("readfile()", r#"(?i)\breadfile\s*\(\s*'([^']*)'"#),
                // `VACUUM INTO 'FILE'` writes a copy of the database to FILE.
                write("VACUUM INTO", r#"(?i)\bvacuum\b[^;]*?\binto\s+['"]([^'"]+)['"]"#),
            ],
            unreadable: Some(r"(?:^|;)\s*\.(?:shell|system|load)\b|\bload_extension\s*\("),
        },
    ),
    (
        Language::Psql,
        Table {
            escapes: &[
                shell("\\!", r"\\!\s*([^\n]+)"),
                shell("\\o |", r"\\(?:o|out|g|gx)\s+\|\s*([^\n]+)"),
                shell("PROGRAM", r"(?i)\bprogram\s+'([^']*)'"),
                script(
                    "\\i",
                    r#"\\(?:i|ir|include|include_relative)[ \t]+['"]?([^'"\s]+)"#,
                    Language::Psql,
                ),
                // The server writes `COPY … TO 'FILE'` (on this machine when it runs here);
                // psql itself writes `\copy … to FILE`, `\o FILE`, `\g FILE` and `\w FILE`.
                write("COPY TO", COPY_TO),
                write("\\copy", r"(?i)\\copy\b[^\n]*?\bto\s+'?([^'\s|][^'\s]*)"),
                write("\\o", r#"\\(?:o|out|g|gx|w|write)[ \t]+['"]?([^|'"\s][^'"\s]*)"#),
            ],
            unreadable: Some(r"\\!|\\(?:o|out|g|gx)\s+\||(?i)\bprogram\b"),
        },
    ),
    (
        Language::Mysql,
        Table {
            escapes: &[
                shell("\\!", r"\\!\s*([^\n]+)"),
                shell("system", r"(?im)^\s*system\s+([^\n]+)"),
                script(
                    "source",
                    r#"(?im)(?:^|;)\s*(?:source|\\\.)[ \t]+['"]?([^'"\s;]+)"#,
                    Language::Mysql,
                ),
                // The server writes `SELECT … INTO OUTFILE|DUMPFILE 'FILE'` (on this machine
                // when it runs here).
                write(
                    "INTO OUTFILE",
                    r#"(?i)\binto\s+(?:outfile|dumpfile)\s+['"]([^'"]+)['"]"#,
                ),
            ],
            unreadable: Some(r"\\!|(?im)^\s*system\b"),
        },
    ),
    (
        Language::Sqlplus,
        Table {
            escapes: &[
                // `HOST CMD` (`HO`, `HOS`) and `!CMD` at the start of a line.
                shell("HOST", r"(?im)^[ \t]*(?:ho|hos|host)[ \t]+([^\n]+)"),
                shell("!", r"(?m)^[ \t]*!([^\n]+)"),
                // `@FILE`, `@@FILE` (next to the running script), `START FILE` (`STA`, `STAR`).
                script_with_extension("@", r"(?m)^[ \t]*@@?[ \t]*([^\s;@][^\s;]*)", Language::Sqlplus, ".sql"),
                script_with_extension(
                    "START",
                    r"(?im)^[ \t]*(?:sta|star|start)[ \t]+([^\s;]+)",
                    Language::Sqlplus,
                    ".sql",
                ),
                // `GET FILE` loads a script into the buffer, which `/` or `RUN` then runs: it is
                // judged as run.
                script_with_extension("GET", r"(?im)^[ \t]*get[ \t]+([^\s;]+)", Language::Sqlplus, ".sql"),
                // `SPOOL FILE` (`SPO`, `SPOO`) writes what follows into FILE (with `.lst` added
                // when it has no extension, judged as written); `SPOOL OFF` and `OUT` stop.
                write("SPOOL", SPOOL_FILE),
            ],
            unreadable: None,
        },
    ),
    (
        Language::Sql,
        Table {
            // DuckDB's `COPY … TO 'FILE'` and cqlsh's write FILE where the client runs; the
            // scripts they run: DuckDB's `.read FILE` (as sqlite3's), sqlcmd's `:r FILE`,
            // cqlsh's `SOURCE 'FILE'`.
            escapes: &[
                write("COPY TO", COPY_TO),
                script(
                    ".read",
                    r#"(?:^|;)\s*\.read\s+['"]?([^|'"\s;][^'"\s;]*)"#,
                    Language::Sql,
                ),
                script(":r", r#"(?im)^[ \t]*:r[ \t]+['"]?([^'"\s;]+)"#, Language::Sql),
                script("SOURCE", r#"(?i)(?:^|;)\s*source\s+['"]([^'"]+)['"]"#, Language::Sql),
            ],
            unreadable: None,
        },
    ),
    (
        Language::Ed,
        Table {
            escapes: &[
                shell("!", r"(?:^|\n)\s*[0-9,.$'a-z]*\s*(?:[rwe]\s*)?!([^\n]+)"),
                // `w FILE`, `W FILE` (append), `wq FILE`; `r FILE`, `e FILE` read.
                write("w", r"(?:^|\n)\s*[0-9,.$']*\s*[wW]q?[ \t]+([^!\s][^\n]*)"),
                read("r", r"(?:^|\n)\s*[0-9,.$']*\s*[reE][ \t]+([^!\s][^\n]*)"),
            ],
            unreadable: None,
        },
    ),
    (
        Language::Bpftrace,
        Table {
            // A format with arguments (`system("%s", x)`) is left to the unreadable pattern.
            escapes: &[shell("system()", r#"\bsystem\s*\(\s*"([^"%]*)"\s*\)"#)],
            unreadable: Some(r"\bsystem\s*\("),
        },
    ),
    (
        Language::Transfer,
        Table {
            escapes: &[
                // `!` hands the rest of the line to the shell, `;` and all; lftp also chains
                // commands with `&&`, `||` and `&`.
                shell("!", r"(?m)(?:^|[;&|])\s*!\s*([^\n]+)"),
                write(
                    "get",
                    r"(?m)(?:^|;)\s*(?:get|recv|reget|fetch)\s+(?:-\S+\s+)*\S+\s+([^\s;]+)",
                ),
                Escape {
                    call: "put",
                    capture: Capture::Send,
                    pattern: r"(?m)(?:^|;)\s*(?:put|send|reput|mput|append)\s+(?:-\S+\s+)*([^\s;]+)",
                },
            ],
            unreadable: None,
        },
    ),
    (
        Language::Sed,
        Table {
            escapes: &[
                shell("e", r"(?:^|[;\n{])\s*(?:[0-9$]+(?:,[0-9$]+)?\s*)?e\s+([^;\n}]+)"),
                shell("s///e", r"\bs/[^/\n]*/([^/\n]*)/[gpiImM0-9]*e"),
                shell("s|||e", r"\bs\|[^|\n]*\|([^|\n]*)\|[gpiImM0-9]*e"),
                shell("s###e", r"\bs#[^#\n]*#([^#\n]*)#[gpiImM0-9]*e"),
                Escape {
                    call: "w",
                    pattern: r"(?:^|[;\n{])\s*(?:[0-9$]+(?:,[0-9$]+)?\s*)?w\s+([^;\n}]+)",
                    capture: Capture::Write,
                },
                Escape {
                    call: "s///w",
                    pattern: r"\bs/[^/\n]*/[^/\n]*/[gpiImM0-9]*w\s+([^;\n}]+)",
                    capture: Capture::Write,
                },
            ],
            unreadable: Some(r"(?:^|[;\n{])\s*(?:[0-9$]+(?:,[0-9$]+)?\s*)?e\s*(?:$|[;\n}])"),
        },
    ),
    (
        Language::M4,
        Table {
            // `esyscmd(`cmd')`, and autoconf's `m4_esyscmd([cmd])` with its bracket quotes.
            escapes: &[shell("esyscmd", r"(?:\bm4_|\b)e?syscmd\s*\(\s*[`\[]?([^'\])]*)")],
            unreadable: Some(r"(?:\bm4_|\b)e?syscmd\b"),
        },
    ),
    (
        Language::Tex,
        Table {
            escapes: &[
                shell("\\write18", r"\\write18\s*\{([^}]*)\}"),
                shell("\\input|", r#"\\input\s*\{?\s*\|\s*"?([^"}\n]*)"#),
                Escape {
                    call: "\\directlua",
                    // Up to the last `}`: Lua code holds braces of its own.
                    pattern: r"\\(?:directlua|luaexec)\s*\{([\s\S]*)\}",
                    capture: Capture::Code(Language::Lua),
                },
                // `\openout\f=NAME` writes NAME (TeX adds `.tex` when it has no extension).
                write("\\openout", r"\\openout\s*\\?\w+\s*=?\s*\{?([^\s{}\\]+)"),
                read(
                    "\\input",
                    r"\\(?:input|include|verbatiminput|lstinputlisting|VerbatimInput|includeonly)\s*(?:\[[^\]]*\])?\s*\{\s*([^|}\s][^}]*)\}",
                ),
                read("\\openin", r"\\openin\s*\\?\w+\s*=?\s*\{?([^\s{}\\]+)"),
                // Plain TeX's `\input FILE`, without braces.
                read("\\input FILE", r"\\input\s+([^\s{}\\|][^\s{}\\]*)"),
            ],
            unreadable: Some(r"\\write18|\\input\s*\{?\s*\||\\directlua|\\luaexec"),
        },
    ),
    (
        Language::Gnuplot,
        Table {
            escapes: &[
                shell("!", r"(?:^|;)\s*!\s*([^\n]+)"),
                shell("system", r#"\bsystem\s*\(?\s*["']([^"']*)["']"#),
                shell("set output '|…'", r#"\bset\s+(?:output|print)\s+["']\|([^"']*)["']"#),
                shell("load '<…'", r#"\bload\s+["']<\s*([^"']*)["']"#),
            ],
            unreadable: Some(r"(?:^|;)\s*!|\bsystem\b|\bset\s+(?:output|print)\s+.\||\bload\s+.<"),
        },
    ),
    (
        Language::R,
        Table {
            escapes: &[
                shell(
                    "system()",
                    r#"\b(?:system|shell)\s*\(\s*(?:command\s*=\s*)?["']([^"']*)["']"#,
                ),
                joined(
                    "system2()",
                    r#"\bsystem2\s*\(\s*(["'][^"']*["'](?:\s*,\s*(?:args\s*=\s*)?(?:c\()?(?:\s*["'][^"']*["']\s*,?)*)?)"#,
                ),
                delete(
                    "unlink(recursive = TRUE)",
                    r#"\bunlink\s*\(\s*["']([^"']*)["'][^)]*recursive\s*=\s*(?:TRUE|T)\b"#,
                    true,
                ),
                delete(
                    "unlink()",
                    r#"\b(?:unlink|file\.remove)\s*\(\s*["']([^"']*)["']"#,
                    false,
                ),
            ],
            unreadable: Some(r"\b(?:system|system2|shell|unlink|file\.remove|pipe)\s*\("),
        },
    ),
    (
        Language::Haskell,
        Table {
            escapes: &[
                shell(
                    "callCommand",
                    r#"\b(?:callCommand|system|spawnCommand|runCommand)\s+"([^"]*)""#,
                ),
                argv(
                    "rawSystem",
                    r#"\b(?:rawSystem|callProcess|spawnProcess|readProcess|proc)\s+("[^"]*"\s*\[[^\]]*\])"#,
                ),
                delete(
                    "removeDirectoryRecursive",
                    r#"\b(?:removeDirectoryRecursive|removePathForcibly)\s+"([^"]*)""#,
                    true,
                ),
                delete("removeFile", r#"\b(?:removeFile|removeDirectory)\s+"([^"]*)""#, false),
            ],
            unreadable: Some(
                r"\b(?:callCommand|system|spawnCommand|runCommand|rawSystem|callProcess|spawnProcess|readProcess|proc|createProcess|removeDirectoryRecursive|removePathForcibly|removeFile)\b",
            ),
        },
    ),
    (
        Language::Octave,
        Table {
            escapes: &[
                // `system("cmd")`, and the command syntax `system "cmd"`.
                shell(
                    "system()",
                    r#"\b(?:system|unix|dos|shell_cmd)\s*(?:\(\s*)?["']([^"']*)["']"#,
                ),
                shell("!", r"(?m)^\s*!([^\n]+)"),
                delete(
                    "rmdir(…, 's')",
                    r#"\b(?:rmdir|confirm_recursive_rmdir)\s*\(\s*["']([^"']*)["']\s*,\s*["']s["']"#,
                    true,
                ),
                delete("delete()", r#"\bdelete\s*\(\s*["']([^"']*)["']"#, false),
                read(
                    "fopen()",
                    r#"\b(?:fopen|fileread|textread|importdata)\s*\(\s*["']([^"']*)["']\s*\)"#,
                ),
                write("fopen(…, 'w')", r#"\bfopen\s*\(\s*["']([^"']*)["']\s*,\s*["'][wa]"#),
            ],
            unreadable: Some(r"\b(?:system|unix|dos|shell_cmd|popen|popen2|rmdir|delete)\s*\("),
        },
    ),
    (
        Language::Puppet,
        Table {
            escapes: &[
                shell("exec", r#"\bexec\s*\{\s*["']([^"']*)["']\s*:\s*(?:\}|[^}]*?\bpath\b)"#),
                shell("exec command", r#"\bcommand\s*=>\s*["']([^"']*)["']"#),
                // `generate("/bin/prog", "arg"…)` runs a program while the catalog compiles.
                argv("generate()", r#"\bgenerate\s*\(((?:\s*["'][^"']*["']\s*,?)+)\)"#),
                // `file { "PATH": content => … }` writes PATH; `file("PATH")` reads it.
                write("file {}", r#"\bfile\s*\{\s*["']([^"']*)["']\s*:"#),
                read("file()", r#"\bfile\s*\(\s*["']([^"']*)["']"#),
            ],
            unreadable: Some(r"\bexec\s*\{|\bfile\s*\{|\bgenerate\s*\(|\binline_template\s*\(|\binline_epp\s*\("),
        },
    ),
    (
        Language::Chef,
        Table {
            escapes: &[
                // An `execute` resource runs its name unless a `command` property says otherwise;
                // `bash`, `script` and `csh` resources run their `code`.
                shell("execute", r#"\bexecute\s*\(?\s*["']([^"']*)["']"#),
                shell(
                    "command",
                    r#"(?:^|[;{]|\bdo\b)\s*(?:command|code)\s*\(?\s*["']([^"']*)["']"#,
                ),
                delete(
                    "directory … action :delete",
                    r#"\bdirectory\s*\(?\s*["']([^"']*)["']\s*\)?\s*(?:do\b|\{)[\s\S]*?\baction\s*\(?\s*\[?\s*:delete"#,
                    true,
                ),
                delete(
                    "file … action :delete",
                    r#"\b(?:file|cookbook_file|template|remote_file|link)\s*\(?\s*["']([^"']*)["']\s*\)?\s*(?:do\b|\{)[\s\S]*?\baction\s*\(?\s*\[?\s*:delete"#,
                    false,
                ),
                // The recipe is Ruby: its own calls (`system`, backticks, `FileUtils`) too.
                Escape {
                    call: "recipe",
                    pattern: r"\A([\s\S]+)",
                    capture: Capture::Code(Language::Ruby),
                },
            ],
            unreadable: None,
        },
    ),
    (
        Language::Dotnet,
        Table {
            escapes: &[
                joined(
                    "Process.Start",
                    r#"\bProcess\.Start\s*\((\s*"[^"]*"\s*(?:,\s*"[^"]*"\s*)?)\)"#,
                ),
                delete(
                    "Directory.Delete(…, true)",
                    r#"\bDirectory\.Delete\s*\(\s*@?"([^"]*)"\s*,\s*true"#,
                    true,
                ),
                delete(
                    "File.Delete",
                    r#"\b(?:File|Directory)\.Delete\s*\(\s*@?"([^"]*)""#,
                    false,
                ),
                write(
                    "File.WriteAllText",
                    r#"\bFile\.(?:WriteAllText|WriteAllLines|WriteAllBytes|AppendAllText|AppendAllLines|Create|OpenWrite|CreateText|AppendText)\s*\(\s*@?"([^"]*)""#,
                ),
                read(
                    "File.ReadAllText",
                    r#"\bFile\.(?:ReadAllText|ReadAllLines|ReadAllBytes|ReadLines|OpenRead|OpenText)\s*\(\s*@?"([^"]*)""#,
                ),
            ],
            unreadable: Some(r"\bProcess\.Start\b|\bProcessStartInfo\b|\b(?:File|Directory)\.Delete\b"),
        },
    ),
    (
        Language::Lisp,
        Table {
            escapes: &[
                shell(
                    "run-shell-command",
                    r#"(?i)\((?:[\w-]+:{1,2})?(?:run-shell-command|shell|system)\s+"([^"]*)""#,
                ),
                // `uiop:run-program` given one string runs it through the shell.
                shell(
                    "run-program",
                    r#"(?i)\((?:[\w-]+:{1,2})?run-program\s+"([^"]*)"\s*(?:\)|:)"#,
                ),
                argv(
                    "system*",
                    r#"(?i)\((?:system\*|(?:[\w-]+:{1,2})?run-program)\s+((?:"[^"]*"\s*)+(?:'?\((?:list\s+|quote\s+\()?(?:\s*"[^"]*")*\s*\)\)?)?)"#,
                ),
                delete(
                    "delete-directory-tree",
                    r#"\((?:[\w-]+:{1,2})?delete-directory-tree\s+(?:#p)?"([^"]*)""#,
                    true,
                ),
                delete(
                    "delete-file",
                    r#"\((?:[\w-]+:{1,2})?delete-file\s+(?:#p)?"([^"]*)""#,
                    false,
                ),
            ],
            unreadable: Some(
                r"\b(?:run-shell-command|run-program|system\*?|open-pipe\*?|open-input-pipe|open-output-pipe|delete-directory-tree|delete-file|launch-program)\b",
            ),
        },
    ),
    (
        Language::Java,
        Table {
            escapes: &[
                shell("exec", r#"(?:\.exec|^exec|[^.\w]exec)\s*\(\s*["']([^"']*)["']\s*\)"#),
                argv(
                    "ProcessBuilder",
                    r#"\bnew\s+(?:java\.lang\.)?ProcessBuilder\s*\((\s*"[^"]*"(?:\s*,\s*"[^"]*")*)\s*\)"#,
                ),
                write(
                    "FileWriter",
                    r#"\bnew\s+(?:java\.io\.)?(?:FileWriter|FileOutputStream|PrintWriter|RandomAccessFile)\s*\(\s*["']([^"']*)["']"#,
                ),
                write(
                    "Files.write",
                    r#"\bFiles\.(?:write|writeString|newBufferedWriter|newOutputStream|copy|move)\s*\([^;]*?(?:Paths\.get|Path\.of)\s*\(\s*["']([^"']*)["']"#,
                ),
                // jrunscript's `cp(from, to)` and `mv`; jshell's `/save FILE`.
                write(
                    "cp()",
                    r#"(?:^|[^.\w])(?:cp|mv)\s*\(\s*["'][^"']*["']\s*,\s*["']([^"']*)["']"#,
                ),
                write("/save", r"(?:^|\n)\s*/save\s+(?:-\w+\s+)*(\S+)"),
                read(
                    "FileReader",
                    r#"\bnew\s+(?:java\.io\.)?(?:FileReader|FileInputStream|Scanner\s*\(\s*new\s+(?:java\.io\.)?File)\s*\(\s*["']([^"']*)["']"#,
                ),
                read(
                    "Files.read",
                    r#"\bFiles\.(?:readString|readAllLines|readAllBytes|lines|newBufferedReader|newInputStream)\s*\(\s*(?:Paths\.get|Path\.of)\s*\(\s*["']([^"']*)["']"#,
                ),
                read("cat()", r#"(?:^|[^.\w])cat\s*\(\s*["']([^"']*)["']"#),
                read("/open", r"(?:^|\n)\s*/open\s+(\S+)"),
            ],
            // Classes taken by name (`Java.type("java.io.FileWriter")`) are used under other names.
            unreadable: Some(
                r#"\bexec\s*\(|\bProcessBuilder\b|\bRuntime\b|\bJava\.type\s*\(\s*["']java\.(?:io\.(?:File|Print|RandomAccess)|nio\.|net\.URL)"#,
            ),
        },
    ),
    (
        Language::Julia,
        Table {
            escapes: &[
                shell("run(`…`)", r"\b(?:run|read|success|pipeline)\s*\(\s*`([^`]*)`"),
                delete(
                    "rm(recursive=true)",
                    r#"\brm\s*\(\s*"([^"]*)"[^)]*recursive\s*=\s*true"#,
                    true,
                ),
                delete("rm()", r#"\brm\s*\(\s*"([^"]*)""#, false),
                write("download()", r#"\bdownload\s*\(\s*"[^"]*"\s*,\s*"([^"]*)""#),
                write("write()", r#"\bwrite\s*\(\s*"([^"]*)""#),
                write("open(…, \"w\")", r#"\bopen\s*\(\s*"([^"]*)"\s*,\s*"[wa]"#),
                // `open(f -> write(f, x), "FILE", "w")`: the function comes first.
                write(
                    "open(f -> …, \"w\")",
                    r#"\bopen\s*\(\s*\w+\s*->[^"]*(?:"[^"]*"[^"]*)*?,\s*"([^"]*)"\s*,\s*"[wa]"#,
                ),
                read(
                    "open(f -> …)",
                    r#"\bopen\s*\(\s*\w+\s*->[^"]*(?:"[^"]*"[^"]*)*?,\s*"([^"]*)"\s*\)"#,
                ),
                read("read()", r#"\b(?:read|readlines|readline|open)\s*\(\s*"([^"]*)""#),
            ],
            unreadable: Some(r"\b(?:run|pipeline|rm)\s*\(|`"),
        },
    ),
    (
        Language::Tcl,
        Table {
            escapes: &[
                shell("exec", r"(?:^|[;\[{])\s*(?:exec|spawn)\s+(?:-\w+\s+)*([^\]\n;}]+)"),
                shell("open |", r#"\bopen\s+["{]\|([^"}]*)["}]"#),
                delete(
                    "file delete -force",
                    r"\bfile\s+delete\s+-force\s+(?:--\s+)?([^\s\]\n;}]+)",
                    true,
                ),
                delete(
                    "file delete",
                    r"\bfile\s+delete\s+(?:--\s+)?([^-\s\]\n;}][^\s\]\n;}]*)",
                    false,
                ),
                load("load", r"(?:^|[;\[{])\s*load\s+([^\s\]\n;}]+)"),
                write("open w", r"\bopen\s+([^\s|\]\n;}]+)\s+[{\x22]?[wa]"),
                read("open", r"\bopen\s+([^\s|\]\n;}\x22{]+)\s*(?:[\]\n;}]|r\b)"),
            ],
            unreadable: Some(r"(?:^|[;\[{])\s*(?:exec|spawn)\b|\bopen\s+.\||\bfile\s+delete\b"),
        },
    ),
    (
        Language::Pic,
        Table {
            escapes: &[
                shell("sh", r#"\bsh\s+"([^"]*)""#),
                shell("sh { }", r"\bsh\s+\{([^}]*)\}"),
                read("copy", r#"\bcopy\s+"([^"]*)""#),
            ],
            unreadable: Some(r"\bsh\s"),
        },
    ),
    (
        Language::Roff,
        Table {
            escapes: &[
                shell(".sy", r"(?:^|\n)\.(?:sy|pso|pi)[ \t]+([^\n]+)"),
                read(".so", r"(?:^|\n)\.(?:so|mso|trf|cf)[ \t]+(\S+)"),
            ],
            unreadable: None,
        },
    ),
    (
        Language::ApacheConf,
        Table {
            escapes: &[
                shell(
                    "piped log",
                    r#"(?i)\b(?:ErrorLog|CustomLog|TransferLog|GlobalLog)\s+"?\|\$?\s*([^"\n]+)"#,
                ),
                read("Include", r#"(?i)(?:^|\n)\s*Include(?:Optional)?\s+"?([^\s"]+)"#),
                load("LoadModule", r#"(?i)(?:^|\n)\s*LoadModule\s+\S+\s+"?([^\s"]+)"#),
            ],
            unreadable: None,
        },
    ),
    (
        Language::NginxConf,
        Table {
            escapes: &[
                load("load_module", r#"\bload_module\s+"?([^;\s"]+)"#),
                load("ssl_engine", r"\bssl_engine\s+([^;\s]+)"),
                read("include", r"\binclude\s+([^;\s]+)"),
            ],
            unreadable: None,
        },
    ),
    (
        Language::Hcl,
        Table {
            escapes: &[read(
                "file()",
                r#"\b(?:file|filebase64|filesha256|filesha512|filemd5|templatefile)\s*\(\s*"([^"]*)""#,
            )],
            unreadable: None,
        },
    ),
    (
        Language::FfmpegFilter,
        Table {
            escapes: &[
                load(
                    "ladspa",
                    r#"\b(?:ladspa|lv2)\s*=\s*(?:(?:file|f|plugin|p)\s*=\s*)?([^:,;\s'"\]]+)"#,
                ),
                load(
                    "frei0r",
                    r#"\bfrei0r(?:_src)?\s*=\s*(?:filter_name\s*=\s*)?([^:,;\s'"\]]+)"#,
                ),
            ],
            unreadable: None,
        },
    ),
    (
        Language::Dosbox,
        Table {
            // A mounted host folder is written by whatever DOS commands follow.
            escapes: &[write("mount", r#"(?i)\bmount\s+[a-z]:?\s+"?([^\s"]+)"#)],
            unreadable: None,
        },
    ),
    (
        Language::Procmail,
        Table {
            escapes: &[
                shell("| action", r"(?:^|\n)[ \t]*\|[ \t]*([^\n]+)"),
                shell("`…`", r"`([^`]+)`"),
            ],
            unreadable: None,
        },
    ),
    (
        Language::Rsyslog,
        Table {
            escapes: &[
                shell("omprog", r#"\bbinary\s*=\s*"([^"]+)""#),
                shell("^program", r"\s\^\s*([^;\s]+)"),
                load(
                    "module",
                    r#"(?i)\b(?:module\s*\(\s*load\s*=\s*"|\$ModLoad\s+)([./~][^"\s]*)"#,
                ),
            ],
            unreadable: None,
        },
    ),
    (
        Language::WgQuick,
        Table {
            escapes: &[shell(
                "PostUp",
                r"(?i)(?:^|\n)[ \t]*(?:Pre|Post)(?:Up|Down)[ \t]*=[ \t]*([^\n]+)",
            )],
            unreadable: None,
        },
    ),
    (
        Language::SystemdUnit,
        Table {
            escapes: &[shell(
                "ExecStart",
                r"(?:^|\n)[ \t]*Exec(?:Start|StartPre|StartPost|Stop|StopPost|Reload|Condition)[ \t]*=[ \t]*[-@:+!]*([^\n]+)",
            )],
            unreadable: None,
        },
    ),
    (
        Language::Rtorrent,
        Table {
            escapes: &[shell(
                "execute",
                r#"\bexecute[\w.]*\s*=\s*\{?\s*(?:/bin/|/usr/bin/)?(?:ba|da)?sh\s*,\s*-c\s*,\s*"?([^"\n}]+)"#,
            )],
            unreadable: Some(r"\b(?:execute[\w.]*|system\.method\.[\w.]+|method\.set_key|schedule2?)\s*[=(]"),
        },
    ),
    (
        Language::Bconsole,
        Table {
            escapes: &[
                shell("@exec", r#"(?:^|\n)[ \t]*@exec[ \t]+"?([^"\n]+)"#),
                write("@output", r"(?:^|\n)[ \t]*@(?:output|tee)[ \t]+(\S+)"),
                read("@input", r"(?:^|\n)[ \t]*@input[ \t]+(\S+)"),
            ],
            unreadable: None,
        },
    ),
    (
        Language::UrJtag,
        Table {
            escapes: &[shell("shell", r"(?:^|\n)[ \t]*shell[ \t]+([^\n]+)")],
            unreadable: None,
        },
    ),
    (
        Language::Scanmem,
        Table {
            escapes: &[shell("shell", r"(?:^|[;\n])[ \t]*shell[ \t]+([^;\n]+)")],
            unreadable: None,
        },
    ),
    (
        Language::SLang,
        Table {
            escapes: &[shell("system()", r#"\bsystem\s*\(\s*"([^"]*)""#)],
            unreadable: Some(r"\bsystem\s*\("),
        },
    ),
    (
        Language::Sysctl,
        Table {
            escapes: &[shell(
                "core_pattern",
                r"kernel[./]core_pattern[ \t]*=[ \t]*\|[ \t]*([^\n]+)",
            )],
            unreadable: None,
        },
    ),
    (
        Language::LdConf,
        Table {
            escapes: &[
                load("folder", r"(?:^|\n)[ \t]*([/.~][^\s#]*)"),
                read("include", r"(?:^|\n)[ \t]*include[ \t]+(\S+)"),
            ],
            unreadable: None,
        },
    ),
    (
        Language::Go,
        Table {
            escapes: &[
                argv(
                    "exec.Command",
                    r#"\bexec\.Command(?:Context)?\s*\(\s*(?:\w+\s*,\s*)?("[^"]*"(?:\s*,\s*"[^"]*")*)\s*\)"#,
                ),
                delete("os.RemoveAll", r#"\bos\.RemoveAll\s*\(\s*"([^"]*)""#, true),
                delete("os.Remove", r#"\bos\.Remove\s*\(\s*"([^"]*)""#, false),
                write(
                    "os.WriteFile",
                    r#"\b(?:os|ioutil)\.(?:WriteFile|Create)\s*\(\s*"([^"]*)""#,
                ),
                read("os.ReadFile", r#"\b(?:os|ioutil)\.(?:ReadFile|Open)\s*\(\s*"([^"]*)""#),
            ],
            unreadable: Some(
                r"\bexec\.Command|\bsyscall\.(?:Exec|ForkExec)\b|\bos\.StartProcess\b|\bos\.RemoveAll\b|\bplugin\.Open\b",
            ),
        },
    ),
    (
        Language::Elvish,
        Table {
            escapes: &[],
            // `{ … }` blocks and lambdas, `( … )` output captures, `e:cmd` and `os:remove-all`,
            // `$E:HOME`, `&sep=,`.
            unreadable: Some(r#"[{}()]|(?:^|[\s;|])\$?[A-Za-z][\w-]*:[^/\s]|(?:^|\s)&\w"#),
        },
    ),
    (
        Language::Elixir,
        Table {
            escapes: &[
                shell("System.shell", r#"\bSystem\.shell\(\s*"([^"]*)""#),
                shell(":os.cmd", r"(?::os\.cmd|:os\.cmd\s*)\(\s*'([^']*)'"),
                argv("System.cmd", r#"\bSystem\.cmd\(\s*("[^"]*"\s*,\s*\[[^\]]*\])"#),
                delete("File.rm_rf", r#"\bFile\.rm_rf!?\(\s*"([^"]*)""#, true),
                delete("File.rm", r#"\bFile\.rm!?\(\s*"([^"]*)""#, false),
            ],
            unreadable: Some(r"\bSystem\.(?:cmd|shell)\b|:os\.cmd|\bFile\.rm|\bPort\.open\b"),
        },
    ),
    (
        Language::Erlang,
        Table {
            escapes: &[
                shell("os:cmd", r#"\bos:cmd\(\s*"([^"]*)""#),
                shell("open_port", r#"\bopen_port\(\s*\{\s*spawn\s*,\s*"([^"]*)""#),
                delete("file:del_dir_r", r#"\bfile:del_dir_r\(\s*"([^"]*)""#, true),
                delete("file:delete", r#"\bfile:delete\(\s*"([^"]*)""#, false),
            ],
            unreadable: Some(r"\bos:cmd\b|\bopen_port\b|\bfile:del"),
        },
    ),
    (
        Language::Groovy,
        Table {
            escapes: &[
                shell("execute()", r#"["']([^"']*)["']\s*\.execute\(\)"#),
                argv("[…].execute()", r"(\[[^\]]*\])\s*\.execute\(\)"),
                shell("Runtime.exec", r#"\bRuntime\.getRuntime\(\)\s*\.exec\(\s*"([^"]*)""#),
                argv(
                    "ProcessBuilder",
                    r#"\bnew\s+ProcessBuilder\(\s*((?:"[^"]*"\s*,?\s*)+)\)"#,
                ),
                delete(
                    "deleteDir()",
                    r#"\bnew\s+File\(\s*["']([^"']*)["']\s*\)\s*\.deleteDir\(\)"#,
                    true,
                ),
                delete(
                    "delete()",
                    r#"\bnew\s+File\(\s*["']([^"']*)["']\s*\)\s*\.delete\(\)"#,
                    false,
                ),
            ],
            unreadable: Some(r"\.execute\(|\bRuntime\b|\bProcessBuilder\b|\.deleteDir\(|\.delete\("),
        },
    ),
    (
        Language::AppleScript,
        Table {
            escapes: &[
                shell("do shell script", r#"\bdo\s+shell\s+script\s+"([^"]*)""#),
                shell("doShellScript", r#"\.doShellScript\(\s*["']([^"']*)["']"#),
            ],
            unreadable: Some(r"\bdo\s+shell\s+script\b|\.doShellScript\b"),
        },
    ),
    (
        Language::Elisp,
        Table {
            escapes: &[
                shell(
                    "shell-command",
                    r#"\((?:shell-command|shell-command-to-string|async-shell-command)\s+"([^"]*)""#,
                ),
                delete("delete-directory", r#"\(delete-directory\s+"([^"]*)"\s+t\b"#, true),
                delete("delete-file", r#"\(delete-file\s+"([^"]*)""#, false),
                // `(write-region "TEXT" nil "FILE")`, `(append-to-file "TEXT" nil "FILE")`.
                write(
                    "write-region",
                    r#"\((?:write-region|append-to-file)\s+(?:"[^"]*"|\S+)\s+(?:nil|\S+)\s+"([^"]*)""#,
                ),
                write(
                    "with-temp-file",
                    r#"\((?:with-temp-file|write-file|find-file-literally)\s+"([^"]*)""#,
                ),
                write(
                    "copy-file",
                    r#"\((?:copy-file|rename-file|make-symbolic-link)\s+"[^"]*"\s+"([^"]*)""#,
                ),
                read(
                    "insert-file-contents",
                    r#"\((?:insert-file-contents(?:-literally)?|find-file|find-file-noselect|view-file)\s+"([^"]*)""#,
                ),
            ],
            unreadable: Some(
                r"\((?:shell-command|shell-command-to-string|async-shell-command|call-process|call-process-shell-command|start-process|start-process-shell-command|make-process|process-lines|delete-directory|delete-file)\b",
            ),
        },
    ),
    (
        Language::RpmMacro,
        Table {
            escapes: &[
                shell("%(…)", r"%\(([^)]*)\)"),
                Escape {
                    call: "%{lua:…}",
                    pattern: r"%\{lua:([\s\S]*)\}",
                    capture: Capture::Code(Language::Lua),
                },
            ],
            unreadable: Some(r"%\(|%\{lua:"),
        },
    ),
    (
        Language::Crontab,
        Table {
            escapes: &[Escape {
                call: "cron job",
                pattern: r"(?:^|\n)[ \t]*(?:@[a-z]+|[^#\s=]\S*[ \t]+(?:\S+[ \t]+){4})([^\n]+)",
                capture: Capture::CronJob,
            }],
            unreadable: None,
        },
    ),
    (
        Language::Incrontab,
        Table {
            escapes: &[shell("incron job", r"(?:^|\n)[ \t]*[^#\s]\S*[ \t]+\S+[ \t]+([^\n]+)")],
            unreadable: None,
        },
    ),
    (
        Language::Make,
        Table {
            escapes: &[
                Escape {
                    call: "recipe",
                    pattern: r"(?:^|\n)\t+[@+\-]*([^\n]+)",
                    capture: Capture::Recipe,
                },
                Escape {
                    call: "recipe",
                    pattern: r"(?:^|\n)[^\t#\n=:]+:[^=\n;]*;[ \t]*([^\n]+)",
                    capture: Capture::Recipe,
                },
                shell("$(shell …)", r"\$\(shell\s+([^)]*)\)"),
                // `$(file >F,TEXT)` and `$(file >>F,TEXT)` write F; `$(file <F)` reads it.
                write("$(file >…)", r"\$\(file\s*>>?\s*((?:\$[({][A-Za-z_]+[)}]|[^,)\s])+)"),
                read("$(file <…)", r"\$\(file\s*<\s*((?:\$[({][A-Za-z_]+[)}]|[^,)\s])+)"),
            ],
            unreadable: None,
        },
    ),
    (
        Language::Cmake,
        Table {
            escapes: &[
                shell(
                    "execute_process",
                    r"\bexecute_process\(\s*COMMAND\s+([^)\n]+?)(?:\s+(?:WORKING_DIRECTORY|OUTPUT_VARIABLE|RESULT_VARIABLE|ERROR_VARIABLE|COMMAND)\b|\))",
                ),
                delete("file(REMOVE_RECURSE)", r"\bfile\(\s*REMOVE_RECURSE\s+([^)]+)\)", true),
                delete("file(REMOVE)", r"\bfile\(\s*REMOVE\s+([^)]+)\)", false),
            ],
            unreadable: Some(r"\b(?:execute_process|exec_program)\s*\("),
        },
    ),
    (
        Language::IPython,
        Table {
            escapes: &[
                shell("!", r"(?:^|\n)[ \t]*!+([^\n]+)"),
                shell("%system", r"(?:^|\n)[ \t]*%(?:system|sx|sc)\s+([^\n]+)"),
            ],
            unreadable: None,
        },
    ),
];

/// What code in a language can be seen to do besides running commands: read files, write
/// files, load libraries (for the catalogue's coverage).
#[derive(Clone, Copy, Debug, Default)]
pub struct Capabilities {
    pub reads: bool,
    pub writes: bool,
    pub loads: bool,
    pub sends: bool,
}

/// The files and libraries the escapes of `language` read, write or load.
pub fn capabilities(language: Language) -> Capabilities {
    let captures = |wanted: fn(Capture) -> bool| {
        table(language).is_some_and(|table| table.escapes.iter().any(|escape| wanted(escape.capture)))
    };
    Capabilities {
        reads: captures(|c| matches!(c, Capture::Read | Capture::Send | Capture::Script(..))),
        sends: captures(|c| matches!(c, Capture::Send)),
        writes: captures(|c| matches!(c, Capture::Write)),
        loads: captures(|c| matches!(c, Capture::Load)),
    }
}

fn table(language: Language) -> Option<&'static Table> {
    TABLES.iter().find(|(l, _)| *l == language).map(|(_, table)| table)
}

/// A language's patterns, by language, made the first time a language is read; each is
/// compiled when first matched (`CodePattern`).
struct Compiled {
    escapes: Vec<(CodePattern, &'static Escape)>,
    unreadable: Option<CodePattern>,
}

fn compiled(language: Language) -> Option<&'static Compiled> {
    static CACHE: LazyLock<std::sync::Mutex<Vec<(Language, &'static Compiled)>>> =
        LazyLock::new(|| std::sync::Mutex::new(Vec::new()));
    let table = table(language)?;
    let mut cache = CACHE.lock().ok()?;
    if let Some((_, found)) = cache.iter().find(|(l, _)| *l == language) {
        return Some(found);
    }
    let multiline = |pattern: &str| CodePattern::owned(format!("(?m){pattern}"));
    let built: &'static Compiled = Box::leak(Box::new(Compiled {
        escapes: table.escapes.iter().map(|e| (multiline(e.pattern), e)).collect(),
        unreadable: table.unreadable.map(multiline),
    }));
    cache.push((language, built));
    Some(built)
}

/// The effects of `source`, code in a language read for its escapes.
pub fn effects(language: Language, source: &Source, home: &str) -> Vec<Effect> {
    let Some(compiled) = compiled(language) else {
        return Vec::new();
    };
    let text = source.text();
    let mut effects = Vec::new();
    let mut read: Vec<std::ops::Range<usize>> = Vec::new();
    for (pattern, escape) in &compiled.escapes {
        for captures in pattern.captures_iter(text) {
            let (Some(whole), Some(captured)) = (captures.get(0), captures.get(1)) else {
                continue;
            };
            if read
                .iter()
                .any(|range| range.start <= whole.start() && whole.end() <= range.end)
            {
                continue;
            }
            read.push(whole.range());
            let span = source.span(whole.range());
            let value = captured.as_str().trim();
            let file_only = matches!(
                escape.capture,
                Capture::Read | Capture::Write | Capture::Send | Capture::Script(..)
            );
            if file_only && value.contains(PLACEHOLDER_OPEN) {
                // A file named at run time is judged as `cat "$f"` and `> "$f"` are: not at all.
                continue;
            }
            let action = if value.contains(PLACEHOLDER_OPEN) {
                Action::Unverifiable(format!(
                    "`{}` runs something only known when the code runs",
                    escape.call
                ))
            } else {
                let word = Word::literal(value, source.span(captured.range()));
                match escape.capture {
                    Capture::Shell => Action::Shell(word),
                    Capture::Argv => Action::Run(
                        quoted_strings(value)
                            .iter()
                            .map(|argument| Word::literal(argument, word.span))
                            .collect(),
                    ),
                    Capture::CommandLine => Action::Shell(Word::literal(&command_line(value), word.span)),
                    Capture::Delete { recursive } => Action::Delete {
                        path: Word::literal(&expand_home(value, home), word.span),
                        recursive,
                        directory: recursive,
                    },
                    Capture::Code(language) => Action::Code(language, word),
                    Capture::Recipe => Action::Shell(Word::literal(&make_references(value), word.span)),
                    Capture::CronJob => Action::Shell(Word::literal(&cron_command(value), word.span)),
                    Capture::Read => Action::Read(Word::literal(&expand_home(value, home), word.span)),
                    Capture::Script(language, extension) => {
                        let mut name = expand_home(value, home);
                        let file = name.rsplit(['/', '\\']).next().unwrap_or_default();
                        if !file.contains('.') {
                            name.push_str(extension);
                        }
                        let path = Word::literal(&name, word.span);
                        effects.push(Effect::new(escape.call, span, None, Action::Read(path.clone())));
                        Action::Script(language, path)
                    }
                    Capture::Send => Action::Send(Word::literal(&expand_home(value, home), word.span)),
                    Capture::Write => Action::Write {
                        path: Word::literal(&expand_home(value, home), word.span),
                        append: false,
                        content: None,
                    },
                    Capture::Load => Action::Unverifiable(format!(
                        "`{}` loads {value}: a library's code cannot be read",
                        escape.call
                    )),
                }
            };
            effects.push(Effect::new(escape.call, span, None, action));
        }
    }
    let unreadable = compiled.unreadable.iter().flat_map(|pattern| pattern.find_iter(text));
    for found in unreadable {
        if read
            .iter()
            .any(|range| range.start <= found.start() && found.start() < range.end)
        {
            continue;
        }
        read.push(found.range());
        effects.push(Effect::new(
            found.as_str().trim(),
            source.span(found.range()),
            None,
            Action::Unverifiable(format!(
                "`{}` in {language:?} code runs something that cannot be read before it runs",
                found.as_str().trim()
            )),
        ));
    }
    effects
}

/// A list of a program and its arguments (`"rm", ["-rf", "x"]`, `['rm', '-rf']`,
/// `"rm", args = c("-rf", "x")`) as a command line.
fn command_line(list: &str) -> String {
    let text = list.replace("c(", " ").replace('=', " ");
    text.split(|c: char| matches!(c, '[' | ']' | ',' | '(' | ')' | '"' | '\'') || c.is_whitespace())
        .filter(|word| !word.is_empty() && *word != "args")
        .collect::<Vec<_>>()
        .join(" ")
}

/// The strings of a list, in order (`"rm", ["-rf", '/x']` → rm, -rf, /x).
fn quoted_strings(list: &str) -> Vec<String> {
    static STRING: LazyLock<Regex> = LazyLock::new(|| Regex::new(r#""([^"]*)"|'([^']*)'"#).expect("a valid pattern"));
    STRING
        .captures_iter(list)
        .filter_map(|found| found.get(1).or_else(|| found.get(2)))
        .map(|string| string.as_str().to_owned())
        .collect()
}

/// A make recipe with make's own references (`$(CC)`, `${RM}`) written as plain names and `$$`
/// as `$`: what the shell then sees, as far as it can be known.
fn make_references(recipe: &str) -> String {
    static REFERENCE: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"\$[({]([A-Za-z_][A-Za-z0-9_]*)[)}]").expect("a valid pattern"));
    REFERENCE
        .replace_all(recipe, |found: &regex::Captures| match &found[1] {
            // Variables make takes from the environment, and its own directory.
            name @ ("HOME" | "PWD" | "USER" | "TMPDIR" | "SHELL") => format!("${name}"),
            "CURDIR" => ".".to_owned(),
            name => name.to_owned(),
        })
        .replace("$$", "$")
}

/// A cron job's command as shell code (crontab(5)): an unescaped `%` ends the command, and what
/// follows is its standard input, each further `%` a new line; `\%` is a plain `%`. The input
/// is given as a quoted heredoc, which runs nothing unless the command is a shell.
fn cron_command(job: &str) -> String {
    const END: &str = "SAFETY_NET_CRON_INPUT";
    let mut command = String::new();
    let mut input: Option<String> = None;
    let mut characters = job.chars().peekable();
    while let Some(character) = characters.next() {
        if character == '%' && input.is_none() {
            input = Some(String::new());
            continue;
        }
        let text = input.as_mut().unwrap_or(&mut command);
        match character {
            '\\' if characters.peek() == Some(&'%') => {
                characters.next();
                text.push('%');
            }
            '%' => text.push('\n'),
            other => text.push(other),
        }
    }
    match input {
        Some(input) => format!("{command} <<'{END}'\n{input}\n{END}"),
        None => command,
    }
}

/// A path with a leading `~` made absolute, as these languages' file functions do.
fn expand_home(path: &str, home: &str) -> String {
    // `~`, and make's `$(HOME)`/`${HOME}`.
    let rest = ["~", "$(HOME)", "${HOME}", "$HOME"]
        .iter()
        .find_map(|prefix| path.strip_prefix(prefix));
    match rest {
        Some(rest) if rest.is_empty() || rest.starts_with('/') => format!("{home}{rest}"),
        _ => path.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every pattern compiles, in both forms (they are compiled only when code in their
    /// language comes).
    #[test]
    fn every_pattern_compiles() {
        for (language, _) in TABLES {
            let compiled = compiled(*language).unwrap_or_else(|| panic!("{language:?}"));
            for pattern in compiled.escapes.iter().map(|(p, _)| p).chain(&compiled.unreadable) {
                pattern.on("ascii");
                pattern.on("non-ASCII: é");
            }
        }
    }

    #[test]
    fn a_cron_job_after_its_first_percent_is_standard_input() {
        assert_eq!(cron_command("backup.sh --all"), "backup.sh --all");
        assert_eq!(
            cron_command("sh%echo a%echo b"),
            "sh <<'SAFETY_NET_CRON_INPUT'\necho a\necho b\nSAFETY_NET_CRON_INPUT"
        );
        assert_eq!(cron_command(r"date +\%F"), "date +%F");
    }
}
