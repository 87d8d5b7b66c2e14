#!/usr/bin/env python3
"""The unmarked finished records of issue 9 side by side: goref's estimate against GNU Go's
`final_score`, on the same records in one run. Not part of CI: it needs the shared corpus
and GNU Go (`apt-get install gnugo`).

Usage: python3 benches/final_score.py [--gnugo PATH]

The records are those `tests/it/estimate_corpus.rs` (`unmarked_finished_games_reproduce_re`)
counts: the first counted game of each file of ai-games, engine-games and dialects with a
numeric RE, no TB/TW, and two final passes. That test lists them, with goref's verdicts,
when GOREF_LIST_RECORDS is set. GNU Go gets a copy of each file under a path without spaces
(GTP splits arguments on them), `loadsgf` then `final_score` on one GTP process per core;
it reads the first game of a file, and RE is taken from that game.
"""

import argparse
import os
import re
import shutil
import subprocess
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"
RESULT = re.compile(r"^\s*([BW])\+(\d+(?:\.\d+)?)")


def margin(text):
    """('B' or 'W', points) of a counted result, else None."""
    m = RESULT.match(text or "")
    return (m.group(1), float(m.group(2))) if m else None


def goref_records():
    """(name, goref reproduces RE, goref names the winner) per record, from the test."""
    env = dict(os.environ, GOREF_LIST_RECORDS="1")
    out = subprocess.run(
        ["cargo", "test", "--release", "--test", "it", "unmarked_finished_games_reproduce_re",
         "--", "--nocapture"],
        cwd=ROOT, env=env, capture_output=True, text=True, check=True,
    ).stdout
    rows = [line.split("\t") for line in out.splitlines() if line.startswith("RECORD\t")]
    return [(name, exact == "1", winner == "1") for _, name, exact, winner in rows]


class Gtp:
    def __init__(self, gnugo):
        self.proc = subprocess.Popen([gnugo, "--mode", "gtp"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)

    def ask(self, command):
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if line == "" or (line == "\n" and lines):
                return " ".join(lines).lstrip("=? ").strip()
            if line.strip():
                lines.append(line.strip())

    def close(self):
        self.proc.stdin.write("quit\n")
        self.proc.stdin.flush()
        self.proc.wait(timeout=10)


def gnugo_scores(gnugo, names, folder):
    """Per record: (RE of the file's first game, GNU Go's final_score, seconds)."""
    def run(part):
        engine, answers = Gtp(gnugo), []
        for i, name in part:
            copy = Path(folder) / f"{i}.sgf"
            shutil.copyfile(CORPUS / name, copy)
            text = copy.read_bytes().decode("latin-1")
            recorded = re.search(r"RE\[([^\]]*)\]", text)
            start = time.perf_counter()
            engine.ask(f"loadsgf {copy}")
            score = engine.ask("final_score")
            answers.append((i, margin(recorded.group(1) if recorded else ""), margin(score),
                            time.perf_counter() - start))
        engine.close()
        return answers

    jobs = max(1, os.cpu_count() or 1)
    parts = [list(enumerate(names))[k::jobs] for k in range(jobs)]
    with ThreadPoolExecutor(jobs) as pool:
        found = sorted(a for part in pool.map(run, parts) for a in part)
    return [a[1:] for a in found]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gnugo", default=shutil.which("gnugo") or "/usr/games/gnugo")
    args = parser.parse_args()
    records = goref_records()
    with tempfile.TemporaryDirectory() as folder:
        scores = gnugo_scores(args.gnugo, [name for name, _, _ in records], folder)
    exact = sum(1 for rec, ours, _ in scores if rec and ours and rec == ours)
    winner = sum(1 for rec, ours, _ in scores if rec and ours and rec[0] == ours[0])
    times = sorted(t for _, _, t in scores)
    print(f"records: {len(records)}")
    print("| tool | RE exactly | the winner | time per record |")
    print("|---|---|---|---|")
    print(f"| goref (estimate) | {sum(e for _, e, _ in records)} | "
          f"{sum(w for _, _, w in records)} | (see benchmarks.md) |")
    print(f"| GNU Go final_score | {exact} | {winner} | median {times[len(times) // 2]:.2f} s |")


if __name__ == "__main__":
    main()
