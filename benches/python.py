#!/usr/bin/env python3
"""goref for Python beside the goref command and sgfmill, in one run over one folder.

    python3 benches/python.py compare DIR [--goref BIN] [--jobs N] [--runs R] [--sgfmill-runs S]
                                          [--extra NAME=COMMAND]...

times, as whole processes taken in turn (A B C, A B C...), started the same way:

  cli      BIN batch -q --jobs N --fail-on none --jsonl /dev/null DIR
  python   python3 benches/python.py batch DIR --jobs N   (every row of goref.batch read, its
           `valid` looked at)
  sgfmill  python3 benches/python.py sgfmill DIR          (parse each .sgf and replay its
           main line on sgfmill's board: no superko, no turn order, no findings, no count)

and prints the median wall and CPU (user + system) seconds of each, and the ratios. Each
`--extra NAME=COMMAND` is one more command taken in the same turns (another build of goref
for Python, say), set against the command line the same way. The `batch` and `sgfmill`
modes are the measured commands themselves, and print the number of rows or files they
went through, which `compare` checks agree. They import nothing but what they use (`sys`,
`os`, and goref or sgfmill): argparse, subprocess and statistics, which only `compare`
needs, cost a Python process about 35 ms of CPU to import, more than the interpreter's
start and goref's import together, and are no part of what is measured.
"""

import os
import sys


def run_batch(folder, jobs):
    import goref

    rows = invalid = 0
    for row in goref.batch([folder], jobs=jobs):
        rows += 1
        invalid += not row.valid
    print(rows, invalid)


def sgf_files(folder):
    found = []
    for top, dirs, files in os.walk(folder):
        dirs.sort()
        found.extend(os.path.join(top, f) for f in sorted(files) if f.lower().endswith(".sgf"))
    return found


def run_sgfmill(folder):
    from sgfmill import sgf, sgf_moves

    files = 0
    for path in sgf_files(folder):
        with open(path, "rb") as f:
            data = f.read()
        files += 1
        try:
            game = sgf.Sgf_game.from_bytes(data)
            board, plays = sgf_moves.get_setup_and_moves(game)
        except Exception:  # a record sgfmill cannot read still counts as done
            continue
        for colour, move in plays:
            if move is None:
                continue
            try:
                board.play(move[0], move[1], colour)
            except ValueError:
                pass
    print(files)


def timed(command):
    import resource
    import subprocess
    import time

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if done.returncode not in (0, 1):
        sys.exit(f"{' '.join(command)} failed: {done.stderr.decode()}")
    return wall, cpu, done.stdout.decode().strip()


def compare(args):
    import shlex
    import statistics

    me = os.path.abspath(__file__)
    commands = {
        "cli": [args.goref, "batch", "-q", "--jobs", str(args.jobs), "--fail-on", "none", "--jsonl", "/dev/null", args.folder],
        "python": [sys.executable, me, "batch", args.folder, "--jobs", str(args.jobs)],
        "sgfmill": [sys.executable, me, "sgfmill", args.folder],
    }
    for extra in args.extra:  # another build beside these, e.g. an older wheel
        name, _, command = extra.partition("=")
        commands[name] = shlex.split(command)
    times = {name: [] for name in commands}
    outputs = {}
    for name, command in commands.items():  # one warm-up each
        outputs[name] = timed(command)[2]
    for i in range(args.runs):
        for name, command in commands.items():
            if name == "sgfmill" and i >= args.sgfmill_runs:
                continue
            wall, cpu, _ = timed(command)
            times[name].append((wall, cpu))
    print(f"python rows: {outputs['python']}, sgfmill files: {outputs['sgfmill']}")
    for extra in commands:
        if outputs[extra] != outputs["python"] and extra not in ("cli", "sgfmill"):
            sys.exit(f"{extra} printed {outputs[extra]!r}, python {outputs['python']!r}")
    medians = {}
    print("| command | runs | median wall | min wall | median CPU |")
    print("|---|---|---|---|---|")
    for name, runs in times.items():
        walls = [w for w, _ in runs]
        cpus = [c for _, c in runs]
        medians[name] = (statistics.median(walls), statistics.median(cpus))
        print(f"| {name} | {len(runs)} | {medians[name][0]:.3f} s | {min(walls):.3f} s | {medians[name][1]:.3f} s |")
    cli, py, mill = medians["cli"], medians["python"], medians["sgfmill"]
    for name in commands:
        if name in ("cli", "sgfmill"):
            continue
        mine = medians[name]
        pairs = [p / c for (p, _), (c, _) in zip(times[name], times["cli"])]
        cpu_pairs = [p / c for (_, p), (_, c) in zip(times[name], times["cli"])]
        print(
            f"{name} / cli: wall {mine[0] / cli[0]:.2f}x (median of pairs {statistics.median(pairs):.2f}x), "
            f"CPU {mine[1] / cli[1]:.2f}x (median of pairs {statistics.median(cpu_pairs):.2f}x)"
        )
    print(f"sgfmill / python: wall {mill[0] / py[0]:.1f}x, CPU {mill[1] / py[1]:.1f}x")


def measured(argv):
    """`batch DIR [--jobs N]` or `sgfmill DIR`, read without argparse; None for anything else."""
    if len(argv) < 2 or argv[1].startswith("-"):
        return None
    if len(argv) == 2 and argv[0] == "sgfmill":
        return lambda: run_sgfmill(argv[1])
    if argv[:1] == ["batch"] and len(argv) in (2, 4) and argv[2:3] in ([], ["--jobs"]):
        jobs = int(argv[3]) if len(argv) == 4 else None
        return lambda: run_batch(argv[1], jobs)
    return None


def main():
    run = measured(sys.argv[1:])
    if run is not None:
        return run()
    import argparse

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="mode", required=True)
    b = sub.add_parser("batch")
    b.add_argument("folder")
    b.add_argument("--jobs", type=int, default=None)
    s = sub.add_parser("sgfmill")
    s.add_argument("folder")
    c = sub.add_parser("compare")
    c.add_argument("folder")
    c.add_argument("--goref", default="target/release/goref")
    c.add_argument("--jobs", type=int, default=2)
    c.add_argument("--runs", type=int, default=10)
    c.add_argument("--sgfmill-runs", type=int, default=3)
    c.add_argument(
        "--extra",
        action="append",
        default=[],
        metavar="NAME=COMMAND",
        help="one more command measured in turn beside the others and set against cli (it must print what `batch` prints)",
    )
    args = parser.parse_args()
    if args.mode == "batch":
        run_batch(args.folder, args.jobs)
    elif args.mode == "sgfmill":
        run_sgfmill(args.folder)
    else:
        compare(args)


if __name__ == "__main__":
    main()
