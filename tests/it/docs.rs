//! Every example output in README.md and docs/*.md is what the built binary prints, so the
//! docs cannot drift from it (issue 12, item 9).
//!
//! An example is a fenced ```` ```console ```` block of commands, each a line
//! `$ goref ARGS` (words split as a shell splits them), optionally a line `? CODE` with the
//! exit code it must end with (0 when there is none), then the output verbatim: standard
//! output and standard error as a terminal shows them, interleaved. In the output, `[..]`
//! stands for any text within a line (a time), and a line `...` for any number of lines
//! (a part of a long output left out). Commands run from the repository root, in a copy of
//! it made of links (a temporary folder holding a link to each entry of the root), so a
//! command that writes a file (`--csv contest.csv`) writes it there, not into the
//! checkout. A block of another kind that holds a `$ goref` line fails the test: output
//! shown any other way would not be checked.
//!
//! Examples that run an outside program are checked by their own test, reported as ignored
//! where the program is absent: a command naming GNU Go (`gnugo`) needs `has_gnugo`, and
//! so does one reading what such a command wrote (`referee-example`).

use std::fmt::Write as _;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use crate::common::{manifest, wait_bounded};

/// One `$ goref ...` of a `console` block.
struct Example {
    /// `docs/cli.md:46`: where the command line is.
    place: String,
    line: String,
    args: Vec<String>,
    code: i32,
    expected: Vec<String>,
}

/// README.md and every docs/*.md, as (name, text).
fn documents() -> Vec<(String, String)> {
    let root = manifest();
    let mut paths = vec![root.join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .expect("docs/ is listed")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    paths.extend(docs);
    paths
        .into_iter()
        .map(|p| {
            let name = p
                .strip_prefix(root)
                .unwrap_or(&p)
                .to_string_lossy()
                .into_owned();
            let text = std::fs::read_to_string(&p).expect("the document is read");
            (name, text)
        })
        .collect()
}

/// The fenced blocks of `text`: (info string, 1-based line of the opening fence, lines).
fn blocks(text: &str) -> Vec<(String, usize, Vec<&str>)> {
    let mut found = Vec::new();
    let mut open: Option<(String, usize, Vec<&str>)> = None;
    for (i, line) in text.lines().enumerate() {
        let fence = line.trim_start().starts_with("```");
        match open.take() {
            None if fence => {
                let info = line.trim_start().trim_start_matches('`').trim().to_string();
                open = Some((info, i + 1, Vec::new()));
            }
            None => {}
            Some(block) if fence => found.push(block),
            Some(mut block) => {
                block.2.push(line);
                open = Some(block);
            }
        }
    }
    found
}

/// The examples of every `console` block of the documents, and the problems found while
/// reading them (a command that is not goref's, a `$ goref` outside a `console` block).
fn examples() -> (Vec<Example>, Vec<String>) {
    let mut examples = Vec::new();
    let mut problems = Vec::new();
    for (name, text) in documents() {
        for (info, fence_line, lines) in blocks(&text) {
            if info != "console" {
                if let Some(i) = lines.iter().position(|l| l.starts_with("$ goref")) {
                    problems.push(format!(
                        "{name}:{}: a `$ goref` line in a ```{info} block: write examples as \
                         ```console blocks, so that their output is checked",
                        fence_line + 1 + i
                    ));
                }
                continue;
            }
            let mut current: Option<Example> = None;
            for (i, line) in lines.iter().enumerate() {
                let place = format!("{name}:{}", fence_line + 1 + i);
                if let Some(command) = line.strip_prefix("$ ") {
                    examples.extend(current.take());
                    let Some(words) = shlex::split(command) else {
                        problems.push(format!("{place}: the command line cannot be split"));
                        continue;
                    };
                    if words.first().map(String::as_str) != Some("goref") {
                        problems.push(format!(
                            "{place}: only `goref` commands can be checked: show other \
                             commands in a block of another kind"
                        ));
                        continue;
                    }
                    current = Some(Example {
                        place,
                        line: line.to_string(),
                        args: words[1..].to_vec(),
                        code: 0,
                        expected: Vec::new(),
                    });
                } else if let Some(example) = current.as_mut() {
                    match line.strip_prefix("? ") {
                        Some(code) if example.expected.is_empty() => match code.trim().parse() {
                            Ok(code) => example.code = code,
                            Err(_) => problems.push(format!("{place}: `? CODE` needs a number")),
                        },
                        _ => example.expected.push(line.to_string()),
                    }
                } else {
                    problems.push(format!(
                        "{place}: a console block must start with `$ goref ...`"
                    ));
                }
            }
            examples.extend(current);
        }
    }
    (examples, problems)
}

/// Does `actual` match the `expected` line, where `[..]` stands for any text?
fn line_matches(expected: &str, actual: &str) -> bool {
    let mut parts = expected.split("[..]");
    let first = parts.next().unwrap_or_default();
    let Some(mut rest) = actual.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    let Some((last, middle)) = parts.split_last() else {
        return rest.is_empty();
    };
    for part in middle {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.len() >= last.len() && rest.ends_with(last)
}

/// Do the `actual` lines match the `expected` ones, where a line `...` stands for any
/// number of lines?
fn lines_match(expected: &[String], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first == "..." => {
            (0..=actual.len()).any(|skip| lines_match(rest, &actual[skip..]))
        }
        Some((first, rest)) => actual
            .split_first()
            .is_some_and(|(a, more)| line_matches(first, a) && lines_match(rest, more)),
    }
}

/// A temporary copy of the repository root made of links to its entries.
fn sandbox() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a temporary folder");
    for entry in std::fs::read_dir(manifest())
        .expect("the root is listed")
        .flatten()
    {
        link(&entry.path(), &dir.path().join(entry.file_name()));
    }
    dir
}

#[cfg(unix)]
fn link(target: &Path, at: &Path) {
    std::os::unix::fs::symlink(target, at).expect("a link in the sandbox");
}

#[cfg(not(unix))]
fn link(target: &Path, at: &Path) {
    if target.is_dir() {
        std::os::windows::fs::symlink_dir(target, at).expect("a link in the sandbox");
    } else {
        std::os::windows::fs::symlink_file(target, at).expect("a link in the sandbox");
    }
}

/// Run goref with `args` in `dir`: its exit code and its standard output and error
/// through one pipe, as a terminal would interleave them. A run past 120 s is killed.
fn run(args: &[String], dir: &Path) -> (i32, String) {
    let (mut reader, writer) = std::io::pipe().expect("a pipe");
    let mut child = Command::new(env!("CARGO_BIN_EXE_goref"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(writer.try_clone().expect("the pipe is shared"))
        .stderr(writer)
        .spawn()
        .expect("goref starts");
    let output = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = reader.read_to_end(&mut bytes);
        String::from_utf8_lossy(&bytes).into_owned()
    });
    let code = wait_bounded(&mut child, Duration::from_secs(120)).unwrap_or(-1);
    (code, output.join().expect("the output is read"))
}

/// Check every example that `select` picks; panic with every mismatch, each with what
/// goref printed, ready to paste into the document, and (`with_problems`) with every
/// problem found reading the blocks.
fn check(select: impl Fn(&Example) -> bool, with_problems: bool) -> usize {
    let (examples, problems) = examples();
    let sandbox = sandbox();
    let mut failures = if with_problems { problems } else { Vec::new() };
    let mut checked = 0;
    for example in examples.iter().filter(|e| select(e)) {
        checked += 1;
        let (code, output) = run(&example.args, sandbox.path());
        let actual: Vec<&str> = output.lines().collect();
        if code != example.code || !lines_match(&example.expected, &actual) {
            let mut shown = format!(
                "{}: `{}` does not print what the document shows; it prints:\n{}\n",
                example.place, example.line, example.line
            );
            if code != 0 {
                let _ = writeln!(shown, "? {code}");
            }
            shown.push_str(&output);
            failures.push(shown);
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
    checked
}

/// An example that runs GNU Go.
/// An example that runs GNU Go, or reads what such an example wrote (`referee-example`,
/// the folder of docs/cli.md's match, made in the sandbox by the example before it).
fn needs_gnugo(example: &Example) -> bool {
    example
        .args
        .iter()
        .any(|a| a.contains("gnugo") || a.contains("referee-example"))
}

#[test]
fn every_console_example_is_what_goref_prints() {
    let checked = check(|e| !needs_gnugo(e), true);
    // README.md, docs/cli.md and docs/formats.md hold a dozen between them: finding none
    // would mean the blocks are no longer read.
    assert!(checked >= 10, "only {checked} examples found");
}

#[test]
#[cfg_attr(not(has_gnugo), ignore = "GNU Go not found: apt-get install gnugo")]
fn every_console_example_with_gnu_go_is_what_goref_prints() {
    assert!(check(needs_gnugo, false) >= 1, "no example runs GNU Go");
}

#[test]
fn the_example_matcher_reads_wildcards_as_documented() {
    let lines = |text: &str| -> Vec<String> { text.lines().map(str::to_string).collect() };
    assert!(line_matches("time [..] s", "time 0.01 s"));
    assert!(line_matches("a [..] b [..] c", "a x b y c"));
    assert!(!line_matches("a [..] b", "a x c"));
    assert!(!line_matches("abc", "abcd"));
    assert!(!line_matches("ab[..]ba", "aba"));
    assert!(lines_match(&lines("a\n...\nz"), &["a", "b", "c", "z"]));
    assert!(lines_match(&lines("a\n...\nz"), &["a", "z"]));
    assert!(!lines_match(&lines("a\n...\nz"), &["a", "b"]));
    assert!(!lines_match(&lines("a\nb"), &["a", "b", "c"]));
    let text = "x\n```console\n$ goref rules aga\n? 2\nout\n```\n```\n$ goref rules\n```\n";
    let found = blocks(text);
    assert_eq!(found.len(), 2);
    assert_eq!(found[0].0, "console");
    assert_eq!(found[0].2, ["$ goref rules aga", "? 2", "out"]);
}

/// The long flags `goref SUBCOMMAND --help` lists (`--help` itself left out).
fn long_flags(help: &str) -> Vec<String> {
    let mut flags: Vec<String> = help
        .lines()
        .map(str::trim_start)
        .filter(|l| l.starts_with('-'))
        .filter_map(|l| {
            l.split([' ', ','])
                .find(|w| w.starts_with("--"))
                .map(|w| w.split(['=', '<']).next().unwrap_or(w).to_string())
        })
        .filter(|f| f != "--help")
        .collect();
    flags.dedup();
    flags
}

/// The synopsis at the top of docs/cli.md names every subcommand and every flag of each,
/// as `goref --help` and `goref SUBCOMMAND --help` list them (issue 30, item 8: `show`
/// was left out).
#[test]
fn the_cli_synopsis_names_every_subcommand_and_its_flags() {
    let help = |args: &[&str]| -> String {
        let out = crate::common::goref()
            .args(args)
            .output()
            .expect("goref runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let top = help(&["--help"]);
    let commands: Vec<String> = top
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .filter(|c| c != "help")
        .collect();
    assert!(commands.len() >= 6, "{top}");

    let cli = std::fs::read_to_string(manifest().join("docs/cli.md")).expect("docs/cli.md");
    let (_, _, synopsis) = blocks(&cli).into_iter().next().expect("the synopsis");
    // Each command's lines: its `goref NAME` line and the indented lines under it.
    let mut sections: Vec<(String, String)> = Vec::new();
    for line in synopsis {
        match line.strip_prefix("goref ") {
            Some(rest) => {
                let name = rest.split_whitespace().next().unwrap_or("").to_string();
                sections.push((name, rest.to_string()));
            }
            None => {
                if let Some(last) = sections.last_mut() {
                    last.1.push(' ');
                    last.1.push_str(line);
                }
            }
        }
    }
    let mut missing = Vec::new();
    for command in &commands {
        let Some((_, text)) = sections.iter().find(|(name, _)| name == command) else {
            missing.push(format!("goref {command}"));
            continue;
        };
        let words: Vec<&str> = text
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
            .collect();
        for flag in long_flags(&help(&[command, "--help"])) {
            if !words.contains(&flag.as_str()) {
                missing.push(format!("goref {command} {flag}"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "docs/cli.md's synopsis leaves out: {}",
        missing.join(", ")
    );
}
