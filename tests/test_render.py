"""`render`: the text description of a view or a state.

A rendered view names the variant, whose turn it is, the trump and the seat's own hand,
and never shows a card that seat cannot see. A rendered state (the referee's table) shows
every hand.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any, Final

import pytest

from briscola import (
    VARIANTS,
    Card,
    Declare,
    Has,
    HasNot,
    Move,
    NameCard,
    Phase,
    Play,
    State,
    Suit,
    SwapTrump,
    View,
    apply,
    is_over,
    legal_moves,
    new_game,
    observe,
    parse_move,
    public_view,
    render,
    rules,
)
from helpers import card_codes_in, seeded_game

PRESETS: Final = tuple(VARIANTS)
# §1.1: the names of each suit.
SUIT_NAMES: Final = {
    Suit.DENARI: ("denari", "coins", "diamonds", "ori"),
    Suit.COPPE: ("coppe", "cups", "hearts"),
    Suit.SPADE: ("spade", "swords", "spades"),
    Suit.BASTONI: ("bastoni", "batons", "clubs", "cudgels"),
}
CASES: Final[list[tuple[str, dict[str, object]]]] = [
    *((variant, {}) for variant in PRESETS),
    ("classic", {"seven_swap": True, "two_swap": True, "two_swap_window": "both"}),
    ("classic", {"open_stock": True}),
    ("classic-3", {"removed_two": "random", "open_hands": True}),
    ("classic-4", {"signals": True, "public_claims": True, "no_signals_first_trick": False}),
    ("classic-4", {"share_hands_before_first_trick": "voluntary"}),
    ("classic-6", {"share_hands_when_stock_empty": "automatic", "signals": True}),
    ("chiamata", {"first_trick_blind": "committed"}),
    ("chiamata", {"first_trick_blind": "free_choice", "players": 6}),
    ("chiamata-milan", {"auction": "points_only"}),
    ("bugiarda", {"trump_source": "separate_flip"}),
    ("bugiarda-5", {"public_claims": True}),
    ("bugiarda-2", {"declaration_round": True}),
]


def a_few(states: list[State]) -> list[State]:
    """The deal, a state in the middle of a trick, a state between tricks, and the end."""
    middle = [s for s in states if s.trick]
    between = [s for s in states if s.tricks and not s.trick and s.turn is not None]
    picked = [states[0], states[-1]]
    if middle:
        picked.append(middle[len(middle) // 2])
    if between:
        picked.append(between[len(between) // 3])
    return picked


def views(state: State) -> Iterator[View]:
    for seat in range(state.rules.players):
        yield observe(state, seat)
    yield public_view(state)


def mentions_suit(text: str, suit: Suit) -> bool:
    lowered = text.lower()
    return any(re.search(rf"\b{name}\b", lowered) for name in SUIT_NAMES[suit])


def named_cards(moves: Iterator[Move]) -> set[Card]:
    """The cards that moves name: played, exchanged, called or claimed."""
    cards: set[Card] = set()
    for move in moves:
        if isinstance(move, Play | SwapTrump | NameCard):
            cards.add(move.card)
        elif isinstance(move, Declare) and isinstance(move.claim, Has | HasNot):
            cards.add(move.claim.card)
    return cards


def visible_cards(view: View) -> set[Card]:
    """Every card the view shows or names (§1.10)."""
    cards = set(view.hand) | set(view.removed) | set(view.trick)
    for hand in view.hands:
        cards |= set(hand or ())
    for known in view.known_cards:
        cards |= set(known)
    for _, shown in view.shown:
        cards |= set(shown)
    for trick in view.tricks:
        cards |= set(trick.cards)
    for card in (view.trump_card, view.initial_trump_card, view.called_card):
        if card is not None:
            cards.add(card)
    cards |= set(view.stock or ())
    cards |= named_cards(move for _, move in view.history)
    cards |= named_cards(iter(view.legal_moves))
    return cards


def check_view(state: State, view: View) -> None:
    text = render(view)
    assert isinstance(text, str)
    assert text.strip()
    assert view.rules.variant in text
    head = text.splitlines()[0]
    if view.turn is None:
        assert "over" in head.lower(), text
    else:
        assert re.search(rf"\bseat {view.turn}\b", head), text
    if view.trump_suit is not None:
        assert mentions_suit(text, view.trump_suit), text
    else:
        assert "trump" in text.lower()
    shown = card_codes_in(text)
    for card in view.hand:
        assert str(card) in shown, (card, text)
    # No leak: a card the seat cannot see never appears in its text.
    in_play = set(state.rules.deck) - set(state.removed)
    hidden = in_play - visible_cards(view)
    leaked = {str(card) for card in hidden} & shown
    assert not leaked, (view.seat, leaked, text)


def check_state(state: State) -> None:
    text = render(state)
    assert state.rules.variant in text
    head = text.splitlines()[0]
    if state.turn is None:
        assert "over" in head.lower(), text
    else:
        assert re.search(rf"\bseat {state.turn}\b", head), text
    if state.trump_suit is not None:
        assert mentions_suit(text, state.trump_suit), text
    shown = card_codes_in(text)
    for hand in state.hands:
        for card in hand:
            assert str(card) in shown, (card, text)


@pytest.mark.parametrize("variant", PRESETS)
def test_render_names_the_variant_the_turn_the_trump_and_the_hand(variant: str) -> None:
    for state in a_few(seeded_game(variant, 3)):  # type: ignore[arg-type]
        check_state(state)
        for view in views(state):
            check_view(state, view)


@pytest.mark.parametrize(("variant", "options"), CASES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_rendered_view_never_shows_a_hidden_card(
    variant: str, options: dict[str, object], seed: int
) -> None:
    states = seeded_game(variant, seed, **options)  # type: ignore[arg-type]
    for state in states[:: max(1, len(states) // 12)] + [states[-1]]:
        check_state(state)
        for view in views(state):
            check_view(state, view)


def test_a_spectator_sees_no_hand() -> None:
    state = seeded_game("classic-4", 5)[9]
    text = render(public_view(state))
    for hand in state.hands:
        for card in hand:
            assert str(card) not in card_codes_in(text)


def test_open_hands_are_rendered() -> None:
    state = new_game("scoperta", seed=6)
    text = render(observe(state, 0))
    for hand in state.hands:
        for card in hand:
            assert str(card) in card_codes_in(text)


def test_an_open_stock_is_rendered() -> None:
    state = new_game("classic", seed=6, open_stock=True)
    text = render(observe(state, 1))
    for card in state.stock:
        assert str(card) in card_codes_in(text)


def test_a_render_of_a_view_depends_on_the_view_only() -> None:
    one = new_game("classic", seed=1)
    view = observe(one, 0)
    assert render(view) == render(view)
    other = observe(one, 1)
    assert render(view) != render(other)


def test_the_called_card_stays_secret_under_a_blind_first_trick() -> None:
    """§1.10: under first_trick_blind the trump suit is hidden from everyone but
    the caller until the last card of trick 1."""
    for seed in range(1, 6):
        for state in seeded_game("chiamata", seed, first_trick_blind="committed"):
            if state.tricks or state.trump_suit is None:
                continue
            for view in views(state):
                if view.seat is not None and view.seat == view.caller:
                    continue
                assert view.trump_suit is None
                assert view.called_card is None
                check_view(state, view)


def test_the_leak_check_knows_what_is_hidden() -> None:
    """The set of hidden cards used above is exactly the opponent's hand and the stock."""
    state = new_game("classic", seed=8)
    view = observe(state, 0)
    hidden = set(state.rules.deck) - visible_cards(view)
    assert hidden == set(state.hands[1]) | set(state.stock)
    assert len(hidden) == 3 + 33
    assert not {str(card) for card in hidden} & card_codes_in(render(view))
    assert {str(card) for card in state.hands[1]} <= card_codes_in(render(state))


TABLES: Final = [
    *((variant, {}) for variant in PRESETS),
    ("classic-3", {"removed_two": "random"}),
    ("chiamata", {"players": 6, "six_player_form": "remove_fours"}),
    ("chiamata", {"players": 6, "six_player_form": "dealer_sits_out"}),
]


@pytest.mark.parametrize(("variant", "options"), TABLES)
def test_the_header_counts_the_tricks_of_the_deal(variant: str, options: dict[str, Any]) -> None:
    r = rules(variant, **options)  # type: ignore[arg-type]
    rng = random.Random(5)
    state = new_game(r, seed=5)
    headers = []
    while not is_over(state):
        headers.append(render(state).splitlines()[0])
        state = apply(state, rng.choice(legal_moves(state)))
    assert len(state.tricks) == r.tricks_per_deal
    assert f"trick {r.tricks_per_deal} of {r.tricks_per_deal} " in headers[-1]
    assert all(f" of {r.tricks_per_deal} " in header for header in headers if "trick " in header)


def test_briscolone_shows_its_stock_though_it_has_no_trump() -> None:
    text = render(observe(new_game("briscolone", seed=2), 0))
    assert "trumps: none (stock 30)" in text.splitlines()


def test_one_card_is_one_card() -> None:
    state = new_game("classic", seed=5)
    while len(state.hands[1]) != 1:
        state = apply(state, legal_moves(state)[0])
    assert "others: seat 1: 1 card" in render(observe(state, 0)).splitlines()


def test_the_auction_line_gives_the_highest_bid_and_who_passed() -> None:
    state = new_game("chiamata", seed=1)
    assert "auction: no bid yet" in render(observe(state, 0)).splitlines()
    for text in ("bid 3", "bid K", "pass"):
        state = apply(state, parse_move(text))
    lines = render(observe(state, 3)).splitlines()
    assert "auction: seat 1 is highest, bid K; passed: 2" in lines


@pytest.mark.parametrize(
    ("mode", "line"),
    [
        ("committed", "trumps: named in secret, shown after trick 1"),
        ("free_choice", "trumps: named once trick 1 is down"),
    ],
)
def test_a_blind_first_trick_says_when_the_trumps_are_named(mode: str, line: str) -> None:
    # §2.5.8: under a blind first trick the other seats do not see the suit during trick 1.
    state = new_game("chiamata", seed=3, first_trick_blind=mode)  # type: ignore[arg-type]
    rng = random.Random(3)
    while state.phase is not Phase.PLAY:
        state = apply(state, rng.choice(legal_moves(state)))
    caller = observe(state, 0).caller
    assert caller is not None
    view = observe(state, (caller + 1) % 5)
    assert view.trump_suit is None
    assert line in render(view).splitlines()


@pytest.mark.parametrize(
    ("mode", "seat", "lines"),
    [
        # Before the call, for everyone, the caller included.
        ("off", 0, ["won the auction (bid 4) for 61, no card called yet", "called 4D for 61"]),
        ("off", 1, ["won the auction (bid 4) for 61, no card called yet", "called 4D for 61"]),
        # Named in secret before trick 1: the others know a card was called, not which.
        ("committed", 0, ["won the auction (bid 4) for 61, no card called yet", "called 4D"]),
        (
            "committed",
            1,
            ["won the auction (bid 4) for 61, no card called yet", "called a secret"],
        ),
        # Named after trick 1: nothing is called while it is played.
        ("free_choice", 1, ["won the auction (bid 4) for 61, no card called yet"] * 2),
    ],
)
def test_the_contract_line_says_whether_the_card_is_called(
    mode: str, seat: int, lines: list[str]
) -> None:
    # §2.5.4: the caller names the called card after the auction; §2.5.8 blind first trick.
    state = new_game("chiamata", seed=5, first_trick_blind=mode)  # type: ignore[arg-type]
    for text in ("bid K", "pass", "bid 7", "pass", "bid 5", "bid 4", "pass", "pass"):
        state = apply(state, parse_move(text))
    for expected in lines:  # before the call, then after the first move that follows
        contract = [line for line in render(observe(state, seat)).splitlines() if "61" in line]
        assert len(contract) == 1
        assert contract[0].startswith(f"seat 0 {expected}")
        state = apply(state, legal_moves(state)[0])


def test_many_claims_are_shown_by_their_forms() -> None:
    # §3.6 public claims: one for nearly every card; the other moves stay listed one by one.
    state = new_game("classic-4", seed=1, public_claims=True)
    view = observe(state, 0)
    claims = [str(m) for m in view.legal_moves if str(m).startswith("declare ")]
    claims = [c for c in claims if c.split()[1] in ("has", "lacks")]
    line = next(line for line in render(view).splitlines() if line.startswith("your moves: "))
    plays = ", ".join(str(card) for card in view.hand)
    assert line.startswith(f"your moves: {plays}, ")
    assert line.endswith(
        f"declare has CARD or declare lacks CARD ({len(claims)} claims, such as {claims[0]})"
    )
    milan = apply(new_game("chiamata-milan", seed=3), parse_move("bid 2"))  # §2.5.3
    line = render(observe(milan, 1)).splitlines()[-1]
    assert line == "your moves: points N (61 to 120), pass"
    milan = apply(milan, parse_move("points 115"))
    assert render(observe(milan, 2)).splitlines()[-1] == (
        "your moves: points 116, points 117, points 118, points 119, points 120, pass"
    )
    few = observe(new_game("classic", seed=1), 0)
    assert f"your moves: {', '.join(map(str, few.legal_moves))}" in render(few).splitlines()
