//! Elasticsearch and OpenSearch over HTTP (`curl`, HTTPie, `xh`): deleting an index, every index
//! (`_all`, `*`), a data stream or a snapshot, or every document of an index
//! (`_delete_by_query` with `match_all`), or a script run on every document (`_update_by_query`
//! matching everything). One document by its id, templates, aliases, reads and searches pass.
//! Also other databases' HTTP APIs, where their paths or ports say which: a CouchDB database, a
//! Qdrant collection (or every point of one), a Weaviate class or schema, InfluxDB's `delete`
//! without a predicate, a Meilisearch index, a Chroma collection, SQL or Cypher that destroys
//! data posted to ClickHouse or Neo4j, a Consul key-value tree (`?recurse`), a HashiCorp Vault
//! secret or secrets engine, a GitHub repository or branch (`api.github.com`, GitLab's
//! `/api/v4`) as `gh api -X DELETE` would, and a Jira or Confluence issue, project, space or page. A `DELETE` to an address that
//! names none of them (an application's own API) passes: nothing says what it holds.

use super::{ASK, Applies, Checker, Report, Subject};
use crate::args::{self, Arg};
use crate::command::{Input, Output};
use crate::rules::Rule;
use crate::word::Word;

pub const CHECKER: Checker = Checker {
    rules: &[&SEARCH_INDEX_DELETE, &DATABASE_API_DELETE],
    applies: Applies::Commands(&["curl", "curlie", "http", "https", "xh", "xhs"]),
    check,
    whole_analysis: None,
};

pub static SEARCH_INDEX_DELETE: Rule = Rule {
    id: "search-index-delete",
    decision: ASK,
    catches: "Deleting Elasticsearch or OpenSearch data through its HTTP API (`curl -X DELETE`, `http DELETE`, `xh delete`): an index or every index (`/_all`, `/*`, a pattern or a list), a data stream (`/_data_stream/NAME`), a snapshot (`/_snapshot/REPO/NAME`), or every document of an index (`POST /INDEX/_delete_by_query` with `match_all`, `q=*`), or every document rewritten by the script of an `_update_by_query` with no query or one matching everything. The documents are gone unless a snapshot holds them.",
    instead: "Look first (`GET /_cat/indices?v`, `GET /INDEX/_count`), take a snapshot, and let the user delete it",
    examples: &[
        "curl -X DELETE http://localhost:9200/_all",
        "curl -XDELETE 'localhost:9200/logs-2024.*'",
        "curl -X DELETE http://localhost:9200/_data_stream/logs-app",
        "curl -X POST localhost:9200/logs/_delete_by_query -H 'Content-Type: application/json' -d '{\"query\":{\"match_all\":{}}}'",
        "curl --request DELETE https://search-app.us-east-1.es.amazonaws.com/orders",
        "http DELETE localhost:9200/orders",
        "curl -X POST localhost:9200/users/_update_by_query -d '{\"query\":{\"match_all\":{}},\"script\":{\"source\":\"ctx._source.n = 0\"}}'",
    ],
    allowed: &[
        "curl -X GET http://localhost:9200/_search",
        "curl localhost:9200/_cat/indices?v",
        "curl -X DELETE http://localhost:9200/orders/_doc/42",
        "curl -X DELETE localhost:9200/_index_template/old",
        "curl -X POST localhost:9200/logs/_delete_by_query -d '{\"query\":{\"term\":{\"level\":\"debug\"}}}'",
        "curl -X DELETE http://localhost:8080/api/sessions/42",
        "curl -X POST 'localhost:9200/users/_update_by_query?conflicts=proceed'",
        "curl -X POST localhost:9200/users/_update_by_query -d '{\"query\":{\"term\":{\"id\":7}},\"script\":{\"source\":\"ctx._source.n++\"}}'",
    ],
};

pub static DATABASE_API_DELETE: Rule = Rule {
    id: "database-api-delete",
    decision: ASK,
    catches: "Deleting a database's data through its HTTP API (`curl -X DELETE`, `http DELETE`, `xh delete`), where the path or the port says which database it is: a CouchDB database (`DELETE :5984/DB`), a Qdrant collection (`DELETE :6333/collections/NAME`) or every point of one (`POST …/points/delete` with an empty filter), a Weaviate class or the whole schema (`DELETE /v1/schema[/CLASS]`, with every object of the class), InfluxDB's `POST /api/v2/delete` without a `predicate` (every point of the bucket in the time range), a Meilisearch index or every document of one (`DELETE :7700/indexes/NAME[/documents]`), a Chroma collection or database (`DELETE :8000/api/v1/collections/NAME`, v2's under `/tenants/T/databases/D`) or all of it (`POST /api/v1/reset`), SQL that destroys data posted to ClickHouse's HTTP interface (`:8123`, in `?query=` or the body; a `GET` runs read-only), Cypher that does posted to Neo4j's (`:7474`, `MATCH (n) DETACH DELETE n` in a transaction's `statement`); a Consul key-value tree (`DELETE /v1/kv/PREFIX?recurse`) is `key-store-emptied`'s, a Vault secret `secret-deletion`'s, a Jira or Confluence item `hosted-delete`'s. A `DELETE` to an address that names no database (`curl -X DELETE localhost:3000/api/todos/1`, an application's own API) passes: nothing says what it holds, and it is how a web API is tried out.",
    instead: "Look first (`GET` the database or collection, count what is in it), take a backup, and let the user delete it",
    examples: &[
        "curl -X DELETE http://localhost:5984/mydb",
        "curl -X DELETE http://localhost:6333/collections/c",
        "curl -X POST http://localhost:6333/collections/c/points/delete -d '{\"filter\":{}}'",
        "curl -X DELETE http://localhost:8080/v1/schema",
        "curl -X POST 'http://localhost:8086/api/v2/delete?bucket=b' -d '{\"start\":\"1970-01-01T00:00:00Z\",\"stop\":\"2100-01-01T00:00:00Z\"}'",
        "curl -X DELETE http://localhost:7700/indexes/movies",
        "curl -X DELETE http://localhost:8000/api/v1/collections/docs",
        "curl -X POST 'http://localhost:8123/?query=DROP%20TABLE%20events'",
        "echo 'TRUNCATE TABLE events' | curl --data-binary @- http://localhost:8123/",
        "curl -X POST http://localhost:7474/db/neo4j/tx/commit -d '{\"statements\":[{\"statement\":\"MATCH (n) DETACH DELETE n\"}]}'",
    ],
    allowed: &[
        "curl http://localhost:5984/mydb",
        "curl -X DELETE 'http://localhost:5984/mydb/doc1?rev=1-abc'",
        "curl -X DELETE http://localhost:3000/api/todos/1",
        "curl -X POST http://localhost:6333/collections/c/points/delete -d '{\"points\":[1,2]}'",
        "curl -X POST 'http://localhost:8086/api/v2/delete?bucket=b' -d '{\"start\":\"2024-01-01T00:00:00Z\",\"stop\":\"2024-01-02T00:00:00Z\",\"predicate\":\"host=\\\"a\\\"\"}'",
        "curl -X DELETE 'http://localhost:8500/v1/kv/app/key'",
        "curl -X DELETE http://localhost:7700/indexes/movies/documents/42",
        "curl 'http://localhost:8123/?query=DROP%20TABLE%20events'",
        "curl -X POST 'http://localhost:8123/?query=SELECT%20count()%20FROM%20events'",
        "curl -X POST http://localhost:7474/db/neo4j/tx/commit -d '{\"statements\":[{\"statement\":\"MATCH (n {id: 5}) DETACH DELETE n\"}]}'",
        "curl -X DELETE http://localhost:8000/api/todos/1",
    ],
};

fn check(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    let Some(request) = request(command) else {
        return;
    };
    for url in &request.urls {
        let text = url.value().unwrap_or_else(|| url.text());
        if let Some(lost) = deleted(text, &request) {
            report.flag(&SEARCH_INDEX_DELETE, command.span, lost);
        } else if let Some((rule, lost)) = database_deleted(text, &request) {
            report.flag(rule, command.span, lost);
        }
    }
}

/// The parts of a URL: its host (lower case), its path's segments and its query.
fn parts(url: &str) -> (String, Vec<&str>, &str) {
    let rest = url.split_once("://").map_or(url, |(_, rest)| rest);
    let (host, path) = rest.split_once('/').unwrap_or((rest, ""));
    let (path, query) = path.split_once('?').unwrap_or((path, ""));
    let segments = path.split('/').filter(|segment| !segment.is_empty()).collect();
    (host.to_ascii_lowercase(), segments, query)
}

/// What a request to `url` would lose, when it deletes a database's data through the HTTP API of
/// CouchDB, Qdrant, Weaviate, InfluxDB or Consul, with the rule that says so.
fn database_deleted(url: &str, request: &Request) -> Option<(&'static Rule, String)> {
    let (host, segments, query) = parts(url);
    let on = |port: &str, name: &str| host.ends_with(port) || host.contains(name);
    let body: String = request.body.chars().filter(|c| !c.is_whitespace()).collect();
    let delete = request.method == "DELETE";
    // GitHub's and GitLab's REST APIs, as `gh api -X DELETE` sends it.
    let forge_path = if host == "api.github.com" {
        Some(&segments[..])
    } else {
        segments
            .strip_prefix(&["api", "v4"][..])
            .filter(|_| host.contains("gitlab"))
    };
    if let Some(path) = forge_path
        && delete
        && super::cloud::repository_endpoint(&path.join("/"))
    {
        return Some((
            &super::cloud::HOSTED_DELETE,
            format!(
                "`DELETE {}` would delete it on the service, with what it holds",
                path.join("/")
            ),
        ));
    }
    if delete && let Some(what) = atlassian_content(&host, &segments) {
        return Some((
            &super::cloud::HOSTED_DELETE,
            format!("`DELETE` of the {what} through Atlassian's REST API would delete it, with what it holds"),
        ));
    }
    if on(":8200", "vault")
        && let Some(lost) = vault_secret_deleted(&segments, &request.method)
    {
        return Some((&super::cloud_exposure::SECRET_DELETION, lost));
    }
    let lost = match segments.as_slice() {
        ["v1", "kv", prefix @ ..]
            if delete && query.split('&').any(|pair| pair.split('=').next() == Some("recurse")) =>
        {
            return Some((
                &super::sql::KEY_STORE_EMPTIED,
                format!(
                    "a recursive `DELETE` of Consul's `/v1/kv/{}` would delete every key under the prefix",
                    prefix.join("/")
                ),
            ));
        }
        ["v1", "schema", rest @ ..] if delete => match rest.first() {
            Some(class) => format!("deleting the Weaviate class `{class}` would delete every object of it"),
            None => "deleting Weaviate's schema would delete every class and every object".to_owned(),
        },
        ["api", "v2", "delete"] if request.method == "POST" && !body.contains("\"predicate\"") => {
            "InfluxDB's `delete` without a predicate would delete every point of the bucket in the time range"
                .to_owned()
        }
        ["collections", name] if delete && on(":6333", "qdrant") => {
            format!("deleting the Qdrant collection `{name}` would delete every point in it")
        }
        ["collections", name, "points", "delete"]
            if on(":6333", "qdrant") && (body.contains("\"filter\":{}") || body.contains("\"must\":[]")) =>
        {
            format!("deleting the points of `{name}` with an empty filter would delete every one")
        }
        [database] if delete && on(":5984", "couch") => {
            format!("deleting the CouchDB database `{database}` would delete every document in it")
        }
        // Meilisearch: an index, or every document of one (`DELETE /indexes/NAME/documents`);
        // one document by its id (`…/documents/ID`) is no more than that.
        ["indexes", name] if delete && on(":7700", "meili") => {
            format!("deleting the Meilisearch index `{name}` would delete every document in it")
        }
        ["indexes", name, "documents"] if delete && on(":7700", "meili") => {
            format!("deleting the documents of the Meilisearch index `{name}` would delete every one")
        }
        // Chroma: a collection (`/api/v1/collections/NAME`, v2's under a tenant and a
        // database), a database, or everything (`POST /api/v1/reset`).
        ["api", "v1" | "v2", "collections", name]
        | ["api", "v2", "tenants", _, "databases", _, "collections", name]
            if delete && on(":8000", "chroma") =>
        {
            format!("deleting the Chroma collection `{name}` would delete every embedding in it")
        }
        ["api", "v2", "tenants", _, "databases", name] if delete && on(":8000", "chroma") => {
            format!("deleting the Chroma database `{name}` would delete every collection in it")
        }
        ["api", "v1" | "v2", "reset"] if request.method == "POST" && on(":8000", "chroma") => {
            "Chroma's `reset` would delete every collection and embedding".to_owned()
        }
        _ => {
            let code = sent_code(query, &request.body);
            // ClickHouse runs a `GET` read-only: only a `POST` changes anything.
            let posted = request.method == "POST" || request.method.is_empty() && !request.body.is_empty();
            if posted
                && on(":8123", "clickhouse")
                && let Some(lost) = code.iter().find_map(|sql| super::sql::sql_destroys(sql))
            {
                format!("sent to ClickHouse's HTTP interface, {lost}")
            } else if on(":7474", "neo4j")
                && let Some(lost) = code.iter().find_map(|cypher| super::sql::cypher_destroys(cypher))
            {
                format!("sent to Neo4j's HTTP API, {lost}")
            } else {
                return None;
            }
        }
    };
    Some((&DATABASE_API_DELETE, lost))
}

/// What a request to HashiCorp Vault's HTTP API deletes, as `vault kv delete|destroy|metadata
/// delete` and `vault secrets disable` would: a secrets engine with every secret in it (`DELETE
/// /v1/sys/mounts/PATH`), versions destroyed (`PUT /v1/MOUNT/destroy/PATH`), or a secret
/// (`DELETE /v1/MOUNT/PATH`, `…/data/PATH`, every version with `…/metadata/PATH`). Vault's own
/// settings (`sys/`, `auth/`, `identity/`) hold no secret of the user's.
fn vault_secret_deleted(segments: &[&str], method: &str) -> Option<String> {
    let ["v1", mount, path @ ..] = segments else {
        return None;
    };
    let path = path.join("/");
    match (method, *mount, segments.get(2)) {
        ("DELETE", "sys", Some(&"mounts")) if segments.len() > 3 => Some(format!(
            "disabling Vault's secrets engine `{}` would delete every secret stored in it",
            segments[3..].join("/")
        )),
        (_, "sys" | "auth" | "identity", _) | (_, _, None) => None,
        ("PUT" | "POST", _, Some(&"destroy")) => Some(format!(
            "destroying versions of the Vault secret `{mount}/{}` would delete them for good",
            segments[3..].join("/")
        )),
        ("DELETE", _, _) => Some(format!(
            "deleting the Vault secret `{mount}/{path}` would delete stored secrets, often the only copy"
        )),
        _ => None,
    }
}

/// What a path of Jira's or Confluence's REST API names that holds work of its own (an issue, a
/// project, a space, a page, an attachment, a comment), on an Atlassian host: Atlassian's cloud
/// (`*.atlassian.net`, `api.atlassian.com`) or one whose name says Jira or Confluence.
fn atlassian_content(host: &str, segments: &[&str]) -> Option<String> {
    let atlassian = host.ends_with(".atlassian.net")
        || host == "api.atlassian.com"
        || host.contains("jira")
        || host.contains("confluence");
    if !atlassian {
        return None;
    }
    // `rest/api/3/issue/KEY`, `wiki/rest/api/content/ID`, Confluence's `wiki/api/v2/pages/ID`.
    let api = segments
        .windows(2)
        .position(|pair| matches!(pair, ["rest", "api"] | ["api", "v2"]))?;
    let mut rest = &segments[api + 2..];
    if rest
        .first()
        .is_some_and(|version| *version == "latest" || version.chars().all(|c| c.is_ascii_digit()))
    {
        rest = &rest[1..];
    }
    match rest {
        [
            object @ ("issue" | "project" | "space" | "content" | "pages" | "blogposts" | "attachment" | "attachments"
            | "comment" | "comments"),
            name,
        ] => Some(format!("{} `{name}`", object.trim_end_matches('s'))),
        _ => None,
    }
}

/// The statements a request carries to a database's HTTP interface: the `query=` of its URL
/// (ClickHouse), its body as text, and the `statement` strings of a JSON body (Neo4j's
/// transaction and query APIs).
fn sent_code(query: &str, body: &str) -> Vec<String> {
    let mut code: Vec<String> = query
        .split('&')
        .filter_map(|pair| pair.strip_prefix("query="))
        .map(|value| crate::registry::table::percent_decoded(&value.replace('+', " ")))
        .collect();
    code.push(body.to_owned());
    if let Ok(json) = serde_json::from_str::<serde_json::Value>(body) {
        let mut values = vec![&json];
        while let Some(value) = values.pop() {
            match value {
                serde_json::Value::Object(map) => {
                    for (key, value) in map {
                        match value {
                            serde_json::Value::String(text) if key == "statement" || key == "query" => {
                                code.push(text.clone());
                            }
                            _ => values.push(value),
                        }
                    }
                }
                serde_json::Value::Array(items) => values.extend(items),
                _ => {}
            }
        }
    }
    code
}

/// What an HTTP request says: its method (upper case), where it goes and the body it sends.
struct Request {
    method: String,
    urls: Vec<Word>,
    body: String,
}

/// The request curl or HTTPie (`http [METHOD] URL [ITEM…]`, also `xh`) makes.
fn request(command: &crate::command::Command) -> Option<Request> {
    let name = command.name.as_str();
    let mut request = Request {
        method: String::new(),
        urls: Vec::new(),
        body: String::new(),
    };
    if matches!(name, "curl" | "curlie") {
        let parsed = args::parse(command.args(), &super::exfiltration::CURL_OPTIONS);
        for arg in &parsed.args {
            match arg {
                Arg::Operand(word) => request.urls.push((*word).clone()),
                _ if arg.is_long("url") => request.urls.extend(arg.value().cloned()),
                _ if arg.is_short('X') || arg.is_long("request") => {
                    request.method = arg.value()?.text().to_ascii_uppercase();
                }
                _ if arg.is_short('d') || super::exfiltration::CURL_DATA.iter().any(|long| arg.is_long(long)) => {
                    let value = arg.value()?.text();
                    // `@-` sends what is piped in (`echo 'DROP TABLE t' | curl --data-binary @- …`).
                    match (&command.stdin, value) {
                        (Input::Text(word) | Input::Piped(Output::Literal(word)), "@-") => {
                            request.body.push_str(word.value().unwrap_or_else(|| word.text()));
                        }
                        _ => request.body.push_str(value),
                    }
                }
                _ => {}
            }
        }
    } else {
        // HTTPie and xh: options start with `-`; the first operand is the method when it is
        // one, the next the URL, the rest items (`q==*`, `query:='{…}'`).
        let mut operands = command
            .args()
            .iter()
            .filter(|word| !word.text().starts_with('-'))
            .peekable();
        if let Some(first) = operands.peek()
            && first.text().chars().all(|c| c.is_ascii_alphabetic())
        {
            request.method = first.text().to_ascii_uppercase();
            operands.next();
        }
        request.urls.extend(operands.next().cloned());
        request.body = operands.map(Word::text).collect::<Vec<_>>().join(" ");
    }
    Some(request)
}

/// What a request to `url` would lose, when it deletes a search engine's data.
fn deleted(url: &str, request: &Request) -> Option<String> {
    let (host, segments, query) = parts(url);
    // Its address says Elasticsearch or OpenSearch (the default port, a hosted service, a
    // variable named for it), or the path is one only they serve.
    let search_engine = ["elastic", "opensearch", ":9200", ":9201", ".es.", "$es_", "${es_"]
        .iter()
        .any(|sign| host.contains(sign))
        || matches!(host.as_str(), "$es" | "${es}")
        || matches!(segments.first(), Some(&("_all" | "_data_stream")))
        || matches!(segments.last(), Some(&("_delete_by_query" | "_update_by_query")));
    if !search_engine {
        return None;
    }
    let everything = || {
        request.body.contains("match_all")
            || query
                .split('&')
                .chain(request.body.split_whitespace())
                .any(|pair| matches!(pair.split_once(['=']), Some(("q", "*" | "*:*" | "=*" | "=*:*"))))
    };
    let index = segments.first().filter(|_| segments.len() > 1).unwrap_or(&"_all");
    match segments.last() {
        Some(&"_delete_by_query") => {
            return everything()
                .then(|| format!("`_delete_by_query` matching everything would delete every document of `{index}`"));
        }
        // With no query it updates every document; without a script it only reindexes them.
        Some(&"_update_by_query") => {
            let unrestricted = everything() || !(request.body.contains("query") || query.contains("q="));
            return (unrestricted && request.body.contains("script")).then(|| {
                format!(
                    "`_update_by_query` matching everything would rewrite every document of `{index}` with its script"
                )
            });
        }
        _ => {}
    }
    if request.method != "DELETE" {
        return None;
    }
    match segments.as_slice() {
        ["_data_stream", name, ..] => Some(format!(
            "deleting the data stream `{name}` would delete its backing indices and every document in them"
        )),
        ["_snapshot", repository, snapshot, ..] => Some(format!(
            "deleting the snapshot `{snapshot}` of `{repository}` would delete that backup"
        )),
        // An index, a list or a pattern of them, or every one (`_all`); a name with a leading
        // `_` is an API (`_index_template`, `_ilm`), and one document (`INDEX/_doc/ID`) is no
        // index.
        [index] if *index == "_all" || !index.starts_with('_') => Some(format!(
            "deleting the index `{index}` would delete every document in it"
        )),
        _ => None,
    }
}
