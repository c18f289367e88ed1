//! Links the `safety-net` binary at a fixed address on Linux.
//!
//! The hook is a fresh process before every tool call, so its start-up is paid every time. The
//! registry's, the rules' and the grammars' static tables hold about 19,000 pointers; in a
//! position-independent executable (Linux's default) the loader rewrites each of them at start-up,
//! which copies some 400 KB of pages and cost 0.19 ms a call on the build machine (`cargo bench
//! --bench hook`: 0.72 ms position-independent, 0.53 ms at a fixed address). Linked with
//! `-no-pie`, the pointers are final in the file and nothing is rewritten.
//!
//! Only the binary is linked this way (`rustc-link-arg-bins`): the code is compiled as usual, and
//! the proc-macro crates built for the compiler are untouched. The shared libraries it loads
//! (libc) and its stack and heap are still placed at random addresses; only the binary's own code
//! and tables are not. `cargo install-static` goes further (no dynamic loader at all).

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo::rustc-link-arg-bins=-no-pie");
    }
}
