//! The tests that need a part from outside the checkout (build.rs sets a `cfg` for each
//! part it finds): each such test has one `ignore` that can apply, whose reason names
//! every part it needs, and README.md names every part, so a reader of a fresh `cargo
//! test` knows why tests were ignored (issue 30, item 7).
//!
//! Two `#[cfg_attr(.., ignore = ..)]` on one test that can both apply make rustc warn of
//! an unused attribute (`-D warnings` turns it into an error) and show one reason only,
//! so the other missing part goes unsaid.

use std::path::{Path, PathBuf};

use crate::common::manifest;

/// Each part build.rs looks for, as its `cfg`, and the name README.md gives it.
const PARTS: [(&str, &str); 8] = [
    ("has_corpus", "../shared/corpus"),
    ("has_positions", "../shared/positions"),
    ("has_gnugo", "GNU Go"),
    ("has_chromium", "Chromium"),
    ("has_pre_commit", "pre-commit"),
    ("has_sgfmill", "sgfmill"),
    ("has_sabaki", "@sabaki/sgf"),
    ("has_playwright", "playwright-core"),
];

/// The `.rs` files under `dir`, recursively.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return found;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            found.extend(sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
    found.sort();
    found
}

/// A test function and the conditions of its `ignore` attributes (`"true"` for a plain
/// `#[ignore]`), whitespace removed.
struct Gated {
    place: String,
    conditions: Vec<String>,
}

/// The functions of `text` with at least one `ignore` attribute.
fn gated(name: &str, text: &str) -> Vec<Gated> {
    let mut found = Vec::new();
    let mut attrs: Vec<String> = Vec::new();
    let mut open = String::new();
    let mut depth = 0i32;
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if depth > 0 || trimmed.starts_with("#[") {
            open.push_str(trimmed);
            depth += trimmed.matches(['(', '[']).count() as i32;
            depth -= trimmed.matches([')', ']']).count() as i32;
            if depth <= 0 {
                attrs.push(std::mem::take(&mut open));
                depth = 0;
            }
            continue;
        }
        if trimmed.starts_with("//") {
            continue;
        }
        let is_fn = ["fn ", "pub fn ", "async fn "]
            .iter()
            .any(|p| trimmed.starts_with(p));
        if is_fn {
            let conditions: Vec<String> =
                attrs.iter().filter_map(|a| ignore_condition(a)).collect();
            if !conditions.is_empty() {
                found.push(Gated {
                    place: format!("{name}:{}", i + 1),
                    conditions,
                });
            }
        }
        attrs.clear();
    }
    found
}

/// The condition under which attribute `attr` ignores a test, if it does.
fn ignore_condition(attr: &str) -> Option<String> {
    let attr: String = attr.chars().filter(|c| !c.is_whitespace()).collect();
    if attr.starts_with("#[ignore") {
        return Some("true".to_string());
    }
    let inner = attr.strip_prefix("#[cfg_attr(")?;
    let mut depth = 0;
    for (i, c) in inner.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                return inner[i + 1..]
                    .starts_with("ignore")
                    .then(|| inner[..i].to_string());
            }
            _ => {}
        }
    }
    None
}

/// Whether two conditions can never hold at once: one is the other negated.
fn exclusive(a: &str, b: &str) -> bool {
    a == format!("not({b})") || b == format!("not({a})")
}

fn every_gated_test() -> Vec<Gated> {
    let root = manifest();
    let mut all = Vec::new();
    for dir in ["src", "tests"] {
        for path in sources(&root.join(dir)) {
            let text = std::fs::read_to_string(&path).expect("a source file");
            let name = path
                .strip_prefix(root)
                .unwrap_or(&path)
                .display()
                .to_string();
            all.extend(gated(&name, &text));
        }
    }
    all
}

#[test]
fn no_test_has_two_ignores_that_can_apply_at_once() {
    let all = every_gated_test();
    assert!(all.len() >= 20, "only {} gated tests found", all.len());
    let clashing: Vec<String> = all
        .iter()
        .filter(|g| {
            g.conditions
                .iter()
                .enumerate()
                .any(|(i, a)| g.conditions[i + 1..].iter().any(|b| !exclusive(a, b)))
        })
        .map(|g| format!("{}: {}", g.place, g.conditions.join(" | ")))
        .collect();
    assert!(
        clashing.is_empty(),
        "tests with two ignore attributes that can both apply (make one whose reason names every part):\n{}",
        clashing.join("\n")
    );
}

#[test]
fn readme_names_every_part_a_test_needs() {
    let build = std::fs::read_to_string(manifest().join("build.rs")).expect("build.rs");
    let readme = std::fs::read_to_string(manifest().join("README.md")).expect("README.md");
    // The paragraph of README.md about running the tests.
    let tests = readme
        .split("\n\n")
        .find(|p| p.contains("ignored"))
        .expect("README.md says which tests are ignored");
    let used: String = every_gated_test()
        .iter()
        .flat_map(|g| g.conditions.clone())
        .collect();
    let mut cfgs: Vec<&str> = build
        .split('"')
        .filter(|w| w.starts_with("has_") && !w.contains(' '))
        .collect();
    cfgs.sort_unstable();
    cfgs.dedup();
    let mut unsaid = Vec::new();
    for cfg in cfgs {
        let Some((_, name)) = PARTS.iter().find(|(c, _)| *c == cfg) else {
            unsaid.push(format!("{cfg} (not in this test's PARTS)"));
            continue;
        };
        if used.contains(cfg) && !tests.contains(name) {
            unsaid.push(name.to_string());
        }
    }
    assert!(
        unsaid.is_empty(),
        "README.md's paragraph on ignored tests does not name: {}\n{tests}",
        unsaid.join(", ")
    );
    assert!(
        tests.contains("a clone") || tests.contains("clone of goref"),
        "README.md does not say that a clone has no ../shared/corpus:\n{tests}"
    );
}

#[test]
fn the_scanner_reads_attributes_as_rustc_does() {
    let text = "#[test]\n#[cfg_attr(not(has_corpus), ignore = \"a\")]\n#[cfg_attr(\n    not(has_chromium),\n    ignore = \"b\"\n)]\nfn two() {}\n\n#[test]\n#[cfg_attr(feature = \"x\", ignore)]\nfn one() {}\n\n#[test]\nfn none() {}\n";
    let found = gated("t.rs", text);
    assert_eq!(found.len(), 2);
    assert_eq!(
        found[0].conditions,
        ["not(has_corpus)", "not(has_chromium)"]
    );
    assert_eq!(found[0].place, "t.rs:7");
    assert_eq!(found[1].conditions, ["feature=\"x\""]);
    assert!(exclusive("has_pre_commit", "not(has_pre_commit)"));
    assert!(!exclusive("not(has_corpus)", "not(has_chromium)"));
}
