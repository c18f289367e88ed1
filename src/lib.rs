//! safety-net: a guard that AI coding agents call before every tool use.
//!
//! A command goes through one stage per module: `parse` (tree-sitter-bash, with
//! backslash-newline joined where bash joins it), `walk` (every node visited, words decoded,
//! layers unwrapped through the `registry`, code of other languages read by `interpreters`, scripts on
//! disk by `scripts`), `checks` (one checker per family of commands, each tool's options read by
//! `tools`) and `verdict` (the strictest finding decides). [`analyze`] runs them all; `explain`
//! renders how a command was understood. The README's "How it decides" maps every module.
//!
//! ```
//! use agent_safety_net::{analyze, Context, Decision};
//! let verdict = analyze("bash -c 'sudo rm -rf ~/'", &Context::example());
//! assert_eq!(verdict.decision, Decision::Deny);
//! assert_eq!(verdict.rule(), Some("rm-home"));
//! ```

pub(crate) mod aliases;
pub(crate) mod analyze;
pub(crate) mod approvals;
pub(crate) mod args;
pub(crate) mod audit;
pub(crate) mod checks;
pub mod cli;
pub(crate) mod command;
pub(crate) mod context;
pub(crate) mod coverage;
pub(crate) mod doctor;
pub(crate) mod explain;
pub(crate) mod files;
#[doc(hidden)]
pub mod fuzzing;
pub(crate) mod globbed;
pub(crate) mod hook;
pub(crate) mod install;
pub(crate) mod interpreters;
pub(crate) mod language;
pub(crate) mod links;
pub(crate) mod modes;
pub(crate) mod parse;
pub(crate) mod paths;
pub(crate) mod patterns;
pub(crate) mod places;
pub(crate) mod policy;
pub(crate) mod producers;
pub(crate) mod progress;
pub(crate) mod refusal;
pub(crate) mod registry;
pub(crate) mod rules;
pub(crate) mod scan;
pub(crate) mod scripts;
pub(crate) mod source;
pub(crate) mod tools;
pub(crate) mod transcripts;
pub(crate) mod verdict;
pub(crate) mod walk;
pub(crate) mod word;

pub use analyze::{analyze, analyze_edit, analyze_read, analyze_write};
pub use checks::{rule, rules};
pub use context::{Context, Mode, TEMP_VARIABLES};
pub use paths::AbsPath;
pub use rules::{Decision, Rule};
pub use verdict::Verdict;

/// The README's Rust examples, compiled and run by `cargo test` as doctests, so that the
/// library example a new user copies works.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeExamples;
