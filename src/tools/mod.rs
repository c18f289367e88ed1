//! How the tools the checkers judge read their own command lines: which options take a value,
//! globally and after a given subcommand, described once as data, one file per family.
//!
//! [`read`] reads a command by its tool's table, so that a checker gets the subcommand path and
//! the operands the way the tool itself reads them: in `kubectl --namespace prod delete ns x`
//! the subcommand is `delete`, and `prod` is the value of `--namespace`, not an operand.

mod cloud;
mod containers;
pub mod find;
pub mod git;
mod infrastructure;
mod kubernetes;
pub mod long_options;
pub mod mercurial;
mod packages;
mod releases;
pub mod sapling;
mod secrets;
pub mod spelling;

use crate::command::Command;
use crate::word::Word;

/// How one tool (or a family of compatible ones) reads its arguments.
pub struct Tool {
    pub names: &'static [&'static str],
    /// Options that take a value wherever they are allowed.
    pub global: Values,
    /// Options that take a value only once a subcommand path has been given
    /// (`kubectl delete -l app=x`, `aws s3 rm --exclude x`).
    pub subcommands: &'static [Subcommand],
    /// Whether options may follow the subcommand (cobra and most modern tools); when not, the
    /// global options end at the subcommand and what follows is the subcommand's (git).
    pub options_anywhere: bool,
}

/// Options that take a value, as the next word unless given attached (`-nprod`, `--ns=prod`).
pub struct Values {
    /// Short options (`"n"` for `-n prod`).
    pub short: &'static str,
    /// Long options, with their dashes (`"--namespace"`, or `"-var-file"` for tools whose
    /// long options take one dash).
    pub long: &'static [&'static str],
}

impl Values {
    fn takes_value(&self, option: &str) -> bool {
        if self.long.contains(&option) {
            return true;
        }
        let mut chars = option.chars();
        matches!((chars.next(), chars.next(), chars.next()), (Some('-'), Some(flag), None) if flag != '-' && self.short.contains(flag))
    }
}

/// Options that take a value after the subcommand path `path`.
pub struct Subcommand {
    pub path: &'static [&'static str],
    pub values: Values,
}

/// A command line read by its tool's table.
pub struct Invocation<'a> {
    args: &'a [Word],
    /// Where the words that are neither options nor their values are, in order: the
    /// subcommand path, then the operands.
    positional: Vec<usize>,
    options: Vec<Opt<'a>>,
}

/// One option as given: its name as written (`--namespace`, `-n`, a bundle `-af`) and its
/// value, if it took one.
pub struct Opt<'a> {
    pub name: &'a str,
    pub value: Option<&'a str>,
    /// The word that is the value, when given as a word of its own (`-c key=value`).
    pub value_word: Option<&'a Word>,
}

impl<'a> Opt<'a> {
    fn attached(name: &'a str, value: &'a str) -> Opt<'a> {
        Opt {
            name,
            value: Some(value),
            value_word: None,
        }
    }
}

/// Reads `command` by the table of its tool, if it is one this module describes.
pub fn read(command: &Command) -> Option<Invocation<'_>> {
    Some(read_as(tool(&command.name)?, command.args()))
}

/// The table of the program `name`.
pub(crate) fn tool(name: &str) -> Option<&'static Tool> {
    let name = crate::language::without_python_version(name);
    TOOLS
        .iter()
        .flat_map(|family| family.iter())
        .find(|tool| tool.names.contains(&name))
}

/// Whether the options of the program `name` are described here.
#[cfg(test)]
pub fn describes(name: &str) -> bool {
    tool(name).is_some()
}

/// Every tool described, by family.
const TOOLS: &[&[Tool]] = &[
    git::TOOLS,
    containers::TOOLS,
    kubernetes::TOOLS,
    cloud::TOOLS,
    infrastructure::TOOLS,
    packages::TOOLS,
    releases::TOOLS,
    secrets::TOOLS,
];

/// Reads `args` as `tool` reads them.
pub fn read_as<'a>(tool: &Tool, args: &'a [Word]) -> Invocation<'a> {
    let mut invocation = Invocation {
        args,
        positional: Vec::new(),
        options: Vec::new(),
    };
    let mut options_ended = false;
    let mut index = 0;
    while index < args.len() {
        let word = &args[index];
        index += 1;
        let text = match word.value() {
            Some(text) if !options_ended && text.starts_with('-') && text.len() > 1 => text,
            _ => {
                invocation.positional.push(index - 1);
                continue;
            }
        };
        if text == "--" {
            options_ended = true;
            continue;
        }
        if !tool.options_anywhere && !invocation.positional.is_empty() {
            // The subcommand's own options, read by its checker.
            invocation.positional.push(index - 1);
            continue;
        }
        let path = invocation.words();
        let takes_value = |option: &str| {
            tool.global.takes_value(option)
                || tool
                    .subcommands
                    .iter()
                    .any(|sub| path.starts_with(sub.path) && sub.values.takes_value(option))
        };
        // `--name=value`, and `-name=value` for tools whose long options take one dash (not a
        // short option with its value attached: git's `-ckey=value`).
        let letter_end = text.char_indices().nth(2).map_or(text.len(), |(end, _)| end);
        let short_with_value = !text.starts_with("--") && letter_end < text.len() && takes_value(&text[..letter_end]);
        if let Some((name, value)) = text.split_once('=')
            && (name.starts_with("--") || (name.len() > 2 && !short_with_value))
        {
            invocation.options.push(Opt::attached(name, value));
            continue;
        }
        if takes_value(text) {
            let value = args.get(index);
            invocation.options.push(Opt {
                name: text,
                value: value.map(Word::text),
                value_word: value,
            });
            index += 1;
            continue;
        }
        // `-nprod`, `-n=prod`: a short option with its value attached.
        if !text.starts_with("--") && takes_value(&text[..letter_end]) {
            invocation.options.push(Opt::attached(
                &text[..letter_end],
                text[letter_end..].trim_start_matches('='),
            ));
            continue;
        }
        invocation.options.push(Opt {
            name: text,
            value: None,
            value_word: None,
        });
    }
    invocation
}

impl<'a> Invocation<'a> {
    /// The words that are neither options nor their values: the subcommand path, then the
    /// operands.
    pub fn positional(&self) -> impl Iterator<Item = &'a Word> + '_ {
        self.positional.iter().map(|&index| &self.args[index])
    }

    /// Where the `n`th positional word is in the arguments read.
    pub fn position(&self, n: usize) -> Option<usize> {
        self.positional.get(n).copied()
    }

    /// The texts of [`Invocation::positional`].
    pub fn words(&self) -> Vec<&'a str> {
        self.positional().map(Word::text).collect()
    }

    /// The options given, in order.
    pub fn options(&self) -> &[Opt<'a>] {
        &self.options
    }

    /// Whether the option `name` was given (`--force`, `-f`), with or without a value.
    pub fn has(&self, name: &str) -> bool {
        self.options.iter().any(|option| option.name == name)
    }

    /// The values given to the option `name` (`--role owner`, `--role=owner`), in order.
    pub fn values<'s>(&'s self, name: &'s str) -> impl Iterator<Item = &'a str> + 's {
        self.options
            .iter()
            .filter(move |option| option.name == name)
            .filter_map(|option| option.value)
    }

    /// The value of the option `name`, the last one when it is given more than once.
    pub fn value(&self, name: &str) -> Option<&'a str> {
        self.values(name).last()
    }

    /// Whether the short flag `flag` was given, alone or in a bundle (`-a`, `-af`).
    pub fn has_short(&self, flag: char) -> bool {
        self.options.iter().any(|option| {
            option.value.is_none()
                && option
                    .name
                    .strip_prefix('-')
                    .is_some_and(|rest| !rest.starts_with('-') && rest.contains(flag))
        })
    }

    /// The arguments after the `n`th positional word, options included (what a subcommand
    /// reads by its own rules).
    pub fn after(&self, n: usize) -> &'a [Word] {
        match self.positional.get(n) {
            Some(&index) => &self.args[index + 1..],
            None => &[],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::Span;

    fn words(line: &str) -> Vec<Word> {
        line.split(' ').map(|w| Word::literal(w, Span::default())).collect()
    }

    fn positional(name: &str, line: &str) -> Vec<String> {
        let args = words(line);
        let mut argv = vec![Word::literal(name, Span::default())];
        argv.extend(args);
        let command = Command::new(
            argv,
            crate::paths::Cwd::Unknown(String::new()),
            crate::command::Input::Inherited,
            Span::default(),
        );
        read(&command)
            .expect("a described tool")
            .words()
            .into_iter()
            .map(str::to_owned)
            .collect()
    }

    #[test]
    fn global_values_are_not_operands() {
        assert_eq!(
            positional("kubectl", "--namespace prod delete ns billing"),
            ["delete", "ns", "billing"]
        );
        assert_eq!(
            positional("kubectl", "delete -n prod ns billing"),
            ["delete", "ns", "billing"]
        );
        assert_eq!(
            positional("kubectl", "-nprod delete ns billing"),
            ["delete", "ns", "billing"]
        );
        assert_eq!(
            positional("docker", "-H tcp://h volume rm data"),
            ["volume", "rm", "data"]
        );
        assert_eq!(
            positional("aws", "--region eu-west-1 s3 rb s3://b --force"),
            ["s3", "rb", "s3://b"]
        );
        assert_eq!(
            positional("helm", "--kube-context x uninstall api"),
            ["uninstall", "api"]
        );
    }

    #[test]
    fn subcommand_values_apply_after_their_path() {
        assert_eq!(positional("kubectl", "delete -l app=web pods"), ["delete", "pods"]);
        assert_eq!(positional("kubectl", "--namespace=prod get pods"), ["get", "pods"]);
    }

    #[test]
    fn options_end_at_double_dash() {
        assert_eq!(
            positional("kubectl", "exec web -- rm -rf /tmp/x"),
            ["exec", "web", "rm", "-rf", "/tmp/x"]
        );
    }

    #[test]
    fn terraform_reads_one_dash_options_with_values() {
        assert_eq!(
            positional("terraform", "-chdir=infra destroy -var region=eu"),
            ["destroy"]
        );
        assert_eq!(
            positional("terraform", "apply -auto-approve=true plan.out"),
            ["apply", "plan.out"]
        );
    }

    #[test]
    fn an_option_value_is_not_a_goal_a_task_or_a_subcommand() {
        assert_eq!(positional("mvn", "-pl deploy install"), ["install"]);
        assert_eq!(positional("gradlew", "-x publish build"), ["build"]);
        assert_eq!(positional("goreleaser", "release --skip publish"), ["release"]);
        assert_eq!(
            positional("gsutil", "-u billing acl ch -u AllUsers:R gs://b"),
            ["acl", "ch", "gs://b"]
        );
        assert_eq!(
            positional("vault", "kv delete -mount secret app"),
            ["kv", "delete", "app"]
        );
        assert_eq!(
            positional(
                "gcloud",
                "projects add-iam-policy-binding p --member allUsers --role roles/viewer"
            ),
            ["projects", "add-iam-policy-binding", "p"]
        );
    }

    #[test]
    fn option_values_are_read_in_either_spelling() {
        let args = words("release --skip announce --timeout 1h --skip=publish");
        let invocation = read_as(tool("goreleaser").expect("described"), &args);
        assert_eq!(invocation.words(), ["release"]);
        assert_eq!(invocation.value("--timeout"), Some("1h"));
        assert_eq!(invocation.values("--skip").collect::<Vec<_>>(), ["announce", "publish"]);
        assert_eq!(invocation.value("--skip"), Some("publish"));
    }

    #[test]
    fn git_global_options_end_at_the_subcommand() {
        let args = words("-C repo -c a=b push --force -o ci.skip");
        let invocation = read_as(&git::TOOLS[0], &args);
        assert_eq!(invocation.words()[0], "push");
        let config: Vec<_> = invocation
            .options()
            .iter()
            .filter(|o| o.name == "-c")
            .map(|o| o.value)
            .collect();
        assert_eq!(config, [Some("a=b")]);
        assert_eq!(invocation.after(0).len(), 3);
    }
}
