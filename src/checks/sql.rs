//! Databases: SQL that destroys data (`DROP TABLE|DATABASE|SCHEMA|SEQUENCE`, a `DROP … CASCADE`
//! that takes tables' columns along, `TRUNCATE`, `DELETE` or
//! `UPDATE` without a `WHERE` or with one that is always true, `ALTER TABLE … DROP COLUMN`, a
//! column's type changed), MongoDB's `drop()`, `dropDatabase()`, `deleteMany({})` and `$out`,
//! read from the code the walk found for a client however it got there (`-c`, `-e`, `--eval`,
//! a heredoc, a pipe, `< file`, `cat file |`, `<(…)`, `$(cat file)`, a local file fed to `ssh host psql`,
//! a file the command wrote and runs by `-f`, `--file`, `load()` or `redis-cli --eval`). The SQL
//! is lexed: keywords in string literals and comments are data. Also `dropdb`, `pg_dropcluster`,
//! restores and imports that drop first (`pg_restore --clean`, `mongorestore --drop`, `mongoimport
//! --drop`, `mysqlimport --delete`), InfluxDB's deletes,
//! Neo4j's Cypher, `redis-cli FLUSHALL` (and `SHUTDOWN NOSAVE`, `FUNCTION FLUSH`, `SWAPDB`,
//! `CONFIG SET dir`), and key stores emptied by pattern or prefix (`… --scan | xargs redis-cli
//! del`, `etcdctl del --prefix`, `etcdctl rm -r`, `consul kv delete -recurse`).

use super::{ASK, Applies, Checker, Report, Subject};
use crate::args::{self, Options};
use crate::command::{Command, LayerKind};
use crate::rules::Rule;
use crate::word::DynamicKind;

use regex::Regex;
use std::collections::HashMap;
use std::sync::LazyLock;

/// Database clients whose code the registry finds (`tool_options.rs`): every code layer under
/// one of them is its SQL, or JavaScript for MongoDB's shells.
pub(super) const CLIENTS: &[&str] = &[
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
    "pgcli",
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
    "mysqlsh",
    "sqlplus",
    "isql",
    "osql",
    "tsql",
    "beeline",
    "hive",
    "spark-sql",
    "impala-shell",
    "vsql",
    "db2",
    "cypher-shell",
    "surreal",
    "aws",
];

/// Programs that drop a database or empty a key store with a command of their own.
const DROPPERS: &[&str] = &[
    "dropdb",
    "pg_dropcluster",
    "pg_restore",
    "mongorestore",
    "mongoimport",
    "mysqlimport",
    "neo4j-admin",
    "influx",
    "redis-cli",
    "valkey-cli",
    "keydb-cli",
    "mysqladmin",
    "etcdctl",
    "consul",
];

/// Programs that speak Redis's protocol raw to a socket (`echo FLUSHALL | nc host 6379`,
/// `printf 'FLUSHALL\r\n' > /dev/tcp/host/6379`).
const RAW_CLIENTS: &[&str] = &["nc", "ncat", "netcat", "socat", "telnet", "echo", "printf"];

/// The programs with a command of their own, and the raw clients.
const COMMANDS: [&str; DROPPERS.len() + RAW_CLIENTS.len()] = super::joined(DROPPERS, RAW_CLIENTS);

/// Every program the checker judges.
const NAMES: [&str; CLIENTS.len() + COMMANDS.len()] = super::joined(CLIENTS, &COMMANDS);

pub const CHECKER: Checker = Checker {
    rules: &[
        &SQL_DESTRUCTIVE,
        &DROPDB,
        &REDIS_FLUSH,
        &REDIS_DUMP_MOVED,
        &REDIS_PERSISTENCE_OFF,
        &KEY_STORE_EMPTIED,
    ],
    applies: Applies::Commands(&NAMES),
    check,
    whole_analysis: None,
};

pub static SQL_DESTRUCTIVE: Rule = Rule {
    id: "sql-destructive",
    decision: ASK,
    catches: "SQL that destroys data, through any database client (`psql`, `mysql`, `mariadb`, `sqlite3`, `duckdb`, `sqlcmd`, `cqlsh`, `clickhouse-client`, `cockroach sql`, `mycli`, `pgcli`, `usql`, `snowsql`, `trino`, `bq query`, `gcloud spanner databases execute-sql --sql`/`ddl update --ddl`, `wrangler d1 execute --command|--file`, `prisma db execute --stdin|--file`, `turso db shell`, `litecli -e`, `mysqlsh`, `sqlplus`, `beeline`, `hive`, `spark-sql`, `impala-shell -q`, `vsql`, `db2`, `isql`, `osql`, `tsql`, `aws rds-data execute-statement --sql`, SurrealDB's `surreal sql`) however it gets there (`-c`, `-e`, a heredoc, a pipe, `< file` or `cat file |`, `<(…)`, a file the command wrote or one on disk, run by `-f` (sqlcmd's `-i a.sql,b.sql` list too), read by `$(cat FILE)` or `$(< FILE)`, fed over `ssh host psql < FILE`, by sqlplus's `@FILE` or from the SQL by psql's `\\i`, mysql's `source`, sqlite3's and DuckDB's `.read`, sqlcmd's `:r` or cqlsh's `SOURCE`; also DuckDB's `-init FILE`, mysql's and pgcli's `--init-command`, `surreal import FILE`): `DROP TABLE|DATABASE|SCHEMA|KEYSPACE|OWNED`, `DROP SEQUENCE` (its counter: made again, it hands out ids rows already hold), Snowflake's `DROP STAGE` (the files in it), Oracle's `DROP TABLESPACE … INCLUDING CONTENTS`, any `DROP … CASCADE` of what tables depend on (a type, domain or extension takes its columns along, a function the generated columns it computes), `TRUNCATE`, `DELETE` or `UPDATE` without `WHERE` or with one true for every row (constants that compare true: `WHERE 1=1`, `WHERE true`, `2 > 1`, `1 IN (1)`, `'a' LIKE '%'`, `NULL IS NULL`; the key every row has asked only to be set or above its lowest value: `id IS NOT NULL`, `rowid > 0`, `id >= 1`; a filter on any other column is a filter), a table replaced whole (`CREATE OR REPLACE TABLE`, `REPLACE TABLE`, `INSERT OVERWRITE`, a `MERGE` joined `ON true` that deletes what it matches; MySQL's `REPLACE INTO` replaces rows by key and passes), `ALTER TABLE … DROP COLUMN|PARTITION`, a column's type changed (`ALTER COLUMN c TYPE t`, `SET DATA TYPE`, MySQL's `MODIFY`/`CHANGE`, SQL Server's `ALTER COLUMN c t`), which converts every value: a narrower type cuts them and a `USING` expression replaces them, Oracle's `DROP USER … CASCADE`, SurrealDB's `REMOVE DATABASE|TABLE`, also inside a common table expression (`WITH d AS (DELETE …) SELECT …`), MySQL's executable comments (`/*!50000 DROP TABLE t */`), a `DO` block or a string run by `EXECUTE`, `EXEC` or `PREPARE` (also one assigned to a user variable first: `SET @q = 'DROP TABLE t'; PREPARE s FROM @q`); MongoDB's `drop()`, `dropDatabase()`, `deleteMany({})` (or a filter only on `_id` existing), `remove({})`, `updateMany({}, …)`, the same in `bulkWrite` or `runCommand`, `renameCollection(…, true)`, an aggregation's `$out` stage (which replaces the collection it names; `$merge` writes documents by key, like `REPLACE INTO`, and passes), `dropAllUsers()`/`dropAllRoles()`, and filters true for every document (`{$where: \"true\"}`, `{$expr: true}`) (`mongosh --eval`, a script named by `-f` or as a `.js` operand or `load()`ed, a pipe); Neo4j's `cypher-shell` deleting what a pattern matches with no filter (`MATCH (n) DETACH DELETE n`) or `DROP DATABASE`; `influx delete` without `--predicate`; `pg_restore --clean -d DB`, `mongorestore --drop`, `mongoimport --drop`, `mysqlimport --delete` and `neo4j-admin database load|restore --overwrite-destination`, which drop or empty what they load over. `DROP INDEX|VIEW|MATERIALIZED VIEW|TRIGGER|FUNCTION|TYPE` (without `CASCADE`) lose no data, nor `DROP TABLESPACE` in PostgreSQL and MySQL (which drop only an empty one), nor MongoDB's calls that touch one document (`findOneAndDelete({})`, `deleteOne({})`, `replaceOne({}, …)`, as `remove({}, true)`), keywords in string literals or plain comments are data, and statements a later `ROLLBACK` undoes (PostgreSQL, SQLite, DuckDB) or that empty or drop a table the same SQL created (given whole to psql's `-c` or as sqlite3's argument, which stop at the first error) pass. SQL only known when the command runs (`psql -c \"$SQL\"`) is not asked about: it is far more often a query than a drop. The same losses through an ORM, in code given to a framework's console or an interpreter (`manage.py shell -c` or its input, piped or `< FILE`, `rails runner CODE|FILE|-`, the input of `rails console`, `artisan tinker --execute`, its input or the files it includes, `python -c`, `ruby -e`, `php -r`, `node -e`): Django's `Model.objects.all().delete()` and `Model.objects.update(…)`, SQLAlchemy's `session.query(Model).delete()|update(…)`, `Model.query.delete()`, `execute(delete(Model))`, `update(Model).values(…)` without `.where` and `__table__.drop()`, peewee's `Model.delete().execute()`, `Model.update(…).execute()` without `.where` and `drop_tables()`, ActiveRecord's `destroy_all`, `delete_all` and `update_all` on a model (not after `where`, nor on an association: `user.posts.destroy_all`), `connection.drop_table|truncate`, Laravel's `DB::table(…)->delete()|truncate()|update()`, `Model::truncate()`, `Model::query()->delete()`, `Schema::drop|dropIfExists`, Prisma's and Mongoose's `deleteMany()` (or `({})`) and `updateMany` without a filter (`updateMany({data: …})`, `updateMany({}, …)`), Drizzle's `db.delete(table)` and `db.update(table).set(…)` without `.where(…)`, Sequelize's `destroy({truncate: true})` and `update(…, {where: {}})`, TypeORM's `getRepository(…).clear()`, Knex's `knex(t).del()`, `knex(t).update(…)` without `where` and `schema.dropTable`, and SQL a call runs as written (`connection.execute(\"DROP TABLE t\")`, `DB::statement(…)`, `$executeRawUnsafe(…)`, `` sql`…` ``); and the SQL given to `manage.py dbshell` (after `--`, or its input), `rails dbconsole` or `artisan db`. A filter before the delete (`.filter(id=3).delete()`, `where(…).destroy_all`, `deleteMany({where: {id: 3}})`), or chained after it where the builder allows (`db.delete(users).where(…)`), keeps it to the rows meant and passes.",
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
        "psql -c 'DELETE FROM users WHERE id IS NOT NULL'",
        "duckdb app.db 'CREATE OR REPLACE TABLE users AS SELECT 1 AS x'",
        "hive -e 'DROP TABLE t'",
        "cypher-shell 'MATCH (n) DETACH DELETE n'",
        "pg_restore --clean -d app dump.pgc",
        "mongoimport --drop -d app -c users users.json",
        "mysqlimport --delete app users.txt",
        "neo4j-admin database load neo4j --from-path=/backups --overwrite-destination",
        "psql -c 'ALTER TABLE users ALTER COLUMN email TYPE int USING 0'",
        "mysql -e 'ALTER TABLE users MODIFY email CHAR(2)'",
        "mongosh app --eval 'db.events.aggregate([{$match: {}}, {$out: \"users\"}])'",
        "mongosh app --eval 'db.users.deleteMany({$where: \"true\"})'",
        "mongosh app --eval 'db.dropAllUsers()'",
        "psql -c 'DROP SEQUENCE users_id_seq'",
        "psql -c 'DROP TYPE mood CASCADE'",
        "sqlplus -s u/p@db <<< 'DROP TABLESPACE ts INCLUDING CONTENTS AND DATAFILES;'",
        "pgcli -c 'DROP TABLE users'",
        "echo 'DROP TABLE users;' > d.sql && psql -c \"$(cat d.sql)\"",
        "echo 'DROP TABLE users;' > d.sql && duckdb app.db '.read d.sql'",
        "echo 'REMOVE TABLE users;' > d.surql && surreal import --conn http://h --ns a --db b d.surql",
        "python manage.py shell -c 'from app.models import User; User.objects.all().delete()'",
        "bin/rails runner 'User.destroy_all'",
        "php artisan tinker --execute='DB::table(\"users\")->delete()'",
        "python manage.py dbshell -- -c 'DROP TABLE app_user'",
        "node -e 'new (require(\"@prisma/client\").PrismaClient)().user.deleteMany()'",
        "echo 'DROP TABLE users;' > d.sql && mysql -e \"$(< d.sql)\"",
        "echo 'DROP TABLE users;' > d.sql && sqlcmd -S db -i setup.sql,d.sql",
        "echo 'DROP TABLE users;' > d.sql && ssh db.example.com psql app < d.sql",
        "echo 'User.objects.all().delete()' > w.py && python manage.py shell < w.py",
        "node -e 'db.delete(users).then(() => 0)'",
        "node -e 'prisma.user.updateMany({ data: { plan: \"free\" } })'",
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
        "psql -c 'DELETE FROM users WHERE id > 5'",
        "psql -c 'BEGIN; DELETE FROM users; ROLLBACK'",
        "mysql -e \"REPLACE INTO users (id, name) VALUES (1, 'a')\"",
        "cypher-shell 'MATCH (n {id: 5}) DETACH DELETE n'",
        "pg_restore -d app dump.pgc",
        "mongoimport -d app -c users users.json",
        "neo4j-admin database dump neo4j --to-path=/backups",
        "psql -c 'ALTER TABLE users ALTER COLUMN email SET NOT NULL'",
        "mongosh app --eval 'db.events.aggregate([{$merge: {into: \"totals\"}}])'",
        "mongosh app --eval 'db.users.deleteMany({$where: \"this.a > this.b\"})'",
        "psql -c 'DROP TABLESPACE ts'",
        "psql -c 'DROP MATERIALIZED VIEW totals'",
        "psql -c 'DROP TYPE mood'",
        "mongosh --eval 'db.jobs.findOneAndDelete({})'",
        "pgcli -c 'SELECT 1'",
        "echo 'SELECT 1;' > d.sql && psql -c \"$(cat d.sql)\"",
        "echo 'SELECT 1;' > d.sql && duckdb app.db '.read d.sql'",
        "python manage.py shell -c 'from app.models import User; User.objects.filter(id=3).delete()'",
        "bin/rails runner 'User.where(active: false).destroy_all'",
        "php artisan tinker --execute='DB::table(\"users\")->where(\"id\", 3)->delete()'",
        "python manage.py dbshell -- -c 'SELECT count(*) FROM app_user'",
        "echo 'SELECT 1;' > d.sql && ssh db.example.com psql app < d.sql",
        "node -e 'db.delete(users).where(eq(users.id, 3))'",
        "node -e 'prisma.user.updateMany({ where: { plan: \"trial\" }, data: { plan: \"free\" } })'",
    ],
};

pub static DROPDB: Rule = Rule {
    id: "dropdb",
    decision: ASK,
    catches: "`dropdb`, `mysqladmin drop`, `influx bucket delete` and `pg_dropcluster` (which deletes the cluster's data folder): a whole database is removed.",
    instead: "Dump the database first (`pg_dump`) and let the user confirm",
    examples: &[
        "dropdb app_production",
        "mysqladmin -u root drop app",
        "pg_dropcluster 15 main --stop",
        "influx bucket delete -n metrics",
    ],
    allowed: &["createdb app_test", "mysqladmin status", "influx bucket list"],
};

pub static REDIS_FLUSH: Rule = Rule {
    id: "redis-flush",
    decision: ASK,
    catches: "`redis-cli FLUSHALL` / `FLUSHDB` (also Valkey's and KeyDB's clients, the command piped in or read from a file, and a Lua script given to `EVAL`, or in a file `--eval` runs, that calls it): every key is deleted. Also `FLUSHALL` spoken raw to the Redis port (`echo FLUSHALL | nc host 6379`, `printf 'FLUSHALL\\r\\n' > /dev/tcp/host/6379`). Also what loses data without deleting keys by name: `SHUTDOWN NOSAVE` and `DEBUG RELOAD NOSAVE` (every write since the last snapshot), `FUNCTION FLUSH` (every function library), `SWAPDB` (each database's keys swapped for the other's, under every client). `SCRIPT FLUSH` only empties the script cache, which clients fill again, and passes.",
    instead: "Delete specific keys, and let the user confirm",
    examples: &[
        "redis-cli flushall",
        "redis-cli -n 2 FLUSHDB",
        "echo FLUSHALL | redis-cli",
        "redis-cli EVAL \"redis.call('flushall')\" 0",
        "echo \"redis.call('flushall')\" > f.lua && redis-cli --eval f.lua",
        "redis-cli SHUTDOWN NOSAVE",
        "redis-cli FUNCTION FLUSH ASYNC",
        "echo 'SWAPDB 0 1' | redis-cli",
        "echo FLUSHALL | nc localhost 6379",
        "printf 'FLUSHALL\\r\\n' > /dev/tcp/127.0.0.1/6379",
    ],
    allowed: &[
        "redis-cli get key",
        "redis-cli SHUTDOWN SAVE",
        "redis-cli SCRIPT FLUSH",
        "echo PING | nc localhost 6379",
        "echo FLUSHALL",
        "redis-cli FUNCTION LIST",
        "redis-cli keys 'session:*'",
        "redis-cli EVAL 'return 1' 0",
        "echo \"return redis.call('get', KEYS[1])\" > f.lua && redis-cli --eval f.lua k ,",
    ],
};

pub static REDIS_DUMP_MOVED: Rule = Rule {
    id: "redis-dump-moved",
    decision: ASK,
    catches: "`redis-cli CONFIG SET dir` or `dbfilename` (also Valkey's and KeyDB's clients, the command piped in or read from a file): the server then writes its snapshot, at the next `SAVE`, `BGSAVE` or automatic save, over the file named, with the server's rights. It is the well-known way to plant `~/.ssh/authorized_keys` or a cron table through Redis, and it overwrites whatever the file held.",
    instead: "Set `dir` and `dbfilename` in redis.conf, and let the user confirm",
    examples: &[
        "redis-cli CONFIG SET dir /home/user/.ssh",
        "redis-cli -p 6380 config set dbfilename authorized_keys",
        "echo 'CONFIG SET dir /var/spool/cron' | redis-cli",
    ],
    allowed: &["redis-cli CONFIG GET dir", "redis-cli CONFIG SET maxmemory 100mb"],
};

pub static REDIS_PERSISTENCE_OFF: Rule = Rule {
    id: "redis-persistence-off",
    decision: ASK,
    catches: "`redis-cli CONFIG SET appendonly no` or `CONFIG SET save \"\"` (also Valkey's and KeyDB's clients, the command piped in or read from a file): the append-only file or the snapshots stop, and every write from then on is lost at the next restart or crash, as with `SHUTDOWN NOSAVE`. Turning them on (`appendonly yes`), other save points and `CONFIG GET` pass.",
    instead: "Leave persistence on; change `appendonly` and `save` in redis.conf with the user's agreement",
    examples: &[
        "redis-cli CONFIG SET appendonly no",
        "redis-cli config set save ''",
        "echo 'CONFIG SET save \"\"' | redis-cli",
    ],
    allowed: &[
        "redis-cli CONFIG SET appendonly yes",
        "redis-cli CONFIG SET save '3600 1'",
        "redis-cli CONFIG GET save",
    ],
};

pub static KEY_STORE_EMPTIED: Rule = Rule {
    id: "key-store-emptied",
    decision: ASK,
    catches: "Deleting every key of a key-value store that a pattern, prefix or listing selects: `redis-cli --scan | xargs redis-cli del` (`unlink`, keys from `$(redis-cli keys …)`, or a Lua script given to `EVAL` or `--eval FILE` that deletes what `KEYS` or `SCAN` lists), `etcdctl del --prefix` or `--from-key` (`del --prefix \"\"` is every key), `etcdctl del KEY RANGE_END` (every key of the range), the v2 API's `etcdctl rm --recursive` (`-r`: a directory and every key below it; `rmdir` removes only an empty one and passes), `consul kv delete -recurse` (or a recursive `DELETE` of Consul's HTTP API, `/v1/kv/PREFIX?recurse`).",
    instead: "List the keys first (`redis-cli --scan --pattern`, `etcdctl get --prefix --keys-only`, `consul kv get -recurse`), and delete the ones meant by name",
    examples: &[
        "redis-cli --scan --pattern 'user:*' | xargs redis-cli del",
        "etcdctl del --prefix /app",
        "consul kv delete -recurse app/",
        "curl -X DELETE 'http://localhost:8500/v1/kv/app?recurse'",
        "etcdctl del \"\" --from-key",
        "etcdctl rm -r /app",
        "redis-cli EVAL \"for _,k in ipairs(redis.call('keys', ARGV[1])) do redis.call('del', k) end\" 0 'user:*'",
    ],
    allowed: &[
        "redis-cli del session:42",
        "etcdctl del /app/key",
        "etcdctl rm /app/key",
        "etcdctl rmdir /app/empty",
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
        "pg_dropcluster" => report.flag(
            &DROPDB,
            span,
            "`pg_dropcluster` would delete the cluster's data folder, every database in it",
        ),
        "mysqladmin" if texts.iter().any(|t| t.eq_ignore_ascii_case("drop")) => {
            report.flag(&DROPDB, span, "`mysqladmin drop` would remove the whole database");
        }
        "influx" if texts.starts_with(&["bucket", "delete"]) => {
            report.flag(&DROPDB, span, "`influx bucket delete` would remove the bucket and every point in it");
        }
        "influx"
            if texts.first() == Some(&"delete")
                && !texts
                    .iter()
                    .any(|t| matches!(*t, "-p" | "--predicate") || t.starts_with("--predicate=")) =>
        {
            report.flag(
                &SQL_DESTRUCTIVE,
                span,
                "`influx delete` without `--predicate` would delete every point of the bucket in the time range",
            );
        }
        // Without a database to connect to, `pg_restore` prints the script it would run.
        "pg_restore" => {
            let parsed = args::parse(command.args(), &PG_RESTORE);
            if parsed.has('c', "clean") && parsed.has('d', "dbname") {
                report.flag(
                    &SQL_DESTRUCTIVE,
                    span,
                    "`pg_restore --clean` would drop each of the dump's tables in the database, and the rows added since, before recreating them",
                );
            }
        }
        "mongorestore" if texts.contains(&"--drop") => report.flag(
            &SQL_DESTRUCTIVE,
            span,
            "`mongorestore --drop` would drop each collection of the dump, and the documents added since, before restoring it",
        ),
        "mongoimport" if texts.iter().any(|t| *t == "--drop" || t.starts_with("--drop=") && *t != "--drop=false") => report.flag(
            &SQL_DESTRUCTIVE,
            span,
            "`mongoimport --drop` would drop the collection, every document in it, before importing the file",
        ),
        "mysqlimport" if texts.iter().any(|t| matches!(*t, "--delete" | "-D")) => report.flag(
            &SQL_DESTRUCTIVE,
            span,
            "`mysqlimport --delete` would empty each table before importing its file",
        ),
        // Neo4j 5's `database load|restore|import` (4's `load --force`) replace the database named.
        "neo4j-admin"
            if texts
                .iter()
                .any(|t| matches!(*t, "--overwrite-destination" | "--overwrite-destination=true" | "--force"))
                && texts.iter().any(|t| matches!(*t, "load" | "restore" | "import")) =>
        {
            report.flag(
                &SQL_DESTRUCTIVE,
                span,
                "`neo4j-admin … --overwrite-destination` would replace the database, and what was written since the dump",
            );
        }
        _ if RAW_CLIENTS.contains(&name) && raw_redis_flush(command, &texts) => report.flag(
            &REDIS_FLUSH,
            span,
            "`FLUSHALL` sent to the Redis port would delete every key in the database",
        ),
        "redis-cli" | "valkey-cli" | "keydb-cli" => {
            let scripts: Vec<&str> = client_code(subject).collect();
            redis(command, &texts, &scripts, report);
        }
        "etcdctl" => {
            let parsed = args::parse(command.args(), &ETCDCTL);
            let operands: Vec<&str> = parsed.operands().map(|word| word.value().unwrap_or("")).collect();
            let lost = match operands.first() {
                Some(&"del") if parsed.has_long("prefix") || parsed.has_long("from-key") => {
                    Some("`etcdctl del --prefix` would delete every key under the prefix")
                }
                // `del KEY RANGE_END` deletes every key from KEY up to RANGE_END.
                Some(&"del") if operands.len() > 2 => Some("`etcdctl del KEY RANGE_END` would delete every key in the range"),
                // The v2 API's `rm --recursive` deletes a directory and every key below it.
                Some(&"rm") if parsed.has('r', "recursive") => {
                    Some("`etcdctl rm --recursive` would delete the directory and every key below it")
                }
                _ => None,
            };
            if let Some(lost) = lost {
                report.flag(&KEY_STORE_EMPTIED, span, lost);
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
            // db2 runs the statement its operands spell (`db2 DROP TABLE users`).
            let db2_statement = (name == "db2").then(|| {
                args::parse(command.args(), &Options::gnu("fzor", &[]))
                    .operands()
                    .map(|word| word.value().unwrap_or(""))
                    .collect::<Vec<_>>()
                    .join(" ")
            });
            for code in client_code(subject).chain(db2_statement.as_deref()) {
                let lost = match name {
                    "mongosh" | "mongo" => mongo_destructive(code).map(|statement| destroys_data(&statement)),
                    "cypher-shell" => cypher_destructive(code).map(|statement| destroys_data(&statement)),
                    _ => destructive(code, Dialect::of(name), stops_at_first_error(command, code)),
                };
                if let Some(lost) = lost {
                    report.flag(&SQL_DESTRUCTIVE, span, lost);
                }
            }
        }
        _ => {}
    }
}

/// etcdctl's options that take a value (its v3 and v2 global ones, and `del`'s and `rm`'s).
const ETCDCTL: Options = Options::gnu(
    "wC",
    &[
        "endpoints",
        "cacert",
        "cert",
        "key",
        "user",
        "password",
        "dial-timeout",
        "command-timeout",
        "keepalive-time",
        "keepalive-timeout",
        "discovery-srv",
        "discovery-srv-name",
        "write-out",
        "peers",
        "ca-file",
        "cert-file",
        "key-file",
        "username",
        "timeout",
        "total-timeout",
        "with-index",
    ],
);

/// `pg_restore`'s options that take a value.
const PG_RESTORE: Options = Options::gnu(
    "dfFIjLnNPStThpU",
    &[
        "dbname",
        "file",
        "format",
        "index",
        "jobs",
        "use-list",
        "schema",
        "exclude-schema",
        "function",
        "superuser",
        "table",
        "trigger",
        "host",
        "port",
        "username",
        "role",
    ],
);

/// The code the walk found for a database client: each code layer directly under it, a script
/// on disk among them (`psql -f drop.sql`, `mysql app < drop.sql`, `\i drop.sql`), read as the
/// walk reads a shell script there when the disk may be read.
fn client_code<'a>(subject: &'a Subject) -> impl Iterator<Item = &'a str> + 'a {
    let analysis = subject.analysis;
    analysis
        .children(subject.command.layer)
        .filter_map(move |id| match &analysis.layers[id].kind {
            LayerKind::Code { text, .. } => Some(text.as_str()),
            LayerKind::Command(_) => None,
        })
}

/// What SQL of a database not known here destroys (`manage.py dbshell`'s input, a string an
/// ORM's code runs raw), said in a few words: read as no dialect in particular.
pub(super) fn unknown_dialect_loss(sql: &str) -> Option<String> {
    destructive(sql, Dialect::Other, false)
}

/// How a database's SQL is read: MySQL's comments, and whether a transaction undoes what
/// changed the tables themselves (`DROP TABLE` in PostgreSQL, SQLite and DuckDB; in MySQL it
/// commits).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Dialect {
    Mysql,
    /// PostgreSQL, SQLite, DuckDB: a `ROLLBACK` undoes the statements since `BEGIN`, `DROP
    /// TABLE` too.
    Transactional,
    Other,
}

impl Dialect {
    fn of(client: &str) -> Dialect {
        match client {
            "mysql" | "mariadb" | "mycli" | "mysqlsh" => Dialect::Mysql,
            "psql" | "pgcli" | "sqlite3" | "sqlite" | "duckdb" | "litecli" => Dialect::Transactional,
            _ => Dialect::Other,
        }
    }
}

/// Whether the client stops at the first statement that fails in `code`: psql sends a `-c`
/// string to the server as one query, whose failing statement ends it; sqlite3 stops reading
/// SQL given as an argument at its first error. (Both read on past an error in a script file
/// or their input.)
fn stops_at_first_error(command: &Command, code: &str) -> bool {
    matches!(command.name.as_str(), "psql" | "sqlite3" | "sqlite")
        && command.args().iter().any(|word| word.value() == Some(code))
}

/// `FLUSHALL`, `FLUSHDB` as arguments or on standard input, or called by a Lua script given to
/// `EVAL` or in a file `--eval` runs (`scripts`); `DEL`/`UNLINK` of keys a listing finds at run
/// time, by the shell or by the script.
/// Whether a raw client sends `FLUSHALL` or `FLUSHDB` to Redis's port (6379, or an address
/// naming Redis): piped into `nc`, `socat` or `telnet`, or printed to a `/dev/tcp` socket.
fn raw_redis_flush(command: &Command, texts: &[&str]) -> bool {
    let redis = |text: &str| {
        let text = text.to_ascii_lowercase();
        text == "6379" || text.ends_with(":6379") || text.ends_with("/6379") || text.contains("redis")
    };
    let (to_redis, sent) = if matches!(command.name.as_str(), "echo" | "printf") {
        let socket = command.output_socket.as_ref().and_then(|socket| socket.value());
        (socket.is_some_and(redis), texts.join(" "))
    } else {
        let piped = command.stdin.text().and_then(|word| word.value()).unwrap_or_default();
        (texts.iter().any(|text| redis(text)), piped.to_owned())
    };
    to_redis
        && sent
            .split(|c: char| !c.is_ascii_alphanumeric())
            .any(|word| word.eq_ignore_ascii_case("flushall") || word.eq_ignore_ascii_case("flushdb"))
}

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
        .chain(scripts.iter().flat_map(|script| script.split_whitespace()))
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
    // The command its operands spell, and each line it reads (piped, a heredoc, a file).
    let lines = std::iter::once(texts.to_vec()).chain(
        piped
            .lines()
            .chain(scripts.iter().flat_map(|script| script.lines()))
            .map(|line| line.split_whitespace().collect()),
    );
    if let Some((rule, lost)) = lines.into_iter().find_map(|words| redis_loses(&words)) {
        report.flag(rule, command.span, lost);
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

/// What a Redis command line loses beside keys deleted: `SHUTDOWN NOSAVE` and `DEBUG RELOAD
/// NOSAVE` the writes since the last snapshot, `FUNCTION FLUSH` every function library,
/// `SWAPDB` each database's keys (swapped for the other's under every client); `CONFIG SET dir`
/// or `dbfilename` moves the next snapshot onto any file the server may write; `CONFIG SET
/// appendonly no` or `save ""` turns persistence off, so that later writes die with the server.
fn redis_loses(words: &[&str]) -> Option<(&'static Rule, &'static str)> {
    let upper: Vec<String> = words
        .iter()
        .map(|word| word.trim_matches(|c| c == '"' || c == '\'').to_ascii_uppercase())
        .collect();
    let is = |at: usize, word: &str| upper.get(at).is_some_and(|found| found == word);
    let later = |at: usize, word: &str| upper.iter().skip(at).any(|found| found == word);
    (0..upper.len()).find_map(|at| match upper[at].as_str() {
        "SHUTDOWN" if later(at + 1, "NOSAVE") => Some((
            &REDIS_FLUSH,
            "`SHUTDOWN NOSAVE` would stop the server without saving: every write since its last snapshot would be lost",
        )),
        "DEBUG" if is(at + 1, "RELOAD") && later(at + 2, "NOSAVE") => Some((
            &REDIS_FLUSH,
            "`DEBUG RELOAD NOSAVE` would reload the last snapshot without saving first: every write since would be lost",
        )),
        "FUNCTION" if is(at + 1, "FLUSH") => Some((
            &REDIS_FLUSH,
            "`FUNCTION FLUSH` would delete every function library on the server",
        )),
        "SWAPDB" if upper.len() > at + 2 => Some((
            &REDIS_FLUSH,
            "`SWAPDB` would swap the two databases' keys: every client of either would then read and overwrite the other's",
        )),
        "CONFIG" if is(at + 1, "SET") => {
            // `CONFIG SET parameter value [parameter value …]`.
            let pairs: Vec<(&str, &str)> = upper[at + 2..]
                .chunks_exact(2)
                .map(|pair| (pair[0].as_str(), pair[1].as_str()))
                .collect();
            if pairs.iter().any(|(parameter, _)| matches!(*parameter, "DIR" | "DBFILENAME")) {
                Some((
                    &REDIS_DUMP_MOVED,
                    "`CONFIG SET dir|dbfilename` would make the server write its next snapshot to that file, whatever it holds now",
                ))
            } else if pairs.contains(&("APPENDONLY", "NO")) {
                Some((
                    &REDIS_PERSISTENCE_OFF,
                    "`CONFIG SET appendonly no` would stop the append-only file: writes since the last snapshot would be lost at the next restart",
                ))
            } else if pairs.iter().any(|(parameter, value)| *parameter == "SAVE" && value.trim().is_empty()) {
                Some((
                    &REDIS_PERSISTENCE_OFF,
                    "`CONFIG SET save \"\"` would stop the snapshots: what is written from then on would be lost at the next restart",
                ))
            } else {
                None
            }
        }
        _ => None,
    })
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
/// FROM @q`, MariaDB's `EXECUTE IMMEDIATE @q`) runs what was last assigned to it. Statements a
/// later `ROLLBACK` undoes destroy nothing where the dialect rolls them all back; nor does
/// emptying or dropping a table the same SQL created (`CREATE TEMP TABLE x …; DROP TABLE x`)
/// when the client stops at the first error (`stops_at_first_error`), so that the table
/// dropped is the one just made and not one of the same name that made `CREATE` fail.
fn destructive(sql: &str, dialect: Dialect, stops_at_first_error: bool) -> Option<String> {
    let mysql = dialect == Dialect::Mysql;
    let mut variables: HashMap<String, String> = HashMap::new();
    let mut created: Vec<String> = Vec::new();
    let statements = statements(sql, mysql);
    let undone = rolled_back(&statements, dialect, sql);
    statements.iter().zip(undone).find_map(|(statement, undone)| {
        variables.extend(assigned_variables(statement));
        if stops_at_first_error && let Some(table) = created_table(statement) {
            created.push(table);
        }
        let runs_variable = matches!(statement.first(), Some(Token::Word(w)) if matches!(w.as_str(), "PREPARE" | "EXECUTE"))
            && statement.iter().skip(1).any(|token| {
                matches!(token, Token::Word(name) if variables.get(name).is_some_and(|code| runs_destructive(code, mysql)))
            });
        if undone || !(runs_variable || destroys(statement, mysql)) {
            return None;
        }
        if !runs_variable
            && let Some(tables) = tables_changed(statement)
            && !tables.is_empty()
            && tables.iter().all(|table| created.contains(table))
        {
            // A table dropped is gone: a second `DROP TABLE x` would find another `x`.
            if is_word(statement.first(), "DROP") {
                created.retain(|table| !tables.contains(table));
            }
            return None;
        }
        let said = said(statement);
        Some(if is_word(statement.first(), "ALTER") && !altered_away(statement) {
            format!(
                "`{said}` would convert every value of the column to its new type: a narrower type cuts what does not fit (MySQL outside strict mode, SQL Server, Oracle), a `USING` expression replaces the values"
            )
        } else {
            destroys_data(&said)
        })
    })
}

/// The first statement of SQL sent to a database over HTTP (ClickHouse's `?query=`) that
/// destroys data, said in a few words.
pub(super) fn sql_destroys(sql: &str) -> Option<String> {
    destructive(sql, Dialect::Other, false)
}

/// The first Cypher statement sent to Neo4j over HTTP that destroys data, said in a few words.
pub(super) fn cypher_destroys(code: &str) -> Option<String> {
    cypher_destructive(code).map(|statement| destroys_data(&statement))
}

/// The reason given for a statement that destroys data.
fn destroys_data(statement: &str) -> String {
    format!("`{statement}` would destroy data in the database")
}

/// A statement's first words, to name it.
fn said(statement: &[Token]) -> String {
    statement
        .iter()
        .take(8)
        .map(|token| match token {
            Token::Word(w) | Token::Symbol(w) => w.clone(),
            Token::Literal(l) => format!("'{l}'"),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Cypher (Neo4j's `cypher-shell`) that deletes every node or relationship a pattern matches
/// without a filter (`MATCH (n) DETACH DELETE n`, `MATCH (n:User) DELETE n`, in batches too),
/// or drops or replaces a database (`DROP DATABASE`, `CREATE OR REPLACE DATABASE`). A `WHERE`
/// that can be false, or properties in the pattern (`MATCH (n {id: 5})`), is a filter.
fn cypher_destructive(code: &str) -> Option<String> {
    let clauses = [
        "DETACH", "DELETE", "WITH", "RETURN", "SET", "MATCH", "OPTIONAL", "CALL", "UNWIND", "LIMIT",
    ];
    statements(code, false).into_iter().find_map(|statement| {
        let word = |at: usize| match statement.get(at) {
            Some(Token::Word(w)) => w.as_str(),
            _ => "",
        };
        let drops = (word(0) == "DROP" && matches!(word(1), "DATABASE" | "COMPOSITE"))
            || (word(0) == "CREATE" && word(1) == "OR" && word(2) == "REPLACE" && word(3) == "DATABASE");
        let deletes = statement
            .iter()
            .position(|token| is_word(Some(token), "DELETE"))
            .is_some_and(|delete| {
                let before = &statement[..delete];
                let mut depth = 0;
                let properties = before.iter().any(|token| match token {
                    Token::Symbol(s) if s == "(" => {
                        depth += 1;
                        false
                    }
                    Token::Symbol(s) if s == ")" => {
                        depth -= 1;
                        false
                    }
                    Token::Symbol(s) => s == "{" && depth > 0,
                    _ => false,
                });
                let filtered = before
                    .iter()
                    .position(|token| is_word(Some(token), "WHERE"))
                    .is_some_and(|at| {
                        let condition: Vec<&Token> = before[at + 1..]
                            .iter()
                            .take_while(|token| !matches!(token, Token::Word(w) if clauses.contains(&w.as_str())))
                            .collect();
                        !always_true(&condition)
                    });
                before.iter().any(|token| is_word(Some(token), "MATCH")) && !properties && !filtered
            });
        (drops || deletes).then(|| said(&statement))
    })
}

/// For each statement, whether a `ROLLBACK` later in the SQL undoes it: it follows a `BEGIN`
/// (`START TRANSACTION`) with no `COMMIT` or `END` in between, in a dialect whose
/// transactions undo every statement. Not when the SQL holds client commands (psql's
/// `\gexec` runs the text a query returns, a `COMMIT` among it).
fn rolled_back(statements: &[Vec<Token>], dialect: Dialect, sql: &str) -> Vec<bool> {
    let mut undone = vec![false; statements.len()];
    let client_commands = sql.contains('\\') || sql.lines().any(|line| line.trim_start().starts_with('.'));
    if dialect != Dialect::Transactional || client_commands {
        return undone;
    }
    let mut open = None;
    for (index, statement) in statements.iter().enumerate() {
        let word = |at: usize| match statement.get(at) {
            Some(Token::Word(w)) => w.as_str(),
            _ => "",
        };
        match (word(0), word(1)) {
            ("BEGIN", _) | ("START", "TRANSACTION") if open.is_none() => open = Some(index),
            ("COMMIT" | "END", _) | ("PREPARE", "TRANSACTION") => open = None,
            ("ROLLBACK" | "ABORT", _)
                if !statement
                    .iter()
                    .any(|token| is_word(Some(token), "TO") || is_word(Some(token), "PREPARED")) =>
            {
                if let Some(begun) = open.take() {
                    undone[begun..index].iter_mut().for_each(|slot| *slot = true);
                }
            }
            _ => {}
        }
    }
    undone
}

/// The table a `CREATE TABLE` statement makes (`CREATE TEMP TABLE x AS …`), not when it may
/// keep one already there (`IF NOT EXISTS`) or replace it (`OR REPLACE`).
fn created_table(statement: &[Token]) -> Option<String> {
    if !is_word(statement.first(), "CREATE") {
        return None;
    }
    let mut at = 1;
    while matches!(statement.get(at), Some(Token::Word(w)) if matches!(w.as_str(), "TEMP" | "TEMPORARY" | "LOCAL" | "GLOBAL" | "UNLOGGED"))
    {
        at += 1;
    }
    if !is_word(statement.get(at), "TABLE") {
        return None;
    }
    match statement.get(at + 1) {
        Some(Token::Word(name)) if name != "IF" => Some(name.clone()),
        _ => None,
    }
}

/// The tables a statement that destroys data changes: those `DROP TABLE` or `TRUNCATE` name,
/// the one `DELETE FROM`, `UPDATE` or `ALTER TABLE` names; `None` for any other statement.
fn tables_changed(statement: &[Token]) -> Option<Vec<String>> {
    let skipped = ["TABLE", "IF", "EXISTS", "ONLY", "FROM"];
    let names = |from: usize, list: bool| -> Vec<String> {
        let mut names = Vec::new();
        let mut at = from;
        while let Some(Token::Word(w)) = statement.get(at)
            && skipped.contains(&w.as_str())
        {
            at += 1;
        }
        while let Some(Token::Word(name)) = statement.get(at) {
            names.push(name.clone());
            if !list || !matches!(statement.get(at + 1), Some(Token::Symbol(comma)) if comma == ",") {
                break;
            }
            at += 2;
        }
        names
    };
    let word = |at: usize| match statement.get(at) {
        Some(Token::Word(w)) => w.as_str(),
        _ => "",
    };
    match word(0) {
        "DROP" if word(1) == "TABLE" => Some(names(1, true)),
        "TRUNCATE" => Some(names(1, true)),
        "DELETE" | "UPDATE" | "ALTER" => Some(names(1, false)),
        _ => None,
    }
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
                matches!(token, Token::Word(w) if matches!(w.as_str(), "DELETE" | "UPDATE" | "SELECT" | "INSERT" | "MERGE"))
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
            let cascade = || top_level(statement).any(|(_, token)| is_word(Some(token), "CASCADE"));
            match statement.get(at) {
                // A sequence's counter is data: made again, it starts over at ids rows hold.
                // Snowflake's internal stage holds the files put in it.
                Some(Token::Word(w))
                    if matches!(
                        w.as_str(),
                        "TABLE" | "DATABASE" | "SCHEMA" | "KEYSPACE" | "OWNED" | "NAMESPACE" | "SEQUENCE" | "STAGE"
                    ) =>
                {
                    true
                }
                // Oracle's `DROP TABLESPACE ts INCLUDING CONTENTS` drops its tables; PostgreSQL
                // and MySQL drop only an empty one.
                Some(Token::Word(w)) if w == "TABLESPACE" => top_level(statement).any(|(index, token)| {
                    is_word(Some(token), "INCLUDING") && is_word(statement.get(index + 1), "CONTENTS")
                }),
                // What only rebuilds from the tables, or guards them, has no data of its own, and
                // what depends on it is more of the same.
                Some(Token::Word(w))
                    if matches!(
                        w.as_str(),
                        "INDEX" | "VIEW" | "MATERIALIZED" | "TRIGGER" | "RULE" | "POLICY" | "STATISTICS" | "TEMPORARY"
                    ) =>
                {
                    false
                }
                // `CASCADE` drops what depends on the object: the columns of a type, domain or
                // extension's type (PostgreSQL), a generated column computed by a function, and
                // (Oracle's `DROP USER app CASCADE`) every table the user owns.
                _ => cascade(),
            }
        }
        "TRUNCATE" => true,
        // SurrealDB's `DELETE user:1` names one record.
        "DELETE" | "UPDATE" if names_a_record(statement) => false,
        "DELETE" => !restricted(statement),
        "UPDATE" => !restricted(statement),
        "ALTER" if is_word(statement.get(1), "TABLE") => altered_away(statement) || retyped(statement),
        // A table replaced whole: `CREATE OR REPLACE TABLE t AS …` (DuckDB, BigQuery,
        // Snowflake, Databricks), `REPLACE TABLE t AS …`, Hive's and Spark's `INSERT OVERWRITE
        // TABLE t …` (Snowflake's `INSERT OVERWRITE INTO t`). MySQL's `REPLACE INTO t` replaces
        // only the rows whose key it gives, as an upsert does.
        "CREATE" => {
            is_word(statement.get(1), "OR")
                && is_word(statement.get(2), "REPLACE")
                && statement[3..]
                    .iter()
                    .take_while(|token| !matches!(token, Token::Word(w) if w == "TEMP" || w == "TEMPORARY"))
                    .take(3)
                    .any(|token| is_word(Some(token), "TABLE"))
        }
        "REPLACE" => is_word(statement.get(1), "TABLE"),
        "INSERT" => is_word(statement.get(1), "OVERWRITE"),
        "MERGE" => merge_deletes_every_row(statement),
        // SurrealDB's `REMOVE DATABASE|NAMESPACE|TABLE`.
        "REMOVE" => matches!(
            statement.get(1),
            Some(Token::Word(w)) if matches!(w.as_str(), "DATABASE" | "DB" | "NAMESPACE" | "NS" | "TABLE")
        ),
        _ => false,
    }
}

/// Whether a `DELETE` or `UPDATE` names a single record as SurrealDB writes one (`user:1`).
fn names_a_record(statement: &[Token]) -> bool {
    let target = usize::from(is_word(statement.get(1), "FROM")) + 1;
    matches!(statement.get(target), Some(Token::Word(_)))
        && matches!(statement.get(target + 1), Some(Token::Symbol(colon)) if colon == ":")
}

/// Whether a `MERGE` deletes every row of its target: it joins `ON` a condition that always
/// holds, and `WHEN MATCHED THEN DELETE` has no condition of its own. (A real join deletes
/// the rows the source names.)
fn merge_deletes_every_row(statement: &[Token]) -> bool {
    let top: Vec<(usize, &Token)> = top_level(statement).collect();
    let at_word = |word: &str, after: usize| {
        top.iter()
            .find(|(index, token)| *index > after && is_word(Some(token), word))
            .map(|(index, _)| *index)
    };
    let (Some(on), Some(when)) = (at_word("ON", 0), at_word("ON", 0).and_then(|on| at_word("WHEN", on))) else {
        return false;
    };
    let deletes_every_match = top.windows(4).any(|window| {
        ["WHEN", "MATCHED", "THEN", "DELETE"]
            .iter()
            .zip(window)
            .all(|(word, (_, token))| is_word(Some(token), word))
    });
    let condition: Vec<&Token> = statement[on + 1..when].iter().collect();
    deletes_every_match && always_true(&condition)
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

/// Whether a condition holds for every row: one made only of constants that is true (`1=1`,
/// `TRUE`, `2 > 1`, `1 IN (1)`, `'a' LIKE '%'`, `NULL IS NULL`, `NOT false`), a column compared
/// with itself (`x = x`), or the key every row has, `id` or SQLite's `rowid`, asked only to be
/// set or above its lowest value (`id IS NOT NULL`, `rowid > 0`, `id >= 1`: the idiom that gets
/// past MySQL's safe-updates mode); any of them joined by `OR`, or all of them by `AND`. Any
/// other test of a column (`id > 5`, `email IS NOT NULL`, `created_at < now()`) depends on the
/// data, and is a filter.
fn always_true(condition: &[&Token]) -> bool {
    let mut reader = Condition {
        tokens: condition,
        at: 0,
    };
    let value = reader.or();
    reader.at == condition.len() && value.is_true()
}

/// The value of a condition, or of a part of it, for every row at once.
#[derive(Clone, Debug, PartialEq)]
enum Value {
    Null,
    Bool(bool),
    Number(f64),
    Text(String),
    /// A column, by name.
    Column(String),
    /// Depends on the row, or on what is not read here (a function, a parameter).
    Unknown,
}

impl Value {
    fn is_true(&self) -> bool {
        match self {
            Value::Bool(true) => true,
            Value::Number(n) => *n != 0.0,
            _ => false,
        }
    }

    fn is_key_column(&self) -> bool {
        matches!(self, Value::Column(name) if {
            let column = name.rsplit('.').next().unwrap_or(name);
            matches!(column, "ID" | "ROWID" | "_ROWID_" | "OID")
        })
    }

    fn logical(&self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(*b),
            Value::Number(n) => Some(*n != 0.0),
            _ => None,
        }
    }
}

/// A reader of a condition's tokens, evaluating it as it goes: `OR`, `AND`, `NOT`,
/// comparisons, `IS [NOT] NULL`, `[NOT] IN (…)`, `[NOT] LIKE`, `[NOT] BETWEEN … AND …`.
struct Condition<'t> {
    tokens: &'t [&'t Token],
    at: usize,
}

impl Condition<'_> {
    fn peek_word(&self, word: &str) -> bool {
        is_word(self.tokens.get(self.at).copied(), word)
    }

    fn peek_symbol(&self) -> Option<&str> {
        match self.tokens.get(self.at) {
            Some(Token::Symbol(symbol)) => Some(symbol.as_str()),
            _ => None,
        }
    }

    fn eat_word(&mut self, word: &str) -> bool {
        let found = self.peek_word(word);
        self.at += usize::from(found);
        found
    }

    fn eat_symbol(&mut self, symbol: &str) -> bool {
        let found = self.peek_symbol() == Some(symbol);
        self.at += usize::from(found);
        found
    }

    fn or(&mut self) -> Value {
        let mut value = self.and();
        while self.eat_word("OR") {
            let right = self.and();
            value = match (value.logical(), right.logical()) {
                (Some(true), _) | (_, Some(true)) => Value::Bool(true),
                (Some(false), Some(false)) => Value::Bool(false),
                _ => Value::Unknown,
            };
        }
        value
    }

    fn and(&mut self) -> Value {
        let mut value = self.not();
        while self.eat_word("AND") {
            let right = self.not();
            value = match (value.logical(), right.logical()) {
                (Some(false), _) | (_, Some(false)) => Value::Bool(false),
                (Some(true), Some(true)) => Value::Bool(true),
                _ => Value::Unknown,
            };
        }
        value
    }

    fn not(&mut self) -> Value {
        if self.eat_word("NOT") {
            return match self.not().logical() {
                Some(b) => Value::Bool(!b),
                None => Value::Unknown,
            };
        }
        self.predicate()
    }

    fn predicate(&mut self) -> Value {
        let left = self.operand();
        if let Some(op) = self
            .peek_symbol()
            .filter(|op| matches!(*op, "=" | "==" | "<>" | "!=" | "<" | ">" | "<=" | ">="))
        {
            let op = op.to_owned();
            self.at += 1;
            let right = self.operand();
            return compare(&left, &op, &right);
        }
        if self.eat_word("IS") {
            let negated = self.eat_word("NOT");
            let is_null = if self.eat_word("NULL") {
                match left {
                    Value::Null => Some(true),
                    Value::Bool(_) | Value::Number(_) | Value::Text(_) => Some(false),
                    // The key every row has is never null.
                    _ if left.is_key_column() => Some(false),
                    _ => None,
                }
            } else {
                self.at += 1;
                None
            };
            return is_null.map_or(Value::Unknown, |is_null| Value::Bool(is_null != negated));
        }
        let negated = self.eat_word("NOT");
        if self.eat_word("IN") {
            if !self.eat_symbol("(") {
                return Value::Unknown;
            }
            let mut found = Value::Bool(false);
            loop {
                let item = self.or();
                found = match (found, compare(&left, "=", &item)) {
                    (Value::Bool(true), _) | (_, Value::Bool(true)) => Value::Bool(true),
                    (Value::Bool(false), Value::Bool(false)) => Value::Bool(false),
                    _ => Value::Unknown,
                };
                if !self.eat_symbol(",") {
                    break;
                }
            }
            if !self.eat_symbol(")") {
                return Value::Unknown;
            }
            return negate(found, negated);
        }
        if self.eat_word("LIKE") || self.eat_word("ILIKE") {
            let pattern = self.operand();
            let matched = match (&left, &pattern) {
                (Value::Text(text), Value::Text(pattern)) => Value::Bool(like(text, pattern)),
                (_, Value::Text(pattern))
                    if pattern.chars().all(|c| c == '%')
                        && !matches!(left, Value::Null | Value::Unknown)
                        && !matches!(left, Value::Column(_)) =>
                {
                    Value::Bool(true)
                }
                _ => Value::Unknown,
            };
            return negate(matched, negated);
        }
        if self.eat_word("BETWEEN") {
            let low = self.operand();
            if !self.eat_word("AND") {
                return Value::Unknown;
            }
            let high = self.operand();
            let within = match (
                compare(&left, ">=", &low).logical(),
                compare(&left, "<=", &high).logical(),
            ) {
                (Some(a), Some(b)) => Value::Bool(a && b),
                _ => Value::Unknown,
            };
            return negate(within, negated);
        }
        if negated {
            self.at = self.tokens.len() + 1;
            return Value::Unknown;
        }
        left
    }

    fn operand(&mut self) -> Value {
        let Some(token) = self.tokens.get(self.at) else {
            return Value::Unknown;
        };
        self.at += 1;
        match token {
            Token::Literal(text) => text
                .parse::<f64>()
                .map_or_else(|_| Value::Text(text.clone()), Value::Number),
            Token::Word(w) if w == "TRUE" => Value::Bool(true),
            Token::Word(w) if w == "FALSE" => Value::Bool(false),
            Token::Word(w) if w == "NULL" => Value::Null,
            Token::Word(w) => {
                if self.peek_symbol() == Some("(") {
                    // A function call: its value depends on what it does.
                    let mut depth = 0;
                    while let Some(token) = self.tokens.get(self.at) {
                        self.at += 1;
                        match token {
                            Token::Symbol(s) if s == "(" => depth += 1,
                            Token::Symbol(s) if s == ")" => {
                                depth -= 1;
                                if depth == 0 {
                                    break;
                                }
                            }
                            _ => {}
                        }
                    }
                    return Value::Unknown;
                }
                Value::Column(w.clone())
            }
            Token::Symbol(s) if s == "-" => match self.operand() {
                Value::Number(n) => Value::Number(-n),
                _ => Value::Unknown,
            },
            Token::Symbol(s) if s == "(" => {
                let value = self.or();
                if self.eat_symbol(")") { value } else { Value::Unknown }
            }
            Token::Symbol(_) => Value::Unknown,
        }
    }
}

fn negate(value: Value, negated: bool) -> Value {
    match value.logical() {
        Some(b) => Value::Bool(b != negated),
        None => Value::Unknown,
    }
}

/// `left op right`, for constants; a column with itself, or the key column above its lowest
/// value, for every row.
fn compare(left: &Value, op: &str, right: &Value) -> Value {
    use std::cmp::Ordering;
    let ordering = match (left, right) {
        (Value::Null, _) | (_, Value::Null) => return Value::Null,
        (Value::Number(a), Value::Number(b)) => a.partial_cmp(b),
        (Value::Text(a), Value::Text(b)) => Some(a.cmp(b)),
        (Value::Bool(a), Value::Bool(b)) => Some(a.cmp(b)),
        (Value::Column(a), Value::Column(b)) if a == b && matches!(op, "=" | "==" | ">=" | "<=") => {
            return Value::Bool(true);
        }
        (key, Value::Number(n)) if key.is_key_column() => {
            let every_row = match op {
                ">" => *n <= 0.0,
                ">=" => *n <= 1.0,
                _ => false,
            };
            return if every_row { Value::Bool(true) } else { Value::Unknown };
        }
        (Value::Number(_), key) if key.is_key_column() => {
            let flipped = match op {
                "<" => ">",
                "<=" => ">=",
                _ => return Value::Unknown,
            };
            return compare(right, flipped, left);
        }
        _ => None,
    };
    let Some(ordering) = ordering else {
        return Value::Unknown;
    };
    Value::Bool(match op {
        "=" | "==" => ordering == Ordering::Equal,
        "<>" | "!=" => ordering != Ordering::Equal,
        "<" => ordering == Ordering::Less,
        ">" => ordering == Ordering::Greater,
        "<=" => ordering != Ordering::Greater,
        _ => ordering != Ordering::Less,
    })
}

/// Whether `text` matches a `LIKE` pattern (`%` any run of characters, `_` one).
fn like(text: &str, pattern: &str) -> bool {
    let text: Vec<char> = text.chars().collect();
    let pattern: Vec<char> = pattern.chars().collect();
    fn matches(text: &[char], pattern: &[char]) -> bool {
        match pattern.split_first() {
            None => text.is_empty(),
            Some(('%', rest)) => (0..=text.len()).any(|skip| matches(&text[skip..], rest)),
            Some(('_', rest)) => !text.is_empty() && matches(&text[1..], rest),
            Some((c, rest)) => text.first() == Some(c) && matches(&text[1..], rest),
        }
    }
    matches(&text, &pattern)
}

/// Whether an `ALTER TABLE` drops a column or partition (`DROP COLUMN c`, `DROP c`, `DROP
/// PARTITION p`, `TRUNCATE PARTITION p`, ClickHouse's `DELETE WHERE` always true), rather than a
/// constraint, index or default.
fn altered_away(statement: &[Token]) -> bool {
    let top: Vec<(usize, &Token)> = top_level(statement).collect();
    action_starts(&top).any(|position| {
        let token = top[position].1;
        let follows = |n: usize| top.get(position + n).map(|(_, t)| *t);
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

/// The positions in an `ALTER TABLE`'s top-level tokens where one of its actions starts: the
/// first after the table's name, and each after a comma (`ALTER COLUMN c DROP DEFAULT` drops
/// no column).
fn action_starts<'a>(top: &'a [(usize, &Token)]) -> impl Iterator<Item = usize> + 'a {
    (0..top.len()).filter(|&position| {
        position >= 3
            && matches!(top[position].1, Token::Word(_))
            && matches!(top[position - 1].1, Token::Symbol(s) if s == ",")
            || position == 3
            || (position == 4 && is_word(Some(top[2].1), "ONLY"))
            || (position == 5 && is_word(Some(top[2].1), "IF"))
    })
}

/// Whether an `ALTER TABLE` changes a column's type, which converts every value the column
/// holds: PostgreSQL's `ALTER [COLUMN] c [SET DATA] TYPE t [USING expr]`, SQL Server's `ALTER
/// COLUMN c t`, MySQL's `MODIFY [COLUMN] c t` and `CHANGE [COLUMN] old new t`, Oracle's `MODIFY
/// (c t)`. Its other column actions (`SET DEFAULT`, `DROP NOT NULL`, `SET STATISTICS`…) keep
/// the values.
fn retyped(statement: &[Token]) -> bool {
    let top: Vec<(usize, &Token)> = top_level(statement).collect();
    action_starts(&top).any(|position| {
        let word = |n: usize| match top.get(position + n).map(|(_, t)| *t) {
            Some(Token::Word(w)) => w.as_str(),
            _ => "",
        };
        match word(0) {
            // ClickHouse's `MODIFY TTL|SETTING|ORDER BY|COMMENT…`, and its `MODIFY COLUMN c
            // COMMENT|TTL|CODEC|DEFAULT…`, keep the values.
            "MODIFY" | "CHANGE" => {
                let name = if word(1) == "COLUMN" { 2 } else { 1 };
                !matches!(
                    word(1),
                    "PARTITION"
                        | "CONSTRAINT"
                        | "INDEX"
                        | "TTL"
                        | "SETTING"
                        | "ORDER"
                        | "QUERY"
                        | "COMMENT"
                        | "SAMPLE"
                        | "STATISTICS"
                        | "PRIMARY"
                        | "REFRESH"
                        | "SQL"
                ) && !matches!(
                    word(name + 1),
                    "COMMENT"
                        | "TTL"
                        | "CODEC"
                        | "DEFAULT"
                        | "REMOVE"
                        | "MODIFY"
                        | "RESET"
                        | "MATERIALIZED"
                        | "ALIAS"
                        | "SETTINGS"
                        | "EPHEMERAL"
                )
            }
            "ALTER" => {
                let name = if word(1) == "COLUMN" { 2 } else { 1 };
                if matches!(word(1), "CONSTRAINT" | "INDEX" | "CHECK" | "PARTITION") || word(name).is_empty() {
                    return false;
                }
                match word(name + 1) {
                    "TYPE" => true,
                    "SET" => word(name + 2) == "DATA",
                    // SQL Server names the new type alone (`ALTER COLUMN c varchar(5)`).
                    "DROP" | "ADD" | "RESTART" | "RESET" | "OPTIONS" | "" => false,
                    _ => word(1) == "COLUMN",
                }
            }
            _ => false,
        }
    })
}

/// MongoDB shell code that drops a collection or database, deletes every document, or
/// overwrites every document (`updateMany({}, …)`, `update({}, …, {multi: true})`, as `UPDATE`
/// without `WHERE`), also as a `bulkWrite` operation, a `runCommand` (`{drop: …}`,
/// `{dropDatabase: 1}`, `{delete: …, deletes: [{q: {}, limit: 0}]}`) or a rename that drops the
/// collection it replaces (`renameCollection('y', true)`); an aggregation's `$out` stage, which
/// replaces the collection it names whole (as `CREATE OR REPLACE TABLE`; `$merge` writes
/// documents by key, as `REPLACE INTO`, and passes); every user or role of the database dropped
/// (`dropAllUsers()`, `{dropAllRolesFromDatabase: 1}`). A filter matches every document when it
/// is empty, asks only that `_id` exist (`{_id: {$exists: true}}`, `{_id: {$ne: null}}`), or is
/// a constant true (`{$where: "true"}`, `{$expr: true}`), as `WHERE 1=1` does; `remove({},
/// true)` deletes one document.
fn mongo_destructive(code: &str) -> Option<String> {
    static DESTROYS: LazyLock<Regex> = LazyLock::new(|| {
        let key = |name: &str| format!(r#"['"]?\b{name}['"]?\s*:"#);
        let id_exists = r#"['"]?_id['"]?\s*:\s*\{\s*['"]?\$(?:exists['"]?\s*:\s*(?:true|1)|ne['"]?\s*:\s*null)\s*\}"#;
        let where_true = r#"['"]?\$where['"]?\s*:\s*(?:['"`]\s*(?:return\s+)?(?:true|1)\s*;?\s*['"`]|function\s*\(\s*\)\s*\{\s*return\s+(?:true|1)\s*;?\s*\})"#;
        let expr_true = r#"['"]?\$expr['"]?\s*:\s*(?:true|1|\{\s*['"]?\$literal['"]?\s*:\s*(?:true|1)\s*\})"#;
        let every = format!(r"\{{\s*(?:(?:{id_exists}|{where_true}|{expr_true})\s*)?\}}");
        let patterns = [
            r"\.\s*(?:drop|dropDatabase|dropAllUsers|dropAllRoles)\s*\(\s*(?:\{[^()]*\}\s*)?\)".to_owned(),
            // An aggregation's `$out` stage replaces its target collection whole.
            r#"['"]?\$out['"]?\s*:"#.to_owned(),
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
                r#"\b(?:runCommand|adminCommand)\s*\(\s*\{{\s*['"]?drop['"]?\s*:|{}"#,
                key("(?:dropDatabase|dropAllUsersFromDatabase|dropAllRolesFromDatabase)")
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
    use super::{Dialect, cypher_destructive, destructive, mongo_destructive};

    #[test]
    fn finds_destructive_statements() {
        assert!(destructive("DROP TABLE x", Dialect::Other, false).is_some());
        assert!(destructive("select 1; delete from x", Dialect::Other, false).is_some());
        assert!(destructive("delete from x where id = 1", Dialect::Other, false).is_none());
        assert!(destructive("select * from dropped_items", Dialect::Other, false).is_none());
        assert!(destructive("DELETE FROM x WHERE id > 0 OR (1 = 1)", Dialect::Other, false).is_some());
        assert!(destructive("DELETE FROM x WHERE 'a' = 'a'", Dialect::Other, false).is_some());
        assert!(destructive("UPDATE x SET a = 1", Dialect::Other, false).is_some());
        assert!(destructive("UPDATE x SET a = 1 WHERE id = 2", Dialect::Other, false).is_none());
        assert!(destructive("ALTER TABLE x DROP COLUMN c", Dialect::Other, false).is_some());
        assert!(destructive("ALTER TABLE IF EXISTS x ADD c int, DROP d", Dialect::Other, false).is_some());
        assert!(destructive("ALTER TABLE x ALTER COLUMN c DROP DEFAULT", Dialect::Other, false).is_none());
        assert!(destructive("ALTER TABLE x DROP CONSTRAINT fk", Dialect::Other, false).is_none());
        assert!(destructive("ALTER TABLE events DELETE WHERE 1=1", Dialect::Other, false).is_some());
        assert!(destructive("DROP VIEW v; DROP INDEX i; DROP FUNCTION f()", Dialect::Other, false).is_none());
        assert!(destructive("SELECT 'DROP TABLE x' -- DROP TABLE y\n", Dialect::Other, false).is_none());
        assert!(destructive("/* TRUNCATE x */ SELECT 1", Dialect::Other, false).is_none());
        assert!(
            destructive(
                "CREATE FUNCTION f() AS $$ DELETE FROM x $$ LANGUAGE sql",
                Dialect::Other,
                false
            )
            .is_none()
        );
        assert!(destructive("SELECT 1 # DROP TABLE x", Dialect::Mysql, false).is_none());
        assert!(destructive("WITH old AS (SELECT 1) DELETE FROM x", Dialect::Other, false).is_some());
        assert!(destructive("WITH d AS (DELETE FROM x RETURNING *) SELECT 1", Dialect::Other, false).is_some());
        assert!(
            destructive(
                "WITH d AS MATERIALIZED (SELECT 1) SELECT * FROM d",
                Dialect::Other,
                false
            )
            .is_none()
        );
        assert!(destructive("/*!50000 DROP TABLE x */", Dialect::Mysql, false).is_some());
        assert!(destructive("/*M! TRUNCATE x */; SELECT 1", Dialect::Mysql, false).is_some());
        assert!(destructive("/*!40101 SET NAMES utf8 */; SELECT 1", Dialect::Mysql, false).is_none());
        assert!(destructive("/*!50000 DROP TABLE x */", Dialect::Other, false).is_none());
        assert!(destructive("DO $$ BEGIN EXECUTE 'DROP TABLE x'; END $$", Dialect::Other, false).is_some());
        assert!(destructive("DO $$ BEGIN DELETE FROM x; END $$", Dialect::Other, false).is_some());
        assert!(
            destructive(
                "DO $$ BEGIN IF true THEN UPDATE x SET a = 1; END IF; END $$",
                Dialect::Other,
                false
            )
            .is_some()
        );
        assert!(destructive("DO $$ BEGIN RAISE NOTICE 'DROP TABLE x'; END $$", Dialect::Other, false).is_none());
        assert!(destructive("EXECUTE 'DROP TABLE x'", Dialect::Other, false).is_some());
        assert!(destructive("EXEC sp_executesql N'TRUNCATE TABLE x'", Dialect::Other, false).is_some());
        assert!(destructive("PREPARE s FROM 'DELETE FROM x'", Dialect::Mysql, false).is_some());
        assert!(destructive("EXECUTE 'DELETE FROM x WHERE id = ' || id", Dialect::Other, false).is_none());
        assert!(
            destructive(
                "SET @q = 'DROP TABLE t'; PREPARE s FROM @q; EXECUTE s",
                Dialect::Mysql,
                false
            )
            .is_some()
        );
        assert!(
            destructive(
                "SET @q := CONCAT('TRUNCATE ', 't'); EXECUTE IMMEDIATE @q",
                Dialect::Mysql,
                false
            )
            .is_some()
        );
        assert!(
            destructive(
                "SET @a = 1, @q = 'DELETE FROM t'; PREPARE s FROM @q",
                Dialect::Mysql,
                false
            )
            .is_some()
        );
        assert!(
            destructive(
                "SET @q = 'SELECT 1'; PREPARE s FROM @q; EXECUTE s",
                Dialect::Mysql,
                false
            )
            .is_none()
        );
        assert!(
            destructive(
                "SET @q = 'DROP TABLE t'; SET @q = 'SELECT 1'; PREPARE s FROM @q",
                Dialect::Mysql,
                false
            )
            .is_none()
        );
    }

    #[test]
    fn finds_filters_true_for_every_row() {
        let other = |sql: &str| destructive(sql, Dialect::Other, false).is_some();
        assert!(other("DELETE FROM users WHERE id IS NOT NULL"));
        assert!(other("DELETE FROM users WHERE rowid > 0"));
        assert!(other("DELETE FROM users WHERE id >= 1"));
        assert!(other("DELETE FROM users WHERE 0 < users.id"));
        assert!(other("DELETE FROM users WHERE 2 > 1"));
        assert!(other("DELETE FROM users WHERE 1 IN (1)"));
        assert!(other("DELETE FROM users WHERE 'a' LIKE '%'"));
        assert!(other("DELETE FROM users WHERE NULL IS NULL"));
        assert!(other("DELETE FROM users WHERE 1 BETWEEN 0 AND 2"));
        assert!(other("DELETE FROM users WHERE (1 = 1) AND NOT (2 < 1)"));
        assert!(other("UPDATE users SET a = 1 WHERE id > -5 OR name = 'x'"));
        assert!(!other("DELETE FROM users WHERE id = 5"));
        assert!(!other("DELETE FROM users WHERE id > 5"));
        assert!(!other("DELETE FROM users WHERE email IS NOT NULL"));
        assert!(!other("DELETE FROM users WHERE 1 = 1 AND id = 5"));
        assert!(!other("DELETE FROM users WHERE 1 IN (2, 3)"));
        assert!(!other("DELETE FROM users WHERE 'a' LIKE 'b%'"));
        assert!(!other("DELETE FROM users WHERE created_at < now()"));
        assert!(!other("DELETE FROM users WHERE NULL = NULL"));
        assert!(!other("DELETE FROM users WHERE id IN (SELECT id FROM old)"));
    }

    #[test]
    fn finds_tables_replaced() {
        let other = |sql: &str| destructive(sql, Dialect::Other, false).is_some();
        assert!(other("CREATE OR REPLACE TABLE users AS SELECT 1 AS x"));
        assert!(other("CREATE OR REPLACE TRANSIENT TABLE users (id int)"));
        assert!(other("REPLACE TABLE users AS SELECT 1"));
        assert!(other("INSERT OVERWRITE TABLE t SELECT * FROM s"));
        assert!(other("MERGE INTO users u USING src s ON true WHEN MATCHED THEN DELETE"));
        assert!(other(
            "MERGE INTO users u USING src s ON (1 = 1) WHEN MATCHED THEN DELETE"
        ));
        assert!(other("REMOVE DATABASE app"));
        assert!(other("DROP USER app CASCADE"));
        assert!(!other("CREATE OR REPLACE VIEW v AS SELECT 1"));
        assert!(!other("CREATE OR REPLACE TEMP TABLE t AS SELECT 1"));
        assert!(!other("REPLACE INTO users (id, name) VALUES (1, 'a')"));
        assert!(!other("INSERT INTO t SELECT * FROM s"));
        assert!(!other(
            "MERGE INTO users u USING src s ON u.id = s.id WHEN MATCHED THEN DELETE"
        ));
        assert!(!other(
            "MERGE INTO users u USING src s ON true WHEN MATCHED AND s.gone THEN DELETE"
        ));
        assert!(!other("DELETE user:1"));
        assert!(!other("DROP USER app"));
    }

    #[test]
    fn passes_what_the_same_sql_undoes_or_made() {
        let postgres = |sql: &str, whole: bool| destructive(sql, Dialect::Transactional, whole).is_some();
        assert!(!postgres("BEGIN; DELETE FROM users; ROLLBACK", false));
        assert!(!postgres("START TRANSACTION; DROP TABLE users; ROLLBACK;", false));
        assert!(postgres("BEGIN; DELETE FROM users; COMMIT; ROLLBACK", false));
        assert!(postgres(
            "BEGIN; DELETE FROM users; ROLLBACK TO SAVEPOINT a; COMMIT",
            false
        ));
        assert!(postgres(
            "BEGIN; DELETE FROM users; SELECT 'COMMIT' \\gexec\nROLLBACK",
            false
        ));
        assert!(postgres("DELETE FROM users; BEGIN; ROLLBACK", false));
        assert!(destructive("BEGIN; DELETE FROM users; ROLLBACK", Dialect::Mysql, false).is_some());
        assert!(!postgres("CREATE TEMP TABLE x AS SELECT 1; DROP TABLE x", true));
        assert!(!postgres("CREATE TABLE t(x); DELETE FROM t", true));
        assert!(postgres("CREATE TABLE t(x); DELETE FROM t", false));
        assert!(postgres("CREATE TABLE IF NOT EXISTS t(x); DELETE FROM t", true));
        assert!(postgres(
            "CREATE TEMP TABLE users(x); DROP TABLE users; DROP TABLE users",
            true
        ));
        assert!(postgres("CREATE TABLE t(x); DROP TABLE t, users", true));
    }

    #[test]
    fn finds_cypher_deletes() {
        assert!(cypher_destructive("MATCH (n) DETACH DELETE n").is_some());
        assert!(cypher_destructive("MATCH (n:User) DELETE n").is_some());
        assert!(cypher_destructive("MATCH ()-[r]->() DELETE r").is_some());
        assert!(cypher_destructive("CALL { MATCH (n) DETACH DELETE n } IN TRANSACTIONS").is_some());
        assert!(cypher_destructive("MATCH (n) WHERE true DETACH DELETE n").is_some());
        assert!(cypher_destructive("DROP DATABASE app").is_some());
        assert!(cypher_destructive("MATCH (n {id: 5}) DETACH DELETE n").is_none());
        assert!(cypher_destructive("MATCH (n:User) WHERE n.name = 'x' DELETE n").is_none());
        assert!(cypher_destructive("MATCH (n) RETURN count(n)").is_none());
    }

    #[test]
    fn finds_column_types_changed() {
        for sql in [
            "ALTER TABLE users ALTER COLUMN email TYPE int USING 0",
            "ALTER TABLE users ALTER email TYPE varchar(10)",
            "ALTER TABLE users ALTER COLUMN email SET DATA TYPE char(2)",
            "ALTER TABLE users ADD COLUMN x int, ALTER COLUMN email TYPE int",
            "ALTER TABLE users MODIFY email INT",
            "ALTER TABLE users CHANGE COLUMN email mail CHAR(1)",
            "ALTER TABLE users ALTER COLUMN email varchar(5)",
        ] {
            assert!(
                destructive(sql, Dialect::Other, false).is_some_and(|lost| lost.contains("new type")),
                "{sql}"
            );
        }
        for sql in [
            "ALTER TABLE users ALTER COLUMN email SET NOT NULL",
            "ALTER TABLE users ALTER COLUMN email DROP DEFAULT",
            "ALTER TABLE users ALTER email SET DEFAULT 1",
            "ALTER TABLE users ALTER COLUMN id RESTART WITH 5",
            "ALTER TABLE users ALTER CONSTRAINT fk DEFERRABLE",
            "ALTER TABLE users RENAME COLUMN a TO b",
            "ALTER TABLE users ADD COLUMN note text",
            "ALTER TABLE events MODIFY TTL d + INTERVAL 1 DAY",
            "ALTER TABLE events MODIFY COLUMN c COMMENT 'x'",
        ] {
            assert!(destructive(sql, Dialect::Other, false).is_none(), "{sql}");
        }
        assert!(
            destructive("ALTER TABLE t DROP COLUMN a", Dialect::Other, false)
                .is_some_and(|lost| lost.contains("destroy"))
        );
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
        assert!(mongo_destructive(r#"db.u.deleteMany({"$where": "true"})"#).is_some());
        assert!(mongo_destructive("db.u.deleteMany({$where: 'return true;'})").is_some());
        assert!(mongo_destructive("db.u.deleteMany({$where: function() { return true }})").is_some());
        assert!(mongo_destructive("db.u.deleteMany({$where: 'this.a > this.b'})").is_none());
        assert!(mongo_destructive("db.u.deleteMany({$expr: true})").is_some());
        assert!(mongo_destructive("db.u.updateMany({$expr: {$literal: true}}, {$set: {a: 1}})").is_some());
        assert!(mongo_destructive(r#"db.u.deleteMany({$expr: {$lt: ["$a", "$b"]}})"#).is_none());
        assert!(mongo_destructive(r#"db.u.aggregate([{$match: {}}, {$out: "orders"}])"#).is_some());
        assert!(mongo_destructive(r#"db.u.aggregate([{"$out": {db: "b", coll: "c"}}])"#).is_some());
        assert!(mongo_destructive(r#"db.u.aggregate([{$merge: {into: "c"}}])"#).is_none());
        assert!(mongo_destructive("db.dropAllUsers()").is_some());
        assert!(mongo_destructive("db.dropAllRoles({w: 1})").is_some());
        assert!(mongo_destructive("db.runCommand({dropAllUsersFromDatabase: 1})").is_some());
        assert!(mongo_destructive("db.dropUser('tmp')").is_none());
    }
}
