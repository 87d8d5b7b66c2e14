"""Read goref's annotated copies with sgfmill, a parser no one on goref wrote.

Usage: python3 sgfmill_check.py MANIFEST

MANIFEST is a JSON list of {"original": PATH, "copy": PATH, "nodes": {"N": [TEXT, ...]}}.
For each entry whose original sgfmill can read, the copy must read too, and along the
first game's main line (each node's first child):

- the copy has the same number of nodes;
- every property of every original node is in the copy's node with the same values
  (the copy decoded as its CA says; the original as its CA says or, where goref chose
  another charset for it, as one of GUESSES), except that the copy's comment may go on
  after the original's, CA may name UTF-8, and TB/TW/MA may hold more points;
- the copy's comment on node N holds every TEXT listed for N.

Prints one line of counts; exits 1 and names every failure when there is one.
"""

import json
import multiprocessing
import sys

from sgfmill import sgf

# Properties a copy may add values to, or whose value it may change.
GROWING = {"TB", "TW", "MA"}


def main_line(game):
    node = game.get_root()
    while node is not None:
        yield node
        node = node[0] if len(node) else None


# Charsets a record without a right CA may be in: goref reads such a record in the one
# that fits (and writes the copy in UTF-8), where sgfmill falls back to ISO-8859-1.
GUESSES = ["utf-8", "gb18030", "shift_jis", "euc-kr", "big5", "cp1252", "latin-1"]


def values(node, identifier, charset):
    return [raw.decode(charset, errors="replace") for raw in node.get_raw_list(identifier)]


def readings(node, identifier, charset):
    """Every way the original's values may read: its declared charset, then the guesses."""
    raw = node.get_raw_list(identifier)
    for encoding in [charset] + GUESSES:
        for errors in ("strict", "replace"):
            try:
                yield [r.decode(encoding, errors=errors) for r in raw]
            except (UnicodeDecodeError, LookupError):
                continue


def check(entry):
    """None when the original is unreadable, else a list of problems."""
    try:
        with open(entry["original"], "rb") as f:
            original = sgf.Sgf_game.from_bytes(f.read())
        a_nodes = list(main_line(original))
    except Exception:  # sgfmill's reasons are many; the original is simply not its kind
        return None
    try:
        with open(entry["copy"], "rb") as f:
            copy = sgf.Sgf_game.from_bytes(f.read())
    except Exception as e:
        return [f"sgfmill cannot read the copy: {e}"]
    problems = []
    b_nodes = list(main_line(copy))
    if len(a_nodes) != len(b_nodes):
        problems.append(f"{len(b_nodes)} main-line nodes instead of {len(a_nodes)}")
    a_charset, b_charset = original.root.get_encoding(), copy.root.get_encoding()
    for n, (a, b) in enumerate(zip(a_nodes, b_nodes)):
        for identifier in a.properties():
            if not b.has_property(identifier):
                problems.append(f"node {n}: {identifier} is missing")
                continue
            ours = values(b, identifier, b_charset)
            if identifier == "C":
                # goref's lines go after the first comment's text (sgfmill merges a
                # node's repeated C into one list).
                def same(theirs):
                    return len(ours) == len(theirs) and all(
                        o.startswith(t) for o, t in zip(ours, theirs)
                    )
            elif identifier == "CA":
                def same(theirs):
                    return ours == theirs or [v.upper() for v in ours] == ["UTF-8"]
            elif identifier in GROWING:
                def same(theirs):
                    return set(theirs) <= set(ours)
            else:
                def same(theirs):
                    return ours == theirs
            if not any(same(theirs) for theirs in readings(a, identifier, a_charset)):
                theirs = values(a, identifier, a_charset)
                problems.append(f"node {n}: {identifier} {theirs!r} became {ours!r}")
    for n, texts in entry.get("nodes", {}).items():
        n = int(n)
        if n >= len(b_nodes):
            problems.append(f"node {n} is not on the copy's main line")
            continue
        node = b_nodes[n]
        comment = "\n".join(values(node, "C", b_charset)) if node.has_property("C") else ""
        for text in texts:
            if text not in comment:
                problems.append(f"node {n}: the comment lacks {text!r}")
    return problems


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        manifest = json.load(f)
    read = unreadable = 0
    failures = []
    with multiprocessing.Pool() as pool:
        results = pool.map(check, manifest, chunksize=64)
    for entry, problems in zip(manifest, results):
        if problems is None:
            unreadable += 1
            continue
        read += 1
        failures.extend(f"{entry['copy']}: {p}" for p in problems)
    print(f"sgfmill read {read} copies; {unreadable} originals it cannot read were skipped")
    for failure in failures[:50]:
        print(failure)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
