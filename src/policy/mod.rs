//! The policy the user and the project choose: how strict the guard is (`mode`), which rules are
//! off, rules of their own, folders where deletes and writes are fine, what ask becomes when
//! nobody can answer, and what the audit log keeps. Read from two JSON files ([`file`]) and
//! `SAFETY_NET_MODE`, merged so that the project file and the variable, which the agent can
//! change, only ever tighten; then applied to every verdict.

mod custom;
pub mod file;

pub use custom::CustomRule;
pub use file::{ConfigError, SCHEMA};

use crate::context::no_project;
use crate::paths::AbsPath;
use crate::rules::{Decision, Rule};
use std::path::{Path, PathBuf};

/// How strict the guard is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum Strictness {
    /// Each rule's own decision.
    #[default]
    Standard,
    /// Every ask, `could-not-verify` included, becomes deny.
    Strict,
    /// Strict, and the paranoid rules (`checks::paranoid`): recursive deletes outside the temp
    /// folders, programs the analyzer does not know and edits of build files ask; every force
    /// push and code that starts programs are denied.
    Paranoid,
}

impl Strictness {
    pub fn parse(text: &str) -> Option<Strictness> {
        match text {
            "standard" => Some(Strictness::Standard),
            "strict" => Some(Strictness::Strict),
            "paranoid" => Some(Strictness::Paranoid),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Strictness::Standard => "standard",
            Strictness::Strict => "strict",
            Strictness::Paranoid => "paranoid",
        }
    }
}

/// What the audit log keeps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum AuditLevel {
    /// Every decision, allows too.
    #[default]
    All,
    /// Asks and denials only.
    Interruptions,
    /// Nothing.
    Off,
}

impl AuditLevel {
    fn parse(text: &str) -> Option<AuditLevel> {
        match text {
            "all" => Some(AuditLevel::All),
            "interruptions" => Some(AuditLevel::Interruptions),
            "off" => Some(AuditLevel::Off),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            AuditLevel::All => "all",
            AuditLevel::Interruptions => "interruptions",
            AuditLevel::Off => "off",
        }
    }
}

/// Where a setting came from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Origin {
    #[default]
    BuiltIn,
    /// The user's file, by path.
    User(PathBuf),
    /// The project's file, by path.
    Project(PathBuf),
    /// An environment variable, by name.
    Variable(&'static str),
}

impl Origin {
    pub fn describe(&self) -> String {
        match self {
            Origin::BuiltIn => "the default".to_owned(),
            Origin::User(path) => format!("the user configuration {}", path.display()),
            Origin::Project(path) => format!("the project configuration {}", path.display()),
            Origin::Variable(name) => format!("${name}"),
        }
    }
}

/// Rules that no configuration turns off: what loses a whole machine, a home folder or a disk,
/// and the guard's own refusals to let through what it could not judge (turning those off would
/// let unread commands pass).
pub const ALWAYS_ON: &[&str] = &[
    "rm-root",
    "rm-home",
    "rm-system",
    "disk-overwrite",
    "disk-format",
    "disk-partition",
    "input-too-large",
    "nesting-too-deep",
    "too-complex",
    "internal-error",
    "invalid-hook-input",
    "invalid-configuration",
];

/// The environment variable that raises the mode.
pub const MODE_VARIABLE: &str = "SAFETY_NET_MODE";

/// An MCP server's name and the names of its tools allowed (`"*"`: every tool).
pub type McpServer = (String, Vec<String>);

/// The effective policy, each setting with its origin.
#[derive(Debug)]
pub struct Policy {
    pub strictness: (Strictness, Origin),
    /// Rules turned off.
    pub disabled: Vec<(String, Origin)>,
    pub custom_rules: Vec<CustomRule>,
    /// Folders outside the project where recursive deletes and writes are fine.
    pub allow_paths: Vec<(AbsPath, Origin)>,
    /// What ask becomes when nobody can answer: deny (the default) or ask.
    pub unattended_ask: (Decision, Origin),
    pub audit: (AuditLevel, Origin),
    /// The MCP servers and their tools allowed, when a file lists them.
    pub mcp_servers: Option<(Vec<McpServer>, Origin)>,
    /// Project paths whose uncommitted changes may be discarded (`logs/**`), as globs relative
    /// to the project root.
    pub discardable: Vec<String>,
    /// The profiles of agents and subagents, by name.
    pub profiles: Vec<Profile>,
    /// The profile in force for this call, once chosen ([`Policy::choose_profile`]).
    pub profile: Option<String>,
    /// Every write is refused (a read-only profile).
    pub read_only: bool,
    /// What a file asked for and was refused, with why (`explain`, `doctor`, `config show`).
    pub refused: Vec<String>,
    /// The files read.
    pub files: Vec<Origin>,
}

impl Default for Policy {
    /// The policy without any configuration: each rule's own decision.
    fn default() -> Policy {
        Policy {
            strictness: Default::default(),
            disabled: Vec::new(),
            custom_rules: Vec::new(),
            allow_paths: Vec::new(),
            unattended_ask: (Decision::Deny, Origin::BuiltIn),
            audit: Default::default(),
            mcp_servers: None,
            discardable: Vec::new(),
            profiles: Vec::new(),
            profile: None,
            read_only: false,
            refused: Vec::new(),
            files: Vec::new(),
        }
    }
}

/// What applies to one agent or subagent only. Every setting of a profile tightens, so the
/// project's file may give profiles too.
#[derive(Debug)]
pub struct Profile {
    /// The payload's `agent_type`, or the agent's name.
    pub name: String,
    pub read_only: bool,
    pub strictness: Option<Strictness>,
    pub rules: Vec<CustomRule>,
    pub origin: Origin,
}

/// Where the configuration is read from.
#[derive(Clone, Debug, Default)]
pub struct Sources {
    /// The user's file: `$XDG_CONFIG_HOME/safety-net/config.json`, else
    /// `~/.config/safety-net/config.json`.
    pub user_file: Option<PathBuf>,
    /// The project's file: `.safety-net.json` at the project root.
    pub project_file: Option<PathBuf>,
    /// `$SAFETY_NET_MODE`.
    pub mode_variable: Option<String>,
}

/// The name of the project's file, at its root.
pub const PROJECT_FILE: &str = ".safety-net.json";

impl Sources {
    /// The files of this process's environment, for the project at `project_root`.
    pub fn from_environment(home: &AbsPath, project_root: &AbsPath) -> Sources {
        let variable = |name: &str| std::env::var(name).ok().filter(|value| !value.is_empty());
        Sources {
            user_file: Some(user_file(
                variable("XDG_CONFIG_HOME").as_deref(),
                &crate::context::native(home),
            )),
            project_file: project_file(project_root),
            mode_variable: variable(MODE_VARIABLE),
        }
    }
}

/// The user's configuration file for this `$XDG_CONFIG_HOME` and home folder.
pub fn user_file(config_home: Option<&str>, home: &str) -> PathBuf {
    config_home
        .filter(|dir| Path::new(dir).is_absolute())
        .map_or_else(|| Path::new(home).join(".config"), PathBuf::from)
        .join("safety-net/config.json")
}

/// The project's configuration file; none without a project.
pub fn project_file(project_root: &AbsPath) -> Option<PathBuf> {
    (!project_root.same(&no_project())).then(|| Path::new(&crate::context::native(project_root)).join(PROJECT_FILE))
}

impl Policy {
    /// Reads and merges the configuration. An unreadable or invalid file, or an unknown mode
    /// in the variable, is an error: the caller fails closed.
    pub fn load(sources: &Sources, home: &AbsPath) -> Result<Policy, ConfigError> {
        let mut policy = Policy::default();
        if let Some(path) = &sources.user_file
            && let Some((file, text)) = file::read(path)?
        {
            policy.merge(file, &text, Origin::User(path.clone()), path, home)?;
        }
        if let Some(path) = &sources.project_file
            && let Some((file, text)) = file::read(path)?
        {
            policy.merge(file, &text, Origin::Project(path.clone()), path, home)?;
        }
        if let Some(value) = &sources.mode_variable {
            let strictness = Strictness::parse(value).ok_or_else(|| {
                ConfigError::new(
                    Path::new(&format!("${MODE_VARIABLE}")),
                    format!("`{value}` is not a mode: use standard, strict or paranoid"),
                )
            })?;
            policy.raise(strictness, Origin::Variable(MODE_VARIABLE));
        }
        Ok(policy)
    }

    fn raise(&mut self, strictness: Strictness, origin: Origin) {
        if strictness > self.strictness.0 || (strictness == self.strictness.0 && self.strictness.1 == Origin::BuiltIn) {
            self.strictness = (strictness, origin);
        } else if strictness < self.strictness.0 {
            self.refused.push(format!(
                "{} asks for mode {}, lower than {} from {}: a mode is only ever raised",
                origin.describe(),
                strictness.name(),
                self.strictness.0.name(),
                self.strictness.1.describe()
            ));
        }
    }

    /// Adds one file's settings. The project's file may only tighten: what would loosen is
    /// recorded in `refused` and left out.
    fn merge(
        &mut self,
        file: file::ConfigFile,
        text: &str,
        origin: Origin,
        path: &Path,
        home: &AbsPath,
    ) -> Result<(), ConfigError> {
        let from_project = matches!(origin, Origin::Project(_));
        self.files.push(origin.clone());
        let invalid =
            |message: String, value: &str| ConfigError::new(path, message).at(text, file::place_of(text, value));
        if let Some(mode) = &file.mode {
            let strictness = Strictness::parse(mode).ok_or_else(|| {
                invalid(
                    format!("`{mode}` is not a mode: use standard, strict or paranoid"),
                    mode,
                )
            })?;
            self.raise(strictness, origin.clone());
        }
        for id in &file.disable {
            if crate::checks::rule(id).is_none() {
                return Err(invalid(
                    format!("`{id}` is not a rule id (`safety-net rules` lists them)"),
                    id,
                ));
            }
            if from_project {
                self.refused.push(format!(
                    "{} disables `{id}`: the project file may only tighten the policy, so the rule stays on",
                    origin.describe()
                ));
            } else if ALWAYS_ON.contains(&id.as_str()) {
                self.refused.push(format!(
                    "{} disables `{id}`: that rule cannot be turned off",
                    origin.describe()
                ));
            } else {
                self.disabled.push((id.clone(), origin.clone()));
            }
        }
        for entry in file.rules {
            let rule = CustomRule::read(entry, origin.clone(), path, text)?;
            if self.custom_rules.iter().any(|known| known.rule.id == rule.rule.id) {
                return Err(invalid(
                    format!("the rule id `{}` is given twice", rule.rule.id),
                    rule.rule.id,
                ));
            }
            self.custom_rules.push(rule);
        }
        for folder in &file.allow_paths {
            let absolute = allowed_folder(folder, home)
                .ok_or_else(|| invalid(format!("`{folder}` is not an absolute path or one below `~`"), folder))?;
            if from_project {
                self.refused.push(format!(
                    "{} allows `{folder}`: the project file may only tighten the policy, so the folder is not allowed",
                    origin.describe()
                ));
            } else if crate::context::holds_projects(&absolute, home) {
                self.refused.push(format!(
                    "{} allows `{folder}`: it holds the home folder or is a drive's root, which no setting opens",
                    origin.describe()
                ));
            } else {
                self.allow_paths.push((absolute, origin.clone()));
            }
        }
        if let Some(value) = &file.unattended_ask {
            let decision = match value.as_str() {
                "deny" => Decision::Deny,
                "ask" => Decision::Ask,
                _ => return Err(invalid(format!("`{value}` is not `deny` or `ask`"), value)),
            };
            if from_project && decision < self.unattended_ask.0 {
                self.refused.push(format!(
                    "{} sets unattended_ask to `{value}`: the project file may only tighten the policy",
                    origin.describe()
                ));
            } else {
                self.unattended_ask = (decision, origin.clone());
            }
        }
        if let Some(mcp) = file.mcp {
            if from_project {
                self.refused.push(format!(
                    "{} lists MCP servers: only the user's file decides which servers the agent may call",
                    origin.describe()
                ));
            } else {
                self.mcp_servers = Some((mcp.servers.into_iter().collect(), origin.clone()));
            }
        }
        for pattern in &file.discardable {
            if from_project {
                self.refused.push(format!(
                    "{} makes `{pattern}` discardable: the project file may only tighten the policy",
                    origin.describe()
                ));
            } else {
                self.discardable.push(pattern.trim_start_matches("./").to_owned());
            }
        }
        for (name, entry) in file.profiles {
            let strictness = match &entry.mode {
                Some(mode) => Some(Strictness::parse(mode).ok_or_else(|| {
                    invalid(
                        format!("`{mode}` is not a mode: use standard, strict or paranoid"),
                        mode,
                    )
                })?),
                None => None,
            };
            let mut rules = Vec::new();
            for rule in entry.rules {
                rules.push(CustomRule::read(rule, origin.clone(), path, text)?);
            }
            self.profiles.push(Profile {
                name,
                read_only: entry.read_only,
                strictness,
                rules,
                origin: origin.clone(),
            });
        }
        if let Some(value) = &file.audit_log {
            let level = AuditLevel::parse(value)
                .ok_or_else(|| invalid(format!("`{value}` is not all, interruptions or off"), value))?;
            if from_project {
                self.refused.push(format!(
                    "{} sets audit_log: only the user's file decides what the log keeps",
                    origin.describe()
                ));
            } else {
                self.audit = (level, origin);
            }
        }
        Ok(())
    }

    /// Applies the profiles for this call: those named by the payload's `agent_type` (a
    /// subagent) and by the agent's name, from either file. Each only tightens: a read-only
    /// preset, a higher mode, rules of its own.
    pub fn choose_profile(&mut self, agent_type: Option<&str>, agent: &str) {
        let chosen: Vec<Profile> = {
            let (matching, others): (Vec<Profile>, Vec<Profile>) = std::mem::take(&mut self.profiles)
                .into_iter()
                .partition(|profile| Some(profile.name.as_str()) == agent_type || profile.name == agent);
            self.profiles = others;
            matching
        };
        for profile in chosen {
            self.profile = Some(profile.name.clone());
            self.read_only |= profile.read_only;
            if let Some(strictness) = profile.strictness {
                self.raise(strictness, profile.origin.clone());
            }
            for rule in profile.rules {
                if !self.custom_rules.iter().any(|known| known.rule.id == rule.rule.id) {
                    self.custom_rules.push(rule);
                }
            }
        }
    }

    /// Puts this policy in `context`: its allowed folders count as folders given to the agent.
    pub fn install(self, context: &mut crate::context::Context) {
        context
            .given_folders
            .extend(self.allow_paths.iter().map(|(folder, _)| folder.clone()));
        context.policy = std::rc::Rc::new(self);
    }

    /// Whether findings of the rule `id` are left out.
    pub fn disables(&self, id: &str) -> bool {
        self.disabled.iter().any(|(disabled, _)| disabled == id)
    }

    /// The decision a finding of `rule` leads to, when `unattended` (nobody can answer) or not.
    /// The strict modes deny what would be asked, but for the paranoid mode's own rules, which
    /// ask about what the other modes let pass.
    pub fn decide(&self, rule: &Rule, unattended: bool) -> Decision {
        match rule.decision {
            Decision::Ask
                if self.strictness.0 >= Strictness::Strict && !crate::checks::paranoid::is_paranoid_rule(rule) =>
            {
                Decision::Deny
            }
            Decision::Ask if unattended => self.unattended_ask.0,
            decision => decision,
        }
    }
}

/// Whether a path relative to the project root matches a `discardable` glob: `dir/**` is
/// everything below `dir`, and otherwise a shell glob over the whole relative path.
pub fn matches_project_glob(pattern: &str, relative: &str) -> bool {
    match pattern.strip_suffix("/**") {
        Some(folder) => relative == folder || relative.starts_with(&format!("{folder}/")),
        None => crate::paths::glob_matches(pattern, relative),
    }
}

/// A folder of `allow_paths`: absolute, or below `~`.
fn allowed_folder(folder: &str, home: &AbsPath) -> Option<AbsPath> {
    match folder.strip_prefix("~/") {
        Some(below) => Some(home.join(below)),
        None if folder == "~" => Some(home.clone()),
        None => AbsPath::new(folder),
    }
}

#[cfg(test)]
mod tests;
