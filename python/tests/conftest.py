"""Shared fixtures of goref's Python tests: the repository root (the tests run from it,
as the command line's examples do) and the goref binary to compare with."""

import os
import pathlib
import shutil

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def at_root(monkeypatch):
    """Every test runs from the repository root, so file names match the CLI's."""
    monkeypatch.chdir(ROOT)


@pytest.fixture(scope="session")
def goref_bin():
    """The goref binary: $GOREF_BIN, else the release build of this repository."""
    given = os.environ.get("GOREF_BIN")
    path = pathlib.Path(given) if given else ROOT / "target" / "release" / "goref"
    if not path.is_file():
        found = shutil.which("goref")
        if given or not found:
            pytest.skip(f"no goref binary at {path}: build it with `cargo build --release` or set GOREF_BIN")
        path = pathlib.Path(found)
    return str(path)
