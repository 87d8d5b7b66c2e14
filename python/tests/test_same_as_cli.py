"""The Python calls give what the command line gives: the same rows, reports, verdicts."""

import json
import pathlib
import subprocess

import goref

from conftest import ROOT


def cli(goref_bin, *args):
    done = subprocess.run([goref_bin, *args], cwd=ROOT, capture_output=True, check=False)
    assert done.returncode in (0, 1), done.stderr.decode()
    return done.stdout.decode()


def jsonl_rows(goref_bin, tmp_path, *args):
    out = tmp_path / "rows.jsonl"
    cli(goref_bin, "batch", "-q", "--fail-on", "none", "--jsonl", str(out), *args)
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert "summary" in lines[-1]
    return lines[:-1]


def test_batch_gives_the_rows_of_goref_batch_jsonl_field_by_field(goref_bin, tmp_path):
    expected = jsonl_rows(goref_bin, tmp_path, "--rules", "japanese,chinese", "fixtures")
    rows = [row.to_dict() for row in goref.batch(["fixtures"], rules=["japanese", "chinese"], jobs=2)]
    assert len(rows) == len(expected) > 200
    for got, want in zip(rows, expected):
        assert list(got) == list(want)
        for key in want:
            assert got[key] == want[key], (want["file"], want["game"], key)
    # The fixtures hold illegal games and unreadable files: the verdicts are not all alike.
    assert any(not r["valid"] for r in rows)
    assert any(r["error"] for r in rows)
    assert any(r["result_matches"] is True for r in rows)
    assert any(r["result_matches"] is False for r in rows)


def test_batch_under_each_records_own_rules_as_goref_batch(goref_bin, tmp_path):
    expected = jsonl_rows(goref_bin, tmp_path, "fixtures/contest", "fixtures/real")
    rows = [row.to_dict() for row in goref.batch(["fixtures/contest", "fixtures/real"], jobs=1)]
    assert rows == expected


def fixture_files():
    return sorted(
        str(p.relative_to(ROOT)) for p in (ROOT / "fixtures").rglob("*") if p.suffix.lower() == ".sgf"
    )


def test_score_gives_the_json_of_goref_score(goref_bin):
    files = fixture_files()
    assert len(files) > 100
    for file in files:
        want = json.loads(cli(goref_bin, "score", "--rules", "japanese,chinese", "--format", "json", file))
        got = [r.to_dict() for r in goref.score(file, rules=["japanese", "chinese"])]
        assert got == want["games"], file


def test_validate_gives_the_json_of_goref_validate(goref_bin):
    for file in fixture_files():
        want = json.loads(cli(goref_bin, "validate", "--format", "json", file))
        got = [r.to_dict() for r in goref.validate(file)]
        assert got == want["games"], file


def test_reports_are_read_as_attributes(goref_bin):
    file = "fixtures/illegal/ko/immediate-retake.sgf"
    [report] = goref.score(file, rules="japanese")
    want = json.loads(cli(goref_bin, "score", "--rules", "japanese", "--format", "json", file))["games"][0]
    assert report.valid is False
    assert report.illegal_count == 1
    ko = [f for f in report.findings if f.kind == "ko"][0]
    assert isinstance(ko, goref.Finding)
    assert (ko.move, ko.point, ko.sgf, ko.consequence) == (10, "D6", "dd", "loss")
    assert report.score.result == want["score"]["result"] == "B+F"
    assert report.score.decided_by == "forfeit"
    assert report == goref.score(file, rules="japanese")[0]


def test_bytes_are_named_as_standard_input_is(goref_bin):
    file = "fixtures/illegal/ko/immediate-retake.sgf"
    data = (ROOT / file).read_bytes()
    done = subprocess.run(
        [goref_bin, "validate", "--format", "json", "-"], cwd=ROOT, input=data, capture_output=True
    )
    want = json.loads(done.stdout)["games"]
    assert [r.to_dict() for r in goref.validate(data)] == want
    assert [r.to_dict() for r in goref.validate(bytearray(data))] == want
    assert want[0]["file"] == "-"


def test_a_path_object_is_a_path(goref_bin):
    path = ROOT / "fixtures/illegal/ko/immediate-retake.sgf"
    assert goref.validate(path) == goref.validate(str(path))
    assert isinstance(path, pathlib.PurePath)


def test_rules_are_those_of_goref_rules(goref_bin):
    want = json.loads(cli(goref_bin, "rules", "--format", "json"))
    assert [r.to_dict() for r in goref.rules()] == want
    one = json.loads(cli(goref_bin, "rules", "aga+ko=positional", "--format", "json"))
    assert goref.RuleSet.parse("aga+ko=positional").to_dict() == one
