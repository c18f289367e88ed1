//! Reading a command's options the way getopt does: bundled short flags (`-rf`), values
//! attached or separate (`-uroot`, `-u root`), long options with `=`, abbreviated long options
//! (`--recur`), and `--`.

use crate::command::Command;
use crate::word::{Part, Word};

/// What a command's options look like.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Short options that take a value (`"u"` for `sudo -u root`).
    pub short_values: &'static str,
    /// Short options whose value is optional, and given only attached (getopt's `i::`):
    /// `xargs -i` takes none and `-iX` takes `X`, never the next word.
    pub short_optional: &'static str,
    /// Long options that take a value as the next word when not given with `=`.
    pub long_values: &'static [&'static str],
    /// Options end at the first operand (POSIX, and every wrapper); otherwise options and
    /// operands mix (GNU tools).
    pub stop_at_operand: bool,
    /// Options written with one dash, Go-style, read as long options rather than bundles of
    /// short ones: `"norc"` a flag, `"rc="` one that takes a value (`elvish -rc FILE`,
    /// `-rc=FILE`).
    pub single_dash: &'static [&'static str],
    /// The first word may be short options written without a dash, their values following it
    /// in order (`tar cvf x.tar dir`, the old style of tar and ar).
    pub bundled_first_word: bool,
    /// Long options match only in their own case, as getopt's and git's do (`git push --FORCE`
    /// is an error). Otherwise any case matches, as tools such as `tsc` accept, so that no
    /// spelling a tool might take slips through.
    pub case_sensitive: bool,
    /// Long options match by their full name only ([`Naming::Full`]): the command line was written out in full
    /// beforehand by the tool's own list of names (`tools::spelling`), so an abbreviation still
    /// left is one the tool refuses as ambiguous (`git push --forc`). Otherwise an abbreviation
    /// three letters or longer matches the option it begins.
    pub full_names_only: bool,
    /// The tool's long options that take no value (or take one only attached with `=`, as
    /// getopt's optional arguments). When given, they and `long_values` are every long option
    /// the tool has, and a long option is read as getopt_long reads it: by its full name, or by
    /// any beginning of exactly one name (`--upload-fil` is `--upload-file`, and takes the next
    /// word as its value). See [`Options::reading`] for the rest.
    pub long_flags: &'static [&'static str],
    /// The short option that spells a long one, getopt's `W;` (gawk, mawk): `-W exec FILE`,
    /// `-Wexec=FILE` and `-W e FILE` are read as `--exec FILE`, `--exec=FILE` and `--e FILE`.
    pub long_letter: Option<char>,
}

impl Options {
    pub const fn gnu(short_values: &'static str, long_values: &'static [&'static str]) -> Options {
        Options {
            short_values,
            short_optional: "",
            long_values,
            stop_at_operand: false,
            single_dash: &[],
            bundled_first_word: false,
            case_sensitive: false,
            full_names_only: false,
            long_flags: &[],
            long_letter: None,
        }
    }

    pub const fn posix(short_values: &'static str, long_values: &'static [&'static str]) -> Options {
        Options {
            short_values,
            short_optional: "",
            long_values,
            stop_at_operand: true,
            single_dash: &[],
            bundled_first_word: false,
            case_sensitive: false,
            full_names_only: false,
            long_flags: &[],
            long_letter: None,
        }
    }

    /// The same options, long ones matching only in their own case.
    pub const fn case_sensitive(self) -> Options {
        Options {
            case_sensitive: true,
            ..self
        }
    }

    /// The same options, long ones matching by their full name only (see
    /// [`Options::full_names_only`]).
    pub const fn full_names_only(self) -> Options {
        Options {
            full_names_only: true,
            ..self
        }
    }

    /// The same options, `long_values` and `names` (those that take no value) every long
    /// option the tool has (see [`Options::long_flags`]).
    pub const fn long_flags(self, names: &'static [&'static str]) -> Options {
        Options {
            long_flags: names,
            ..self
        }
    }

    /// How the long option written `--written` (without `=`) is read. With every name known
    /// ([`Options::long_flags`]), a full name or the beginning of only one is that option. The
    /// beginning of several is an error to getopt, and nothing runs; it is read the strict way
    /// all the same: it matches each option it begins (see [`Arg::is_long`]) and takes the
    /// next word if they all take one, or is read both with it and without it if only some do.
    /// With only the options that take a value known, a beginning of one of them three letters
    /// or longer might yet be the full name of a flag not listed, and is read both ways too.
    fn reading(&self, written: &str) -> (Option<&'static str>, Takes) {
        if let Some(name) = self.long_values.iter().find(|name| **name == written) {
            return (Some(name), Takes::Word);
        }
        if let Some(name) = self.long_flags.iter().find(|name| **name == written) {
            return (Some(name), Takes::Nothing);
        }
        let begun = |names: &'static [&'static str]| names.iter().filter(move |name| name.starts_with(written));
        let values = begun(self.long_values).count();
        if self.long_flags.is_empty() {
            let takes = if values > 0 && written.len() >= 3 {
                Takes::Either
            } else {
                Takes::Nothing
            };
            return (None, takes);
        }
        let flags = begun(self.long_flags).count();
        match (values, flags) {
            _ if written.is_empty() => (None, Takes::Nothing),
            (1, 0) => (begun(self.long_values).next().copied(), Takes::Word),
            (0, 1) => (begun(self.long_flags).next().copied(), Takes::Nothing),
            (0, _) => (None, Takes::Nothing),
            (_, 0) => (None, Takes::Word),
            _ => (None, Takes::Either),
        }
    }

    /// The same options read as GNU getopt, popt and Python's `gnu_getopt` read them when
    /// `POSIXLY_CORRECT` is set (see [`posixly_correct`]): they end at the first operand,
    /// a `--dry-run` after it being an operand.
    pub const fn posixly_correct(self) -> Options {
        Options {
            stop_at_operand: true,
            ..self
        }
    }

    /// The same options, `-LETTER NAME` read as `--NAME` (see [`Options::long_letter`]).
    pub const fn long_letter(self, letter: char) -> Options {
        Options {
            long_letter: Some(letter),
            ..self
        }
    }

    /// The same options, `letters` short options that take a value only attached (see
    /// [`Options::short_optional`]).
    pub const fn short_optional(self, letters: &'static str) -> Options {
        Options {
            short_optional: letters,
            ..self
        }
    }

    /// The same options, the first word read as a bundle of them when it has no dash (`tar
    /// cvf x.tar dir`).
    pub const fn bundled_first_word(self) -> Options {
        Options {
            bundled_first_word: true,
            ..self
        }
    }

    /// The same options, with `names` written after one dash (Go's flag package).
    pub const fn single_dash(self, names: &'static [&'static str]) -> Options {
        Options {
            single_dash: names,
            ..self
        }
    }
}

/// What a long option written without `=` takes after it.
#[derive(Clone, Copy, PartialEq)]
enum Takes {
    Nothing,
    /// The next word, as its value.
    Word,
    /// Unsure: the next word as its value, and the next word read on its own as well.
    Either,
}

/// The names a long option, as written, stands for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Naming {
    /// Its own full name only: the tool's table has it, or wrote it out (see
    /// [`Options::full_names_only`]).
    Full,
    /// Each name it begins: the tool's table has several, which the tool refuses as
    /// ambiguous, read the strict way all the same.
    Beginning,
    /// Its own name, or one it begins when three letters or longer: no table of every name
    /// says which it is.
    Guess,
}

/// One argument, read.
#[derive(Clone, Debug)]
pub enum Arg<'a> {
    /// `-x`, with its value if it takes one.
    Short { flag: char, value: Option<Word> },
    /// `--name` or `--name=value`; `name` is lowercased unless the options are case-sensitive.
    Long {
        name: String,
        value: Option<Word>,
        naming: Naming,
    },
    /// Anything else, including everything after `--`.
    Operand(&'a Word),
}

impl Arg<'_> {
    /// Whether this is `-flag` (alone or bundled).
    pub fn is_short(&self, flag: char) -> bool {
        matches!(self, Arg::Short { flag: f, .. } if *f == flag)
    }

    /// Whether this is `--full`, or a beginning of it the option's [`Naming`] lets stand for it.
    pub fn is_long(&self, full: &str) -> bool {
        match self {
            Arg::Long { name, naming, .. } => match naming {
                Naming::Full => name == full,
                Naming::Beginning => full.starts_with(name.as_str()),
                Naming::Guess => name == full || name.len() >= 3 && full.starts_with(name.as_str()),
            },
            _ => false,
        }
    }

    /// The value given to this option.
    pub fn value(&self) -> Option<&Word> {
        match self {
            Arg::Short { value, .. } | Arg::Long { value, .. } => value.as_ref(),
            Arg::Operand(_) => None,
        }
    }
}

/// Arguments read, with the index (in the input) of the first operand.
pub struct Parsed<'a> {
    pub args: Vec<Arg<'a>>,
    /// Where the operands begin, for options that stop at the first operand.
    pub first_operand: Option<usize>,
}

impl<'a> Parsed<'a> {
    pub fn operands(&self) -> impl Iterator<Item = &'a Word> + '_ {
        self.args.iter().filter_map(|arg| match arg {
            Arg::Operand(word) => Some(*word),
            _ => None,
        })
    }

    pub fn has_short(&self, flag: char) -> bool {
        self.args.iter().any(|arg| arg.is_short(flag))
    }

    pub fn has_long(&self, full: &str) -> bool {
        self.args.iter().any(|arg| arg.is_long(full))
    }

    /// Whether `-short` or `--long` is given.
    pub fn has(&self, short: char, long: &str) -> bool {
        self.has_short(short) || self.has_long(long)
    }

    /// The value of the last `-short`/`--long` given.
    pub fn value_of(&self, short: char, long: &str) -> Option<&Word> {
        self.args
            .iter()
            .rev()
            .find(|arg| arg.is_short(short) || arg.is_long(long))
            .and_then(Arg::value)
    }
}

/// The name among `names` that the long option `written` (its name, without dashes) stands for,
/// as parsers that take abbreviations read it (git's parse-options, Python's optparse, npm's
/// nopt): the name itself, or the only one it begins. The beginning of two names or more is
/// ambiguous, which those parsers refuse: `None`, as for a name not in the list.
pub fn completed<'n>(written: &str, names: impl Iterator<Item = &'n str> + Clone) -> Option<&'n str> {
    if written.is_empty() {
        return None;
    }
    if let Some(exact) = names.clone().find(|name| *name == written) {
        return Some(exact);
    }
    // A name listed twice is one name.
    let mut beginning = names.filter(|name| name.starts_with(written));
    let only = beginning.next()?;
    beginning.all(|name| name == only).then_some(only)
}

/// Whether `text` is a bundle of short options (`-aIx`) holding `letter`, for the checks that
/// read a flag without a table of the program's options.
pub fn is_bundle_with(text: &str, letter: char) -> bool {
    text.strip_prefix('-')
        .is_some_and(|rest| !rest.starts_with('-') && rest.contains(letter))
}

/// Whether `POSIXLY_CORRECT` is in the environment `command` runs with (set on it, or exported
/// before it), whatever its value: GNU getopt, popt and Python's `gnu_getopt` then end the
/// options at the first operand instead of reading options after operands.
pub fn posixly_correct(command: &Command) -> bool {
    command.environment().any(|(name, _)| name == "POSIXLY_CORRECT")
}

/// `-W NAME` or `-WNAME` (for `letter` `W`), as getopt's `W;` reads it: the long option
/// `--NAME`, `i` moved onto the word that spells it. `None` for any other word, or a name only
/// known when it runs.
fn long_by_letter(letter: char, text: &str, args: &[Word], i: &mut usize) -> Option<Word> {
    let rest = text.strip_prefix('-')?.strip_prefix(letter)?;
    if !rest.is_empty() {
        return Some(Word::literal(&format!("--{rest}"), args[*i].span));
    }
    let name = args.get(*i + 1)?.value()?;
    *i += 1;
    Some(Word::literal(&format!("--{name}"), args[*i].span))
}

/// `-nWexec` (for `letter` `W`): the flags bundled before the letter (`n`), and the letter with
/// what follows it (`-Wexec`), when none of those flags takes a value, which would be the rest
/// of the word.
fn bundled_before_letter(options: &Options, letter: char, text: &str) -> Option<(String, String)> {
    let bundle = text.strip_prefix('-').filter(|rest| !rest.starts_with('-'))?;
    let at = bundle.find(letter).filter(|at| *at > 0)?;
    let flags = &bundle[..at];
    let takes_value = |flag: char| options.short_values.contains(flag) || options.short_optional.contains(flag);
    (!flags.chars().any(takes_value)).then(|| (flags.to_owned(), format!("-{}", &bundle[at..])))
}

/// Reads `args` (the words after the program name).
pub fn parse<'a>(args: &'a [Word], options: &Options) -> Parsed<'a> {
    let mut out = Vec::with_capacity(args.len());
    let mut first_operand = None;
    let mut i = 0;
    if options.bundled_first_word
        && let Some(first) = args.first().and_then(Word::value)
        && !first.is_empty()
        && first.chars().all(|c| c.is_ascii_alphabetic())
    {
        i = 1;
        for flag in first.chars() {
            let value = if options.short_values.contains(flag) && i < args.len() {
                i += 1;
                Some(args[i - 1].clone())
            } else {
                None
            };
            out.push(Arg::Short { flag, value });
        }
    }
    while i < args.len() {
        let word = &args[i];
        // A long option whose value only is known when it runs (`--to-command="$CMD"`) is
        // still that option; any other word with a dynamic part is an operand.
        let dynamic_long = word.is_dynamic()
            && matches!(word.parts.first(), Some(Part::Literal { text, .. })
                if text.starts_with("--") && text.find('=').is_some_and(|equals| equals > 2));
        let text = if dynamic_long {
            word.text()
        } else {
            word.value().unwrap_or("")
        };
        let is_option = dynamic_long || (!word.is_dynamic() && text.len() > 1 && text.starts_with('-'));
        if !is_option {
            first_operand.get_or_insert(i);
            if options.stop_at_operand {
                out.extend(args[i..].iter().map(Arg::Operand));
                break;
            }
            out.push(Arg::Operand(word));
            i += 1;
            continue;
        }
        if text == "--" {
            if i + 1 < args.len() {
                first_operand.get_or_insert(i + 1);
            }
            out.extend(args[i + 1..].iter().map(Arg::Operand));
            break;
        }
        // `-nW exec`: flags bundled before the letter, which spells a long option after them.
        let letter_text = options.long_letter.and_then(|letter| {
            let (flags, spelled) = bundled_before_letter(options, letter, text)?;
            out.extend(flags.chars().map(|flag| Arg::Short { flag, value: None }));
            Some(spelled)
        });
        let spelled_long = options
            .long_letter
            .and_then(|letter| long_by_letter(letter, letter_text.as_deref().unwrap_or(text), args, &mut i));
        let (word, text) = match &spelled_long {
            Some(long) => (long, long.text()),
            None => (word, text),
        };
        if let Some(long) = text.strip_prefix("--") {
            let (name, attached) = match long.split_once('=') {
                Some((name, _)) => (name, Some(word.strip_prefix(name.len() + 3))),
                None => (long, None),
            };
            let written = if options.case_sensitive {
                name.to_owned()
            } else {
                name.to_ascii_lowercase()
            };
            let (full, takes) = options.reading(&written);
            let next = match attached {
                None if takes != Takes::Nothing => args.get(i + 1),
                _ => None,
            };
            let value = attached.or_else(|| next.cloned());
            // Read both ways, the next word is also read on its own.
            if next.is_some() && takes == Takes::Word {
                i += 1;
            }
            out.push(Arg::Long {
                name: full.map_or(written, str::to_owned),
                value,
                naming: match (full, options.long_flags.is_empty()) {
                    _ if options.full_names_only => Naming::Full,
                    (Some(_), false) => Naming::Full,
                    (None, false) => Naming::Beginning,
                    (_, true) => Naming::Guess,
                },
            });
            i += 1;
            continue;
        }
        let (single_dash, attached) = if options.single_dash.is_empty() {
            ("", false)
        } else {
            match text[1..].split_once('=') {
                Some((name, _)) => (name, true),
                None => (&text[1..], false),
            }
        };
        let takes_value = |name: &str| name.strip_suffix('=') == Some(single_dash);
        if !single_dash.is_empty()
            && options
                .single_dash
                .iter()
                .any(|name| *name == single_dash || takes_value(name))
        {
            let value = if attached {
                Some(word.strip_prefix(single_dash.len() + 2))
            } else if !options.single_dash.iter().any(|name| takes_value(name)) {
                None
            } else if i + 1 < args.len() {
                i += 1;
                Some(args[i].clone())
            } else {
                None
            };
            out.push(Arg::Long {
                name: single_dash.to_owned(),
                value,
                naming: if options.full_names_only {
                    Naming::Full
                } else {
                    Naming::Guess
                },
            });
            i += 1;
            continue;
        }
        for (position, flag) in text[1..].char_indices() {
            if options.short_optional.contains(flag) {
                let used = 1 + position + flag.len_utf8();
                let value = (used < text.len()).then(|| word.strip_prefix(used));
                out.push(Arg::Short { flag, value });
                break;
            }
            if !options.short_values.contains(flag) {
                out.push(Arg::Short { flag, value: None });
                continue;
            }
            let used = 1 + position + flag.len_utf8();
            let value = if used < text.len() {
                Some(word.strip_prefix(used))
            } else if i + 1 < args.len() {
                i += 1;
                Some(args[i].clone())
            } else {
                None
            };
            out.push(Arg::Short { flag, value });
            break;
        }
        i += 1;
    }
    Parsed {
        args: out,
        first_operand,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::Span;

    fn words(text: &str) -> Vec<Word> {
        text.split_whitespace()
            .map(|w| Word::literal(w, Span::default()))
            .collect()
    }

    #[test]
    fn bundles_and_values() {
        let args = words("-rfv --one-file-system -- -x");
        let parsed = parse(&args, &Options::gnu("", &[]));
        assert!(parsed.has_short('r') && parsed.has_short('f') && parsed.has_long("one-file-system"));
        assert_eq!(parsed.operands().map(Word::text).collect::<Vec<_>>(), ["-x"]);
    }

    #[test]
    fn attached_and_separate_values() {
        let args = words("-uroot -g wheel --user=bob --prompt x rm -rf");
        let parsed = parse(&args, &Options::posix("ug", &["prompt"]));
        assert_eq!(parsed.value_of('u', "user").map(Word::text), Some("bob"));
        assert_eq!(parsed.value_of('g', "group").map(Word::text), Some("wheel"));
        assert_eq!(parsed.first_operand, Some(6));
        assert_eq!(parsed.operands().count(), 2);
    }

    #[test]
    fn long_option_with_a_dynamic_value() {
        use crate::word::{Dynamic, DynamicKind, Part};
        let value = Part::Dynamic(Dynamic {
            kind: DynamicKind::Other,
            text: "$CMD".into(),
            span: Span::default(),
        });
        let literal = |text: &str| Part::Literal {
            text: text.into(),
            quoting: crate::word::Quoting::Bare,
            span: Span::default(),
        };
        let args = vec![
            Word::from_parts(vec![literal("--to-command="), value.clone()], Span::default()),
            Word::from_parts(vec![literal("--"), value], Span::default()),
        ];
        let parsed = parse(&args, &Options::gnu("", &[]));
        assert_eq!(parsed.value_of('\0', "to-command").map(Word::text), Some("$CMD"));
        assert_eq!(parsed.operands().map(Word::text).collect::<Vec<_>>(), ["--$CMD"]);
    }

    #[test]
    fn old_style_bundle_first() {
        let args = words("cvfb out.tar 20 src docs");
        let parsed = parse(&args, &Options::gnu("fb", &[]).bundled_first_word());
        assert!(parsed.has_short('c') && parsed.has_short('v'));
        assert_eq!(parsed.value_of('f', "file").map(Word::text), Some("out.tar"));
        assert_eq!(parsed.value_of('b', "blocking-factor").map(Word::text), Some("20"));
        assert_eq!(parsed.operands().map(Word::text).collect::<Vec<_>>(), ["src", "docs"]);
    }

    #[test]
    fn single_dash_options_go_style() {
        let args = words("-norc -rc x.elv -log=l.txt -c code");
        let parsed = parse(&args, &Options::posix("", &[]).single_dash(&["norc", "rc=", "log="]));
        assert!(parsed.has_long("norc") && !parsed.has_short('n'));
        assert_eq!(parsed.value_of('\0', "rc").map(Word::text), Some("x.elv"));
        assert_eq!(parsed.value_of('\0', "log").map(Word::text), Some("l.txt"));
        assert!(parsed.has_short('c'));
        assert_eq!(parsed.operands().map(Word::text).collect::<Vec<_>>(), ["code"]);
    }

    #[test]
    fn abbreviations_and_case() {
        let args = words("--RECUR --force-with-lease");
        let parsed = parse(&args, &Options::gnu("", &[]));
        assert!(parsed.args[0].is_long("recursive"));
        assert!(!parsed.args[1].is_long("force"));
        let args = words("--RECUR");
        let parsed = parse(&args, &Options::gnu("", &[]).case_sensitive());
        assert!(!parsed.args[0].is_long("recursive"));
    }

    #[test]
    fn bundled_flags_with_values() {
        let args = words("-fq -so out.txt -cKEY=VALUE x");
        let parsed = parse(&args, &Options::gnu("oc", &[]));
        assert!(parsed.has_short('f') && parsed.has_short('q') && parsed.has_short('s'));
        assert_eq!(parsed.value_of('o', "").map(Word::text), Some("out.txt"));
        assert_eq!(parsed.value_of('c', "").map(Word::text), Some("KEY=VALUE"));
        assert_eq!(parsed.operands().map(Word::text).collect::<Vec<_>>(), ["x"]);
    }

    /// With every long option known, a beginning of one only is that option, its value taken.
    #[test]
    fn unambiguous_beginnings_with_every_name_known() {
        let options = Options::gnu("", &["directory", "data", "data-binary"]).long_flags(&["dir", "delay"]);
        let args = words("--direc ~ --data-bin @key --dir x");
        let parsed = parse(&args, &options);
        assert_eq!(parsed.value_of('\0', "directory").map(Word::text), Some("~"));
        assert_eq!(parsed.value_of('\0', "data-binary").map(Word::text), Some("@key"));
        assert!(!parsed.args[1].is_long("data"), "--data-bin is not --data");
        assert!(parsed.args[2].is_long("dir") && parsed.args[2].value().is_none());
        assert_eq!(parsed.operands().map(Word::text).collect::<Vec<_>>(), ["x"]);
        let args = words("--upload-fil=k --DIREC=/x");
        let parsed = parse(
            &args,
            &Options::gnu("", &["upload-file", "directory"]).long_flags(&["upload"]),
        );
        assert_eq!(parsed.value_of('\0', "upload-file").map(Word::text), Some("k"));
        assert_eq!(parsed.value_of('\0', "directory").map(Word::text), Some("/x"));
    }

    /// A beginning of several names, which getopt refuses, is read the strict way: as each of
    /// them, with the next word as a value when all take one, both ways when some do.
    #[test]
    fn ambiguous_beginnings_read_the_strict_way() {
        let options = Options::gnu("", &["directory", "data", "data-binary"]).long_flags(&["dir", "delay"]);
        let args = words("--data- @k --di y --d z");
        let parsed = parse(&args, &options);
        assert!(parsed.args[0].is_long("data-binary") && !parsed.args[0].is_long("directory"));
        assert_eq!(parsed.args[0].value().map(Word::text), Some("@k"));
        assert!(parsed.args[1].is_long("directory") && parsed.args[1].is_long("dir"));
        assert_eq!(parsed.args[1].value().map(Word::text), Some("y"));
        assert!(parsed.args[3].is_long("directory"), "a short beginning still matches");
        assert_eq!(parsed.operands().map(Word::text).collect::<Vec<_>>(), ["y", "z"]);
    }

    /// With only the options that take a value known, a beginning of one is read both ways: it
    /// may be the full name of a flag not listed.
    #[test]
    fn beginnings_of_a_value_option_without_every_name_known() {
        let args = words("--inter ~ --interactive x");
        let parsed = parse(&args, &Options::gnu("", &["interactive"]));
        assert_eq!(parsed.args[0].value().map(Word::text), Some("~"));
        assert_eq!(parsed.operands().map(Word::text).collect::<Vec<_>>(), ["~"]);
        assert_eq!(parsed.value_of('\0', "interactive").map(Word::text), Some("x"));
    }

    /// getopt's `W;`: `-W NAME` and `-WNAME` are the long option `--NAME`, by any beginning
    /// of one name, its value taken after `=` or as the next word.
    #[test]
    fn long_options_spelled_after_a_letter() {
        let options = Options::posix("f", &["source", "exec"])
            .long_flags(&["version"])
            .long_letter('W');
        let args = words("-W so x -Wexec=p.awk -W e q.awk -Wversion prog -W source");
        let parsed = parse(&args, &options);
        assert_eq!(parsed.value_of('\0', "source").map(Word::text), Some("x"));
        assert_eq!(parsed.args[1].value().map(Word::text), Some("p.awk"));
        assert!(parsed.args[2].is_long("exec"));
        assert_eq!(parsed.args[2].value().map(Word::text), Some("q.awk"));
        assert!(parsed.args[3].is_long("version"));
        assert_eq!(
            parsed.operands().map(Word::text).collect::<Vec<_>>(),
            ["prog", "-W", "source"]
        );
        // Flags bundled before the letter, as getopt reads `-nW exec FILE` and `-nWe=FILE`.
        let args = words("-nW exec q.awk -bWe=r.awk -fW x");
        let parsed = parse(&args, &options);
        assert!(parsed.args[0].is_short('n'));
        assert!(parsed.args[1].is_long("exec"));
        assert_eq!(parsed.args[1].value().map(Word::text), Some("q.awk"));
        assert!(parsed.args[2].is_short('b'));
        assert_eq!(parsed.args[3].value().map(Word::text), Some("r.awk"));
        assert_eq!(parsed.value_of('f', "").map(Word::text), Some("W"));
    }

    /// A short option whose value is optional takes it only attached, never the next word.
    #[test]
    fn optional_short_values_only_attached() {
        let args = words("-i rm -rf / -e_END_ -l x");
        let parsed = parse(&args, &Options::posix("I", &[]).short_optional("eil"));
        assert!(parsed.has_short('i') && parsed.args[0].value().is_none());
        assert_eq!(parsed.first_operand, Some(1));
        let args = words("-iX -e_END_ -l2 cmd");
        let parsed = parse(&args, &Options::posix("I", &[]).short_optional("eil"));
        assert_eq!(parsed.value_of('i', "").map(Word::text), Some("X"));
        assert_eq!(parsed.value_of('e', "").map(Word::text), Some("_END_"));
        assert_eq!(parsed.value_of('l', "").map(Word::text), Some("2"));
        assert_eq!(parsed.operands().map(Word::text).collect::<Vec<_>>(), ["cmd"]);
    }
}
