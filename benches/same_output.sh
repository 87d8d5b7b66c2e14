#!/bin/bash
# Whether two goref binaries write the same output over ../shared/corpus: the whole corpus
# in CSV and JSON Lines, a batch under five rule sets, the annotated copies with the HTML
# report and Markdown summary, and `score --format json --dead estimate` under two rule
# sets over the unmarked finished records of `engine-games`. For changes meant to be
# pure speed. Not part of CI (a few seconds a binary, plus the copies on disk).
#
#   benches/same_output.sh OLD_BINARY NEW_BINARY
set -u
[ $# -eq 2 ] || { echo "usage: $0 OLD_BINARY NEW_BINARY" >&2; exit 2; }
corpus=$(cd "$(dirname "$0")/../../shared/corpus" && pwd) || exit 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

outputs() {
    local bin out
    bin=$(realpath "$1") out=$2
    mkdir -p "$out"
    (
        cd "$corpus" || exit 2
        "$bin" batch -q --fail-on none --csv "$out/corpus.csv" --jsonl "$out/corpus.jsonl" .
        "$bin" batch -q --fail-on none --rules aga,japanese,tromp-taylor,sjtu,chinese \
            --csv "$out/corpus5.csv" .
        "$bin" batch -q --fail-on none --csv /dev/null --annotate-dir "$out/annotated" \
            --html "$out/report.html" --summary-md "$out/summary.md" .
        find engine-games -iname '*.sgf' | sort | while read -r f; do
            grep -q 'TB\[\|TW\[' "$f" && continue
            echo "== $f"
            "$bin" score --format json --dead estimate --rules japanese,chinese "$f" 2>&1
        done > "$out/score.txt"
    ) > /dev/null 2>&1
}

outputs "$1" "$work/old"
outputs "$2" "$work/new"
if diff -r -q "$work/old" "$work/new"; then
    echo "same output: $(find "$work/new" -type f | wc -l) files compared"
else
    for csv in corpus.csv corpus5.csv; do
        echo "== rows of $csv that changed"
        python3 "$(dirname "$0")/changed_rows.py" "$work/old/$csv" "$work/new/$csv"
    done
    echo "the outputs differ (above)"
    exit 1
fi
