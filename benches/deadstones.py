#!/usr/bin/env python3
"""Dead stones side by side: goref's estimate, GNU Go and @sabaki/deadstones on the final
positions people marked on OGS (../shared/corpus/dead-stones), with accuracy and time per
position for each. Not part of CI: it needs the shared corpus, and GNU Go and node with
@sabaki/deadstones when they are to be compared.

Usage: python3 benches/deadstones.py [--gnugo PATH] [--runs N]

- goref: `goref score --dead estimate --format json` over every position at once (one
  process); its time per position is the run's wall time divided by the positions.
- GNU Go: one `gnugo --mode gtp` process; per position `loadsgf` then
  `final_status_list dead`, timed around those two commands.
- Sabaki: one node process running `deadstones.guess(board, {finished: true})` (100
  playouts, its default) on each position, timed around the call. Install it with
  `npm install --prefix .tools @sabaki/deadstones`.

Accuracy counts stones only (a person's mark on an empty point is dame): a position is
right when the dead stones equal the marked ones exactly; precision and recall are per
stone, over all positions.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus" / "dead-stones"
COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def read_game(path):
    """Board rows (1 Black, -1 White, 0 empty), the player to move, and the set of (x, y)
    of stones a person marked dead."""
    rows, to_move = [], 1
    for line in path.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#") or line.startswith(("height", "width")):
            continue
        if line.startswith("player_to_move"):
            to_move = int(line.split()[1])
            continue
        rows.append([int(v) for v in line.split()])
    h = len(rows) // 2
    board, marks = rows[:h], rows[h:]
    dead = {
        (x, y)
        for y in range(h)
        for x in range(len(board[y]))
        if board[y][x] != 0 and marks[y][x] == 1
    }
    return board, to_move, dead


def sgf_of(board, to_move):
    """The position as setup stones, then two passes so that it is a finished game."""
    h, w = len(board), len(board[0])
    point = lambda x, y: chr(ord("a") + x) + chr(ord("a") + y)
    black = "".join(f"[{point(x, y)}]" for y in range(h) for x in range(w) if board[y][x] == 1)
    white = "".join(f"[{point(x, y)}]" for y in range(h) for x in range(w) if board[y][x] == -1)
    first, second = ("B", "W") if to_move == 1 else ("W", "B")
    setup = (f"AB{black}" if black else "") + (f"AW{white}" if white else "")
    size = f"{w}" if w == h else f"{w}:{h}"
    return f"(;FF[4]GM[1]SZ[{size}]KM[0]RU[Chinese]{setup};{first}[];{second}[])\n"


def from_d4(name, height):
    col = COLUMNS.index(name[0].upper())
    return (col, height - int(name[1:]))


def score(found, truth):
    agreed = len(found & truth)
    return found == truth, agreed, len(found), len(truth)


def run_goref(goref, files, heights):
    start = time.perf_counter()
    out = subprocess.run(
        [goref, "score", "--dead", "estimate", "--format", "json", *map(str, files)],
        capture_output=True,
        text=True,
    )
    elapsed = time.perf_counter() - start
    if out.returncode not in (0, 1):
        sys.exit(f"goref failed: {out.stderr}")
    found = {}
    for report in json.loads(out.stdout)["games"]:
        name = Path(report["file"]).name
        stones = (report.get("score") or {}).get("dead_stones") or []
        found[name] = {from_d4(s, heights[name]) for s in stones}
    return found, elapsed / len(files)


def run_gnugo(gnugo, files, heights):
    proc = subprocess.Popen(
        [gnugo, "--mode", "gtp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )

    def ask(command):
        proc.stdin.write(command + "\n")
        proc.stdin.flush()
        lines = []
        while True:
            line = proc.stdout.readline()
            if line == "":
                break
            if line.strip() == "":
                if lines:
                    break
                continue
            lines.append(line.strip())
        return " ".join(lines).lstrip("=").strip()

    found, times = {}, []
    for f in files:
        start = time.perf_counter()
        ask(f"loadsgf {f}")
        answer = ask("final_status_list dead")
        times.append(time.perf_counter() - start)
        found[f.name] = {from_d4(s, heights[f.name]) for s in answer.split()}
    ask("quit")
    proc.wait(timeout=10)
    return found, sum(times) / len(times)


SABAKI_SCRIPT = """
const deadstones = require(process.argv[1]);
const jobs = JSON.parse(require('fs').readFileSync(0, 'utf8'));
(async () => {
  const out = {};
  let total = 0;
  for (const [name, board] of Object.entries(jobs)) {
    const start = process.hrtime.bigint();
    const dead = await deadstones.guess(board, {finished: true});
    total += Number(process.hrtime.bigint() - start) / 1e9;
    out[name] = dead;
  }
  console.log(JSON.stringify({dead: out, seconds: total / Object.keys(jobs).length}));
})();
"""


def run_sabaki(module, boards):
    out = subprocess.run(
        ["node", "-e", SABAKI_SCRIPT, str(module)],
        input=json.dumps(boards),
        capture_output=True,
        text=True,
    )
    if out.returncode != 0:
        sys.exit(f"node failed: {out.stderr}")
    answer = json.loads(out.stdout)
    found = {name: {tuple(v) for v in dead} for name, dead in answer["dead"].items()}
    return found, answer["seconds"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gnugo", default=shutil.which("gnugo") or "/usr/games/gnugo")
    parser.add_argument("--goref", default=str(ROOT / "target" / "release" / "goref"))
    args = parser.parse_args()
    if not CORPUS.is_dir():
        print(f"no corpus at {CORPUS}: nothing to measure", file=sys.stderr)
        return 0
    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)

    games = sorted(CORPUS.rglob("*.game"))
    truth, folder, heights, boards = {}, {}, {}, {}
    with tempfile.TemporaryDirectory(prefix="goref-deadstones-") as tmp:
        files = []
        for path in games:
            board, to_move, dead = read_game(path)
            # GTP splits arguments on spaces: a flat name in a folder without spaces.
            name = f"{path.parent.name}-{path.stem}.sgf"
            sgf = Path(tmp) / name
            sgf.write_text(sgf_of(board, to_move))
            files.append(sgf)
            truth[name], folder[name], heights[name] = dead, path.parent.name, len(board)
            boards[name] = board

        tools = {"goref": run_goref(args.goref, files, heights)}
        if os.path.exists(args.gnugo):
            tools["GNU Go 3.8"] = run_gnugo(args.gnugo, files, heights)
        else:
            print(f"GNU Go not found at {args.gnugo}: skipped", file=sys.stderr)
        sabaki = ROOT / ".tools" / "node_modules" / "@sabaki" / "deadstones"
        if sabaki.is_dir() and shutil.which("node"):
            tools["@sabaki/deadstones"] = run_sabaki(sabaki, boards)
        else:
            print("@sabaki/deadstones not in .tools: skipped", file=sys.stderr)

    folders = sorted(set(folder.values()))
    print(f"{len(games)} positions from {CORPUS}")
    print()
    header = "| tool | " + " | ".join(folders) + " | all | precision | recall | time per position |"
    print(header)
    print("|---" * (len(folders) + 5) + "|")
    for tool, (found, seconds) in tools.items():
        cells, totals = [], [0, 0, 0, 0, 0]
        for f in folders:
            names = [n for n in truth if folder[n] == f]
            right = 0
            for n in names:
                exact, agreed, got, marked = score(found.get(n, set()), truth[n])
                right += exact
                totals[1] += agreed
                totals[2] += got
                totals[3] += marked
            totals[0] += right
            totals[4] += len(names)
            cells.append(f"{right}/{len(names)}")
        precision = totals[1] / totals[2] if totals[2] else 1.0
        recall = totals[1] / totals[3] if totals[3] else 1.0
        if seconds >= 0.1:
            shown = f"{seconds:.2f} s"
        else:
            shown = f"{seconds * 1000:.1f} ms"
        print(
            f"| {tool} | " + " | ".join(cells)
            + f" | {totals[0]}/{totals[4]} | {precision:.3f} | {recall:.3f} | {shown} |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
