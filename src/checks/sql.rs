//! Databases: SQL that destroys data (`DROP TABLE|DATABASE|SCHEMA`, `TRUNCATE`, `DELETE` or
//! `UPDATE` without a `WHERE` or with one that is always true, `ALTER TABLE … DROP COLUMN`),
//! MongoDB's `drop()`, `dropDatabase()` and `deleteMany({})`, read from the code the walk found
//! for a client however it got there (`-c`, `-e`, `--eval`, a heredoc, a pipe, `< file`, `<(…)`,
//! a file the command wrote and runs by `-f`, `--file`, `load()` or `redis-cli --eval`). The SQL
//! is lexed: keywords in string literals and comments are data. Also `dropdb`, `redis-cli
//! FLUSHALL`, and key stores emptied by pattern or prefix (`… --scan | xargs redis-cli del`,
//! `etcdctl del --prefix`, `consul kv delete -recurse`).

use super::{ASK, Applies, Checker, Report, Subject};
use crate::command::{Command, LayerKind};
use crate::rules::Rule;
use crate::word::DynamicKind;

use regex::Regex;
use std::collections::HashMap;
use std::sync::LazyLock;

/// Database clients whose code the registry finds (`tool_options.rs`): every code layer under
/// one of them is its SQL, or JavaScript for MongoDB's shells.
const CLIENTS: &[&str] = &[
    "psql",
    "mysql",
    "mariadb",
    "sqlite3",
    "sqlite",
    "duckdb",
    "clickhouse-client",
    "clickhouse-local",
    "clickhouse",
    "sqlcmd",
    "cqlsh",
    "mycli",
    "usql",
    "cockroach",
    "snowsql",
    "trino",
    "presto",
    "bq",
    "gcloud",
    "wrangler",
    "prisma",
    "turso",
    "litecli",
    "mongosh",
    "mongo",
];

/// Programs that drop a database or empty a key store with a command of their own.
const DROPPERS: &[&str] = &[
    "dropdb",
    "redis-cli",
    "valkey-cli",
    "keydb-cli",
    "mysqladmin",
    "etcdctl",
    "consul",
];

/// Every program the checker judges.
const NAMES: [&str; CLIENTS.len() + DROPPERS.len()] = super::joined(CLIENTS, DROPPERS);

pub const CHECKER: Checker = Checker {
    rules: &[&SQL_DESTRUCTIVE, &DROPDB, &REDIS_FLUSH, &KEY_STORE_EMPTIED],
    applies: Applies::Commands(&NAMES),
    check,
    whole_analysis: None,
};

pub static SQL_DESTRUCTIVE: Rule = Rule {
    id: "sql-destructive",
    decision: ASK,
    catches: "SQL that destroys data, through any database client (`psql`, `mysql`, `mariadb`, `sqlite3`, `duckdb`, `sqlcmd`, `cqlsh`, `clickhouse-client`, `cockroach sql`, `mycli`, `usql`, `snowsql`, `trino`, `bq query`, `gcloud spanner databases execute-sql --sql`/`ddl update --ddl`, `wrangler d1 execute --command|--file`, `prisma db execute --stdin|--file`, `turso db shell`, `litecli -e`) however it gets there (`-c`, `-e`, a heredoc, a pipe, `< file`, `<(…)`, a file the command wrote, run by `-f` or from the SQL by psql's `\\i`, mysql's `source` or sqlite3's `.read`): `DROP TABLE|DATABASE|SCHEMA|KEYSPACE`, `TRUNCATE`, `DELETE` or `UPDATE` without `WHERE` or with an always-true one (`WHERE 1=1`, `WHERE true`), `ALTER TABLE … DROP COLUMN|PARTITION`, also inside a common table expression (`WITH d AS (DELETE …) SELECT …`), MySQL's executable comments (`/*!50000 DROP TABLE t */`), a `DO` block or a string run by `EXECUTE`, `EXEC` or `PREPARE` (also one assigned to a user variable first: `SET @q = 'DROP TABLE t'; PREPARE s FROM @q`); MongoDB's `drop()`, `dropDatabase()`, `deleteMany({})` (or a filter only on `_id` existing), `remove({})`, `updateMany({}, …)`, the same in `bulkWrite` or `runCommand`, `renameCollection(…, true)` (`mongosh --eval`, a script named by `-f` or as a `.js` operand or `load()`ed, a pipe). `DROP INDEX|VIEW|TRIGGER|FUNCTION` lose no data, and keywords in string literals or plain comments are data.",
    instead: "Run a `SELECT` of what would go first, take a dump (`pg_dump`, `mysqldump`, `mongodump`), and let the user confirm",
    examples: &[
        "psql -c 'DROP TABLE users'",
        "mysql -e 'truncate table logs' app",
        "sqlite3 app.db 'DELETE FROM sessions'",
        "psql app <<'EOF'\ndrop database app;\nEOF",
        "psql -c 'ALTER TABLE users DROP COLUMN email'",
        "mysql -e 'UPDATE users SET admin = 0'",
        "psql -c 'DELETE FROM users WHERE 1=1'",
        "sqlcmd -Q 'DROP TABLE users'",
        "cqlsh -e 'DROP KEYSPACE app'",
        "psql -f <(echo 'DROP TABLE users')",
        "gcloud spanner databases execute-sql app --instance=main --sql='DELETE FROM users'",
        "wrangler d1 execute app --remote --command 'DROP TABLE users'",
        "mongosh app --eval 'db.dropDatabase()'",
        "mongosh --eval 'db.users.deleteMany({})'",
        "psql -c 'WITH d AS (DELETE FROM users RETURNING *) SELECT 1'",
        "mysql -e '/*!50000 DROP TABLE users */'",
        "psql -c \"DO \\$\\$ BEGIN EXECUTE 'DROP TABLE users'; END \\$\\$\"",
        "mongosh app --eval 'db.users.updateMany({}, {$set: {plan: \"free\"}})'",
        "echo 'DROP TABLE users;' > x.sql && psql -c '\\i x.sql'",
        "mysql -e \"SET @q = 'DROP TABLE t'; PREPARE s FROM @q; EXECUTE s\"",
        "echo 'TRUNCATE users;' | npx prisma db execute --stdin",
        "echo 'db.users.drop()' > x.js && mongosh app x.js",
        "echo 'db.users.drop()' > x.js && mongosh --eval 'load(\"x.js\")'",
    ],
    allowed: &[
        "psql -c 'SELECT * FROM users'",
        "sqlite3 app.db 'DELETE FROM sessions WHERE expired = 1'",
        "psql -c '\\dt'",
        "psql -c 'DROP INDEX idx_users_email'",
        "psql -c \"SELECT * FROM notes WHERE note = 'DROP TABLE users'\"",
        "psql -c 'SELECT 1 -- DROP TABLE users'",
        "psql -c 'ALTER TABLE users ALTER COLUMN name DROP NOT NULL'",
        "mongosh --eval 'db.users.deleteMany({status: \"old\"})'",
        "gcloud spanner databases execute-sql app --instance=main --sql='SELECT COUNT(*) FROM users'",
        "wrangler d1 execute app --command 'SELECT * FROM users LIMIT 5'",
        "mysql -e '/* DROP TABLE users */ SELECT 1'",
        "mysql -e '/*!40101 SET NAMES utf8 */'",
        "psql -c 'WITH d AS (SELECT * FROM users) SELECT count(*) FROM d'",
        "mongosh --eval 'db.users.updateMany({plan: \"trial\"}, {$set: {plan: \"free\"}})'",
        "echo 'SELECT 1;' > x.sql && psql -c '\\i x.sql'",
        "mysql -e \"SET @q = 'SELECT 1'; PREPARE s FROM @q; EXECUTE s\"",
        "echo 'SELECT count(*) FROM users;' | npx prisma db execute --stdin",
        "echo 'db.users.find()' > x.js && mongosh app x.js",
        "mongosh --eval 'db.users.remove({}, true)'",
    ],
};

pub static DROPDB: Rule = Rule {
    id: "dropdb",
    decision: ASK,
    catches: "`dropdb` and `mysqladmin drop`: a whole database is removed.",
    instead: "Dump the database first (`pg_dump`) and let the user confirm",
    examples: &["dropdb app_production", "mysqladmin -u root drop app"],
    allowed: &["createdb app_test", "mysqladmin status"],
};

pub static REDIS_FLUSH: Rule = Rule {
    id: "redis-flush",
    decision: ASK,
    catches: "`redis-cli FLUSHALL` / `FLUSHDB` (also Valkey's and KeyDB's clients, the command piped in, and a Lua script given to `EVAL`, or in a file `--eval` runs, that calls it): every key is deleted.",
    instead: "Delete specific keys, and let the user confirm",
    examples: &[
        "redis-cli flushall",
        "redis-cli -n 2 FLUSHDB",
        "echo FLUSHALL | redis-cli",
        "redis-cli EVAL \"redis.call('flushall')\" 0",
        "echo \"redis.call('flushall')\" > f.lua && redis-cli --eval f.lua",
    ],
    allowed: &[
        "redis-cli get key",
        "redis-cli keys 'session:*'",
        "redis-cli EVAL 'return 1' 0",
        "echo \"return redis.call('get', KEYS[1])\" > f.lua && redis-cli --eval f.lua k ,",
    ],
};

pub static KEY_STORE_EMPTIED: Rule = Rule {
    id: "key-store-emptied",
    decision: ASK,
    catches: "Deleting every key of a key-value store that a pattern, prefix or listing selects: `redis-cli --scan | xargs redis-cli del` (`unlink`, keys from `$(redis-cli keys …)`, or a Lua script given to `EVAL` or `--eval FILE` that deletes what `KEYS` or `SCAN` lists), `etcdctl del --prefix` or `--from-key`, `consul kv delete -recurse`.",
    instead: "List the keys first (`redis-cli --scan --pattern`, `etcdctl get --prefix --keys-only`, `consul kv get -recurse`), and delete the ones meant by name",
    examples: &[
        "redis-cli --scan --pattern 'user:*' | xargs redis-cli del",
        "etcdctl del --prefix /app",
        "consul kv delete -recurse app/",
        "redis-cli EVAL \"for _,k in ipairs(redis.call('keys', ARGV[1])) do redis.call('del', k) end\" 0 'user:*'",
    ],
    allowed: &[
        "redis-cli del session:42",
        "etcdctl del /app/key",
        "etcdctl get --prefix /app",
        "consul kv delete app/key",
        "redis-cli EVAL \"return redis.call('del', KEYS[1])\" 1 session:42",
    ],
};

fn check(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    let span = command.span;
    let texts: Vec<&str> = command.args().iter().map(|w| w.value().unwrap_or("")).collect();
    if texts.iter().any(|text| matches!(*text, "--help" | "-?" | "--version")) {
        return;
    }
    let name = command.name.as_str();
    match name {
        "dropdb" => report.flag(&DROPDB, span, "`dropdb` would remove the whole database"),
        "mysqladmin" if texts.iter().any(|t| t.eq_ignore_ascii_case("drop")) => {
            report.flag(&DROPDB, span, "`mysqladmin drop` would remove the whole database");
        }
        "redis-cli" | "valkey-cli" | "keydb-cli" => {
            let scripts: Vec<&str> = client_code(subject).collect();
            redis(command, &texts, &scripts, report);
        }
        "etcdctl" => {
            let operands: Vec<&str> = texts.iter().copied().filter(|t| !t.starts_with('-')).collect();
            if operands.first() == Some(&"del")
                && texts
                    .iter()
                    .any(|t| matches!(*t, "--prefix" | "--from-key") || t.starts_with("--prefix="))
            {
                report.flag(
                    &KEY_STORE_EMPTIED,
                    span,
                    "`etcdctl del --prefix` would delete every key under the prefix",
                );
            }
        }
        "consul" => {
            let operands: Vec<&str> = texts.iter().copied().filter(|t| !t.starts_with('-')).collect();
            if operands.starts_with(&["kv", "delete"])
                && texts
                    .iter()
                    .any(|t| matches!(*t, "-recurse" | "--recurse" | "-recurse=true"))
            {
                report.flag(
                    &KEY_STORE_EMPTIED,
                    span,
                    "`consul kv delete -recurse` would delete every key under the prefix",
                );
            }
        }
        _ if CLIENTS.contains(&name) => {
            let mongo = matches!(name, "mongosh" | "mongo");
            for code in client_code(subject) {
                let found = if mongo {
                    mongo_destructive(code)
                } else {
                    destructive(code, matches!(name, "mysql" | "mariadb" | "mycli"))
                };
                if let Some(statement) = found {
                    report.flag(
                        &SQL_DESTRUCTIVE,
                        span,
                        format!("`{statement}` would destroy data in the database"),
                    );
                }
            }
        }
        _ => {}
    }
}

/// The code the walk found for a database client: each code layer directly under it. A file
/// read from disk (`psql -f migrations/001.sql`) is left out: running the project's own
/// migrations is what they are for, and what they drop is reviewed where they are written.
fn client_code<'a>(subject: &'a Subject) -> impl Iterator<Item = &'a str> + 'a {
    let analysis = subject.analysis;
    analysis
        .children(subject.command.layer)
        .filter_map(move |id| match &analysis.layers[id] {
            layer if layer.from_disk => None,
            layer => match &layer.kind {
                LayerKind::Code { text, .. } => Some(text.as_str()),
                LayerKind::Command(_) => None,
            },
        })
}

/// `FLUSHALL`, `FLUSHDB` as arguments or on standard input, or called by a Lua script given to
/// `EVAL` or in a file `--eval` runs (`scripts`); `DEL`/`UNLINK` of keys a listing finds at run
/// time, by the shell or by the script.
fn redis(command: &Command, texts: &[&str], scripts: &[&str], report: &mut Report) {
    static LUA_CALL: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r#"(?i)redis\s*\.\s*p?call\s*\(\s*['"](flushall|flushdb|del|unlink|keys|scan)['"]"#)
            .expect("the Lua call pattern is valid")
    });
    let piped = command
        .stdin
        .text()
        .map(|word| word.text().to_owned())
        .unwrap_or_default();
    let lua_calls: Vec<String> = texts
        .iter()
        .copied()
        .chain([piped.as_str()])
        .chain(scripts.iter().copied())
        .flat_map(|text| LUA_CALL.captures_iter(text))
        .map(|call| call[1].to_ascii_lowercase())
        .collect();
    let lua_calls_any = |names: &[&str]| lua_calls.iter().any(|call| names.contains(&call.as_str()));
    let flushes = texts
        .iter()
        .copied()
        .chain(piped.split_whitespace())
        .any(|t| t.eq_ignore_ascii_case("flushall") || t.eq_ignore_ascii_case("flushdb"))
        || lua_calls_any(&["flushall", "flushdb"]);
    if flushes {
        report.flag(
            &REDIS_FLUSH,
            command.span,
            "`FLUSHALL` would delete every key in the database",
        );
        return;
    }
    if lua_calls_any(&["del", "unlink"]) && lua_calls_any(&["keys", "scan"]) {
        report.flag(
            &KEY_STORE_EMPTIED,
            command.span,
            "a script that deletes every key `KEYS` or `SCAN` lists would delete them all, whatever the pattern matched",
        );
        return;
    }
    let args = command.args();
    let Some(at) = args.iter().position(|w| {
        w.value()
            .is_some_and(|t| t.eq_ignore_ascii_case("del") || t.eq_ignore_ascii_case("unlink"))
    }) else {
        return;
    };
    let listed = args[at + 1..].iter().any(|word| {
        word.dynamics()
            .any(|d| matches!(d.kind, DynamicKind::StandardInput | DynamicKind::CommandOutput(_)))
    });
    if listed {
        report.flag(
            &KEY_STORE_EMPTIED,
            command.span,
            "`DEL` of every key a listing finds would delete them all, whatever the listing matched",
        );
    }
}

/// A token of SQL once comments are dropped.
#[derive(Clone, Debug, PartialEq)]
enum Token {
    /// A keyword or identifier, in upper case.
    Word(String),
    /// A string or number literal, as written inside its quotes.
    Literal(String),
    /// An operator or punctuation (`=`, `<>`, `(`, `,`).
    Symbol(String),
}

/// The statements of `sql`, each as tokens: string literals, quoted identifiers, comments,
/// dollar-quoted bodies and client commands (`\dt`, `.tables`) are read as what they are, so
/// no keyword is found inside them. `mysql`: MySQL's dialect, where `# …` is a comment and the
/// text of an executable comment (`/*! … */`, `/*!50000 … */`, MariaDB's `/*M! … */`) runs.
fn statements(sql: &str, mysql: bool) -> Vec<Vec<Token>> {
    let chars: Vec<char> = sql.chars().collect();
    let mut statements = vec![Vec::new()];
    let mut i = 0;
    let mut in_executable_comment = false;
    let until = |from: usize, end: &str| -> usize {
        let end: Vec<char> = end.chars().collect();
        (from..chars.len())
            .find(|&j| chars[j..].starts_with(&end))
            .map_or(chars.len(), |j| j + end.len())
    };
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        let at_line_start = statements.last().is_some_and(Vec::is_empty)
            && chars[..i]
                .iter()
                .rev()
                .take_while(|c| **c != '\n')
                .all(|c| c.is_whitespace());
        let current = statements.last_mut().expect("there is always a statement");
        if c.is_whitespace() {
            i += 1;
        } else if in_executable_comment && c == '*' && next == Some('/') {
            in_executable_comment = false;
            i += 2;
        } else if (c == '-' && next == Some('-')) || (c == '#' && mysql) {
            i = until(i, "\n");
        } else if mysql
            && c == '/'
            && next == Some('*')
            && let Some(marker) = ["!", "M!"]
                .iter()
                .find(|marker| chars[i + 2..].starts_with(&marker.chars().collect::<Vec<_>>()))
        {
            // The version the text needs (`50000`) is not SQL.
            i += 2 + marker.len();
            while chars.get(i).is_some_and(char::is_ascii_digit) {
                i += 1;
            }
            in_executable_comment = true;
        } else if c == '/' && next == Some('*') {
            i = until(i + 2, "*/");
        } else if c == '\\' || (c == '.' && at_line_start) {
            // psql's and mysql's backslash commands, sqlite3's dot-commands: to the line's end.
            i = until(i, "\n");
        } else if c == ';' {
            statements.push(Vec::new());
            i += 1;
        } else if matches!(c, '\'' | '"' | '`' | '[') {
            let close = if c == '[' { ']' } else { c };
            let mut text = String::new();
            i += 1;
            while i < chars.len() {
                if chars[i] == close {
                    if chars.get(i + 1) == Some(&close) && close != ']' {
                        text.push(close);
                        i += 2;
                        continue;
                    }
                    break;
                }
                text.push(chars[i]);
                i += 1;
            }
            i += 1;
            current.push(if c == '\'' {
                Token::Literal(text)
            } else {
                Token::Word(text.to_uppercase())
            });
        } else if c == '$'
            && let Some(tag_end) = (i + 1..chars.len()).find(|&j| !(chars[j].is_alphanumeric() || chars[j] == '_'))
            && chars[tag_end] == '$'
        {
            // A dollar-quoted body (`$$ … $$`, `$fn$ … $fn$`): text, not statements.
            let tag = &chars[i..=tag_end];
            let close = (tag_end + 1..chars.len()).find(|&j| chars[j..].starts_with(tag));
            let body_end = close.unwrap_or(chars.len());
            current.push(Token::Literal(chars[tag_end + 1..body_end].iter().collect()));
            i = close.map_or(chars.len(), |j| j + tag.len());
        } else if c.is_alphanumeric() || c == '_' || c == '@' || !c.is_ascii() {
            let start = i;
            while i < chars.len()
                && (chars[i].is_alphanumeric() || matches!(chars[i], '_' | '.' | '@' | '$') || !chars[i].is_ascii())
            {
                i += 1;
            }
            let text: String = chars[start..i].iter().collect();
            current.push(if text.chars().next().is_some_and(|c| c.is_ascii_digit()) {
                Token::Literal(text)
            } else {
                Token::Word(text.to_uppercase())
            });
        } else {
            let pair: String = chars[i..(i + 2).min(chars.len())].iter().collect();
            let symbol = if matches!(pair.as_str(), "<>" | "!=" | ">=" | "<=" | "::" | "==") {
                pair
            } else {
                c.to_string()
            };
            i += symbol.chars().count();
            current.push(Token::Symbol(symbol));
        }
    }
    statements.retain(|statement| !statement.is_empty());
    statements
}

fn is_word(token: Option<&Token>, word: &str) -> bool {
    matches!(token, Some(Token::Word(w)) if w == word)
}

/// The tokens of `statement` at parenthesis depth 0, with their index.
fn top_level(statement: &[Token]) -> impl Iterator<Item = (usize, &Token)> {
    let mut depth = 0i32;
    statement.iter().enumerate().filter(move |(_, token)| {
        match token {
            Token::Symbol(s) if s == "(" => {
                depth += 1;
                return false;
            }
            Token::Symbol(s) if s == ")" => {
                depth -= 1;
                return false;
            }
            _ => {}
        }
        depth == 0
    })
}

/// The first statement of `sql` that destroys data, said in a few words. A statement that
/// prepares or runs the text of a user variable (MySQL's `SET @q = 'DROP TABLE t'; PREPARE s
/// FROM @q`, MariaDB's `EXECUTE IMMEDIATE @q`) runs what was last assigned to it.
fn destructive(sql: &str, mysql: bool) -> Option<String> {
    let mut variables: HashMap<String, String> = HashMap::new();
    statements(sql, mysql).iter().find_map(|statement| {
        variables.extend(assigned_variables(statement));
        let runs_variable = matches!(statement.first(), Some(Token::Word(w)) if matches!(w.as_str(), "PREPARE" | "EXECUTE"))
            && statement.iter().skip(1).any(|token| {
                matches!(token, Token::Word(name) if variables.get(name).is_some_and(|code| runs_destructive(code, mysql)))
            });
        (runs_variable || destroys(statement, mysql)).then(|| {
            statement
                .iter()
                .take(8)
                .map(|token| match token {
                    Token::Word(w) | Token::Symbol(w) => w.clone(),
                    Token::Literal(l) => format!("'{l}'"),
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
    })
}

/// The user variables a `SET` statement assigns text to (`SET @q = 'DROP TABLE t'`, `@q :=
/// CONCAT('DROP TABLE ', 't')`), each with the literals of its value joined: the SQL it holds.
fn assigned_variables(statement: &[Token]) -> Vec<(String, String)> {
    if !is_word(statement.first(), "SET") {
        return Vec::new();
    }
    let top: Vec<(usize, &Token)> = top_level(statement).collect();
    let mut assigned = Vec::new();
    for (position, (index, token)) in top.iter().enumerate() {
        let Token::Word(name) = token else { continue };
        if !name.starts_with('@') {
            continue;
        }
        let value_start = match (top.get(position + 1), top.get(position + 2)) {
            (Some((_, Token::Symbol(eq))), _) if eq == "=" => index + 2,
            (Some((_, Token::Symbol(colon))), Some((_, Token::Symbol(eq)))) if colon == ":" && eq == "=" => index + 3,
            _ => continue,
        };
        let value_end = top
            .iter()
            .find(|(at, token)| *at >= value_start && matches!(token, Token::Symbol(s) if s == ","))
            .map_or(statement.len(), |(at, _)| *at);
        let text: String = statement[value_start.min(value_end)..value_end]
            .iter()
            .filter_map(|token| match token {
                Token::Literal(text) => Some(text.as_str()),
                _ => None,
            })
            .collect();
        assigned.push((name.clone(), text));
    }
    assigned
}

/// Whether code that a statement runs destroys data: a PostgreSQL `DO` block's body, where a
/// statement may follow `BEGIN`, `THEN`, `ELSE` or `LOOP`, or a string given to `EXECUTE`.
fn runs_destructive(code: &str, mysql: bool) -> bool {
    statements(code, mysql).iter().any(|statement| {
        let after_block_words = statement.iter().enumerate().filter_map(|(index, token)| {
            matches!(token, Token::Word(w) if matches!(w.as_str(), "BEGIN" | "THEN" | "ELSE" | "LOOP"))
                .then_some(index + 1)
        });
        std::iter::once(0)
            .chain(after_block_words)
            .any(|start| destroys(&statement[start..], mysql))
    })
}

/// The bodies of a `WITH` statement's common table expressions (`name AS (…)`, `AS
/// MATERIALIZED (…)`): in PostgreSQL a `DELETE` or `UPDATE` there runs, whatever follows.
fn cte_bodies(statement: &[Token]) -> Vec<&[Token]> {
    let mut bodies = Vec::new();
    let mut depth = 0i32;
    let mut open = None;
    for (index, token) in statement.iter().enumerate() {
        match token {
            Token::Symbol(s) if s == "(" => {
                let named =
                    index > 0 && matches!(&statement[index - 1], Token::Word(w) if w == "AS" || w == "MATERIALIZED");
                if depth == 0 && named {
                    open = Some(index + 1);
                }
                depth += 1;
            }
            Token::Symbol(s) if s == ")" => {
                depth -= 1;
                if depth == 0
                    && let Some(start) = open.take()
                {
                    bodies.push(&statement[start..index]);
                }
            }
            _ => {}
        }
    }
    bodies
}

/// Whether one statement destroys data.
fn destroys(statement: &[Token], mysql: bool) -> bool {
    let word = |index: usize| match statement.get(index) {
        Some(Token::Word(w)) => w.as_str(),
        _ => "",
    };
    let literals = || {
        statement.iter().filter_map(|token| match token {
            Token::Literal(text) => Some(text.as_str()),
            _ => None,
        })
    };
    match word(0) {
        // `DO $$ … $$` runs its body; `EXECUTE 'sql'` (`EXEC`, `EXECUTE IMMEDIATE`, SQL
        // Server's `EXEC sp_executesql N'…'`) and MySQL's `PREPARE s FROM 'sql'` run a string.
        "DO" | "EXECUTE" | "EXEC" | "PREPARE" => return literals().any(|code| runs_destructive(code, mysql)),
        "WITH" if cte_bodies(statement).iter().any(|body| destroys(body, mysql)) => return true,
        _ => {}
    }
    // `WITH … AS (…) DELETE FROM …`: the statement that follows the common table expressions.
    let start = if word(0) == "WITH" {
        top_level(statement)
            .find(|(_, token)| {
                matches!(token, Token::Word(w) if matches!(w.as_str(), "DELETE" | "UPDATE" | "SELECT" | "INSERT"))
            })
            .map_or(0, |(index, _)| index)
    } else {
        0
    };
    let statement = &statement[start..];
    match word(start) {
        "DROP" => {
            let mut at = 1;
            while matches!(statement.get(at), Some(Token::Word(w)) if matches!(w.as_str(), "IF" | "EXISTS")) {
                at += 1;
            }
            matches!(
                statement.get(at),
                Some(Token::Word(w)) if matches!(w.as_str(), "TABLE" | "DATABASE" | "SCHEMA" | "KEYSPACE" | "OWNED")
            )
        }
        "TRUNCATE" => true,
        "DELETE" => !restricted(statement),
        "UPDATE" => !restricted(statement),
        "ALTER" if is_word(statement.get(1), "TABLE") => altered_away(statement),
        _ => false,
    }
}

/// Whether a `DELETE` or `UPDATE` has a `WHERE` that can be false for some row.
fn restricted(statement: &[Token]) -> bool {
    let Some(at) = top_level(statement)
        .find(|(_, token)| is_word(Some(token), "WHERE"))
        .map(|(index, _)| index)
    else {
        return false;
    };
    let ends = ["ORDER", "LIMIT", "RETURNING", "OUTPUT", "GROUP"];
    let condition: Vec<&Token> = statement[at + 1..]
        .iter()
        .take_while(|token| !matches!(token, Token::Word(w) if ends.contains(&w.as_str())))
        .collect();
    !always_true(&condition)
}

/// Whether a condition holds for every row: `TRUE`, `1`, `1=1`, `'a'='a'`, `x = x`, or any of
/// them joined by a top-level `OR`.
fn always_true(condition: &[&Token]) -> bool {
    let mut depth = 0i32;
    let mut disjuncts: Vec<Vec<&Token>> = vec![Vec::new()];
    for token in condition {
        match token {
            Token::Symbol(s) if s == "(" => depth += 1,
            Token::Symbol(s) if s == ")" => depth -= 1,
            Token::Word(w) if depth == 0 && w == "OR" => {
                disjuncts.push(Vec::new());
                continue;
            }
            _ => {}
        }
        disjuncts.last_mut().expect("there is always a disjunct").push(token);
    }
    disjuncts.iter().any(|disjunct| {
        let mut d: &[&Token] = disjunct;
        while let (Some(Token::Symbol(open)), Some(Token::Symbol(close))) = (d.first(), d.last())
            && open == "("
            && close == ")"
        {
            d = &d[1..d.len() - 1];
        }
        match d {
            [Token::Word(w)] => w == "TRUE",
            [Token::Literal(l)] => l.parse::<f64>().is_ok_and(|n| n != 0.0),
            [Token::Word(not), Token::Word(f)] => not == "NOT" && f == "FALSE",
            [left, Token::Symbol(op), right] => match op.as_str() {
                "=" | "==" | ">=" | "<=" => left == right,
                "<>" | "!=" => matches!((left, right), (Token::Literal(a), Token::Literal(b)) if a != b),
                _ => false,
            },
            _ => false,
        }
    })
}

/// Whether an `ALTER TABLE` drops a column or partition (`DROP COLUMN c`, `DROP c`, `DROP
/// PARTITION p`, `TRUNCATE PARTITION p`, ClickHouse's `DELETE WHERE` always true), rather than a
/// constraint, index or default.
fn altered_away(statement: &[Token]) -> bool {
    let top: Vec<(usize, &Token)> = top_level(statement).collect();
    top.iter().enumerate().any(|(position, (_, token))| {
        let follows = |n: usize| top.get(position + n).map(|(_, t)| *t);
        // An action starts the statement's actions or follows a comma: `ALTER COLUMN c DROP
        // DEFAULT` drops no column.
        let starts_action = position >= 3
            && matches!(follows(0), Some(Token::Word(_)))
            && matches!(top[position - 1].1, Token::Symbol(s) if s == ",")
            || position == 3
            || (position == 4 && is_word(Some(top[2].1), "ONLY"))
            || (position == 5 && is_word(Some(top[2].1), "IF"));
        if !starts_action {
            return false;
        }
        match token {
            Token::Word(w) if w == "DROP" => !matches!(
                follows(1),
                Some(Token::Word(what)) if matches!(
                    what.as_str(),
                    "CONSTRAINT" | "INDEX" | "KEY" | "PRIMARY" | "FOREIGN" | "CHECK" | "DEFAULT"
                        | "TRIGGER" | "ROW" | "PROJECTION" | "STATISTICS" | "EXPRESSION" | "IDENTITY"
                        | "NOT" | "SYSTEM" | "PERIOD" | "DETACHED"
                )
            ),
            Token::Word(w) if w == "TRUNCATE" => true,
            Token::Word(w) if w == "DELETE" => {
                let rest: Vec<Token> = top.iter().skip(position).map(|(_, t)| (*t).clone()).collect();
                !restricted(&rest)
            }
            _ => false,
        }
    })
}

/// MongoDB shell code that drops a collection or database, deletes every document, or
/// overwrites every document (`updateMany({}, …)`, `update({}, …, {multi: true})`, as `UPDATE`
/// without `WHERE`), also as a `bulkWrite` operation, a `runCommand` (`{drop: …}`,
/// `{dropDatabase: 1}`, `{delete: …, deletes: [{q: {}, limit: 0}]}`) or a rename that drops the
/// collection it replaces (`renameCollection('y', true)`). A filter matches every document when
/// it is empty or asks only that `_id` exist (`{_id: {$exists: true}}`, `{_id: {$ne: null}}`),
/// as `WHERE 1=1` does; `remove({}, true)` deletes one document.
fn mongo_destructive(code: &str) -> Option<String> {
    static DESTROYS: LazyLock<Regex> = LazyLock::new(|| {
        let key = |name: &str| format!(r#"['"]?\b{name}['"]?\s*:"#);
        let every = r#"\{\s*(?:['"]?_id['"]?\s*:\s*\{\s*['"]?\$(?:exists['"]?\s*:\s*(?:true|1)|ne['"]?\s*:\s*null)\s*\}\s*)?\}"#;
        let patterns = [
            r"\.\s*(?:drop|dropDatabase)\s*\(\s*(?:\{[^()]*\}\s*)?\)".to_owned(),
            format!(r"\.\s*deleteMany\s*\(\s*(?:{every}\s*)?(?:,[^()]*)?\)"),
            format!(r"\.\s*remove\s*\(\s*(?:{every}\s*)?(?P<one>,[^()]*)?\)"),
            format!(r"\.\s*updateMany\s*\(\s*{every}\s*,"),
            format!(r"\.\s*update\s*\(\s*{every}\s*,[^;]*{}\s*true", key("multi")),
            format!(
                r"{}\s*\{{\s*{}\s*{every}",
                key("(?:deleteMany|updateMany)"),
                key("filter")
            ),
            format!(
                r"{}\s*{every}\s*,\s*{}\s*0|{}\s*0\s*,\s*{}\s*{every}",
                key("q"),
                key("limit"),
                key("limit"),
                key("q")
            ),
            format!(
                r#"\brunCommand\s*\(\s*\{{\s*['"]?drop['"]?\s*:|{}"#,
                key("dropDatabase")
            ),
            r"\.\s*renameCollection\s*\([^(),]*,\s*true\s*\)".to_owned(),
        ];
        Regex::new(&patterns.join("|")).expect("the MongoDB pattern is valid")
    });
    DESTROYS
        .captures_iter(code)
        .find(|found| {
            // `remove(filter, true)` or `{justOne: true}` deletes one document.
            found.name("one").is_none_or(|one| {
                !(one.as_str().contains("true") || one.as_str().trim_start_matches(',').trim() == "1")
            })
        })
        .map(|found| found[0].to_owned())
}

#[cfg(test)]
mod tests {
    use super::{destructive, mongo_destructive};

    #[test]
    fn finds_destructive_statements() {
        assert!(destructive("DROP TABLE x", false).is_some());
        assert!(destructive("select 1; delete from x", false).is_some());
        assert!(destructive("delete from x where id = 1", false).is_none());
        assert!(destructive("select * from dropped_items", false).is_none());
        assert!(destructive("DELETE FROM x WHERE id > 0 OR (1 = 1)", false).is_some());
        assert!(destructive("DELETE FROM x WHERE 'a' = 'a'", false).is_some());
        assert!(destructive("UPDATE x SET a = 1", false).is_some());
        assert!(destructive("UPDATE x SET a = 1 WHERE id = 2", false).is_none());
        assert!(destructive("ALTER TABLE x DROP COLUMN c", false).is_some());
        assert!(destructive("ALTER TABLE IF EXISTS x ADD c int, DROP d", false).is_some());
        assert!(destructive("ALTER TABLE x ALTER COLUMN c DROP DEFAULT", false).is_none());
        assert!(destructive("ALTER TABLE x DROP CONSTRAINT fk", false).is_none());
        assert!(destructive("ALTER TABLE events DELETE WHERE 1=1", false).is_some());
        assert!(destructive("DROP VIEW v; DROP INDEX i; DROP FUNCTION f()", false).is_none());
        assert!(destructive("SELECT 'DROP TABLE x' -- DROP TABLE y\n", false).is_none());
        assert!(destructive("/* TRUNCATE x */ SELECT 1", false).is_none());
        assert!(destructive("CREATE FUNCTION f() AS $$ DELETE FROM x $$ LANGUAGE sql", false).is_none());
        assert!(destructive("SELECT 1 # DROP TABLE x", true).is_none());
        assert!(destructive("WITH old AS (SELECT 1) DELETE FROM x", false).is_some());
        assert!(destructive("WITH d AS (DELETE FROM x RETURNING *) SELECT 1", false).is_some());
        assert!(destructive("WITH d AS MATERIALIZED (SELECT 1) SELECT * FROM d", false).is_none());
        assert!(destructive("/*!50000 DROP TABLE x */", true).is_some());
        assert!(destructive("/*M! TRUNCATE x */; SELECT 1", true).is_some());
        assert!(destructive("/*!40101 SET NAMES utf8 */; SELECT 1", true).is_none());
        assert!(destructive("/*!50000 DROP TABLE x */", false).is_none());
        assert!(destructive("DO $$ BEGIN EXECUTE 'DROP TABLE x'; END $$", false).is_some());
        assert!(destructive("DO $$ BEGIN DELETE FROM x; END $$", false).is_some());
        assert!(destructive("DO $$ BEGIN IF true THEN UPDATE x SET a = 1; END IF; END $$", false).is_some());
        assert!(destructive("DO $$ BEGIN RAISE NOTICE 'DROP TABLE x'; END $$", false).is_none());
        assert!(destructive("EXECUTE 'DROP TABLE x'", false).is_some());
        assert!(destructive("EXEC sp_executesql N'TRUNCATE TABLE x'", false).is_some());
        assert!(destructive("PREPARE s FROM 'DELETE FROM x'", true).is_some());
        assert!(destructive("EXECUTE 'DELETE FROM x WHERE id = ' || id", false).is_none());
        assert!(destructive("SET @q = 'DROP TABLE t'; PREPARE s FROM @q; EXECUTE s", true).is_some());
        assert!(destructive("SET @q := CONCAT('TRUNCATE ', 't'); EXECUTE IMMEDIATE @q", true).is_some());
        assert!(destructive("SET @a = 1, @q = 'DELETE FROM t'; PREPARE s FROM @q", true).is_some());
        assert!(destructive("SET @q = 'SELECT 1'; PREPARE s FROM @q; EXECUTE s", true).is_none());
        assert!(destructive("SET @q = 'DROP TABLE t'; SET @q = 'SELECT 1'; PREPARE s FROM @q", true).is_none());
    }

    #[test]
    fn finds_mongo_drops() {
        assert!(mongo_destructive("db.users.drop()").is_some());
        assert!(mongo_destructive("db.getSiblingDB('a').dropDatabase()").is_some());
        assert!(mongo_destructive("db.users.deleteMany({ })").is_some());
        assert!(mongo_destructive("db.users.deleteMany({a: 1})").is_none());
        assert!(mongo_destructive("db.users.find()").is_none());
        assert!(mongo_destructive("db.users.updateMany({}, {$set: {a: 1}})").is_some());
        assert!(mongo_destructive("db.users.updateMany({a: 1}, {$set: {b: 2}})").is_none());
        assert!(mongo_destructive("db.users.update({}, {$unset: {e: 1}}, {multi: true})").is_some());
        assert!(mongo_destructive("db.users.update({}, {$set: {e: 1}})").is_none());
        assert!(mongo_destructive("db.u.bulkWrite([{deleteMany: {filter: {}}}])").is_some());
        assert!(mongo_destructive("db.runCommand({drop: 'users'})").is_some());
        assert!(mongo_destructive("db.users.drop({writeConcern: {w: 1}})").is_some());
        assert!(mongo_destructive(r#"db.u.bulkWrite([{ "deleteMany": { "filter": {} } }])"#).is_some());
        assert!(mongo_destructive("db.u.deleteMany({}, {w: 'majority'})").is_some());
        assert!(mongo_destructive("db.u.deleteMany({_id: {$exists: true}})").is_some());
        assert!(mongo_destructive("db.u.deleteMany({email: {$exists: true}})").is_none());
        assert!(mongo_destructive("db.u.remove({}, false)").is_some());
        assert!(mongo_destructive("db.u.remove({}, true)").is_none());
        assert!(mongo_destructive("db.u.remove({}, {justOne: true})").is_none());
        assert!(mongo_destructive(r#"db.adminCommand({"dropDatabase": 1})"#).is_some());
        assert!(mongo_destructive("db.runCommand({delete: 'u', deletes: [{q: {}, limit: 0}]})").is_some());
        assert!(mongo_destructive("db.runCommand({delete: 'u', deletes: [{q: {a: 1}, limit: 0}]})").is_none());
        assert!(mongo_destructive("db.a.renameCollection('b', true)").is_some());
        assert!(mongo_destructive("db.a.renameCollection('b')").is_none());
        assert!(mongo_destructive("db.u.findOneAndDelete({})").is_none());
    }
}
