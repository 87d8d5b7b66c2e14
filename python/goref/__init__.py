"""goref: validate and rescore Go (SGF) game records.

The checks are goref's Rust library (the same one the ``goref`` command runs); results
are the JSON the command line writes, as Python objects. See docs/python.md.
"""

from __future__ import annotations

from ._goref import (
    Batch,
    Finding,
    Game,
    GorefError,
    LoadError,
    Move,
    Report,
    Row,
    RuleSet,
    Score,
    batch,
    load,
    score,
    validate,
)
from ._goref import ROW_COLUMNS as _ROW_COLUMNS
from ._goref import rules_list as _rules_list

__all__ = [
    "Batch",
    "Finding",
    "Game",
    "GorefError",
    "LoadError",
    "Move",
    "Report",
    "Row",
    "RuleSet",
    "Score",
    "batch",
    "batch_table",
    "load",
    "rules",
    "score",
    "validate",
    "ROW_COLUMNS",
]

#: The columns of a batch row, in the order of ``goref batch --jsonl`` (``findings`` is in
#: the JSON Lines and the table, not in the CSV): the extension's own list.
ROW_COLUMNS = _ROW_COLUMNS


def rules():
    """The presets, in the order ``goref rules`` lists them."""
    return _rules_list()


def _schema():
    import pyarrow as pa

    text = pa.string()
    whole = pa.int64()
    number = pa.float64()
    finding = pa.struct(
        [
            ("kind", text),
            ("severity", text),
            ("move", whole),
            ("node", whole),
            ("color", text),
            ("point", text),
            ("sgf", text),
            ("detail", text),
            ("consequence", text),
        ]
    )
    types = {
        "file": text,
        "game": whole,
        "rules": text,
        "size": text,
        "komi": number,
        "handicap": whole,
        "black": text,
        "white": text,
        "moves": whole,
        "valid": pa.bool_(),
        "illegal_count": whole,
        "first_illegal_move": whole,
        "first_illegal_kind": text,
        "recorded_result": text,
        "result": text,
        "black_score": number,
        "white_score": number,
        "margin": number,
        "dead_source": text,
        "result_matches": text,
        "error": text,
        "decided_by": text,
        "findings": pa.list_(finding),
    }
    return pa.schema([(name, types[name]) for name in ROW_COLUMNS])


def batch_table(paths, rules=None, dead=None, komi=None, jobs=None, timeout=60.0, chunk=65536):
    """The rows of :func:`batch` as one ``pyarrow.Table`` (``.to_pandas()`` for pandas).

    Built ``chunk`` rows at a time, column by column, so a collection of millions of
    games never becomes millions of Python row objects. Needs pyarrow
    (``pip install pyarrow``); without it, ImportError says so.
    """
    try:
        import pyarrow as pa
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise ImportError("goref.batch_table needs pyarrow: pip install pyarrow") from e
    schema = _schema()
    batches = []
    with batch(paths, rules=rules, dead=dead, komi=komi, jobs=jobs, timeout=timeout) as rows:
        while True:
            columns = rows.columns(chunk)
            if not columns:
                break
            batches.append(pa.RecordBatch.from_pydict(columns, schema=schema))
    return pa.Table.from_batches(batches, schema=schema)
