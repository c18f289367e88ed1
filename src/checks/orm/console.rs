//! Code that empties or drops a database's tables through a framework's console or an ORM:
//! the code given to `manage.py shell -c` (or on its input: piped, or a file), `rails runner`
//! (code, a script, or its input), `php artisan tinker --execute` (or its input, or the files it
//! includes), `python -c`, `ruby -e`, `php -r`, `node -e`, and the SQL given to `manage.py
//! dbshell` or `rails dbconsole`. What a console reads from its input or a file is read by the
//! walk into layers (see [`console_input`]); the code in its arguments is read here. An ORM's
//! call that deletes every row of a model's table (`User.objects.all().delete()`,
//! `User.destroy_all`, `DB::table('users')->delete()`, `prisma.user.deleteMany()`) or drops a
//! table is `DELETE` without `WHERE` or `DROP TABLE` by another name; one that drops every table the models define (`metadata.drop_all()`,
//! `sequelize.sync({force: true})`, `dropDatabase()`) is a database reset. A filter before the
//! delete (`.filter(id=3).delete()`, `where(…).destroy_all`), or after it where a query builder
//! takes one there (`db.delete(users).where(…)`), keeps it to the rows meant. SQL a
//! call runs raw (`connection.execute("DROP TABLE x")`, `DB::statement(…)`) is read as SQL.

use crate::checks::sql;
use crate::command::{Analysis, Command, Input, LayerKind};
use crate::language::Language;
use crate::word::Word;

use crate::patterns::CodePattern;
use regex::Regex;
use std::sync::LazyLock;

/// What a call destroys.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Loss {
    /// Every row of a table, or the table: `sql-destructive`.
    Rows,
    /// Every table of the database: `database-reset`.
    Database,
}

/// What the code or SQL a framework's console or an interpreter runs destroys, said in a few
/// words.
pub(super) fn losses(command: &Command, analysis: &Analysis) -> Vec<(Loss, String)> {
    let mut found = Vec::new();
    for (code, language) in console_code(command, analysis) {
        match language {
            Given::Orm => found.extend(orm_losses(&code)),
            Given::Sql => {
                if let Some(lost) = sql::unknown_dialect_loss(&code) {
                    found.push((Loss::Rows, lost));
                }
            }
        }
    }
    found
}

/// What the text a console reads is.
#[derive(Clone, Copy)]
enum Given {
    /// Code of the framework's language, read for its ORM's calls.
    Orm,
    /// SQL for the project's database.
    Sql,
}

/// Interpreters whose code (`-c`, `-e`, `-r`, a script) is read for ORM calls.
const INTERPRETERS: &[&str] = &[
    "python", "python3", "ruby", "irb", "php", "node", "bun", "deno", "tsx", "ts-node",
];

/// What a framework's console reads beside the code its arguments give: its standard input
/// (`manage.py shell < wipe.py`), and script files it is named (`rails runner wipe.rb`, `artisan
/// tinker wipe.php`). The walk reads them into layers named after `via`.
pub struct ConsoleInput {
    /// How the console is named in the layers of what it reads (`manage.py shell`).
    pub via: &'static str,
    pub language: Language,
    /// Whether it reads its standard input.
    pub stdin: bool,
    /// The script files it runs, when they exist.
    pub files: Vec<Word>,
}

/// The consoles' names in the layers the walk makes of what they read, and what they read.
const CONSOLE_LAYERS: &[(&str, Given)] = &[
    ("manage.py shell", Given::Orm),
    ("manage.py dbshell", Given::Sql),
    ("rails runner", Given::Orm),
    ("rails console", Given::Orm),
    ("rails dbconsole", Given::Sql),
    ("artisan tinker", Given::Orm),
    ("artisan db", Given::Sql),
];

/// The words after the framework's launcher (`manage.py`, `rails`, `artisan`) that name its
/// command, with the launcher's kind: `[python] manage.py shell …`, `bin/rails runner …`, `php
/// artisan tinker …`.
fn framework_words<'a>(command: &Command, texts: &'a [&'a str]) -> Option<(&'static str, &'a [&'a str])> {
    match crate::language::without_python_version(&command.name) {
        "manage.py" | "django-admin" => Some(("manage.py", texts)),
        "python" | "python3" if texts.first().is_some_and(|script| script.ends_with("manage.py")) => {
            Some(("manage.py", &texts[1..]))
        }
        "rails" => Some(("rails", texts)),
        "php" if texts.first().is_some_and(|script| script.ends_with("artisan")) => Some(("artisan", &texts[1..])),
        _ => None,
    }
}

/// What a framework's console reads beside its arguments' code, if the command starts one.
pub fn console_input(command: &Command) -> Option<ConsoleInput> {
    let texts: Vec<&str> = command.args().iter().map(|word| word.value().unwrap_or("")).collect();
    let (framework, rest) = framework_words(command, &texts)?;
    let words = &command.args()[texts.len() - rest.len()..];
    let input = |via, language, stdin, files| {
        Some(ConsoleInput {
            via,
            language,
            stdin,
            files,
        })
    };
    match (framework, rest.first().copied()?) {
        // Django's shell runs what it reads when no `-c` code is given.
        ("manage.py", "shell" | "shell_plus") if option_value(&rest[1..], &["-c", "--command"]).is_none() => {
            input("manage.py shell", Language::Python, true, Vec::new())
        }
        ("manage.py", "dbshell") if option_value(dbshell_client(rest), DBSHELL_CODE).is_none() => {
            input("manage.py dbshell", Language::Sql, true, Vec::new())
        }
        // `rails runner -` runs its input; `rails runner FILE` loads FILE when it exists.
        ("rails", "runner" | "r") => {
            let operand = runner_operand(rest).map(|at| &words[at]);
            match operand {
                Some(word) if word.is("-") => input("rails runner", Language::Ruby, true, Vec::new()),
                Some(word) => input("rails runner", Language::Ruby, false, vec![word.clone()]),
                None => None,
            }
        }
        ("rails", "console" | "c") => input("rails console", Language::Ruby, true, Vec::new()),
        ("rails", "dbconsole" | "db") => input("rails dbconsole", Language::Sql, true, Vec::new()),
        // Tinker includes the files its operands name, then reads its input unless `--execute`
        // gives the code.
        ("artisan", "tinker") => {
            let execute = option_value(&rest[1..], &["--execute"]).is_some();
            let files = words[1..]
                .iter()
                .filter(|word| !word.text().starts_with('-'))
                .cloned()
                .collect();
            input("artisan tinker", Language::Php, !execute, files)
        }
        ("artisan", "db") => input("artisan db", Language::Sql, true, Vec::new()),
        _ => None,
    }
}

/// `dbshell`'s options that give its client SQL to run (after `--`: `psql -c`, `mysql -e`,
/// `sqlite3 -cmd`).
const DBSHELL_CODE: &[&str] = &["-c", "--command", "-e", "--execute", "-cmd"];

/// The words after `dbshell --`, which go to the database's own client (`psql -c SQL`).
fn dbshell_client<'a>(rest: &'a [&'a str]) -> &'a [&'a str] {
    rest.iter()
        .position(|word| *word == "--")
        .map_or(&[][..], |at| &rest[at + 1..])
}

/// Where `rails runner`'s code or script operand is among `rest` (`runner` first): `-e ENV`
/// names the environment, and the first other operand is the code, a script's path, or `-`.
fn runner_operand(rest: &[&str]) -> Option<usize> {
    let mut at = 1;
    while let Some(word) = rest.get(at) {
        if matches!(*word, "-e" | "--environment") {
            at += 2;
        } else if *word == "-" || !word.starts_with('-') {
            return Some(at);
        } else {
            at += 1;
        }
    }
    None
}

/// The code and SQL the command gives a framework's console or an interpreter: in its
/// arguments, and what the walk read of its input and scripts (see [`console_input`]).
fn console_code(command: &Command, analysis: &Analysis) -> Vec<(String, Given)> {
    let texts: Vec<&str> = command.args().iter().map(|word| word.value().unwrap_or("")).collect();
    let name = crate::language::without_python_version(&command.name);
    let mut found: Vec<(String, Given)> = Vec::new();
    let code_layers: Vec<(&String, &String)> = analysis
        .children(command.layer)
        .filter_map(|id| match &analysis.layers[id].kind {
            LayerKind::Code { text, via } => Some((text, via)),
            LayerKind::Command(_) => None,
        })
        .collect();
    // What the walk read of a console's input and scripts, and of an interpreter's code.
    let console = console_input(command).is_some();
    for (text, via) in code_layers {
        let read = CONSOLE_LAYERS
            .iter()
            .find(|(layer, _)| console && via.starts_with(layer))
            .map(|(_, given)| *given);
        if let Some(given) = read.or_else(|| INTERPRETERS.contains(&name).then_some(Given::Orm)) {
            found.push((text.clone(), given));
        }
    }
    let Some((framework, rest)) = framework_words(command, &texts) else {
        return found;
    };
    match (framework, rest.first().copied()) {
        // Django: `[python] manage.py shell -c CODE`, `django-admin dbshell -- -c SQL`.
        ("manage.py", Some("shell" | "shell_plus")) => {
            found.extend(option_value(&rest[1..], &["-c", "--command"]).map(|code| (code.to_owned(), Given::Orm)));
        }
        ("manage.py", Some("dbshell")) => {
            found.extend(option_value(dbshell_client(rest), DBSHELL_CODE).map(|sql| (sql.to_owned(), Given::Sql)));
        }
        // Rails: `rails runner CODE` (a script's path is read by the walk).
        ("rails", Some("runner" | "r")) => {
            if let Some(code) = runner_operand(rest).map(|at| rest[at])
                && code != "-"
                && !code.ends_with(".rb")
            {
                found.push((code.to_owned(), Given::Orm));
            }
        }
        // Laravel: `php artisan tinker --execute=CODE`.
        ("artisan", Some("tinker")) => {
            found.extend(option_value(&rest[1..], &["--execute"]).map(|code| (code.to_owned(), Given::Orm)));
        }
        _ => {}
    }
    found
}

/// The value of the first of `names` among `words`: the next word, or after `=` for a long
/// option (`--command=CODE`).
fn option_value<'a>(words: &[&'a str], names: &[&str]) -> Option<&'a str> {
    words.iter().enumerate().find_map(|(at, word)| {
        if names.contains(word) {
            return words.get(at + 1).copied();
        }
        word.split_once('=')
            .filter(|(name, _)| name.starts_with("--") && names.contains(name))
            .map(|(_, value)| value)
    })
}

/// The ORM calls, in Python, Ruby, PHP and JavaScript, that delete every row of a table or
/// drop it (`Loss::Rows`), or drop every table (`Loss::Database`).
static CALLS: LazyLock<Vec<(CodePattern, Loss, &'static str)>> = LazyLock::new(|| {
    let rows = |pattern: &'static str, lost: &'static str| (pattern, Loss::Rows, lost);
    let database = |pattern: &'static str, lost: &'static str| (pattern, Loss::Database, lost);
    [
        // Django.
        rows(
            r"\.objects\s*\.\s*(?:all|filter)\s*\(\s*\)\s*\.\s*delete\s*\(\s*\)",
            "`Model.objects.all().delete()` would delete every row of the model's table",
        ),
        rows(
            r"\.objects\s*(?:\.\s*(?:all|filter)\s*\(\s*\)\s*)?\.\s*update\s*\(",
            "`Model.objects.update()` would change every row of the model's table",
        ),
        database(
            r#"\bcall_command\s*\(\s*['"](?:flush|reset_db)['"]"#,
            "`call_command('flush')` would empty every table of the database",
        ),
        // SQLAlchemy, Flask-SQLAlchemy, peewee.
        database(
            r"\.\s*drop_all\s*\(",
            "`drop_all()` would drop every table the models define, and their rows",
        ),
        rows(
            r"\.\s*query\s*\(\s*[\w.]+\s*\)\s*\.\s*delete\s*\(",
            "`session.query(Model).delete()` would delete every row of the model's table",
        ),
        rows(
            r"\.\s*query\s*\.\s*delete\s*\(",
            "`Model.query.delete()` would delete every row of the model's table",
        ),
        rows(
            r"\.\s*query\s*(?:\(\s*[\w.]+\s*\)\s*)?\.\s*update\s*\(",
            "`session.query(Model).update()` would change every row of the model's table",
        ),
        rows(
            r"\bexecute\s*\(\s*delete\s*\(\s*[\w.]+\s*\)\s*\)",
            "`execute(delete(Model))` would delete every row of the model's table",
        ),
        rows(
            r"\.\s*__table__\s*\.\s*drop\s*\(",
            "`Model.__table__.drop()` would drop the model's table and its rows",
        ),
        rows(
            r"\.\s*delete\s*\(\s*\)\s*\.\s*execute\s*\(",
            "`Model.delete().execute()` would delete every row of the model's table",
        ),
        rows(
            r"\.\s*(?:drop_tables|truncate_table)\s*\(",
            "`drop_tables()` would drop the tables named, and their rows",
        ),
        // ActiveRecord.
        rows(
            r"(?:^|[^\w.:@$])[A-Z]\w*(?:::[A-Z]\w*)*(?:\s*\.\s*(?:all|unscoped))?\s*\.\s*(?:destroy_all|delete_all)\b",
            "`Model.destroy_all` would delete every row of the model's table",
        ),
        rows(
            r"(?:^|[^\w.:@$])[A-Z]\w*(?:::[A-Z]\w*)*(?:\s*\.\s*(?:all|unscoped))?\s*\.\s*update_all\b",
            "`Model.update_all` would change every row of the model's table",
        ),
        rows(
            r"\b(?:connection|Migration)\s*\.\s*(?:drop_table|drop_join_table|truncate|truncate_tables)\b",
            "`connection.drop_table` would drop the table and its rows",
        ),
        database(
            r#"Rake::Task\s*\[\s*['"]db:(?:drop|reset|purge|schema:load|structure:load|migrate:reset|truncate_all|seed:replant)\b"#,
            "the `db:drop` task would drop or empty the database",
        ),
        database(
            r"\bDatabaseTasks\s*\.\s*(?:drop|drop_all|drop_current|purge|purge_current|truncate_all)\b",
            "`DatabaseTasks.drop` would drop or empty the database",
        ),
        // Laravel.
        rows(
            r"\bDB::table\s*\([^()]*\)\s*->\s*(?:delete|truncate)\s*\(\s*\)",
            "`DB::table(…)->delete()` would delete every row of the table",
        ),
        rows(
            r"\bDB::table\s*\([^()]*\)\s*->\s*update\s*\(",
            "`DB::table(…)->update()` would change every row of the table",
        ),
        rows(
            r"\b[A-Z]\w*::truncate\s*\(\s*\)",
            "`Model::truncate()` would delete every row of the model's table",
        ),
        rows(
            r"\b[A-Z]\w*::query\s*\(\s*\)\s*->\s*(?:delete|forceDelete|update)\s*\(",
            "`Model::query()->delete()` would delete every row of the model's table",
        ),
        rows(
            r"\b[A-Z]\w*::all\s*\(\s*\)\s*->\s*each\s*->\s*(?:delete|forceDelete)\b",
            "`Model::all()->each->delete()` would delete every row of the model's table",
        ),
        rows(
            r"\bSchema::(?:drop|dropIfExists)\s*\(",
            "`Schema::drop()` would drop the table and its rows",
        ),
        database(
            r"\bSchema::dropAllTables\s*\(",
            "`Schema::dropAllTables()` would drop every table of the database",
        ),
        database(
            r#"\bArtisan::call\s*\(\s*['"](?:migrate:fresh|migrate:reset|migrate:refresh|db:wipe)\b"#,
            "`Artisan::call('migrate:fresh')` would drop every table of the database",
        ),
        // Prisma, Mongoose, Sequelize, TypeORM, Knex.
        rows(
            r"\.\s*deleteMany\s*\(\s*(?:\{\s*(?:where\s*:\s*\{\s*\}\s*)?\}\s*)?\)",
            "`deleteMany()` without a filter would delete every row of the table",
        ),
        database(
            r"\.\s*sync\s*\(\s*\{[^{}]*\bforce\s*:\s*true",
            "`sync({force: true})` would drop every table the models define, and their rows",
        ),
        database(
            r"\.\s*(?:dropDatabase|dropAllTables|dropAllSchemas)\s*\(",
            "`dropDatabase()` would drop the database",
        ),
        database(
            r"\.\s*synchronize\s*\(\s*true\s*\)",
            "`synchronize(true)` would drop every table before making them again, empty",
        ),
        database(
            r"\bsequelize\s*\.\s*drop\s*\(",
            "`sequelize.drop()` would drop every table the models define",
        ),
        rows(
            r"\.\s*destroy\s*\(\s*\{\s*(?:truncate\s*:\s*true|where\s*:\s*\{\s*\}\s*[,}])",
            "`destroy({truncate: true})` would delete every row of the model's table",
        ),
        rows(
            r"\.\s*update\s*\(\s*\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}\s*,\s*\{\s*where\s*:\s*\{\s*\}",
            "`update(…, {where: {}})` would change every row of the model's table",
        ),
        rows(
            r"\bgetRepository\s*\([^()]*\)\s*\.\s*clear\s*\(\s*\)",
            "`repository.clear()` would delete every row of the entity's table",
        ),
        rows(
            r#"\bknex\s*\(\s*['"][^'"]+['"]\s*\)\s*\.\s*(?:del|delete|truncate)\s*\(\s*\)"#,
            "`knex(table).del()` would delete every row of the table",
        ),
        rows(
            r"\.\s*schema\s*\.\s*(?:dropTable|dropTableIfExists)\s*\(",
            "`knex.schema.dropTable()` would drop the table and its rows",
        ),
    ]
    .into_iter()
    .map(|(pattern, loss, lost)| (CodePattern::new(pattern), loss, lost))
    .collect()
});

/// SQL a call runs as written (`cursor.execute("…")`, `connection.execute(…)`,
/// `DB::statement('…')`, `$executeRawUnsafe(…)`, a tagged template `` sql`…` ``): the string
/// literal it is given.
static RAW_SQL: CodePattern = CodePattern::new(
    r#"(?:\b(?:execute|executescript|exec_driver_sql|execute_sql|statement|unprepared|raw|query|DB::delete|DB::update)|\$executeRawUnsafe|\$executeRaw|\$queryRawUnsafe|\$queryRaw)\s*\(\s*(?:text\s*\(\s*)?[rRbBuU]?(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|`([^`]*)`)|(?:\$executeRaw|\$executeRawUnsafe|\bsql)\s*`([^`]*)`"#,
);

/// Query builders' calls that write every row of a table unless a filter follows them in the
/// chain: each ends at its call (or at the `(` that opens its arguments), with the calls one of
/// which must follow for the statement to run (none when it runs as written) and what it loses.
/// A call whose name starts with `where` or `filter` after it is a filter.
static UNFILTERED_CHAINS: LazyLock<Vec<(CodePattern, &'static [&'static str], &'static str)>> = LazyLock::new(|| {
    [
        // Drizzle: `db.delete(users)`, `db.update(users).set({…})`, also in a transaction.
        (
            r"\b(?:db|tx|trx)\s*\.\s*delete\s*\(\s*[A-Za-z_$][\w$.]*\s*\)",
            &[][..],
            "`db.delete(table)` without `.where(…)` would delete every row of the table",
        ),
        (
            r"\b(?:db|tx|trx)\s*\.\s*update\s*\(\s*[A-Za-z_$][\w$.]*\s*\)",
            &["set"][..],
            "`db.update(table).set(…)` without `.where(…)` would change every row of the table",
        ),
        // Knex, whose `where` may come after the update.
        (
            r#"\bknex\s*\(\s*['"][^'"]+['"]\s*\)\s*\.\s*update\s*\("#,
            &[][..],
            "`knex(table).update(…)` without `.where(…)` would change every row of the table",
        ),
        // SQLAlchemy's `update(Model).values(…)`, peewee's `Model.update(…).execute()`.
        (
            r"(?:^|[^\w.])update\s*\(\s*[\w.]+\s*\)",
            &["values"][..],
            "`update(Model).values(…)` without `.where(…)` would change every row of the model's table",
        ),
        (
            r"\b[A-Z]\w*\s*\.\s*update\s*\(",
            &["execute"][..],
            "`Model.update(…).execute()` without `.where(…)` would change every row of the model's table",
        ),
    ]
    .into_iter()
    .map(|(pattern, needs, lost)| (CodePattern::new(pattern), needs, lost))
    .collect()
});

/// Prisma's and Mongoose's `updateMany`: the call, whose first argument is the filter
/// (Mongoose) or an object whose `where` is (Prisma).
static UPDATE_MANY: CodePattern = CodePattern::new(r"\.\s*updateMany\s*\(");

/// What an ORM's code destroys.
fn orm_losses(code: &str) -> Vec<(Loss, String)> {
    let mut found: Vec<(Loss, String)> = CALLS
        .iter()
        .filter(|(pattern, _, _)| pattern.is_match(code))
        .map(|(_, loss, lost)| (*loss, (*lost).to_owned()))
        .collect();
    for (pattern, needs, lost) in UNFILTERED_CHAINS.iter() {
        let unfiltered = pattern.find_iter(code).any(|call| {
            let end = match call.as_str().ends_with('(') {
                true => call_end(code, call.end() - 1),
                false => Some(call.end()),
            };
            let chained = end.map(|end| chained_calls(code, end)).unwrap_or_default();
            let filtered = chained
                .iter()
                .any(|name| name.starts_with("where") || name.starts_with("filter"));
            !filtered && (needs.is_empty() || chained.iter().any(|name| needs.contains(name)))
        });
        if unfiltered {
            found.push((Loss::Rows, (*lost).to_owned()));
        }
    }
    let update_many = UPDATE_MANY
        .find_iter(code)
        .any(|call| call_end(code, call.end() - 1).is_some_and(|end| updates_every_row(&code[call.end()..end - 1])));
    if update_many {
        found.push((
            Loss::Rows,
            "`updateMany()` without a filter would change every row of the table".to_owned(),
        ));
    }
    found.extend(
        RAW_SQL
            .captures_iter(code)
            .filter_map(|call| (1..=4).find_map(|group| call.get(group)))
            .filter_map(|literal| sql::unknown_dialect_loss(literal.as_str()))
            .map(|lost| (Loss::Rows, lost)),
    );
    found
}

/// Where the call whose arguments open at `open` (a `(`) ends: just past its `)`. Brackets
/// inside are counted and string literals skipped; `None` when it is not closed.
fn call_end(code: &str, open: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut quote: Option<char> = None;
    let mut escaped = false;
    for (at, c) in code[open..].char_indices() {
        if let Some(q) = quote {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                _ if c == q => quote = None,
                _ => {}
            }
            continue;
        }
        match c {
            '"' | '\'' | '`' => quote = Some(c),
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(open + at + 1);
                }
            }
            _ => {}
        }
    }
    None
}

/// The names of the methods chained from `from` on (`.where(…).returning()`: `where`,
/// `returning`), until the chain ends.
fn chained_calls(code: &str, mut from: usize) -> Vec<&str> {
    let mut names = Vec::new();
    loop {
        let rest = code[from..].trim_start();
        let Some(after_dot) = rest.strip_prefix('.') else {
            return names;
        };
        let after_dot = after_dot.trim_start();
        let length = after_dot
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$'))
            .unwrap_or(after_dot.len());
        if length == 0 {
            return names;
        }
        names.push(&after_dot[..length]);
        let after_name = &after_dot[length..];
        let at = code.len() - after_name.len();
        from = match after_name.trim_start().starts_with('(') {
            true => match call_end(code, code.len() - after_name.trim_start().len()) {
                Some(end) => end,
                None => return names,
            },
            false => at,
        };
    }
}

/// Whether `updateMany`'s arguments (`arguments`, between its parentheses) name no filter:
/// none at all, an empty filter (`{}`, Mongoose), or an object with the data but no `where`
/// or an empty one (Prisma's `{data: {…}}`, `{where: {}, data: {…}}`).
fn updates_every_row(arguments: &str) -> bool {
    static EMPTY_WHERE: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r#"(?:^|[,{\s])["']?where["']?\s*:\s*\{\}"#).expect("the empty `where` pattern is valid")
    });
    static WHERE: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r#"(?:^|[,{\s])["']?where["']?\s*:"#).expect("the `where` pattern is valid"));
    static DATA: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r#"(?:^|[,{\s])["']?data["']?\s*:"#).expect("the `data` pattern is valid"));
    let first = top_level(arguments);
    let first = first.split(',').next().unwrap_or("").trim();
    if first.is_empty() || first == "{}" {
        return true;
    }
    // The first argument's own keys, with what is nested in them shown as `{…}` or `{}`.
    let trimmed = arguments.trim_start();
    let open = arguments.len() - trimmed.len();
    let Some(end) = trimmed.starts_with('{').then(|| call_end(arguments, open)).flatten() else {
        return false;
    };
    let keys = top_level(&arguments[open + 1..end - 1]);
    if WHERE.is_match(&keys) {
        return EMPTY_WHERE.is_match(&keys);
    }
    DATA.is_match(&keys)
}

/// `code` with what brackets hold shown as `…` (`{…}`, or `{}` when they hold nothing): its
/// own level alone, string literals as written.
fn top_level(code: &str) -> String {
    let mut shown = String::new();
    let mut at = 0;
    while let Some(c) = code[at..].chars().next() {
        let end = match c {
            '"' | '\'' | '`' => code[at + 1..].find(c).map_or(code.len(), |close| at + close + 2),
            '(' | '[' | '{' => call_end(code, at).unwrap_or(code.len()),
            _ => at + c.len_utf8(),
        };
        match c {
            '(' | '[' | '{' => {
                let inner = code[at + 1..end.saturating_sub(1).max(at + 1)].trim();
                shown.push(c);
                if !inner.is_empty() {
                    shown.push('…');
                }
                shown.extend(code[at + 1..end].chars().next_back());
            }
            _ => shown.push_str(&code[at..end]),
        }
        at = end;
    }
    shown
}

/// Whether the command reads, through a pipe, what `manage.py sqlflush` prints: the
/// `TRUNCATE` of every table (`python manage.py sqlflush | python manage.py dbshell`).
pub(super) fn fed_sqlflush(command: &Command, analysis: &Analysis) -> bool {
    if !matches!(command.stdin, Input::Piped(_)) {
        return false;
    }
    let LayerKind::Command(id) = analysis.layers[command.layer].kind else {
        return false;
    };
    // A wrapper passes its input on (`… | docker compose exec -T db psql`).
    let id = std::iter::successors(Some(id), |inner| analysis.commands[*inner].parent)
        .last()
        .unwrap_or(id);
    let Some(before) = id.checked_sub(1).map(|before| &analysis.commands[before]) else {
        return false;
    };
    let texts: Vec<&str> = before.args().iter().map(|word| word.value().unwrap_or("")).collect();
    let name = crate::language::without_python_version(&before.name);
    let subcommand = match name {
        "manage.py" | "django-admin" => texts.first(),
        "python" | "python3" if texts.first().is_some_and(|script| script.ends_with("manage.py")) => texts.get(1),
        _ => None,
    };
    before.output_piped && subcommand.is_some_and(|subcommand| *subcommand == "sqlflush")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn loses(code: &str) -> Option<Loss> {
        orm_losses(code).first().map(|(loss, _)| *loss)
    }

    #[test]
    fn whole_tables_are_found_and_subsets_pass() {
        assert_eq!(
            loses("from app.models import User; User.objects.all().delete()"),
            Some(Loss::Rows)
        );
        assert_eq!(loses("User.objects.filter(id=3).delete()"), None);
        assert_eq!(loses("User.destroy_all"), Some(Loss::Rows));
        assert_eq!(loses("User.all.delete_all"), Some(Loss::Rows));
        assert_eq!(loses("User.where(active: false).destroy_all"), None);
        assert_eq!(loses("user.posts.destroy_all"), None);
        assert_eq!(loses("DB::table('users')->delete()"), Some(Loss::Rows));
        assert_eq!(loses("DB::table('users')->where('id', 3)->delete()"), None);
        assert_eq!(loses("DB::table('users')->delete(3)"), None);
        assert_eq!(loses("User::truncate()"), Some(Loss::Rows));
        assert_eq!(loses("Schema::drop('users')"), Some(Loss::Rows));
        assert_eq!(loses("db.metadata.drop_all(engine)"), Some(Loss::Database));
        assert_eq!(loses("session.query(User).delete()"), Some(Loss::Rows));
        assert_eq!(loses("session.query(User).filter(User.id == 3).delete()"), None);
        assert_eq!(loses("await prisma.user.deleteMany()"), Some(Loss::Rows));
        assert_eq!(loses("await prisma.user.deleteMany({ where: { id: 3 } })"), None);
        assert_eq!(loses("await sequelize.sync({ force: true })"), Some(Loss::Database));
        assert_eq!(loses("await sequelize.sync()"), None);
        assert_eq!(loses("await dataSource.dropDatabase()"), Some(Loss::Database));
    }

    #[test]
    fn whole_table_writes_without_a_filter_are_found() {
        assert_eq!(loses("await db.delete(users)"), Some(Loss::Rows));
        assert_eq!(loses("await db.delete(users).returning()"), Some(Loss::Rows));
        assert_eq!(loses("await db.delete(users).where(eq(users.id, 3))"), None);
        assert_eq!(loses("await db.update(users).set({ a: 1 })"), Some(Loss::Rows));
        assert_eq!(
            loses("await db.update(users).set({ a: f(1) }).where(eq(users.id, 3))"),
            None
        );
        assert_eq!(loses("cache.delete(key)"), None);
        assert_eq!(loses("prisma.user.updateMany({ data: { a: 1 } })"), Some(Loss::Rows));
        assert_eq!(
            loses("prisma.user.updateMany({ where: {}, data: { a: 1 } })"),
            Some(Loss::Rows)
        );
        assert_eq!(
            loses("prisma.user.updateMany({ \"where\": { id: 3 }, data: { a: 1 } })"),
            None
        );
        assert_eq!(
            loses("prisma.user.updateMany({ data: { a: 1 }, where: { id: 3 } })"),
            None
        );
        assert_eq!(loses("User.updateMany({}, { $set: { a: 1 } })"), Some(Loss::Rows));
        assert_eq!(loses("User.updateMany({ plan: 'x' }, { $set: { a: 1 } })"), None);
        assert_eq!(loses("knex('users').update({ a: 1 })"), Some(Loss::Rows));
        assert_eq!(loses("knex('users').update({ a: 1 }).where('id', 3)"), None);
        assert_eq!(loses("session.execute(update(User).values(a=1))"), Some(Loss::Rows));
        assert_eq!(
            loses("session.execute(update(User).where(User.id == 3).values(a=1))"),
            None
        );
        assert_eq!(
            loses("session.execute(update(User).values(a=1).where(User.id == 3))"),
            None
        );
        assert_eq!(loses("User.update(a=1).execute()"), Some(Loss::Rows));
        assert_eq!(loses("User.update(a=1).where(User.id == 3).execute()"), None);
        assert_eq!(loses("session.query(User).update({'a': 1})"), Some(Loss::Rows));
        assert_eq!(loses("d = {}; d.update({'a': 1})"), None);
    }

    #[test]
    fn raw_sql_is_read_as_sql() {
        assert_eq!(
            loses(r#"ActiveRecord::Base.connection.execute("DROP TABLE users")"#),
            Some(Loss::Rows)
        );
        assert_eq!(loses("DB::statement('TRUNCATE users')"), Some(Loss::Rows));
        assert_eq!(loses("cursor.execute('DELETE FROM users WHERE id = %s', [3])"), None);
        assert_eq!(loses("cursor.execute('SELECT 1')"), None);
        assert_eq!(loses("prisma.$executeRaw`TRUNCATE users`"), Some(Loss::Rows));
    }
}
