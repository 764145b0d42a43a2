"""Each table rule is declared once, in `OPTIONS`; everything else must agree with it.

The `Rules` fields, the presets, the JSON Schema of `rules_schema` and the options table of
docs/table-rules.md are checked against the declaration here, so none of them can drift.
"""

from __future__ import annotations

import enum
import importlib
import re
from pathlib import Path

import attrs
import pytest
from jsonschema import Draft202012Validator  # type: ignore[import-untyped]

import briscola
from briscola import OPTIONS, VARIANTS, Rules, RulesError

rules_module = importlib.import_module("briscola.rules")
TABLE_RULES = Path(__file__).resolve().parent.parent / "docs" / "table-rules.md"


def test_every_option_is_a_rules_field_with_the_declared_default() -> None:
    fields = attrs.fields_dict(Rules)
    for name, info in OPTIONS.items():
        assert name in fields, name
        if name != "players":  # the number of seats is the preset's shape
            assert fields[name].default == info.default, name


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_preset_has_the_declared_defaults(variant: str) -> None:
    preset = VARIANTS[variant]
    for name, info in OPTIONS.items():
        assert getattr(preset, name) == info.default_for(variant), (variant, name)


def test_the_declared_values_are_the_accepted_ones() -> None:
    for name, info in OPTIONS.items():
        variant = sorted(info.applies_to)[0]
        if info.kind is bool:
            assert info.choices is None
            briscola.rules(variant, **{name: True})  # type: ignore[arg-type]
            with pytest.raises(RulesError, match=f"{name}=1 is not valid"):
                briscola.rules(variant, **{name: 1})  # type: ignore[arg-type]
        elif isinstance(info.kind, type) and issubclass(info.kind, enum.StrEnum):
            assert info.choices == tuple(member.value for member in info.kind)
        if info.choices is not None and name not in ("players", "trump_suit"):
            for choice in info.choices:
                briscola.rules(variant, **{name: choice})  # type: ignore[arg-type]
        if info.bounds is not None:
            low, high = info.bounds
            briscola.rules(variant, **{name: low})  # type: ignore[arg-type]
            with pytest.raises(RulesError, match="is not valid"):
                briscola.rules(variant, **{name: low - 1})  # type: ignore[arg-type]
            if high is not None:
                with pytest.raises(RulesError, match="is not valid"):
                    briscola.rules(variant, **{name: high + 1})  # type: ignore[arg-type]


def test_the_values_text_names_every_choice() -> None:
    # The text is what the web lobby shows beside an option and what an error suggests:
    # a choice option lists its values in the words a player types.
    for name, info in OPTIONS.items():
        if isinstance(info.kind, type) and issubclass(info.kind, enum.StrEnum):
            for choice in info.choices or ():
                assert f'"{choice}"' in info.values, (name, choice)


def test_every_option_has_a_doc_line_and_a_known_parent() -> None:
    for name, info in OPTIONS.items():
        assert info.doc, name
        assert "\n" not in info.doc, name
        assert info.parent is None or info.parent in OPTIONS, name


def _json(value: object) -> object:
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple):
        return list(value)
    return value


def test_the_schema_accepts_every_preset_and_refuses_what_rules_refuses() -> None:
    schema = rules_module.rules_schema()
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema)
    for variant, preset in VARIANTS.items():
        document = {"variant": variant} | {
            name: _json(getattr(preset, name))
            for name, info in OPTIONS.items()
            if variant in info.applies_to
        }
        assert not list(validator.iter_errors(document)), variant
    for bad in ({"variant": "classic", "tie_rule": "coin"}, {"variant": "classic", "x": 1}):
        assert list(validator.iter_errors(bad))
    assert list(validator.iter_errors({"variant": "classic", "win_threshold": 121}))


def _cites(cell: str, section: str) -> bool:
    """Whether a table cell cites ``§section`` (plain or as a link), and no other clause."""
    return re.fullmatch(rf"\[?§{re.escape(section)}(\]\([^)]*\))?", cell) is not None


def _options_table() -> dict[str, list[str]]:
    text = TABLE_RULES.read_text(encoding="utf-8")
    section = text.split("## All options", 1)[1].split("\n## ", 1)[0]
    rows: dict[str, list[str]] = {}
    for line in section.splitlines():
        found = re.match(r"\| \[`(\w+)`\]", line)
        if found:
            rows[found.group(1)] = [cell.strip() for cell in line.strip("|").split("|")]
    return rows


def _shown(value: object) -> str:
    value = _json(value)
    if isinstance(value, str):
        return f'`"{value}"`'
    if isinstance(value, list):
        return "`(" + ", ".join(f'"{item}"' for item in value) + ")`"
    return f"`{value!r}`"


def test_the_docs_options_table_follows_the_declaration() -> None:
    rows = _options_table()
    assert list(rows) == list(OPTIONS)
    for name, info in OPTIONS.items():
        _option, _values, default, _applies, section, _sources = rows[name]
        assert _cites(section, info.section), name
        for variant in info.applies_to:
            assert _shown(info.default_for(variant)) in default, (name, variant, default)


def test_equal_options_share_one_rules() -> None:
    assert briscola.rules("classic-4", signals=True) is briscola.rules("classic-4", signals=True)
    state = briscola.new_game("classic", seed=1, seven_swap=True)
    assert state.rules is briscola.rules("classic", seven_swap=True)
    with pytest.raises(RulesError):
        briscola.rules("classic", seven_swap=1)  # type: ignore[arg-type]


DOCS = TABLE_RULES.parent


def test_the_variants_table_follows_the_presets() -> None:
    rows: dict[str, list[str]] = {}
    for line in (DOCS / "variants" / "index.md").read_text(encoding="utf-8").splitlines():
        found = re.match(r"\| \[`([\w-]+)`\]\(([\w-]+)\.md\)", line)
        if found:
            rows[found.group(1)] = [cell.strip() for cell in line.strip("|").split("|")]
    assert list(rows) == list(VARIANTS)
    for variant, preset in VARIANTS.items():
        _id, players, deck, hand, stock, _trump, _sides, section = rows[variant]
        assert players.startswith(str(preset.players)), variant
        assert deck.startswith(str(len(preset.deck))), variant
        assert hand == str(preset.hand_size), variant
        undealt = len(preset.deck) - preset.dealt_cards  # the stock, face-up card included
        assert stock == (str(undealt) if preset.has_stock else "none"), variant
        assert _cites(section, rules_module._PRESETS[variant].section), variant


def test_the_preset_fields_table_lists_the_preset_fields() -> None:
    text = (DOCS / "adding-a-variant.md").read_text(encoding="utf-8")
    table = text.split("| field | meaning |", 1)[1].split("\n\n", 1)[0]
    listed = re.findall(r"^\| `(\w+)` \|", table, flags=re.MULTILINE)
    assert listed == [field.name for field in attrs.fields(rules_module._Preset)]


def test_every_variant_page_is_in_the_nav() -> None:
    nav = (DOCS.parent / "mkdocs.yml").read_text(encoding="utf-8")
    for variant in VARIANTS:
        assert f"variants/{variant}.md" in nav, variant


def test_each_variant_page_lists_its_options_with_the_preset_defaults() -> None:
    for variant in VARIANTS:
        text = (DOCS / "variants" / f"{variant}.md").read_text(encoding="utf-8")
        section = text.split("## Options", 1)[1].split("\n## ", 1)[0]
        assert section.count("| option | default |") == 1, variant
        rows = [
            [cell.strip() for cell in line.strip().strip("|").split("|")]
            for line in section.splitlines()
            if re.match(r"\| `\w+` \|", line)
        ]
        listed = [row[0].strip("`") for row in rows]
        assert listed == [name for name, info in OPTIONS.items() if variant in info.applies_to]
        for name, default, *_rest in rows:
            name = name.strip("`")
            value = OPTIONS[name].default_for(variant)
            assert default == _shown(value), (variant, name, default)


# Cells written in words rather than derived from the declaration's text, per table.
_WORDED_VALUES = {
    "first_leader_offset": ("`1`, `-1`", "`1`, `-1`"),
    "signal_tokens": ("a tuple of tokens", "a tuple of tokens from `SIGNAL_TOKENS`"),
    "trump_suit": ("a suit code or `None`", '`None`, `"D"`, `"C"`, `"S"`, `"B"`'),
}


def _values_cell(name: str, variant: str | None) -> str:
    """The values cell of ``name`` in the All options table (``variant`` None) or on a
    variant's page, as the declaration's ``values`` text gives it."""
    if name in _WORDED_VALUES:
        return _WORDED_VALUES[name][variant is not None]
    values = OPTIONS[name].values
    if values == "bool":
        return "bool" if variant is None else "`True`, `False`"
    if values == "1 or the hand size":
        hand = "the hand size" if variant is None else f"`{VARIANTS[variant].hand_size}`"
        return f"`1` or {hand}"
    if values.startswith("an int from "):
        return values
    choices = re.split(r", | or ", values)
    return ", ".join(f"`{choice}`" for choice in choices)


def test_the_options_tables_state_the_declared_values() -> None:
    for name, row in _options_table().items():
        assert row[1] == _values_cell(name, None), name
    for variant in VARIANTS:
        text = (DOCS / "variants" / f"{variant}.md").read_text(encoding="utf-8")
        section = text.split("## Options", 1)[1].split("\n## ", 1)[0]
        for line in section.splitlines():
            if re.match(r"\| `\w+` \|", line):
                name, _default, values, *_rest = (
                    cell.strip() for cell in line.strip().strip("|").split("|")
                )
                name = name.strip("`")
                assert values == _values_cell(name, variant), (variant, name)


def test_the_schema_requires_a_preset_id() -> None:
    validator = Draft202012Validator(rules_module.rules_schema())
    assert not list(validator.iter_errors({"variant": "classic"}))
    for bad in ({}, {"tie_rule": "draw"}, {"variant": "poker"}, {"variant": "classic-2"}):
        assert list(validator.iter_errors(bad)), bad
