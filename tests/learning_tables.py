"""The tables of docs/learning.md, generated from `briscola.encoding`.

``python tests/learning_tables.py`` prints them; `test_learning_docs` checks that the page
holds exactly these tables, so the page cannot drift from the code.
"""

from __future__ import annotations

from briscola import VARIANTS
from briscola.encoding import (
    ACTION_LAYOUT,
    max_game_length,
    observation_layout,
    observation_shape,
    utility_bounds,
)


def action_table() -> str:
    """The action index space, range by range."""
    rows = ["| indices | moves |", "| --- | --- |"]
    for entry in ACTION_LAYOUT:
        last = entry.start + entry.size - 1
        span = str(entry.start) if entry.size == 1 else f"{entry.start}–{last}"
        rows.append(f"| {span} | {entry.description} |")
    return "\n".join(rows)


def observation_table(variant: str) -> str:
    """The observation layout of a preset, part by part."""
    rows = ["| offset | size | part | values |", "| ---: | ---: | --- | --- |"]
    for segment in observation_layout(variant):
        rows.append(
            f"| {segment.offset} | {segment.size} | `{segment.name}` | {segment.description} |"
        )
    return "\n".join(rows)


def presets_table() -> str:
    """Observation size, utility bounds and maximum game length of every preset."""
    rows = [
        "| preset | observation size | game points | moves at most |",
        "| --- | ---: | --- | ---: |",
    ]
    for name in sorted(VARIANTS):
        low, high = utility_bounds(name)
        rows.append(
            f"| `{name}` | {observation_shape(name)[0]} | {low} to {high} | "
            f"{max_game_length(name)} |"
        )
    return "\n".join(rows)


if __name__ == "__main__":
    print(action_table(), observation_table("classic"), presets_table(), sep="\n\n")
