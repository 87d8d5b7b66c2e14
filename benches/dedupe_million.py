#!/usr/bin/env python3
"""A generated collection for `goref dedupe`'s memory figure (docs/benchmarks.md): N games
of 61 random moves on 19x19 (Dyer signature included), 10,000 games a file, one game in a
thousand stored again (turned a quarter turn). Not part of CI.

    benches/dedupe_million.py OUT_DIR [N]      (N: 1000000 by default)
    /usr/bin/time -v target/release/goref dedupe -q OUT_DIR > /dev/null
"""
import os
import random
import sys

out = sys.argv[1]
n = int(sys.argv[2]) if len(sys.argv) > 2 else 1_000_000
per_file = 10_000
rng = random.Random(28)
letters = "abcdefghijklmnopqrs"
os.makedirs(out, exist_ok=True)


def game(points):
    moves = "".join(
        f";{'BW'[i % 2]}[{letters[x]}{letters[y]}]" for i, (x, y) in enumerate(points)
    )
    return f"(;GM[1]FF[4]SZ[19]KM[7.5]RE[B+R]{moves})\n"


for f in range(0, n, per_file):
    with open(os.path.join(out, f"part{f // per_file:04}.sgf"), "w") as fh:
        for i in range(min(per_file, n - f)):
            points = rng.sample([(x, y) for x in range(19) for y in range(19)], 61)
            fh.write(game(points))
            if (f + i) % 1000 == 0:
                fh.write(game([(18 - y, x) for x, y in points]))
