//! The parallel, ordered, bounded pipeline of `goref batch`.
//!
//! The calling thread walks the inputs and groups consecutive units (SGF documents) into
//! *tasks* of a few units each; each task runs on rayon's pool, where a worker reads its
//! plain files (so reading runs in parallel too), turns each into its result, and sends
//! the task's results back in one message. The calling thread puts tasks back in input
//! order and hands each unit's result to `emit`. Grouping units means one hand-over
//! between threads per task rather than several per file, which is most of what a
//! thread-per-stage pipeline spends on a folder of small records.
//!
//! Memory is bounded by the work in flight, not by the number of files: the walk stops
//! while `window` tasks are out (being worked on, queued, or finished but waiting for an
//! earlier task), and a task holds at most `chunk` units, and at most `chunk_bytes` of
//! bytes read ahead (archive members, standard input) beyond its first unit.
//!
//! Time: the per-file bound (`--timeout`) is kept by the library, which checks the
//! file's deadline between games ([`goref::sgf::Limits::max_time`]). A unit that is still
//! being worked on `stuck_after` its start has escaped that check, which only a bug in
//! goref can cause; a rayon task cannot be stopped from outside, so the run stops with
//! [`Stop::Stuck`] naming the file rather than wait for ever. Each pool thread publishes
//! the unit it is working on in a slot the calling thread reads while it waits.
//!
//! A unit whose work panics is caught and given the result of a read error, so one bad
//! file never ends the run.

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use super::inputs::{Content, Open, Source, Visitor, walk};

/// Which units of the stream to keep: `start..end` by 0-based index (`--shard`).
#[derive(Debug, Clone, Copy)]
pub struct Range {
    pub start: u64,
    pub end: u64,
}

/// How the pipeline runs. The number of workers is the size of rayon's global pool.
pub struct Settings {
    /// Units per task, at most.
    pub chunk: usize,
    /// Bytes read ahead (archive members, standard input) per task: a task holding this
    /// many is sent off whatever its length.
    pub chunk_bytes: usize,
    /// Tasks out at once, at most.
    pub window: usize,
    /// A unit worked on for this long is taken as stuck (see the module documentation).
    pub stuck_after: Duration,
    pub range: Option<Range>,
}

/// Why a run ended early.
#[derive(Debug)]
pub enum Stop {
    /// `emit` failed (the output could not be written).
    Emit(std::io::Error),
    /// A unit escaped the library's time bound.
    Stuck { name: String, elapsed: Duration },
}

/// Run `work` over every unit of `sources` in parallel on rayon's global pool and call
/// `emit` with each unit's result in input order. `work(name, bytes)` gets the bytes or
/// the read error. Returns the number of units emitted.
pub fn run<R, W, E>(sources: &[Source], settings: &Settings, work: W, emit: E) -> Result<u64, Stop>
where
    R: Send + 'static,
    W: Fn(&str, Result<Vec<u8>, String>) -> R + Send + Sync + 'static,
    E: FnMut(R) -> std::io::Result<()>,
{
    let (done_tx, done_rx) = mpsc::channel();
    let slots: Arc<Vec<Slot>> = Arc::new(
        (0..rayon::current_num_threads())
            .map(|_| Mutex::new(None))
            .collect(),
    );
    let mut runner = Runner {
        settings,
        work: Arc::new(work),
        emit,
        index: 0,
        seq: 0,
        chunk: Vec::new(),
        chunk_bytes: 0,
        out: 0,
        done_tx,
        done_rx,
        ready: BTreeMap::new(),
        next: 0,
        slots,
        stop: None,
    };
    if walk(sources, &mut runner).is_continue() {
        runner.send_chunk();
        let _ = runner.settle(true);
    }
    match runner.stop {
        Some(stop) => Err(stop),
        None => Ok(runner.next),
    }
}

/// One SGF document to work on.
struct Unit {
    name: String,
    payload: Payload,
}

/// A unit's bytes, or the path of a plain file for the worker to read.
enum Payload {
    Bytes(Result<Vec<u8>, String>),
    File(PathBuf, Open),
}

/// The results of one task, for the units numbered from `first`.
struct Done<R> {
    first: u64,
    results: Vec<R>,
}

/// What one pool thread is working on: the unit's name and when it started.
type Slot = Mutex<Option<(String, Instant)>>;

/// A slot, even if a thread panicked while holding it (each update is one assignment).
fn lock(slot: &Slot) -> MutexGuard<'_, Option<(String, Instant)>> {
    slot.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

struct Runner<'s, R, W, E> {
    settings: &'s Settings,
    work: Arc<W>,
    emit: E,
    /// Units seen by the walk, kept or not (for `--shard`).
    index: u64,
    /// Units kept.
    seq: u64,
    /// The task being filled (its units are the last ones kept) and its bytes read ahead.
    chunk: Vec<Unit>,
    chunk_bytes: usize,
    /// Tasks sent and not yet back.
    out: usize,
    done_tx: Sender<Done<R>>,
    done_rx: Receiver<Done<R>>,
    /// Tasks back before an earlier one, by first unit.
    ready: BTreeMap<u64, Vec<R>>,
    /// The next unit to emit.
    next: u64,
    slots: Arc<Vec<Slot>>,
    stop: Option<Stop>,
}

impl<R, W, E> Visitor for Runner<'_, R, W, E>
where
    R: Send + 'static,
    W: Fn(&str, Result<Vec<u8>, String>) -> R + Send + Sync + 'static,
    E: FnMut(R) -> std::io::Result<()>,
{
    fn unit(&mut self, name: String, content: Content<'_>) -> ControlFlow<()> {
        let index = self.index;
        self.index += 1;
        if let Some(range) = self.settings.range
            && !(range.start..range.end).contains(&index)
        {
            return ControlFlow::Continue(());
        }
        let payload = match content {
            Content::File(path, open) => Payload::File(path.to_path_buf(), open),
            other => {
                let bytes = other.read();
                self.chunk_bytes += bytes.as_ref().map_or(0, Vec::len);
                Payload::Bytes(bytes)
            }
        };
        self.chunk.push(Unit { name, payload });
        self.seq += 1;
        if self.chunk.len() >= self.settings.chunk || self.chunk_bytes >= self.settings.chunk_bytes
        {
            self.send_chunk();
        }
        self.settle(false)
    }
}

impl<R, W, E> Runner<'_, R, W, E>
where
    R: Send + 'static,
    W: Fn(&str, Result<Vec<u8>, String>) -> R + Send + Sync + 'static,
    E: FnMut(R) -> std::io::Result<()>,
{
    /// Send the task being filled to the pool.
    fn send_chunk(&mut self) {
        if self.chunk.is_empty() {
            return;
        }
        let units = std::mem::take(&mut self.chunk);
        let first = self.seq - units.len() as u64;
        self.chunk_bytes = 0;
        self.out += 1;
        let work = Arc::clone(&self.work);
        let slots = Arc::clone(&self.slots);
        let done = self.done_tx.clone();
        rayon::spawn(move || {
            let results = task(units, &*work, &slots);
            // The receiver is gone only when the run has stopped: nothing to report to.
            let _ = done.send(Done { first, results });
        });
    }

    /// Emit what has come back; then, while `window` tasks are out (or, with `all`,
    /// while any is), wait for one, watching for a stuck unit.
    fn settle(&mut self, all: bool) -> ControlFlow<()> {
        while let Ok(done) = self.done_rx.try_recv() {
            self.take(done)?;
        }
        while self.out > 0 && (all || self.out >= self.settings.window) {
            let watch = (self.settings.stuck_after / 4)
                .clamp(Duration::from_millis(10), Duration::from_secs(1));
            match self.done_rx.recv_timeout(watch) {
                Ok(done) => self.take(done)?,
                Err(RecvTimeoutError::Timeout) => self.watch()?,
                // This runner holds a sender, so the channel cannot disconnect.
                Err(RecvTimeoutError::Disconnected) => break,
            }
        }
        ControlFlow::Continue(())
    }

    /// File a finished task and emit every unit now in order.
    fn take(&mut self, done: Done<R>) -> ControlFlow<()> {
        self.out -= 1;
        self.ready.insert(done.first, done.results);
        while let Some(entry) = self.ready.first_entry() {
            if *entry.key() != self.next {
                break;
            }
            for result in entry.remove() {
                if let Err(e) = (self.emit)(result) {
                    self.stop = Some(Stop::Emit(e));
                    return ControlFlow::Break(());
                }
                self.next += 1;
            }
        }
        ControlFlow::Continue(())
    }

    /// Stop if a pool thread has been on one unit for `stuck_after`.
    fn watch(&mut self) -> ControlFlow<()> {
        for slot in self.slots.iter() {
            if let Some((name, started)) = &*lock(slot) {
                let elapsed = started.elapsed();
                if elapsed >= self.settings.stuck_after {
                    self.stop = Some(Stop::Stuck {
                        name: name.clone(),
                        elapsed,
                    });
                    return ControlFlow::Break(());
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// Work on a task's units in order, on a pool thread.
fn task<R, W>(units: Vec<Unit>, work: &W, slots: &[Slot]) -> Vec<R>
where
    W: Fn(&str, Result<Vec<u8>, String>) -> R,
{
    let slot = rayon::current_thread_index().and_then(|i| slots.get(i));
    // While a unit waits on its own parallel work (the games of a collection), this
    // thread may run another task: put back what the slot said when this task ends,
    // timed from then, since the time this task took is not the outer unit's own.
    let outer = slot.and_then(|slot| lock(slot).take());
    let mut results = Vec::with_capacity(units.len());
    for Unit { name, payload } in units {
        if let Some(slot) = slot {
            *lock(slot) = Some((name.clone(), Instant::now()));
        }
        let result = catch_unwind(AssertUnwindSafe(|| {
            let bytes = match payload {
                Payload::Bytes(bytes) => bytes,
                Payload::File(path, open) => Content::File(&path, open).read(),
            };
            work(&name, bytes)
        }));
        results.push(match result {
            Ok(result) => result,
            Err(_) => work(
                &name,
                Err("internal error: goref panicked on this file (please report it)".to_string()),
            ),
        });
    }
    if let Some(slot) = slot {
        *lock(slot) = outer.map(|(name, _)| (name, Instant::now()));
    }
    results
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(chunk: usize, window: usize, stuck_after: Duration) -> Settings {
        Settings {
            chunk,
            chunk_bytes: 1 << 20,
            window,
            stuck_after,
            range: None,
        }
    }

    fn lock_receiver<T>(receiver: &Mutex<Receiver<T>>) -> MutexGuard<'_, Receiver<T>> {
        receiver
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// A folder of `n` empty files named 000.sgf, 001.sgf...
    fn folder(n: usize) -> tempfile::TempDir {
        let dir = tempfile::tempdir().expect("a temporary folder");
        for i in 0..n {
            std::fs::write(dir.path().join(format!("{i:03}.sgf")), i.to_string()).expect("a file");
        }
        dir
    }

    fn names(dir: &tempfile::TempDir, settings: &Settings, delay: bool) -> Vec<String> {
        let source = Source::Path(dir.path().to_string_lossy().into_owned());
        let mut seen = Vec::new();
        let work = move |name: &str, bytes: Result<Vec<u8>, String>| {
            let bytes = bytes.expect("readable");
            // Later files finish first, so order has to be restored.
            if delay {
                let n: u64 = String::from_utf8_lossy(&bytes).parse().expect("a number");
                std::thread::sleep(Duration::from_micros(3000 - 100 * n.min(29)));
            }
            name.rsplit('/').next().unwrap_or(name).to_string()
        };
        let count = run(&[source], settings, work, |name| {
            seen.push(name);
            Ok(())
        })
        .expect("the run ends");
        assert_eq!(count as usize, seen.len());
        seen
    }

    #[test]
    fn units_come_back_in_input_order_whatever_the_chunk_and_window() {
        let dir = folder(30);
        let expected: Vec<String> = (0..30).map(|i| format!("{i:03}.sgf")).collect();
        for (chunk, window) in [(1, 1), (1, 4), (4, 2), (7, 3), (64, 2)] {
            let seen = names(
                &dir,
                &settings(chunk, window, Duration::from_secs(60)),
                true,
            );
            assert_eq!(seen, expected, "chunk {chunk}, window {window}");
        }
    }

    #[test]
    fn a_unit_that_escapes_the_time_bound_stops_the_run_naming_it() {
        let dir = folder(3);
        let source = Source::Path(dir.path().to_string_lossy().into_owned());
        // The work on 001.sgf does not end until the run has given up on it.
        let (release, released) = mpsc::channel::<()>();
        let released = Mutex::new(released);
        let work = move |name: &str, _bytes: Result<Vec<u8>, String>| {
            if name.ends_with("001.sgf") {
                let _ = lock_receiver(&released).recv();
            }
        };
        let stop = run(
            &[source],
            &settings(1, 4, Duration::from_millis(200)),
            work,
            |()| Ok(()),
        )
        .expect_err("the run must stop");
        drop(release);
        match stop {
            Stop::Stuck { name, elapsed } => {
                assert!(name.ends_with("001.sgf"), "{name}");
                assert!(elapsed >= Duration::from_millis(200));
            }
            Stop::Emit(e) => panic!("unexpected write error: {e}"),
        }
    }

    #[test]
    fn a_panic_becomes_that_units_error_and_the_run_goes_on() {
        let dir = folder(5);
        let source = Source::Path(dir.path().to_string_lossy().into_owned());
        let work = |name: &str, bytes: Result<Vec<u8>, String>| match bytes {
            Ok(_) if name.ends_with("002.sgf") => panic!("a bug"),
            Ok(_) => "ok".to_string(),
            Err(e) => e,
        };
        let mut seen = Vec::new();
        run(
            &[source],
            &settings(2, 2, Duration::from_secs(60)),
            work,
            |result| {
                seen.push(result);
                Ok(())
            },
        )
        .expect("the run ends");
        assert_eq!(seen.len(), 5);
        assert!(seen[2].starts_with("internal error"), "{}", seen[2]);
        assert_eq!(seen[3], "ok");
    }
}
