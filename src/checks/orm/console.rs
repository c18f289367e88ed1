//! Code that empties or drops a database's tables through a framework's console or an ORM:
//! the code given to `manage.py shell -c` (or piped into it), `rails runner`, `php artisan
//! tinker --execute`, `python -c`, `ruby -e`, `php -r`, `node -e`, and the SQL given to
//! `manage.py dbshell` or `rails dbconsole`. An ORM's call that deletes every row of a model's
//! table (`User.objects.all().delete()`, `User.destroy_all`, `DB::table('users')->delete()`,
//! `prisma.user.deleteMany()`) or drops a table is `DELETE` without `WHERE` or `DROP TABLE` by
//! another name; one that drops every table the models define (`metadata.drop_all()`,
//! `sequelize.sync({force: true})`, `dropDatabase()`) is a database reset. A filter before the
//! delete (`.filter(id=3).delete()`, `where(…).destroy_all`) keeps it to the rows meant. SQL a
//! call runs raw (`connection.execute("DROP TABLE x")`, `DB::statement(…)`) is read as SQL.

use crate::checks::sql;
use crate::command::{Analysis, Command, Input, LayerKind};

use crate::patterns::CodePattern;
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

/// The code and SQL the command gives a framework's console or an interpreter.
fn console_code(command: &Command, analysis: &Analysis) -> Vec<(String, Given)> {
    let texts: Vec<&str> = command.args().iter().map(|word| word.value().unwrap_or("")).collect();
    let stdin = || {
        command
            .stdin
            .text()
            .map(|word| word.value().unwrap_or(word.text()).to_owned())
    };
    let name = crate::language::without_python_version(&command.name);
    let mut found: Vec<(String, Given)> = Vec::new();
    if INTERPRETERS.contains(&name) {
        found.extend(
            analysis
                .children(command.layer)
                .filter_map(|id| match &analysis.layers[id].kind {
                    LayerKind::Code { text, .. } => Some((text.clone(), Given::Orm)),
                    LayerKind::Command(_) => None,
                }),
        );
    }
    // Django: `[python] manage.py shell -c CODE`, `django-admin dbshell -- -c SQL`.
    let django = match name {
        "manage.py" | "django-admin" => Some(&texts[..]),
        "python" | "python3" if texts.first().is_some_and(|script| script.ends_with("manage.py")) => Some(&texts[1..]),
        _ => None,
    };
    if let Some(rest) = django {
        match rest.first().copied() {
            Some("shell" | "shell_plus") => match option_value(&rest[1..], &["-c", "--command"]) {
                Some(code) => found.push((code.to_owned(), Given::Orm)),
                None => found.extend(stdin().map(|code| (code, Given::Orm))),
            },
            Some("dbshell") => {
                // The words after `--` go to the database's own client (`psql -c SQL`).
                let client = rest
                    .iter()
                    .position(|word| *word == "--")
                    .map_or(&[][..], |at| &rest[at + 1..]);
                match option_value(client, &["-c", "--command", "-e", "--execute", "-cmd"]) {
                    Some(sql) => found.push((sql.to_owned(), Given::Sql)),
                    None => found.extend(stdin().map(|sql| (sql, Given::Sql))),
                }
            }
            _ => {}
        }
    }
    // Rails: `rails runner CODE`, code piped into `rails console`, SQL into `rails dbconsole`.
    if name == "rails" {
        let mut operands = texts.iter().copied().filter(|text| !text.starts_with('-'));
        match operands.next() {
            Some("runner" | "r") => {
                // `-e ENV` names the environment; the first other operand is the code, or a
                // script's path.
                let after = texts
                    .iter()
                    .position(|text| matches!(*text, "runner" | "r"))
                    .map_or(0, |at| at + 1);
                let mut words = texts[after..].iter().copied();
                while let Some(word) = words.next() {
                    if matches!(word, "-e" | "--environment") {
                        words.next();
                    } else if !word.starts_with('-') {
                        if !word.ends_with(".rb") {
                            found.push((word.to_owned(), Given::Orm));
                        }
                        break;
                    }
                }
            }
            Some("console" | "c") => found.extend(stdin().map(|code| (code, Given::Orm))),
            Some("dbconsole" | "db") => found.extend(stdin().map(|sql| (sql, Given::Sql))),
            _ => {}
        }
    }
    // Laravel: `php artisan tinker --execute=CODE` (or its input), `php artisan db` (its input).
    if name == "php" && texts.first().is_some_and(|script| script.ends_with("artisan")) {
        match texts.get(1).copied() {
            Some("tinker") => match option_value(&texts[2..], &["--execute"]) {
                Some(code) => found.push((code.to_owned(), Given::Orm)),
                None => found.extend(stdin().map(|code| (code, Given::Orm))),
            },
            Some("db") => found.extend(stdin().map(|sql| (sql, Given::Sql))),
            _ => {}
        }
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

/// What an ORM's code destroys.
fn orm_losses(code: &str) -> Vec<(Loss, String)> {
    let mut found: Vec<(Loss, String)> = CALLS
        .iter()
        .filter(|(pattern, _, _)| pattern.is_match(code))
        .map(|(_, loss, lost)| (*loss, (*lost).to_owned()))
        .collect();
    found.extend(
        RAW_SQL
            .captures_iter(code)
            .filter_map(|call| (1..=4).find_map(|group| call.get(group)))
            .filter_map(|literal| sql::unknown_dialect_loss(literal.as_str()))
            .map(|lost| (Loss::Rows, lost)),
    );
    found
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
