//! Engines shared by the threads of a run: one engine per thread at work, reused from
//! game to game, replaced when it breaks.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use super::GtpError;
use super::engine::{Engine, EngineCommand};
use super::replay;
use crate::point::Point;
use crate::sgf::GameRecord;

/// How long an engine may take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EngineLimits {
    /// To start and answer its first commands (`list_commands`, `name`, `version`).
    pub start: Duration,
    /// For one game: from `boardsize` to the answer to `final_status_list dead`.
    pub game: Duration,
}

/// Engines started from one command, lent to the threads that ask.
///
/// A thread asking for a game's dead stones gets an idle engine, or a new one when none
/// is idle, and has it to itself for that game; so there are never more engines than
/// threads asking at once (with rayon, the pool's size). After the game the engine goes
/// back to the idle list, unless it broke ([`GtpError::engine_is_broken`]): then it is
/// stopped, and the next game starts a fresh one. [`EnginePool::shutdown`] (or dropping
/// the pool) quits every idle engine.
pub struct EnginePool {
    command: EngineCommand,
    limits: EngineLimits,
    idle: Mutex<Vec<Engine>>,
    started: AtomicUsize,
}

impl EnginePool {
    /// A pool that starts `command` when an engine is needed. Nothing starts yet.
    pub fn new(command: EngineCommand, limits: EngineLimits) -> EnginePool {
        EnginePool {
            command,
            limits,
            idle: Mutex::new(Vec::new()),
            started: AtomicUsize::new(0),
        }
    }

    /// The command engines are started with.
    pub fn command(&self) -> &EngineCommand {
        &self.command
    }

    /// Start one engine now and keep it for the first game, so that a command that
    /// cannot work shows before any game is played. Returns the engine's name.
    pub fn check(&self) -> Result<String, GtpError> {
        let engine = self.start()?;
        let name = engine.name().to_string();
        self.put(engine);
        Ok(name)
    }

    /// The dead stones of `game` as an engine judges them ([`replay::dead_stones`]),
    /// with `komi` and the pool's time limit for a game.
    pub fn dead_stones(
        &self,
        game: &GameRecord,
        komi: Option<f64>,
    ) -> Result<Vec<Point>, GtpError> {
        let mut engine = match self.take() {
            Some(engine) => engine,
            None => self.start()?,
        };
        let result = replay::dead_stones(&mut engine, game, komi, self.limits.game);
        match &result {
            Err(e) if e.engine_is_broken() => drop(engine),
            _ => self.put(engine),
        }
        result
    }

    /// How many engines have been started so far, replacements included.
    pub fn engines_started(&self) -> usize {
        self.started.load(Ordering::Relaxed)
    }

    /// Quit every idle engine. An engine lent out at the time goes back to the idle
    /// list after its game, and quits when the pool is dropped.
    pub fn shutdown(&self) {
        let engines = std::mem::take(&mut *self.lock());
        drop(engines);
    }

    fn start(&self) -> Result<Engine, GtpError> {
        self.started.fetch_add(1, Ordering::Relaxed);
        Engine::start(&self.command, self.limits.start)
    }

    fn take(&self) -> Option<Engine> {
        self.lock().pop()
    }

    fn put(&self, engine: Engine) {
        self.lock().push(engine);
    }

    /// The idle list, even if a thread panicked while holding it (each use is one push
    /// or pop).
    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Engine>> {
        self.idle.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// A pool is itself: two pools are equal only when they are the same pool.
impl PartialEq for EnginePool {
    fn eq(&self, other: &EnginePool) -> bool {
        std::ptr::eq(self, other)
    }
}

impl Eq for EnginePool {}

impl std::fmt::Debug for EnginePool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EnginePool")
            .field("command", &self.command.to_string())
            .field("limits", &self.limits)
            .finish_non_exhaustive()
    }
}

impl Drop for EnginePool {
    fn drop(&mut self) {
        self.shutdown();
    }
}
