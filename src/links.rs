//! Paths as the system resolves them: symbolic links followed component by component, as the
//! kernel follows them. The links a command makes before later parts of it run (`ln -s ~ h &&
//! rm -rf h/*`) are known from its text; where the disk may be read, those already on disk are
//! read too (one `readlink` per component of a path judged).
//!
//! A path is judged both as written and where it really leads, so that a link never makes a
//! protected place look ordinary. The real place is judged against the real project, home and
//! working folders, so a project that is itself reached through a link (`/tmp` on macOS) stays
//! the project.

use crate::args::{self, Options};
use crate::command::Analysis;
use crate::context::{Context, native};
use crate::paths::{self, AbsPath, Cwd, Target};
use crate::word::Word;
use std::rc::Rc;

/// The most links followed for one path: Linux's own limit, beyond which it fails with `ELOOP`.
const MAX_LINKS: usize = 40;

/// A link the command makes before later parts of it run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    /// Where the link is.
    pub at: AbsPath,
    /// What it points at, as the link holds it: relative to the link's folder unless absolute;
    /// `None` when that is only known when the command runs (`ln -s "$DIR" x`).
    pub to: Option<String>,
}

/// What walking a path through its links found.
enum Walked {
    /// It leads where it says.
    Same,
    /// It leads here, through these places, each as the path stood when a link on the way was
    /// met (`rc` -> `~/.bashrc` -> `~/dotfiles/bashrc` passes `~/.bashrc`).
    Real(AbsPath, Vec<AbsPath>),
    /// Through a link whose target cannot be known here, and why.
    Unknown(String),
}

/// Whether the last component of a path is followed when it is a link.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Last {
    /// Followed: reading, writing, `chmod`, or a folder named with a trailing `/`.
    Follow,
    /// Not followed: `rm link` and `mv link` act on the link itself.
    Keep,
}

/// Where `path` really leads, when a link on its way leads elsewhere; `None` when it leads where
/// it says, when no link is known and the disk may not be read, or when the links loop.
pub fn real(path: &AbsPath, last: Last, context: &Context) -> Option<AbsPath> {
    match walk(path, last, context) {
        Walked::Real(real, _) => Some(real),
        Walked::Same | Walked::Unknown(_) => None,
    }
}

/// Walks `path` component by component, following the links on its way.
fn walk(path: &AbsPath, last: Last, context: &Context) -> Walked {
    if !context.read_scripts && context.links.is_empty() {
        return Walked::Same;
    }
    // Components still to walk, the next one last.
    let mut pending: Vec<String> = path.components().rev().map(str::to_owned).collect();
    let mut at = AbsPath::root();
    let mut followed = 0;
    let mut via = Vec::new();
    // Once a component is missing, nothing below it is on disk either.
    let mut on_disk = context.read_scripts;
    while let Some(name) = pending.pop() {
        match name.as_str() {
            "" | "." => continue,
            ".." => {
                at = at.parent().unwrap_or(at);
                continue;
            }
            _ => {}
        }
        let next = at.join(&name);
        if pending.is_empty() && last == Last::Keep {
            at = next;
            break;
        }
        let to = match link_at(&next, &context.links, context, &mut on_disk) {
            Ok(Some(to)) => to,
            Ok(None) => {
                at = next;
                continue;
            }
            Err(why) => return Walked::Unknown(format!("{path}, {why}")),
        };
        followed += 1;
        if followed > MAX_LINKS {
            return Walked::Same;
        }
        let mut stood = next.clone();
        for component in pending.iter().rev() {
            stood = stood.join(component);
        }
        if !stood.same(path) {
            via.push(stood);
        }
        match AbsPath::new(&to) {
            // An absolute target starts again from its root (`/c/…` for a drive).
            Some(absolute) => {
                at = AbsPath::root();
                pending.extend(absolute.components().rev().map(str::to_owned));
            }
            // A relative one from the link's folder, `at` itself.
            None => pending.extend(to.split(['/', '\\']).rev().map(str::to_owned)),
        }
    }
    if at.same(path) {
        Walked::Same
    } else {
        Walked::Real(at, via)
    }
}

/// What the link at `path` points at: one of the command's `links`, else one on disk (while
/// `on_disk`, which turns false once a component is missing); `Ok(None)` when it is no link, an
/// error saying why when that cannot be known here (a link made with a target known only when
/// the command runs, a folder this process may not look into, a target that is not UTF-8).
fn link_at(path: &AbsPath, links: &[Link], context: &Context, on_disk: &mut bool) -> Result<Option<String>, String> {
    if let Some(link) = links.iter().rev().find(|link| link.at.same(path)) {
        return link
            .to
            .clone()
            .map(Some)
            .ok_or_else(|| format!("through the link {path} the command makes to a place only known when it runs"));
    }
    if !*on_disk {
        return Ok(None);
    }
    let cached = context.disk_links.0.borrow().get(path.as_str()).cloned();
    let read = cached.unwrap_or_else(|| {
        let read = match std::fs::read_link(native(path)) {
            Ok(to) => Ok(to.into_os_string().into_string().ok()),
            Err(error) => Err(error.kind()),
        };
        context
            .disk_links
            .0
            .borrow_mut()
            .insert(path.as_str().to_owned(), read.clone());
        read
    });
    match read {
        Ok(Some(to)) => Ok(Some(to)),
        Ok(None) => Err(format!("through the link {path}, whose target is not UTF-8")),
        Err(std::io::ErrorKind::NotFound | std::io::ErrorKind::NotADirectory) => {
            *on_disk = false;
            Ok(None)
        }
        // Not a link.
        Err(std::io::ErrorKind::InvalidInput) => Ok(None),
        Err(kind) => Err(format!("through {path}, which could not be looked at ({kind})")),
    }
}

/// The places a path passes through on its way to where it really leads: at each link met, the
/// path as it stood then. A write lands in the last place but changes what each of them holds.
pub fn passes_through(path: &AbsPath, last: Last, context: &Context) -> Vec<AbsPath> {
    match walk(path, last, context) {
        Walked::Real(_, via) => via,
        Walked::Same | Walked::Unknown(_) => Vec::new(),
    }
}

/// Where `target` really leads, when a link on its way leads elsewhere.
fn real_target(target: &Target, last: Last, context: &Context) -> Option<Target> {
    let (Target::Path(path) | Target::Contents(path) | Target::Below { dir: path, .. }) = target else {
        return None;
    };
    match walk(path, last, context) {
        Walked::Same => None,
        Walked::Unknown(what) => Some(Target::Unknown { guarded: false, what }),
        Walked::Real(real, _) => Some(match target {
            Target::Contents(_) => Target::Contents(real),
            Target::Below { name, deep, .. } => Target::Below {
                dir: real,
                name: name.clone(),
                deep: *deep,
            },
            _ => Target::Path(real),
        }),
    }
}

/// `context` with its folders where they really are, worked out once per context: the place a
/// link leads to is judged against the real project, home and working folder.
pub fn real_context(context: &Context) -> Rc<Context> {
    context
        .real
        .0
        .get_or_init(|| {
            let resolved = |path: &AbsPath| real(path, Last::Follow, context).unwrap_or_else(|| path.clone());
            Rc::new(Context {
                cwd: resolved(&context.cwd),
                home: resolved(&context.home),
                project_root: resolved(&context.project_root),
                given_folders: context.given_folders.iter().map(resolved).collect(),
                links: Vec::new(),
                ..context.clone()
            })
        })
        .clone()
}

/// Where `path` really is, and the real context to judge it in, when either differs from what
/// is written: a link on the path's way, or a home, project or working folder that is itself
/// reached through a link (a path written in the real folders' terms is theirs too). `None`
/// when both are as written, or nothing can be resolved.
pub fn resolved(path: &AbsPath, last: Last, context: &Context) -> Option<(AbsPath, Rc<Context>)> {
    match resolved_target(&Target::Path(path.clone()), last, context)? {
        (Target::Path(path), context) => Some((path, context)),
        // Through a link only known at run time: a file there is judged by its name alone.
        _ => None,
    }
}

/// [`resolved`] for a target: `last` is for the path named, the file of a `Path` and the folder
/// of `Contents` and `Below` (followed for `link/*`, not for the root `find link -delete`
/// searches).
pub fn resolved_target(target: &Target, last: Last, context: &Context) -> Option<(Target, Rc<Context>)> {
    if !context.read_scripts && context.links.is_empty() {
        return None;
    }
    let real_target = real_target(target, last, context);
    let real_context = real_context(context);
    let folders_moved = !real_context.home.same(&context.home)
        || !real_context.project_root.same(&context.project_root)
        || !real_context.cwd.same(&context.cwd);
    match real_target {
        Some(target) => Some((target, real_context)),
        None if folders_moved && !matches!(target, Target::Temporary | Target::Unknown { .. }) => {
            Some((target.clone(), real_context))
        }
        None => None,
    }
}

/// The links a pattern's matches hold, for a pattern written with a trailing `/` (`*/`, `h*/`),
/// which the system resolves into each matching link's target: the command's own links and, where
/// the disk may be read, those in the folder.
pub fn matched_links(target: &Target, context: &Context) -> Vec<AbsPath> {
    let (dir, pattern) = match target {
        Target::Contents(dir) => (dir, "*"),
        Target::Below {
            dir,
            name: Some(pattern),
            ..
        } => (dir, pattern.as_str()),
        _ => return Vec::new(),
    };
    let matches = |name: &str| paths::pattern_matches_entry(pattern, name);
    let mut found: Vec<AbsPath> = context
        .links
        .iter()
        .filter(|link| link.at.parent().is_some_and(|parent| parent.same(dir)))
        .filter(|link| link.at.name().is_some_and(matches))
        .map(|link| link.at.clone())
        .collect();
    if context.read_scripts
        && let Ok(entries) = std::fs::read_dir(native(dir))
    {
        found.extend(
            entries
                .flatten()
                .filter(|entry| entry.file_type().is_ok_and(|kind| kind.is_symlink()))
                .map(|entry| entry.file_name().to_string_lossy().into_owned())
                .filter(|name| matches(name))
                .map(|name| dir.join(&name)),
        );
    }
    found
}

/// The most entries looked at when a search that follows links (`find -L`) is checked for them.
const MAX_SEARCHED_ENTRIES: usize = 20_000;

/// The links in the tree below `root` on disk, which a search that follows links (`find -L`)
/// goes through; `Err` when the tree holds more entries than are looked at. Empty where the disk
/// may not be read.
pub fn links_below(root: &AbsPath, context: &Context) -> Result<Vec<AbsPath>, String> {
    let mut found = Vec::new();
    if !context.read_scripts {
        return Ok(found);
    }
    let mut folders = vec![root.clone()];
    let mut seen = 0;
    while let Some(folder) = folders.pop() {
        let Ok(entries) = std::fs::read_dir(native(&folder)) else {
            continue;
        };
        for entry in entries.flatten() {
            seen += 1;
            if seen > MAX_SEARCHED_ENTRIES {
                return Err(format!(
                    "the links below {root}, which a search that follows links goes through (more than {MAX_SEARCHED_ENTRIES} entries to look at)"
                ));
            }
            let Ok(kind) = entry.file_type() else { continue };
            let path = folder.join(&entry.file_name().to_string_lossy());
            if kind.is_symlink() {
                found.push(path);
            } else if kind.is_dir() {
                folders.push(path);
            }
        }
    }
    Ok(found)
}

/// Makes the project root of `context` the one its working folder is in, written the same way:
/// an agent may name the project through a link (`/tmp/p`, `~/link/p`) and the working folder by
/// its real path, or the other way round. Without this, the working folder would seem outside
/// the project. Reads the disk; does nothing where the disk may not be read.
pub fn align_project(context: &mut Context) {
    if !context.read_scripts || context.cwd.starts_with(&context.project_root) {
        return;
    }
    let real_of = |path: &AbsPath| real(path, Last::Follow, context).unwrap_or_else(|| path.clone());
    let project = real_of(&context.project_root);
    let mut at = Some(context.cwd.clone());
    while let Some(folder) = at {
        if real_of(&folder).same(&project) {
            context.project_root = folder;
            return;
        }
        at = folder.parent();
    }
}

/// Where `word` points when each `..` in it goes up from where the folder before it really is
/// (`h/../x` with `h` a link to the home is beside the home, not `x` here); `None` when it has no
/// `..`, nothing can be resolved, or it leads where the text says.
pub fn physical_target(word: &Word, cwd: &Cwd, context: &Context) -> Option<Target> {
    if (!context.read_scripts && context.links.is_empty()) || !word.text().split(['/', '\\']).any(|part| part == "..") {
        return None;
    }
    let real_folder = |folder: &AbsPath| real(folder, Last::Follow, context).unwrap_or_else(|| folder.clone());
    let physical = paths::resolve_with(word, cwd, &real_folder);
    (physical != paths::resolve(word, cwd)).then_some(physical)
}

/// The options of `ln`, `cp` and `mv` that take a value.
const LINKER_OPTIONS: Options = Options::gnu("St", &["suffix", "target-directory"]);

/// How a command makes each of its destinations from a source.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Making {
    /// A symbolic link holding the source as written (`ln -s`, `cp -s`).
    Symbolic,
    /// The same file as the source, or a link to it resolved here (`ln`, `ln -r`, `link`, `cp -l`).
    Hard,
    /// The source itself when it is a link: `mv`, and `cp -a`/`-d`/`-P`/`-R`, copy a link as a
    /// link.
    LinkKept,
}

/// The links the commands of `analysis` make (`ln`, `link`, `cp -s`/`-l`, and `cp`/`mv` of a
/// link), in the order they run. Links made on another machine or in a container are not this
/// disk's.
pub fn made_by(analysis: &Analysis, context: &Context) -> Vec<Link> {
    let mut links: Vec<Link> = Vec::new();
    for (id, command) in analysis.commands.iter().enumerate() {
        if !matches!(command.name.as_str(), "ln" | "link" | "cp" | "mv")
            || analysis.runs_remotely(id)
            || analysis.in_container(id)
        {
            continue;
        }
        let Cwd::Known(cwd) = &command.cwd else {
            continue;
        };
        let parsed = args::parse(command.args(), &LINKER_OPTIONS);
        let making = match command.name.as_str() {
            "ln" if parsed.has('s', "symbolic") && !parsed.has('r', "relative") => Making::Symbolic,
            "ln" | "link" => Making::Hard,
            "cp" if parsed.has('s', "symbolic-link") => Making::Symbolic,
            "cp" if parsed.has('l', "link") => Making::Hard,
            "cp" if parsed.has('L', "dereference") => continue,
            "cp" if ['a', 'd', 'P', 'R', 'r'].iter().any(|flag| parsed.has_short(*flag))
                || parsed.has_long("archive")
                || parsed.has_long("no-dereference")
                || parsed.has_long("recursive") =>
            {
                Making::LinkKept
            }
            "mv" => Making::LinkKept,
            _ => continue,
        };
        // Sources may be known only at run time; the destination is where the link goes.
        let operands: Vec<Option<&str>> = parsed.operands().map(Word::value).collect();
        let folder = parsed.value_of('t', "target-directory").map(Word::value);
        let (sources, destination) = match (folder, operands.as_slice()) {
            (Some(Some(folder)), sources) => (sources, Some((folder, true))),
            (Some(None), _) => continue,
            // `ln TARGET` links TARGET's name here; `cp`/`mv` need a destination.
            (None, [source]) if command.name == "ln" => (std::slice::from_ref(source), None),
            (None, [sources @ .., Some(last)]) if !sources.is_empty() => {
                let into = last.ends_with('/')
                    || sources.len() > 1
                    || !parsed.has('T', "no-target-directory")
                        && context.read_scripts
                        && std::path::Path::new(&native(&cwd.join(last))).is_dir();
                (sources, Some((*last, into)))
            }
            _ => continue,
        };
        for source in sources {
            let name = source.map(|source| source.trim_end_matches('/').rsplit('/').next().unwrap_or(source));
            let at = match (destination, name) {
                (Some((folder, true)), Some(name)) => cwd.join(folder).join(name),
                (Some((path, false)), _) => cwd.join(path),
                (None, Some(name)) => cwd.join(name),
                // Into a folder under a name only known at run time.
                (_, None) => continue,
            };
            let resolved = || match paths::resolve(&Word::literal((*source)?, command.span), &command.cwd) {
                Target::Path(path) => Some(path),
                _ => None,
            };
            let to = match making {
                Making::Symbolic => source.map(str::to_owned),
                Making::Hard => resolved().map(|path| path.as_str().to_owned()),
                Making::LinkKept => {
                    match resolved().map(|path| link_at(&path, &links, context, &mut context.read_scripts.clone())) {
                        Some(Ok(Some(to))) => Some(to),
                        // Not a link, or one that cannot be read: nothing is made.
                        _ => continue,
                    }
                }
            };
            links.push(Link { at, to });
        }
    }
    links
}
