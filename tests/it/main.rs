//! goref's integration tests, in one binary (it links once): the built `goref` run as
//! users and CI run it, and the library over the shared corpus.
//!
//! - [`annotate`]: `--annotate-dir` on the four commands, and over the whole corpus;
//! - [`cli`]: `validate`, `score` and `rules`: exit codes, text, JSON;
//! - [`batch`]: `goref batch` run as CI runs it;
//! - [`malformed`]: every malformed fixture and the inputs too big to commit;
//! - [`corpus_load`], [`corpus_score`]: the loader and the count over `../shared/corpus`,
//!   reported as ignored where the corpus is absent;
//! - [`seki_proof`]: each seki fixture proved a seki by an exhaustive local solver;
//! - [`territory`]: territory counting as the Japanese rules count it (seki, points that
//!   must be filled, TB/TW marks compared);
//! - [`positions`]: hand-written end positions (`fixtures/positions/`, `../shared/positions`)
//!   counted with the dead stones given and estimated, and the doubt goref reports;
//! - [`estimate_corpus`]: the dead-stone estimate over `../shared/corpus`, likewise;
//! - [`docs`]: every example output of README.md and docs/ is what goref prints;
//! - [`gates`]: the tests that need an outside part: one `ignore` each, naming every
//!   part, and README.md names them all;
//! - [`hostile_output`]: records written to attack every output writer (issue 26);
//! - [`gtp`]: the GTP engine bridge, against a fake engine (`examples/fake_gtp.rs`) and
//!   GNU Go;
//! - [`show`]: `goref show`, its text and SVG;
//! - [`report`]: the batch HTML report's data, read without a browser;
//! - [`browser`]: the batch HTML report in headless Chromium;
//! - [`pre_commit`]: `.pre-commit-hooks.yaml` with the real pre-commit tool;
//! - [`ci_doc`]: docs/ci.md's sharded workflow, its join step run on real shards;
//! - [`standings`]: `goref standings` on the events of `fixtures/standings/`;
//! - [`hostile_verdicts`]: records written to change a verdict in silence (issue 26);
//! - [`formats`]: GIB, NGF and UGF/UGI read natively and `goref convert` (issue 28).
//! - [`dedupe`]: `goref dedupe` on a collection built from corpus records;
//! - [`keep`]: `batch --keep` and `--copy-kept` on `fixtures/keep/`;
//! - [`variations`]: side lines, replayed with `--variations`, counted without.
//! - [`referee`]: `goref referee` with fake players (`tests/engines/`) and GNU Go.

mod annotate;
mod batch;
mod browser;
mod ci_doc;
mod cli;
mod common;
mod corpus_load;
mod corpus_score;
mod dedupe;
mod docs;
mod estimate_corpus;
mod formats;
mod gates;
mod gtp;
mod hostile_io;
mod hostile_output;
mod hostile_verdicts;
mod keep;
mod malformed;
mod positions;
mod pre_commit;
mod referee;
mod report;
mod seki_proof;
mod show;
mod standings;
mod territory;
mod variations;
