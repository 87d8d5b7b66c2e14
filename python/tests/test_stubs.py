"""The type stubs (goref/__init__.pyi) name what the objects hold: every attribute a
stub declares is a key of the real object, and every key is declared."""

import ast
import pathlib

import goref

STUBS = pathlib.Path(goref.__file__).with_name("__init__.pyi")


def declared():
    tree = ast.parse(STUBS.read_text())
    classes = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            classes[node.name] = {
                item.target.id
                for item in node.body
                if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)
            }
    functions = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
    return classes, functions


def test_the_stubs_are_installed_beside_the_package():
    assert STUBS.is_file()
    assert pathlib.Path(goref.__file__).with_name("py.typed").is_file()


def test_every_public_name_has_a_stub():
    classes, functions = declared()
    names = set(classes) | functions | {"ROW_COLUMNS"}
    assert set(goref.__all__) <= names


def test_the_stubs_declare_the_keys_of_the_objects():
    classes, _ = declared()
    [scored] = goref.score("fixtures/illegal/ko/immediate-retake.sgf", rules="japanese")
    [game] = goref.load("fixtures/illegal/ko/immediate-retake.sgf")
    row = next(iter(goref.batch("fixtures/illegal/ko")))
    objects = {
        "Report": scored,
        "Finding": scored.findings[0],
        "Score": scored.score,
        "Row": row,
        "Game": game,
        "Move": game.moves[0],
    }
    # Keys present only sometimes: the estimate's groups (when it chose the dead stones).
    sometimes = {"Score": {"estimate"}}
    for name, obj in objects.items():
        keys = set(obj.to_dict())
        assert keys <= classes[name], name
        assert classes[name] - keys <= sometimes.get(name, set()), name
    [estimated] = goref.score("fixtures/scoring/even/walls-dead-invader.sgf", dead="estimate")
    assert set(estimated.score.to_dict()) == classes["Score"]
    assert tuple(row.to_dict()) == goref.ROW_COLUMNS
