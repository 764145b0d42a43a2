"""The examples in the documentation and the README run and print what they show."""

from __future__ import annotations

import contextlib
import doctest
import io
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# The learning environments' page needs optional extras: tests/envs/test_learning_docs.py
# runs it, skipping when they are not installed.
PAGES = sorted(
    page
    for page in (ROOT / "docs").rglob("*.md")
    if "```pycon" in page.read_text("utf-8") and page.name != "learning.md"
)


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT / "docs")))
def test_console_examples_of_the_docs(page: Path) -> None:
    blocks = re.findall(r"```pycon\n(.*?)```", page.read_text(encoding="utf-8"), re.S)
    test = doctest.DocTestParser().get_doctest("\n".join(blocks), {}, page.name, str(page), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    report = io.StringIO()
    with contextlib.redirect_stdout(report):
        result = runner.run(test)
    assert result.failed == 0, report.getvalue()


def test_the_readme_example_runs() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    code = re.findall(r"```python\n(.*?)```", text, re.S)
    assert code
    with contextlib.redirect_stdout(io.StringIO()) as printed:
        exec(compile(code[0], "README.md", "exec"), {})
    assert "Score(" in printed.getvalue()
