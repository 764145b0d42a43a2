"""`View.received`: a seat's own cards in the order it received them.

* Over random deals of every preset: the first cards are the dealt hand, in the order of
  the canonical deal (§1.6); every later card is the one that appeared in the seat's hand,
  in order; a spectator's view has none.
* `determinize` keeps the order (the sampled world gives the same view back, this field
  included) and it survives a JSON round trip.
"""

from __future__ import annotations

import itertools
import pickle
from typing import Final

from hypothesis import given

import briscola
from briscola import View, determinize, dumps, loads, new_game, observe, public_view
from strategies import GameSpec, deal_settings, games, replay

SETTINGS: Final = deal_settings(60)


def dealt_in_order(state: briscola.State, seat: int) -> list[briscola.Card]:
    """The deck positions the canonical deal gives ``seat``, one packet at a time."""
    r = state.rules
    order = r.seats_for(state.dealer)
    packet = r.deal_packet_size
    count = r.active_players * r.hand_size
    return [
        state.deck[i] for i in range(count) if order[(i % (packet * len(order))) // packet] == seat
    ]


@SETTINGS
@given(games())
def test_received_follows_the_deal_and_the_draws(spec: GameSpec) -> None:
    states = replay(spec)
    r = spec.rules
    for seat in range(r.players):
        expected = dealt_in_order(states[0], seat)
        for before, after in itertools.pairwise(states):
            gained = [card for card in after.hands[seat] if card not in before.hands[seat]]
            assert len(gained) <= 1  # one card at a time: a draw or an exchange
            expected += gained
            assert observe(after, seat).received == tuple(expected)
        assert set(observe(states[-1], seat).received) >= set(states[-1].hands[seat])
    assert public_view(states[-1]).received == ()


def test_received_is_kept_by_determinize_and_json() -> None:
    state = new_game("classic", seed=12)
    for _ in range(14):
        state = briscola.apply(state, briscola.legal_moves(state)[-1])
    view = observe(state, 1)
    assert len(view.received) == 3 + len(state.tricks)
    for seed in range(5):
        assert observe(determinize(view, seed=seed), 1).received == view.received
    loaded = loads(dumps(view))
    assert isinstance(loaded, View)
    assert loaded == view


@SETTINGS
@given(games())
def test_a_state_rebuilt_from_its_fields_gives_the_same_received_order(spec: GameSpec) -> None:
    """A state unpickled mid-deal starts from its tricks, not from the deal's records."""
    states = replay(spec)
    for state in states[1 :: max(1, len(states) // 6)] + [states[-1]]:
        rebuilt = pickle.loads(pickle.dumps(state))
        for seat in range(spec.rules.players):
            assert observe(rebuilt, seat).received == observe(state, seat).received
