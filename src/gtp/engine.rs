//! One engine process and the GTP conversation with it.
//!
//! Two threads read the engine's standard output and standard error line by line, so
//! the engine never blocks on a full pipe and every wait for an answer is a channel
//! receive with a deadline. Lines are cut at 64 KiB and answers at 1 MiB, so an engine
//! that floods its output costs bounded memory. On Unix the engine runs in a process
//! group of its own, and killing it kills the group: a wrapper script cannot leave the
//! real engine running behind it. What an engine started outside its group is ended when
//! the engine is reaped, in a program that asked for it ([`orphans`]).

use std::collections::{BTreeSet, VecDeque};
use std::io::{self, BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use wait_timeout::ChildExt;

use super::{GtpError, orphans};

/// The longest line kept from the engine; the rest of a longer line is dropped.
const MAX_LINE: usize = 64 * 1024;
/// The longest answer accepted; a longer one is not GTP.
const MAX_ANSWER: usize = 1 << 20;
/// Lines of standard error kept for an error message, and characters kept per line.
const STDERR_LINES: usize = 6;
const STDERR_CHARS: usize = 300;
/// How long an engine may take to exit after `quit` (or after its output ended) before
/// it is killed, and how long its standard error may take to close after it exits.
const GRACE: Duration = Duration::from_millis(500);
const STDERR_GRACE: Duration = Duration::from_millis(200);

/// A command line that starts an engine, split into words as a POSIX shell would split
/// them (quotes, backslashes), but run without a shell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineCommand {
    text: String,
    program: String,
    args: Vec<String>,
}

impl EngineCommand {
    /// Split `text` into the program and its arguments: `gnugo --mode gtp`,
    /// `katago gtp -model "my model.bin.gz" -config gtp.cfg`.
    pub fn parse(text: &str) -> Result<EngineCommand, GtpError> {
        let words = shlex::split(text).ok_or_else(|| GtpError::BadQuoting {
            command: text.to_string(),
        })?;
        let mut words = words.into_iter();
        let program = words.next().ok_or(GtpError::EmptyCommand)?;
        Ok(EngineCommand {
            text: text.trim().to_string(),
            program,
            args: words.collect(),
        })
    }

    /// The program to run.
    pub fn program(&self) -> &str {
        &self.program
    }

    /// Its arguments.
    pub fn args(&self) -> &[String] {
        &self.args
    }
}

impl std::fmt::Display for EngineCommand {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

/// When the time for a piece of work runs out, and how long that time was (for the
/// message when it does).
#[derive(Debug, Clone, Copy)]
pub struct Deadline {
    at: Instant,
    limit: Duration,
}

impl Deadline {
    /// `limit` from now.
    pub fn after(limit: Duration) -> Deadline {
        Deadline {
            at: Instant::now().checked_add(limit).unwrap_or_else(far_future),
            limit,
        }
    }
}

/// An instant a long way off, for a limit too large to add to now.
fn far_future() -> Instant {
    let now = Instant::now();
    now.checked_add(Duration::from_secs(100 * 365 * 24 * 3600))
        .unwrap_or(now)
}

/// What the standard-output reader hands over.
enum Output {
    Line(String),
    /// End of output, or a read error: either way nothing more will come.
    End,
}

/// The last lines an engine wrote on standard error.
type Tail = Arc<Mutex<VecDeque<String>>>;

/// A running GTP engine. Dropping it sends `quit` and, if the engine does not exit
/// promptly, kills it; either way the process is reaped.
pub struct Engine {
    name: String,
    /// `None` once reaped (or handed to a thread that reaps it).
    child: Option<Child>,
    stdin: Option<ChildStdin>,
    stdout: Receiver<Output>,
    stderr: Tail,
    stderr_closed: Receiver<()>,
    /// The commands the engine listed (`list_commands`); `None` when it would not say.
    known: Option<BTreeSet<String>>,
    next_id: u64,
    /// How the process ended, once it has.
    ended: Option<String>,
}

impl Engine {
    /// Start `command` and check that it speaks GTP and knows `final_status_list`;
    /// the engine has `limit` to answer its first commands (KataGo loads its network
    /// before it answers).
    pub fn start(command: &EngineCommand, limit: Duration) -> Result<Engine, GtpError> {
        let start_error = |reason: String| GtpError::Start {
            program: command.program.clone(),
            reason,
        };
        let mut cmd = Command::new(&command.program);
        cmd.args(&command.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            cmd.process_group(0);
        }
        let mut child = orphans::spawn(&mut cmd).map_err(|e| start_error(e.to_string()))?;
        let stdin = child.stdin.take();
        let (Some(stdout), Some(stderr_pipe)) = (child.stdout.take(), child.stderr.take()) else {
            kill_and_reap(child);
            return Err(start_error("its output could not be captured".to_string()));
        };

        let (line_tx, line_rx) = mpsc::sync_channel(256);
        let stderr: Tail = Arc::default();
        let (closed_tx, closed_rx) = mpsc::sync_channel(1);
        let tail = Arc::clone(&stderr);
        let readers = thread::Builder::new()
            .name("gtp-stdout".to_string())
            .spawn(move || read_stdout(stdout, line_tx))
            .and_then(|_| {
                thread::Builder::new()
                    .name("gtp-stderr".to_string())
                    .spawn(move || read_stderr(stderr_pipe, &tail, closed_tx))
            });
        if let Err(e) = readers {
            kill_and_reap(child);
            return Err(start_error(format!("no thread to read it: {e}")));
        }

        let mut engine = Engine {
            name: command.program.clone(),
            child: Some(child),
            stdin,
            stdout: line_rx,
            stderr,
            stderr_closed: closed_rx,
            known: None,
            next_id: 1,
            ended: None,
        };
        let deadline = Deadline::after(limit);
        engine.known = match engine.ask("list_commands", &deadline) {
            Ok(list) => Some(list.split_whitespace().map(str::to_string).collect()),
            Err(GtpError::Refused { .. }) => None,
            Err(e) => return Err(e),
        };
        if engine.knows("name") {
            let mut name = engine.ask("name", &deadline)?;
            if engine.knows("version") {
                let version = engine.ask("version", &deadline)?;
                if !version.is_empty() {
                    name = format!("{name} {version}");
                }
            }
            if !name.is_empty() {
                engine.name = name;
            }
        }
        if !engine.knows("final_status_list") {
            return Err(GtpError::Lacks {
                engine: engine.name.clone(),
                command: "final_status_list".to_string(),
            });
        }
        Ok(engine)
    }

    /// The engine's name and version as it gives them (`GNU Go 3.8`), or the program's
    /// name when it does not say.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The process id (for tests that check the process is gone).
    pub fn pid(&self) -> Option<u32> {
        self.child.as_ref().map(Child::id)
    }

    /// Whether the engine listed `command` among its commands (true when it would not
    /// list them).
    pub fn knows(&self, command: &str) -> bool {
        self.known.as_ref().is_none_or(|k| k.contains(command))
    }

    /// Send one command and wait for its answer until `deadline`. `Ok` holds the text of
    /// a success answer (`= ...`), trimmed; a failure answer (`? ...`) is
    /// [`GtpError::Refused`]. An engine that exits, does not answer in time or answers
    /// something that is not GTP is stopped and reaped, and every later command fails.
    pub fn ask(&mut self, command: &str, deadline: &Deadline) -> Result<String, GtpError> {
        if let Some(status) = &self.ended {
            return Err(GtpError::Died {
                command: command.to_string(),
                status: status.clone(),
                stderr: self.stderr_tail(),
            });
        }
        let id = self.next_id;
        self.next_id += 1;
        let sent = match self.stdin.as_mut() {
            Some(stdin) => writeln!(stdin, "{id} {command}").and_then(|()| stdin.flush()),
            None => Err(io::Error::from(io::ErrorKind::BrokenPipe)),
        };
        if sent.is_err() {
            return Err(self.died(command));
        }

        let mut answer: Option<(bool, String)> = None;
        loop {
            let left = deadline.at.saturating_duration_since(Instant::now());
            let line = match self.stdout.recv_timeout(left) {
                Ok(Output::Line(line)) => line,
                Ok(Output::End) | Err(RecvTimeoutError::Disconnected) => {
                    return Err(self.died(command));
                }
                Err(RecvTimeoutError::Timeout) => return Err(self.timed_out(command, deadline)),
            };
            match &mut answer {
                // Blank lines before an answer are tolerated.
                None if line.trim().is_empty() => {}
                None => match parse_first_line(&line, id) {
                    Some((ok, text)) => answer = Some((ok, text.to_string())),
                    None => return Err(self.not_gtp(command, line)),
                },
                Some((ok, text)) => {
                    if line.trim().is_empty() {
                        let text = text.trim().to_string();
                        return if *ok {
                            Ok(text)
                        } else {
                            Err(GtpError::Refused {
                                command: command.to_string(),
                                answer: text,
                            })
                        };
                    }
                    if text.len() + line.len() > MAX_ANSWER {
                        let line = format!("an answer longer than {MAX_ANSWER} bytes");
                        return Err(self.not_gtp(command, line));
                    }
                    text.push('\n');
                    text.push_str(&line);
                }
            }
        }
    }

    /// The process has ended (or closed its output): reap it, killing it if it lingers,
    /// and describe how it ended.
    fn died(&mut self, command: &str) -> GtpError {
        let status = match self.child.as_mut().map(|c| c.wait_timeout(GRACE)) {
            Some(Ok(Some(status))) => {
                if let Some(child) = self.child.take() {
                    orphans::reaped(child.id());
                }
                status.to_string()
            }
            _ => {
                self.kill();
                "it closed its output and was stopped".to_string()
            }
        };
        self.ended = Some(status.clone());
        GtpError::Died {
            command: command.to_string(),
            status,
            stderr: self.stderr_tail(),
        }
    }

    fn timed_out(&mut self, command: &str, deadline: &Deadline) -> GtpError {
        self.kill();
        self.ended = Some("stopped after the time limit".to_string());
        GtpError::TimedOut {
            command: command.to_string(),
            limit: deadline.limit,
            stderr: self.stderr_tail(),
        }
    }

    fn not_gtp(&mut self, command: &str, line: String) -> GtpError {
        self.kill();
        self.ended = Some("stopped after an answer that is not GTP".to_string());
        GtpError::NotGtp {
            command: command.to_string(),
            line: line.chars().take(STDERR_CHARS).collect(),
        }
    }

    /// Kill the engine's process group and reap the engine.
    fn kill(&mut self) {
        self.stdin = None;
        if let Some(child) = self.child.take() {
            kill_and_reap(child);
        }
    }

    /// The last lines of standard error, once the stream has closed (or after a short
    /// wait, if something still holds it open).
    fn stderr_tail(&self) -> Vec<String> {
        let _ = self.stderr_closed.recv_timeout(STDERR_GRACE);
        let tail = self.stderr.lock().unwrap_or_else(|p| p.into_inner());
        tail.iter().cloned().collect()
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let Some(mut child) = self.child.take() else {
            return;
        };
        if let Some(mut stdin) = self.stdin.take() {
            let _ = writeln!(stdin, "quit").and_then(|()| stdin.flush());
        }
        match child.wait_timeout(GRACE) {
            Ok(Some(_)) => orphans::reaped(child.id()),
            _ => kill_and_reap(child),
        }
    }
}

/// `= text` or `? text`, with the id (if any) equal to `id`: whether it is a success
/// and the text after the id. `None` when the line is not the start of a GTP answer.
fn parse_first_line(line: &str, id: u64) -> Option<(bool, &str)> {
    let ok = match line.as_bytes().first() {
        Some(b'=') => true,
        Some(b'?') => false,
        _ => return None,
    };
    let rest = &line[1..];
    let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
    let (given, text) = rest.split_at(end);
    if !given.is_empty() && given.parse::<u64>().ok() != Some(id) {
        return None;
    }
    Some((ok, text.trim_start()))
}

/// Kill the process group led by `child` (and `child` itself), then reap it. If it
/// cannot be reaped at once (a process stuck in the kernel), a thread waits for it, so
/// it never stays a zombie. What it started outside its group is ended once it is reaped
/// ([`orphans`]).
fn kill_and_reap(mut child: Child) {
    #[cfg(unix)]
    if let Ok(pid) = libc::pid_t::try_from(child.id()) {
        // SAFETY: kill(2) takes plain integers and touches no memory of ours. The group
        // id is the child's own pid (it was started as a group leader), and the child is
        // not yet reaped, so the id cannot belong to another group.
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
        }
    }
    let _ = child.kill();
    let pid = child.id();
    if matches!(child.wait_timeout(GRACE), Ok(Some(_))) {
        orphans::reaped(pid);
        return;
    }
    // Without a thread to wait, the engine stays registered: never taken for an orphan.
    let _ = thread::Builder::new()
        .name("gtp-reaper".to_string())
        .spawn(move || {
            let _ = child.wait();
            orphans::reaped(pid);
        });
}

/// Hand each line of the engine's standard output to the channel, then `End`.
fn read_stdout(stream: impl Read, lines: SyncSender<Output>) {
    let mut reader = BufReader::new(stream);
    while let Ok(Some(line)) = read_line(&mut reader) {
        if lines.send(Output::Line(line)).is_err() {
            return;
        }
    }
    let _ = lines.send(Output::End);
}

/// Keep the last lines of the engine's standard error; say when it closes.
fn read_stderr(stream: impl Read, tail: &Mutex<VecDeque<String>>, closed: SyncSender<()>) {
    let mut reader = BufReader::new(stream);
    while let Ok(Some(line)) = read_line(&mut reader) {
        let line = line.trim_end();
        if line.is_empty() {
            continue;
        }
        let mut tail = tail.lock().unwrap_or_else(|p| p.into_inner());
        if tail.len() == STDERR_LINES {
            tail.pop_front();
        }
        tail.push_back(line.chars().take(STDERR_CHARS).collect());
    }
    let _ = closed.send(());
}

/// The next line without its `\n` (and `\r`), at most [`MAX_LINE`] bytes of it kept;
/// `None` at the end of the stream.
fn read_line(reader: &mut impl BufRead) -> io::Result<Option<String>> {
    let mut line = Vec::new();
    let mut read_any = false;
    loop {
        let buf = match reader.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            return Ok(read_any.then(|| finish_line(&line)));
        }
        read_any = true;
        let (end, used) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (i, i + 1),
            None => (buf.len(), buf.len()),
        };
        let room = MAX_LINE.saturating_sub(line.len());
        line.extend_from_slice(&buf[..end.min(room)]);
        let complete = used > end;
        reader.consume(used);
        if complete {
            return Ok(Some(finish_line(&line)));
        }
    }
}

fn finish_line(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    text.strip_suffix('\r').unwrap_or(&text).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_command_line_splits_like_a_shell() {
        let c = EngineCommand::parse(r#"katago gtp -model "my model.bin.gz" -config a\ b.cfg"#)
            .expect("splits");
        assert_eq!(c.program(), "katago");
        assert_eq!(
            c.args(),
            ["gtp", "-model", "my model.bin.gz", "-config", "a b.cfg"]
        );
        assert_eq!(EngineCommand::parse("  "), Err(GtpError::EmptyCommand));
        assert!(matches!(
            EngineCommand::parse("gnugo \"--mode gtp"),
            Err(GtpError::BadQuoting { .. })
        ));
    }

    #[test]
    fn answers_are_read_with_and_without_ids() {
        assert_eq!(parse_first_line("=3 C3 D4", 3), Some((true, "C3 D4")));
        assert_eq!(parse_first_line("= ", 3), Some((true, "")));
        assert_eq!(parse_first_line("=", 3), Some((true, "")));
        assert_eq!(
            parse_first_line("? illegal move", 3),
            Some((false, "illegal move"))
        );
        assert_eq!(
            parse_first_line("=4 C3", 3),
            None,
            "another command's answer"
        );
        assert_eq!(parse_first_line("=x C3", 3), None);
        assert_eq!(parse_first_line("hello", 3), None);
    }

    #[test]
    fn lines_are_bounded_and_lose_their_carriage_return() {
        let long = "x".repeat(MAX_LINE + 10);
        let text = format!("= a\r\n{long}\nlast");
        let mut reader = BufReader::with_capacity(7, text.as_bytes());
        assert_eq!(
            read_line(&mut reader).ok().flatten().as_deref(),
            Some("= a")
        );
        let cut = read_line(&mut reader).ok().flatten().expect("a line");
        assert_eq!(cut.len(), MAX_LINE);
        assert_eq!(
            read_line(&mut reader).ok().flatten().as_deref(),
            Some("last")
        );
        assert_eq!(read_line(&mut reader).ok().flatten(), None);
    }
}
