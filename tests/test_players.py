"""The bots of `briscola.players`: legal, deterministic, and blind to hidden cards.

* Every bot returns one of ``view.legal_moves`` in every phase of random deals of every
  preset with random table rules.
* The same seed gives the same moves; ``with_seed`` gives a fresh, equal player.
* A bot is handed only a `View`: a view whose hidden cards differ (another state with the
  same view) gets the same move.
* The greedy player's rules of thumb, on hand-made situations.
"""

from __future__ import annotations

import enum
import pickle
import random
from collections.abc import Callable

import attrs
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import briscola
from briscola import (
    Bid,
    BidPoints,
    Card,
    Declare,
    GreedyPlayer,
    InvalidStateError,
    Move,
    NameSuit,
    Pass,
    Phase,
    Play,
    Player,
    RandomPlayer,
    Rank,
    RulesError,
    SearchPlayer,
    ShowHand,
    Signal,
    SwapTrump,
    View,
    apply,
    current_player,
    determinize,
    is_over,
    new_game,
    observe,
    unseen_cards,
)
from helpers import chiamata_deck, deck_from
from strategies import deal_settings, rules_strategy

BOTS: dict[str, Callable[[int], Player]] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    "search": lambda seed: SearchPlayer(seed, worlds=2, auction_worlds=2),
}


def _play(
    r: briscola.Rules, seed: int, bots: list[Player], check: Callable[[View, Move], None]
) -> briscola.State:
    state = new_game(r, seed=seed)
    while not is_over(state):
        seat = current_player(state)
        assert seat is not None
        view = observe(state, seat)
        move = bots[seat % len(bots)](view)
        check(view, move)
        state = apply(state, move)
    return state


def _legal(view: View, move: Move) -> None:
    assert move in view.legal_moves


@pytest.mark.parametrize("kind", ["random", "greedy"])
@given(r=rules_strategy(), seed=st.integers(0, 2**32))
@deal_settings(40)
def test_cheap_bots_make_legal_moves(kind: str, r: briscola.Rules, seed: int) -> None:
    _play(r, seed, [BOTS[kind](seed), RandomPlayer(seed + 1)], _legal)


@given(r=rules_strategy(), seed=st.integers(0, 2**32))
@deal_settings(8)
def test_the_search_player_makes_legal_moves(r: briscola.Rules, seed: int) -> None:
    _play(r, seed, [SearchPlayer(seed, worlds=1, auction_worlds=1), GreedyPlayer(seed)], _legal)


@pytest.mark.parametrize("variant", sorted(briscola.VARIANTS))
@pytest.mark.parametrize("kind", sorted(BOTS))
def test_every_preset_to_the_end(variant: str, kind: str) -> None:
    final = _play(briscola.rules(variant), 5, [BOTS[kind](5)], _legal)  # type: ignore[arg-type]
    assert final.phase is Phase.OVER


@pytest.mark.parametrize("kind", sorted(BOTS))
def test_the_same_seed_gives_the_same_game(kind: str) -> None:
    r = briscola.rules("classic-4", seven_swap=True, signals=True)
    moves: list[list[Move]] = [[], []]
    for run in range(2):
        _play(r, 11, [BOTS[kind](3), BOTS[kind](4)], lambda _v, m: moves[run].append(m))  # noqa: B023
    assert moves[0] == moves[1]


@pytest.mark.parametrize("kind", sorted(BOTS))
def test_with_seed_gives_a_fresh_player(kind: str) -> None:
    # with_seed(1) plays as a player built with seed 1, even from an original that has
    # already played or has been copied, and so differently from the original (seed 8).
    player = BOTS[kind](8)
    assert hasattr(player, "with_seed")
    r = briscola.rules("chiamata")
    moves: dict[str, list[Move]] = {"built": [], "original": [], "reseeded": [], "copied": []}
    _play(r, 2, [BOTS[kind](1)], lambda _v, m: moves["built"].append(m))
    _play(r, 2, [player], lambda _v, m: moves["original"].append(m))
    _play(r, 2, [player.with_seed(1)], lambda _v, m: moves["reseeded"].append(m))
    copied = pickle.loads(pickle.dumps(player)).with_seed(1)
    _play(r, 2, [copied], lambda _v, m: moves["copied"].append(m))
    assert moves["reseeded"] == moves["built"]
    assert moves["copied"] == moves["built"]
    assert moves["original"] != moves["built"]  # seeds 1 and 8 play this deal differently
    assert player.with_seed(1).seed == 1
    assert player.seed == 8  # type: ignore[attr-defined]


@pytest.mark.parametrize("bot", [RandomPlayer, GreedyPlayer, SearchPlayer])
def test_with_seed_keeps_a_subclass(bot: type[RandomPlayer | GreedyPlayer | SearchPlayer]) -> None:
    # A user's subclass of a bot stays itself when `simulate` reseeds it for each game.
    calls: list[int] = []

    class Last(bot):  # type: ignore[misc, valid-type]
        def __call__(self, view: briscola.View) -> Move:
            calls.append(1)
            return view.legal_moves[-1]

    fresh = Last(3).with_seed(5)
    assert type(fresh) is Last
    assert repr(fresh).startswith("Last(seed=5")
    run = briscola.simulate("classic", [Last(1), briscola.RandomPlayer(2)], 2, seed=1)
    assert calls
    assert run.players[0].startswith("Last(seed=")


def test_players_never_touch_the_global_generator() -> None:
    random.seed(1)
    before = random.getstate()
    _play(briscola.rules("classic"), 1, [GreedyPlayer(1), SearchPlayer(2, worlds=2)], _legal)
    assert random.getstate() == before


@pytest.mark.parametrize("kind", sorted(BOTS))
def test_a_view_is_all_a_player_sees(kind: str) -> None:
    # States that look the same from the seat to act get the same move from a fresh player,
    # whichever of them was observed last: a player that read anything but its view (the
    # hidden hands of the state last observed, say) would answer differently.
    state = new_game("classic", seed=4)
    state = apply(state, Play(state.hands[0][0]))
    state = apply(state, Play(state.hands[1][0]))
    seat = current_player(state)
    assert seat is not None
    view = observe(state, seat)
    move = BOTS[kind](6)(view)  # asked right after observing the real state
    others = {determinize(view, seed=world) for world in range(6)}
    # The worlds put the hidden cards elsewhere: in the other hand, or in another order.
    assert len({other.hands for other in others} | {state.hands}) > 2
    for other in others:
        assert other != state
        assert observe(other, seat) == view  # the last state observed is now `other`
        assert BOTS[kind](6)(view) == move
        assert BOTS[kind](6)(observe(other, seat)) == move


@pytest.mark.parametrize("kind", sorted(BOTS))
def test_a_bot_refuses_what_is_not_a_view(kind: str) -> None:
    player = BOTS[kind](1)
    with pytest.raises(RulesError, match="needs a View"):
        player(new_game("classic", seed=1))  # type: ignore[arg-type]
    idle = observe(new_game("classic", seed=1), 1)  # seat 0 is to act
    with pytest.raises(RulesError, match="not to act"):
        player(idle)


@pytest.mark.parametrize("kind", sorted(BOTS))
@pytest.mark.parametrize("junk", [None, "AD", 0, Card.parse("AD"), ()])
def test_a_bot_never_returns_what_is_not_a_move(kind: str, junk: object) -> None:
    view = observe(new_game("classic", seed=7), 0)
    edited = attrs.evolve(view, legal_moves=(junk,))  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError, match="inconsistent"):
        BOTS[kind](1)(edited)


@pytest.mark.parametrize("make", [RandomPlayer, GreedyPlayer, SearchPlayer])
def test_a_bad_seed_is_a_rules_error(make: Callable[..., Player]) -> None:
    with pytest.raises(RulesError, match="seed="):
        make("1")


@pytest.mark.parametrize("kind", sorted(BOTS))
def test_a_numpy_integer_seed_plays_as_its_int(kind: str) -> None:
    np = pytest.importorskip("numpy")
    r = briscola.rules("classic")
    moves: list[list[Move]] = [[], [], []]
    bots = [BOTS[kind](np.int64(3)), BOTS[kind](3), BOTS[kind](1)]
    bots[2] = bots[2].with_seed(np.uint32(3))  # type: ignore[attr-defined]
    for k, player in enumerate(bots):
        _play(r, 5, [player, player], lambda _v, m: moves[k].append(m))  # noqa: B023
    assert moves[0] == moves[1] == moves[2]
    assert bots[0].seed == 3  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("budget", "message"),
    [
        ({"worlds": 0}, "worlds="),
        ({"worlds": 10**12}, "worlds=1000000000000 is not valid: use a whole number from 1 to"),
        ({"auction_worlds": 10_001}, "auction_worlds=10001 is not valid"),
        ({"rollout": "smart"}, "rollout="),
        ({"time_ms": -1}, "time_ms="),
        ({"time_ms": float("nan")}, "time_ms="),
        ({"time_ms": 10**400}, "time_ms="),
    ],
)
def test_a_bad_budget_is_a_rules_error(budget: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        SearchPlayer(1, **budget)  # type: ignore[arg-type]


def test_players_are_players() -> None:
    for make in BOTS.values():
        assert isinstance(make(1), Player)


def test_repr_names_the_budget() -> None:
    assert repr(SearchPlayer(3, worlds=5)) == ("SearchPlayer(seed=3, worlds=5, rollout='greedy')")
    assert repr(GreedyPlayer(2)) == "GreedyPlayer(seed=2)"


def test_a_time_budget_still_gives_a_legal_move() -> None:
    view = observe(new_game("classic", seed=3), 0)
    assert SearchPlayer(1, worlds=1000, time_ms=5)(view) in view.legal_moves


def test_random_rollouts() -> None:
    final = _play(
        briscola.rules("classic"), 9, [SearchPlayer(1, worlds=2, rollout="random")], _legal
    )
    assert final.phase is Phase.OVER


# --- unseen cards --------------------------------------------------------------------------


def _unplaced(state: briscola.State, seat: int) -> set[Card]:
    """The cards whose place ``seat`` cannot know, worked out from the whole ``state``.

    Every card of the deal but the seat's own hand, the cards played, the cards out of the
    deck and the face-up card under the stock; and, of the rest (the other hands and the
    stock), not those every seat knows to be in a hand, nor what a table rule shows it:
    each hand under ``open_hands``, the stock as dealt under ``open_stock`` (each card drawn
    from it was seen going to its drawer), a partner's shown hand.
    """
    r = state.rules
    unplaced = set(state.deck) | set(state.removed) | set(state.stock)
    for hand in state.hands:
        unplaced |= set(hand)
    unplaced -= set(state.hands[seat])
    unplaced -= set(state.removed)
    unplaced -= {card for trick in state.tricks for card in trick.cards}
    unplaced -= set(state.trick)
    if state.trump_card is not None:
        unplaced.discard(state.trump_card)
    # A card that was ever face up and is now in a hand was seen going there: the card
    # turned at the deal (under the stock, or Bugiarda's last dealt card) and every card
    # put face up by a SwapTrump are taken by an exchange or the last draw in full view.
    face_up: set[Card] = {move.card for _, move in state.history if isinstance(move, SwapTrump)}
    if r.has_face_up_card:
        face_up.add(state.deck[r.dealt_cards])
    elif r.trump_source is briscola.TrumpSource.LAST_DEALT:
        face_up.add(state.deck[r.dealt_cards - 1])
    unplaced -= face_up
    if r.open_hands:
        unplaced -= {card for hand in state.hands for card in hand}
    if r.open_stock:
        unplaced -= set(state.dealt_stock)
    side = next((side for side in state.teams if seat in side), (seat,))
    for shower, cards in state.shown:
        if shower in side:
            unplaced -= set(cards) & set(state.hands[shower])
    return unplaced


def _check_unseen(state: briscola.State, seat: int) -> None:
    view = observe(state, seat)
    unseen = unseen_cards(view)
    assert list(unseen) == sorted(unseen, key=lambda card: card.id)
    assert set(unseen) == _unplaced(state, seat)
    # Each unseen card is in another hand or in the stock, and no more of them are unseen
    # than the seat cannot place.
    elsewhere = {c for other, hand in enumerate(state.hands) if other != seat for c in hand}
    assert set(unseen) <= elsewhere | set(state.stock)
    hidden = sum(
        size for size, hand in zip(view.hand_sizes, view.hands, strict=True) if hand is None
    )
    assert len(unseen) <= hidden + view.stock_size


@given(r=rules_strategy(), seed=st.integers(0, 2**32), steps=st.integers(0, 48))
@example(
    r=briscola.rules("classic", seven_swap=True, seven_swap_requires_higher=False),
    seed=3,
    steps=1,
)
@deal_settings(40)
def test_unseen_cards_are_exactly_the_cards_elsewhere(
    r: briscola.Rules, seed: int, steps: int
) -> None:
    # Every seat, at every position of a random walk through the deal. An exchange with
    # the face-up card is taken whenever one is legal, and the walk runs long enough to
    # draw the face-up card, so that cards known to be in a hand come up.
    state = new_game(r, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps + 1):
        for seat in range(r.players):
            _check_unseen(state, seat)
        if is_over(state):
            break
        moves = briscola.legal_moves(state)
        swaps = [move for move in moves if isinstance(move, SwapTrump)]
        state = apply(state, swaps[0] if swaps else rng.choice(moves))


def test_unseen_cards_leave_out_a_face_up_card_taken_into_a_hand() -> None:
    # Classic with the seven swap (any face-up card may be taken), deal 3: seat 0 gives its
    # 7 for the face-up 5 at its first turn. Seat 1 then knows where 5 of the 40 cards are
    # (its 3, the 7 now face up, and the 5 seat 0 took), so 35 are unseen, not 36.
    state = new_game("classic", seed=3, seven_swap=True, seven_swap_requires_higher=False)
    swaps = [move for move in briscola.legal_moves(state) if isinstance(move, SwapTrump)]
    assert swaps
    taken = state.trump_card
    state = apply(state, swaps[0])
    assert taken in state.hands[0]
    unseen = set(unseen_cards(observe(state, 1)))
    assert len(unseen) == 35
    assert taken not in unseen
    assert unseen == _unplaced(state, 1)
    # The face-up card drawn as the last card of the stock is known to be in a hand too.
    while state.trump_card is not None:
        state = apply(state, briscola.legal_moves(state)[0])
    for other in range(2):
        assert set(unseen_cards(observe(state, other))) == _unplaced(state, other)
    drawn = swaps[0].card
    holder = next(s for s, hand in enumerate(state.hands) if drawn in hand)
    assert drawn not in unseen_cards(observe(state, 1 - holder))


def test_unseen_cards_needs_a_view() -> None:
    with pytest.raises(RulesError, match="needs a View"):
        unseen_cards(new_game("classic", seed=1))  # type: ignore[arg-type]


# --- the greedy player's rules of thumb ----------------------------------------------------


def test_greedy_takes_a_loaded_card_cheaply() -> None:
    # Find a classic deal where seat 1 can take a led Ace or 3 with a trump, and check it does.
    for seed in range(200):
        state = new_game("classic", seed=seed)
        trump = state.trump_suit
        loaded = [c for c in state.hands[0] if c.suit is not trump and c.points >= 10]
        trumps = [c for c in state.hands[1] if c.suit is trump]
        follow = [
            c
            for c in state.hands[1]
            if loaded
            and c.suit is loaded[0].suit
            and state.rules.strength[c.id] > state.rules.strength[loaded[0].id]
        ]
        if loaded and trumps and not follow:
            state = apply(state, Play(loaded[0]))
            move = GreedyPlayer(1)(observe(state, 1))
            assert isinstance(move, Play)
            assert move.card.suit is trump
            cheapest = min(trumps, key=lambda c: (c.points, state.rules.strength[c.id]))
            assert move.card == cheapest
            return
    pytest.fail("no such deal in 200 seeds")


def test_greedy_does_not_trump_a_worthless_card() -> None:
    for seed in range(200):
        state = new_game("classic", seed=seed)
        trump = state.trump_suit
        low = [c for c in state.hands[0] if c.suit is not trump and c.points == 0]
        if low and any(c.suit is trump for c in state.hands[1]):
            state = apply(state, Play(low[0]))
            move = GreedyPlayer(1)(observe(state, 1))
            assert isinstance(move, Play)
            assert move.card.suit is not trump or all(c.suit is trump for c in state.hands[1])
            return
    pytest.fail("no such deal in 200 seeds")


def test_greedy_swaps_for_a_better_face_up_card() -> None:
    r = briscola.rules("classic", seven_swap=True)
    for seed in range(400):
        state = new_game(r, seed=seed)
        swaps = [m for m in briscola.legal_moves(state) if isinstance(m, SwapTrump)]
        if swaps:
            assert isinstance(GreedyPlayer(1)(observe(state, state.turn or 0)), SwapTrump)
            return
    pytest.fail("no such deal in 400 seeds")


def test_greedy_shows_its_hand_and_signals() -> None:
    r = briscola.rules(
        "classic-4",
        share_hands_before_first_trick="voluntary",
        signals=True,
        no_signals_first_trick=False,
    )
    state = new_game(r, seed=3)
    assert state.phase is Phase.SHARE_HANDS
    assert GreedyPlayer(1)(observe(state, state.turn or 0)) == ShowHand()
    for seed in range(100):
        state = new_game("classic-4", seed=seed, signals=True, no_signals_first_trick=False)
        trump = state.trump_suit
        seat = state.turn or 0
        if briscola.Card(briscola.Rank.ACE, trump) in state.hands[seat]:  # type: ignore[arg-type]
            move = GreedyPlayer(1)(observe(state, seat))
            assert move == Signal("ACE")
            state = apply(state, move)
            assert isinstance(GreedyPlayer(1)(observe(state, seat)), Play)
            return
    pytest.fail("no such deal in 100 seeds")


def test_greedy_bids_with_a_strong_hand_and_names_its_suit() -> None:
    # A hand holding the Ace, 3, King and Knight of one suit bids, and names that suit.
    for seed in range(500):
        state = new_game("chiamata", seed=seed)
        seat = state.turn or 0
        hand = state.hands[seat]
        for suit in briscola.Suit:
            tops = {c.rank for c in hand if c.suit is suit}
            if {briscola.Rank.ACE, briscola.Rank.THREE, briscola.Rank.KING} <= tops:
                move = GreedyPlayer(1)(observe(state, seat))
                assert isinstance(move, Bid)
                state = apply(state, move)
                while state.phase is Phase.AUCTION:
                    state = apply(state, Pass())
                if state.turn == seat and state.phase is Phase.NAME_TRUMP:
                    assert GreedyPlayer(1)(observe(state, seat)) == NameSuit(suit)
                return
    pytest.fail("no such deal in 500 seeds")


def test_greedy_passes_a_weak_hand() -> None:
    for seed in range(500):
        state = new_game("chiamata", seed=seed)
        seat = state.turn or 0
        if sum(c.points for c in state.hands[seat]) <= 4:
            assert GreedyPlayer(1)(observe(state, seat)) == Pass()
            return
    pytest.fail("no such deal in 500 seeds")


def test_greedy_declares_the_truth_in_bugiarda() -> None:
    state = new_game("bugiarda", seed=1)
    assert state.phase is Phase.DECLARATIONS
    seat = state.turn or 0
    move = GreedyPlayer(1)(observe(state, seat))
    assert isinstance(move, Declare)
    claim = move.claim
    if isinstance(claim, briscola.Has):
        assert claim.card in state.hands[seat]


def test_greedy_gives_points_to_a_partner_sure_to_win() -> None:
    # classic-4: seat 0 leads the Ace of trumps (nothing beats it); its partner, seat 2,
    # adds its most valuable plain card.
    for seed in range(300):
        state = new_game("classic-4", seed=seed)
        trump = state.trump_suit
        ace = briscola.Card(briscola.Rank.ACE, trump)  # type: ignore[arg-type]
        first = state.turn
        partner_hand = state.hands[(first + 2) % 4] if first is not None else ()
        plain = [c for c in partner_hand if c.suit is not trump and c.points >= 10]
        if first is not None and ace in state.hands[first] and plain:
            state = apply(state, Play(ace))
            state = apply(state, Play(state.hands[state.turn or 0][0]))
            move = GreedyPlayer(1)(observe(state, state.turn or 0))
            assert isinstance(move, Play)
            assert move.card.points >= 10
            return
    pytest.fail("no such deal in 300 seeds")


@pytest.mark.parametrize(("last_hand", "loads"), [("6D 2S 4C", True), ("3B 2S 4C", False)])
def test_greedy_loads_a_partners_trick_only_if_no_card_it_sees_can_beat_it(
    last_hand: str, loads: bool
) -> None:
    # classic-4 with the hands open, trumps Bastoni: seat 2 leads the 3 of Spade, seat 3
    # plays a Coppe, and seat 0 (holding 2D 4D AD) sees the last hand, seat 1's. The Ace goes
    # to its partner's trick when seat 1 cannot beat it, and not when seat 1 holds a trump;
    # the cards in the face-down stock cannot reach this trick.
    seat_1 = dict(zip((4, 8, 12), last_hand.split(), strict=True))
    placed = {1: "3S", 5: "4S", 9: "5S", 2: "5C", 6: "6C", 10: "7C", 3: "2D", 7: "4D"}
    deck = deck_from({**placed, 11: "AD", **seat_1, 13: "7B"}, "classic-4")
    state = new_game("classic-4", deck=deck, dealer=1, open_hands=True)
    state = apply(apply(state, Play(Card.parse("3S"))), Play(Card.parse("5C")))
    assert state.turn == 0
    move = GreedyPlayer(1)(observe(state, 0))
    assert (move == Play(Card.parse("AD"))) is loads


def test_greedy_gives_no_points_to_a_partner_it_sees_beaten() -> None:
    # classic-4 with the hands open, once the stock is empty: the partner led and holds the
    # trick, the seat to act cannot beat it, and the last seat, an opponent, visibly can.
    # The trick is lost: the seat keeps its most valuable plain card rather than load it.
    r = briscola.rules("classic-4", open_hands=True)

    def beats(card: Card, top: Card, trump: briscola.Suit | None) -> bool:
        if card.suit is top.suit:
            return r.strength[card.id] > r.strength[top.id]
        return card.suit is trump

    found = 0
    for seed in range(60):
        state = new_game(r, seed=seed)
        rng = random.Random(seed)
        while not is_over(state):
            seat = state.turn
            assert seat is not None
            trump = state.trump_suit
            if not state.stock and state.trump_card is None and len(state.trick) == 2:
                top = state.trick[0]
                plain = {r.card_points[c.id] for c in state.hands[seat] if c.suit is not trump}
                if (
                    not beats(state.trick[1], top, trump)
                    and not any(beats(c, top, trump) for c in state.hands[seat])
                    and any(beats(c, top, trump) for c in state.hands[(seat + 1) % 4])
                    and len(plain) > 1
                ):
                    found += 1
                    move = GreedyPlayer(1)(observe(state, seat))
                    assert isinstance(move, Play)
                    loaded = move.card.suit is not trump and move.card.points == max(plain)
                    assert not loaded, (seed, state.trick, state.hands)
            state = apply(state, rng.choice(briscola.legal_moves(state)))
    assert found >= 5


def _best_delta(state: briscola.State, seat: int) -> int:
    """The game points ``seat`` gets under best play by both seats, every card known."""
    if is_over(state):
        return briscola.score(state).deltas[seat]
    results = [_best_delta(apply(state, move), seat) for move in briscola.legal_moves(state)]
    return max(results) if state.turn == seat else min(results)


def test_the_search_player_plays_a_known_endgame_perfectly() -> None:
    # In classic, once the stock is empty every card is known: the search must find the
    # result that best play guarantees.
    for seed in range(15):
        state = new_game("classic", seed=seed)
        rng = random.Random(seed)
        while state.stock_size or len(state.hands[0]) + len(state.hands[1]) > 5:
            state = apply(state, rng.choice(briscola.legal_moves(state)))
        seat = current_player(state)
        assert seat is not None
        best = _best_delta(state, seat)
        move = SearchPlayer(seed, worlds=8)(observe(state, seat))
        assert _best_delta(apply(state, move), seat) == best


# --- Milan point bids (§2.5.3) -----------------------------------------------------------

_STRONG = ("AD", "3D", "QD", "KD", "AC", "4C", "5S", "6B")  # four top Denari and an Ace
_WEAK = ("4D", "5D", "6D", "4C", "5C", "6C", "4S", "5S")


def _auction(variant: briscola.VariantId, hand: tuple[str, ...], *bids: Move) -> View:
    """The view of the seat dealt ``hand`` after the seats before it, from the first hand
    (seat 0) on, made ``bids``, one each."""
    seat = len(bids)
    state = new_game(variant, deck=chiamata_deck({seat: hand}, dealer=4), dealer=4)
    assert state.turn == 0
    for move in bids:
        state = apply(state, move)
    assert state.turn == seat
    return observe(state, seat)


def test_greedy_bids_points_after_a_two_with_a_strong_hand() -> None:
    view = _auction("chiamata-milan", _STRONG, Bid(Rank.TWO))
    assert BidPoints(61) in view.legal_moves
    assert GreedyPlayer(1)(view) == BidPoints(61)  # the least raise allowed


def test_greedy_passes_a_point_auction_with_a_weak_hand() -> None:
    assert GreedyPlayer(1)(_auction("chiamata-milan", _WEAK, Bid(Rank.TWO))) == Pass()


def test_greedy_point_bids_stop_at_what_the_hand_supports() -> None:
    # Against every current target the strong hand raises by one up to some ceiling and
    # passes from there on: it never jumps, and never undertakes everything.
    answers = []
    for target in range(61, 120):
        view = _auction("chiamata-milan", _STRONG, Bid(Rank.TWO), BidPoints(target))
        move = GreedyPlayer(1)(view)
        assert move in (Pass(), BidPoints(target + 1))
        answers.append(move != Pass())
    ceiling = answers.index(False)
    assert 0 < ceiling < 30
    assert not any(answers[ceiling:])


def test_greedy_goes_down_to_the_two_in_milan_only() -> None:
    # The ranks the strong hand would call are taken (a 4 was called): in Milan the 2 opens
    # the point bids, so it calls the 2; where a 2 ends the auction, it passes.
    assert GreedyPlayer(1)(_auction("chiamata-milan", _STRONG, Bid(Rank.FOUR))) == Bid(Rank.TWO)
    assert GreedyPlayer(1)(_auction("chiamata", _STRONG, Bid(Rank.FOUR))) == Pass()
    assert GreedyPlayer(1)(_auction("chiamata-milan", _WEAK, Bid(Rank.FOUR))) == Pass()


def test_greedy_bids_points_when_the_rules_allow_a_jump() -> None:
    r = briscola.rules("chiamata-milan", allow_point_jump=True)
    state = new_game(r, deck=chiamata_deck({1: _STRONG}, dealer=4), dealer=4)
    state = apply(state, Bid(Rank.FOUR))
    view = observe(state, 1)
    assert BidPoints(61) in view.legal_moves
    assert GreedyPlayer(1)(view) in (Bid(Rank.TWO), BidPoints(61))


# --- the search player in the Chiamata auction and call -----------------------------------


def test_the_search_player_weighs_bids_and_calls() -> None:
    player = SearchPlayer(4, worlds=4, auction_worlds=8)
    view = _auction("chiamata-milan", _STRONG, Bid(Rank.TWO))
    assert player(view) in view.legal_moves
    # As the caller of the 2 it names the suit of its four top cards.
    state = new_game("chiamata", deck=chiamata_deck({0: _STRONG}, dealer=4), dealer=4)
    state = apply(state, Bid(Rank.TWO))
    assert state.phase is Phase.NAME_TRUMP
    assert player(observe(state, 0)) == NameSuit(briscola.Suit.DENARI)


def test_the_search_player_auction_budget() -> None:
    with pytest.raises(RulesError, match="auction_worlds"):
        SearchPlayer(1, auction_worlds=0)
    player = SearchPlayer(2, auction_worlds=5)
    assert "auction_worlds=5" in repr(player)
    assert player.with_seed(3).auction_worlds == 5
    assert pickle.loads(pickle.dumps(player)).auction_worlds == 5


def test_one_registry_names_the_bots() -> None:
    from briscola import players, terminal
    from briscola.web import tables

    assert list(players.BOTS) == ["random", "greedy", "search"]
    assert terminal.BOTS is players.BOTS
    assert tuple(players.BOTS) == tables.BOT_KINDS
    for name, kind in players.BOTS.items():
        assert type(terminal.make_player(name, 7)) is kind
        assert type(tables.make_bot(name, 7)) is kind


def test_search_refuses_a_rollout_that_is_not_text_before_comparing_it() -> None:
    from helpers import Hostile, HostileInt, HostileStr, untyped

    for rollout in (3, Hostile(), HostileInt(3), ["greedy"], HostileStr("smart")):
        with pytest.raises(RulesError, match=r"rollout=.* is not valid: use 'greedy' or 'random'"):
            SearchPlayer(1, rollout=untyped(rollout))


def test_search_reads_a_rollout_given_as_a_str_subclass_as_its_text() -> None:
    # As a variant name may be: a StrEnum member, or a subclass whose comparison fails.
    from helpers import HostileStr

    class Rollout(enum.StrEnum):
        RANDOM = "random"

    for rollout in (Rollout.RANDOM, HostileStr("random")):
        player = SearchPlayer(1, rollout=rollout)
        assert type(player.rollout) is str
        assert player.rollout == "random"
        assert repr(player) == "SearchPlayer(seed=1, worlds=64, rollout='random')"


def _bot_match(whole_view: bool) -> briscola.Match:
    match = briscola.new_match("classic-4", seed=3)
    bots = [GreedyPlayer(1), RandomPlayer(2), SearchPlayer(3, worlds=2), GreedyPlayer(4)]
    while (seat := briscola.current_player(match)) is not None:
        view = briscola.observe(match, seat)
        assert unseen_cards(view) == unseen_cards(view.deal)
        match = briscola.apply(match, bots[seat](view if whole_view else view.deal))
    return match


def test_the_bots_play_a_match_from_the_views_the_match_docs_send_them() -> None:
    # Matches send players observe(match, seat): the bots and unseen_cards read its deal.
    match = _bot_match(whole_view=True)
    assert briscola.score(match).final
    assert match == _bot_match(whole_view=False)


# --- promises of the docstrings and docs/players.md -----------------------------------------


def test_the_random_player_picks_every_legal_move_about_as_often() -> None:
    # "A uniformly random legal move": over many seeds each of the 3 first cards comes up
    # about a third of the time (six standard deviations).
    view = observe(new_game("classic", seed=7), 0)
    assert len(view.legal_moves) == 3
    tries = 3000
    counts = dict.fromkeys(view.legal_moves, 0)
    for seed in range(tries):
        counts[RandomPlayer(seed)(view)] += 1
    spread = (tries * (1 / 3) * (2 / 3)) ** 0.5
    assert all(abs(count - tries / 3) < 6 * spread for count in counts.values()), counts


@pytest.mark.parametrize("time_ms", [0, 0.0, True, False])
def test_a_time_budget_is_a_positive_number(time_ms: object) -> None:
    with pytest.raises(RulesError, match=r"time_ms=.* is not valid: use a positive number"):
        SearchPlayer(1, time_ms=time_ms)  # type: ignore[arg-type]


def test_with_seed_keeps_the_whole_budget_and_repr_shows_it() -> None:
    player = SearchPlayer(3, worlds=5, rollout="random", time_ms=7.5, auction_worlds=6)
    fresh = player.with_seed(4)
    assert (fresh.seed, fresh.worlds, fresh.rollout) == (4, 5, "random")
    assert (fresh.time_ms, fresh.auction_worlds) == (7.5, 6)
    assert repr(fresh) == (
        "SearchPlayer(seed=4, worlds=5, rollout='random', time_ms=7.5, auction_worlds=6)"
    )


def _count_worlds(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the deals the search player samples (one `determinize` call each)."""
    from briscola import players

    calls: list[int] = []

    def counted(view: View, seed: int | None = None) -> briscola.State:
        calls.append(1)
        return determinize(view, seed=seed)

    monkeypatch.setattr(players, "determinize", counted)
    return calls


def test_a_time_budget_stops_the_sampling(monkeypatch: pytest.MonkeyPatch) -> None:
    # A clock that moves a second each time it is read: after the first deal the 5 ms are
    # spent, so exactly one deal is searched, however many worlds the budget allows.
    import types

    from briscola import players

    ticks = iter(range(10**6))
    monkeypatch.setattr(players, "time", types.SimpleNamespace(perf_counter=lambda: next(ticks)))
    calls = _count_worlds(monkeypatch)
    view = observe(new_game("classic", seed=3), 0)
    assert SearchPlayer(1, worlds=1000, time_ms=5)(view) in view.legal_moves
    assert len(calls) == 1


def _known_endgame(seed: int) -> briscola.State:
    """A classic deal once the stock is empty, 3 or fewer cards in each hand: every card is
    known to the seat to act."""
    state = new_game("classic", seed=seed)
    rng = random.Random(seed)
    while state.stock_size or len(state.hands[0]) + len(state.hands[1]) > 6:
        state = apply(state, rng.choice(briscola.legal_moves(state)))
    return state


def test_the_search_samples_8_deals_at_least_and_stops_once_one_card_is_clear(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Every sampled deal of a known endgame is the same deal: the best card is as clear as
    # it gets, so the search stops at the first check allowed, after 8 deals.
    calls = _count_worlds(monkeypatch)
    state = _known_endgame(2)
    seat = current_player(state)
    assert seat is not None
    view = observe(state, seat)
    assert len(view.legal_moves) > 1
    assert SearchPlayer(1, worlds=64)(view) in view.legal_moves
    assert len(calls) == 8


def _best_value(state: briscola.State, seat: int) -> float:
    """The search's value of ``state`` for ``seat`` (its margin of card points plus 20 per
    game point) under best play by both seats, every card known."""
    if is_over(state):
        result = briscola.score(state)
        margin = result.points[seat] - result.points[1 - seat]
        return margin + 20.0 * result.deltas[seat]
    results = [_best_value(apply(state, move), seat) for move in briscola.legal_moves(state)]
    return max(results) if state.turn == seat else min(results)


def test_the_search_player_solves_a_known_endgame_for_the_margin_too() -> None:
    # With 8 cards or fewer left every sampled deal is solved exactly: the card chosen is
    # worth the best value there is, the margin of card points included, less at most the
    # greedy choice's head start (2).
    for seed in range(20):
        state = _known_endgame(seed)
        seat = current_player(state)
        assert seat is not None
        view = observe(state, seat)
        best = max(_best_value(apply(state, move), seat) for move in view.legal_moves)
        move = SearchPlayer(seed, worlds=8)(view)
        assert _best_value(apply(state, move), seat) >= best - 2, seed


def test_the_registry_maps_each_name_to_its_bot() -> None:
    from briscola import players

    kinds = [("random", RandomPlayer), ("greedy", GreedyPlayer), ("search", SearchPlayer)]
    assert list(players.BOTS.items()) == kinds


def test_greedy_takes_a_face_up_card_worth_as_much_and_stronger() -> None:
    # The 2 of trumps (no points) goes for a face-up 4, 5 or 6 (no points, stronger).
    r = briscola.rules("classic", two_swap=True)
    for seed in range(400):
        state = new_game(r, seed=seed)
        face_up = state.trump_card
        swaps = [m for m in briscola.legal_moves(state) if isinstance(m, SwapTrump)]
        if swaps and face_up is not None and face_up.rank in (Rank.FOUR, Rank.FIVE, Rank.SIX):
            assert GreedyPlayer(1)(observe(state, state.turn or 0)) == swaps[0]
            return
    pytest.fail("no such deal in 400 seeds")


def _signals(r: briscola.Rules, seed: int) -> list[tuple[int | None, Move]]:
    """The signals of a deal played by greedy players, with the seat that sent each."""
    moves: list[tuple[int | None, Move]] = []
    _play(
        r, seed, [GreedyPlayer(seed + k) for k in range(4)], lambda v, m: moves.append((v.seat, m))
    )
    return [(seat, move) for seat, move in moves if isinstance(move, Signal)]


def test_greedy_signals_each_trump_honour_once() -> None:
    r = briscola.rules("classic-4", signals=True, no_signals_first_trick=False)
    sent = 0
    for seed in range(10):
        told = _signals(r, seed)
        assert len(set(told)) == len(told), (seed, told)
        sent += len(told)
    assert sent


def test_greedy_claims_only_top_trumps_it_holds() -> None:
    claims = 0
    for seed in range(40):
        state = new_game("bugiarda", seed=seed)
        while state.phase is Phase.DECLARATIONS:
            seat = current_player(state)
            assert seat is not None
            move = GreedyPlayer(1)(observe(state, seat))
            if isinstance(move, Declare) and isinstance(move.claim, briscola.Has):
                claims += 1
                assert move.claim.card in state.hands[seat], seed
            state = apply(state, move)
    assert claims


def test_greedy_opens_with_the_strongest_rank_its_best_suit_lacks() -> None:
    # Ace, 3, King and Knight of Denari held: the Jack is the natural call.
    view = _auction("chiamata", ("AD", "3D", "KD", "QD", "2D", "AC", "4C", "5S"))
    assert GreedyPlayer(1)(view) == Bid(Rank.JACK)


def test_greedy_names_a_suit_whose_called_card_it_lacks() -> None:
    # Having called the 2 while holding the 2 of its best suit (Denari), it names the best
    # suit whose 2 it lacks, so that it has a partner, rather than play alone.
    hand = ("AD", "3D", "KD", "QD", "2D", "AC", "4C", "5S")
    state = new_game("chiamata", deck=chiamata_deck({0: hand}, dealer=4), dealer=4)
    state = apply(state, Bid(Rank.TWO))
    assert state.phase is Phase.NAME_TRUMP
    assert GreedyPlayer(1)(observe(state, 0)) == NameSuit(briscola.Suit.COPPE)
