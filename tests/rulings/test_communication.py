"""Table talk, signals and hand sharing: §3.3–§3.5, rulings R1 and R2, and the
examples OPT-5 to OPT-9 of §5.9.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from briscola import (
    STRONG_HAND,
    WEAK_HAND,
    Card,
    Declare,
    HasNot,
    IllegalMoveError,
    Move,
    Pass,
    Phase,
    Play,
    RulesError,
    ShowHand,
    Signal,
    State,
    VariantId,
    apply,
    current_player,
    is_over,
    legal_moves,
    new_game,
    observe,
    rules,
)
from helpers import PRESET_IDS, build_deck, dealing_order, finish_trick, play, random_play

FIXED_PARTNERSHIPS = ("classic-4", "classic-6", "bugiarda", "bugiarda-5")
TALK = (Declare, Signal)


def shown_to(state: State, seat: int) -> dict[int, tuple[Card, ...]]:
    return dict(observe(state, seat).shown)


# --- §5.9 ------------------------------------------------------------------------------------


def test_opt_5() -> None:
    state = new_game("classic-4", seed=5, share_hands_before_first_trick="automatic")
    assert state.phase is Phase.PLAY
    assert current_player(state) == 0
    hands = [observe(state, seat).hand for seat in range(4)]
    for seat, partner in ((0, 2), (2, 0), (1, 3), (3, 1)):
        assert shown_to(state, seat) == {partner: hands[partner]}
        assert len(hands[partner]) == 3
        assert observe(state, seat).hands[partner] is None
    after = finish_trick(state, random.Random(5))
    for seat, partner in ((0, 2), (2, 0), (1, 3), (3, 1)):
        view = observe(after, seat)
        assert dict(view.shown) == {partner: hands[partner]}  # the snapshot, nothing newer
        drawn = set(observe(after, partner).hand) - set(hands[partner])
        assert len(drawn) == 1
        assert not drawn & {x for _, cs in view.shown for x in cs}
        assert view.hands[partner] is None


def test_opt_6() -> None:
    state = new_game("classic-4", seed=6, signals=True, no_signals_first_trick=True)
    rng = random.Random(6)
    ace = Signal("ACE")
    while not observe(state, 0).tricks:
        assert ace not in legal_moves(state)
        with pytest.raises(IllegalMoveError):
            apply(state, ace)
        plays = [m for m in legal_moves(state) if isinstance(m, Play)]
        state = apply(state, rng.choice(plays))
    leader = current_player(state)
    assert leader is not None
    assert ace in legal_moves(state)
    signalled = apply(state, ace)
    assert current_player(signalled) == leader
    partner = (leader + 2) % 4
    assert (leader, ace) in observe(signalled, leader).history
    assert (leader, ace) in observe(signalled, partner).history
    for opponent in ((leader + 1) % 4, (leader + 3) % 4):
        assert not any(isinstance(m, Signal) for _, m in observe(signalled, opponent).history)
        assert observe(signalled, opponent) == observe(state, opponent)


@pytest.mark.parametrize("variant", PRESET_IDS)
def test_opt_7(variant: VariantId) -> None:
    for seed in range(3):
        state = new_game(variant, seed=seed)
        rng = random.Random(seed)
        while not is_over(state):
            moves = legal_moves(state)
            assert not any(isinstance(m, Signal) for m in moves)
            if state.phase is Phase.PLAY:
                assert not any(isinstance(m, Declare) for m in moves)
            state = apply(state, rng.choice(moves))


def test_opt_8() -> None:
    state = new_game("classic", seed=8, public_claims=True)
    assert current_player(state) == 0
    claim = Declare(HasNot(Card.parse("AC")))
    assert claim in legal_moves(state)
    state = apply(state, claim)
    assert current_player(state) == 0
    own = observe(state, 0).hand
    assert set(legal_moves(state)) == {Play(x) for x in own}
    with pytest.raises(IllegalMoveError):
        apply(state, claim)
    with pytest.raises(IllegalMoveError):
        apply(state, Declare(WEAK_HAND))
    assert (0, claim) in observe(state, 1).history  # public
    state = apply(state, Play(own[0]))
    assert current_player(state) == 1
    second = Declare(STRONG_HAND)
    assert second in legal_moves(state)
    state = apply(state, second)
    assert current_player(state) == 1
    assert set(legal_moves(state)) == {Play(x) for x in observe(state, 1).hand}


def test_opt_9() -> None:
    for variant in ("classic", "chiamata", "chiamata-milan", "classic-3", "bugiarda-2"):
        with pytest.raises(RulesError):
            rules(variant, signals=True)
    with pytest.raises(RulesError):
        new_game("classic", seed=9, signals=True)
    with pytest.raises(RulesError):
        new_game("chiamata", seed=9, signals=True)
    for variant in FIXED_PARTNERSHIPS:
        assert rules(variant, signals=True).signals is True  # type: ignore[arg-type]


# --- §3.5 signals ------------------------------------------------------------------------------


def test_s3_5_signal_hidden_from_opponents_shown_to_partners() -> None:
    state = new_game("classic-6", seed=35, signals=True, no_signals_first_trick=False)
    token = Signal("KING")
    signalled = apply(state, token)
    assert current_player(signalled) == 0
    for partner in (2, 4):
        assert (0, token) in observe(signalled, partner).history
    for opponent in (1, 3, 5):
        view = observe(signalled, opponent)
        assert not any(isinstance(m, Signal) for _, m in view.history)
        assert view == observe(state, opponent)  # not even that a signal was made
    # Later in the deal too: the opponents' views never record it.
    rng = random.Random(35)
    later = finish_trick(signalled, rng)
    plain = state
    for _, played in observe(later, 0).history:
        if isinstance(played, Play):
            plain = apply(plain, played)
    for opponent in (1, 3, 5):
        assert observe(later, opponent) == observe(plain, opponent)


def test_s3_5_at_most_one_communication_per_turn_and_no_turn_change() -> None:
    cases: tuple[tuple[str, dict[str, Any]], ...] = (
        ("classic-4", {"signals": True, "public_claims": True, "no_signals_first_trick": False}),
        ("bugiarda", {"signals": True, "public_claims": True}),
        ("chiamata", {"public_claims": True}),
        ("classic", {"public_claims": True}),
    )
    for variant, options in cases:
        for seed in range(3):
            state = new_game(variant, seed=seed, **options)  # type: ignore[arg-type]
            rng = random.Random(seed)
            talked = 0
            while not is_over(state):
                moves = legal_moves(state)
                chosen: Move = rng.choice(moves)
                if state.phase is Phase.PLAY and rng.random() < 0.5:
                    talk = [m for m in moves if isinstance(m, TALK)]
                    chosen = rng.choice(talk) if talk else chosen
                before = current_player(state)
                after = apply(state, chosen)
                if state.phase is Phase.PLAY and isinstance(chosen, TALK):
                    talked += 1
                    assert current_player(after) == before
                    assert not any(isinstance(m, TALK) for m in legal_moves(after))
                    for other in moves:
                        if isinstance(other, TALK):
                            with pytest.raises(IllegalMoveError):
                                apply(after, other)
                            break
                state = after
            assert talked > 0


# --- §3.3 share_hands_before_first_trick -------------------------------------------------------


def test_s3_3_voluntary_round() -> None:
    state = new_game("classic-4", seed=33, share_hands_before_first_trick="voluntary")
    assert state.phase is Phase.SHARE_HANDS
    hands = [observe(state, seat).hand for seat in range(4)]
    turns = []
    for text in ("show hand", "pass", "show hand", "pass"):
        turns.append(current_player(state))
        assert set(legal_moves(state)) == {ShowHand(), Pass()}
        state = play(state, text)
    assert turns == [0, 1, 2, 3]
    assert state.phase is Phase.PLAY
    assert current_player(state) == 0
    assert shown_to(state, 0) == {2: hands[2]}
    assert shown_to(state, 2) == {0: hands[0]}
    assert shown_to(state, 1) == {}
    assert shown_to(state, 3) == {}
    for seat in range(4):  # the choice itself is public
        history = observe(state, seat).history
        assert (0, ShowHand()) in history
        assert (1, Pass()) in history
    after = finish_trick(state, random.Random(33))
    assert shown_to(after, 2) == {0: hands[0]}  # later draws stay private
    assert observe(after, 2).hands[0] is None
    assert shown_to(after, 1) == {}


def test_s3_3_voluntary_round_starts_with_the_first_leader() -> None:
    state = new_game("classic-4", seed=34, dealer=1, share_hands_before_first_trick="voluntary")
    turns = []
    while state.phase is Phase.SHARE_HANDS:
        turns.append(current_player(state))
        state = play(state, "pass")
    assert turns == [2, 3, 0, 1]
    assert current_player(state) == 2
    assert all(shown_to(state, seat) == {} for seat in range(4))


def test_s3_3_automatic_snapshot_after_the_swap_round() -> None:
    deck = build_deck({0: ["2C"]}, dealing_order(4, 3), 3, at={13: "KC"})
    state = new_game(
        "classic-4",
        deck=deck,
        two_swap=True,
        two_swap_window="before_first_lead",
        share_hands_before_first_trick="automatic",
    )
    assert state.phase is Phase.SWAP_WINDOW
    assert current_player(state) == 0
    state = play(state, "swap 2C", "pass", "pass", "pass")
    assert state.phase is Phase.PLAY
    own = observe(state, 0).hand
    assert Card.parse("KC") in own
    assert Card.parse("2C") not in own
    assert shown_to(state, 2) == {0: own}  # the snapshot is taken when the first lead is due


# --- §3.4 share_hands_when_stock_empty -------------------------------------------------------


def test_s3_4_voluntary_round_after_the_stock_runs_out() -> None:
    state = new_game("classic-4", seed=44, share_hands_when_stock_empty="voluntary")
    assert state.phase is Phase.PLAY
    rng = random.Random(44)
    while len(observe(state, 0).tricks) < 7:
        assert state.phase is Phase.PLAY
        assert observe(state, 0).stock_size > 0
        plays = [m for m in legal_moves(state) if isinstance(m, Play)]
        state = apply(state, rng.choice(plays))
    # Trick 7 emptied the stock (28 cards, 4 a trick); the round starts with its winner.
    assert observe(state, 0).stock_size == 0
    winner = observe(state, 0).tricks[-1].winner
    assert state.phase is Phase.SHARE_HANDS
    assert current_player(state) == winner
    hands = [observe(state, seat).hand for seat in range(4)]
    turns = []
    for k in range(4):
        turns.append(current_player(state))
        state = play(state, "show hand" if k == 0 else "pass")
    assert turns == [(winner + k) % 4 for k in range(4)]
    assert state.phase is Phase.PLAY
    assert current_player(state) == winner
    partner = (winner + 2) % 4
    assert shown_to(state, partner) == {winner: hands[winner]}
    assert shown_to(state, winner) == {}
    for opponent in ((winner + 1) % 4, (winner + 3) % 4):
        assert shown_to(state, opponent) == {}
    final = random_play(state, rng, is_over)
    assert sum(observe(final, 0).score.points) == 120


def test_s3_4_voluntary_round_in_classic_6() -> None:
    state = new_game("classic-6", seed=43, share_hands_when_stock_empty="voluntary")
    rng = random.Random(43)
    while len(observe(state, 0).tricks) < 3:
        assert state.phase is Phase.PLAY
        state = apply(state, rng.choice(legal_moves(state)))
    # The 18-card stock runs out after trick 3.
    assert observe(state, 0).stock_size == 0
    winner = observe(state, 0).tricks[-1].winner
    assert state.phase is Phase.SHARE_HANDS
    hands = [observe(state, seat).hand for seat in range(6)]
    turns = []
    while state.phase is Phase.SHARE_HANDS:
        turns.append(current_player(state))
        state = play(state, "show hand" if current_player(state) == winner else "pass")
    assert turns == [(winner + k) % 6 for k in range(6)]
    assert current_player(state) == winner
    for seat in range(6):
        expected = {winner: hands[winner]} if seat % 2 == winner % 2 and seat != winner else {}
        assert shown_to(state, seat) == expected


def test_s3_4_automatic_when_the_stock_runs_out() -> None:
    state = new_game("classic-4", seed=45, share_hands_when_stock_empty="automatic")
    rng = random.Random(45)
    while len(observe(state, 0).tricks) < 7:
        assert all(shown_to(state, seat) == {} for seat in range(4))
        plays = [m for m in legal_moves(state) if isinstance(m, Play)]
        state = apply(state, rng.choice(plays))
    assert state.phase is Phase.PLAY
    hands = [observe(state, seat).hand for seat in range(4)]
    for seat in range(4):
        partner = (seat + 2) % 4
        assert shown_to(state, seat) == {partner: hands[partner]}
        assert len(hands[partner]) == 3


# --- §3.4 in Bugiarda: both options act as one round before trick 1 ----------------------------


@pytest.mark.parametrize(
    ("before", "when_empty"),
    [("voluntary", "off"), ("off", "voluntary"), ("voluntary", "voluntary")],
)
def test_s3_4_bugiarda_one_voluntary_round(before: str, when_empty: str) -> None:
    state = new_game(
        "bugiarda",
        seed=46,
        share_hands_before_first_trick=before,  # type: ignore[arg-type]
        share_hands_when_stock_empty=when_empty,  # type: ignore[arg-type]
    )
    phases = []
    rng = random.Random(46)
    while not is_over(state):
        phases.append((state.phase, current_player(state)))
        moves = legal_moves(state)
        chosen = ShowHand() if ShowHand() in moves else rng.choice(moves)
        state = apply(state, chosen)
    rounds = [entry for entry in phases if entry[0] is Phase.SHARE_HANDS]
    assert [seat for _, seat in rounds] == [0, 1, 2, 3]
    kinds = [phase for phase, _ in phases]
    assert kinds[:8] == [Phase.DECLARATIONS] * 4 + [Phase.SHARE_HANDS] * 4
    assert set(kinds[8:]) == {Phase.PLAY}


@pytest.mark.parametrize(
    ("before", "when_empty"),
    [("automatic", "voluntary"), ("voluntary", "automatic"), ("off", "automatic")],
)
def test_s3_4_bugiarda_automatic_wins(before: str, when_empty: str) -> None:
    state = new_game(
        "bugiarda",
        seed=47,
        share_hands_before_first_trick=before,  # type: ignore[arg-type]
        share_hands_when_stock_empty=when_empty,  # type: ignore[arg-type]
    )
    hands = [observe(state, seat).hand for seat in range(4)]
    state = play(state, "pass", "pass", "pass", "pass")
    assert state.phase is Phase.PLAY  # no ShowHand round
    assert current_player(state) == 0
    for seat in range(4):
        partner = (seat + 2) % 4
        assert shown_to(state, seat) == {partner: hands[partner]}
    rng = random.Random(47)
    while not is_over(state):
        assert state.phase is Phase.PLAY
        state = apply(state, rng.choice(legal_moves(state)))


def test_s3_3_bugiarda_round_starts_at_prev_dealer_with_offset() -> None:
    state = new_game(
        "bugiarda",
        seed=48,
        dealer=3,
        first_leader_offset=-1,
        share_hands_before_first_trick="voluntary",
    )
    state = play(state, "pass", "pass", "pass", "pass")
    turns = []
    while state.phase is Phase.SHARE_HANDS:
        turns.append(current_player(state))
        state = play(state, "pass")
    assert turns == [2, 3, 0, 1]  # from prev(D) = 2
    assert current_player(state) == 2


def test_s3_3_bugiarda_5_round_skips_the_dealer() -> None:
    state = new_game("bugiarda-5", seed=49, share_hands_before_first_trick="voluntary")
    state = play(state, "pass", "pass", "pass", "pass")
    hands = [observe(state, seat).hand for seat in range(5)]
    turns = []
    while state.phase is Phase.SHARE_HANDS:
        turns.append(current_player(state))
        state = play(state, "show hand")
    assert turns == [0, 1, 2, 3]
    assert shown_to(state, 0) == {2: hands[2]}
    assert shown_to(state, 3) == {1: hands[1]}
    assert shown_to(state, 4) == {}


def test_s3_4_passing_the_stock_empty_round_shows_nothing_after_an_automatic_start() -> None:
    """Hands shown automatically before trick 1 stay the only ones shown when every seat
    passes the voluntary round once the stock is gone."""
    state = new_game(
        "classic-4",
        seed=1,
        share_hands_before_first_trick="automatic",
        share_hands_when_stock_empty="voluntary",
    )
    automatic = state.shown
    assert {seat for seat, _ in automatic} == {0, 1, 2, 3}
    rng = random.Random(1)
    rounds = 0
    while not is_over(state):
        if state.phase is Phase.SHARE_HANDS:
            rounds += 1
            while state.phase is Phase.SHARE_HANDS:
                state = apply(state, Pass())
            assert state.shown == automatic
            for seat in range(4):
                partner = (seat + 2) % 4
                assert observe(state, seat).shown == tuple(
                    entry for entry in automatic if entry[0] == partner
                )
        else:
            state = apply(state, rng.choice(legal_moves(state)))
    assert rounds == 1
