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

import attrs
import pytest

from briscola import (
    DECK,
    VARIANTS,
    BidPoints,
    Card,
    Declare,
    Has,
    HasNot,
    InvalidStateError,
    Move,
    NameCard,
    Pass,
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
    new_match,
    observe,
    parse_move,
    public_view,
    render,
    rules,
)
from briscola.render import moves_text
from helpers import card_codes_in, play, play_out, seeded_game, untyped

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


def test_a_classic_deal_as_a_seat_and_as_the_referee_sees_it() -> None:
    state = new_game("classic", seed=1)
    assert render(observe(state, 0)).splitlines() == [
        "classic · dealer 1 · trick 1 of 20 · seat 0 to act",
        "trumps: Coppe (face-up 3C under the stock, 34 to draw)",
        "your hand (seat 0): 2D 4C AS",
        "others: seat 1: 3 cards",
        "points: 0/0",
        "your moves: 2D, 4C, AS",
    ]
    assert render(state).splitlines() == [
        "classic · dealer 1 · trick 1 of 20 · seat 0 to act",
        "trumps: Coppe (face-up 3C under the stock, 34 to draw)",
        "hands: seat 0: 2D 4C AS, seat 1: QC KS 5B",
        "points: 0/0",
    ]


@pytest.mark.parametrize(
    ("variant", "options", "moves", "head"),
    [
        ("chiamata", {}, (), "chiamata · dealer 4 · the auction · seat 0 to act"),
        ("chiamata", {}, ("bid 2",), "chiamata · dealer 4 · the call · seat 0 to act"),
        (
            "bugiarda-2",
            {"declaration_round": True},
            (),
            "bugiarda-2 · dealer 1 · the declaration round · seat 0 to act",
        ),
        (
            "classic",
            {"seven_swap": True, "two_swap": True, "two_swap_window": "both"},
            (),
            "classic · dealer 1 · the exchange round · seat 0 to act",
        ),
        (
            "classic-4",
            {"share_hands_before_first_trick": "voluntary"},
            (),
            "classic-4 · dealer 3 · the hand-showing round · seat 0 to act",
        ),
    ],
)
def test_the_header_names_the_round_before_trick_play(
    variant: str, options: dict[str, object], moves: tuple[str, ...], head: str
) -> None:
    state = play(new_game(variant, seed=3, **options), *moves)  # type: ignore[arg-type]
    assert render(observe(state, 0)).splitlines()[0] == head


def test_a_suit_named_once_trick_1_is_down_is_named_inside_trick_1() -> None:
    """§2.5.8 free_choice: the caller names the suit after the last card of trick 1."""
    state = play(new_game("chiamata", seed=3, first_trick_blind="free_choice"), "bid 2")
    while state.phase is Phase.PLAY:
        state = apply(state, legal_moves(state)[0])
    assert state.phase is Phase.NAME_TRUMP
    head = render(observe(state, 0)).splitlines()[0]
    assert head == "chiamata · dealer 4 · trick 1 of 8 · seat 0 to act"


def test_the_trumps_are_not_named_yet_during_the_auction_of_a_blind_first_trick() -> None:
    """§2.5.8: the suit is named in secret only once the auction is over."""
    state = new_game("chiamata", seed=1, first_trick_blind="committed")
    assert render(observe(state, 1)).splitlines()[1] == "trumps: not named yet"


def test_only_the_two_taken_out_of_classic_3_is_listed_out_of_the_deck() -> None:
    """§2.2: classic-3 takes one 2 out; the 4s of a 36-card Chiamata (§2.5.8) are not listed."""
    assert "out of the deck: 2C" in render(observe(new_game("classic-3", seed=1), 0)).splitlines()
    six = new_game("chiamata", seed=1, players=6, six_player_form="remove_fours")
    assert six.removed
    assert not [line for line in render(six).splitlines() if line.startswith("out of the deck")]


def test_a_hand_shown_to_a_partner_is_listed_for_that_partner() -> None:
    """§3.3: a hand shown before the first trick is shown to the partner."""
    state = play(
        new_game("classic-4", seed=3, share_hands_before_first_trick="voluntary"), "show hand"
    )
    assert "seat 0 showed: 7D 6S QB" in render(observe(state, 2)).splitlines()


def test_the_said_line_gives_the_last_twelve_moves_that_are_not_plays() -> None:
    quiet = render(new_game("classic", seed=1)).splitlines()
    assert not [line for line in quiet if line.startswith("said")]
    texts = ["bid K", "bid Q", "bid J", "bid 7", "bid 6", "bid 5", "bid 4", "bid 2"]
    texts += [f"points {target}" for target in range(61, 67)]
    state = play(new_game("chiamata-milan", seed=1), *texts)
    said = [f"{i % 5}: {text}" for i, text in enumerate(texts)]
    assert f"said: {'; '.join(said[-12:])}" in render(observe(state, 0)).splitlines()


def test_the_auction_line_lists_every_seat_that_passed_and_a_point_bid() -> None:
    """§2.5.2: a pass is for good; §2.5.3: a point call is the highest bid."""
    state = play(new_game("chiamata", seed=1), "bid K", "bid Q", "pass", "pass", "pass")
    lines = render(observe(state, 0)).splitlines()
    assert "auction: seat 1 is highest, bid Q; passed: 2, 3, 4" in lines
    milan = play(new_game("chiamata-milan", seed=1), "bid 2", "points 70")
    assert "auction: seat 1 is highest, points 70" in render(observe(milan, 2)).splitlines()


def test_the_trick_lines_name_who_played_each_card_and_who_took_the_last_trick() -> None:
    state = new_game("classic", seed=7)
    while len(state.tricks) < 2 or not state.trick:
        state = apply(state, legal_moves(state)[0])
    lines = render(observe(state, 0)).splitlines()
    assert "trick: 1:QC" in lines
    assert "last trick: 0:QD 1:KD -> seat 1 (7)" in lines


def test_the_end_of_a_deal_shows_the_empty_hands_and_the_result() -> None:
    won = new_game("classic", seed=1)
    while not is_over(won):
        won = apply(won, legal_moves(won)[0])
    lines = render(observe(won, 0)).splitlines()
    assert lines[0] == "classic · dealer 1 · over"
    assert lines[1] == "trumps: Coppe (stock 0)"
    assert "your hand (seat 0): -" in lines
    assert lines[-1] == "points: 68/52; won by 0; game points +1 -1"
    tied = new_game("classic", seed=6)
    while not is_over(tied):
        tied = apply(tied, legal_moves(tied)[0])
    assert render(tied).splitlines()[-1] == "points: 60/60; no winner; game points +0 +0"


def test_a_deal_thrown_in_has_no_trumps_and_is_void() -> None:
    """§2.5.2 step 7: under all_pass="redeal" a deal everyone passes is void."""
    state = play(new_game("chiamata", seed=4, all_pass="redeal"), *["pass"] * 5)
    lines = render(state).splitlines()
    assert lines[1] == "trumps: none"
    assert lines[-1] == "points: 0/0/0/0/0; void deal; game points +0 +0 +0 +0 +0"


def test_a_trump_card_dealt_to_a_seat_is_shown_in_its_hand() -> None:
    """§2.6.3: the last card dealt fixes the trumps and stays, shown, in seat 3's hand; the
    dealer, seat 4, sits out."""
    lines = render(observe(new_game("bugiarda-5", seed=0), 0)).splitlines()
    assert lines[1] == "trumps: Spade (6S is in seat 3's hand)"
    assert lines[3] == "others: seat 1: 10 cards, seat 2: 10 cards, seat 3: 10 cards incl. 6S"


def test_the_contract_line_names_the_partner_only_to_whoever_knows_it() -> None:
    """§2.5.4: until the called card is played only its holder and the referee know the
    partner; the caller knows a solo."""

    def contract(table: View | State) -> str:
        return next(line for line in render(table).splitlines() if line.startswith("seat 0 "))

    auction = ("bid K", "pass", "bid 7", "pass", "bid 5", "bid 4", "pass", "pass")
    state = play(new_game("chiamata", seed=5), *auction, "suit D")
    called = Card.parse("4D")
    assert called in state.hands[3]
    assert contract(observe(state, 0)) == "seat 0 called 4D for 61"
    assert contract(observe(state, 3)) == "seat 0 called 4D for 61; you hold the called card"
    assert contract(state) == "seat 0 called 4D for 61; partner seat 3"
    while called not in state.trick:
        state = apply(state, legal_moves(state)[0])
    for seat in range(5):
        assert contract(observe(state, seat)) == "seat 0 called 4D for 61; partner seat 3"
    solo = play(new_game("chiamata", seed=5), "bid Q", *["pass"] * 4, "suit D")
    assert contract(observe(solo, 0)) == "seat 0 called QD for 61; plays alone"
    assert contract(observe(solo, 1)) == "seat 0 called QD for 61"


def test_claims_and_point_bids_are_folded_only_when_there_are_more_than_twelve() -> None:
    claims = tuple(Declare(Has(x)) for x in DECK[:13])
    assert moves_text(claims[:12]) == ", ".join(map(str, claims[:12]))
    assert moves_text(claims) == "declare has CARD (13 claims, such as declare has AD)"
    mixed = tuple(Declare(HasNot(x)) for x in DECK[:7]) + claims[:7]
    assert moves_text(mixed) == (
        "declare has CARD or declare lacks CARD (14 claims, such as declare lacks AD)"
    )
    bids = tuple(BidPoints(target) for target in range(61, 74))
    assert moves_text(bids[:12]) == ", ".join(map(str, bids[:12]))
    assert moves_text(bids) == "points N (61 to 73)"
    spaced = tuple(BidPoints(target) for target in range(61, 87, 2))
    assert moves_text(spaced) == ", ".join(map(str, spaced))


def test_the_match_line_of_a_finished_match() -> None:
    match = play_out(new_match("classic-4", seed=1), random.Random(1))
    assert render(match).splitlines()[0] == (
        "match best_of(3) · deal 3 · deals won 1/2/1/2 · totals -1/1/-1/1 · won by 1+3"
    )
    drawn = new_match("chiamata", seed=1, all_pass="redeal", format="first_to_game_points(5)")
    while not is_over(drawn):
        drawn = apply(drawn, Pass())
    assert render(drawn).splitlines()[0].endswith(" · a drawn match")


def test_the_totals_of_seats_without_partners_are_not_summed_by_side() -> None:
    match = new_match("classic", seed=1, format="cumulative_points(120)")
    assert render(match).splitlines()[0] == (
        "match cumulative_points(120) · deal 1 · deals won 0/0 · totals 0/0"
    )


def test_render_refuses_a_match_view_holding_a_state_and_names_a_wrong_type() -> None:
    match = new_match("classic", seed=1)
    edited = attrs.evolve(observe(match, 0), deal=untyped(match.state))
    with pytest.raises(InvalidStateError, match=r"^render\(\) cannot use this match view"):
        render(edited)
    with pytest.raises(
        InvalidStateError,
        match=r"^render\(\) needs a State, a View, a Match or a MatchView, not int$",
    ):
        render(untyped(42))
