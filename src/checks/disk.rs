//! Disks: writing raw data to a block device (`dd of=/dev/sda`, `> /dev/nvme0n1`,
//! `shred /dev/sdb`), formatting, encrypting, discarding or erasing one (`mkfs*`, `wipefs`,
//! `mkswap`, `cryptsetup luksFormat`, `blkdiscard`, `nvme format`, `diskutil eraseDisk`),
//! destroying volumes and pools (`lvremove`, `zpool destroy`) and repartitioning (`fdisk`,
//! `sfdisk`, `parted`, `sgdisk` on a device). A disk image file in the project is no device.

use super::{Applies, Checker, DENY, Report, Subject};
use crate::args::{self, Options};
use crate::paths;
use crate::places;
use crate::rules::Rule;
use crate::word::Word;

pub const CHECKER: Checker = Checker {
    rules: &[&DISK_OVERWRITE, &DISK_FORMAT, &DISK_PARTITION],
    applies: Applies::EveryCommand,
    check,
    whole_analysis: None,
};

pub static DISK_OVERWRITE: Rule = Rule {
    id: "disk-overwrite",
    decision: DENY,
    catches: "Writing raw data to a block device: `dd of=/dev/sda`, `> /dev/nvme0n1`, `shred /dev/sdb`.",
    instead: "Write to a file instead; leave disks to the user",
    examples: &[
        "dd if=/dev/zero of=/dev/sda bs=1M",
        "cat image.iso > /dev/sdb",
        "shred -n 1 /dev/nvme0n1",
        "echo x | tee /dev/disk2",
    ],
    allowed: &[
        "dd if=/dev/zero of=./disk.img bs=1M count=10",
        "echo hi > /dev/null",
        "cat x > /dev/stderr",
    ],
};

pub static DISK_FORMAT: Rule = Rule {
    id: "disk-format",
    decision: DENY,
    catches: "Formatting, encrypting, discarding or erasing a device, or destroying a volume or pool: `mkfs*`, `mke2fs`, `mkswap`, `wipefs`, `cryptsetup luksFormat|erase`, `blkdiscard`, `nvme format|sanitize`, `hdparm --security-erase`, `badblocks -w`, `zpool destroy`, `zfs destroy`, `lvremove`, `vgremove`, `pvremove`, `mdadm --zero-superblock`, `diskutil eraseDisk`, `format D:`.",
    instead: "Leave formatting to the user",
    examples: &[
        "mkfs.ext4 /dev/sdb1",
        "mkfs -t xfs /dev/vdb",
        "mkfs.vfat -n BOOT /dev/sdb1",
        "mkfs.ext4 -Lnew /dev/sdb1",
        "wipefs -a /dev/sda",
        "diskutil eraseDisk APFS X disk2",
        "mkswap /dev/sdc",
        "cryptsetup luksFormat /dev/sdb",
        "blkdiscard /dev/nvme0n1",
        "nvme format /dev/nvme0n1",
        "zpool destroy tank",
        "lvremove -f vg0/data",
    ],
    allowed: &[
        "echo mkfs.ext4",
        "diskutil list",
        "mkfs.ext4 disk.img",
        "mkfs.vfat -C build/boot.img 1024",
        "mkfs.ext4 -n /dev/sdb1",
        "mkfs.xfs -N /dev/sdb1",
        "mkfs --help",
        "wipefs -n /dev/sda",
        "cryptsetup luksFormat build/disk.img",
        "cryptsetup status root",
        "zpool status",
        "lvs",
    ],
};

pub static DISK_PARTITION: Rule = Rule {
    id: "disk-partition",
    decision: DENY,
    catches: "Changing a partition table: `fdisk`, `sfdisk`, `parted`, `sgdisk`, `gdisk`, `cfdisk` on a device.",
    instead: "List partitions only (`fdisk -l`, `parted -l`), and leave changes to the user",
    examples: &[
        "fdisk /dev/sda",
        "sgdisk --zap-all /dev/sda",
        "parted /dev/sdb mklabel gpt",
        "sfdisk /dev/sdb < table.txt",
    ],
    allowed: &[
        "fdisk -l",
        "parted -l",
        "sfdisk -l /dev/sda",
        "parted /dev/sda print",
        "sgdisk -p /dev/sda",
    ],
};

/// Whether a path names a block device (a whole disk or a partition).
pub fn is_block_device(path: &str) -> bool {
    let Some(name) = path.strip_prefix("/dev/") else {
        return path.to_ascii_lowercase().contains("physicaldrive");
    };
    const PREFIXES: &[&str] = &[
        "sd", "hd", "vd", "xvd", "nvme", "mmcblk", "disk", "rdisk", "md", "dm-", "mapper/", "loop", "nbd", "sr", "zd",
    ];
    PREFIXES.iter().any(|prefix| name.starts_with(prefix))
}

fn check(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    for redirect in &command.redirects {
        if redirect.operator.writes() && redirect.target.value().is_some_and(is_block_device) {
            report.flag(
                &DISK_OVERWRITE,
                redirect.span,
                format!(
                    "writing to `{}` would overwrite the disk, file systems and all",
                    redirect.target.text()
                ),
            );
        }
    }
    let args = command.args();
    let devices = || args.iter().filter(|w| w.value().is_some_and(is_block_device));
    let name = command.name.as_str();
    match name {
        "dd" => {
            if let Some(target) = args.iter().find_map(|w| w.value()?.strip_prefix("of="))
                && is_block_device(target)
            {
                report.flag(
                    &DISK_OVERWRITE,
                    command.span,
                    format!("`dd of={target}` would overwrite the disk, file systems and all"),
                );
            }
        }
        // `cp` writes only its destination: a disk it reads from is copied, not overwritten.
        "cp" => {
            for device in super::files::written(command)
                .into_iter()
                .filter(|w| w.value().is_some_and(is_block_device))
            {
                report.flag(
                    &DISK_OVERWRITE,
                    device.span,
                    format!("`{name}` would overwrite the disk {}", device.text()),
                );
            }
        }
        "shred" | "tee" => {
            for device in devices() {
                report.flag(
                    &DISK_OVERWRITE,
                    device.span,
                    format!("`{name}` would overwrite the disk {}", device.text()),
                );
            }
        }
        _ if (name.starts_with("mkfs")
            || name.starts_with("newfs")
            || matches!(name, "mke2fs" | "mkswap" | "wipefs" | "mkdosfs" | "mkntfs"))
            && !formats_an_image_here(subject)
            && !formats_nothing(name, args) =>
        {
            report.flag(
                &DISK_FORMAT,
                command.span,
                format!("`{name}` would erase every file on the device it formats"),
            );
        }
        "cryptsetup" | "blkdiscard" | "badblocks" if erases_device(name, args) && !formats_an_image_here(subject) => {
            report.flag(
                &DISK_FORMAT,
                command.span,
                format!("`{name}` would leave the data on the device it is given unreadable"),
            );
        }
        "nvme" | "sg_format" | "hdparm" | "zpool" | "zfs" | "lvremove" | "vgremove" | "pvremove" | "mdadm"
        | "format"
            if erases_device(name, args) =>
        {
            report.flag(
                &DISK_FORMAT,
                command.span,
                format!("`{name}` would erase the data of the device, volume or pool it is given"),
            );
        }
        "diskutil" => {
            let verb = args.first().and_then(Word::value).unwrap_or("").to_ascii_lowercase();
            if [
                "erasedisk",
                "erasevolume",
                "partitiondisk",
                "zerodisk",
                "securerase",
                "secureerase",
                "reformat",
                "randomdisk",
            ]
            .contains(&verb.as_str())
            {
                report.flag(
                    &DISK_FORMAT,
                    command.span,
                    format!("`diskutil {verb}` would erase a disk"),
                );
            }
        }
        "fdisk" | "sfdisk" | "parted" | "sgdisk" | "gdisk" | "cfdisk" => {
            let texts: Vec<&str> = args.iter().filter_map(Word::value).collect();
            let lists_only = texts.iter().any(|t| {
                matches!(
                    *t,
                    "-l" | "--list" | "-d" | "--dump" | "-p" | "--print" | "print" | "-s" | "--show-size"
                )
            }) || (name == "parted" && texts.last() == Some(&"print"));
            if !lists_only && devices().next().is_some() {
                report.flag(
                    &DISK_PARTITION,
                    command.span,
                    format!("`{name}` would rewrite the partition table, losing what is on the disk"),
                );
            }
        }
        _ => {}
    }
}

/// Whether a formatting tool only prints: its help or version; for the ext file systems
/// (`mke2fs`, `mkfs.ext4`, `mkfs -t ext4`) `-n`, for `mkfs.xfs` `-N`, and for `wipefs` `-n`,
/// what it would do. `mkfs.vfat -n` names the volume it formats.
fn formats_nothing(name: &str, args: &[Word]) -> bool {
    const EXT_VALUES: &str = "bCdEeGgiIJlLmMNoOrtTUz";
    const XFS_VALUES: &str = "bcdilLmnprs";
    let wrapper = args::parse(args, &Options::gnu("t", &["type"]));
    let file_system = match name {
        "mkfs" => wrapper.value_of('t', "type").and_then(Word::value),
        "mke2fs" => Some("ext2"),
        _ => name.strip_prefix("mkfs."),
    };
    let given = |short_values: &'static str, flag: char, long: &str| {
        args::parse(args, &Options::gnu(short_values, &[])).has(flag, long)
    };
    args.iter().any(|word| word.is("--help") || word.is("--version"))
        || matches!(file_system, Some("ext2" | "ext3" | "ext4")) && given(EXT_VALUES, 'n', "")
        || file_system == Some("xfs") && given(XFS_VALUES, 'N', "")
        || name == "wipefs" && given("bfoOt", 'n', "no-act")
}

/// Whether the storage tool `name` with `args` erases, encrypts or discards what it is given
/// (rather than reading or listing it).
fn erases_device(name: &str, args: &[Word]) -> bool {
    let texts: Vec<&str> = args.iter().map(|word| word.value().unwrap_or("?")).collect();
    let verb = texts.iter().copied().find(|text| !text.starts_with('-')).unwrap_or("");
    match name {
        "cryptsetup" => texts.iter().any(|text| {
            matches!(
                *text,
                "luksFormat" | "erase" | "luksErase" | "reencrypt" | "luksKillSlot" | "luksRemoveKey"
            )
        }),
        "blkdiscard" | "sg_format" => true,
        "badblocks" => texts
            .iter()
            .any(|text| text.starts_with('-') && !text.starts_with("--") && text.contains('w')),
        "nvme" => matches!(verb, "format" | "sanitize"),
        "hdparm" => texts.iter().any(|text| {
            matches!(
                *text,
                "--security-erase"
                    | "--security-erase-enhanced"
                    | "--trim-sector-ranges"
                    | "--write-sector"
                    | "--make-bad-sector"
                    | "--dco-restore"
            )
        }),
        // A pool created over devices erases what they held.
        "zpool" => matches!(verb, "destroy" | "labelclear" | "create"),
        "zfs" => verb == "destroy",
        "lvremove" | "vgremove" | "pvremove" => !texts.contains(&"--test") && !texts.contains(&"-t"),
        "mdadm" => texts.contains(&"--zero-superblock"),
        // Windows' `format D:`.
        "format" => texts.iter().any(|text| {
            let bytes = text.as_bytes();
            bytes.len() == 2 && bytes[0].is_ascii_alphabetic() && bytes[1] == b':'
        }),
        _ => false,
    }
}

/// Whether a formatting command's target is a disk image file in the project or a temp folder
/// (`mkfs.ext4 disk.img`): only that file is lost, and making it is ordinary work. Every word
/// that may name the target (a path or a file name) must be such a file; a device, or a word
/// known only at run time, keeps the rule.
fn formats_an_image_here(subject: &Subject) -> bool {
    let words: Vec<&Word> = subject
        .command
        .args()
        .iter()
        .filter(|word| !word.text().starts_with('-'))
        .filter(|word| word.value().is_none_or(|text| text.contains(['/', '.'])))
        .collect();
    !words.is_empty()
        && words.iter().all(|word| {
            word.value().is_some_and(|text| !text.starts_with("/dev/"))
                && match paths::resolve(word, &subject.command.cwd) {
                    paths::Target::Path(path) => {
                        (path.starts_with(&subject.context.project_root)
                            || places::place(&paths::Target::Path(path.clone()), subject.context)
                                == places::Place::Temporary)
                            && !is_device_on_disk(&path, subject.context)
                    }
                    _ => false,
                }
        })
}

/// Whether `path`, where the disk may be read, is something other than a regular file: a link
/// (`disk.img -> /dev/sda`) or a device. A file not there yet is no device.
fn is_device_on_disk(path: &paths::AbsPath, context: &crate::context::Context) -> bool {
    context.read_scripts
        && std::fs::symlink_metadata(crate::context::native(path)).is_ok_and(|metadata| !metadata.file_type().is_file())
}
