#!/usr/bin/env python3
"""How much the dead-stone estimate's accuracy depends on the seed of its playouts.

The estimate is deterministic: its playouts are seeded from the position. But the seed is
an arbitrary choice, and a group near its line lives in one seed's playouts and dies in
another's, so one build's accuracy is one draw. This script builds the integration tests
once with the feature `salt-from-env` (in target/salted, so the normal build is left
alone), runs the accuracy checks of tests/it/estimate_corpus.rs with the salts 0 to N-1
mixed into the seed (the environment variable GOREF_PLAYOUT_SALT; salt 0 is the shipped
build), and prints every salt's figures, their mean, least and most, and the unmarked
records whose winner the seed decides. Not part of CI: it needs the shared corpus.

Usage: python3 benches/estimate_seeds.py [--salts N]
"""

import argparse
import json
import os
import re
import subprocess
import sys
from collections import Counter
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


def build():
    """The path of the integration-test binary built with `salt-from-env`."""
    env = dict(os.environ, CARGO_TARGET_DIR=str(ROOT / "target" / "salted"))
    out = subprocess.run(
        ["cargo", "test", "--release", "--features", "salt-from-env", "--test", "it",
         "--no-run", "--message-format=json"],
        cwd=ROOT, env=env, capture_output=True, text=True,
    )
    for line in out.stdout.splitlines():
        try:
            message = json.loads(line)
        except json.JSONDecodeError:
            continue
        if message.get("reason") == "compiler-artifact" and message.get("executable") \
                and message["target"]["name"] == "it":
            return message["executable"]
    sys.exit(f"the tests did not build:\n{out.stderr[-3000:]}")


def run(exe, salt):
    """The figures of one salt, from the test's own report, and per unmarked record
    whether its winner was right."""
    env = dict(os.environ, GOREF_PLAYOUT_SALT=str(salt), GOREF_LIST_RECORDS="1")
    out = subprocess.run(
        [exe, "estimate_corpus", "--nocapture"], cwd=ROOT, env=env, capture_output=True, text=True
    ).stdout
    folders = re.findall(r"^\| (\w+) \| (\d+) \| (\d+) \| ([-\d.]+) \|", out, re.M)
    hard = re.search(r"^\| hard \| \d+ \| (\d+) \| ([\d.]+) \|", out, re.M)
    engine = re.search(r"by the estimate \(marks ignored\) (\d+)", out)
    unmarked = re.search(r"RE reproduced (\d+), winner right (\d+)", out)
    records = re.findall(r"^RECORD\t([^\t]+)\t(\d)\t(\d)$", out, re.M)
    if not (hard and engine and unmarked and records):
        sys.exit(f"salt {salt}: the test's report is missing a figure:\n{out}")
    figures = {
        "marked": sum(int(exact) for _, _, exact, _ in folders),
        "hard": int(hard.group(1)),
        "precision": float(hard.group(2)),
        "engine": int(engine.group(1)),
        "exact": int(unmarked.group(1)),
        "winner": int(unmarked.group(2)),
    }
    return figures, {name: winner == "1" for name, _, winner in records}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--salts", type=int, default=10, help="how many salts, from 0 (default 10)")
    args = parser.parse_args()
    exe = build()
    rows = []
    wrong = Counter()
    for salt in range(args.salts):
        figures, winners = run(exe, salt)
        rows.append(figures)
        wrong.update(name for name, right in winners.items() if not right)
        line = " ".join(f"{key} {figures[key]:g}" for key, _ in FIGURES)
        print(f"salt {salt}: {line}", flush=True)
    print()
    print("| figure | salt 0 (shipped) | mean | least | most |")
    print("|---|---|---|---|---|")
    for key, label in FIGURES:
        values = [row[key] for row in rows]
        mean = sum(values) / len(values)
        print(f"| {label} | {values[0]:g} | {mean:.3f} "
              f"| {min(values):g} | {max(values):g} |")
    n = len(rows)
    print()
    print(f"unmarked records whose winner is wrong, in how many of the {n} salts:")
    for name, count in sorted(wrong.items(), key=lambda item: (-item[1], item[0])):
        print(f"  {count:3} {'always' if count == n else 'seed  '} {name}")


if __name__ == "__main__":
    main()
