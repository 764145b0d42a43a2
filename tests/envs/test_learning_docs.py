"""docs/learning.md: its tables are those the code generates, and its examples run (the
page is left to this file by test_docs, so that it skips without the extras)."""

from __future__ import annotations

import contextlib
import doctest
import inspect
import io
import re
from collections.abc import Callable
from pathlib import Path

import pytest

for module in ("numpy", "pettingzoo", "gymnasium", "pyspiel"):
    pytest.importorskip(module)

from learning_tables import action_table, observation_table, presets_table  # noqa: E402

PAGE = Path(__file__).resolve().parent.parent.parent / "docs" / "learning.md"


def test_the_tables_match_the_code() -> None:
    text = PAGE.read_text(encoding="utf-8")
    for table in (
        action_table(),
        observation_table("classic"),
        observation_table("chiamata"),
        presets_table(),
    ):
        assert table in text, f"docs/learning.md is out of date; regenerate:\n{table}"


def test_the_examples_run() -> None:
    blocks = re.findall(r"```pycon\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)
    assert len(blocks) >= 4
    test = doctest.DocTestParser().get_doctest("\n".join(blocks), {}, PAGE.name, str(PAGE), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    report = io.StringIO()
    with contextlib.redirect_stdout(report):
        result = runner.run(test)
    assert result.failed == 0, report.getvalue()


def _written(function: Callable[..., object]) -> str:
    """A signature as the page writes it: no annotations, strings in double quotes."""
    signature = inspect.signature(function)
    bare = signature.replace(
        parameters=[p.replace(annotation=p.empty) for p in signature.parameters.values()],
        return_annotation=signature.empty,
    )
    return str(bare).replace("'", '"')


def test_the_environments_signatures_are_those_of_the_code() -> None:
    from briscola.envs import gymnasium, pettingzoo

    text = " ".join(PAGE.read_text(encoding="utf-8").split())
    for name, function in (
        ("briscola.envs.pettingzoo.env", pettingzoo.env),
        ("briscola.envs.gymnasium.BriscolaEnv", gymnasium.BriscolaEnv),
    ):
        written = f"`{name}{_written(function)}`"
        assert written in text, f"docs/learning.md should write {written}"
