#!/usr/bin/env bash
# goref batch over a folder, beside sgfmill doing the least comparable work and `cat`
# reading the same files, in one hyperfine run; then peak memory over the folder and over
# the folder's file list repeated ten times.
# Usage: bash benches/batch.sh [FOLDER]   (default ../shared/corpus/ai-games)
# Needs hyperfine, GNU time (/usr/bin/time) and `pip install sgfmill`.
set -euo pipefail
cd "$(dirname "$0")/.."
folder=${1:-../shared/corpus/ai-games}
if [ ! -d "$folder" ]; then
    echo "no corpus at $folder: nothing to measure" >&2
    exit 0
fi
command -v hyperfine >/dev/null || { echo "hyperfine is needed (apt-get install hyperfine)" >&2; exit 2; }
python3 -c 'import sgfmill' 2>/dev/null || { echo "sgfmill is needed (pip install sgfmill)" >&2; exit 2; }
cargo build --release --quiet
goref=${CARGO_TARGET_DIR:-target}/release/goref
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
find "$folder" -type f -iname '*.sgf' -print0 | sort -z > "$work/list0"
tr '\0' '\n' < "$work/list0" > "$work/list"
for _ in 1 2 3 4 5 6 7 8 9 10; do cat "$work/list"; done > "$work/list10"
echo "corpus: $folder, $(wc -l < "$work/list") files, $(xargs -0 cat < "$work/list0" | wc -c) bytes"
hyperfine --warmup 1 --runs 10 -N \
    --command-name "cat" "bash -c 'xargs -0 cat < $work/list0 > /dev/null'" \
    --command-name "goref batch --csv" "bash -c '$goref batch -q --fail-on none $folder --csv $work/out.csv'" \
    --command-name "goref batch --jobs 1 --csv" "bash -c '$goref batch -q --jobs 1 --fail-on none $folder --csv $work/out.csv'" \
    --command-name "sgfmill" "bash -c 'python3 benches/sgfmill_batch.py < $work/list0 > $work/sgfmill.txt'"
for list in list list10; do
    /usr/bin/time -v "$goref" batch -q --fail-on none --files-from "$work/$list" --csv "$work/out.csv" 2> "$work/time" || true
    echo "$list: $(wc -l < "$work/$list") files, rows $(($(wc -l < "$work/out.csv") - 1)), $(grep -E 'Maximum resident' "$work/time")"
done
