#!/usr/bin/env bash
# Build the seed corpus of every fuzz target from the shared corpus and fixtures/.
# The seeds are not committed (fuzz/corpus is ignored).
# Usage: fuzz/seed.sh [SHARED_CORPUS_DIR]   (default: ../shared/corpus beside the repo)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(dirname "$here")"
shared="${1:-$repo/../shared/corpus}"
sources=("$repo/fixtures")
if [ -d "$shared" ]; then
    sources+=("$shared")
else
    echo "seed.sh: $shared not found: seeding from fixtures/ only" >&2
fi
seeds="$here/corpus/seeds"
mkdir -p "$seeds"
# Seeds are named by content hash, so reruns and duplicates add nothing. Files of 1 MiB
# and more are left out: libFuzzer would cut them to -max_len anyway.
find "${sources[@]}" -type f ! -name '*.md' ! -name 'LICENSE*' ! -name 'COPYING*' \
    -size -1024k -print0 |
    xargs -0 sha1sum |
    while read -r hash path; do
        cp "$path" "$seeds/$hash"
    done
echo "seeds: $(find "$seeds" -type f | wc -l) files in $seeds"
for target in load validate score parts; do
    mkdir -p "$here/corpus/$target"
    cp -n "$seeds"/* "$here/corpus/$target/" 2>/dev/null || true
    echo "$target: $(find "$here/corpus/$target" -type f | wc -l) files"
done
