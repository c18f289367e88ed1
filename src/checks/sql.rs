//! Databases: `DROP`, `TRUNCATE` and `DELETE` without `WHERE` sent through `psql -c`,
//! `mysql -e`, `sqlite3`, `duckdb` or a heredoc; `dropdb`; `redis-cli FLUSHALL`.

use super::{ASK, Applies, Checker, Report, Subject};
use crate::args::{self, Options};
use crate::rules::Rule;

use regex::Regex;
use std::sync::LazyLock;

pub const CHECKER: Checker = Checker {
    rules: &[&SQL_DESTRUCTIVE, &DROPDB, &REDIS_FLUSH],
    applies: Applies::Commands(&[
        "psql",
        "mysql",
        "mariadb",
        "sqlite3",
        "duckdb",
        "clickhouse-client",
        "dropdb",
        "redis-cli",
        "mysqladmin",
    ]),
    check,
    whole_analysis: None,
};

pub static SQL_DESTRUCTIVE: Rule = Rule {
    id: "sql-destructive",
    decision: ASK,
    catches: "SQL that destroys data: `DROP`, `TRUNCATE`, `DELETE` without `WHERE`, through a database client.",
    instead: "Run a `SELECT` of what would go first, and let the user confirm",
    examples: &[
        "psql -c 'DROP TABLE users'",
        "mysql -e 'truncate table logs' app",
        "sqlite3 app.db 'DELETE FROM sessions'",
        "psql app <<'EOF'\ndrop database app;\nEOF",
    ],
    allowed: &[
        "psql -c 'SELECT * FROM users'",
        "sqlite3 app.db 'DELETE FROM sessions WHERE expired = 1'",
        "psql -c '\\dt'",
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
    catches: "`redis-cli FLUSHALL` / `FLUSHDB`: every key is deleted.",
    instead: "Delete specific keys, and let the user confirm",
    examples: &["redis-cli flushall", "redis-cli -n 2 FLUSHDB"],
    allowed: &["redis-cli get key", "redis-cli keys 'session:*'"],
};

static DROP_OR_TRUNCATE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(drop\s+(table|database|schema|view|materialized\s+view|index|sequence|function|procedure|trigger|user|role|owned)|truncate\s+(table\s+)?[\w.`\x22\[]+)")
        .expect("the SQL pattern is valid")
});
static DELETE_FROM: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?is)^\s*delete\s+from\b").expect("the SQL pattern is valid"));
static WHERE: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)\bwhere\b").expect("the SQL pattern is valid"));

/// The destructive statement in `sql`, if any.
fn destructive(sql: &str) -> Option<String> {
    if let Some(found) = DROP_OR_TRUNCATE.find(sql) {
        return Some(found.as_str().to_owned());
    }
    sql.split(';')
        .find(|statement| DELETE_FROM.is_match(statement) && !WHERE.is_match(statement))
        .map(|statement| statement.trim().chars().take(60).collect())
}

fn check(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    let args = command.args();
    let span = command.span;
    let name = command.name.as_str();
    match name {
        "dropdb" => {
            report.flag(&DROPDB, span, "`dropdb` would remove the whole database");
            return;
        }
        "mysqladmin" => {
            if args
                .iter()
                .any(|w| w.value().is_some_and(|t| t.eq_ignore_ascii_case("drop")))
            {
                report.flag(&DROPDB, span, "`mysqladmin drop` would remove the whole database");
            }
            return;
        }
        "redis-cli" => {
            if args.iter().any(|w| {
                w.value()
                    .is_some_and(|t| t.eq_ignore_ascii_case("flushall") || t.eq_ignore_ascii_case("flushdb"))
            }) {
                report.flag(&REDIS_FLUSH, span, "`FLUSHALL` would delete every key in the database");
            }
            return;
        }
        _ => {}
    }
    let mut statements: Vec<String> = Vec::new();
    let (short, long): (&str, &[&str]) = match name {
        "psql" => ("c", &["command"]),
        "mysql" | "mariadb" => ("e", &["execute"]),
        "duckdb" => ("c", &[]),
        "clickhouse-client" => ("q", &["query"]),
        _ => ("", &[]),
    };
    let options = Options::gnu(
        "cedhpUuqfP",
        &[
            "command", "execute", "dbname", "host", "port", "username", "user", "query", "file", "password",
        ],
    );
    let parsed = args::parse(args, &options);
    for arg in &parsed.args {
        let wanted = short.chars().any(|flag| arg.is_short(flag)) || long.iter().any(|l| arg.is_long(l));
        if wanted && let Some(value) = arg.value() {
            statements.push(value.text().to_owned());
        }
    }
    if matches!(name, "sqlite3" | "duckdb") {
        statements.extend(parsed.operands().skip(1).map(|w| w.text().to_owned()));
    }
    if let Some(text) = command.stdin.text() {
        statements.push(text.text().to_owned());
    }
    for sql in statements {
        if let Some(statement) = destructive(&sql) {
            report.flag(
                &SQL_DESTRUCTIVE,
                span,
                format!("`{statement}` would destroy data in the database"),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::destructive;

    #[test]
    fn finds_destructive_statements() {
        assert!(destructive("DROP TABLE x").is_some());
        assert!(destructive("select 1; delete from x").is_some());
        assert!(destructive("delete from x where id = 1").is_none());
        assert!(destructive("select * from dropped_items").is_none());
    }
}
