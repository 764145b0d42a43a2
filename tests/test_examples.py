"""Every script in ``examples/`` runs to the end as a program."""

from __future__ import annotations

import runpy
from pathlib import Path
from typing import Final

import pytest

EXAMPLES: Final = sorted((Path(__file__).resolve().parent.parent / "examples").glob("*.py"))


def test_there_are_examples() -> None:
    assert EXAMPLES


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: path.name)
def test_example_runs(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    runpy.run_path(str(path), run_name="__main__")  # any exception fails the test
    _, err = capsys.readouterr()
    assert "Traceback" not in err
