//! Standard output and standard error that a closed pipe silences. `goref batch --csv -
//! DIR | head -1` (or `2>&1 | head -1`) must still check every file and exit with the
//! verdict of what it checked, so a write that fails because the reader has gone
//! (`EPIPE`) is not an error: it closes that stream, and every later write to it is
//! accepted and dropped. Any other write error is returned (and, for a diagnostic,
//! ignored: a diagnostic never ends a run).

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};

/// Set once standard output, or standard error, has been found closed.
static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);
static STDERR_CLOSED: AtomicBool = AtomicBool::new(false);

/// A writer over standard output that goes quiet once its reader has gone. Cheap to
/// make: every value writes through the process's one standard output.
#[derive(Debug, Clone, Copy, Default)]
pub struct Stdout;

/// The same over standard error (batch's annotations when standard output holds a
/// result, and the diagnostics of [`diagnostic`]).
#[derive(Debug, Clone, Copy, Default)]
pub struct Stderr;

impl Stdout {
    /// Standard output, buffered (flushed when dropped, or by `flush`).
    pub fn buffered() -> io::BufWriter<Stdout> {
        io::BufWriter::with_capacity(1 << 16, Stdout)
    }
}

/// Write `text` on standard error: a line of a diagnostic, a summary. Never fails: a
/// diagnostic whose reader has gone (`2>&1 | head`) is dropped, and the run goes on.
pub fn diagnostic(text: impl std::fmt::Display) {
    let _ = write!(Stderr, "{text}");
}

/// Whether `error` is, or wraps (as a CSV writer's error does), a closed pipe: for a
/// writer that writes standard output itself rather than through [`Stdout`].
pub fn is_closed_pipe(error: &io::Error) -> bool {
    if error.kind() == io::ErrorKind::BrokenPipe {
        return true;
    }
    let inner = error.get_ref();
    if let Some(csv) = inner.and_then(|e| e.downcast_ref::<csv::Error>())
        && let csv::ErrorKind::Io(e) = csv.kind()
    {
        return is_closed_pipe(e);
    }
    inner
        .and_then(|e| e.downcast_ref::<io::Error>())
        .is_some_and(is_closed_pipe)
}

/// `write` on a stream, unless it is `closed`; a closed pipe is taken as success (`or`)
/// and remembered in `closed`.
fn quiet<T>(closed: &AtomicBool, write: impl FnOnce() -> io::Result<T>, or: T) -> io::Result<T> {
    if closed.load(Ordering::Relaxed) {
        return Ok(or);
    }
    match write() {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {
            closed.store(true, Ordering::Relaxed);
            Ok(or)
        }
        other => other,
    }
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        quiet(&STDOUT_CLOSED, || io::stdout().lock().write(buf), buf.len())
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        quiet(&STDOUT_CLOSED, || io::stdout().lock().write_all(buf), ())
    }

    fn flush(&mut self) -> io::Result<()> {
        quiet(&STDOUT_CLOSED, || io::stdout().lock().flush(), ())
    }
}

impl Write for Stderr {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        quiet(&STDERR_CLOSED, || io::stderr().lock().write(buf), buf.len())
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        quiet(&STDERR_CLOSED, || io::stderr().lock().write_all(buf), ())
    }

    fn flush(&mut self) -> io::Result<()> {
        quiet(&STDERR_CLOSED, || io::stderr().lock().flush(), ())
    }
}
