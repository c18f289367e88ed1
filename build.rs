//! Links the `safety-net` binary statically, at a fixed address, on Linux with glibc.
//!
//! The hook is a fresh process before every tool call, so its start-up is paid every time
//! (`cargo bench --bench hook`). Two costs dominate it, and both are the dynamic linker's:
//! - Loading and relocating libc and libgcc_s, and the page faults of mapping them: a
//!   dynamically linked build answered `ls -la` in 0.77 ms where a process that only reads the
//!   payload takes 0.54 ms, and the static build in 0.46 ms.
//! - Relocating the binary's own tables: the registry's, the rules' and the grammars' static
//!   tables hold about 19,000 pointers, which a position-independent executable (Linux's
//!   default) has the loader rewrite at every start. Linked with `-no-pie`, they are final in
//!   the file.
//!
//! The usual way to link statically, `-C target-feature=+crt-static` in `RUSTFLAGS`, reaches
//! the proc-macro crates (clap's and serde's derives) too, which cannot be linked statically, so
//! plain `cargo install` could not use it. Only the binary is linked this way here
//! (`rustc-link-arg-bins`), and the libraries rustc names for a dynamic build (`-lc`, `-lgcc_s`,
//! …) are pointed at the static archives by small linker scripts in this build's output folder,
//! which the linker searches before the system's. Where the C toolchain has no static libc
//! (Fedora without `glibc-static`, for one), the binary is linked dynamically, still at a fixed
//! address. musl targets are static already; other systems are left as they are.

use std::path::{Path, PathBuf};

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() != Ok("linux") {
        return;
    }
    println!("cargo::rustc-link-arg-bins=-no-pie");
    let static_already =
        std::env::var("CARGO_CFG_TARGET_FEATURE").is_ok_and(|features| features.split(',').any(|f| f == "crt-static"));
    if std::env::var("CARGO_CFG_TARGET_ENV").as_deref() != Ok("gnu") || static_already {
        return;
    }
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    match write_static_library_scripts(&out_dir.join("static-libraries")) {
        Some(folder) => {
            println!("cargo::rustc-link-arg-bins=-static");
            println!("cargo::rustc-link-arg-bins=-L{}", folder.display());
        }
        None => println!(
            "cargo::warning=no static libc found: safety-net is linked dynamically and starts about 0.3 ms slower"
        ),
    }
}

/// Writes, into `folder`, a linker script under the name of each shared library rustc links a
/// glibc binary with, naming the static archive that replaces it; `None` when the C toolchain
/// lacks one of them.
fn write_static_library_scripts(folder: &Path) -> Option<PathBuf> {
    let compiler = cc::Build::new().cargo_metadata(false).get_compiler();
    let archive = |name: &str| -> Option<String> {
        let output = compiler
            .to_command()
            .arg(format!("-print-file-name={name}"))
            .output()
            .ok()?;
        let path = String::from_utf8(output.stdout).ok()?.trim().to_owned();
        // A name printed back without a folder is one the compiler did not find.
        Path::new(&path).is_absolute().then_some(path)
    };
    let libc = archive("libc.a")?;
    let libgcc = archive("libgcc.a")?;
    let unwinder = archive("libgcc_eh.a")?;
    let mut scripts = vec![
        ("libc.so".to_owned(), format!("GROUP({libc} {libgcc} {unwinder})\n")),
        ("libgcc_s.so".to_owned(), format!("GROUP({libgcc} {unwinder})\n")),
    ];
    for name in ["m", "rt", "pthread", "util", "dl"] {
        scripts.push((
            format!("lib{name}.so"),
            format!("INPUT({})\n", archive(&format!("lib{name}.a"))?),
        ));
    }
    std::fs::create_dir_all(folder).ok()?;
    for (name, script) in scripts {
        std::fs::write(folder.join(name), script).ok()?;
    }
    Some(folder.to_owned())
}
