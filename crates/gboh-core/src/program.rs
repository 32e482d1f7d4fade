//! What a program built on the engines shares: its output. A program's
//! body writes to a locked stdout through [`run`]; a reader that stops early
//! (`cargo run --example skirmish | head`) ends the program quietly, with
//! status 0, where `println!` would panic on the closed pipe. The workspace's
//! examples all run this way.
//!
//! ```
//! use std::io::Write;
//! use std::process::ExitCode;
//!
//! let status: ExitCode = gboh_core::program::run(|out| {
//!     writeln!(out, "the Final Assault, seed 7")?;
//!     Ok(())
//! });
//! assert_eq!(status, ExitCode::SUCCESS);
//! ```

use std::error::Error;
use std::io::{self, ErrorKind, StdoutLock, Write};
use std::process::ExitCode;

/// What an example's body returns: `Err` is its failure in words (a
/// `String` or any error converts with `?`), or a failed write.
pub type Outcome = Result<(), Box<dyn Error>>;

/// Runs an example's `body` on a locked stdout and turns what it returns
/// into the exit status: done, or stdout closed by its reader, status 0 with
/// nothing more said; any other failure, its message on stderr and status 1.
pub fn run(body: impl FnOnce(&mut dyn Write) -> Outcome) -> ExitCode {
    let mut out = Stdout { lock: io::stdout().lock(), closed: false };
    let result = body(&mut out).and_then(|()| Ok(out.flush()?));
    match result {
        _ if out.closed => ExitCode::SUCCESS,
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}

/// Stdout that remembers whether its reader closed it (a broken pipe) and
/// names itself in any other write error.
struct Stdout {
    lock: StdoutLock<'static>,
    closed: bool,
}

impl Stdout {
    fn note(&mut self, e: io::Error) -> io::Error {
        if e.kind() == ErrorKind::BrokenPipe {
            self.closed = true;
            return e;
        }
        io::Error::new(e.kind(), format!("cannot write to stdout: {e}"))
    }
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.lock.write(buf).map_err(|e| self.note(e))
    }

    fn flush(&mut self) -> io::Result<()> {
        self.lock.flush().map_err(|e| self.note(e))
    }
}
