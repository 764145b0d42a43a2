"""Render the doctests of the package's docstrings as Python console code blocks.

The docstrings of `briscola` write their doctests as plain paragraphs (``>>>`` at the start
of a line), not under an ``Examples:`` heading. Markdown would read those lines as nested
block quotes. This Griffe extension wraps every such block (from a ``>>>`` line at the left
margin to the next blank line) in a fenced ``pycon`` block before the docstring is rendered.
Doctests under an ``Examples:`` heading are indented and are left alone, as are fenced
blocks.
"""

from __future__ import annotations

from typing import Any

import griffe


def fence_doctests(text: str) -> str:
    """Return ``text`` with every top-level doctest block fenced as ``pycon``."""
    lines = text.split("\n")
    out: list[str] = []
    in_fence = False
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.lstrip().startswith("```"):
            in_fence = not in_fence
        elif not in_fence and line.startswith(">>>"):
            block: list[str] = []
            while i < len(lines) and lines[i].strip():
                block.append(lines[i])
                i += 1
            if out and out[-1].strip():
                out.append("")
            out.extend(["```pycon", *block, "```", ""])
            continue
        out.append(line)
        i += 1
    return "\n".join(out).rstrip("\n")


class DoctestBlocks(griffe.Extension):
    """Fence the top-level doctests of every docstring."""

    def on_object(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        docstring = obj.docstring
        if docstring is not None and ">>>" in docstring.value:
            docstring.value = fence_doctests(docstring.value)
