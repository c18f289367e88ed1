//! `chmod`'s arguments read as chmod reads them: options, the mode (octal or symbolic, a comma
//! list, or given as `-x`, which is a mode and not an option), `--reference`, and the files; and
//! what the mode does to the owner, the group and others.

use crate::word::Word;

/// The permission bits of the owner (`0o700`), of the group and others (`0o077`), and the
/// set-user-ID, set-group-ID and sticky bits (`0o7000`).
const OWNER: u16 = 0o700;
const GROUP_AND_OTHERS: u16 = 0o077;
const SPECIAL: u16 = 0o7000;
const ALL: u16 = 0o7777;

/// What a mode may do to a file's permission bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Read from the text: the bits it may turn on and those it may turn off.
    Known { grants: u16, removes: u16 },
    /// Known only at run time (`$MODE`, `--reference=FILE`, `g=u`), or not a mode chmod reads.
    Unknown,
}

impl Mode {
    /// Whether it may give the group or others access, or set a special bit.
    pub fn opens_up(self) -> bool {
        match self {
            Mode::Known { grants, .. } => grants & (GROUP_AND_OTHERS | SPECIAL) != 0,
            Mode::Unknown => true,
        }
    }

    /// Whether it may take any of `bits` away from the owner.
    pub fn takes_from_owner(self, bits: u16) -> bool {
        match self {
            Mode::Known { removes, .. } => removes & OWNER & bits != 0,
            Mode::Unknown => true,
        }
    }

    /// Whether it may let the group or others change the file, or set a special bit: what
    /// matters for a script that runs on its own (a hook), where reading and running it does
    /// not.
    pub fn lets_others_change(self) -> bool {
        match self {
            Mode::Known { grants, .. } => grants & (0o022 | SPECIAL) != 0,
            Mode::Unknown => true,
        }
    }

    /// Whether it may let others write (`777`, `o+w`, `a+w`).
    pub fn lets_others_write(self) -> bool {
        match self {
            Mode::Known { grants, .. } => grants & 0o002 != 0,
            Mode::Unknown => true,
        }
    }

    /// Whether it only takes access away from the group and others (`600`, `go-rwx`): nothing
    /// is opened up, and the owner keeps reading and writing.
    pub fn only_restricts_others(self) -> bool {
        !self.opens_up() && !self.takes_from_owner(0o600)
    }
}

/// A `chmod` command line, read.
#[derive(Debug)]
pub struct Chmod<'a> {
    pub mode: Mode,
    pub recursive: bool,
    pub files: Vec<&'a Word>,
}

/// Reads `chmod`'s arguments as GNU chmod does: options anywhere (long ones abbreviated), a mode
/// given as `-x` wherever it stands, or `--reference`, and then every other word is a file;
/// otherwise the first word that is not an option is the mode.
pub fn chmod(args: &[Word]) -> Chmod<'_> {
    let mut recursive = false;
    let mut reference = false;
    let mut mixed = false;
    let mut dash_modes: Vec<&str> = Vec::new();
    let mut operands: Vec<&Word> = Vec::new();
    let mut options_done = false;
    let mut words = args.iter();
    while let Some(word) = words.next() {
        let Some(text) = word.value() else {
            operands.push(word);
            continue;
        };
        if options_done || text == "-" || !text.starts_with('-') {
            operands.push(word);
        } else if text == "--" {
            options_done = true;
        } else if let Some(long) = text.strip_prefix("--") {
            // As getopt_long reads it: a full name or the beginning of one only; the beginning
            // of both (`--re`), an error to chmod, is read as each.
            let name = long.split('=').next().unwrap_or(long);
            let options = crate::tools::long_options::CHMOD;
            let names: Vec<&str> = options.long_values.iter().chain(options.long_flags).copied().collect();
            let meant: Vec<&str> = match names.iter().find(|full| **full == name) {
                Some(exact) => vec![*exact],
                None if name.is_empty() => Vec::new(),
                None => names.into_iter().filter(|full| full.starts_with(name)).collect(),
            };
            recursive |= meant.contains(&"recursive");
            if meant.contains(&"reference") {
                reference = true;
                if !long.contains('=') {
                    words.next();
                }
            }
        } else if parse(text).is_some() {
            // `-x`, `-w,o+r`: a mode, which chmod reads even where options are.
            dash_modes.push(text);
        } else {
            let letters = &text[1..];
            recursive |= letters.contains('R');
            // Options and mode letters run together (`-Rx`): read no further than that it
            // changes something.
            mixed |= !letters.chars().all(|c| "Rcfv".contains(c));
        }
    }
    let (mode, files) = if reference || mixed {
        (Mode::Unknown, operands)
    } else if !dash_modes.is_empty() {
        (parse(&dash_modes.join(",")).unwrap_or(Mode::Unknown), operands)
    } else {
        match operands.split_first() {
            Some((mode, files)) => (mode.value().and_then(parse).unwrap_or(Mode::Unknown), files.to_vec()),
            None => (Mode::Unknown, Vec::new()),
        }
    };
    Chmod { mode, recursive, files }
}

/// What a mode text does, or `None` when chmod would not read it as a mode.
pub fn parse(text: &str) -> Option<Mode> {
    if !text.is_empty() && text.chars().all(|c| c.is_digit(8)) {
        let bits = u16::from_str_radix(text, 8).ok()?;
        if bits > ALL {
            return None;
        }
        return Some(Mode::Known {
            grants: bits,
            removes: !bits & ALL,
        });
    }
    let (mut grants, mut removes) = (0u16, 0u16);
    for clause in text.split(',') {
        let who_end = clause.find(['+', '-', '=']).unwrap_or(clause.len());
        let who = &clause[..who_end];
        if who.chars().any(|c| !"ugoa".contains(c)) || who_end == clause.len() {
            return None;
        }
        let mask = who_mask(who);
        let mut rest = &clause[who_end..];
        while let Some(operator) = rest.chars().next() {
            let perms_end = rest[1..].find(['+', '-', '=']).map_or(rest.len(), |at| at + 1);
            let perms = &rest[1..perms_end];
            rest = &rest[perms_end..];
            if perms.chars().any(|c| "ugo".contains(c)) {
                // Copied from another class (`g=u`, `u=o`): any of the class's bits may be
                // given or taken.
                if perms.chars().any(|c| !"ugo".contains(c)) {
                    return None;
                }
                grants |= mask & 0o777;
                removes |= mask & 0o777;
                continue;
            }
            let bits = perm_bits(perms, mask)?;
            match operator {
                '+' => grants |= bits,
                '-' => removes |= bits,
                _ => {
                    grants |= bits;
                    removes |= (mask | special_of(mask)) & !bits;
                }
            }
        }
    }
    Some(Mode::Known { grants, removes })
}

/// The permission bits of the classes `who` names (`""` and `a` are everybody).
fn who_mask(who: &str) -> u16 {
    if who.is_empty() || who.contains('a') {
        return 0o777;
    }
    who.chars().fold(0, |mask, class| {
        mask | match class {
            'u' => 0o700,
            'g' => 0o070,
            _ => 0o007,
        }
    })
}

/// The special bits that belong to the classes in `mask`.
fn special_of(mask: u16) -> u16 {
    let mut bits = 0;
    if mask & 0o700 != 0 {
        bits |= 0o4000;
    }
    if mask & 0o070 != 0 {
        bits |= 0o2000;
    }
    if mask & 0o007 != 0 {
        bits |= 0o1000;
    }
    bits
}

/// The bits `perms` (`rwxXst`) stand for within `mask`.
fn perm_bits(perms: &str, mask: u16) -> Option<u16> {
    let mut bits = 0;
    for letter in perms.chars() {
        bits |= match letter {
            'r' => 0o444 & mask,
            'w' => 0o222 & mask,
            'x' | 'X' => 0o111 & mask,
            's' => special_of(mask) & 0o6000,
            't' => 0o1000,
            _ => return None,
        };
    }
    Some(bits)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mode(text: &str) -> Mode {
        parse(text).unwrap_or(Mode::Unknown)
    }

    #[test]
    fn octal_and_symbolic_modes() {
        assert!(mode("600").only_restricts_others());
        assert!(mode("700").only_restricts_others());
        assert!(mode("go-rwx").only_restricts_others());
        assert!(mode("go-w,o-r").only_restricts_others());
        assert!(!mode("000").only_restricts_others());
        assert!(mode("000").takes_from_owner(0o600));
        assert!(mode("600").takes_from_owner(0o100), "600 takes the owner's x away");
        assert!(mode("a-x").takes_from_owner(0o100));
        assert!(mode("u=").takes_from_owner(0o600));
        assert!(mode("=").takes_from_owner(0o600));
        assert!(mode("644").opens_up());
        assert!(mode("+x").opens_up(), "+x gives everybody x");
        assert!(!mode("u+x").opens_up());
        assert!(mode("o+w").lets_others_write());
        assert!(mode("777").lets_others_write());
        assert!(!mode("755").lets_others_write());
        assert!(mode("u+s").opens_up());
        assert!(mode("g=u").opens_up());
        assert!(mode("u=g").takes_from_owner(0o600));
        assert_eq!(parse("rwx"), None);
        assert_eq!(parse("8"), None);
        assert_eq!(parse("u+z"), None);
    }

    fn words(line: &str) -> Vec<Word> {
        crate::walk::walk(
            line,
            &crate::context::Context::for_tests(),
            std::time::Instant::now() + std::time::Duration::from_secs(1),
        )
        .commands
        .into_iter()
        .next()
        .map(|command| command.args().to_vec())
        .unwrap_or_default()
    }

    #[test]
    fn chmod_reads_dash_modes_options_and_files() {
        let args = words("chmod -R -x,o+w a b");
        let read = chmod(&args);
        assert!(read.recursive);
        assert!(read.mode.opens_up() && read.mode.takes_from_owner(0o100));
        assert_eq!(read.files.iter().map(|w| w.text()).collect::<Vec<_>>(), ["a", "b"]);
        let args = words("chmod --reference=ref f");
        assert_eq!(chmod(&args).mode, Mode::Unknown);
        assert_eq!(chmod(&args).files.len(), 1);
        let args = words("chmod -- -r f");
        assert!(chmod(&args).mode.takes_from_owner(0o400));
        let args = words("chmod 600 -v f");
        assert_eq!(chmod(&args).files.iter().map(|w| w.text()).collect::<Vec<_>>(), ["f"]);
        let args = words("chmod f --ref=g");
        let read = chmod(&args);
        assert_eq!(
            (read.mode, read.files.len()),
            (Mode::Unknown, 1),
            "the file before --reference is a file"
        );
        let args = words("chmod hook -x");
        assert!(chmod(&args).mode.takes_from_owner(0o100));
        assert_eq!(
            chmod(&args).files.iter().map(|w| w.text()).collect::<Vec<_>>(),
            ["hook"]
        );
        assert!(chmod(&words("chmod --rec 600 d")).recursive);
    }
}
