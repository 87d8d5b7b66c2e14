#!/usr/bin/env python3
"""Every row of a goref batch CSV that changed between two runs, one line each.

    benches/changed_rows.py OLD.csv NEW.csv

A row is named by file, game and rules; the line lists each field whose value changed
(old -> new). Rows only in one file are listed as added or gone. benches/same_output.sh
calls it on the corpus CSVs it writes.
"""
import csv
import sys


def rows(path):
    with open(path, newline="", encoding="utf-8") as f:
        return {(r["file"], r["game"], r["rules"]): r for r in csv.DictReader(f)}


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    old, new = rows(sys.argv[1]), rows(sys.argv[2])
    changed = 0
    for key in sorted(old.keys() | new.keys()):
        name = f"{key[0]} game {key[1]} {key[2]}"
        if key not in new:
            print(f"{name}: gone")
        elif key not in old:
            print(f"{name}: added")
        else:
            a, b = old[key], new[key]
            diffs = [f"{k} {a.get(k)!r} -> {b.get(k)!r}" for k in b if a.get(k) != b.get(k)]
            if not diffs:
                continue
            print(f"{name}: " + "; ".join(diffs))
        changed += 1
    print(f"{changed} of {len(new)} rows changed")


if __name__ == "__main__":
    main()
