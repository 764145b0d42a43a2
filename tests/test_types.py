"""The user-facing types: they match the run-time registries and catch misspellings."""

from __future__ import annotations

import enum
import os
import runpy
import shutil
import subprocess
import sys
import types
import typing
from pathlib import Path
from typing import Any, Literal, get_args, get_origin, get_type_hints

import pytest

import briscola
from briscola import AnyMove, MatchOptions, TableRules, VariantId
from briscola import match as match_module
from briscola.moves import MOVE_TYPES
from briscola.rules import _ENUM_OPTIONS, MATCH_OPTIONS, OPTIONS

ROOT = Path(__file__).resolve().parents[1]
USER_CODE = ROOT / "tests" / "typing" / "user_code.py"


def _flatten(annotation: Any) -> set[Any]:
    """The members of a union, with Literal values spelled out."""
    if get_origin(annotation) in (typing.Union, types.UnionType):
        return set().union(*(_flatten(arg) for arg in get_args(annotation)))
    if get_origin(annotation) is Literal:
        return {("literal", value) for value in get_args(annotation)}
    return {annotation}


def test_variant_ids_are_the_presets() -> None:
    assert list(get_args(VariantId)) == list(briscola.VARIANTS)


def test_any_move_is_every_move_class() -> None:
    assert get_args(AnyMove) == MOVE_TYPES
    for cls in MOVE_TYPES:
        assert issubclass(cls, briscola.Move)


def _hints(kind: type) -> dict[str, Any]:
    names = {**vars(briscola.rules), **vars(match_module)}
    return get_type_hints(kind, localns=names)


def test_table_rules_match_the_options() -> None:
    hints = _hints(TableRules)
    assert list(hints) == list(briscola.OPTIONS)
    assert TableRules.__total__ is False
    for name, info in briscola.OPTIONS.items():
        members = _flatten(hints[name])
        if info.values == "bool":
            assert members == {bool}, name
        elif name in _ENUM_OPTIONS:
            kind = _ENUM_OPTIONS[name]
            values = {("literal", member.value) for member in kind}
            assert members == {kind} | values, name
        elif OPTIONS[name].kind is int and OPTIONS[name].choices is not None:
            choices = OPTIONS[name].choices or ()
            assert members == {("literal", value) for value in choices}, name
        else:
            assert members, name  # removed_two, trump_suit, signal_tokens, ints: checked below
    assert _flatten(hints["first_leader_offset"]) == {("literal", 1), ("literal", -1)}
    assert {("literal", "random"), briscola.Card} <= _flatten(hints["removed_two"])
    assert _flatten(hints["win_threshold"]) == {int}


def test_match_options_add_the_match_keywords() -> None:
    hints = _hints(MatchOptions)
    extra = [name for name in hints if name not in briscola.OPTIONS]
    assert extra == [
        "dealer_rotation",
        "redeal_same_dealer_after_draw",
        "redeal_same_dealer_after_void",
        "cappotto_wins_match",
    ]
    assert set(MATCH_OPTIONS) == set(extra)
    rotation = match_module.DealerRotation
    assert _flatten(hints["dealer_rotation"]) == {rotation} | {
        ("literal", member.value) for member in rotation
    }
    assert all(issubclass(kind, enum.Enum) for kind in _ENUM_OPTIONS.values())


def test_the_typed_user_script_runs() -> None:
    runpy.run_path(str(USER_CODE), run_name="__main__")


BAD = """
from typing import assert_never

import briscola
from briscola import AnyMove, Pass, Play

briscola.new_game("clasic")
briscola.new_game("classic", seven_swp=True)


def describe(move: AnyMove) -> str:
    match move:
        case Play():
            return "play"
        case Pass():
            return "pass"
        case _:
            assert_never(move)


briscola.new_game("classic").hands = ()
"""


def test_mypy_rejects_misspellings_and_a_match_that_misses_moves(tmp_path: Path) -> None:
    api = pytest.importorskip("mypy.api")
    path = tmp_path / "bad.py"
    path.write_text(BAD, encoding="utf-8")
    out, _, status = api.run(
        ["--strict", "--no-incremental", "--cache-dir", str(tmp_path / "cache"), str(path)]
    )
    assert status == 1
    assert 'bad.py:7: error: Argument 1 to "new_game" has incompatible type' in out
    assert 'bad.py:8: error: Unexpected keyword argument "seven_swp"' in out
    assert 'bad.py:18: error: Argument 1 to "assert_never" has incompatible type' in out
    assert 'bad.py:21: error: Property "hands" defined in "State" is read-only' in out


def test_pyright_accepts_the_user_script_and_rejects_the_mistakes(tmp_path: Path) -> None:
    pyright = shutil.which("pyright")
    if pyright is None:
        pytest.skip("pyright is not installed (pip install 'briscola[dev]')")
    bad = tmp_path / "bad.py"
    bad.write_text(BAD, encoding="utf-8")
    env_path = str(ROOT / "src")
    result = subprocess.run(
        [pyright, "--pythonpath", sys.executable, str(USER_CODE), str(bad)],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "PYTHONPATH": env_path},
        check=False,
    )
    lines = [line for line in result.stdout.splitlines() if " - error: " in line]
    assert all("bad.py" in line for line in lines), result.stdout
    assert any("bad.py:7:" in line for line in lines), result.stdout
    assert any("bad.py:8:" in line and "seven_swp" in line for line in lines), result.stdout
    assert any("bad.py:18:" in line for line in lines), result.stdout
    assert any("bad.py:21:" in line and "hands" in line for line in lines), result.stdout


def test_pyright_knows_the_type_of_every_public_name_of_the_core() -> None:
    # `--verifytypes` follows every public name to the types it mentions; the learning
    # environments and the web table subclass untyped or loosely typed framework classes.
    pyright = shutil.which("pyright")
    if pyright is None:
        pytest.skip("pyright is not installed (pip install 'briscola[dev]')")
    result = subprocess.run(
        [pyright, "--verifytypes", "briscola", "--ignoreexternal"],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
        check=False,
    )
    assert "Type completeness score" in result.stdout, result.stdout + result.stderr
    symbols = [line for line in result.stdout.splitlines() if line.startswith("briscola.")]
    framework = ("briscola.envs.", "briscola.web.")
    assert [name for name in symbols if not name.startswith(framework)] == [], result.stdout
