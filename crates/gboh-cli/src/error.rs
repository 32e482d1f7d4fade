//! The command line's errors and exit codes.

use std::path::Path;
use std::process::ExitCode;

/// Everything that stops a subcommand, by the exit code it gives.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// Exit code 1: the rules or the data refused something (a data file with
    /// problems, a log that does not replay, a bot's action rejected, a file
    /// that cannot be read or written).
    #[error("{0}")]
    Rule(String),
    /// Exit code 2: the command line itself is wrong (an unknown game,
    /// scenario, side or policy; a bad seed range).
    #[error("{0}")]
    Usage(String),
}

impl CliError {
    /// The documented exit code: 1 for a rule or data error, 2 for usage.
    #[must_use]
    pub fn exit_code(&self) -> ExitCode {
        match self {
            CliError::Rule(_) => ExitCode::from(1),
            CliError::Usage(_) => ExitCode::from(2),
        }
    }
}

/// A rule or data error from anything printable.
pub fn rule(e: impl std::fmt::Display) -> CliError {
    CliError::Rule(e.to_string())
}

/// A usage error from anything printable.
pub fn usage(e: impl std::fmt::Display) -> CliError {
    CliError::Usage(e.to_string())
}

/// Reads a text file; the error names it.
///
/// # Errors
/// [`CliError::Rule`] naming the path.
pub fn read(path: &Path) -> Result<String, CliError> {
    std::fs::read_to_string(path).map_err(|e| CliError::Rule(format!("{}: {e}", path.display())))
}

/// Writes a text file, creating its folder; the error names it.
///
/// # Errors
/// [`CliError::Rule`] naming the path.
pub fn write(path: &Path, text: &str) -> Result<(), CliError> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .map_err(|e| CliError::Rule(format!("{}: {e}", dir.display())))?;
    }
    std::fs::write(path, text).map_err(|e| CliError::Rule(format!("{}: {e}", path.display())))
}

/// Set once stdout is closed (`gboh ... | head`): printing stops, the work
/// goes on (the log and pictures are still written).
pub static STDOUT_CLOSED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Prints a line to stdout; a closed pipe stops the printing instead of
/// panicking as `println!` does.
pub fn say_line(args: std::fmt::Arguments<'_>) {
    use std::io::Write as _;
    use std::sync::atomic::Ordering;
    if STDOUT_CLOSED.load(Ordering::Relaxed) {
        return;
    }
    let out = std::io::stdout();
    let mut out = out.lock();
    if out.write_fmt(args).and_then(|()| out.write_all(b"\n")).is_err() {
        STDOUT_CLOSED.store(true, Ordering::Relaxed);
    }
}

/// `println!` that survives a closed pipe.
#[macro_export]
macro_rules! say {
    ($($t:tt)*) => { $crate::error::say_line(format_args!($($t)*)) };
}
