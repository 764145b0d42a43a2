"""The examples in the documentation and the README run and print what they show."""

from __future__ import annotations

import contextlib
import doctest
import importlib
import io
import pkgutil
import re
import shlex
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

import briscola

ROOT = Path(__file__).resolve().parent.parent
# The learning environments' page needs optional extras: tests/envs/test_learning_docs.py
# runs it, skipping when they are not installed.
PAGES = sorted(
    page
    for page in (ROOT / "docs").rglob("*.md")
    if "```pycon" in page.read_text("utf-8") and page.name != "learning.md"
)
# Pages whose examples use an optional extra, by the module it provides.
_PAGE_NEEDS = {"performance.md": "numpy"}


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT / "docs")))
def test_console_examples_of_the_docs(page: Path) -> None:
    if page.name in _PAGE_NEEDS:
        pytest.importorskip(_PAGE_NEEDS[page.name])
    blocks = re.findall(r"```pycon\n(.*?)```", page.read_text(encoding="utf-8"), re.S)
    test = doctest.DocTestParser().get_doctest("\n".join(blocks), {}, page.name, str(page), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    report = io.StringIO()
    with contextlib.redirect_stdout(report):
        result = runner.run(test)
    assert result.failed == 0, report.getvalue()


# ``python`` blocks that are not programs, by page and how they begin: a signature or a
# protocol shown for reading, and calls that need the prose's players or a Ray cluster.
_NOT_PROGRAMS = {
    "players.md": ("class Player(Protocol):",),
    "simulation.md": ("simulate(", "from concurrent.futures", "from briscola.ray_executor"),
    "ui.md": ("def play(",),
}
_PROGRAM = re.compile(
    r"```python\n((?:(?!```).)*?)```(?:\n\n(?:Output:\n\n)?```text\n(.*?)```)?", re.S
)


def _programs() -> list[tuple[str, str, str | None]]:
    """Every ``python`` block of the docs that is a program, with the output the page shows
    for it (a ``text`` block right after it, or after "Output:"), if any."""
    found = []
    for page in sorted((ROOT / "docs").rglob("*.md")):
        name = str(page.relative_to(ROOT / "docs"))
        for match in _PROGRAM.finditer(page.read_text(encoding="utf-8")):
            code, output = match.group(1), match.group(2)
            if not code.startswith(_NOT_PROGRAMS.get(page.name, ())):
                found.append((f"{name}:{match.start()}", code, output))
    return found


@pytest.mark.parametrize(("where", "code", "output"), _programs(), ids=lambda x: str(x)[:40])
def test_python_examples_of_the_docs_run_and_print_what_the_page_shows(
    where: str, code: str, output: str | None
) -> None:
    with contextlib.redirect_stdout(io.StringIO()) as printed:
        exec(compile(code, where, "exec"), {"__name__": "example"})
    if output is not None:
        assert printed.getvalue() == output


def test_the_readme_example_runs() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    code = re.findall(r"```python\n(.*?)```", text, re.S)
    assert code
    with contextlib.redirect_stdout(io.StringIO()) as printed:
        exec(compile(code[0], "README.md", "exec"), {})
    assert "Score(" in printed.getvalue()


# --- the API reference's table of modules -----------------------------------------------------

REFERENCE = ROOT / "docs" / "reference"
_ROW = re.compile(
    r"^\| \[`(briscola[\w.]*)`\]\((\w+\.md)\)(?: \(extra `(\w+)`\))? \| (.*) \| (.*) \|$"
)
# Public modules without a row: what they hold is documented elsewhere.
_NO_ROW = {
    "briscola.cli": "the command line, documented with its commands",
    "briscola.envs": "a package with no names of its own",
    "briscola.web": "exports names of briscola.web.tables",
}


def _reference_rows() -> list[tuple[str, str, str | None, list[str], list[str]]]:
    rows = []
    for line in (REFERENCE / "index.md").read_text(encoding="utf-8").splitlines():
        found = _ROW.match(line)
        if found:
            module, page, extra, top, only = found.groups()
            names = [re.findall(r"`(\w+)`", cell) for cell in (top, only)]
            rows.append((module, page, extra, names[0], names[1]))
    return rows


@pytest.mark.parametrize("row", _reference_rows(), ids=lambda row: row[0])
def test_the_reference_table_lists_each_module_s_public_names(
    row: tuple[str, str, str | None, list[str], list[str]],
) -> None:
    module_name, page, extra, top, only = row
    assert (REFERENCE / page).is_file(), page
    assert module_name in (REFERENCE / page).read_text(encoding="utf-8"), page
    try:
        module = importlib.import_module(module_name)
    except ImportError:
        pytest.skip(f"{module_name} needs the extra {extra}")
    assert sorted(top + only) == sorted(module.__all__)
    for name in top:
        assert getattr(briscola, name) is getattr(module, name), name
    for name in only:
        assert getattr(briscola, name, None) is not getattr(module, name), name


def test_the_reference_table_covers_every_public_module_and_name() -> None:
    rows = _reference_rows()
    listed = {module for module, *_ in rows}
    public = {
        found.name
        for found in pkgutil.walk_packages(briscola.__path__, "briscola.")
        if not any(part.startswith("_") for part in found.name.split(".")[1:])
    }
    assert public - _NO_ROW.keys() == listed
    assert {name for *_, top, _only in rows for name in top} == set(briscola.__all__)
    pages = {page for _module, page, *_ in rows}
    assert pages == {page.name for page in REFERENCE.glob("*.md")} - {"index.md"}
    from briscola import web
    from briscola.web import tables

    for name in web.__all__:
        assert getattr(web, name) is getattr(tables, name), name


# --- the shell sessions of the docs ---------------------------------------------------------

SESSIONS = sorted(
    page for page in (ROOT / "docs").rglob("*.md") if "```console" in page.read_text("utf-8")
)


@pytest.mark.parametrize("page", SESSIONS, ids=lambda page: str(page.relative_to(ROOT / "docs")))
def test_shell_sessions_of_the_docs(page: Path, tmp_path: Path) -> None:
    """Each ``console`` block, run line by line by bash in an empty folder, prints exactly
    what the page shows (``briscola`` being this interpreter's ``-m briscola``)."""
    blocks = re.findall(r"```console\n(.*?)```", page.read_text(encoding="utf-8"), re.S)
    assert blocks
    script = [f'briscola() {{ "{sys.executable}" -m briscola "$@"; }}', "exec 2>&1"]
    for block in blocks:
        for line in block.splitlines():
            if line.startswith("$ "):
                # Echo the prompt line, keeping the status of the command before for ``$?``.
                script.append(f"s=$?; printf '%s\\n' {shlex.quote(line)}; (exit $s); {line[2:]}")
    ran = subprocess.run(
        ["bash", "-c", "\n".join(script)], cwd=tmp_path, capture_output=True, text=True, timeout=60
    )
    assert ran.stdout == "".join(blocks)


def test_the_allowlist_of_hidden_information_names_every_view_field() -> None:
    text = (ROOT / "docs" / "hidden-information.md").read_text(encoding="utf-8")
    table = text[text.index("| field | contents |") :].split("\n\n", 1)[0]
    first_cells = [row.split("|")[1] for row in table.splitlines()[2:]]
    listed = [name for cell in first_cells for name in re.findall(r"`(\w+)`", cell)]
    assert sorted(listed) == sorted(field.name for field in attrs.fields(briscola.View))
