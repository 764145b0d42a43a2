"""Store a deal as a record (text and JSON), read it back and replay it."""

from __future__ import annotations

import random

import briscola


def main(seed: int = 3) -> briscola.State:
    """Play a deal, write it down both ways, read it back and check the replay."""
    state = briscola.random_playout(briscola.new_game("classic-4", seed=seed), random.Random(seed))
    record = briscola.Record.from_state(state, Event="Club night", Date="2026.11.29")
    text = record.to_text()
    print(text.splitlines()[0], "...", len(text.splitlines()), "lines")
    again = briscola.Record.from_text(text)
    assert again.final_state() == state
    document = briscola.dumps(state)
    loaded = briscola.loads(document)
    assert loaded == state
    print(f"state as JSON: {len(document)} characters; replayed and checked on loading")
    tampered = document.replace('"points": [', '"points": [1', 1)
    try:
        briscola.loads(tampered)
    except briscola.BriscolaError as error:
        print("a tampered state is refused:", error)
    return loaded


if __name__ == "__main__":
    main()
