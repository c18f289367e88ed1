//! The `safety-net` binary: everything happens in [`agent_safety_net::cli`].

fn main() -> std::process::ExitCode {
    agent_safety_net::cli::main()
}
