//! Frameworks' and ORMs' database resets: the commands that drop, empty or rebuild a database
//! from its schema (`prisma migrate reset`, `rails db:drop`, `manage.py flush`, `artisan
//! migrate:fresh`, `mix ecto.reset`…) ask, and are denied when the environment says production
//! (`RAILS_ENV=production`, `--env=production`). A tool that refuses such an action from an agent
//! unless the user consented (Prisma's `PRISMA_USER_CONSENT_FOR_DANGEROUS_AI_ACTION`) is not
//! told the user consented by the agent itself: setting that variable is denied.

mod console;

pub use console::console_input;

use super::{ASK, Applies, Checker, DENY, Report, Subject};
use crate::command::{Analysis, Command};
use crate::context::Context;
use crate::rules::Rule;

pub const CHECKER: Checker = Checker {
    rules: &[&DATABASE_RESET, &DATABASE_RESET_PRODUCTION, &FORGED_CONSENT],
    applies: Applies::EveryCommand,
    check,
    whole_analysis: Some(exported_consent),
};

pub static DATABASE_RESET: Rule = Rule {
    id: "database-reset",
    decision: ASK,
    catches: "A framework's or ORM's command that drops, empties or rebuilds a database: `prisma migrate reset`, `prisma db push --accept-data-loss`, `rails db:drop|reset|purge|schema:load` (also one database's, `db:reset:primary`; not the test database's, `RAILS_ENV=test`, which the tests rebuild), `manage.py flush`, `artisan migrate:fresh|db:wipe`, AdonisJS's `node ace migration:fresh|reset|refresh` and `db:wipe`, `mix ecto.drop|ecto.reset` (not with `MIX_ENV=test`), `knex migrate:rollback --all`, `sequelize db:drop` and `db:seed:undo:all` (generated seeders' `down` empties their tables), `typeorm schema:drop`, `mikro-orm migration:fresh`, `payload migrate:fresh|reset`, `db-migrate reset`, `hasura migrate apply --down all`, `atlas schema clean`, `sqitch revert` without `--to` (or `--to @ROOT`), Sequel's `-M 0`, `kysely migrate:rollback --all`, `supabase db reset`, `alembic downgrade base` (and `flask db downgrade base`), `mix ecto.rollback --all`, `dotnet ef database drop`, `mikro-orm schema:drop --run`, `flyway clean` (also Maven's `flyway:clean` and Gradle's `flywayClean`), `liquibase dropAll` (`liquibase:dropAll`, Gradle's `dropAll`), `drizzle-kit push --force` (approves the data-loss statements), `diesel database reset`, `sqlx database drop|reset`, `dbmate drop`, `goose reset`, golang-migrate's `migrate … drop`. Also every migration unapplied, which drops the tables they made: `manage.py migrate APP zero`, `rails db:migrate VERSION=0`, `dotnet ef database update 0`, `migrate … down` without a count (or `-all`), `goose down-to 0`, `diesel migration revert --all`, `sqlx migrate revert --target-version 0`. Also `manage.py sqlflush` piped into `manage.py dbshell` or a database client (it prints the `TRUNCATE` of every table), and code given to a framework's console or an interpreter that drops every table the models define: SQLAlchemy's and Flask-SQLAlchemy's `drop_all()`, Sequelize's `sync({force: true})` and `sequelize.drop()`, `dropDatabase()`, `dropAllTables()`, TypeORM's `synchronize(true)`, Laravel's `Schema::dropAllTables()` and `Artisan::call('migrate:fresh')`, Django's `call_command('flush')`, Rails' `Rake::Task['db:drop']` and `DatabaseTasks.drop`.",
    instead: "Apply the migration instead (`prisma migrate dev`, `rails db:migrate`), or ask the user before resetting their data",
    examples: &[
        "npx prisma migrate reset --force",
        "prisma db push --accept-data-loss",
        "bin/rails db:reset",
        "bundle exec rake db:drop db:create",
        "python manage.py flush --noinput",
        "php artisan migrate:fresh --seed",
        "mix ecto.reset",
        "npx sequelize-cli db:drop",
        "supabase db reset",
        "./manage.py flush",
        "flyway clean",
        "dotnet ef database drop -f",
        "sqlx database reset",
        "python manage.py migrate app zero",
        "mvn flyway:clean",
        "./gradlew :app:flywayClean",
        "npx drizzle-kit push --force",
        "dotnet ef database update 0",
        "migrate -path db/migrations -database $DATABASE_URL down -all",
        "rails db:reset:primary",
        "node ace migration:fresh",
        "npx sequelize-cli db:seed:undo:all",
        "npx mikro-orm migration:fresh",
        "atlas schema clean -u postgres://h/db --auto-approve",
        "sqitch revert -y",
        "hasura migrate apply --down all",
        "python manage.py sqlflush | python manage.py dbshell",
        "python -c 'from app import db; db.drop_all()'",
        "node -e 'require(\"./models\").sequelize.sync({ force: true })'",
    ],
    allowed: &[
        "npx prisma migrate dev",
        "prisma generate",
        "bin/rails db:migrate",
        "python manage.py migrate",
        "php artisan migrate",
        "mix ecto.migrate",
        "prisma migrate reset --help",
        "flyway info",
        "dotnet ef database update",
        "mix ecto.rollback",
        "python manage.py migrate app 0005",
        "mvn flyway:migrate",
        "./gradlew flywayInfo",
        "drizzle-kit push",
        "dotnet ef database update AddEmail",
        "migrate -path db/migrations -database $DATABASE_URL down 1",
        "goose down",
        "RAILS_ENV=test rails db:reset",
        "MIX_ENV=test mix ecto.reset",
        "node ace migration:run",
        "sqitch revert --to @HEAD^ -y",
        "atlas schema inspect -u postgres://h/db",
        "python manage.py sqlflush",
        "python -c 'from app import db; db.create_all()'",
        "node -e 'require(\"./models\").sequelize.sync()'",
    ],
};

pub static DATABASE_RESET_PRODUCTION: Rule = Rule {
    id: "database-reset-production",
    decision: DENY,
    catches: "A database reset (see `database-reset`) with the environment set to production: `RAILS_ENV=production rails db:reset`, `php artisan migrate:fresh --env=production`, `NODE_ENV=production npx prisma migrate reset`, or a database URL whose host names production (`DATABASE_URL=postgres://prod.example.com/app`). Laravel's `--force` only skips its question in production and says nothing of which database is meant: it asks.",
    instead: "Never reset a production database from an agent: leave it to the user",
    examples: &[
        "RAILS_ENV=production bin/rails db:schema:load",
        "php artisan migrate:fresh --env=production",
        "RAILS_ENV=production bundle exec rails db:drop",
        "rails db:drop RAILS_ENV=production",
        "MIX_ENV=prod mix ecto.drop",
        "DATABASE_URL=postgres://prod.example.com/app npx prisma migrate reset --force",
    ],
    allowed: &[
        "RAILS_ENV=production bin/rails db:migrate",
        "DATABASE_URL=postgres://prod.example.com/app npx prisma migrate deploy",
    ],
};

pub static FORGED_CONSENT: Rule = Rule {
    id: "forged-consent",
    decision: DENY,
    catches: "The agent telling a tool that the user consented to a dangerous action: `PRISMA_USER_CONSENT_FOR_DANGEROUS_AI_ACTION=yes`, which Prisma asks for before it resets a database on an agent's request, or Rails' `DISABLE_DATABASE_ENVIRONMENT_CHECK=1`, which lets `db:drop`, `db:reset` and `db:schema:load` run against a production database.",
    instead: "Ask the user: only they may give that consent",
    examples: &[
        "PRISMA_USER_CONSENT_FOR_DANGEROUS_AI_ACTION=yes npx prisma migrate reset --force",
        "export PRISMA_USER_CONSENT_FOR_DANGEROUS_AI_ACTION=1",
        "DISABLE_DATABASE_ENVIRONMENT_CHECK=1 bin/rails db:drop",
    ],
    allowed: &["echo $PRISMA_USER_CONSENT_FOR_DANGEROUS_AI_ACTION"],
};

/// Variables by which tools ask whether the user, not the agent, agreed to an action.
const CONSENT_VARIABLES: &[&str] = &[
    "PRISMA_USER_CONSENT_FOR_DANGEROUS_AI_ACTION",
    "DISABLE_DATABASE_ENVIRONMENT_CHECK",
];

fn check(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    for (name, _) in &command.assignments {
        if CONSENT_VARIABLES.contains(&name.as_str()) {
            report.flag(&FORGED_CONSENT, command.span, consent_lost(name));
        }
    }
    let texts: Vec<&str> = command.args().iter().map(|word| word.value().unwrap_or("?")).collect();
    if texts.iter().any(|text| matches!(*text, "--help" | "-h")) {
        return;
    }
    for (loss, lost) in console::losses(command, subject.analysis) {
        match loss {
            console::Loss::Rows => report.flag(&super::sql::SQL_DESTRUCTIVE, command.span, lost),
            console::Loss::Database if in_production(command, &texts, subject.analysis) => {
                report.flag(&DATABASE_RESET_PRODUCTION, command.span, lost);
            }
            console::Loss::Database => report.flag(&DATABASE_RESET, command.span, lost),
        }
    }
    let sqlflush = console::fed_sqlflush(command, subject.analysis) && runs_sql(command, &texts);
    let Some(reset) = reset(command, &texts, subject.analysis)
        .or_else(|| sqlflush.then(|| "`manage.py sqlflush` piped into the database's shell".to_owned()))
    else {
        return;
    };
    if in_production(command, &texts, subject.analysis) {
        report.flag(
            &DATABASE_RESET_PRODUCTION,
            command.span,
            format!("{reset} would erase the production database's data"),
        );
    } else {
        report.flag(
            &DATABASE_RESET,
            command.span,
            format!("{reset} would erase the database's data"),
        );
    }
}

/// Judges the consent variables the command's declarations export.
fn exported_consent(analysis: &Analysis, _: &Context, report: &mut Report) {
    for export in analysis
        .exports
        .iter()
        .filter(|e| CONSENT_VARIABLES.contains(&e.name.as_str()))
    {
        report.flag(&FORGED_CONSENT, export.span, consent_lost(&export.name));
    }
}

fn consent_lost(name: &str) -> String {
    if name == "DISABLE_DATABASE_ENVIRONMENT_CHECK" {
        return format!(
            "`{name}` would turn off the check that keeps Rails from dropping a production database, which only the user may do"
        );
    }
    format!("`{name}` would tell the tool the user consented to a dangerous action, which only the user may do")
}

/// The reset the command makes, said in a few words, if it makes one.
fn reset(command: &Command, texts: &[&str], analysis: &Analysis) -> Option<String> {
    let mut positional: Vec<&str> = texts.iter().copied().filter(|text| !text.starts_with('-')).collect();
    let mut name = command.name.as_str();
    // `pnpm prisma …`, `yarn sequelize …`: a package manager runs the project's own copy of the
    // tool when no script has its name.
    if matches!(name, "pnpm" | "yarn" | "bun")
        && let Some(&tool) = positional.first()
        && matches!(
            tool,
            "prisma"
                | "knex"
                | "sequelize"
                | "sequelize-cli"
                | "typeorm"
                | "supabase"
                | "drizzle-kit"
                | "mikro-orm"
                | "payload"
                | "db-migrate"
                | "kysely"
        )
    {
        name = tool;
        positional.remove(0);
    }
    let at = |index: usize| positional.get(index).copied().unwrap_or("");
    let has = |option: &str| {
        texts
            .iter()
            .any(|text| *text == option || text.starts_with(&format!("{option}=")))
    };
    let resets = match name {
        "prisma" => {
            (at(0) == "migrate" && at(1) == "reset")
                || (at(0) == "db" && at(1) == "push" && (has("--accept-data-loss") || has("--force-reset")))
        }
        // `db:migrate VERSION=0` unapplies every migration.
        // A multi-database application names the database after the task (`db:reset:primary`).
        // The test database (`RAILS_ENV=test`, also `db:test:purge`) is rebuilt by every test run.
        "rails" | "rake" => {
            !test_environment(command, analysis)
                && (positional.contains(&"db:migrate") && positional.contains(&"VERSION=0")
                    || positional.iter().any(|task| {
                        RAILS_RESETS.iter().any(|reset| {
                            task.strip_prefix(reset)
                                .is_some_and(|rest| rest.is_empty() || rest.starts_with(':'))
                        })
                    }))
        }
        "python" | "python3" | "django-admin" | "manage.py" => {
            let rest = if matches!(name, "django-admin" | "manage.py") {
                &positional[..]
            } else {
                positional.get(1..).unwrap_or(&[])
            };
            let manage = matches!(name, "django-admin" | "manage.py") || at(0).ends_with("manage.py");
            // `migrate APP zero` unapplies every migration of the app: its tables are dropped.
            manage
                && match rest {
                    [command, ..] if matches!(*command, "flush" | "reset_db" | "reset_schema") => true,
                    ["migrate", _, "zero", ..] => true,
                    _ => false,
                }
        }
        // AdonisJS's `node ace` has Laravel's commands under other names.
        "node" => {
            at(0).ends_with("ace")
                && matches!(
                    at(1),
                    "migration:fresh" | "migration:reset" | "migration:refresh" | "db:wipe"
                )
        }
        "php" => {
            at(0).ends_with("artisan")
                && matches!(at(1), "migrate:fresh" | "migrate:reset" | "db:wipe" | "migrate:refresh")
                || at(0).ends_with("console") && matches!(at(1), "doctrine:database:drop" | "doctrine:schema:drop")
        }
        "mix" => {
            !test_environment(command, analysis)
                && (matches!(at(0), "ecto.drop" | "ecto.reset") || at(0) == "ecto.rollback" && has("--all"))
        }
        "knex" => at(0) == "migrate:rollback" && has("--all"),
        // Undoing every seeder runs their `down`, which as generated deletes every row of the
        // tables they filled (`bulkDelete('Users', null)`).
        "sequelize" | "sequelize-cli" => matches!(at(0), "db:drop" | "db:migrate:undo:all" | "db:seed:undo:all"),
        "kysely" => {
            at(0) == "migrate:rollback" && has("--all") || at(0) == "migrate" && at(1) == "rollback" && has("--all")
        }
        "db-migrate" => at(0) == "reset",
        "payload" => matches!(at(0), "migrate:fresh" | "migrate:reset"),
        "hasura" => {
            at(0) == "migrate"
                && at(1) == "apply"
                && texts
                    .windows(2)
                    .any(|pair| pair == ["--down", "all"] || pair[0] == "--down=all")
        }
        // Atlas drops every object of the schema.
        "atlas" => at(0) == "schema" && at(1) == "clean" && !has("--dry-run"),
        // Sqitch reverts every change unless told where to stop (`--to @HEAD^`, or a change
        // named after the database); `@ROOT` is every change.
        "sqitch" => {
            at(0) == "revert"
                && texts
                    .iter()
                    .zip(texts.iter().skip(1))
                    .find(|(option, _)| matches!(**option, "--to" | "--to-change"))
                    .map_or_else(
                        || positional[1..].iter().all(|target| target.contains(':')),
                        |(_, change)| matches!(*change, "@ROOT" | "ROOT"),
                    )
        }
        // Ruby's Sequel migrating to version 0 (`-m DIR -M 0`) runs every down migration.
        "sequel" => has("-m") && texts.windows(2).any(|pair| pair == ["-M", "0"]),
        "typeorm" | "typeorm-ts-node-commonjs" | "typeorm-ts-node-esm" => at(0) == "schema:drop",
        "supabase" => at(0) == "db" && at(1) == "reset",
        "drizzle-kit" => at(0) == "drop" || at(0) == "push" && has("--force"),
        "alembic" => at(0) == "downgrade" && at(1) == "base",
        "flask" => at(0) == "db" && at(1) == "downgrade" && at(2) == "base",
        "dotnet" | "dotnet-ef" => {
            let rest = if name == "dotnet" {
                positional.get(1..).unwrap_or(&[])
            } else {
                &positional[..]
            };
            (name == "dotnet-ef" || at(0) == "ef")
                && (rest.starts_with(&["database", "drop"]) || rest.starts_with(&["database", "update", "0"]))
        }
        "mikro-orm" => matches!(at(0), "schema:drop" | "schema:fresh") && has("--run") || at(0) == "migration:fresh",
        "flyway" => at(0) == "clean",
        // Build tools' plugins: Maven goals (`flyway:clean`, or the plugin's full name) and
        // Gradle tasks, maybe of a subproject (`:app:flywayClean`).
        "mvn" | "mvnw" | "mvnd" => positional.iter().any(|goal| {
            goal.ends_with("flyway:clean")
                || goal.ends_with("flyway-maven-plugin:clean")
                || goal.ends_with("liquibase:dropAll")
        }),
        "gradle" | "gradlew" => positional
            .iter()
            .any(|task| matches!(task.rsplit(':').next(), Some("flywayClean" | "dropAll"))),
        "liquibase" => matches!(at(0).to_ascii_lowercase().as_str(), "dropall" | "drop-all"),
        "diesel" => {
            at(0) == "database" && at(1) == "reset" || at(0) == "migration" && at(1) == "revert" && has("--all")
        }
        "sqlx" => {
            at(0) == "database" && matches!(at(1), "drop" | "reset")
                || at(0) == "migrate"
                    && at(1) == "revert"
                    && texts
                        .windows(2)
                        .any(|pair| pair == ["--target-version", "0"] || pair[0] == "--target-version=0")
        }
        "dbmate" => at(0) == "drop",
        "goose" => positional.contains(&"reset") || positional.windows(2).any(|pair| pair == ["down-to", "0"]),
        // golang-migrate: `down` without a count (or with `-all`) applies every down migration.
        "migrate" => {
            positional.contains(&"drop")
                || positional.iter().position(|word| *word == "down").is_some_and(|at| {
                    has("-all") || positional.get(at + 1).is_none_or(|count| count.parse::<u32>().is_err())
                })
        }
        _ => false,
    };
    resets.then(|| {
        format!(
            "`{name} {}`",
            positional.iter().take(3).copied().collect::<Vec<_>>().join(" ")
        )
    })
}

/// Whether the command runs the SQL it reads: a database client, or Django's `dbshell`.
fn runs_sql(command: &Command, texts: &[&str]) -> bool {
    let name = crate::language::without_python_version(&command.name);
    super::sql::CLIENTS.contains(&name)
        || matches!(name, "manage.py" | "django-admin") && texts.first() == Some(&"dbshell")
        || matches!(name, "python" | "python3")
            && texts.first().is_some_and(|script| script.ends_with("manage.py"))
            && texts.get(1) == Some(&"dbshell")
}

/// Rails' tasks that drop, empty or rebuild a database.
const RAILS_RESETS: &[&str] = &[
    "db:drop",
    "db:reset",
    "db:purge",
    "db:schema:load",
    "db:structure:load",
    "db:migrate:reset",
    "db:truncate_all",
    "db:seed:replant",
];

/// Whether the environment names the test database, which the test suite itself empties and
/// rebuilds (`RAILS_ENV=test`, `MIX_ENV=test`), and no database URL points elsewhere.
fn test_environment(command: &Command, analysis: &Analysis) -> bool {
    let wrappers = || std::iter::successors(Some(command), |inner| inner.parent.map(|id| &analysis.commands[id]));
    let assignments = || wrappers().flat_map(|wrapper| wrapper.assignments.iter());
    let url_given = assignments().any(|(name, _)| name.ends_with("DATABASE_URL"))
        || analysis
            .exports
            .iter()
            .any(|export| export.name.ends_with("DATABASE_URL"));
    let mut texts = command.args().iter().filter_map(|word| word.value());
    let says_test = |name: &str, value: &str| matches!(name, "RAILS_ENV" | "RACK_ENV" | "MIX_ENV") && value == "test";
    let test = assignments().any(|(name, value)| value.value().is_some_and(|value| says_test(name, value)))
        || texts.any(|text| text.split_once('=').is_some_and(|(name, value)| says_test(name, value)))
        || analysis
            .exports
            .iter()
            .any(|export| export.value.value().is_some_and(|value| says_test(&export.name, value)));
    !url_given && test
}

/// Whether the command runs against production: a variable given to it or exported says so, or
/// an option does (`--env=production`, `-e production`).
fn in_production(command: &Command, texts: &[&str], analysis: &Analysis) -> bool {
    let production = |value: &str| matches!(value.to_ascii_lowercase().as_str(), "production" | "prod");
    let says = |name: &str, value: &str| match name {
        "RAILS_ENV" | "RACK_ENV" | "NODE_ENV" | "MIX_ENV" | "APP_ENV" | "ENV" | "ENVIRONMENT" | "FLASK_ENV" => {
            production(value)
        }
        "DJANGO_SETTINGS_MODULE" => value.to_ascii_lowercase().contains("prod"),
        // A database URL whose host names production (`postgres://prod.example.com/app`).
        _ if name.ends_with("DATABASE_URL") => {
            let host = value.split_once("://").map_or(value, |(_, rest)| rest);
            let host = host.split(['/', '?']).next().unwrap_or("");
            let host = host.rsplit_once('@').map_or(host, |(_, host)| host);
            host.split(|c: char| !c.is_ascii_alphanumeric()).any(production)
        }
        _ => false,
    };
    // Given to the command, or to a wrapper that runs it (`RAILS_ENV=production bundle exec
    // rails db:drop`): the wrapper passes its environment on.
    let wrappers = std::iter::successors(Some(command), |inner| inner.parent.map(|id| &analysis.commands[id]));
    let given = wrappers
        .flat_map(|wrapper| wrapper.assignments.iter())
        .any(|(name, value)| value.value().is_some_and(|value| says(name, value)));
    // Rake and the tasks `rails` runs read `NAME=value` arguments as variables
    // (`rails db:drop RAILS_ENV=production`).
    let argument = texts
        .iter()
        .any(|text| text.split_once('=').is_some_and(|(name, value)| says(name, value)));
    let exported = analysis
        .exports
        .iter()
        .any(|export| export.value.value().is_some_and(|value| says(&export.name, value)));
    let option = texts
        .windows(2)
        .any(|pair| matches!(pair[0], "--env" | "-e" | "--environment") && production(pair[1]))
        || texts.iter().any(|text| {
            text.split_once('=')
                .is_some_and(|(option, value)| matches!(option, "--env" | "--environment") && production(value))
        });
    given || argument || exported || option
}
