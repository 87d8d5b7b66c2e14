//! What an engine leaves behind.
//!
//! An engine runs in a process group of its own, and stopping it kills the group, so a
//! wrapper script and whatever else stayed in the group end with it. A process that left
//! the group (`setsid`, `setpgid`: a daemon, a helper server) would outlive the run,
//! handed to init when its parent ends. A program that owns its whole process (the goref
//! command line; never a library user, whose other children are its own) can call
//! [`adopt_orphans`] to end those too. On Linux it makes the process a *child
//! subreaper* (`prctl(PR_SET_CHILD_SUBREAPER)`): a process an engine started becomes this
//! process's child when its parent ends, instead of init's. Then, each time an engine is
//! reaped, and once more at [`end_orphans`], every child of this process that is not a
//! running engine (which can only be something an engine left) is killed with its process
//! group and reaped, as are its own children in turn. Engines are registered as they
//! start, under the lock the search takes, so a starting engine is never mistaken for an
//! orphan.
//!
//! What is not ended: a process an engine hands to another service (`systemd-run`, a
//! container runtime, `ssh`), and, outside Linux, anything that left the engine's group.
//! cgroups would catch the first kind too, but need a delegated cgroup, which a CI job or
//! a user's shell seldom has.

use std::collections::{BTreeMap, BTreeSet};
use std::io;
use std::process::{Child, Command};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard};

/// Set once [`adopt_orphans`] has made this process a subreaper.
static ADOPTING: AtomicBool = AtomicBool::new(false);

/// The engines running, by pid (a count, in case a pid is reused before its earlier
/// holder is struck off).
static ENGINES: Mutex<BTreeMap<u32, usize>> = Mutex::new(BTreeMap::new());

fn engines() -> MutexGuard<'static, BTreeMap<u32, usize>> {
    ENGINES.lock().unwrap_or_else(|p| p.into_inner())
}

/// Make this process the reaper of whatever its engines leave behind, and end it when an
/// engine ends ([module documentation](self)). Process-wide: for a program's `main`, not
/// for a library. Returns whether it could (Linux only).
pub fn adopt_orphans() -> bool {
    if ADOPTING.load(Ordering::Relaxed) {
        return true;
    }
    let adopted = become_subreaper();
    ADOPTING.store(adopted, Ordering::Relaxed);
    adopted
}

#[cfg(target_os = "linux")]
fn become_subreaper() -> bool {
    // SAFETY: prctl(PR_SET_CHILD_SUBREAPER, 1) takes plain integers and touches no memory.
    unsafe { libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0 }
}

#[cfg(not(target_os = "linux"))]
fn become_subreaper() -> bool {
    false
}

/// Start an engine and register it, under the lock [`end_orphans`] takes.
pub(super) fn spawn(command: &mut Command) -> io::Result<Child> {
    let mut running = engines();
    let child = command.spawn()?;
    *running.entry(child.id()).or_insert(0) += 1;
    Ok(child)
}

/// The engine `pid` has been reaped: strike it off, and end what it left behind.
pub(super) fn reaped(pid: u32) {
    {
        let mut running = engines();
        if let Some(count) = running.get_mut(&pid) {
            *count -= 1;
            if *count == 0 {
                running.remove(&pid);
            }
        }
    }
    end_orphans();
}

/// Kill and reap every child of this process that is not a running engine: what
/// engines left behind. Does nothing unless [`adopt_orphans`] succeeded. A program calls
/// it once more before it exits, for an engine that was still ending.
pub fn end_orphans() {
    if !ADOPTING.load(Ordering::Relaxed) {
        return;
    }
    let running = engines();
    let mut ended = BTreeSet::new();
    // Each round ends the children found; their own children then become this
    // process's. The bound keeps a process that forks without end from holding the
    // search for ever (it is killed in each round, so it cannot get far).
    for _ in 0..64 {
        let orphans: Vec<u32> = children()
            .into_iter()
            .filter(|pid| !running.contains_key(pid) && !ended.contains(pid))
            .collect();
        if orphans.is_empty() {
            break;
        }
        for &pid in &orphans {
            kill(pid);
        }
        for pid in orphans {
            reap(pid);
            ended.insert(pid);
        }
    }
}

/// The children of this process, from `/proc` (each `/proc/PID/stat` names the parent).
#[cfg(target_os = "linux")]
fn children() -> Vec<u32> {
    let me = std::process::id();
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter_map(|entry| entry.file_name().to_str()?.parse::<u32>().ok())
        .filter(|&pid| parent_of(pid) == Some(me))
        .collect()
}

#[cfg(not(target_os = "linux"))]
fn children() -> Vec<u32> {
    Vec::new()
}

/// The parent of `pid`.
#[cfg(target_os = "linux")]
fn parent_of(pid: u32) -> Option<u32> {
    parent_in(&std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?)
}

/// The parent named in a `/proc/PID/stat` line: the field after the state, after the
/// command name in brackets (which may itself hold spaces and brackets, so the last `)`
/// ends it).
#[cfg(any(target_os = "linux", test))]
fn parent_in(stat: &str) -> Option<u32> {
    let rest = &stat[stat.rfind(')')? + 1..];
    rest.split_whitespace().nth(1)?.parse().ok()
}

/// Kill `pid` and its process group, if it leads one.
#[cfg(unix)]
fn kill(pid: u32) {
    let Ok(pid) = libc::pid_t::try_from(pid) else {
        return;
    };
    // SAFETY: kill(2) takes plain integers. `pid` is this process's child, not yet
    // reaped, so no other process has its id, and a group with its id can only be one it
    // made.
    unsafe {
        libc::kill(-pid, libc::SIGKILL);
        libc::kill(pid, libc::SIGKILL);
    }
}

#[cfg(not(unix))]
fn kill(_pid: u32) {}

/// Reap `pid`, killed: at once in practice; one stuck in the kernel is left to a thread
/// that waits for it, so that it never stays a zombie.
#[cfg(unix)]
fn reap(pid: u32) {
    let Ok(pid) = libc::pid_t::try_from(pid) else {
        return;
    };
    let started = std::time::Instant::now();
    loop {
        let mut status = 0;
        // SAFETY: waitpid(2) writes only to `status`, a local of ours.
        let done = unsafe { libc::waitpid(pid, &raw mut status, libc::WNOHANG) };
        if done != 0 {
            return;
        }
        if started.elapsed() > std::time::Duration::from_millis(500) {
            let _ = std::thread::Builder::new()
                .name("gtp-orphan-reaper".to_string())
                .spawn(move || {
                    let mut status = 0;
                    // SAFETY: as above.
                    unsafe { libc::waitpid(pid, &raw mut status, 0) };
                });
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
}

#[cfg(not(unix))]
fn reap(_pid: u32) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_parent_is_read_past_a_command_name_with_brackets_and_spaces() {
        assert_eq!(parent_in("4242 (sh) S 17 4242 17 0 -1"), Some(17));
        assert_eq!(parent_in("4242 (a) b (c)) R 99 1 1"), Some(99));
        assert_eq!(parent_in("4242 (no end S 17"), None);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_child_is_found_among_the_children() {
        let mut child = Command::new("sleep")
            .arg("5")
            .spawn()
            .expect("sleep starts");
        assert!(children().contains(&child.id()));
        let _ = child.kill();
        let _ = child.wait();
    }
}
