# goref's everyday commands. `just` is optional: each recipe is a plain command.

default: check test

# Format the code.
fmt:
    cargo fmt --all

# Lints, as CI runs them.
check:
    cargo fmt --all -- --check
    cargo clippy --all-targets --release -- -D warnings

# The test suite (the README's test command).
test:
    cargo test --release

# Benchmarks: the board playouts (criterion), validate and batch over the corpus (hyperfine).
bench:
    cargo bench --bench board
    bash benches/corpus.sh
    bash benches/batch.sh

# Fuzz the load, validate and score targets for SECONDS each, seeding from the shared
# corpus and fixtures/ first (needs `cargo install cargo-fuzz`; docs/robustness.md).
fuzz SECONDS="60":
    bash fuzz/run.sh {{SECONDS}}

# Exactly what CI runs.
ci:
    bash .ci/run

# The batch HTML report in headless Chromium: loaded, screenshot, sorted and filtered
# (needs chromium, and playwright-core in .tools for the sort and filter check).
browser:
    cargo test --release --test it browser::

# The pre-commit hooks with the real pre-commit tool, the cargo-built `goref-validate`
# included (it builds goref again in pre-commit's environment: minutes the first time, so
# CI leaves it out; docs/ci.md).
hooks:
    cargo test --release --test it pre_commit:: -- --include-ignored
