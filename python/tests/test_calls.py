"""load, score, rules, errors, and many Python threads at once."""

from concurrent.futures import ThreadPoolExecutor

import pytest

import goref

from conftest import ROOT

KO = "fixtures/illegal/ko/immediate-retake.sgf"


def test_load_gives_root_values_moves_and_warnings():
    [game] = goref.load(KO)
    assert (game.game, game.width, game.height, game.komi) == (1, 9, 9, 6.5)
    assert (game.black, game.white, game.rules) == ("Alice", "Bob", "Japanese")
    assert len(game.moves) == 10
    first = game.moves[0]
    assert (first.color, first.point, first.sgf, first.node, first.is_pass) == ("black", "D7", "dc", 1, False)
    assert game.warnings == []
    [warned] = goref.load(b"(;GM[1]SZ[9]KM[abc];B[ee];W[])")
    assert warned.komi is None
    assert any("KM" in w for w in warned.warnings), warned.warnings
    assert warned.moves[1].is_pass and warned.moves[1].point is None


def test_a_broken_game_in_a_collection_is_a_game_with_its_error():
    games = goref.load(b"(;GM[1]SZ[99];B[aa])(;GM[1]SZ[9];B[ee])")
    assert games[0].error == "game 1: board size 99x99 is not supported (SZ sides must be 1 to 25)"
    assert games[1].error is None and games[1].moves[0].point == "E5"


def test_what_cannot_be_read_at_all_is_an_exception():
    with pytest.raises(goref.LoadError, match="^the file is empty$"):
        goref.load(b"")
    # A report's own verdict is a report, as on the command line.
    [report] = goref.score(b"hello")
    assert report.error == "no SGF game found (a game starts with `(;`)"
    with pytest.raises(FileNotFoundError, match="cannot read no/such.sgf: no such file"):
        goref.validate("no/such.sgf")
    with pytest.raises(IsADirectoryError):
        goref.load("fixtures")
    with pytest.raises(TypeError):
        goref.load(42)
    assert issubclass(goref.LoadError, goref.GorefError)


def test_rule_sets_parse_as_the_command_line_reads_them():
    names = [r.name for r in goref.rules()]
    assert {"japanese", "chinese", "aga", "tromp-taylor"} <= set(names)
    rules = goref.RuleSet.parse("aga+ko=positional")
    assert str(rules) == "aga+ko=positional"
    assert rules.to_dict()["ko"] == "positional"
    assert rules == goref.RuleSet.parse("aga+ko=positional")
    assert rules != goref.RuleSet.parse("aga")
    assert ("ko", "positional") in rules.knobs()
    with pytest.raises(ValueError, match="unknown rule set `nonsense`"):
        goref.RuleSet.parse("nonsense")
    [report] = goref.score(KO, rules=rules)
    assert report.rules == "aga+ko=positional"


def test_score_takes_dead_stones_and_komi():
    file = "fixtures/real/" + next(p.name for p in sorted((ROOT / "fixtures/real").glob("*.sgf")))
    none = goref.score(file, rules="chinese", dead="none")[0]
    assert none.score.dead_source == "none"
    komi = goref.score(file, rules="chinese", dead="none", komi=100.5)[0]
    assert komi.komi == 100.5
    with pytest.raises(ValueError, match="ZZ9"):
        goref.score(file, dead="ZZ9")
    with pytest.raises(ValueError, match="one rule set"):
        goref.validate(file, rules=["japanese", "chinese"])


def test_python_threads_calling_score_at_once_get_what_one_thread_gets():
    files = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "fixtures").rglob("*.sgf"))
    alone = {f: [r.to_dict() for r in goref.score(f, rules=["japanese", "chinese"])] for f in files}
    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(
            pool.map(lambda f: (f, [r.to_dict() for r in goref.score(f, rules=["japanese", "chinese"])]), files * 4)
        )
    assert len(results) == 4 * len(files)
    for file, got in results:
        assert got == alone[file], file
