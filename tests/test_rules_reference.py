"""The rules reference in docs/rules/ is complete enough for every citation to resolve.

Every clause number cited in the docs and the code ("§2.5.6") must be an anchor of the rules
reference, every worked-example id used in the docs ("EX-D7", "AU-5") must be an example of
it, and no file may point readers to working documents that do not ship.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

import briscola

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
RULES = DOCS / "rules"

CLAUSE = re.compile(r"§\s?(\d+(?:\.\d+)*)")
EXPLICIT_ANCHOR = re.compile(r'\{#([A-Za-z0-9_-]+)\}|<a id="([A-Za-z0-9_-]+)"></a>')
CLAUSE_HEADING = re.compile(r"^#+ §(\d+(?:\.\d+)*) .*\{#([a-z0-9-]+)\}\s*$", re.M)
EXAMPLE_ID = re.compile(
    r"\b(EX-[A-Z]\d+|T\d+|SW\d+|TW\d+|CL-\d+|ML-\d+|BR-\d+|AU-\d+|S\d+|M\d+|CM-\d+|PA-\d+"
    r"|BG-\d+|OPT-\d+)\b"
)

# Names of internal working documents, and the ways they were cited. The patterns are
# assembled from pieces so that this file does not match them itself.
WORKING_DOCUMENTS = re.compile(
    "|".join(
        (
            "RULES" + r"\.md",
            "API" + r"\.md",
            r"(?<![A-Za-z])[Ss]eeds?[\s_-]+" + r"00\d",
            r"(?<![A-Za-z])[Dd]ecisions?[\s_-]+" + r"\d",
        )
    )
)


# Directories that are not part of the repository's sources (tool caches, builds).
NOT_SOURCES = {
    ".git",
    ".venv",
    "venv",
    "site",
    "build",
    "dist",
    "node_modules",
    "__pycache__",
    ".mypy_cache",
    ".ruff_cache",
    ".pytest_cache",
    ".hypothesis",
    ".benchmarks",
}


def rules_anchors() -> dict[str, set[str]]:
    """The explicit anchors of each page of the rules reference, by file name."""
    anchors: dict[str, set[str]] = {}
    for page in sorted(RULES.glob("*.md")):
        found = EXPLICIT_ANCHOR.findall(page.read_text(encoding="utf-8"))
        anchors[page.name] = {heading or html for heading, html in found}
    return anchors


def clause_anchor(number: str) -> str:
    """The anchor of a clause: §2.5.6 is ``s2-5-6``."""
    return "s" + number.replace(".", "-")


def example_anchor(example: str) -> str:
    """The anchor of a worked example: EX-D7 is ``ex-d7``, T1 is ``ex-t1``."""
    anchor = example.lower()
    return anchor if anchor.startswith("ex-") else "ex-" + anchor


def files_under(*tops: Path, suffixes: tuple[str, ...]) -> list[Path]:
    """The files below ``tops`` whose names end with one of ``suffixes``."""
    return sorted(path for top in tops for path in top.rglob("*") if path.suffix in suffixes)


def repository_files() -> list[Path]:
    """Every text file of the repository, outside version control and tool caches."""
    found = []
    for path in sorted(ROOT.rglob("*")):
        parts = path.relative_to(ROOT).parts
        if any(part in NOT_SOURCES or part.endswith(".egg-info") for part in parts):
            continue
        if path.is_file() and b"\0" not in path.read_bytes()[:8192]:
            found.append(path)
    return found


ALL_ANCHORS = set[str]().union(*rules_anchors().values())


def test_every_page_of_the_reference_is_in_the_nav() -> None:
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for page in RULES.glob("*.md"):
        assert f"rules/{page.name}" in nav, page.name


def test_anchors_are_unique_across_the_reference() -> None:
    seen: dict[str, str] = {}
    for page, anchors in rules_anchors().items():
        for anchor in anchors:
            assert anchor not in seen, f"{anchor} is on both {seen[anchor]} and {page}"
            seen[anchor] = page


def test_each_clause_heading_carries_the_anchor_of_its_number() -> None:
    headings = [
        match
        for page in RULES.glob("*.md")
        for match in CLAUSE_HEADING.finditer(page.read_text("utf-8"))
    ]
    assert len(headings) > 50
    for number, anchor in (match.groups() for match in headings):
        assert anchor == clause_anchor(number), f"§{number} has the anchor {anchor}"


@pytest.mark.parametrize(
    "path",
    files_under(DOCS, ROOT / "src", suffixes=(".md", ".py")),
    ids=lambda path: str(path.relative_to(ROOT)),
)
def test_every_cited_clause_exists(path: Path) -> None:
    cited = set(CLAUSE.findall(path.read_text(encoding="utf-8")))
    missing = sorted(number for number in cited if clause_anchor(number) not in ALL_ANCHORS)
    assert not missing, f"{path.name} cites clauses the rules reference lacks: {missing}"


@pytest.mark.parametrize(
    "path", files_under(DOCS, suffixes=(".md",)), ids=lambda path: str(path.relative_to(ROOT))
)
def test_every_example_id_used_in_the_docs_exists(path: Path) -> None:
    examples = rules_anchors()["examples.md"]
    used = set(EXAMPLE_ID.findall(path.read_text(encoding="utf-8")))
    missing = sorted(example for example in used if example_anchor(example) not in examples)
    assert not missing, f"{path.name} uses examples the rules reference lacks: {missing}"


def test_the_example_id_pattern_finds_the_examples() -> None:
    # The check above is only as good as its pattern: each example anchor of the reference
    # must come from an id the pattern recognises.
    examples = {anchor for anchor in rules_anchors()["examples.md"] if anchor.startswith("ex-")}
    text = (RULES / "examples.md").read_text(encoding="utf-8")
    recognised = {example_anchor(example) for example in EXAMPLE_ID.findall(text)}
    assert len(examples) > 100
    assert examples <= recognised


def test_no_file_cites_the_working_documents() -> None:
    offenders = []
    for path in repository_files():
        relative = path.relative_to(ROOT).as_posix()
        text = path.read_text(encoding="utf-8", errors="replace")
        for found in WORKING_DOCUMENTS.finditer(text):
            line = text.count("\n", 0, found.start()) + 1
            offenders.append(f"{relative}:{line}: {found.group(0)!r}")
    assert not offenders, "\n".join(offenders)


PRESET_SHORT_NAMES = {
    "classic": "c2",
    "classic-3": "c3",
    "classic-4": "c4",
    "classic-6": "c6",
    "chiamata": "ch",
    "chiamata-milan": "cm",
    "bugiarda": "bg",
    "bugiarda-2": "b2",
    "bugiarda-5": "b5",
    "scoperta": "sc",
    "briscolone": "bo",
}
PRESET_GROUPS = {
    "all": set(PRESET_SHORT_NAMES.values()),
    "stock variants": {"c2", "c3", "c4", "c6", "b2", "sc", "bo"},
    "two-sided games": {"c2", "c4", "c6", "bg", "b2", "b5", "sc", "bo"},
}
OPTION_ROW = re.compile(r"^\| `(\w+)` \|.*\| (.*?) \| (.*?) \| \[([\d.]+)\]\(", re.M)


def test_the_options_reference_agrees_with_the_code() -> None:
    rows = {
        name: (applies, parent, section)
        for name, applies, parent, section in OPTION_ROW.findall(
            (RULES / "options.md").read_text(encoding="utf-8")
        )
    }
    assert set(rows) == set(briscola.OPTIONS)
    for name, info in briscola.OPTIONS.items():
        applies, parent, section = rows[name]
        listed = applies.split(" (")[0]
        presets = PRESET_GROUPS.get(listed) or {preset.strip() for preset in listed.split(",")}
        assert presets == {PRESET_SHORT_NAMES[preset] for preset in info.applies_to}, name
        assert section == info.section, name
        assert (parent.startswith("—")) == (info.parent is None), name
        if info.parent is not None:
            assert f"`{info.parent}" in parent, name


def test_the_citation_file_names_the_current_version() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    citation = (ROOT / "CITATION.cff").read_text(encoding="utf-8")
    versions = re.findall(r'^\s*version: "([^"]+)"$', citation, re.M)
    assert versions == [project["version"]] * 2
    assert briscola.__version__ == project["version"]
    assert re.search(r'^\s*- name: "The briscola developers"$', citation, re.M)
    assert re.search(r"^license: MIT$", citation, re.M)


def test_the_limits_that_end_every_match_are_those_of_the_code() -> None:
    from briscola import match

    rule = " ".join((RULES / "table-rules.md").read_text(encoding="utf-8").split())
    page = " ".join((DOCS / "matches.md").read_text(encoding="utf-8").split())
    limit = match._MAX_FORMAT_VALUE
    assert limit == match._MAX_REPLAY_THRESHOLD  # the pages give one figure for both
    assert f"more than {limit} deals or wins is refused" in rule
    assert f"`win_threshold` above {limit} in a match" in rule
    assert f"not decided after {match.MAX_DEALS} deals" in rule
    assert f"more than {limit} deals or wins" in page
    assert f"`briscola.match.MAX_DEALS` ({match.MAX_DEALS}) deals" in page
