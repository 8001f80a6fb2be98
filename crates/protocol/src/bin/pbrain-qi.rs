//! `pbrain-qi`: Qi's gomoku engine for Gomocup managers (piskvork), speaking the Gomocup
//! protocol on stdin/stdout.
fn main() -> std::process::ExitCode {
    match qi_protocol::gomocup::run(false, 1) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
}
