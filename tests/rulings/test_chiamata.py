"""Briscola Chiamata: the worked examples of §5.3, §5.6 and §5.7, and the clauses of
§2.5 they rest on.

Each example test is named after its id. Deals come from explicit decks (``c1`` = top card,
§0.3) dealt by the canonical deal of §1.6, so the holder of every called card is known. The
scoring examples play the auction of the example, play the deal out with legal moves, and
then set each seat's captured card points (keeping the total at 120) to the example's
caller-side points before reading `briscola.score`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Literal

import attrs
import pytest

from briscola import (
    DECK,
    WEAK_HAND,
    Bid,
    BidPoints,
    Declare,
    IllegalMoveError,
    Move,
    NameCard,
    NameSuit,
    Pass,
    Phase,
    Play,
    Rank,
    RulesError,
    State,
    Suit,
    VariantId,
    apply,
    current_player,
    is_over,
    legal_moves,
    new_game,
    observe,
    public_view,
    rules,
    score,
)
from helpers import (
    RANK_ORDER,
    card,
    chiamata_deck,
    hand,
    move,
    play,
    random_play,
    shuffled,
    side_points,
    untyped,
    with_points,
)

# The call ladder of §2.5.2 without the Ace (allow_ace_call=False), strongest card first.
CALLABLE = ("3", "K", "Q", "J", "7", "6", "5", "4", "2")

AU_1 = ("bid K", "pass", "bid 7", "pass", "bid 5", "bid 4", "pass", "pass")
AU_5 = ("bid K", "pass", "bid 2", "points 65", "pass", "pass", "points 70", "pass")


def bids(*ranks: str) -> set[Move]:
    return {move(f"bid {rank}") for rank in ranks}


def point_bids(low: int, high: int = 120) -> set[Move]:
    return {BidPoints(target) for target in range(low, high + 1)}


def assert_illegal(state: State, text: str) -> None:
    refused = move(text)
    assert refused not in legal_moves(state)
    with pytest.raises(IllegalMoveError):
        apply(state, refused)


def assert_legal(state: State, text: str) -> State:
    wanted = move(text)
    assert wanted in legal_moves(state)
    return apply(state, wanted)


def milan_auction(target: int) -> tuple[str, ...]:
    """AU-5 with the final point call at ``target`` (> 65): caller 2, rank 2, target ``target``."""
    assert target > 65
    head = ("bid K", "pass", "bid 2", "points 65", "pass", "pass", f"points {target}")
    # A point call that nothing can beat ends the auction at once (§2.5.3).
    return head if target == 120 else (*head, "pass")


def finished(
    variant: VariantId,
    placed: dict[int, Sequence[str]],
    auction: Sequence[str],
    naming: str,
    *,
    seed: int = 0,
    **options: Any,
) -> State:
    """Deal ``placed``, play ``auction`` and ``naming``, then play the deal out at random."""
    deck = chiamata_deck(
        placed,
        players=options.get("players", 5),
        form=options.get("six_player_form", "dealer_sits_out"),
    )
    state = play(new_game(variant, deck=deck, **options), *auction, naming)
    assert state.phase is Phase.PLAY
    return random_play(state, random.Random(seed), is_over)


@attrs.frozen
class Expected:
    """One row of the scoring tables of §5.7."""

    side_total: int
    """The caller side's card points."""
    deltas: tuple[int, ...]
    won: bool
    cappotto: bool


def check_result(
    final: State, caller: int, partner: int, called: str, target: int, row: Expected
) -> None:
    """Give the caller side ``row.side_total`` card points and check the whole `Score`."""
    assert is_over(final)
    players = len(row.deltas)
    side = sorted({caller, partner})
    others = [seat for seat in range(players) if seat not in side]
    result = score(with_points(final, side_points(players, side, row.side_total, others)))
    assert result.final
    assert not result.void
    assert sum(result.points) == 120
    assert result.caller == caller
    assert result.target == target
    assert result.called_card == card(called)
    assert result.partner == partner
    assert result.solo is (partner == caller)
    assert result.deltas == row.deltas
    assert sum(result.deltas) == 0
    assert result.winners == frozenset(side if row.won else others)
    assert result.cappotto is row.cappotto


# --- §5.3 deals ------------------------------------------------------------------------------


def test_ex_d6() -> None:
    deck = shuffled(6)
    state = new_game("chiamata", deck=deck, dealer=4)
    for seat in range(5):
        dealt = [deck[seat + 5 * j] for j in range(8)]  # c(k+1), c(k+6), …, c(k+36)
        view = observe(state, seat)
        assert sorted(view.hand, key=lambda x: x.id) == sorted(dealt, key=lambda x: x.id)
        assert len(view.hand) == 8
    assert set(observe(state, 0).hand) == {deck[p - 1] for p in (1, 6, 11, 16, 21, 26, 31, 36)}
    assert set(observe(state, 4).hand) == {deck[p - 1] for p in range(5, 41, 5)}
    view = observe(state, 0)
    assert view.stock_size == 0
    assert view.trump_card is None
    assert view.trump_suit is None
    assert state.phase is Phase.AUCTION
    assert current_player(state) == 0


def test_ex_d12() -> None:
    deck = shuffled(12)
    for seed in range(6):
        state = new_game(
            "chiamata", deck=deck, dealer=5, players=6, six_player_form="dealer_sits_out"
        )
        for seat in range(5):
            assert set(observe(state, seat).hand) == {deck[seat + 5 * j] for j in range(8)}
        assert observe(state, 5).hand == ()
        assert observe(state, 0).hand_sizes == (8, 8, 8, 8, 8, 0)
        rng = random.Random(seed)
        while not is_over(state):
            assert current_player(state) != 5
            assert observe(state, 5).legal_moves == ()
            state = apply(state, rng.choice(legal_moves(state)))
        assert all(seat != 5 for seat, _ in observe(state, 0).history)
        result = score(state)
        assert result.deltas[5] == 0
        assert result.points[5] == 0
        assert sum(result.deltas) == 0
        assert 5 not in result.winners


# --- §5.2 T12 --------------------------------------------------------------------------------


def test_t12() -> None:
    deck = chiamata_deck({0: ["AB"], 1: ["3B"], 2: ["KB"], 3: ["2S"], 4: ["QB"]})
    state = play(new_game("chiamata", deck=deck), "bid 2", "suit S")
    assert state.trump_suit is Suit.SPADE
    state = play(state, "AB", "3B", "KB", "2S", "QB")
    trick = observe(state, 0).tricks[0]
    assert trick.leader == 0
    assert trick.winner == 3
    assert score(state).points == (0, 0, 0, 28, 0)
    assert current_player(state) == 3


# --- §5.6 auctions ---------------------------------------------------------------------------


def test_au_1() -> None:
    state = new_game("chiamata", seed=1)
    turns = []
    for text in AU_1:
        turns.append(current_player(state))
        state = play(state, text)
    assert turns == [0, 1, 2, 3, 4, 0, 2, 4]  # 1 and 3 never speak again after passing
    assert state.phase is Phase.NAME_TRUMP
    assert current_player(state) == 0
    assert set(legal_moves(state)) == {NameSuit(suit) for suit in Suit}
    result = score(state)
    assert (result.caller, result.target, result.called_card) == (0, 61, None)
    state = play(state, "suit D")
    result = score(state)
    assert (result.caller, result.target, result.called_card) == (0, 61, card("4D"))
    for seat in range(5):
        view = observe(state, seat)
        assert (view.caller, view.target, view.called_card) == (0, 61, card("4D"))
        assert view.trump_suit is Suit.DENARI


def test_au_2() -> None:
    state = play(new_game("chiamata", seed=2), "bid 3", "bid 2")
    assert state.phase is Phase.NAME_TRUMP
    assert current_player(state) == 1
    assert [seat for seat, _ in observe(state, 0).history] == [0, 1]
    state = play(state, "suit C")
    result = score(state)
    assert (result.caller, result.target, result.called_card) == (1, 61, card("2C"))
    assert [seat for seat, _ in observe(state, 0).history] == [0, 1, 1]


def test_au_3() -> None:
    state = new_game("chiamata", seed=3)
    assert rules("chiamata").all_pass == "forced"
    state = play(state, "pass", "pass", "pass", "pass", "pass")
    assert state.phase is Phase.AUCTION
    assert current_player(state) == 0
    assert set(legal_moves(state)) == bids(*CALLABLE)
    assert_illegal(state, "pass")
    state = play(state, "bid Q")
    assert state.phase is Phase.NAME_TRUMP
    assert current_player(state) == 0
    state = play(state, "suit B")
    result = score(state)
    assert (result.caller, result.target, result.called_card) == (0, 61, card("QB"))


def test_au_4() -> None:
    state = new_game("chiamata", seed=4, all_pass="redeal")
    assert state.dealer == 4
    state = play(state, "pass", "pass", "pass", "pass", "pass")
    assert is_over(state)
    assert current_player(state) is None
    assert legal_moves(state) == ()
    result = score(state)
    assert result.void
    assert result.final
    assert result.deltas == (0, 0, 0, 0, 0)
    assert result.points == (0, 0, 0, 0, 0)
    assert result.winners == frozenset()


def test_au_5() -> None:
    deck = chiamata_deck({4: ["2B"]})
    state = new_game("chiamata-milan", deck=deck)
    turns = []
    for text in AU_5:
        turns.append(current_player(state))
        state = play(state, text)
    assert turns == [0, 1, 2, 3, 4, 0, 2, 3]
    assert state.phase is Phase.NAME_TRUMP
    assert current_player(state) == 2
    result = score(state)
    assert (result.caller, result.target) == (2, 70)
    state = play(state, "suit B")
    assert score(state).called_card == card("2B")  # after a point call the called rank is 2


def test_au_6() -> None:
    state = play(new_game("chiamata-milan", seed=6), "bid 2")
    after = assert_legal(state, "points 61")
    assert after.phase is Phase.AUCTION
    strict = play(new_game("chiamata-milan", seed=6, min_point_call=62), "bid 2")
    assert_illegal(strict, "points 61")
    assert_legal(strict, "points 62")


def test_au_7() -> None:
    state = play(new_game("chiamata-milan", seed=7), "bid 2", "points 65")
    assert current_player(state) == 2
    for text in ("points 65", "points 64", "bid 4", "points 121"):
        assert_illegal(state, text)
    assert set(legal_moves(state)) == point_bids(66) | {Pass()}


def test_au_8() -> None:
    state = play(new_game("chiamata-milan", seed=8), "bid 7")
    assert_illegal(state, "points 80")
    jumping = play(new_game("chiamata-milan", seed=8, allow_point_jump=True), "bid 7")
    assert_legal(jumping, "points 80")


def test_au_9() -> None:
    state = play(new_game("chiamata-milan", seed=9), "bid 2", "pass", "pass", "points 120")
    assert state.phase is Phase.NAME_TRUMP
    assert current_player(state) == 3
    result = score(state)
    assert (result.caller, result.target) == (3, 120)
    assert [seat for seat, _ in observe(state, 0).history] == [0, 1, 2, 3]


def test_au_10() -> None:
    state = new_game("chiamata", seed=10)
    assert_illegal(state, "bid A")
    allowed = new_game("chiamata", seed=10, allow_ace_call=True)
    after = assert_legal(allowed, "bid A")
    assert after.phase is Phase.AUCTION
    assert set(legal_moves(after)) == bids(*CALLABLE) | {Pass()}


@pytest.mark.parametrize("variant", ["chiamata", "chiamata-milan"])
def test_au_11(variant: VariantId) -> None:
    state = play(new_game(variant, seed=11), "bid K")
    assert_illegal(state, "bid 3")
    assert_illegal(state, "bid K")
    assert bids("Q", "J", "7", "6", "5", "4", "2") <= set(legal_moves(state))


def test_au_12() -> None:
    state = new_game("chiamata", seed=12)
    turns = []
    for text in ("pass", "bid 6", "pass", "pass", "pass"):
        turns.append(current_player(state))
        state = play(state, text)
    assert turns == [0, 1, 2, 3, 4]
    assert state.phase is Phase.NAME_TRUMP
    assert current_player(state) == 1
    state = play(state, "suit S")
    result = score(state)
    assert (result.caller, result.target, result.called_card) == (1, 61, card("6S"))


def test_au_13() -> None:
    deck = chiamata_deck({1: ["KD"]})
    state = new_game("chiamata", deck=deck, auction="points_only")
    assert not any(isinstance(m, Bid) for m in legal_moves(state))
    turns = []
    sequence = ("points 61", "points 65", "pass", "points 70", "pass", "pass", "pass")
    for text in sequence:
        turns.append(current_player(state))
        state = play(state, text)
    assert turns == [0, 1, 2, 3, 4, 0, 1]
    assert state.phase is Phase.NAME_TRUMP
    assert current_player(state) == 3
    assert all(isinstance(m, NameCard) for m in legal_moves(state))
    assert_illegal(state, "suit D")
    state = play(state, "call KD")
    assert state.trump_suit is Suit.DENARI
    for seat in range(5):
        assert observe(state, seat).trump_suit is Suit.DENARI
    result = score(state)
    assert (result.caller, result.target, result.called_card) == (3, 70, card("KD"))
    assert result.partner is None
    state = random_play(state, random.Random(13), lambda s: card("KD") not in observe(s, 1).hand)
    result = score(state)
    assert result.partner == 1
    assert result.solo is False


def test_au_14() -> None:
    state = play(new_game("chiamata-milan", seed=14, point_call_step=2), "bid 2", "points 65")
    assert_illegal(state, "points 66")
    assert_legal(state, "points 67")
    assert set(legal_moves(state)) == point_bids(67) | {Pass()}


# --- §5.7 partners and scoring ---------------------------------------------------------------

S_PLACED: dict[int, Sequence[str]] = {3: ["4D"]}  # the called card 4D is dealt to seat 3


def s_deal(**options: Any) -> State:
    return finished("chiamata", S_PLACED, AU_1, "suit D", **options)


def test_s1() -> None:
    row = Expected(75, (2, -1, -1, 1, -1), won=True, cappotto=False)
    check_result(s_deal(seed=1), 0, 3, "4D", 61, row)


def test_s2() -> None:
    row = Expected(61, (2, -1, -1, 1, -1), won=True, cappotto=False)
    check_result(s_deal(seed=2), 0, 3, "4D", 61, row)


def test_s3() -> None:
    row = Expected(60, (-2, 1, 1, -1, 1), won=False, cappotto=False)
    check_result(s_deal(seed=3), 0, 3, "4D", 61, row)


def test_s4() -> None:
    row = Expected(120, (4, -2, -2, 2, -2), won=True, cappotto=True)
    check_result(s_deal(seed=4), 0, 3, "4D", 61, row)


def test_s5() -> None:
    row = Expected(0, (-4, 2, 2, -2, 2), won=False, cappotto=True)
    check_result(s_deal(seed=5), 0, 3, "4D", 61, row)


def test_s6() -> None:
    row = Expected(60, (2, -1, -1, 1, -1), won=True, cappotto=False)
    check_result(s_deal(seed=6, base_target=60), 0, 3, "4D", 60, row)


SOLO_AUCTION = ("pass", "pass", "bid 3", "pass", "pass")  # caller 2, rank 3


def solo_deal(seed: int) -> State:
    return finished("chiamata", {2: ["3C"]}, SOLO_AUCTION, "suit C", seed=seed)


def test_s7() -> None:
    row = Expected(61, (-1, -1, 4, -1, -1), won=True, cappotto=False)
    check_result(solo_deal(7), 2, 2, "3C", 61, row)


def test_s8() -> None:
    row = Expected(59, (1, 1, -4, 1, 1), won=False, cappotto=False)
    check_result(solo_deal(8), 2, 2, "3C", 61, row)


def test_s9() -> None:
    row = Expected(120, (-2, -2, 8, -2, -2), won=True, cappotto=True)
    check_result(solo_deal(9), 2, 2, "3C", 61, row)


def test_s10() -> None:
    row = Expected(0, (2, 2, -8, 2, 2), won=False, cappotto=True)
    check_result(solo_deal(10), 2, 2, "3C", 61, row)


SIX_AUCTION = ("bid 5", "pass", "pass", "pass", "pass", "pass")  # caller 0, rank 5


def six_deal(holder: int, seed: int) -> State:
    deal = finished(
        "chiamata",
        {holder: ["5D"]},
        SIX_AUCTION,
        "suit D",
        seed=seed,
        players=6,
        six_player_form="remove_fours",
    )
    assert len(observe(deal, 0).tricks) == 6
    return deal


def test_s11() -> None:
    row = Expected(75, (3, -1, -1, 1, -1, -1), won=True, cappotto=False)
    check_result(six_deal(3, 11), 0, 3, "5D", 61, row)


def test_s12() -> None:
    row = Expected(50, (-3, 1, 1, -1, 1, 1), won=False, cappotto=False)
    check_result(six_deal(3, 12), 0, 3, "5D", 61, row)


def test_s13() -> None:
    row = Expected(70, (5, -1, -1, -1, -1, -1), won=True, cappotto=False)
    check_result(six_deal(0, 13), 0, 0, "5D", 61, row)


def test_s14() -> None:
    row = Expected(120, (6, -2, -2, 2, -2, -2), won=True, cappotto=True)
    check_result(six_deal(3, 14), 0, 3, "5D", 61, row)


def milan_deal(target: int, stakes: str, *, solo: bool = False, seed: int = 0) -> State:
    """Caller 2 with a point call at ``target``, naming Bastoni; 2B is dealt to seat 4, or to
    the caller for a solo."""
    placed: dict[int, Sequence[str]] = {2 if solo else 4: ["2B"]}
    return finished(
        "chiamata-milan", placed, milan_auction(target), "suit B", seed=seed, stakes=stakes
    )


def check_milan(
    target: int,
    stakes: str,
    side_total: int,
    deltas: tuple[int, ...],
    *,
    won: bool,
    cappotto: bool,
    solo: bool = False,
) -> None:
    final = milan_deal(target, stakes, solo=solo, seed=target + side_total)
    row = Expected(side_total, deltas, won=won, cappotto=cappotto)
    check_result(final, 2, 2 if solo else 4, "2B", target, row)


def test_m1() -> None:
    check_milan(70, "flat", 69, (1, 1, -2, 1, -1), won=False, cappotto=False)


def test_m2() -> None:
    check_milan(70, "flat", 85, (-1, -1, 2, -1, 1), won=True, cappotto=False)


def test_m3() -> None:
    check_milan(70, "bands", 85, (-1, -1, 2, -1, 1), won=True, cappotto=False)


def test_m4() -> None:
    check_milan(75, "bands", 80, (-2, -2, 4, -2, 2), won=True, cappotto=False)


def test_m5() -> None:
    check_milan(95, "bands", 94, (4, 4, -8, 4, -4), won=False, cappotto=False)


def test_m6() -> None:
    check_milan(101, "bands", 120, (-10, -10, 20, -10, 10), won=True, cappotto=True)


def test_m7() -> None:
    check_milan(72, "tedaldi", 90, (-2, -2, 4, -2, 2), won=True, cappotto=False)


def test_m8() -> None:
    check_milan(85, "tedaldi", 120, (-4, -4, 8, -4, 4), won=True, cappotto=True)


def test_m9() -> None:
    check_milan(85, "tedaldi", 90, (-3, -3, 12, -3, -3), won=True, cappotto=False, solo=True)


# --- PA checks -------------------------------------------------------------------------------


def test_pa_1() -> None:
    # The partner is the seat dealt (called rank, named suit), known to itself only.
    state = play(new_game("chiamata", deck=chiamata_deck(S_PLACED)), *AU_1, "suit D")
    assert observe(state, 3).partner == 3
    for seat in (0, 1, 2, 4):
        assert observe(state, seat).partner is None
    assert score(state).partner is None
    assert score(state).solo is None
    final = random_play(state, random.Random(1), is_over)
    assert (score(final).partner, score(final).solo) == (3, False)
    # The caller holds the called card: a solo, one against four.
    state = play(new_game("chiamata", deck=chiamata_deck({2: ["3C"]})), *SOLO_AUCTION, "suit C")
    assert observe(state, 2).partner == 2
    for seat in (0, 1, 3, 4):
        assert observe(state, seat).partner is None
    assert score(state).solo is None
    final = random_play(state, random.Random(2), is_over)
    result = score(final)
    assert (result.partner, result.solo) == (2, True)
    alone = result.points[2]
    unit = (2 if alone in (0, 120) else 1) * (1 if alone >= 61 else -1)
    assert result.deltas == (-unit, -unit, 4 * unit, -unit, -unit)


def test_pa_2() -> None:
    # The teams become public when the called card is played, in every view and the score.
    deck = chiamata_deck({3: ["4D"]})
    state = play(new_game("chiamata", deck=deck), *AU_1, "suit D")
    state = random_play(
        state,
        random.Random(22),
        lambda s: len(observe(s, 0).tricks) >= 2 and current_player(s) == 3,
        avoid=["4D"],
    )
    assert card("4D") in observe(state, 3).hand
    for seat in range(5):
        assert observe(state, seat).partner == (3 if seat == 3 else None)
    state = play(state, "4D")
    for seat in range(5):
        assert observe(state, seat).partner == 3
    assert public_view(state).partner == 3
    assert (score(state).partner, score(state).solo) == (3, False)
    # Under first_trick_blind, a called card played in trick 1 shows the teams at the reveal.
    blind = blind_deal("committed", "C")
    blind = play(blind, "AB", "4C", "2C", "5B")
    assert score(blind).partner is None
    # Before it, the caller, who alone knows the called card, sees who played it; the
    # others, its holder included, do not know the card yet.
    assert observe(blind, 0).partner == 2
    for seat in (1, 2, 3, 4):
        assert observe(blind, seat).partner is None
    blind = play(blind, "6B")
    for seat in range(5):
        assert observe(blind, seat).partner == 2
    assert score(blind).partner == 2


def blind_deal(mode: str, suit: str, caller_moves: Sequence[str] = ("bid 2",)) -> State:
    """A deal in which seat 0 calls the 2 (the auction ends at once) and names ``suit``.

    Trick 1 is meant to be AB, 4C, 2C, 5B, 6B from seats 0–4: with Coppe trumps the 4C of
    seat 1 takes it, with no trump played the AB of seat 0 would.
    """
    deck = chiamata_deck({0: ["AB"], 1: ["4C"], 2: ["2C"], 3: ["5B"], 4: ["6B"]})
    state = play(new_game("chiamata", deck=deck, first_trick_blind=mode), *caller_moves)  # type: ignore[arg-type]
    if mode == "committed":
        state = play(state, f"suit {suit}")
    return state


def test_pa_3() -> None:
    state = blind_deal("committed", "C")
    assert state.phase is Phase.PLAY
    assert current_player(state) == 0
    other = blind_deal("committed", "D")
    for cards_down in range(5):
        if cards_down:
            played = ("AB", "4C", "2C", "5B", "6B")[cards_down - 1]
            state, other = play(state, played), play(other, played)
        # Before the last card of trick 1 only the caller knows the suit and the called card.
        caller_view = observe(state, 0)
        assert caller_view.trump_suit is Suit.COPPE
        assert caller_view.called_card == card("2C")
        for seat in range(1, 5):
            view = observe(state, seat)
            assert view.trump_suit is None
            assert view.called_card is None
            assert view.partner is None
            assert not any(isinstance(m, NameSuit) for _, m in view.history)
            assert view == observe(other, seat)
        assert score(state).called_card is None
        assert score(state).partner is None
    state = play(state, "6B")
    trick = observe(state, 0).tricks[0]
    assert trick.winner == 1  # resolved with Coppe trumps: 4C beats the AB
    assert score(state).points[1] == 11
    for seat in range(5):
        view = observe(state, seat)
        assert view.trump_suit is Suit.COPPE
        assert view.called_card == card("2C")
    assert score(state).called_card == card("2C")


def test_pa_4() -> None:
    for variant, auction, caller in (("chiamata", AU_1, 0), ("chiamata-milan", AU_5, 2)):
        default = play(new_game(variant, seed=4), *auction, "suit D")  # type: ignore[arg-type]
        assert current_player(default) == 0
        assert default.phase is Phase.PLAY
        option = play(new_game(variant, seed=4, first_leader="caller"), *auction, "suit D")  # type: ignore[arg-type]
        assert current_player(option) == caller
        assert option.phase is Phase.PLAY


def test_pa_5() -> None:
    zero = ["7B", "6B", "5C", "4C", "2C", "6S", "5S", "4D"]
    deck = chiamata_deck({3: zero})
    assert sorted(observe(new_game("chiamata", deck=deck), 3).hand, key=lambda x: x.id) == list(
        hand(*zero)
    )
    state = new_game("chiamata", deck=deck, annul_zero_point_hand=True)
    assert is_over(state)
    assert current_player(state) is None
    assert legal_moves(state) == ()
    result = score(state)
    assert result.void
    assert result.deltas == (0, 0, 0, 0, 0)
    assert result.points == (0, 0, 0, 0, 0)
    assert result.winners == frozenset()
    assert result.caller is None
    # Without the option the same deal goes to the auction.
    assert new_game("chiamata", deck=deck).phase is Phase.AUCTION


# --- §2.5.2 the auction ----------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["chiamata", "chiamata-milan"])
@pytest.mark.parametrize("seed", range(20))
@pytest.mark.parametrize("eager", [False, True], ids=["random", "passing"])
def test_s2_5_2_a_pass_is_final(variant: VariantId, seed: int, eager: bool) -> None:
    state = new_game(variant, seed=seed)
    rng = random.Random(seed)
    passed: set[int] = set()
    bid_made = False
    last_bidder = None
    was_forced = False
    while state.phase is Phase.AUCTION:
        seat = current_player(state)
        assert seat is not None
        forced = not bid_made and len(passed) == 5
        if forced:
            was_forced = True
            assert seat == 0  # the first hand speaks once more
            assert Pass() not in legal_moves(state)
        else:
            assert seat not in passed  # only seats that have not passed get turns
        moves = legal_moves(state)
        # Random bids and passes rarely pass five times in a row; passing whenever a pass is
        # legal always does, and then the first hand must bid.
        chosen = Pass() if eager and Pass() in moves else rng.choice(moves)
        if isinstance(chosen, Pass):
            passed.add(seat)
        else:
            bid_made, last_bidder = True, seat
        state = apply(state, chosen)
    assert state.phase is Phase.NAME_TRUMP
    assert current_player(state) == last_bidder
    assert score(state).caller == last_bidder
    assert was_forced or not eager


def test_s2_5_2_rank_ladder_and_after_two() -> None:
    state = new_game("chiamata", seed=20)
    assert set(legal_moves(state)) == bids(*CALLABLE) | {Pass()}
    state = play(state, "bid J")
    assert set(legal_moves(state)) == bids("7", "6", "5", "4", "2") | {Pass()}
    state = play(state, "bid 2")  # a 2 ends the standard auction at once
    assert state.phase is Phase.NAME_TRUMP
    assert current_player(state) == 1
    assert set(legal_moves(state)) == {NameSuit(suit) for suit in Suit}


@pytest.mark.parametrize("base", [61, 60])
def test_s2_5_2_forced_first_hand_call_of_the_2_under_point_bids_ends_the_auction(
    base: int,
) -> None:
    # Step 7: the others have all passed, so the forced call ends the auction at once, even
    # a call of the 2 under after_two="points" (no point bids follow it without a jump).
    options: dict[str, Any] = {"allow_point_jump": False, "base_target": base}
    state = play(new_game("chiamata-milan", seed=38, **options), *(["pass"] * 5))
    assert state.phase is Phase.AUCTION
    assert current_player(state) == 0
    assert set(legal_moves(state)) == bids(*CALLABLE)
    assert_illegal(state, "points 61")
    state = assert_legal(state, "bid 2")
    assert state.phase is Phase.NAME_TRUMP
    assert current_player(state) == 0
    assert set(legal_moves(state)) == {NameSuit(suit) for suit in Suit}
    assert_illegal(state, "points 61")
    assert_illegal(state, "pass")
    assert [seat for seat, _ in observe(state, 0).history] == [0, 1, 2, 3, 4, 0]
    state = play(state, "suit S")
    assert state.phase is Phase.PLAY
    result = score(state)
    assert (result.caller, result.target, result.called_card) == (0, base, card("2S"))


# --- §3.9 the call ladder under each rank_variant ----------------------------------------------


@pytest.mark.parametrize("rank_variant", list(RANK_ORDER))
def test_s3_9_call_ladder_follows_the_rank_variant(rank_variant: str) -> None:
    order = RANK_ORDER[rank_variant]  # e.g. A 7 K Q J 3 6 5 4 2 under "seven_high"
    ladder = order[1:]  # no Ace without allow_ace_call
    state = new_game("chiamata", seed=90, rank_variant=rank_variant)  # type: ignore[arg-type]
    assert set(legal_moves(state)) == bids(*ladder) | {Pass()}
    for level, rank in enumerate(ladder, start=1):
        state = assert_legal(state, f"bid {rank}")
        if rank == "2":
            break
        assert state.phase is Phase.AUCTION
        assert set(legal_moves(state)) == bids(*order[level + 1 :]) | {Pass()}
        for refused in order[: level + 1]:  # the same rank, or a stronger one
            assert_illegal(state, f"bid {refused}")
    assert state.phase is Phase.NAME_TRUMP  # the 2 is still the last call and ends it
    assert current_player(state) == (len(ladder) - 1) % 5
    aces = new_game("chiamata", seed=90, rank_variant=rank_variant, allow_ace_call=True)  # type: ignore[arg-type]
    assert set(legal_moves(aces)) == bids(*order) | {Pass()}


# --- §2.5.3 point bids -----------------------------------------------------------------------


def test_s2_5_3_total_bid_order() -> None:
    state = new_game("chiamata-milan", seed=30)
    assert set(legal_moves(state)) == bids(*CALLABLE) | {Pass()}  # no point jump by default
    state = play(state, "bid K")
    assert set(legal_moves(state)) == bids("Q", "J", "7", "6", "5", "4", "2") | {Pass()}
    state = play(state, "bid 2")
    assert state.phase is Phase.AUCTION  # a plain 2 does not end a Milan auction
    assert set(legal_moves(state)) == point_bids(61) | {Pass()}
    state = play(state, "points 61")
    assert set(legal_moves(state)) == point_bids(62) | {Pass()}
    state = play(state, "points 90")
    assert set(legal_moves(state)) == point_bids(91) | {Pass()}


def test_s2_5_3_a_point_bid_is_a_two_call() -> None:
    # After an opening point bid (allow_point_jump) no rank call can follow.
    state = play(new_game("chiamata-milan", seed=35, allow_point_jump=True), "points 61")
    assert set(legal_moves(state)) == point_bids(62) | {Pass()}
    assert_illegal(state, "bid 2")


def test_s2_5_3_forced_first_hand_in_milan() -> None:
    state = play(new_game("chiamata-milan", seed=36), *(["pass"] * 5))
    assert current_player(state) == 0
    assert set(legal_moves(state)) == bids(*CALLABLE)  # no point bid without a 2 or a jump
    state = play(state, "bid 2")  # everyone else has passed: the auction ends at once
    assert state.phase is Phase.NAME_TRUMP
    assert (score(state).caller, score(state).target) == (0, 61)


def test_s2_5_3_min_point_call_62() -> None:
    state = play(new_game("chiamata-milan", seed=31, min_point_call=62), "bid 2")
    assert set(legal_moves(state)) == point_bids(62) | {Pass()}


def test_s2_5_3_point_call_step() -> None:
    state = play(new_game("chiamata-milan", seed=32, point_call_step=3), "bid 2", "points 65")
    assert set(legal_moves(state)) == point_bids(68) | {Pass()}
    # With a step of 3, 2@118 could still be beaten only by 2@121: the auction ends at once.
    ended = play(new_game("chiamata-milan", seed=32, point_call_step=3), "bid 2", "points 118")
    assert ended.phase is Phase.NAME_TRUMP
    assert (score(ended).caller, score(ended).target) == (1, 118)
    open_ = play(new_game("chiamata-milan", seed=32, point_call_step=3), "bid 2", "points 117")
    assert open_.phase is Phase.AUCTION
    assert set(legal_moves(open_)) == {BidPoints(120), Pass()}


def test_s2_5_3_allow_point_jump() -> None:
    state = new_game("chiamata-milan", seed=33, allow_point_jump=True)
    assert set(legal_moves(state)) == bids(*CALLABLE) | point_bids(61) | {Pass()}
    opened = assert_legal(state, "points 61")  # an opening point bid
    assert opened.phase is Phase.AUCTION
    state = play(state, "bid Q")
    assert set(legal_moves(state)) == bids("J", "7", "6", "5", "4", "2") | point_bids(61) | {
        Pass()
    }
    # A forced first hand may make a point bid too.
    forced = play(new_game("chiamata-milan", seed=33, allow_point_jump=True), *(["pass"] * 5))
    assert set(legal_moves(forced)) == bids(*CALLABLE) | point_bids(61)
    forced = play(forced, "points 75")
    assert forced.phase is Phase.NAME_TRUMP
    assert (score(forced).caller, score(forced).target) == (0, 75)
    # allow_point_jump never creates point bids under after_two="ends".
    plain = new_game("chiamata", seed=33, allow_point_jump=True)
    assert not any(isinstance(m, BidPoints) for m in legal_moves(plain))


def test_s2_5_3_bid_120_ends_and_121_is_illegal() -> None:
    state = play(new_game("chiamata-milan", seed=34), "bid 2")
    with pytest.raises(IllegalMoveError):
        apply(state, BidPoints(121))
    ended = apply(state, BidPoints(120))
    assert ended.phase is Phase.NAME_TRUMP
    assert current_player(ended) == 1
    assert (score(ended).caller, score(ended).target) == (1, 120)
    ended = play(ended, "suit C")
    assert score(ended).called_card == card("2C")


# --- §2.5.4 the called card and the partner ---------------------------------------------------


def test_s2_5_4_score_hides_the_partner_until_the_called_card_is_played() -> None:
    state = new_game("chiamata", deck=chiamata_deck(S_PLACED))
    assert score(state).called_card is None
    state = play(state, *AU_1)
    assert state.phase is Phase.NAME_TRUMP
    assert score(state).called_card is None  # not named yet
    state = play(state, "suit D")
    assert score(state).called_card == card("4D")
    rng = random.Random(44)
    while card("4D") in observe(state, 3).hand:
        result = score(state)
        assert result.partner is None
        assert result.solo is None
        for seat in range(5):
            assert observe(state, seat).partner == (3 if seat == 3 else None)
        plays = [m for m in legal_moves(state) if isinstance(m, Play)]
        keep = [m for m in plays if m.card != card("4D")] or plays
        state = apply(state, rng.choice(keep))
    assert (score(state).partner, score(state).solo) == (3, False)


def test_s2_5_4_solo_partner_is_hidden_until_played() -> None:
    state = play(new_game("chiamata", deck=chiamata_deck({2: ["3C"]})), *SOLO_AUCTION, "suit C")
    rng = random.Random(45)
    while card("3C") in observe(state, 2).hand:
        result = score(state)
        assert result.partner is None
        assert result.solo is None
        for seat in range(5):
            assert observe(state, seat).partner == (2 if seat == 2 else None)
        plays = [m for m in legal_moves(state) if isinstance(m, Play)]
        keep = [m for m in plays if m.card != card("3C")] or plays
        state = apply(state, rng.choice(keep))
    assert (score(state).partner, score(state).solo) == (2, True)
    for seat in range(5):
        assert observe(state, seat).partner == 2


# --- §2.5.8 first_trick_blind, auction forms, six players, annulment ---------------------------


def test_s2_5_8_free_choice() -> None:
    deck = chiamata_deck({0: ["AB"], 1: ["4C"], 2: ["2C"], 3: ["5B"], 4: ["6B"]})
    for suit, winner in (("C", 1), ("D", 0)):
        state = new_game("chiamata", deck=deck, first_trick_blind="free_choice")
        state = play(state, "pass", "pass", "pass", "bid 2")  # caller 3; the auction ends
        assert state.phase is Phase.PLAY
        assert current_player(state) == 0  # the first hand leads
        state = play(state, "AB", "4C", "2C", "5B", "6B")
        assert state.phase is Phase.NAME_TRUMP
        assert current_player(state) == 3
        assert observe(state, 0).tricks == ()  # not resolved before the suit is named
        assert set(legal_moves(state)) == {NameSuit(s) for s in Suit}
        state = play(state, f"suit {suit}")
        assert state.phase is Phase.PLAY
        trick = observe(state, 0).tricks[0]
        assert trick.winner == winner
        assert current_player(state) == winner
        assert score(state).points[winner] == 11
        assert score(state).called_card == card(f"2{suit}")
        for seat in range(5):
            assert observe(state, seat).trump_suit is Suit(suit)


def test_s2_5_8_free_choice_naming_after_talk_is_a_new_turn() -> None:
    # The last card of trick 1 ends its player's turn, talk included: the caller names the
    # suit and may then talk on a turn of its own (ruling R2).
    deck = chiamata_deck({0: ["AB"], 1: ["4C"], 2: ["2C"], 3: ["5B"], 4: ["6B"]})
    state = new_game("chiamata", deck=deck, first_trick_blind="free_choice", public_claims=True)
    state = play(state, "pass", "pass", "pass", "bid 2", "AB", "4C", "2C", "5B")
    state = apply(state, Declare(WEAK_HAND))
    assert state.talked
    state = play(state, "6B")
    assert (state.phase, state.turn, state.talked) == (Phase.NAME_TRUMP, 3, False)
    state = play(state, "suit C")
    assert not state.talked
    assert any(isinstance(move, Declare) for move in legal_moves(state))


def test_s2_5_8_free_choice_called_card_in_trick_one() -> None:
    deck = chiamata_deck({0: ["AB"], 1: ["4C"], 2: ["2C"], 3: ["5B"], 4: ["6B"]})
    state = new_game("chiamata", deck=deck, first_trick_blind="free_choice")
    state = play(state, "pass", "pass", "pass", "bid 2", "AB", "4C", "2C", "5B", "6B")
    assert score(state).partner is None
    state = play(state, "suit C")
    assert (score(state).partner, score(state).solo) == (2, False)
    for seat in range(5):
        assert observe(state, seat).partner == 2


def test_s2_5_8_two_only() -> None:
    deck = chiamata_deck({0: ["2S"]})
    state = new_game("chiamata", deck=deck, auction="two_only")
    assert set(legal_moves(state)) == point_bids(61) | {Pass()}
    state = play(state, "points 61", "points 65", "pass", "pass", "pass", "pass")
    assert state.phase is Phase.NAME_TRUMP
    assert current_player(state) == 1
    assert set(legal_moves(state)) == {NameSuit(suit) for suit in Suit}
    state = play(state, "suit S")
    result = score(state)
    assert (result.caller, result.target, result.called_card) == (1, 65, card("2S"))
    final = random_play(state, random.Random(47), is_over)
    assert score(final).partner == 0
    # Everyone passes: the first hand must make a point bid.
    forced = play(new_game("chiamata", deck=deck, auction="two_only"), *(["pass"] * 5))
    assert current_player(forced) == 0
    assert set(legal_moves(forced)) == point_bids(61)
    forced = play(forced, "points 70")
    assert forced.phase is Phase.NAME_TRUMP
    assert (score(forced).caller, score(forced).target) == (0, 70)


def test_s2_5_8_points_only_forced_and_ace_rule() -> None:
    state = play(new_game("chiamata", seed=48, auction="points_only"), *(["pass"] * 5))
    assert current_player(state) == 0
    assert set(legal_moves(state)) == point_bids(61)
    state = play(state, "points 64")
    assert state.phase is Phase.NAME_TRUMP
    assert (score(state).caller, score(state).target) == (0, 64)
    names = set(legal_moves(state))
    assert names == {NameCard(x) for x in DECK if x.rank is not Rank.ACE}
    assert_illegal(state, "call AD")
    aces = play(
        new_game("chiamata", seed=48, auction="points_only", allow_ace_call=True), "points 64"
    )
    aces = play(aces, "pass", "pass", "pass", "pass")
    assert set(legal_moves(aces)) == {NameCard(x) for x in DECK}


def test_s2_5_8_six_players_dealer_sits_out() -> None:
    deck = shuffled(58)
    state = new_game("chiamata", deck=deck, dealer=2, players=6)
    assert observe(state, 0).hand_sizes == (8, 8, 0, 8, 8, 8)
    order = [3, 4, 5, 0, 1]  # from next(D), skipping the dealer
    for i, seat in enumerate(order):
        assert set(observe(state, seat).hand) == {deck[i + 5 * j] for j in range(8)}
    assert current_player(state) == 3
    rng = random.Random(58)
    while not is_over(state):
        assert current_player(state) != 2
        state = apply(state, rng.choice(legal_moves(state)))
    assert score(state).deltas[2] == 0
    assert sum(score(state).points) == 120


@pytest.mark.parametrize(
    ("form", "gone", "two_role"), [("remove_fours", "4", "2"), ("remove_twos", "2", "4")]
)
def test_s2_5_8_six_players_36_cards(form: str, gone: str, two_role: str) -> None:
    state = new_game("chiamata", seed=59, players=6, six_player_form=form)  # type: ignore[arg-type]
    view = observe(state, 0)
    assert view.hand_sizes == (6, 6, 6, 6, 6, 6)
    dealt = [x for seat in range(6) for x in observe(state, seat).hand]
    assert len(set(dealt)) == 36
    assert not [x for x in dealt if x.rank.code == gone]
    assert sum(x.points for x in dealt) == 120
    ladder = tuple(rank for rank in CALLABLE if rank != gone)
    assert set(legal_moves(state)) == bids(*ladder) | {Pass()}
    assert_illegal(state, f"bid {gone}")
    ended = play(state, "pass", f"bid {two_role}")  # the weakest rank ends the auction at once
    assert ended.phase is Phase.NAME_TRUMP
    assert current_player(ended) == 1
    ended = play(ended, "suit B")
    assert score(ended).called_card == card(f"{two_role}B")
    final = random_play(ended, random.Random(59), is_over)
    assert len(final.tricks) == 6
    assert sum(score(final).deltas) == 0


def test_s2_5_8_remove_twos_four_takes_the_twos_role() -> None:
    six: dict[str, Any] = {"players": 6, "six_player_form": "remove_twos"}
    state = play(new_game("chiamata-milan", seed=60, **six), "bid 4")
    assert state.phase is Phase.AUCTION  # a Milan 2-call opens point bids
    assert set(legal_moves(state)) == point_bids(61) | {Pass()}
    state = play(state, "points 70", "pass", "pass", "pass", "pass", "pass")
    assert state.phase is Phase.NAME_TRUMP
    state = play(state, "suit C")
    assert (score(state).caller, score(state).target, score(state).called_card) == (
        1,
        70,
        card("4C"),
    )
    two_only = play(
        new_game("chiamata", seed=60, auction="two_only", **six), "points 61", *(["pass"] * 5)
    )
    two_only = play(two_only, "suit D")
    assert score(two_only).called_card == card("4D")


@pytest.mark.parametrize(
    ("rank_variant", "stand_in"),
    [("seven_high", "4"), ("seven_high_bisca", "3"), ("three_natural", "3")],
)
def test_s2_5_8_remove_twos_weakest_rank_takes_the_twos_role(
    rank_variant: str, stand_in: str
) -> None:
    six: dict[str, Any] = {
        "players": 6,
        "six_player_form": "remove_twos",
        "rank_variant": rank_variant,
    }
    ladder = RANK_ORDER[rank_variant][1:].replace("2", "")
    assert ladder[-1] == stand_in
    state = new_game("chiamata", seed=63, **six)
    assert set(legal_moves(state)) == bids(*ladder) | {Pass()}
    assert_illegal(state, "bid 2")
    # The rank just above the stand-in does not end the auction.
    above = play(state, f"bid {ladder[-2]}")
    assert above.phase is Phase.AUCTION
    assert set(legal_moves(above)) == bids(stand_in) | {Pass()}
    # The stand-in ends the standard auction at once and is the called rank.
    ended = play(state, "pass", f"bid {stand_in}")
    assert ended.phase is Phase.NAME_TRUMP
    assert current_player(ended) == 1
    ended = play(ended, "suit B")
    assert score(ended).called_card == card(f"{stand_in}B")
    # Under after_two="points" it opens the point bids, and stays the called rank after them.
    milan = play(new_game("chiamata-milan", seed=63, **six), f"bid {stand_in}")
    assert milan.phase is Phase.AUCTION
    assert set(legal_moves(milan)) == point_bids(61) | {Pass()}
    milan = play(milan, "points 70", *(["pass"] * 5), "suit C")
    result = score(milan)
    assert (result.caller, result.target, result.called_card) == (1, 70, card(f"{stand_in}C"))
    # Under two_only it is the called rank.
    two_only = play(
        new_game("chiamata", seed=63, auction="two_only", **six), "points 61", *(["pass"] * 5)
    )
    two_only = play(two_only, "suit D")
    assert score(two_only).called_card == card(f"{stand_in}D")


@pytest.mark.parametrize("form", ["remove_fours", "remove_twos"])
def test_s2_5_8_auction_refusals_name_the_rank_in_the_twos_role(form: str) -> None:
    """A refused bid is explained with the rank that plays the 2's role (§2.5.8), and a
    standard auction, which a call of that rank ends, has no point bids to offer
    (§2.5.2 b)."""
    six: dict[str, Any] = {"players": 6, "six_player_form": form}
    stand_in = "4" if form == "remove_twos" else "2"

    def refusal(state: State, text: str) -> str:
        with pytest.raises(IllegalMoveError) as refused:
            apply(state, move(text))
        return str(refused.value)

    standard = new_game("chiamata", seed=60, **six)
    assert refusal(standard, "points 70") == (
        f"this auction has no point bids: a call of the {stand_in} ends it"
    )
    milan = new_game("chiamata-milan", seed=60, **six)
    assert refusal(milan, "points 70") == (
        f"point bids are allowed only after a call of the {stand_in}"
    )
    called = play(milan, f"bid {stand_in}")
    assert refusal(called, "bid 5") == f"after a call of the {stand_in} only point bids can follow"
    raised = play(called, "points 70")
    assert refusal(raised, "bid 5") == f"after a call of the {stand_in} only point bids can follow"
    assert (
        refusal(play(milan, "bid 5"), "bid K") == "a bid of K does not beat the current bid of 5"
    )


@pytest.mark.parametrize(("form", "gone"), [("remove_fours", "4"), ("remove_twos", "2")])
def test_s2_5_8_points_only_names_only_cards_of_the_36_card_deck(form: str, gone: str) -> None:
    six: dict[str, Any] = {"players": 6, "six_player_form": form, "auction": "points_only"}
    state = play(new_game("chiamata", seed=64, **six), "points 61", *(["pass"] * 5))
    assert state.phase is Phase.NAME_TRUMP
    assert current_player(state) == 0
    deck = [x for x in DECK if x.rank.code != gone]
    assert set(legal_moves(state)) == {NameCard(x) for x in deck if x.rank is not Rank.ACE}
    for suit in "DCSB":
        assert_illegal(state, f"call {gone}{suit}")
    aces = play(
        new_game("chiamata", seed=64, allow_ace_call=True, **six), "points 61", *(["pass"] * 5)
    )
    assert set(legal_moves(aces)) == {NameCard(x) for x in deck}
    assert_illegal(aces, f"call {gone}D")


def test_s2_5_8_option_errors() -> None:
    for variant in ("chiamata", "chiamata-milan"):
        with pytest.raises(RulesError):
            rules(variant, open_hands=True)
        with pytest.raises(RulesError):
            rules(variant, signals=True)
        with pytest.raises(RulesError):
            new_game(variant, seed=1, signals=True)


# --- §2.5.6 stakes and cappotto ----------------------------------------------------------------

BANDS = {70: 1, 71: 2, 80: 2, 81: 3, 90: 3, 91: 4, 100: 4, 101: 5, 119: 5}
TEDALDI = {66: 1, 69: 1, 70: 2, 79: 2, 80: 3, 119: 3}


@pytest.mark.parametrize(
    ("stakes", "target", "unit"),
    [("bands", t, m) for t, m in BANDS.items()] + [("tedaldi", t, m) for t, m in TEDALDI.items()],
)
def test_s2_5_6_stake_bands(stakes: str, target: int, unit: int) -> None:
    check_milan(
        target,
        stakes,
        target,
        (-unit, -unit, 2 * unit, -unit, unit),
        won=True,
        cappotto=False,
    )
    check_milan(
        target,
        stakes,
        target - 1,
        (unit, unit, -2 * unit, unit, -unit),
        won=False,
        cappotto=False,
    )


@pytest.mark.parametrize(
    ("stakes", "cappotto_unit", "unit"), [("flat", 2, 1), ("bands", 10, 5), ("tedaldi", 4, 3)]
)
def test_s2_5_6_stakes_at_a_target_of_120(stakes: str, cappotto_unit: int, unit: int) -> None:
    # A point call of 120 ends the auction at once (§2.5.3). bands: 101–120 → 5, doubled by
    # a cappotto; tedaldi: T ≥ 80 → 3, and the volata row (4) in place of the doubling.
    # Making 120 takes every card point, so a win at this target is always a cappotto.
    c, u = cappotto_unit, unit
    check_milan(120, stakes, 120, (-c, -c, 2 * c, -c, c), won=True, cappotto=True)
    check_milan(120, stakes, 119, (u, u, -2 * u, u, -u), won=False, cappotto=False)
    check_milan(120, stakes, 60, (u, u, -2 * u, u, -u), won=False, cappotto=False)
    check_milan(120, stakes, 0, (c, c, -2 * c, c, -c), won=False, cappotto=True)


def test_s2_5_6_cappotto_loss_under_stakes() -> None:
    # bands: 71–80 → 2, doubled by the cappotto; tedaldi: the volata row is 4, not doubled.
    check_milan(75, "bands", 0, (4, 4, -8, 4, -4), won=False, cappotto=True)
    check_milan(72, "tedaldi", 0, (4, 4, -8, 4, -4), won=False, cappotto=True)
    check_milan(120, "bands", 120, (-10, -10, 20, -10, 10), won=True, cappotto=True)


def test_s2_5_6_cappotto_tricks() -> None:
    final = s_deal(seed=61, cappotto="tricks")
    side, defenders = (0, 3), (1, 2, 4)
    points = side_points(5, side, 120, defenders)
    # One side took all 120 card points, but a defender won a (pointless) trick.
    tricks = tuple(
        t._replace(winner=(1 if i == 0 else (0 if i % 2 else 3)))
        for i, t in enumerate(final.tricks)
    )
    result = score(attrs.evolve(final, points=points, tricks=tricks))
    assert result.cappotto is False
    assert result.deltas == (2, -1, -1, 1, -1)
    # Every trick went to the caller's side.
    swept = tuple(t._replace(winner=(0 if i % 2 else 3)) for i, t in enumerate(final.tricks))
    result = score(attrs.evolve(final, points=points, tricks=swept))
    assert result.cappotto is True
    assert result.deltas == (4, -2, -2, 2, -2)
    # The defenders took every trick.
    lost = tuple(t._replace(winner=defenders[i % 3]) for i, t in enumerate(final.tricks))
    zero = side_points(5, side, 0, defenders)
    result = score(attrs.evolve(final, points=zero, tricks=lost))
    assert result.cappotto is True
    assert result.deltas == (-4, 2, 2, -2, 2)
    # Tedaldi's volata row follows the cappotto option too.
    tedaldi = finished(
        "chiamata-milan",
        {4: ["2B"]},
        milan_auction(85),
        "suit B",
        seed=62,
        stakes="tedaldi",
        cappotto="tricks",
    )
    milan_points = side_points(5, (2, 4), 120, (0, 1, 3))
    mixed = tuple(t._replace(winner=(0 if i == 0 else 2)) for i, t in enumerate(tedaldi.tricks))
    result = score(attrs.evolve(tedaldi, points=milan_points, tricks=mixed))
    assert (result.cappotto, result.deltas) == (False, (-3, -3, 6, -3, 3))
    all_ours = tuple(t._replace(winner=4) for t in tedaldi.tricks)
    result = score(attrs.evolve(tedaldi, points=milan_points, tricks=all_ours))
    assert (result.cappotto, result.deltas) == (True, (-4, -4, 8, -4, 4))
    # Under the default cappotto="points" the same 120-point deal is a cappotto.
    default = s_deal(seed=61)
    result = score(attrs.evolve(default, points=points, tricks=tricks))
    assert result.cappotto is True
    assert result.deltas == (4, -2, -2, 2, -2)


# --- §2.5.6 annul_zero_point_hand: points by the active rank_variant, active seats only --------

ACES: dict[int, Sequence[str]] = {0: ["AD"], 1: ["AC"], 2: ["AS"], 4: ["AB"]}
ZERO_STANDARD = ["7B", "6B", "5C", "4C", "2C", "6S", "5S", "4D"]
THREES = ["3D", "3C", "3S", "3B", "2D", "4D", "5D", "6D"]


@pytest.mark.parametrize(
    ("seat_3", "variant", "void"),
    [
        (ZERO_STANDARD, "standard", True),
        (ZERO_STANDARD, "seven_high", False),  # the 7B is worth 10
        (THREES, "standard", False),
        (THREES, "seven_high", True),  # the 3s are worth nothing
        (THREES, "seven_high_bisca", True),
        (THREES, "three_natural", False),
    ],
)
def test_s2_5_6_annul_zero_point_hand_by_rank_variant(
    seat_3: list[str], variant: VariantId, void: bool
) -> None:
    deck = chiamata_deck({**ACES, 3: seat_3})
    state = new_game("chiamata", deck=deck, annul_zero_point_hand=True, rank_variant=variant)  # type: ignore[arg-type]
    assert is_over(state) is void
    assert score(state).void is void
    assert state.phase is (Phase.OVER if void else Phase.AUCTION)


def test_s2_5_6_annul_zero_point_hand_ignores_a_seat_that_sits_out() -> None:
    deck = chiamata_deck({0: ["AD"], 1: ["AC"], 2: ["AS"], 3: ["AB"], 4: ["3D"]}, players=6)
    state = new_game("chiamata", deck=deck, players=6, annul_zero_point_hand=True)
    assert observe(state, 5).hand == ()
    assert state.phase is Phase.AUCTION
    six = chiamata_deck(
        {0: ["AD"], 1: ["AC"], 2: ["AS"], 4: ["AB"], 3: ["2D", "2C", "2S", "2B", "5D", "6D"]},
        players=6,
        form="remove_fours",
    )
    over = new_game(
        "chiamata", deck=six, players=6, six_player_form="remove_fours", annul_zero_point_hand=True
    )
    assert is_over(over)
    assert score(over).void
    assert score(over).deltas == (0, 0, 0, 0, 0, 0)


# --- §2.5.8 first_trick_blind with six players and with the points-only auction ----------------


def test_s2_5_8_committed_with_six_players_reveals_after_the_sixth_card() -> None:
    placed: dict[int, Sequence[str]] = {
        0: ["AB"],
        1: ["5C"],
        2: ["2C"],
        3: ["5B"],
        4: ["6B"],
        5: ["7B"],
    }
    deck = chiamata_deck(placed, players=6, form="remove_fours")
    state = new_game(
        "chiamata",
        deck=deck,
        players=6,
        six_player_form="remove_fours",
        first_trick_blind="committed",
    )
    state = play(state, "bid 2", "suit C", "AB", "5C", "2C", "5B", "6B")
    for seat in range(1, 6):
        view = observe(state, seat)
        assert view.trump_suit is None
        assert view.called_card is None
        assert view.partner is None
    assert observe(state, 0).trump_suit is Suit.COPPE
    assert score(state).called_card is None
    state = play(state, "7B")
    assert observe(state, 0).tricks[0].winner == 1  # 5C, the only trump
    for seat in range(6):
        view = observe(state, seat)
        assert view.trump_suit is Suit.COPPE
        assert view.called_card == card("2C")
        assert view.partner == 2
    assert (score(state).partner, score(state).solo) == (2, False)


BLIND_TRICK: dict[int, Sequence[str]] = {0: ["AB"], 1: ["4C"], 2: ["2C"], 3: ["5B"], 4: ["6B"]}


def test_s2_5_8_committed_with_points_only_names_a_card() -> None:
    deck = chiamata_deck(BLIND_TRICK)
    state = new_game("chiamata", deck=deck, auction="points_only", first_trick_blind="committed")
    state = play(state, "points 61", "pass", "pass", "pass", "pass")
    assert state.phase is Phase.NAME_TRUMP
    assert current_player(state) == 0
    assert all(isinstance(m, NameCard) for m in legal_moves(state))
    state = play(state, "call 2C", "AB", "4C", "2C", "5B")
    for seat in range(1, 5):
        view = observe(state, seat)
        assert view.trump_suit is None
        assert view.called_card is None
        assert not any(isinstance(m, NameCard) for _, m in view.history)
    assert observe(state, 0).called_card == card("2C")
    state = play(state, "6B")
    assert observe(state, 0).tricks[0].winner == 1
    assert score(state).called_card == card("2C")
    assert score(state).partner == 2


def test_s2_5_8_free_choice_with_points_only_names_a_card() -> None:
    deck = chiamata_deck(BLIND_TRICK)
    state = new_game("chiamata", deck=deck, auction="points_only", first_trick_blind="free_choice")
    state = play(state, "pass", "points 61", "pass", "pass", "pass")
    assert state.phase is Phase.PLAY
    assert current_player(state) == 0
    state = play(state, "AB", "4C", "2C", "5B", "6B")
    assert state.phase is Phase.NAME_TRUMP
    assert current_player(state) == 1
    assert observe(state, 0).tricks == ()
    assert set(legal_moves(state)) == {NameCard(x) for x in DECK if x.rank is not Rank.ACE}
    state = play(state, "call KD")
    assert observe(state, 0).tricks[0].winner == 0  # no Denari in the trick: AB takes it
    assert score(state).called_card == card("KD")


def test_s2_5_8_free_choice_with_caller_leading() -> None:
    deck = chiamata_deck(BLIND_TRICK)
    state = new_game("chiamata", deck=deck, first_trick_blind="free_choice", first_leader="caller")
    state = play(state, "pass", "pass", "bid 2")
    assert state.phase is Phase.PLAY
    assert current_player(state) == 2


# --- §2.5.2/§2.5.3 targets, and the public contract ---------------------------------------------


def test_s2_5_2_plain_two_in_milan_takes_the_base_target() -> None:
    for base, expected in ((None, 61), (60, 60)):
        options: dict[str, Any] = {} if base is None else {"base_target": base}
        state = new_game("chiamata-milan", seed=70, **options)
        state = play(state, "pass", "bid 2", "pass", "pass", "pass")
        assert state.phase is Phase.NAME_TRUMP
        assert (score(state).caller, score(state).target) == (1, expected)
        for seat in range(5):
            view = observe(state, seat)
            assert (view.caller, view.target) == (1, expected)


def test_s2_5_8_points_only_min_point_call_62() -> None:
    state = new_game("chiamata", seed=71, auction="points_only", min_point_call=62)
    assert set(legal_moves(state)) == point_bids(62) | {Pass()}
    assert_illegal(state, "points 61")


def test_s2_5_8_dealer_who_sits_out_sees_only_public_information() -> None:
    state = new_game("chiamata", seed=72, players=6)
    rng = random.Random(72)
    while True:
        view = observe(state, 5)
        spectator = public_view(state)
        assert view.hand == ()
        assert view.partner is None or view.partner == spectator.partner
        assert attrs.evolve(view, seat=None, hands=spectator.hands) == spectator
        if is_over(state):
            break
        state = apply(state, rng.choice(legal_moves(state)))


def test_s2_5_2_a_call_after_everyone_else_passed_ends_the_auction() -> None:
    state = play(new_game("chiamata", seed=73), "pass", "pass", "pass", "pass", "bid K")
    assert state.phase is Phase.NAME_TRUMP
    assert current_player(state) == 4
    assert (score(state).caller, score(state).target) == (4, 61)


def test_s2_5_4_partner_with_whole_hand_packets() -> None:
    # deal_packet_size=8: seat k is dealt card(8k+1) … card(8k+8) (§1.6); 4D at c17 goes to seat 2.
    deck = [x for x in DECK if str(x) != "4D"]
    deck.insert(16, card("4D"))
    state = new_game("chiamata", deck=deck, deal_packet_size=8)
    for seat in range(5):
        assert set(observe(state, seat).hand) == set(deck[8 * seat : 8 * seat + 8])
    state = play(state, *AU_1, "suit D")
    assert observe(state, 2).partner == 2
    assert observe(state, 3).partner is None
    final = random_play(state, random.Random(74), is_over)
    assert (score(final).partner, score(final).solo) == (2, False)


# --- §2.5 the game and its two presets ---------------------------------------------------------


def test_s2_5_briscolone_and_bugiarda_are_the_other_games() -> None:
    # Fails if "Briscolone" or "Bugiarda", names Chiamata shares with other games, select
    # Chiamata instead of the two-player no-trump game (§2.8) and the four-player
    # declaration game (§2.6).
    for name in ("briscolone", "Briscolone"):
        state = new_game(untyped(name), seed=1)
        assert state.rules.variant == "briscolone"
        assert (len(state.hands), state.phase, state.trump_suit) == (2, Phase.PLAY, None)
    for name in ("bugiarda", "Bugiarda"):
        state = new_game(untyped(name), seed=1)
        assert state.rules.variant == "bugiarda"
        assert (len(state.hands), state.phase) == (4, Phase.DECLARATIONS)


@pytest.mark.parametrize("seed", range(4))
def test_s2_5_the_two_presets_differ_by_after_two_alone(seed: int) -> None:
    # Fails if chiamata does not end its auction on a 2 (after_two="ends") or chiamata-milan
    # does (after_two="points"), or if either preset with the other's after_two does not play
    # exactly as the other preset: the same legal moves at every step, the same score.
    assert (rules("chiamata").after_two, rules("chiamata-milan").after_two) == ("ends", "points")
    standard = play(new_game("chiamata", seed=seed), "bid 2")
    assert (standard.phase, current_player(standard)) == (Phase.NAME_TRUMP, 0)
    milan = play(new_game("chiamata-milan", seed=seed), "bid 2")
    assert (milan.phase, current_player(milan)) == (Phase.AUCTION, 1)
    assert BidPoints(61) in legal_moves(milan)
    pairs = (
        (
            new_game("chiamata", seed=seed, after_two="points"),
            new_game("chiamata-milan", seed=seed),
        ),
        (new_game("chiamata-milan", seed=seed, after_two="ends"), new_game("chiamata", seed=seed)),
    )
    rng = random.Random(seed)
    for mine, theirs in pairs:
        while not is_over(mine):
            assert legal_moves(mine) == legal_moves(theirs)
            chosen = rng.choice(legal_moves(mine))
            mine, theirs = apply(mine, chosen), apply(theirs, chosen)
        assert is_over(theirs)
        assert score(mine) == score(theirs)


# --- §2.5.1 players, deal, direction ----------------------------------------------------------


@pytest.mark.parametrize("dealer", range(5))
def test_s2_5_1_eight_each_from_the_dealers_right_and_no_stock(dealer: int) -> None:
    # Fails if Chiamata stops dealing 8 cards to each of five seats one at a time from
    # next(D) (or a whole hand at a time with deal_packet_size=8), turns a card or keeps a
    # stock, or offers framor's two packets of four, which the library does not.
    deck = shuffled(50 + dealer)
    order = [(dealer + 1 + k) % 5 for k in range(5)]
    single = new_game("chiamata", deck=deck, dealer=dealer)
    packets = new_game("chiamata", deck=deck, dealer=dealer, deal_packet_size=8)
    for k, seat in enumerate(order):
        assert set(single.hands[seat]) == {deck[k + 5 * j] for j in range(8)}
        assert set(packets.hands[seat]) == set(deck[8 * k : 8 * k + 8])
    for state in (single, packets):
        assert [len(h) for h in state.hands] == [8] * 5
        assert current_player(state) == order[0]
        view = public_view(state)
        assert (view.stock_size, view.trump_card, view.trump_suit) == (0, None, None)
        assert view.initial_trump_card is None
    with pytest.raises(RulesError, match="deal_packet_size"):
        rules("chiamata", deal_packet_size=untyped(4))


# --- §2.5.5 play ------------------------------------------------------------------------------


@pytest.mark.parametrize("first_leader", ["first_hand", "caller"])
@pytest.mark.parametrize("variant", ["chiamata", "chiamata-milan"])
def test_s2_5_5_first_lead_then_eight_tricks_without_drawing(
    variant: VariantId, first_leader: Literal["first_hand", "caller"]
) -> None:
    # Fails if the first lead is not made by F = next(D) whoever won the auction (or by the
    # caller under first_leader="caller"), if a later trick is not led by the winner of the
    # one before, if a card is drawn or a hand does not lose exactly one card a trick, if a
    # deal has other than 8 tricks, or if a seat must follow suit by default.
    callers_not_first = 0
    for seed in range(10):
        dealer = seed % 5
        first = (dealer + 1) % 5
        # The default is first_leader="first_hand": the option is given only for the other.
        chosen: dict[str, Any] = {} if first_leader == "first_hand" else {"first_leader": "caller"}
        state = new_game(variant, seed=seed, dealer=dealer, **chosen)
        assert state.rules.first_leader == first_leader
        rng = random.Random(seed)
        while state.phase is not Phase.PLAY:
            state = apply(state, rng.choice(legal_moves(state)))
        caller = score(state).caller
        assert caller is not None
        callers_not_first += caller != first
        assert current_player(state) == (caller if first_leader == "caller" else first)
        while not is_over(state):
            done = len(state.tricks)
            if not state.trick:
                assert [len(h) for h in state.hands] == [8 - done] * 5
                assert public_view(state).stock_size == 0
                if done:
                    assert current_player(state) == state.tricks[-1].winner
            seat = current_player(state)
            assert seat is not None
            plays = {m.card for m in legal_moves(state) if isinstance(m, Play)}
            assert plays == set(state.hands[seat])  # any card, led suit or not
            state = apply(state, Play(rng.choice(sorted(plays, key=lambda c: c.id))))
        assert len(state.tricks) == 8
        assert state.tricks[0].leader == (caller if first_leader == "caller" else first)
    assert callers_not_first  # the auctions gave the lead away from F at least once
