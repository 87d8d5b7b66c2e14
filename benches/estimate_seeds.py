#!/usr/bin/env python3
"""How much the dead-stone estimate's accuracy depends on the seed of its playouts.

The estimate is deterministic: its playouts are seeded from the position. But the seed is
an arbitrary choice, and a group near its line lives in one seed's playouts and dies in
another's, so one build's accuracy is one draw. This script builds goref with the salts 0
to N-1 mixed into the seed (the build-time variable GOREF_PLAYOUT_SALT, see
src/life/estimate.rs; salt 0 is the shipped build), runs the accuracy checks of
tests/it/estimate_corpus.rs with each, and prints every salt's figures and their mean,
least and most. Not part of CI: it needs the shared corpus, and each salt rebuilds goref
(in target/salted, so the normal build is left alone).

Usage: python3 benches/estimate_seeds.py [--salts N]
"""

import argparse
import os
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

FIGURES = [
    ("marked", "dead-stones positions exactly right (of 54)"),
    ("hard", "dead-stones `hard` exactly right (of 17)"),
    ("precision", "dead-stones `hard`, per-stone precision"),
    ("engine", "engine games with marks, RE by the estimate (of 75)"),
    ("exact", "unmarked records, RE exact (of 316)"),
    ("winner", "unmarked records, winner right (of 316)"),
]


def run(salt):
    """The figures of one salt, from the test's own report."""
    env = dict(os.environ, GOREF_PLAYOUT_SALT=str(salt), CARGO_TARGET_DIR=str(ROOT / "target" / "salted"))
    out = subprocess.run(
        ["cargo", "test", "--release", "--test", "it", "estimate_corpus", "--", "--nocapture"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    ).stdout
    folders = re.findall(r"^\| (\w+) \| (\d+) \| (\d+) \| ([-\d.]+) \|", out, re.M)
    hard = re.search(r"^\| hard \| \d+ \| (\d+) \| ([\d.]+) \|", out, re.M)
    engine = re.search(r"by the estimate \(marks ignored\) (\d+)", out)
    unmarked = re.search(r"RE reproduced (\d+), winner right (\d+)", out)
    if not (hard and engine and unmarked):
        raise SystemExit(f"salt {salt}: the test's report is missing a figure:\n{out}")
    return {
        "marked": sum(int(exact) for _, _, exact, _ in folders),
        "hard": int(hard.group(1)),
        "precision": float(hard.group(2)),
        "engine": int(engine.group(1)),
        "exact": int(unmarked.group(1)),
        "winner": int(unmarked.group(2)),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--salts", type=int, default=10, help="how many salts, from 0 (default 10)")
    args = parser.parse_args()
    rows = []
    for salt in range(args.salts):
        rows.append(run(salt))
        figures = " ".join(f"{key} {rows[-1][key]:g}" for key, _ in FIGURES)
        print(f"salt {salt}: {figures}", flush=True)
    print()
    print("| figure | salt 0 (shipped) | mean | least | most |")
    print("|---|---|---|---|---|")
    for key, label in FIGURES:
        values = [row[key] for row in rows]
        mean = sum(values) / len(values)
        print(f"| {label} | {values[0]:g} | {mean:.{3 if key == 'precision' else 1}f} | {min(values):g} | {max(values):g} |")


if __name__ == "__main__":
    main()
