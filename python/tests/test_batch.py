"""goref.batch: order, broken records, archives, stopping early, tables."""

import io
import itertools
import pathlib
import tarfile
import zipfile

import pytest

import goref

from conftest import ROOT

GOOD = (ROOT / "fixtures/illegal/ko/immediate-retake.sgf").read_bytes()
OTHER = (ROOT / "fixtures/illegal/suicide/single-stone.sgf").read_bytes()


def test_a_broken_record_mid_batch_is_a_row_with_its_error_and_the_batch_goes_on(tmp_path):
    (tmp_path / "a.sgf").write_bytes(GOOD)
    (tmp_path / "b.sgf").write_bytes(b"this is not a game record")
    (tmp_path / "c.sgf").write_bytes(b"(;GM[1]SZ[19];B[pd];W[dp]")  # cut short
    (tmp_path / "d.sgf").write_bytes(OTHER)
    rows = list(goref.batch([str(tmp_path), str(tmp_path / "missing.sgf")], jobs=2))
    names = [pathlib.Path(r.file).name for r in rows]
    assert names == ["a.sgf", "b.sgf", "c.sgf", "d.sgf", "missing.sgf"]
    a, b, c, d, missing = rows
    assert a.error is None and a.valid is False and a.first_illegal_kind == "ko"
    assert b.error == "no SGF game found (a game starts with `(;`)"
    assert b.game == 0 and b.valid is False
    assert c.error is None and c.moves == 2
    assert d.error is None and d.first_illegal_kind == "suicide"
    assert missing.error == "cannot read: no such file"


def test_archives_are_read_member_by_member(tmp_path):
    archive = tmp_path / "games.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("round1/a.sgf", GOOD)
        z.writestr("round1/notes.txt", "not a record")
        z.writestr("round2/b.SGF", b"junk")
        z.writestr("round2/c.sgf", OTHER)
    tar = tmp_path / "more.tar.gz"
    with tarfile.open(tar, "w:gz") as t:
        info = tarfile.TarInfo("x.sgf")
        info.size = len(OTHER)
        t.addfile(info, io.BytesIO(OTHER))
    rows = list(goref.batch([archive, tar]))
    assert [r.file for r in rows] == [
        f"{archive}!round1/a.sgf",
        f"{archive}!round2/b.SGF",
        f"{archive}!round2/c.sgf",
        f"{tar}!x.sgf",
    ]
    assert rows[0].first_illegal_kind == "ko"
    assert rows[1].error == "no SGF game found (a game starts with `(;`)"
    assert rows[2].first_illegal_kind == rows[3].first_illegal_kind == "suicide"


def test_rows_come_in_input_order_whatever_the_jobs(tmp_path):
    for i in range(60):
        (tmp_path / f"{i:03}.sgf").write_bytes(GOOD if i % 3 else OTHER)
    for jobs in (1, 2, 4):
        rows = list(goref.batch(tmp_path, jobs=jobs))
        assert [pathlib.Path(r.file).name for r in rows] == [f"{i:03}.sgf" for i in range(60)]
        assert [r.first_illegal_kind for r in rows] == ["suicide" if i % 3 == 0 else "ko" for i in range(60)]


def test_iteration_stopped_early_ends_the_run(tmp_path):
    for i in range(500):
        (tmp_path / f"{i:03}.sgf").write_bytes(GOOD)
    rows = goref.batch([tmp_path], jobs=2)
    first = list(itertools.islice(rows, 3))
    assert [pathlib.Path(r.file).name for r in first] == ["000.sgf", "001.sgf", "002.sgf"]
    rows.close()
    assert list(rows) == []
    with goref.batch([tmp_path], jobs=2) as rows:
        for row in rows:
            if row.file.endswith("009.sgf"):
                break
    assert next(rows, None) is None
    # A batch dropped half-read leaves nothing behind that stops the next one.
    half = goref.batch([tmp_path], jobs=2)
    next(half)
    del half
    assert sum(1 for _ in goref.batch([tmp_path], jobs=2)) == 500


def test_bad_arguments_are_python_errors_with_goref_s_words():
    with pytest.raises(ValueError, match="unknown rule set `nonsense`"):
        goref.batch(["fixtures"], rules="nonsense")
    with pytest.raises(ValueError, match="jobs must be at least 1"):
        goref.batch(["fixtures"], jobs=0)
    with pytest.raises(ValueError, match="source"):
        goref.batch(["fixtures"], dead="D4")


def test_batch_table_holds_the_rows():
    pa = pytest.importorskip("pyarrow", reason="pyarrow is not installed (.ci/run installs it)")
    table = goref.batch_table(["fixtures"], rules=["japanese", "chinese"], chunk=50)
    rows = [r.to_dict() for r in goref.batch(["fixtures"], rules=["japanese", "chinese"])]
    assert isinstance(table, pa.Table)
    assert table.column_names == list(goref.ROW_COLUMNS)
    assert table.num_rows == len(rows)
    # One type per column: result_matches as the CSV writes it.
    for row in rows:
        if isinstance(row["result_matches"], bool):
            row["result_matches"] = str(row["result_matches"]).lower()
    assert {row["result_matches"] for row in rows} >= {"true", "false", None}
    assert table.to_pylist() == rows
    pd = pytest.importorskip("pandas", reason="pandas is not installed (.ci/run installs it)")
    frame = table.to_pandas()
    assert isinstance(frame, pd.DataFrame)
    assert int((~frame["valid"]).sum()) == sum(1 for r in rows if not r["valid"])


def test_a_batch_closed_from_another_thread_ends_its_reader(tmp_path):
    import threading

    for i in range(400):
        (tmp_path / f"{i:03}.sgf").write_bytes(GOOD)
    rows = goref.batch([tmp_path], jobs=2)
    first = threading.Event()
    seen = []

    def read():
        for row in rows:
            seen.append(row.file)
            first.set()

    reader = threading.Thread(target=read)
    reader.start()
    assert first.wait(60)
    rows.close()
    reader.join(60)
    assert not reader.is_alive(), "the reader did not stop after close()"
    assert 1 <= len(seen) <= 400
    assert seen == sorted(seen)


def test_every_column_is_an_attribute_holding_what_to_dict_holds():
    rows = list(goref.batch(["fixtures/illegal/ko", "fixtures/malformed", "fixtures/scoring"], rules=["japanese", "chinese"]))
    assert any(r.findings for r in rows) and any(r.error for r in rows) and any(r.result for r in rows)
    for row in rows:
        whole = row.to_dict()
        assert set(whole) == set(goref.ROW_COLUMNS)
        for key in goref.ROW_COLUMNS:
            value = getattr(row, key)
            if key == "findings":
                value = [finding.to_dict() for finding in value]
            assert value == whole[key], (row.file, key)
    with pytest.raises(AttributeError):
        rows[0].no_such_column
