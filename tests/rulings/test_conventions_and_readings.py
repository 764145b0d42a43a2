"""Clauses with no test of their own name elsewhere: the seats and first hand of §0.2, the
presets and moves of §0.4, the preset tables of §2.1, §2.3 and §2.4, the Chiamata match of
§2.5.7, the games left out by §2.9, where the table rules of §3 apply and their defaults, the
per-seat piles of §3.6, the order of the phases of Appendix A, and the rulings R1, R3, R5, R7
and R10 of §7.

Each test is named after the clause or ruling it pins (``s0_2`` = §0.2, ``r10`` = R10).
Seat counts (shared with the match tests), teams, deck sizes and defaults are written from
the rules reference, never read from the engine, so that a test can catch an engine that
disagrees with it.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Any, Literal

import pytest

import briscola.moves as moves
from _match_helpers import PLAYERS
from briscola import (
    OPTIONS,
    STRONG_HAND,
    VARIANTS,
    WEAK_HAND,
    BidPoints,
    Card,
    Declare,
    IllegalMoveError,
    Move,
    Pass,
    Phase,
    Rank,
    RulesError,
    ShowHand,
    Signal,
    State,
    Suit,
    SwapTrump,
    VariantId,
    apply,
    best_of,
    current_player,
    fixed_deals,
    is_over,
    legal_moves,
    new_game,
    new_match,
    observe,
    parse_move,
    public_view,
    rules,
    score,
)
from helpers import (
    CHIAMATA,
    FACE_UP,
    PARTNERS,
    POINTS,
    PRESET_IDS,
    TWO_SIDED,
    bugiarda5_sides,
    spread,
    stock_size,
    untyped,
    variant_codes,
    with_points,
)

# The table of §2: the sides fixed by the seating.
SIDES: dict[str, tuple[tuple[int, ...], ...]] = {
    "classic": ((0,), (1,)),
    "scoperta": ((0,), (1,)),
    "bugiarda-2": ((0,), (1,)),
    "briscolone": ((0,), (1,)),
    "classic-3": ((0,), (1,), (2,)),
    "classic-4": ((0, 2), (1, 3)),
    "classic-6": ((0, 2, 4), (1, 3, 5)),
    "bugiarda": ((0, 2), (1, 3)),
}


def pile_points(state: State, seat: int) -> int:
    """§1.3: the card points of the tricks ``seat`` took, counted from the tricks."""
    return sum(POINTS.get(str(c)[0], 0) for t in state.tricks if t.winner == seat for c in t.cards)


def walk(state: State, rng: random.Random) -> list[State]:
    """Every state from ``state`` to the end of its deal, by random legal moves."""
    states = [state]
    while not is_over(state):
        state = apply(state, rng.choice(legal_moves(state)))
        states.append(state)
    return states


def sides_of(variant: str, state: State) -> tuple[tuple[int, ...], ...]:
    """The fixed sides of a deal: §2.6.3 for ``bugiarda-5``, whose sides follow the dealer."""
    if variant == "bugiarda-5":
        return bugiarda5_sides(state.dealer)
    return SIDES[variant]


# --- §0.2 seats, dealer and first hand -------------------------------------------------------


@pytest.mark.parametrize("variant", PRESET_IDS)
def test_s0_2_default_dealer_and_first_hand(variant: VariantId) -> None:
    # Fails if new_game(dealer=None) picks another dealer than seat n-1, or if any preset's
    # first hand (first to receive c1, first to bid, declare or lead) is not next(D).
    n = PLAYERS[variant]
    default = new_game(variant, seed=2)
    assert default.dealer == n - 1
    assert default.deck[0] in default.hands[0]
    assert current_player(default) == 0
    for dealer in range(n):
        state = new_game(variant, seed=20 + dealer, dealer=dealer)
        first = (dealer + 1) % n
        assert state.dealer == dealer
        assert state.deck[0] in state.hands[first]  # c1 goes to F (§0.3, §1.6)
        assert current_player(state) == first  # F bids, declares or leads first
        rng = random.Random(dealer)
        while not state.tricks:
            state = apply(state, rng.choice(legal_moves(state)))
        assert state.tricks[0].leader == first  # and F leads trick 1, whoever called


@pytest.mark.parametrize(
    ("variant", "options"),
    [
        ("classic", {"two_swap": True, "two_swap_window": "before_first_lead"}),
        ("classic-3", {"seven_swap": True, "two_swap": True, "deal_packet_size": 3}),
        ("classic-4", {"share_hands_before_first_trick": "voluntary", "signals": True}),
        ("bugiarda-2", {"declaration_round": True, "public_claims": True}),
        ("bugiarda", {"trump_source": "separate_flip"}),
        ("bugiarda-5", {"share_hands_when_stock_empty": "voluntary"}),
        ("chiamata", {"first_trick_blind": "free_choice", "auction": "two_only"}),
        ("chiamata", {"first_trick_blind": "committed", "auction": "points_only"}),
        ("chiamata-milan", {"players": 6, "six_player_form": "remove_fours"}),
    ],
)
def test_s0_2_only_the_first_leader_options_move_the_first_lead(
    variant: VariantId, options: dict[str, Any]
) -> None:
    # Fails if an option other than first_leader (Chiamata) or first_leader_offset
    # (Bugiarda) moves the first lead away from F = next(D).
    n = 6 if options.get("players") == 6 else PLAYERS[variant]
    for dealer in range(n):
        state = new_game(variant, seed=dealer, dealer=dealer, **options)
        rng = random.Random(dealer)
        while not state.tricks:
            state = apply(state, rng.choice(legal_moves(state)))
        assert state.tricks[0].leader == (dealer + 1) % n, dealer


# --- §0.4 presets and moves -------------------------------------------------------------------

# §0.4: the move values, in the order the clause names them.
MOVE_NAMES = (
    "Play",
    "SwapTrump",
    "Bid",
    "BidPoints",
    "Pass",
    "NameSuit",
    "NameCard",
    "Declare",
    "Signal",
    "ShowHand",
)


def test_s0_4_the_presets_and_the_moves_are_those_named() -> None:
    # Fails if a preset is added, dropped, renamed or reordered, if rules() or new_game()
    # refuses one of the eleven ids or an option named with its default value, or if a move
    # or claim of §0.4 is missing from briscola.moves or does not read back from its text.
    assert tuple(VARIANTS) == PRESET_IDS
    for name in PRESET_IDS:
        variant: VariantId = untyped(name)
        assert rules(variant).variant == name
        assert new_game(variant, seed=3).rules == rules(variant)
    named: dict[str, Any] = {"seven_swap": False, "tie_rule": "draw"}
    for two_sided in ("classic", "classic-4"):
        variant = untyped(two_sided)
        assert rules(variant, **named) == rules(variant)
        assert new_game(variant, seed=3, **named) == new_game(variant, seed=3)
    assert tuple(kind.__name__ for kind in moves.MOVE_TYPES) == MOVE_NAMES
    ace = Card.parse("AC")
    examples: list[Move] = [
        moves.Play(ace),
        moves.SwapTrump(Card.parse("7C")),
        moves.Bid(Rank.KING),
        moves.BidPoints(70),
        moves.Pass(),
        moves.NameSuit(Suit.DENARI),
        moves.NameCard(Card.parse("KD")),
        moves.Declare(moves.Has(ace)),
        moves.Declare(moves.HasNot(ace)),
        moves.Declare(moves.WEAK_HAND),
        moves.Declare(moves.STRONG_HAND),
        moves.Signal("ACE"),
        moves.ShowHand(),
    ]
    assert {type(m).__name__ for m in examples} == set(MOVE_NAMES)
    for made in examples:
        assert parse_move(str(made)) == made


# --- §2.1, §2.3, §2.4 the preset tables of the classic family --------------------------------


def check_preset_table(
    variant: VariantId, face_up: int, stock: int, tricks: int, drawing: int
) -> None:
    """The rows shared by §2.1, §2.3 and §2.4, checked on a few deals."""
    n = PLAYERS[variant]
    sides = SIDES[variant]
    cards = set(variant_codes(variant))
    assert new_match(variant, seed=1).format == best_of(3)
    for seed in range(3):
        dealer = seed % n
        state = new_game(variant, seed=seed, dealer=dealer)
        assert state.teams == sides
        assert [len(h) for h in state.hands] == [3] * n
        assert current_player(state) == (dealer + 1) % n  # first leader next(D)
        # The trump card is the card after the hands, face up under the stock.
        assert state.trump_card == state.deck[face_up - 1]
        assert state.trump_suit is state.deck[face_up - 1].suit
        assert stock_size(state) == stock
        dealt = [str(c) for h in state.hands for c in h] + [str(c) for c in state.stock]
        assert state.trump_card is not None
        assert sorted([*dealt, str(state.trump_card)]) == sorted(cards)
        states = walk(state, random.Random(seed))
        final = states[-1]
        assert len(final.tricks) == tricks
        # Partners never play one after the other: the sides play in turn.
        side_of = {seat: k for k, side in enumerate(sides) for seat in side}
        for trick in final.tricks:
            order = [side_of[seat] for seat in trick.seats]
            assert all(a != b for a, b in itertools.pairwise(order)), trick
        sizes = [stock_size(s) for s in states if not s.trick]
        assert sum(1 for a, b in itertools.pairwise(sizes) if b < a) == drawing
        # The deal is scored when every hand is empty, and not before.
        for s in states:
            assert score(s).final is (not any(s.hands))
        result = score(final)
        team = tuple(sum(result.points[seat] for seat in side) for side in sides)
        assert result.team_points == team
        assert sum(team) == 120
        won = [side for side, points in zip(sides, team, strict=True) if points >= 61]
        assert result.winners == frozenset(won[0] if won else ())
        if won:  # 61 or more: +1 to each seat of the side, -1 to each other seat
            assert result.deltas == tuple(1 if s in won[0] else -1 for s in range(n))
        else:  # 60-60 is a draw
            assert result.deltas == (0,) * n


def test_s2_1_classic_for_two() -> None:
    # Fails if classic stops being 2 seats of 3 cards from 40, with c7 face up, a stock of 34,
    # 20 tricks of which 17 are followed by drawing, seat 1 dealing by default, the
    # non-dealer leading, +1/-1 at 61 or more, 0/0 at 60-60, or best of three by default.
    assert new_game("classic", seed=1).dealer == 1
    for dealer in (0, 1):
        assert current_player(new_game("classic", seed=1, dealer=dealer)) == 1 - dealer
    check_preset_table("classic", face_up=7, stock=34, tricks=20, drawing=17)


def test_s2_3_classic_4_two_pairs() -> None:
    # Fails if the teams stop facing each other ({0,2} against {1,3}, so the sides play in
    # turn), the trump card is not c13 with a stock of 28 and 10 tricks, the team totals do
    # not decide the deal, or talk, signals and hand sharing are on by default.
    check_preset_table("classic-4", face_up=13, stock=28, tricks=10, drawing=7)
    r = rules("classic-4")
    assert (r.signals, r.public_claims) == (False, False)
    assert r.no_signals_first_trick is True
    assert r.share_hands_before_first_trick == "off"
    assert r.share_hands_when_stock_empty == "off"


def test_s2_4_classic_6_three_against_three() -> None:
    # Fails if the four 2s are not taken out, the trump card is not c19 with a stock of 18 and
    # 6 tricks (3 with drawing), a seat sits next to a partner, or talk, signals or hand
    # sharing are on by default.
    check_preset_table("classic-6", face_up=19, stock=18, tricks=6, drawing=3)
    state = new_game("classic-6", seed=4)
    assert sorted(str(c) for c in state.removed) == ["2B", "2C", "2D", "2S"]
    r = rules("classic-6")
    assert (r.signals, r.public_claims) == (False, False)
    assert r.share_hands_before_first_trick == "off"
    assert r.share_hands_when_stock_empty == "off"


# --- §2.5.7 the Chiamata match --------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "options", "seats"),
    [
        ("chiamata", {}, 5),
        ("chiamata", {"first_leader": "caller"}, 5),
        ("chiamata-milan", {"players": 6}, 6),
        ("chiamata", {"players": 6, "six_player_form": "remove_twos"}, 6),
    ],
)
def test_s2_5_7_fixed_deals_every_seat_deals_once(
    variant: VariantId, options: dict[str, Any], seats: int
) -> None:
    # Fails if the default format is not fixed_deals(5) (fixed_deals(6) with six players),
    # the deal does not pass to next(D) whoever led, the totals are not the sums of the
    # game points, are not zero-sum, or seats level on top do not share first place.
    match = new_match(variant, seed=257, **options)
    assert match.format == fixed_deals(seats)
    rng = random.Random(257)
    while not is_over(match):
        match = apply(match, rng.choice(legal_moves(match)))
    assert [result.dealer for result in match.results] == [
        (seats - 1 + k) % seats for k in range(seats)
    ]
    totals = [sum(result.score.deltas[seat] for result in match.results) for seat in range(seats)]
    standing = score(match)
    assert standing.final
    assert standing.totals == tuple(totals)
    assert sum(totals) == 0
    assert standing.winners == frozenset(s for s in range(seats) if totals[s] == max(totals))


# --- §2.9 related games left out -------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "briscola 151",
        "il 151",
        "151",
        "marianna",
        "briscola dichiarata",
        "dichiarata",
        "madrasso",
        "briscola a 31",
        "briscola-31",
    ],
)
def test_s2_9_related_games_are_no_preset(name: str) -> None:
    # Fails if one of the games §2.9 leaves out (or a spelling of it) starts to select a
    # preset, or is refused by anything but a RulesError that calls it an unknown variant.
    with pytest.raises(RulesError, match="unknown variant"):
        rules(untyped(name))
    with pytest.raises(RulesError, match="unknown variant"):
        new_game(untyped(name), seed=1)
    with pytest.raises(RulesError, match="unknown variant"):
        new_match(untyped(name), seed=1)


# --- §3 where the table rules apply, and their defaults ----------------------------------------

EVERY_PRESET = frozenset(PRESET_IDS)
# §3: each table rule, the presets it applies to, its default and another value.
TABLE_RULES: dict[str, tuple[frozenset[str], object, object]] = {
    "seven_swap": (FACE_UP, False, True),
    "two_swap": (FACE_UP, False, True),
    "share_hands_before_first_trick": (PARTNERS, "off", "voluntary"),
    "share_hands_when_stock_empty": (PARTNERS, "off", "automatic"),
    "signals": (PARTNERS, False, True),
    "public_claims": (EVERY_PRESET, False, True),
    "tie_rule": (TWO_SIDED, "draw", "replay"),
    "rank_variant": (EVERY_PRESET, "standard", "seven_high"),
    "must_follow_suit": (EVERY_PRESET, False, True),
}


@pytest.mark.parametrize("variant", PRESET_IDS)
def test_s3_table_rules_apply_where_they_make_sense_and_are_off_by_default(
    variant: VariantId,
) -> None:
    # Fails if a table rule is taken by a preset §3 keeps it out of (the exchanges without a
    # face-up card, hand sharing and signals without fixed partners, tie_rule where two
    # sides do not play), is refused where it applies, is on (or at another value than its
    # first) by default, if a default deal ever offers an exchange, a hand-showing round or
    # a signal, or if a match wins on a cappotto by default.
    for name, (where, default, other) in TABLE_RULES.items():
        if variant in where:
            assert getattr(rules(variant), name) == default, name
            changed: dict[str, Any] = {name: other}
            assert getattr(rules(variant, **changed), name) == other, name
        else:
            for value in (default, other):
                given: dict[str, Any] = {name: value}
                with pytest.raises(RulesError, match=name):
                    rules(variant, **given)
    assert new_match(variant, seed=1).cappotto_wins_match is False
    for seed in range(2):
        for state in walk(new_game(variant, seed=seed), random.Random(seed)):
            for made in legal_moves(state):
                assert not isinstance(made, SwapTrump | ShowHand | Signal), made


# --- §3.6 one pile per seat -----------------------------------------------------------------


@pytest.mark.parametrize(
    "variant", ["classic", "classic-3", "classic-4", "classic-6", "bugiarda", "bugiarda-5"]
)
def test_s3_6_one_pile_per_seat_added_up_per_side(variant: VariantId) -> None:
    # Fails if Score.points stops being each seat's own pile (say, a team total written to
    # every member), team_points is not the sum of each side's piles in the order of the
    # sides, or a seat's view shows other piles than the public score.
    n = PLAYERS[variant]
    for seed in range(2):
        start = new_game(variant, seed=seed, dealer=seed % n)
        for state in walk(start, random.Random(seed)):
            result = score(state)
            piles = tuple(pile_points(state, seat) for seat in range(n))
            assert result.points == piles
            sides = sides_of(variant, state)
            assert result.team_points == tuple(sum(piles[s] for s in side) for side in sides)
            for seat in range(n):
                assert observe(state, seat).score == result


def test_s3_6_chiamata_piles_are_added_up_once_the_partner_is_known() -> None:
    # Fails if Chiamata pools piles before the sides are known, or afterwards does not give
    # the caller's side first and the defenders second.
    for seed in range(4):
        for state in walk(new_game("chiamata", seed=seed), random.Random(seed)):
            result = score(state)
            piles = tuple(pile_points(state, seat) for seat in range(5))
            assert result.points == piles
            if result.partner is None:
                assert result.team_points == ()
                continue
            assert result.caller is not None
            side = {result.caller, result.partner}
            caller_side = sum(piles[s] for s in side)
            assert result.team_points == (caller_side, sum(piles) - caller_side)


# --- Appendix A: the phases of a deal --------------------------------------------------------

AUCTION, NAME, DECLARE, SWAP, SHARE, PLAY, OVER = (
    Phase.AUCTION,
    Phase.NAME_TRUMP,
    Phase.DECLARATIONS,
    Phase.SWAP_WINDOW,
    Phase.SHARE_HANDS,
    Phase.PLAY,
    Phase.OVER,
)


@pytest.mark.parametrize(
    ("variant", "options", "phases"),
    [
        ("classic", {}, [PLAY, OVER]),
        (
            "classic",
            {"two_swap": True, "two_swap_window": "before_first_lead"},
            [SWAP, PLAY, OVER],
        ),
        (
            "bugiarda-2",
            {"declaration_round": True, "two_swap": True, "two_swap_window": "both"},
            [DECLARE, SWAP, PLAY, OVER],
        ),
        (
            "classic-4",
            {
                "two_swap": True,
                "two_swap_window": "before_first_lead",
                "share_hands_before_first_trick": "voluntary",
            },
            [SWAP, SHARE, PLAY, OVER],
        ),
        ("bugiarda", {}, [DECLARE, PLAY, OVER]),
        (
            "bugiarda-5",
            {"share_hands_before_first_trick": "voluntary"},
            [DECLARE, SHARE, PLAY, OVER],
        ),
        (
            "bugiarda",
            {
                "share_hands_before_first_trick": "automatic",
                "share_hands_when_stock_empty": "voluntary",
            },
            [DECLARE, PLAY, OVER],
        ),
        ("chiamata", {}, [AUCTION, NAME, PLAY, OVER]),
        ("chiamata-milan", {"first_trick_blind": "committed"}, [AUCTION, NAME, PLAY, OVER]),
        # The notes of Appendix A: naming inside trick 1, and a round when the stock is gone.
        ("chiamata", {"first_trick_blind": "free_choice"}, [AUCTION, PLAY, NAME, PLAY, OVER]),
        ("classic-4", {"share_hands_when_stock_empty": "voluntary"}, [PLAY, SHARE, PLAY, OVER]),
    ],
)
def test_appendix_a_phases_come_in_order(
    variant: VariantId, options: dict[str, Any], phases: list[Phase]
) -> None:
    # Fails if a phase comes out of the order of Appendix A, a phase whose option is off is
    # held, a round before trick 1 does not ask each seat once in play order from F, the
    # round of §3.4 is not held once the stock is gone, from that trick's leader, or another
    # seat than the caller names the trump.
    active = 4 if variant == "bugiarda-5" else PLAYERS[variant]
    for seed in range(3):
        states = walk(new_game(variant, seed=seed, **options), random.Random(seed))
        segments: list[tuple[Phase, State, list[int]]] = [(states[0].phase, states[0], [])]
        for before, after in itertools.pairwise(states):
            seat = current_player(before)
            assert seat is not None
            segments[-1][2].append(seat)
            if after.phase is not segments[-1][0]:
                segments.append((after.phase, after, []))
        assert [phase for phase, _, _ in segments] == phases, seed
        caller = score(states[-1]).caller
        for phase, first, who in segments:
            if phase is NAME:
                assert who == [caller]
            elif phase in (DECLARE, SWAP, SHARE) and first.tricks:
                assert stock_size(first) == 0
                assert not first.trick
                assert who == [(first.leader + k) % active for k in range(active)]
            elif phase in (DECLARE, SWAP, SHARE):
                assert who == list(range(active)), (phase, who)


# --- §7 rulings -----------------------------------------------------------------------------


def advance_to_play(state: State, rng: random.Random) -> tuple[State, list[Move]]:
    """Random legal moves until trick play starts; the moves made are returned too."""
    made: list[Move] = []
    while state.phase is not Phase.PLAY:
        chosen = rng.choice(legal_moves(state))
        made.append(chosen)
        state = apply(state, chosen)
    return state, made


@pytest.mark.parametrize("variant", PRESET_IDS)
def test_r1_talk_and_signals_are_options_off_by_default(variant: VariantId) -> None:
    # Fails if a preset turns signals or public claims on by default, if the declaration
    # round is on in another preset than bugiarda and bugiarda-5 (or off in those), or if
    # public_claims=True does not give a public Declare on one's own turn during play.
    r = rules(variant)
    assert r.signals is False
    assert r.public_claims is False
    assert r.declaration_round is (variant in ("bugiarda", "bugiarda-5"))
    talk, made = advance_to_play(new_game(variant, seed=1, public_claims=True), random.Random(1))
    quiet = new_game(variant, seed=1)
    for chosen in made:
        quiet = apply(quiet, chosen)
    assert quiet.phase is Phase.PLAY
    claim = Declare(WEAK_HAND)
    assert claim not in legal_moves(quiet)
    seat = current_player(talk)
    assert seat is not None
    assert claim in legal_moves(talk)
    after = apply(talk, claim)
    assert current_player(after) == seat
    assert (seat, claim) in public_view(after).history


R3_CASES: list[tuple[str, dict[str, Any]]] = [(variant, {}) for variant in PRESET_IDS] + [
    ("chiamata", {"players": 6}),
    ("chiamata-milan", {"players": 6, "six_player_form": "remove_fours"}),
    ("chiamata-milan", {"stakes": "bands", "cappotto": "tricks"}),
    ("classic", {"tie_rule": "last_trick", "win_threshold": 71}),
    ("classic-4", {"tie_rule": "replay"}),
    ("bugiarda-5", {"win_threshold": 65}),
]


def point_vectors(real: Sequence[int], playing: Sequence[int], n: int) -> list[tuple[int, ...]]:
    """The deal's own card points, then others that reach every row of R3: all 120 to one
    seat, 63 against 57, an even split, and two seats level on top."""
    vectors = [tuple(real)]
    shares: list[dict[int, int]] = [
        {playing[0]: 120},
        {playing[0]: 63, playing[1]: 57},
        {playing[-1]: 120},
        dict.fromkeys(playing, 120 // len(playing)),
    ]
    if len(playing) >= 3:
        rest = playing[2:]
        shares.append({playing[0]: 45, playing[1]: 45} | spread(30, rest))
    for share in shares:
        vectors.append(tuple(share.get(seat, 0) for seat in range(n)))
    return vectors


@pytest.mark.parametrize(("variant", "options"), R3_CASES)
def test_r3_game_points_are_zero_sum(variant: VariantId, options: dict[str, Any]) -> None:
    # Fails if the deltas of a finished deal do not add up to 0, if a two-sided deal gives
    # other than +1 to each seat of the side that reached win_threshold (or won the last
    # trick under tie_rule="last_trick") and -1 to each other seat, and 0 to all otherwise,
    # if three players are not scored +2/-1/-1, +1/+1/-2 or 0/0/0, if a Chiamata partner does
    # not get the opposite of each defender, or if a seat that sits out scores.
    threshold = options.get("win_threshold", 61)
    tie_rule = options.get("tie_rule", "draw")
    sits_out = variant == "bugiarda-5" or (
        options.get("players") == 6
        and options.get("six_player_form", "dealer_sits_out") == "dealer_sits_out"
    )
    for seed in range(3):
        seats = 6 if options.get("players") == 6 else PLAYERS[variant]
        state = new_game(variant, seed=seed, dealer=seed % seats, **options)
        final = walk(state, random.Random(seed))[-1]
        n = len(final.hands)
        out = final.dealer if sits_out else None
        playing = [seat for seat in range(n) if seat != out]
        for points in point_vectors(score(final).points, playing, n):
            result = score(with_points(final, points))
            assert sum(result.deltas) == 0, points
            if out is not None:
                assert result.deltas[out] == 0
            if variant == "classic-3":
                top = [seat for seat in range(3) if points[seat] == max(points)]
                win, lose = {1: (2, -1), 2: (1, -2), 3: (0, 0)}[len(top)]
                expected = [win if seat in top else lose for seat in range(3)]
            elif variant in CHIAMATA:
                caller, partner = result.caller, result.partner
                assert caller is not None
                assert partner is not None
                defenders = [seat for seat in playing if seat not in (caller, partner)]
                unit = result.deltas[defenders[0]]
                assert unit != 0
                expected = [0] * n
                for seat in defenders:
                    expected[seat] = unit
                if partner != caller:
                    expected[partner] = -unit
                expected[caller] = -sum(expected)
            else:
                sides = sides_of(variant, final)
                team = [sum(points[seat] for seat in side) for side in sides]
                won = [side for side, total in zip(sides, team, strict=True) if total >= threshold]
                if not won and tie_rule == "last_trick":
                    won = [side for side in sides if final.tricks[-1].winner in side]
                expected = [0] * n
                if won:
                    for seat in playing:
                        expected[seat] = 1 if seat in won[0] else -1
                assert result.winners == frozenset(won[0] if won else ())
            assert result.deltas == tuple(expected), points


def test_r5_unimplemented_chiamata_forms_are_no_option() -> None:
    # Fails if an option value starts to select "ai carichi", "con il morto", "pazza"/"gingo"
    # or a table of other than five or six, or if a form R5 lists as implemented cannot be
    # played to the end.
    assert OPTIONS["auction"].choices == ("ranks", "points_only", "two_only")
    for value in ("ai_carichi", "carichi", "con_il_morto", "morto", "pazza", "gingo"):
        with pytest.raises(RulesError):
            rules("chiamata", auction=value)  # type: ignore[arg-type]
    for players in (4, 7, 9):
        with pytest.raises(RulesError):
            rules("chiamata", players=players)  # type: ignore[arg-type]
    implemented: Sequence[dict[str, Any]] = (
        {"first_trick_blind": "committed"},
        {"first_trick_blind": "free_choice"},
        {"auction": "points_only"},
        {"auction": "two_only"},
        {"players": 6, "six_player_form": "dealer_sits_out"},
        {"players": 6, "six_player_form": "remove_fours"},
        {"players": 6, "six_player_form": "remove_twos"},
    )
    for number, options in enumerate(implemented):
        final = walk(new_game("chiamata", seed=number, **options), random.Random(number))[-1]
        result = score(final)
        assert result.final
        assert sum(result.points) == 120
        assert result.caller is not None


@pytest.mark.parametrize("variant", ["bugiarda", "bugiarda-5"])
def test_r7_public_claims_add_a_declare_on_each_turn_of_play(variant: VariantId) -> None:
    # Fails if the round does not give each seat one turn from F, or if public_claims=True
    # does not allow one Declare on one's own turn during play, a round's Declare included.
    state = new_game(variant, seed=7, public_claims=True)
    turns = []
    while state.phase is Phase.DECLARATIONS:
        turns.append(current_player(state))
        state = apply(state, Declare(STRONG_HAND))
    assert turns == [0, 1, 2, 3]
    rng = random.Random(7)
    for _ in range(8):  # two tricks, every seat on its own turn
        seat = current_player(state)
        assert Declare(WEAK_HAND) in legal_moves(state)
        state = apply(state, Declare(WEAK_HAND))
        assert current_player(state) == seat
        assert not any(isinstance(m, Declare) for m in legal_moves(state))
        state = apply(state, rng.choice(legal_moves(state)))
    assert len(state.tricks) == 2


@pytest.mark.parametrize("auction", ["points_only", "two_only"])
@pytest.mark.parametrize("low", [61, 62])
@pytest.mark.parametrize("dealer", [4, 1])
def test_r10_forced_first_hand_must_bid_points(
    auction: Literal["points_only", "two_only"], low: Literal[61, 62], dealer: int
) -> None:
    # Fails if, once everybody has passed, another seat than F speaks, Pass() stays legal,
    # a BidPoints from min_point_call to 120 is missing (or another move is offered), or
    # the bid does not end the auction at once with F as the caller and T as the target.
    first = (dealer + 1) % 5
    state = new_game(
        "chiamata",
        seed=10,
        dealer=dealer,
        auction=auction,
        min_point_call=low,
    )
    for _ in range(5):
        state = apply(state, Pass())
    assert state.phase is Phase.AUCTION
    assert current_player(state) == first
    assert set(legal_moves(state)) == {BidPoints(t) for t in range(low, 121)}
    with pytest.raises(IllegalMoveError):
        apply(state, Pass())
    for target in (low, 120):
        after = apply(state, BidPoints(target))
        assert after.phase is Phase.NAME_TRUMP
        assert current_player(after) == first
        result = score(after)
        assert (result.caller, result.target) == (first, target)
