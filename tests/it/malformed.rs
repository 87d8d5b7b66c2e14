//! The malformed-input suite: every file of `fixtures/malformed/` (see its README), and
//! the inputs too big or too strange to commit (a million games, a 50 MB comment, deep
//! variation trees, directories and links), generated into a temporary folder.
//!
//! Each case runs the built `goref validate` and asserts the exit code and the message.
//! Whatever the input, goref must exit by itself with 0 or 1: never 101 (a panic), never
//! a signal (an abort or a stack overflow). Times are not asserted (tests never assert on
//! time); docs/robustness.md records how long the slowest case takes.

use std::path::{Path, PathBuf};

use crate::common::{goref, manifest};

/// The path of `fixtures/malformed/NAME`.
fn malformed(name: &str) -> PathBuf {
    manifest().join("fixtures/malformed").join(name)
}

/// What `goref validate FILE` printed and how it ended.
struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn validate(path: &Path) -> Run {
    let output = goref()
        .arg("validate")
        .arg(path)
        .output()
        .expect("goref runs");
    let code = output.status.code().unwrap_or_else(|| {
        panic!(
            "goref was killed by a signal on {}: {:?}",
            path.display(),
            output.status
        )
    });
    let run = Run {
        code,
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    };
    assert!(
        run.code != 101 && !run.stderr.contains("panicked"),
        "goref panicked on {}: {}",
        path.display(),
        run.stderr
    );
    run
}

/// Run `path` and check the exit code and that stdout holds every needle.
fn expect(path: &Path, code: i32, needles: &[&str]) {
    let run = validate(path);
    let shown = || {
        format!(
            "{}\n--- stdout:\n{}\n--- stderr:\n{}",
            path.display(),
            run.stdout.chars().take(4000).collect::<String>(),
            run.stderr
        )
    };
    assert_eq!(run.code, code, "exit code of {}", shown());
    for needle in needles {
        assert!(run.stdout.contains(needle), "no `{needle}` in {}", shown());
    }
}

// ------------------------------------------------------------ committed fixtures

/// (file, exit code, messages the output must hold). Every file of the folder is here:
/// `every_fixture_has_a_case` checks it.
const CASES: &[(&str, i32, &[&str])] = &[
    // Files with nothing to read: a per-file error, exit 1.
    ("empty.sgf", 1, &["UNREADABLE: the file is empty"]),
    ("whitespace-only.sgf", 1, &["UNREADABLE: the file is empty"]),
    (
        "binary-junk.bin",
        1,
        &["UNREADABLE: no SGF game found (a game starts with `(;`)"],
    ),
    (
        "nul-bytes-only.sgf",
        1,
        &["UNREADABLE: no SGF game found (a game starts with `(;`)"],
    ),
    // Board sizes outside 1..25: a per-game error, exit 1.
    (
        "sz-0.sgf",
        1,
        &["game 1: board size 0x0 is not supported (SZ sides must be 1 to 25)"],
    ),
    (
        "sz-26.sgf",
        1,
        &["game 1: board size 26x26 is not supported (SZ sides must be 1 to 25)"],
    ),
    (
        "sz-52.sgf",
        1,
        &["game 1: board size 52x52 is not supported (SZ sides must be 1 to 25)"],
    ),
    (
        "sz-1000.sgf",
        1,
        &["game 1: board size 1000x1000 is not supported (SZ sides must be 1 to 25)"],
    ),
    (
        "sz-19-0.sgf",
        1,
        &["game 1: board size 19x0 is not supported (SZ sides must be 1 to 25)"],
    ),
    // SZ[1] is a legal board: its only point is a suicide, and W[ba] is off it.
    (
        "sz-1.sgf",
        1,
        &[
            "1x1, komi 6.5, 2 moves",
            "move 1 B A1 (aa): suicide:",
            "move 2 W: off-board: W[ba] is outside the 1x1 board",
        ],
    ),
    (
        "moves-off-board.sgf",
        1,
        &[
            "ILLEGAL: 4 illegal moves",
            "move 2 W: off-board: W[zz] is outside the 19x19 board",
            "move 3 B: off-board: B[ZZ] is outside the 19x19 board",
            "move 4 W: off-board: W[R99] is not a point",
            "move 5 B: off-board: B[a] is not a point",
        ],
    ),
    (
        "one-bad-game-among-good.sgf",
        1,
        &[
            "one-bad-game-among-good.sgf, game 1: A (B) vs B (W)",
            "one-bad-game-among-good.sgf, game 2\n  verdict: UNREADABLE: game 2: board size \
             0x0 is not supported",
            "one-bad-game-among-good.sgf, game 3: E (B) vs F (W)",
        ],
    ),
    // Komi: negative komi is legal (reverse komi); a komi that is not a number is a
    // warning and the game is judged without it.
    (
        "komi-negative.sgf",
        0,
        &["komi -6.5", "komi-mismatch: the record's komi is -6.5"],
    ),
    (
        "komi-non-numeric.sgf",
        0,
        &[
            "no komi recorded",
            "note: node 0: KM[six and a half] is not a number: no komi recorded",
        ],
    ),
    // Damaged records keep every node before the damage and say where reading stopped.
    // Damage inside the main line (or nodes cut off by an extra `)`) leaves the game
    // judged on a part of itself: a `truncated` finding, not valid, exit 1 (issue 26).
    (
        "truncated-mid-value.sgf",
        1,
        &[
            "4 moves",
            "verdict: TRUNCATED",
            "note: the game is truncated: the value of `B` at line 1, column 89 is never \
             closed with `]`",
            "reading stopped after node 5",
        ],
    ),
    (
        "truncated-mid-node.sgf",
        0,
        &[
            "5 moves",
            "note: the game tree is not closed at the end of the file: 1 `)` added",
        ],
    ),
    (
        "truncated-no-close.sgf",
        0,
        &[
            "2 moves",
            "note: the game tree is not closed at the end of the file: 1 `)` added",
        ],
    ),
    (
        "unbalanced-open-parens.sgf",
        0,
        &[
            "4 moves",
            "note: the game tree is not closed at the end of the file: 3 `)`s added",
        ],
    ),
    (
        "unbalanced-close-parens.sgf",
        1,
        &[
            "2 moves",
            "note: the text after the game at line 1, column 78 holds nodes that belong to \
             no game",
        ],
    ),
    // An unclosed `[` runs to the next `]`, as SGF says: the comment swallows `;B[pd`.
    ("unbalanced-open-bracket.sgf", 0, &["1 moves"]),
    (
        "unbalanced-close-bracket.sgf",
        1,
        &[
            "0 moves",
            "note: the game is truncated: property `closed` at line 1, column 77 has no \
             `[value]`",
        ],
    ),
    (
        "nul-bytes-inside.sgf",
        1,
        &["note: the game is truncated: unexpected `\\0` at line 1, column 13"],
    ),
    (
        "property-id-digits.sgf",
        1,
        &[
            "2 moves",
            "note: the game is truncated: property `B` at line 1, column 49 has no `[value]`",
        ],
    ),
    (
        "property-id-digits-root.sgf",
        1,
        &["note: the game is truncated: property `X` at line 1, column 37 has no `[value]`"],
    ),
    // Charsets: UTF-16 without a byte-order mark, and three kinds of wrong CA.
    (
        "utf16le-no-bom.sgf",
        0,
        &["Black (B) vs White (W), 19x19, komi 6.5, 4 moves"],
    ),
    (
        "utf16be-no-bom.sgf",
        0,
        &["Black (B) vs White (W), 19x19, komi 6.5, 4 moves"],
    ),
    (
        "charset-utf8-labelled-gb2312.sgf",
        0,
        &[
            "柯洁 (B) vs 芈昱廷 (W)",
            "note: the file declares CA[GB2312] but its bytes are UTF-8: read as UTF-8",
        ],
    ),
    (
        "charset-gb2312-labelled-utf8.sgf",
        0,
        &[
            "柯洁 (B) vs 芈昱廷 (W)",
            "note: the file declares CA[UTF-8] but its bytes do not decode as that: read as \
             GB18030 (guessed)",
        ],
    ),
    (
        "charset-unknown-label.sgf",
        0,
        &[
            "井山裕太 (B) vs 張栩 (W)",
            "note: the file declares CA[klingon-8] but its bytes do not decode as that: read \
             as Shift_JIS (guessed)",
        ],
    ),
];

#[test]
fn every_malformed_fixture_gives_its_message_and_exit_code() {
    for (name, code, needles) in CASES {
        expect(&malformed(name), *code, needles);
    }
}

#[test]
fn every_fixture_has_a_case() {
    let dir = malformed("");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("fixtures/malformed exists") {
        let name = entry.expect("readable entry").file_name();
        let name = name.to_string_lossy();
        if name != "README.md" && !CASES.iter().any(|(n, _, _)| *n == name) {
            missing.push(name.into_owned());
        }
    }
    assert!(missing.is_empty(), "fixtures without a case: {missing:?}");
}

// ------------------------------------------------------------ generated inputs

fn temp() -> tempfile::TempDir {
    tempfile::tempdir().expect("a temporary folder")
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, bytes).expect("the temporary file is written");
    path
}

const ROOT: &str = "(;GM[1]FF[4]SZ[19]KM[7.5]RU[Chinese]";

#[test]
fn a_million_games_in_one_file_is_a_file_error_naming_the_bound() {
    let dir = temp();
    let game = b"(;GM[1]SZ[9]KM[7]RU[Chinese];B[ee];W[cc])\n";
    let bytes = game.repeat(1_000_000);
    let path = write(dir.path(), "million.sgf", &bytes);
    expect(
        &path,
        1,
        &[
            "UNREADABLE: the file holds more than 100000 games, the limit per file: split it \
           into files of at most 100000 games",
        ],
    );
}

#[test]
fn a_50_mb_comment_is_dropped_with_a_warning_and_the_game_is_judged() {
    let dir = temp();
    let comment = "x".repeat(50 << 20);
    let sgf = format!("{ROOT}C[{comment}];B[pd];W[dp])");
    let path = write(dir.path(), "comment.sgf", sgf.as_bytes());
    expect(
        &path,
        0,
        &[
            "2 moves",
            "verdict: VALID",
            "note: the value of `C` at line 1, column 37 is 52428800 bytes, above the limit of \
             16777216 bytes per property value: the property was dropped (goref does not read \
             it)",
        ],
    );
}

#[test]
fn a_50_mb_move_value_fails_the_game_naming_the_bound() {
    let dir = temp();
    let junk = "x".repeat(50 << 20);
    let sgf = format!("{ROOT};B[pd];W[{junk}])\n(;GM[1]SZ[9];B[ee])");
    let path = write(dir.path(), "move.sgf", sgf.as_bytes());
    expect(
        &path,
        1,
        &[
            "game 1: the value of `W` at line 1, column 44 is 52428800 bytes, above the limit \
             of 16777216 bytes per property value",
            // The next game of the file is still read.
            "move.sgf, game 2: ? (B) vs ? (W), 9x9",
        ],
    );
}

/// A game whose moves (passes, so every one is legal) are nested `depth` variations deep.
fn nested(depth: usize) -> Vec<u8> {
    let mut s = ROOT.as_bytes().to_vec();
    for i in 0..depth {
        s.extend_from_slice(if i % 2 == 0 { b"(;B[]" } else { b"(;W[]" });
    }
    s.extend(std::iter::repeat_n(b')', depth + 1));
    s
}

#[test]
fn a_deep_variation_tree_within_the_bound_is_judged() {
    let dir = temp();
    // 100,000 variations nested inside one another: 100,001 levels with the game tree.
    let path = write(dir.path(), "deep.sgf", &nested(100_000));
    expect(
        &path,
        0,
        &["100000 moves", "verdict: VALID: no illegal move"],
    );
}

#[test]
fn a_variation_tree_past_the_depth_bound_is_a_game_error() {
    let dir = temp();
    let mut bytes = nested(500_000);
    bytes.extend_from_slice(b"\n(;GM[1]SZ[9];B[ee])");
    let path = write(dir.path(), "deeper.sgf", &bytes);
    expect(
        &path,
        1,
        &[
            "game 1: variations nested more than 500000 deep, the limit per game: flatten or \
             remove variations to read it",
            "deeper.sgf, game 2: ? (B) vs ? (W), 9x9",
        ],
    );
}

#[test]
fn a_game_past_the_node_bound_is_a_game_error() {
    let dir = temp();
    let mut bytes = ROOT.as_bytes().to_vec();
    for _ in 0..1_000_000 {
        bytes.extend_from_slice(b";B[];W[]");
    }
    bytes.push(b')');
    let path = write(dir.path(), "long.sgf", &bytes);
    expect(
        &path,
        1,
        &[
            "game 1: more than 2000000 nodes, the limit per game: split the game or remove \
           variations to read it",
        ],
    );
}

#[test]
fn a_file_past_the_size_bound_is_a_file_error_naming_both_sizes() {
    let dir = temp();
    let path = dir.path().join("huge.sgf");
    // A sparse file: 300 MiB of zeros that take no disk space.
    let file = std::fs::File::create(&path).expect("the file is created");
    file.set_len(300 << 20).expect("the file is extended");
    drop(file);
    expect(
        &path,
        1,
        &[
            "UNREADABLE: the file is 314572800 bytes, above the limit of 268435456 bytes per \
           file: split it into smaller files",
        ],
    );
}

#[test]
fn a_directory_given_as_a_file_is_a_file_error() {
    let dir = temp();
    let sub = dir.path().join("games.sgf");
    std::fs::create_dir(&sub).expect("the folder is created");
    expect(
        &sub,
        1,
        &["is a directory: give SGF files (goref batch reads whole folders)"],
    );
}

#[cfg(unix)]
#[test]
fn links_given_as_files_are_followed_or_a_file_error() {
    use std::os::unix::fs::symlink;
    let dir = temp();
    let d = dir.path();
    let target = write(d, "game.sgf", b"(;GM[1]SZ[9]KM[7]RU[Chinese];B[ee];W[cc])");

    let link = d.join("link.sgf");
    symlink(&target, &link).expect("a link");
    expect(&link, 0, &["link.sgf, game 1:", "verdict: VALID"]);

    let dangling = d.join("dangling.sgf");
    symlink(d.join("nowhere.sgf"), &dangling).expect("a link");
    expect(&dangling, 1, &["dangling.sgf: no such file"]);

    let to_dir = d.join("folder-link.sgf");
    symlink(d, &to_dir).expect("a link");
    expect(&to_dir, 1, &["is a directory"]);

    let (a, b) = (d.join("loop-a.sgf"), d.join("loop-b.sgf"));
    symlink(&a, &b).expect("a link");
    symlink(&b, &a).expect("a link");
    let run = validate(&a);
    assert_eq!(run.code, 1, "{}", run.stdout);
    assert!(
        run.stdout
            .to_lowercase()
            .contains("too many levels of symbolic links"),
        "{}",
        run.stdout
    );
}

/// Bug: a file of `CA[é` repeated, with one `]` at its end, made charset detection
/// quadratic (a 1 MB file took over a minute). Found reviewing the loader for issue 5.
#[test]
fn a_megabyte_of_unclosed_ca_values_is_read() {
    let dir = temp();
    let mut bytes = b"(;GM[1]".to_vec();
    for _ in 0..250_000 {
        bytes.extend_from_slice(b"CA[\xe9");
    }
    bytes.extend_from_slice(b"]B[aa])");
    let path = write(dir.path(), "charset.sgf", &bytes);
    expect(&path, 0, &["1 moves", "read as Latin-1 (windows-1252)"]);
}
