#!/usr/bin/env bash
# Validate and score over the shared corpus, beside `cat` reading the same files, with
# hyperfine.
# Usage: bash benches/corpus.sh [FOLDER]   (default ../shared/corpus/ai-games)
set -euo pipefail
cd "$(dirname "$0")/.."
folder=${1:-../shared/corpus/ai-games}
if [ ! -d "$folder" ]; then
    echo "no corpus at $folder: nothing to measure" >&2
    exit 0
fi
command -v hyperfine >/dev/null || { echo "hyperfine is needed (apt-get install hyperfine)" >&2; exit 2; }
cargo build --release --quiet
goref=${CARGO_TARGET_DIR:-target}/release/goref
list=$(mktemp)
trap 'rm -f "$list"' EXIT
find "$folder" -type f -iname '*.sgf' -print0 | sort -z > "$list"
files=$(tr -cd '\0' < "$list" | wc -c)
bytes=$(xargs -0 cat < "$list" | wc -c)
echo "corpus: $folder, $files files, $bytes bytes"
hyperfine --warmup 2 --runs 10 -N \
    --command-name "cat" "bash -c 'xargs -0 cat < $list > /dev/null'" \
    --command-name "goref validate" "bash -c 'xargs -0 $goref validate < $list > /dev/null || true'" \
    --command-name "goref validate --format json" "bash -c 'xargs -0 $goref validate --format json < $list > /dev/null || true'" \
    --command-name "goref score" "bash -c 'xargs -0 $goref score < $list > /dev/null || true'" \
    --command-name "goref score --format json" "bash -c 'xargs -0 $goref score --format json < $list > /dev/null || true'"
