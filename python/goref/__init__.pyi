"""Type stubs of goref (docs/python.md). Every object is a read-only view of the JSON the
command line writes: its keys are the attributes, ``to_dict()`` gives the whole object."""

from __future__ import annotations

import os
from typing import Any, Iterable, Iterator, Literal, Optional, Sequence, Union

import pyarrow

Source = Union[bytes, bytearray, str, "os.PathLike[str]"]
Rules = Union[str, "RuleSet", Sequence[Union[str, "RuleSet"]], None]
DeadSource = Literal["auto", "markup", "estimate", "proven", "none"]

ROW_COLUMNS: tuple[str, ...]

class GorefError(Exception):
    """An error of goref's: the message is the library's sentence."""

class LoadError(GorefError):
    """The bytes hold no SGF goref can read (empty, no game, another format, too large)."""

class RuleSet:
    """A rule set: a preset with any knobs changed (``aga+ko=positional``)."""

    @staticmethod
    def parse(text: str) -> RuleSet:
        """Read a rule set as ``--rules`` does; ValueError with goref's sentence if unknown."""
    @property
    def name(self) -> str: ...
    @property
    def source(self) -> str: ...
    @property
    def aliases(self) -> list[str]: ...
    def knobs(self) -> list[tuple[str, str]]: ...
    def to_dict(self) -> dict[str, Any]:
        """As ``goref rules NAME --format json`` writes it."""

class Finding:
    kind: str
    severity: Literal["illegal", "warning", "info"]
    move: Optional[int]
    node: Optional[int]
    color: Optional[Literal["black", "white"]]
    point: Optional[str]
    sgf: Optional[str]
    detail: str
    consequence: str
    def to_dict(self) -> dict[str, Any]: ...

class Score:
    black: Optional[float]
    white: Optional[float]
    margin: Optional[float]
    result: str
    decided_by: str
    scored: bool
    dead_source: str
    dead_stones: list[str]
    #: Present when goref's estimate chose the dead stones: its groups.
    estimate: list[dict[str, Any]]
    result_matches: Optional[str]
    breakdown: Optional[dict[str, Any]]
    notes: list[str]
    not_territory: list[Any]
    def to_dict(self) -> dict[str, Any]: ...

class Report:
    """One game under one rule set, as one object of ``--format json``."""

    file: str
    game: int
    rules: str
    rules_origin: str
    size: Optional[str]
    komi: Optional[float]
    handicap: Optional[int]
    black: Optional[str]
    white: Optional[str]
    moves: Optional[int]
    recorded_result: Optional[str]
    valid: bool
    illegal_count: int
    findings: list[Finding]
    warnings: list[str]
    error: Optional[str]
    #: Present on the reports of ``score`` only.
    score: Score
    def to_dict(self) -> dict[str, Any]: ...

class Row:
    """One row of ``goref batch``: its CSV columns and its JSON Lines object."""

    file: str
    game: int
    rules: str
    size: Optional[str]
    komi: Optional[float]
    handicap: Optional[int]
    black: Optional[str]
    white: Optional[str]
    moves: Optional[int]
    valid: bool
    illegal_count: int
    first_illegal_move: Optional[int]
    first_illegal_kind: Optional[str]
    recorded_result: Optional[str]
    result: Optional[str]
    black_score: Optional[float]
    white_score: Optional[float]
    margin: Optional[float]
    dead_source: Optional[str]
    result_matches: Optional[str]
    error: Optional[str]
    decided_by: Optional[str]
    findings: list[Finding]
    def to_dict(self) -> dict[str, Any]: ...

class Move:
    color: Literal["black", "white"]
    point: Optional[str]
    sgf: Optional[str]
    is_pass: bool
    node: int
    time_left: Optional[float]
    def to_dict(self) -> dict[str, Any]: ...

class Game:
    """One game as loaded; a game that could not be read has only ``game`` and ``error``."""

    game: int
    width: int
    height: int
    komi: Optional[float]
    handicap: int
    rules: Optional[str]
    place: Optional[str]
    black: Optional[str]
    white: Optional[str]
    result: Optional[str]
    first_player: Optional[Literal["black", "white"]]
    setup: dict[str, list[str]]
    moves: list[Move]
    nodes: int
    warnings: list[str]
    error: Optional[str]
    def to_dict(self) -> dict[str, Any]: ...

class Batch(Iterator[Row]):
    def __iter__(self) -> Batch: ...
    def __next__(self) -> Row: ...
    def columns(self, n: int) -> dict[str, list[Any]]: ...
    def close(self) -> None: ...
    def __enter__(self) -> Batch: ...
    def __exit__(self, *args: object) -> None: ...

def load(source: Source) -> list[Game]: ...
def validate(source: Source, rules: Union[str, RuleSet, None] = None, komi: Optional[float] = None) -> list[Report]: ...
def score(
    source: Source,
    rules: Rules = None,
    dead: Union[DeadSource, str, Sequence[str], None] = None,
    komi: Optional[float] = None,
) -> list[Report]: ...
def batch(
    paths: Union[str, "os.PathLike[str]", Iterable[Union[str, "os.PathLike[str]"]]],
    rules: Rules = None,
    dead: Optional[DeadSource] = None,
    komi: Optional[float] = None,
    jobs: Optional[int] = None,
    timeout: float = 60.0,
) -> Batch: ...
def batch_table(
    paths: Union[str, "os.PathLike[str]", Iterable[Union[str, "os.PathLike[str]"]]],
    rules: Rules = None,
    dead: Optional[DeadSource] = None,
    komi: Optional[float] = None,
    jobs: Optional[int] = None,
    timeout: float = 60.0,
    chunk: int = 65536,
) -> pyarrow.Table: ...
def rules() -> list[RuleSet]: ...
