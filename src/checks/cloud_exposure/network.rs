//! Cloud firewalls opened to every address: AWS security groups (`authorize-security-group-ingress`
//! in its simple form, `--ip-permissions` in shorthand, JSON or a file, `modify-security-group-rules`),
//! Google Cloud firewall rules (whose sources default to every address), Azure network security
//! group rules (whose sources default to `*`) and `az vm open-port`, the firewalls of managed
//! databases (`gcloud sql … --authorized-networks`, `az … firewall-rule` over every address,
//! `--public-access all`), and databases given a public address (`--publicly-accessible`). The
//! ports are judged by [`opened`]: a sensitive service is denied, another port asks, the web's
//! pass.

use std::ops::RangeInclusive;

use super::{Document, Found, file_document};
use crate::checks::Subject;
use crate::checks::exposure::{ADMIN_PORT_EXPOSURE, NETWORK_EXPOSURE, Opened, opened, port_range};
use crate::word::Word;
use serde_json::Value;

/// Source ranges that mean every address.
const EVERY_ADDRESS: &[&str] = &["0.0.0.0/0", "::/0"];

/// Azure's names for every source address, besides the ranges.
const AZURE_EVERY_ADDRESS: &[&str] = &["*", "internet", "any", "0.0.0.0", "0.0.0.0/0", "::/0"];

/// Every port, as a range.
const EVERY_PORT: RangeInclusive<u16> = 0..=u16::MAX;

/// What opening `ranges` to every address through `said` exposes of `what`.
fn exposed(said: &str, what: &str, ranges: &[RangeInclusive<u16>]) -> Option<Found> {
    match opened(ranges) {
        Opened::Sensitive(service) => Some((
            &ADMIN_PORT_EXPOSURE,
            format!(
                "`{said}` would let every address on the internet reach {service} of {what}: anyone can try to sign in or break in"
            ),
        )),
        Opened::Other(ports) => Some((
            &NETWORK_EXPOSURE,
            format!("`{said}` would let every address on the internet reach {ports} of {what}"),
        )),
        Opened::Web => None,
    }
}

/// A rule whose sources become every address while its ports are not said.
fn ports_unknown(said: &str, what: &str) -> Found {
    (
        &NETWORK_EXPOSURE,
        format!("`{said}` would let every address on the internet reach the ports the rule opens on {what}"),
    )
}

/// Whether `text` starts an option (`--port`, `-g`), rather than being a value (`-1`).
fn is_option(text: &str) -> bool {
    text.starts_with("--")
        || text
            .strip_prefix('-')
            .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_alphabetic()))
}

/// The value given last to any of the options `names` (`--port 22`, `--port=22`).
fn value<'a>(args: &'a [Word], names: &[&str]) -> Option<&'a str> {
    args.iter().enumerate().rev().find_map(|(index, word)| {
        let text = word.text();
        match text.split_once('=') {
            Some((name, value)) if names.contains(&name) => Some(value),
            _ if names.contains(&text) => args.get(index + 1).map(Word::text),
            _ => None,
        }
    })
}

/// The values given to any of the options `names`, each a list of the words after it up to the
/// next option (`--source-address-prefixes 10.0.0.0/8 '*'`), or `--name=value`; `None` when
/// none is given.
fn list<'a>(args: &'a [Word], names: &[&str]) -> Option<Vec<&'a str>> {
    let mut found: Option<Vec<&str>> = None;
    for (index, word) in args.iter().enumerate() {
        let text = word.text();
        if let Some((name, value)) = text.split_once('=')
            && names.contains(&name)
        {
            found.get_or_insert_with(Vec::new).push(value);
        } else if names.contains(&text) {
            let values = args[index + 1..]
                .iter()
                .map(Word::text)
                .take_while(|value| !is_option(value));
            found.get_or_insert_with(Vec::new).extend(values);
        }
    }
    found
}

/// Whether `option` is given, alone or with a value.
fn given(args: &[Word], option: &str) -> bool {
    args.iter().any(|word| {
        word.text() == option
            || word
                .text()
                .strip_prefix(option)
                .is_some_and(|rest| rest.starts_with('='))
    })
}

/// The ports an AWS permission covers: every port for protocol `-1`, none for ICMP, else its
/// range (every port when it has none, or `-1`).
fn aws_ports(protocol: &str, from: Option<i64>, to: Option<i64>) -> Vec<RangeInclusive<u16>> {
    match protocol.trim_matches('"').to_ascii_lowercase().as_str() {
        "-1" | "all" => vec![EVERY_PORT],
        "icmp" | "icmpv6" | "1" | "58" => Vec::new(),
        _ => match (from.map(u16::try_from), to.map(u16::try_from)) {
            (Some(Ok(from)), Some(Ok(to))) => vec![from..=to],
            (Some(Ok(port)), None) => vec![port..=port],
            _ => vec![EVERY_PORT],
        },
    }
}

/// The ports every-address permissions open, in the shorthand (`IpProtocol=tcp,FromPort=22,
/// ToPort=22,IpRanges=[{CidrIp=0.0.0.0/0}]`) or JSON of `--ip-permissions` and
/// `--security-group-rules`. A permission given by a file is read from it.
fn aws_permissions(subject: &Subject, texts: &[&str]) -> Vec<RangeInclusive<u16>> {
    let mut ranges = Vec::new();
    for text in texts {
        let document = match text.strip_prefix("file://") {
            Some(path) => match file_document(subject, path) {
                Document::Text(text) => text,
                _ => continue,
            },
            None => (*text).to_owned(),
        };
        match serde_json::from_str::<Value>(document.trim()) {
            Ok(json) => json_permissions(&json, &mut ranges),
            Err(_) => {
                let everyone = EVERY_ADDRESS.iter().any(|range| document.contains(range));
                let key = |name: &str| shorthand(&document, name);
                let port = |name: &str| key(name).and_then(|port| port.parse().ok());
                if everyone && let Some(protocol) = key("IpProtocol") {
                    ranges.extend(aws_ports(protocol, port("FromPort"), port("ToPort")));
                }
            }
        }
    }
    ranges
}

/// The ports of the every-address permissions in a JSON value: each object with an
/// `IpProtocol` whose ranges hold every address.
fn json_permissions(json: &Value, ranges: &mut Vec<RangeInclusive<u16>>) {
    match json {
        Value::Array(items) => items.iter().for_each(|item| json_permissions(item, ranges)),
        Value::Object(fields) => match fields.get("IpProtocol") {
            Some(protocol) => {
                let text = json.to_string();
                if EVERY_ADDRESS.iter().any(|range| text.contains(&format!("\"{range}\""))) {
                    let protocol = match protocol {
                        Value::String(protocol) => protocol.clone(),
                        other => other.to_string(),
                    };
                    let port = |name: &str| fields.get(name).and_then(Value::as_i64);
                    ranges.extend(aws_ports(&protocol, port("FromPort"), port("ToPort")));
                }
            }
            None => fields.values().for_each(|value| json_permissions(value, ranges)),
        },
        _ => {}
    }
}

/// The value of `key` in AWS's shorthand (`FromPort=22,…`).
fn shorthand<'a>(text: &'a str, key: &str) -> Option<&'a str> {
    let at = text.find(&format!("{key}="))? + key.len() + 1;
    let rest = &text[at..];
    Some(rest[..rest.find([',', ']', '}', ' ']).unwrap_or(rest.len())].trim_matches(['"', '\'']))
}

/// Verbs of the operations that make or change a database.
const AWS_DATABASE_VERBS: &[&str] = &["create", "modify", "restore"];

/// Security groups opened to every address; databases given a public address.
pub fn aws(subject: &Subject, service: &str, operation: &str) -> Option<Found> {
    let args = subject.command.args();
    let said = format!("aws {service} {operation}");
    // EC2's `--dry-run` only checks that the call would be allowed.
    if given(args, "--dry-run") {
        return None;
    }
    match (service, operation) {
        ("ec2", "authorize-security-group-ingress") => {
            let mut ranges = aws_permissions(subject, &list(args, &["--ip-permissions"]).unwrap_or_default());
            if value(args, &["--cidr"]).is_some_and(|cidr| EVERY_ADDRESS.contains(&cidr)) {
                let protocol = value(args, &["--protocol"]).unwrap_or("-1");
                let port = value(args, &["--port"]);
                ranges.extend(match port.and_then(port_range) {
                    Some(range) => aws_ports(protocol, Some(i64::from(*range.start())), Some(i64::from(*range.end()))),
                    None => aws_ports(protocol, None, None),
                });
            }
            exposed(&said, "the machines in the group", &ranges)
        }
        ("ec2", "modify-security-group-rules") => {
            let ranges = aws_permissions(subject, &list(args, &["--security-group-rules"]).unwrap_or_default());
            exposed(&said, "the machines in the group", &ranges)
        }
        _ if given(args, "--publicly-accessible")
            && AWS_DATABASE_VERBS.contains(&operation.split('-').next().unwrap_or("")) =>
        {
            Some((
                &NETWORK_EXPOSURE,
                format!(
                    "`{said} --publicly-accessible` would give the database an address on the internet: only its security group would stand between it and everyone"
                ),
            ))
        }
        _ => None,
    }
}

/// The ports of Google Cloud firewall rules (`tcp:22`, `tcp:8000-8100`, `tcp` for every TCP
/// port, `all`); ICMP and the other protocols without ports open none that matter here.
fn gcloud_ports(rules: &str) -> Vec<RangeInclusive<u16>> {
    rules
        .split(',')
        .filter_map(|rule| {
            let (protocol, ports) = rule.split_once(':').unwrap_or((rule, ""));
            match protocol.trim().to_ascii_lowercase().as_str() {
                "all" => Some(EVERY_PORT),
                "tcp" | "udp" | "sctp" | "6" | "17" | "132" if ports.is_empty() => Some(EVERY_PORT),
                "tcp" | "udp" | "sctp" | "6" | "17" | "132" => port_range(ports),
                _ => None,
            }
        })
        .collect()
}

/// Firewall rules admitting every address, and Cloud SQL instances authorizing every network.
/// `words` is the command's path without its release track (`beta`).
pub fn gcloud(subject: &Subject, words: &[&str], said: &str) -> Option<Found> {
    let args = subject.command.args();
    match words {
        ["compute", "firewall-rules", operation @ ("create" | "update"), ..] => {
            let egress = value(args, &["--direction"])
                .is_some_and(|direction| matches!(direction.to_ascii_lowercase().as_str(), "egress" | "out"));
            let denies = value(args, &["--action"]).is_some_and(|action| !action.eq_ignore_ascii_case("allow"));
            if egress || denies || given(args, "--disabled") {
                return None;
            }
            // With no source at all, a new rule admits every address.
            let everyone = match value(args, &["--source-ranges"]) {
                Some(sources) => sources.split(',').any(|source| EVERY_ADDRESS.contains(&source.trim())),
                None => *operation == "create" && !args.iter().any(|word| word.text().starts_with("--source-")),
            };
            if !everyone {
                return None;
            }
            match value(args, &["--allow", "--rules"]) {
                Some(rules) => exposed(said, "the machines it applies to", &gcloud_ports(rules)),
                None => (*operation == "update").then(|| ports_unknown(said, "the machines it applies to")),
            }
        }
        ["sql", "instances", "create" | "patch", ..]
            if value(args, &["--authorized-networks"]).is_some_and(|networks| {
                networks
                    .split(',')
                    .any(|network| EVERY_ADDRESS.contains(&network.trim()))
            }) =>
        {
            Some((
                &ADMIN_PORT_EXPOSURE,
                format!(
                    "`{said} --authorized-networks` would let every address on the internet reach the database: anyone can try its passwords or break in"
                ),
            ))
        }
        _ => None,
    }
}

/// Network security group rules and opened VM ports admitting every address, and database
/// firewalls opened from 0.0.0.0 to 255.255.255.255.
pub fn az(subject: &Subject, words: &[&str]) -> Option<Found> {
    let args = subject.command.args();
    let said = |count: usize| format!("az {}", words[..count.min(words.len())].join(" "));
    let everyone = |sources: &[&str]| {
        sources
            .iter()
            .any(|source| AZURE_EVERY_ADDRESS.contains(&source.to_ascii_lowercase().as_str()))
    };
    let ranges = |ports: &[&str]| -> Vec<RangeInclusive<u16>> {
        ports
            .iter()
            .flat_map(|ports| ports.split(','))
            .filter_map(port_range)
            .collect()
    };
    let firewall_rule = words
        .iter()
        .position(|word| matches!(*word, "firewall-rule" | "firewall-rules"))
        .filter(|at| matches!(words.get(at + 1), Some(&("create" | "update"))));
    match words {
        ["network", "nsg", "rule", operation @ ("create" | "update"), ..] => {
            let create = *operation == "create";
            let denies = value(args, &["--access"]).is_some_and(|access| !access.eq_ignore_ascii_case("allow"));
            let outbound =
                value(args, &["--direction"]).is_some_and(|direction| direction.eq_ignore_ascii_case("outbound"));
            let icmp = value(args, &["--protocol"]).is_some_and(|protocol| protocol.eq_ignore_ascii_case("icmp"));
            // A new rule's sources default to `*`, its ports to 80.
            let sources = list(args, &["--source-address-prefixes", "--source-address-prefix"])
                .or_else(|| create.then(|| vec!["*"]))?;
            if denies || outbound || icmp || !everyone(&sources) {
                return None;
            }
            match list(args, &["--destination-port-ranges", "--destination-port-range"]) {
                Some(ports) => exposed(&said(4), "the machines it guards", &ranges(&ports)),
                None if create => None,
                None => Some(ports_unknown(&said(4), "the machines it guards")),
            }
        }
        ["vm", "open-port", ..] => exposed(&said(2), "the machine", &ranges(&[value(args, &["--port"])?])),
        _ if firewall_rule.is_some() => {
            let at = firewall_rule?;
            let start = value(args, &["--start-ip-address", "--start-ip"])?;
            let end = value(args, &["--end-ip-address", "--end-ip"])?;
            (start == "0.0.0.0" && end == "255.255.255.255").then(|| {
                (
                    &ADMIN_PORT_EXPOSURE,
                    format!(
                        "`{}` would let every address on the internet reach the {} server: anyone can try its passwords or break in",
                        said(at + 2),
                        words[0]
                    ),
                )
            })
        }
        [_, "flexible-server", "create" | "update", ..]
            if value(args, &["--public-access"]).is_some_and(|access| {
                matches!(access.to_ascii_lowercase().as_str(), "all" | "0.0.0.0-255.255.255.255")
            }) =>
        {
            Some((
                &ADMIN_PORT_EXPOSURE,
                format!(
                    "`{} --public-access` would let every address on the internet reach the database server: anyone can try its passwords or break in",
                    said(3)
                ),
            ))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::{gcloud_ports, json_permissions, shorthand};

    #[test]
    fn firewall_rules_name_their_ports() {
        assert_eq!(gcloud_ports("tcp:22,tcp:80-81"), vec![22..=22, 80..=81]);
        assert_eq!(gcloud_ports("all"), vec![0..=u16::MAX]);
        assert_eq!(gcloud_ports("tcp"), vec![0..=u16::MAX]);
        assert!(gcloud_ports("icmp").is_empty());
    }

    #[test]
    fn aws_permissions_are_read_in_shorthand_and_json() {
        let text = "IpProtocol=tcp,FromPort=22,ToPort=22,IpRanges=[{CidrIp=0.0.0.0/0}]";
        assert_eq!(shorthand(text, "FromPort"), Some("22"));
        assert_eq!(shorthand(text, "IpProtocol"), Some("tcp"));
        let json = serde_json::json!([
            {"IpProtocol": "tcp", "FromPort": 5432, "ToPort": 5432, "IpRanges": [{"CidrIp": "0.0.0.0/0"}]},
            {"IpProtocol": "tcp", "FromPort": 22, "ToPort": 22, "IpRanges": [{"CidrIp": "10.0.0.0/8"}]}
        ]);
        let mut ranges = Vec::new();
        json_permissions(&json, &mut ranges);
        assert_eq!(ranges, vec![5432..=5432]);
    }
}
