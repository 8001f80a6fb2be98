//! The `qi` command: a thin shell over `qi_cli`.
fn main() -> std::process::ExitCode {
    qi_cli::run()
}
