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

# Exactly what CI runs.
ci:
    bash .ci/run
