//! safety-net: a guard that AI coding agents call before every tool use.
//!
//! A command goes through one stage per module: [`parse`] (tree-sitter-bash, with
//! backslash-newline joined where bash joins it), [`walk`] (every node visited, words decoded by
//! [`word`], layers unwrapped by [`unwrap`], code of other languages read by [`interpreters`],
//! scripts on disk by [`scripts`]), [`checks`] (one checker per family of commands),
//! and [`verdict`] (the strictest finding decides). [`analyze`] runs them all; [`explain`]
//! renders how a command was understood.
//!
//! ```
//! use agent_safety_net::{analyze, Context, Decision};
//! let verdict = analyze("bash -c 'sudo rm -rf ~/'", &Context::example());
//! assert_eq!(verdict.decision, Decision::Deny);
//! assert_eq!(verdict.rule(), Some("rm-home"));
//! ```

pub mod analyze;
pub mod args;
pub mod checks;
pub mod cli;
pub mod command;
pub mod context;
pub mod doctor;
pub mod explain;
pub mod files;
pub mod hook;
pub mod install;
pub mod interpreters;
pub mod language;
pub mod parse;
pub mod paths;
pub mod producers;
pub mod rules;
pub mod scripts;
pub mod source;
pub mod tools;
pub mod unwrap;
pub mod verdict;
pub mod walk;
pub mod word;

pub use analyze::{analyze, analyze_read, analyze_write};
pub use context::{Context, Mode};
pub use verdict::{Decision, Verdict};
