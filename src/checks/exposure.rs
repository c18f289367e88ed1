//! Services of this machine or of a cloud network opened to the internet. A tunnel (`ngrok`,
//! `cloudflared`, `tailscale funnel`, `bore`, `localtunnel`, `devtunnel`, an ssh remote forward)
//! puts a local port on a public address: for a web server in development that is ordinary work
//! and passes, but SSH, remote desktops and databases are denied, and a public share left running
//! after the session asks. The cloud firewalls read by `cloud_exposure` are judged by the same
//! ports ([`opened`]). A folder a tunnel or server publishes whole (`ngrok http file:///`) is
//! judged by the exfiltration checker, from the registry.

use std::ops::RangeInclusive;

use super::{ASK, Applies, Checker, DENY, Report, Subject};
use crate::args::{self, Options, Parsed};
use crate::rules::Rule;
use crate::word::Word;

pub const CHECKER: Checker = Checker {
    rules: &[&ADMIN_PORT_EXPOSURE, &NETWORK_EXPOSURE],
    applies: Applies::Commands(&[
        "ngrok",
        "cloudflared",
        "tailscale",
        "bore",
        "lt",
        "localtunnel",
        "devtunnel",
        "ssh",
        "autossh",
    ]),
    check,
    whole_analysis: None,
};

pub static ADMIN_PORT_EXPOSURE: Rule = Rule {
    id: "admin-port-exposure",
    decision: DENY,
    catches: "Opening a remote-administration or database port, or every port, to the whole internet: a public tunnel to this machine's SSH, Remote Desktop, VNC or a database (`ngrok tcp 22`, `cloudflared tunnel --url ssh://localhost:22`, `tailscale funnel 22`, `bore local 3389 --to bore.pub`, `ssh -R 0.0.0.0:2222:localhost:22 host`, a remote forward to serveo.net or localhost.run), a security group, firewall rule or network security group letting 0.0.0.0/0, ::/0 or `*` reach such a port or all of them (`aws ec2 authorize-security-group-ingress`, `gcloud compute firewall-rules create`, `az network nsg rule create`, `az vm open-port`), a managed database's firewall opened to every address (`gcloud sql instances patch --authorized-networks=0.0.0.0/0`, `az postgres … firewall-rule create` from 0.0.0.0 to 255.255.255.255).",
    instead: "Keep administration and database ports private: allow only your own address or the network's range (`--cidr 203.0.113.7/32`, `--source-ranges 10.0.0.0/8`), reach the machine through a private network or a bastion (`tailscale serve`, `ssh -J bastion`, SSM Session Manager, IAP), and let the user decide about opening them to the internet",
    examples: &[
        "ngrok tcp 22",
        "ngrok tcp 192.168.1.20:3389",
        "cloudflared tunnel --url ssh://localhost:22",
        "cloudflared tunnel --url tcp://localhost:5432",
        "tailscale funnel --bg 22",
        "tailscale funnel --tcp=10000 tcp://localhost:5900",
        "bore local 22 --to bore.pub",
        "npx localtunnel --port 3389",
        "devtunnel host -p 22 --allow-anonymous",
        "ssh -N -R 0.0.0.0:2222:localhost:22 user@vps.example.com",
        "ssh -R 2222:localhost:22 serveo.net",
        "autossh -M 0 -o 'RemoteForward *:2222 localhost:22' vps.example.com",
        "aws ec2 authorize-security-group-ingress --group-id sg-1 --protocol tcp --port 22 --cidr 0.0.0.0/0",
        "gcloud compute firewall-rules create allow-ssh --allow tcp:22",
        "az vm open-port --resource-group rg --name vm --port '*'",
    ],
    allowed: &[
        "ngrok http 3000",
        "ngrok tcp 22 --cidr-allow 203.0.113.7/32",
        "cloudflared tunnel --url http://localhost:3000",
        "cloudflared access ssh --hostname ssh.example.com",
        "tailscale serve 22",
        "tailscale funnel 8080",
        "bore local 3000 --to bore.pub",
        "devtunnel host -p 22",
        "ssh -L 5432:db.internal:5432 bastion",
        "ssh -R 8080:localhost:3000 vps.example.com",
        "aws ec2 authorize-security-group-ingress --group-id sg-1 --protocol tcp --port 22 --cidr 203.0.113.7/32",
        "aws ec2 authorize-security-group-ingress --group-id sg-1 --protocol tcp --port 443 --cidr 0.0.0.0/0",
        "gcloud compute firewall-rules create allow-ssh --allow tcp:22 --source-ranges 35.235.240.0/20",
    ],
};

pub static NETWORK_EXPOSURE: Rule = Rule {
    id: "network-exposure",
    decision: ASK,
    catches: "Making a service reachable from beyond this session or this network: a public share left running after the command (`tailscale funnel --bg 8080`), a firewall rule opening a port other than the web's (80, 443) to every address, or widening a rule's sources to everyone with its ports unknown, a database given an address on the internet (`aws rds … --publicly-accessible`), a remote forward that gives another host a way into this machine's SSH or its network (`ssh -R 2222:localhost:22 host`, `ssh -R 1080 host`).",
    instead: "Restrict who can connect (your own address, the network's range, a private tailnet with `tailscale serve`), or run the tunnel in the foreground for as long as it is needed; let the user decide about exposing a service",
    examples: &[
        "tailscale funnel --bg 8080",
        "ssh -N -R 2222:localhost:22 vps.example.com",
        "ssh -R 1080 vps.example.com",
        "aws ec2 authorize-security-group-ingress --group-id sg-1 --protocol tcp --port 8080 --cidr 0.0.0.0/0",
        "aws rds modify-db-instance --db-instance-identifier db --publicly-accessible",
        "gcloud compute firewall-rules update allow-web --source-ranges 0.0.0.0/0",
    ],
    allowed: &[
        "tailscale funnel 8080",
        "tailscale funnel --https=443 off",
        "tailscale funnel status",
        "ssh -R 8080:localhost:3000 vps.example.com",
        "aws rds modify-db-instance --db-instance-identifier db --no-publicly-accessible",
        "gcloud compute firewall-rules update allow-web --source-ranges 10.0.0.0/8",
    ],
};

/// Ports whose service lets whoever reaches it administer a machine or read a database, with
/// the name of that service.
const SENSITIVE_PORTS: &[(u16, &str)] = &[
    (22, "SSH"),
    (23, "Telnet"),
    (135, "Windows RPC"),
    (139, "NetBIOS"),
    (445, "SMB file sharing"),
    (1433, "SQL Server"),
    (1521, "Oracle"),
    (2375, "the Docker API"),
    (2376, "the Docker API"),
    (2379, "etcd"),
    (3306, "MySQL"),
    (3389, "Remote Desktop"),
    (5432, "PostgreSQL"),
    (5900, "VNC"),
    (5901, "VNC"),
    (5902, "VNC"),
    (5984, "CouchDB"),
    (5985, "WinRM"),
    (5986, "WinRM"),
    (6379, "Redis"),
    (6443, "the Kubernetes API"),
    (9042, "Cassandra"),
    (9200, "Elasticsearch"),
    (10250, "the kubelet API"),
    (11211, "Memcached"),
    (27017, "MongoDB"),
];

/// The web's ports, which a public server is meant to open to everyone.
const WEB_PORTS: &[u16] = &[80, 443];

/// The service at `port`, described (`SSH (port 22)`), when it is one of [`SENSITIVE_PORTS`].
fn sensitive(port: u16) -> Option<String> {
    SENSITIVE_PORTS
        .iter()
        .find(|(sensitive, _)| *sensitive == port)
        .map(|(_, name)| format!("{name} (port {port})"))
}

/// What opening ports to every address would expose.
pub enum Opened {
    /// A service of [`SENSITIVE_PORTS`], or every port, described.
    Sensitive(String),
    /// Other ports, described (`port 8080`).
    Other(String),
    /// Only the web's ports, or none.
    Web,
}

/// What opening the port `ranges` to every address would expose.
pub fn opened(ranges: &[RangeInclusive<u16>]) -> Opened {
    if ranges
        .iter()
        .any(|range| *range.start() <= 1 && *range.end() == u16::MAX)
    {
        return Opened::Sensitive("every port (SSH and the databases among them)".to_owned());
    }
    let found = SENSITIVE_PORTS
        .iter()
        .find_map(|(port, name)| Some((ranges.iter().find(|range| range.contains(port))?, port, name)));
    if let Some((range, port, name)) = found {
        return Opened::Sensitive(match range.start() == range.end() {
            true => format!("{name} (port {port})"),
            false => format!(
                "ports {}-{} ({name}, port {port}, among them)",
                range.start(),
                range.end()
            ),
        });
    }
    let others: Vec<String> = ranges
        .iter()
        .filter(|range| !(range.start() == range.end() && WEB_PORTS.contains(range.start())))
        .map(|range| match range.start() == range.end() {
            true => format!("port {}", range.start()),
            false => format!("ports {}-{}", range.start(), range.end()),
        })
        .collect();
    match others.is_empty() {
        true => Opened::Web,
        false => Opened::Other(others.join(", ")),
    }
}

/// A port or a range of them as firewalls write them (`22`, `8000-8100`, `*` for all).
pub fn port_range(text: &str) -> Option<RangeInclusive<u16>> {
    let text = text.trim();
    if text == "*" {
        return Some(0..=u16::MAX);
    }
    let (first, last) = text.split_once('-').unwrap_or((text, text));
    Some(first.trim().parse().ok()?..=last.trim().parse().ok()?)
}

/// The rule a command matches and what would be lost.
type Found = (&'static Rule, String);

fn check(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    let args = command.args();
    let found = match command.name.as_str() {
        "ngrok" => ngrok(args),
        "cloudflared" => cloudflared(args),
        "tailscale" => tailscale_funnel(args),
        "bore" => bore(args),
        "lt" | "localtunnel" => localtunnel(args),
        "devtunnel" => devtunnel(args),
        "ssh" | "autossh" => remote_forwards(&command.name, args),
        _ => None,
    };
    if let Some((rule, lost)) = found {
        report.flag(rule, command.span, lost);
    }
}

/// What putting the local `port` on the internet through `said` exposes, when it is a
/// sensitive service.
fn public_port(said: &str, port: u16) -> Option<Found> {
    let service = sensitive(port)?;
    Some((
        &ADMIN_PORT_EXPOSURE,
        format!(
            "`{said}` would put {service} of this machine on the internet: anyone can try to sign in or break in, and a weak or leaked credential is a way in"
        ),
    ))
}

/// The local port a tunnel's target names: a port (`22`), an address (`localhost:22`), or a URL
/// whose scheme gives the port when it has none (`ssh://localhost` is 22). `None` for a folder
/// (`file:///srv`) or a target that is not an address.
fn target_port(target: &str) -> Option<u16> {
    let (scheme, rest) = match target.split_once("://") {
        Some((scheme, rest)) => (scheme.to_ascii_lowercase(), rest),
        None => (String::new(), target),
    };
    let authority = rest.split('/').next().unwrap_or(rest);
    let written = match authority.rsplit_once(':') {
        Some((_, port)) => port.parse().ok(),
        None => authority.parse().ok(),
    };
    written.or(match scheme.as_str() {
        "ssh" => Some(22),
        "rdp" => Some(3389),
        "vnc" => Some(5900),
        "http" | "ws" => Some(80),
        "https" | "wss" => Some(443),
        _ => None,
    })
}

/// The value of the long option `name`, the last given.
fn long_value<'a>(parsed: &'a Parsed, name: &str) -> Option<&'a Word> {
    parsed
        .args
        .iter()
        .rev()
        .find(|arg| arg.is_long(name))
        .and_then(args::Arg::value)
}

/// `ngrok tcp|tls|http ADDRESS`: a public endpoint for the local address, unless it admits
/// only some addresses (`--cidr-allow`) or stays inside the account (`--binding internal`).
fn ngrok(args: &[Word]) -> Option<Found> {
    let parsed = args::parse(args, &crate::registry::tool_options::NGROK_OPTIONS);
    let mut operands = parsed.operands();
    let protocol = operands.next()?.value()?;
    let restricted =
        parsed.has_long("cidr-allow") || long_value(&parsed, "binding").is_some_and(|binding| binding.is("internal"));
    if !matches!(protocol, "tcp" | "tls" | "http") || restricted {
        return None;
    }
    let port = operands.find_map(|target| target_port(target.text()))?;
    public_port(&format!("ngrok {protocol}"), port)
}

/// `cloudflared tunnel --url URL` (and the older `cloudflared --url URL`): a public hostname for
/// the local service. `cloudflared access` is the client side, reaching someone else's.
fn cloudflared(args: &[Word]) -> Option<Found> {
    const OPTIONS: Options = Options::gnu(
        "",
        &[
            "url",
            "hostname",
            "config",
            "origincert",
            "credentials-file",
            "loglevel",
            "logfile",
            "metrics",
            "name",
            "protocol",
            "token",
            "edge-ip-version",
            "region",
        ],
    );
    let parsed = args::parse(args, &OPTIONS);
    if parsed.operands().next().is_some_and(|first| first.is("access")) {
        return None;
    }
    let port = target_port(long_value(&parsed, "url")?.text())?;
    public_port("cloudflared tunnel --url", port)
}

/// `tailscale funnel TARGET`: the target on the public internet. A sensitive port is denied; any
/// other target kept public in the background (`--bg`), after the session, asks. `serve` shares
/// within the tailnet only; `status`, `reset` and `off` share nothing.
fn tailscale_funnel(args: &[Word]) -> Option<Found> {
    const OPTIONS: Options = Options::gnu(
        "",
        &[
            "socket",
            "https",
            "http",
            "tcp",
            "tls-terminated-tcp",
            "set-path",
            "proxy-protocol",
        ],
    );
    let parsed = args::parse(args, &OPTIONS);
    let operands: Vec<&str> = parsed.operands().map(Word::text).collect();
    let [command, target, rest @ ..] = operands.as_slice() else {
        return None;
    };
    if *command != "funnel" || matches!(*target, "status" | "reset") || rest.contains(&"off") || *target == "off" {
        return None;
    }
    if let Some(found) = target_port(target).and_then(|port| public_port("tailscale funnel", port)) {
        return Some(found);
    }
    let background = parsed
        .args
        .iter()
        .any(|arg| arg.is_long("bg") && arg.value().is_none_or(|value| !value.is("false")));
    // Before Tailscale 1.52, `tailscale funnel 443 on` made what `serve` shares public, for good.
    (background || rest.contains(&"on")).then(|| {
        (
            &NETWORK_EXPOSURE,
            format!(
                "`tailscale funnel` would keep `{target}` on the public internet after this session, until someone turns it off"
            ),
        )
    })
}

/// `bore local PORT --to SERVER`: the port on the server's public address.
fn bore(args: &[Word]) -> Option<Found> {
    let parsed = args::parse(args, &Options::gnu("ltps", &["local-host", "to", "port", "secret"]));
    let operands: Vec<&Word> = parsed.operands().collect();
    let [subcommand, port, ..] = operands.as_slice() else {
        return None;
    };
    if !subcommand.is("local") {
        return None;
    }
    public_port("bore local", port.text().parse().ok()?)
}

/// `lt --port PORT` (localtunnel): the port on a public loca.lt address.
fn localtunnel(args: &[Word]) -> Option<Found> {
    let options = Options::gnu(
        "phsl",
        &[
            "port",
            "host",
            "subdomain",
            "local-host",
            "local-cert",
            "local-key",
            "local-ca",
        ],
    );
    let parsed = args::parse(args, &options);
    public_port("localtunnel --port", parsed.value_of('p', "port")?.text().parse().ok()?)
}

/// `devtunnel host -p PORTS --allow-anonymous`: the ports on a public address anyone may use.
/// Without `--allow-anonymous`, only the account that made the tunnel can connect.
fn devtunnel(args: &[Word]) -> Option<Found> {
    let parsed = args::parse(
        args,
        &Options::gnu("pe", &["port-numbers", "expiration", "protocol", "description"]),
    );
    if !parsed.operands().next().is_some_and(|first| first.is("host")) || !parsed.has('a', "allow-anonymous") {
        return None;
    }
    parsed
        .args
        .iter()
        .filter(|arg| arg.is_short('p') || arg.is_long("port-numbers"))
        .filter_map(args::Arg::value)
        .flat_map(|ports| {
            ports
                .text()
                .split(',')
                .filter_map(|port| port.trim().parse().ok())
                .collect::<Vec<_>>()
        })
        .find_map(|port| public_port("devtunnel host --allow-anonymous", port))
}

/// Hosts whose ssh server gives every remote forward a public address (serveo, localhost.run,
/// Pinggy, srv.us, tuns.sh).
const PUBLIC_FORWARDERS: &[&str] = &[
    "serveo.net",
    "localhost.run",
    "pinggy.io",
    "pinggy.link",
    "srv.us",
    "tuns.sh",
];

/// Bind addresses of a remote forward that mean every address of the remote host.
const EVERY_ADDRESS: &[&str] = &["", "*", "0.0.0.0", "::", "[::]"];

/// ssh's remote forwards (`-R`, `-o RemoteForward=…`): a port of the remote host that leads back
/// here. To this machine's SSH or another sensitive port, it is a way in for whoever reaches
/// that port: denied when it is on every address of the host or on a public forwarder, asked
/// otherwise. A dynamic forward (`-R 1080`) lets the host reach every machine this one can.
fn remote_forwards(name: &str, args: &[Word]) -> Option<Found> {
    const AUTOSSH_OPTIONS: Options = Options::posix("BbcDEeFIiJLlmOoPpQRSWwM", &[]);
    let options = match name {
        "autossh" => AUTOSSH_OPTIONS,
        _ => crate::registry::SSH_OPTIONS,
    };
    let first = args::parse(args, &options);
    let host_at = first.first_operand;
    let second = host_at.map(|at| args::parse(&args[at + 1..], &options));
    let host = host_at.and_then(|at| args[at].value()).unwrap_or("");
    let host = host.rsplit('@').next().unwrap_or(host);
    let public_host = PUBLIC_FORWARDERS
        .iter()
        .any(|forwarder| host == *forwarder || host.ends_with(&format!(".{forwarder}")));
    let forwards = first
        .args
        .iter()
        .chain(second.iter().flat_map(|parsed| parsed.args.iter()))
        .filter_map(|arg| {
            let value = arg.value()?.text();
            if arg.is_short('R') {
                return Some(value.to_owned());
            }
            let (key, spec) = value.split_once(['=', ' '])?;
            // `RemoteForward [bind:]port host:hostport`: the two halves joined as `-R` writes them.
            (arg.is_short('o') && key.trim().eq_ignore_ascii_case("remoteforward"))
                .then(|| spec.split_whitespace().collect::<Vec<_>>().join(":"))
        });
    for spec in forwards {
        let Some(forward) = RemoteForward::parse(&spec) else {
            continue;
        };
        let everyone = public_host
            || forward
                .bind
                .as_deref()
                .is_some_and(|bind| EVERY_ADDRESS.contains(&bind));
        let said = format!("{name} -R {spec}");
        match forward.port {
            None => {
                return Some((
                    &NETWORK_EXPOSURE,
                    format!("`{said}` would let `{host}` reach every machine this one can, through a proxy here"),
                ));
            }
            Some(port) => {
                let Some(service) = sensitive(port) else {
                    continue;
                };
                return Some(match everyone {
                    true => (
                        &ADMIN_PORT_EXPOSURE,
                        format!(
                            "`{said}` would put {service} of this machine on the internet, on every address of `{host}`: anyone can try to sign in or break in"
                        ),
                    ),
                    false => (
                        &NETWORK_EXPOSURE,
                        format!("`{said}` would give whoever can use `{host}` a way into {service} of this machine"),
                    ),
                });
            }
        }
    }
    None
}

/// One remote forward: the address it listens on at the remote host, and the port it leads to
/// (`None`: a dynamic forward, a proxy to wherever the remote side asks).
struct RemoteForward {
    bind: Option<String>,
    port: Option<u16>,
}

impl RemoteForward {
    /// `[bind:]port:host:hostport`, `[bind:]port` (dynamic), `[bind:]port:/local/socket` and
    /// `/remote/socket:host:hostport`; an IPv6 address in brackets, or `/` as the separator.
    fn parse(spec: &str) -> Option<RemoteForward> {
        let mut fields: Vec<String> = Vec::new();
        let mut field = String::new();
        let mut bracketed = false;
        for c in spec.chars() {
            match c {
                '[' => bracketed = true,
                ']' => bracketed = false,
                ':' if !bracketed => fields.push(std::mem::take(&mut field)),
                _ => field.push(c),
            }
        }
        fields.push(field);
        if fields.len() == 1 && spec.contains('/') && !spec.starts_with('/') {
            fields = spec.split('/').map(str::to_owned).collect();
        }
        let is_port = |text: &str| text.parse::<u16>().is_ok();
        let (bind, target) = match fields.as_slice() {
            [port] if is_port(port) => (None, None),
            [bind, port] if is_port(port) => (Some(bind.clone()), None),
            [_, socket] if socket.starts_with('/') => return None,
            [_, _, hostport] => (None, Some(hostport)),
            [bind, _, _, hostport] => (Some(bind.clone()), Some(hostport)),
            _ => return None,
        };
        let port = match target {
            Some(hostport) => Some(hostport.parse().ok()?),
            None => None,
        };
        Some(RemoteForward { bind, port })
    }
}

#[cfg(test)]
mod tests {
    use super::{Opened, RemoteForward, opened, port_range, target_port};

    #[test]
    fn a_tunnel_target_names_its_port_or_its_scheme_does() {
        assert_eq!(target_port("22"), Some(22));
        assert_eq!(target_port("localhost:5432"), Some(5432));
        assert_eq!(target_port("ssh://localhost"), Some(22));
        assert_eq!(target_port("rdp://10.0.0.5"), Some(3389));
        assert_eq!(target_port("http://localhost:3000/app"), Some(3000));
        assert_eq!(target_port("file:///srv/site"), None);
        assert_eq!(target_port("eu"), None);
    }

    #[test]
    fn a_remote_forward_reads_its_bind_address_and_target() {
        let read = |spec: &str| RemoteForward::parse(spec).map(|forward| (forward.bind, forward.port));
        assert_eq!(read("8080:localhost:22"), Some((None, Some(22))));
        assert_eq!(
            read("0.0.0.0:2222:localhost:22"),
            Some((Some("0.0.0.0".to_owned()), Some(22)))
        );
        assert_eq!(read(":2222:localhost:22"), Some((Some(String::new()), Some(22))));
        assert_eq!(read("[::]:2222:localhost:22"), Some((Some("::".to_owned()), Some(22))));
        assert_eq!(read("1080"), Some((None, None)));
        assert_eq!(read("8080:/run/app.sock"), None);
    }

    #[test]
    fn ports_opened_to_everyone_are_sensitive_ordinary_or_the_web() {
        let ranges = |texts: &[&str]| texts.iter().filter_map(|text| port_range(text)).collect::<Vec<_>>();
        assert!(matches!(opened(&ranges(&["22"])), Opened::Sensitive(_)));
        assert!(matches!(opened(&ranges(&["*"])), Opened::Sensitive(_)));
        assert!(matches!(opened(&ranges(&["5000-6000"])), Opened::Sensitive(_)));
        assert!(matches!(opened(&ranges(&["80", "443"])), Opened::Web));
        assert!(matches!(opened(&ranges(&["8080"])), Opened::Other(_)));
    }
}
