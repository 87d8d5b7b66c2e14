//! The parallel, ordered, time-bounded pipeline of `goref batch`.
//!
//! One producer thread walks the inputs and reads archive members (plain files are read
//! by the workers, so reading runs in parallel); `jobs` worker threads turn bytes into
//! reports; the calling thread puts results back in input order and hands
//! them on. Memory is bounded by the work in flight: the producer must take one of
//! `window` permits before reading a unit, and a permit is given back only when that
//! unit's reports have been handed on, so at most `window` units are held anywhere
//! (being read, queued, worked on, or waiting for an earlier unit).
//!
//! Time bound: a worker cannot be stopped from outside (neither a rayon task nor a thread
//! can be killed safely), so past the deadline the unit is reported as timed out, its
//! worker is *abandoned* (it finishes on its own, its result is dropped, and it exits) and
//! a fresh worker takes its place, so the run keeps `jobs` workers busy whatever a file
//! does. This is why the workers are plain threads rather than a rayon pool, whose size
//! is fixed. Each worker publishes what it is doing in a [`Slot`] the supervisor reads
//! under the same lock, so a unit is either finished or given up on, never both. An
//! abandoned worker holds its unit's memory and a core until it ends (or goref exits);
//! only a file that really exceeds the bound costs that. A worker that panics is caught
//! and its unit reported as an internal error.

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, SyncSender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use super::inputs::{Content, Source, Visitor, walk};

/// One unit to work on.
struct Job {
    seq: u64,
    name: String,
    payload: Payload,
}

/// A unit's bytes, or the path of a plain file for the worker to read (so file reading
/// runs in parallel too).
enum Payload {
    Bytes(Result<Vec<u8>, String>),
    File(PathBuf),
}

enum Event<R> {
    Finished {
        seq: u64,
        result: R,
    },
    /// The producer has handed out every unit: `total` of them.
    InputsDone {
        total: u64,
    },
}

/// What a worker is doing, shared with the supervisor under one lock so that finishing
/// a unit and being given up on cannot both happen.
#[derive(Default)]
struct Slot {
    /// The unit being worked on: sequence number, start, name.
    current: Option<(u64, Instant, String)>,
    /// The supervisor gave up on `current`: drop its result and stop.
    abandoned: bool,
}

/// Which units of the stream to keep: `start..end` by 0-based index (`--shard`).
#[derive(Debug, Clone, Copy)]
pub struct Range {
    pub start: u64,
    pub end: u64,
}

/// How the pipeline runs.
pub struct Settings {
    pub jobs: usize,
    /// Units held at once, at most (read, queued, worked on or waiting to be emitted).
    pub window: usize,
    pub timeout: Duration,
    pub range: Option<Range>,
}

/// Run `work` over every unit of `sources` in parallel and call `emit` with each unit's
/// result in input order. `work(name, bytes)` gets the bytes or the read error;
/// `timed_out(name)` builds the result for a unit past the deadline. An error from `emit`
/// stops the run and is returned. Returns the number of units emitted.
pub fn run<R, W, T, E>(
    sources: Vec<Source>,
    settings: &Settings,
    work: W,
    timed_out: T,
    mut emit: E,
) -> std::io::Result<u64>
where
    R: Send + 'static,
    W: Fn(&str, Result<Vec<u8>, String>) -> R + Send + Sync + 'static,
    T: Fn(&str) -> R,
    E: FnMut(R) -> std::io::Result<()>,
{
    let jobs = settings.jobs.max(1);
    let window = settings.window.max(1);
    let (job_tx, job_rx) = mpsc::sync_channel::<Job>(window);
    let job_rx = Arc::new(Mutex::new(job_rx));
    let (event_tx, event_rx) = mpsc::channel::<Event<R>>();
    let (permit_tx, permit_rx) = mpsc::sync_channel::<()>(window);
    let work = Arc::new(work);

    {
        let event_tx = event_tx.clone();
        let range = settings.range;
        thread::spawn(move || {
            let mut feeder = Feeder {
                index: 0,
                seq: 0,
                range,
                jobs: job_tx,
                permits: permit_tx,
            };
            let _ = walk(&sources, &mut feeder);
            let total = feeder.seq;
            // Dropping the job sender lets idle workers exit.
            drop(feeder);
            let _ = event_tx.send(Event::InputsDone { total });
        });
    }

    let spawn_worker = || {
        let slot = Arc::new(Mutex::new(Slot::default()));
        let job_rx = Arc::clone(&job_rx);
        let event_tx = event_tx.clone();
        let work = Arc::clone(&work);
        let shared = Arc::clone(&slot);
        thread::spawn(move || worker(&job_rx, &event_tx, &*work, &shared));
        slot
    };
    let mut slots: Vec<Arc<Mutex<Slot>>> = (0..jobs).map(|_| spawn_worker()).collect();

    let mut ready: BTreeMap<u64, R> = BTreeMap::new();
    let mut next: u64 = 0;
    let mut total: Option<u64> = None;
    while total.is_none_or(|t| next < t) {
        // A unit started after this look has its deadline past `now + timeout`.
        let now = Instant::now();
        let wait = slots
            .iter()
            .filter_map(|slot| {
                lock(slot).current.as_ref().map(|(_, started, _)| {
                    (*started + settings.timeout).saturating_duration_since(now)
                })
            })
            .min()
            .unwrap_or(settings.timeout)
            .max(Duration::from_millis(1));
        match event_rx.recv_timeout(wait) {
            Ok(Event::Finished { seq, result }) => {
                ready.insert(seq, result);
            }
            Ok(Event::InputsDone { total: t }) => total = Some(t),
            Err(RecvTimeoutError::Timeout) => {}
            // This function holds an event sender, so the channel cannot disconnect.
            Err(RecvTimeoutError::Disconnected) => break,
        }
        let now = Instant::now();
        for slot in &mut slots {
            let late = {
                let mut state = lock(slot);
                match &state.current {
                    Some((_, started, _)) if now.duration_since(*started) >= settings.timeout => {
                        state.abandoned = true;
                        state.current.take()
                    }
                    _ => None,
                }
            };
            if let Some((seq, _, name)) = late {
                ready.insert(seq, timed_out(&name));
                *slot = spawn_worker();
            }
        }
        while let Some(entry) = ready.first_entry() {
            if *entry.key() != next {
                break;
            }
            emit(entry.remove())?;
            next += 1;
            // Give the unit's permit back; the producer may read one more. It took the
            // permit before sending the unit, so one is there to take.
            let _ = permit_rx.try_recv();
        }
    }
    Ok(next)
}

/// A worker's slot, even if a thread panicked while holding it (nothing in a slot can be
/// left half-written: each update is one assignment).
fn lock(slot: &Mutex<Slot>) -> std::sync::MutexGuard<'_, Slot> {
    slot.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The producer's side: keeps the units of the range, reads them, sends them on.
struct Feeder {
    index: u64,
    seq: u64,
    range: Option<Range>,
    jobs: SyncSender<Job>,
    permits: SyncSender<()>,
}

impl Visitor for Feeder {
    fn unit(&mut self, name: String, content: Content<'_>) -> ControlFlow<()> {
        let index = self.index;
        self.index += 1;
        if let Some(range) = self.range
            && !(range.start..range.end).contains(&index)
        {
            return ControlFlow::Continue(());
        }
        // Blocks while `window` units are in flight; fails when the consumer has gone.
        if self.permits.send(()).is_err() {
            return ControlFlow::Break(());
        }
        let payload = match content {
            Content::File(path) => Payload::File(path.to_path_buf()),
            other => Payload::Bytes(other.read()),
        };
        let job = Job {
            seq: self.seq,
            name,
            payload,
        };
        self.seq += 1;
        match self.jobs.send(job) {
            Ok(()) => ControlFlow::Continue(()),
            Err(_) => ControlFlow::Break(()),
        }
    }
}

fn worker<R, W>(
    jobs: &Mutex<Receiver<Job>>,
    events: &Sender<Event<R>>,
    work: &W,
    slot: &Mutex<Slot>,
) where
    W: Fn(&str, Result<Vec<u8>, String>) -> R,
{
    loop {
        let job = {
            // A poisoned lock means another worker panicked while holding it, which
            // `recv` cannot do; take the receiver anyway.
            let receiver = jobs.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            receiver.recv()
        };
        let Ok(Job { seq, name, payload }) = job else {
            return;
        };
        lock(slot).current = Some((seq, Instant::now(), name.clone()));
        let result = catch_unwind(AssertUnwindSafe(|| {
            let bytes = match payload {
                Payload::Bytes(bytes) => bytes,
                Payload::File(path) => Content::File(&path).read(),
            };
            work(&name, bytes)
        }));
        {
            let mut state = lock(slot);
            if state.abandoned {
                return;
            }
            state.current = None;
        }
        let result = match result {
            Ok(result) => result,
            Err(_) => work(
                &name,
                Err("internal error: goref panicked on this file (please report it)".to_string()),
            ),
        };
        if events.send(Event::Finished { seq, result }).is_err() {
            return;
        }
    }
}
