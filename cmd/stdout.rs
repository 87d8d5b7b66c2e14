//! Standard output that a closed pipe silences. `goref batch --csv - DIR | head -1` must
//! still check every file and exit with the verdict of what it checked, so a write that
//! fails because the reader has gone (`EPIPE`) is not an error: it closes this output,
//! and every later write is accepted and dropped. Any other write error is returned.

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};

/// Set once standard output has been found closed.
static CLOSED: AtomicBool = AtomicBool::new(false);

/// A writer over standard output that goes quiet once its reader has gone. Cheap to
/// make: every value writes through the process's one standard output.
#[derive(Debug, Clone, Copy, Default)]
pub struct Stdout;

impl Stdout {
    /// Standard output, buffered (flushed when dropped, or by `flush`).
    pub fn buffered() -> io::BufWriter<Stdout> {
        io::BufWriter::with_capacity(1 << 16, Stdout)
    }
}

/// Whether the reader of standard output has gone.
pub fn closed() -> bool {
    CLOSED.load(Ordering::Relaxed)
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

/// `result` of a write, with a closed pipe taken as success (`or`).
fn quiet<T>(result: io::Result<T>, or: T) -> io::Result<T> {
    match result {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {
            CLOSED.store(true, Ordering::Relaxed);
            Ok(or)
        }
        other => other,
    }
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if closed() {
            return Ok(buf.len());
        }
        quiet(io::stdout().lock().write(buf), buf.len())
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        if closed() {
            return Ok(());
        }
        quiet(io::stdout().lock().write_all(buf), ())
    }

    fn flush(&mut self) -> io::Result<()> {
        if closed() {
            return Ok(());
        }
        quiet(io::stdout().lock().flush(), ())
    }
}
