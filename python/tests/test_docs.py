"""docs/python.md's examples are what goref gives: run as doctests, from the repository root."""

import doctest

import pytest

from conftest import ROOT


def test_the_examples_of_docs_python_md_run():
    pytest.importorskip("pyarrow", reason="pyarrow is not installed: docs/python.md's batch_table example needs it")
    pytest.importorskip("pandas", reason="pandas is not installed: docs/python.md's batch_table example needs it")
    failed, attempted = doctest.testfile(
        str(ROOT / "docs" / "python.md"),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
        verbose=False,
    )
    assert attempted > 20
    assert failed == 0, f"{failed} of docs/python.md's examples differ (printed above)"
