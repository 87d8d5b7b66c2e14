#!/usr/bin/env bash
# Fuzz every target in turn for SECONDS each (default 60), seeding first when needed.
# Usage: fuzz/run.sh [SECONDS] [TARGET...]
# Needs cargo-fuzz (`cargo install cargo-fuzz`). On a stable toolchain, RUSTC_BOOTSTRAP=1
# lets cargo-fuzz pass its -Z flags (sanitizers); nightly needs nothing. -O -a: optimised,
# with debug assertions and overflow checks, so an overflow is a crash.
# A crash stops that target only: its input is in fuzz/artifacts/TARGET/ and the script
# exits non-zero after the other targets ran.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
seconds="${1:-60}"
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(load validate score parts)
cd "$here"
[ -d corpus/seeds ] || ./seed.sh
export RUSTC_BOOTSTRAP="${RUSTC_BOOTSTRAP:-1}"
failed=0
for target in "${targets[@]}"; do
    mkdir -p "corpus/$target" "artifacts/$target"
    echo "== fuzz $target for ${seconds}s ($(find "corpus/$target" -type f | wc -l) inputs)"
    # -max_len: SGF records of the corpus are below 80 KiB; 64 KiB leaves room for deep
    # trees without slowing every run. -timeout: one input taking 10 s is a hang.
    if ! cargo fuzz run -O -a "$target" "corpus/$target" -- \
        -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=4096 \
        -print_final_stats=1; then
        echo "== $target: crash or error, see fuzz/artifacts/$target/" >&2
        failed=1
    fi
    echo "== $target: $(find "corpus/$target" -type f | wc -l) inputs after the run"
done
exit "$failed"
