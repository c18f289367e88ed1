//! What a person sees who runs `safety-net` at a terminal: standard input is a pseudo-terminal
//! here, opened with the C library's own calls (the ones `script` and terminal emulators use).
#![cfg(target_os = "linux")]

use std::ffi::{c_char, c_int};
use std::fs::File;
use std::io::{BufRead, BufReader, Read, Write};
use std::os::fd::FromRawFd;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

unsafe extern "C" {
    fn posix_openpt(flags: c_int) -> c_int;
    fn grantpt(fd: c_int) -> c_int;
    fn unlockpt(fd: c_int) -> c_int;
    fn ptsname_r(fd: c_int, buf: *mut c_char, buflen: usize) -> c_int;
}

const O_RDWR: c_int = 0o2;
const O_NOCTTY: c_int = 0o400;

/// A new pseudo-terminal: its controlling side, and its terminal side for a child's stdin.
fn pseudo_terminal() -> (File, File) {
    // SAFETY: plain C library calls on a descriptor this function owns; the name buffer is
    // large enough and its length is passed.
    unsafe {
        let controller = posix_openpt(O_RDWR | O_NOCTTY);
        assert!(controller >= 0, "posix_openpt failed");
        assert_eq!(grantpt(controller), 0, "grantpt failed");
        assert_eq!(unlockpt(controller), 0, "unlockpt failed");
        let mut name = [0 as c_char; 128];
        assert_eq!(
            ptsname_r(controller, name.as_mut_ptr(), name.len()),
            0,
            "ptsname_r failed"
        );
        let name = std::ffi::CStr::from_ptr(name.as_ptr())
            .to_str()
            .expect("a path")
            .to_owned();
        let terminal = File::options()
            .read(true)
            .write(true)
            .open(name)
            .expect("the terminal side opens");
        (File::from_raw_fd(controller), terminal)
    }
}

fn start(args: &[&str], terminal: File) -> Child {
    Command::new(env!("CARGO_BIN_EXE_safety-net"))
        .args(args)
        .stdin(Stdio::from(terminal))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("safety-net starts")
}

/// The child's exit within a few seconds, with what it printed (standard error unless it was
/// taken before), or a failure (the child is killed) when it waits on.
fn finished(mut child: Child) -> (std::process::ExitStatus, String, String) {
    let (sender, receiver) = mpsc::channel();
    let mut stdout = child.stdout.take().expect("piped");
    let stderr = child.stderr.take();
    std::thread::spawn(move || {
        let (mut out, mut err) = (String::new(), String::new());
        let _ = stdout.read_to_string(&mut out);
        if let Some(mut stderr) = stderr {
            let _ = stderr.read_to_string(&mut err);
        }
        let _ = sender.send((out, err));
    });
    match receiver.recv_timeout(Duration::from_secs(20)) {
        Ok((out, err)) => (child.wait().expect("the child is reaped"), out, err),
        Err(_) => {
            let _ = child.kill();
            panic!("safety-net did not finish: it waits on the terminal");
        }
    }
}

#[test]
fn check_at_a_terminal_says_what_it_reads_then_judges_each_line() {
    let (mut controller, terminal) = pseudo_terminal();
    let mut child = start(&["check"], terminal);
    // The hint comes first, before anything is typed.
    let mut stderr = BufReader::new(child.stderr.take().expect("piped"));
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = stderr.read_line(&mut line);
        let _ = sender.send(line);
    });
    let hint = receiver.recv_timeout(Duration::from_secs(20));
    let Ok(hint) = hint else {
        let _ = child.kill();
        panic!("no hint on standard error while check waits on a terminal");
    };
    assert!(
        hint.contains("reading commands from standard input") && hint.contains("Ctrl-D"),
        "hint: {hint:?}"
    );
    // A line typed, then Ctrl-D at the start of the next line: the end of input.
    controller.write_all(b"ls -la\n\x04").expect("typing into the terminal");
    let (status, stdout, _) = finished(child);
    assert!(status.success(), "exit {status:?}, stdout {stdout:?}");
    assert!(stdout.starts_with("allow"), "stdout: {stdout:?}");
}

#[test]
fn hook_help_at_a_terminal_prints_the_help() {
    let (_controller, terminal) = pseudo_terminal();
    let (status, stdout, stderr) = finished(start(&["hook", "--help"], terminal));
    assert!(status.success(), "exit {status:?}, stderr {stderr:?}");
    assert!(stdout.contains("Usage"), "stdout: {stdout:?}");
}

/// `scan` of a large folder with standard error at a terminal: a progress bar, redrawn in place
/// (`\r` and erase-line) as files are judged, and erased before the summary; nothing of it when
/// standard error is a pipe.
#[test]
fn scan_progress_is_drawn_in_place_then_erased() {
    let folder = std::env::temp_dir().join(format!("safety-net-progress-{}", std::process::id()));
    for package in 0..80 {
        let scripts = folder.join(format!("package{package}"));
        std::fs::create_dir_all(&scripts).expect("a folder");
        for script in 0..150 {
            std::fs::write(
                scripts.join(format!("step{script}.sh")),
                "#!/bin/sh\nset -e\ncd \"$(dirname \"$0\")\"\nnpm ci && npm run build\nls -la | grep x\n",
            )
            .expect("a script");
        }
    }
    let (mut controller, terminal) = pseudo_terminal();
    let child = Command::new(env!("CARGO_BIN_EXE_safety-net"))
        .args(["scan", "--no-config"])
        .arg(&folder)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::from(terminal))
        .spawn()
        .expect("safety-net starts");
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        let mut seen = Vec::new();
        // Ends when the last holder of the terminal side (the child) is gone.
        let _ = controller.read_to_end(&mut seen);
        let _ = sender.send(seen);
    });
    let (status, _, _) = finished(child);
    let seen = receiver
        .recv_timeout(Duration::from_secs(20))
        .expect("the terminal's output");
    let seen = String::from_utf8_lossy(&seen);
    let piped = Command::new(env!("CARGO_BIN_EXE_safety-net"))
        .args(["scan", "--no-config"])
        .arg(&folder)
        .stdin(Stdio::null())
        .output()
        .expect("safety-net runs");
    let _ = std::fs::remove_dir_all(&folder);
    assert!(status.success(), "exit {status:?}: {seen:?}");
    let erase = "\r\x1b[2K";
    assert!(
        seen.matches(&format!("{erase}[")).count() >= 2 && seen.contains("/12000 files judged"),
        "a bar drawn and redrawn: {seen:?}"
    );
    let last = seen.rfind(erase).expect("an erase");
    assert!(
        seen[last + erase.len()..].starts_with("safety-net: 12,000 files with commands"),
        "erased before the summary: {seen:?}"
    );
    let piped = String::from_utf8_lossy(&piped.stderr);
    assert!(
        !piped.contains('\x1b') && !piped.contains('\r'),
        "no progress on a pipe: {piped:?}"
    );
}
