#!/usr/bin/env python3
"""The least work comparable to `goref batch`, done with sgfmill: for each file named on
standard input (NUL-separated), parse it, replay the main line on sgfmill's board
(captures; sgfmill refuses a play on an occupied point and allows suicide), and call
`area_score` on the final position. Prints one line per file, and an error line for a
file sgfmill cannot read. No superko, no turn order, no findings: less than goref does.

Usage: find DIR -iname '*.sgf' -print0 | python3 benches/sgfmill_batch.py > out.txt
"""

import sys

from sgfmill import boards, sgf, sgf_moves


def check(path):
    with open(path, "rb") as f:
        data = f.read()
    game = sgf.Sgf_game.from_bytes(data)
    board, plays = sgf_moves.get_setup_and_moves(game)
    illegal = 0
    for colour, move in plays:
        if move is None:
            continue
        row, col = move
        try:
            board.play(row, col, colour)
        except ValueError:
            illegal += 1
    return len(plays), illegal, board.area_score()


def main():
    names = sys.stdin.buffer.read().split(b"\0")
    out = sys.stdout
    for name in names:
        if not name:
            continue
        path = name.decode("utf-8", "surrogateescape")
        try:
            moves, illegal, score = check(path)
            out.write(f"{path},{moves},{illegal},{score}\n")
        except Exception as e:  # sgfmill raises ValueError and others on bad input
            out.write(f"{path},error,{type(e).__name__}\n")


if __name__ == "__main__":
    main()
