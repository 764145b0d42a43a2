"""The verbs of a deal: new_game, legal_moves, apply, is_over, current_player, observe.

The documented contract of the game verbs.
"""

from __future__ import annotations

import hashlib
import pickle
import random
from collections.abc import Callable
from typing import Any, TypeVar

import attrs
import pytest

import briscola
from briscola import (
    STRONG_HAND,
    WEAK_HAND,
    Bid,
    BidPoints,
    BriscolaError,
    Card,
    Declare,
    Has,
    HasNot,
    IllegalMoveError,
    InvalidMoveError,
    InvalidStateError,
    Move,
    NameCard,
    NameSuit,
    Pass,
    Play,
    Rank,
    RulesError,
    ShowHand,
    Signal,
    State,
    Suit,
    SwapTrump,
    VariantId,
    apply,
    current_player,
    is_over,
    legal_moves,
    new_game,
    observe,
    score,
)
from helpers import (
    ALL_CODES,
    SHAPE,
    card,
    card_codes_in,
    cards,
    codes,
    deck_from,
    hand,
    play,
    play_out,
    stock_size,
    untyped,
    variant_codes,
)

PRESETS = tuple(SHAPE)
T = TypeVar("T")


# --- the documented shuffle, re-implemented here ----------------------------------------------


def reference_shuffle(seed: int, card_codes: list[str]) -> list[str]:
    """SHA-512 of ``"briscola/shuffle/v1:" + str(seed)``, then Fisher–Yates from the bottom."""
    digest = hashlib.sha512(b"briscola/shuffle/v1:" + str(seed).encode()).digest()
    x = int.from_bytes(digest, "big")
    deck = list(card_codes)
    for i in range(len(deck) - 1, 0, -1):
        x, j = divmod(x, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


GOLDEN = {
    0: ["4S", "QC", "AB", "JD", "KB", "QD"],
    1: ["4C", "KS", "2D", "QC", "AS", "5B"],
    2**70: ["AD", "4S", "3B", "4B", "6C", "2S"],
}


@pytest.mark.parametrize("seed", list(GOLDEN))
def test_golden_seed_vectors_match_the_documented_shuffle(seed: int) -> None:
    assert reference_shuffle(seed, list(ALL_CODES))[:6] == GOLDEN[seed]


@pytest.mark.parametrize("seed", list(GOLDEN))
def test_golden_seed_vectors_classic(seed: int) -> None:
    state = new_game("classic", seed=seed)
    assert codes(state.deck[:6]) == GOLDEN[seed]
    top = GOLDEN[seed]
    assert state.hands[0] == hand(top[0], top[2], top[4])
    assert state.hands[1] == hand(top[1], top[3], top[5])


@pytest.mark.parametrize("seed", [0, 1, 2, 99, 2**70, 12345678901234567890])
@pytest.mark.parametrize("variant", ["classic", "classic-4", "classic-6", "briscolone"])
def test_whole_deck_follows_the_documented_shuffle(seed: int, variant: VariantId) -> None:
    state = new_game(variant, seed=seed)
    assert codes(state.deck) == reference_shuffle(seed, variant_codes(variant))


# --- seeds -----------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", PRESETS)
def test_same_seed_same_state(variant: VariantId) -> None:
    a = new_game(variant, seed=42)
    b = new_game(variant, seed=42)
    assert a == b
    assert hash(a) == hash(b)
    assert pickle.loads(pickle.dumps(a)) == a


@pytest.mark.parametrize("variant", PRESETS)
def test_different_seeds_deal_differently(variant: VariantId) -> None:
    decks = {tuple(codes(new_game(variant, seed=seed).deck)) for seed in range(12)}
    assert len(decks) == 12


def test_seed_none_draws_fresh_entropy() -> None:
    a = new_game("classic")
    b = new_game("classic", seed=None)
    assert sorted(codes(a.deck)) == sorted(ALL_CODES)
    assert a.deck != b.deck


def test_classic_3_random_removed_two_from_a_seed() -> None:
    seen = set()
    for seed in range(40):
        state = new_game("classic-3", seed=seed, removed_two="random")
        (out,) = observe(state, 0).removed
        assert out.rank is Rank.TWO
        assert out not in state.deck
        assert len(state.deck) == 39
        assert new_game("classic-3", seed=seed, removed_two="random") == state
        seen.add(str(out))
    assert seen == {"2D", "2C", "2S", "2B"}


# --- dealer ----------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", PRESETS)
def test_default_dealer_is_the_last_seat(variant: VariantId) -> None:
    players, _ = SHAPE[variant]
    state = new_game(variant, seed=3)
    assert state.dealer == players - 1
    assert current_player(state) == 0


def test_dealer_zero_makes_seat_one_the_first_hand() -> None:
    deck = deck_from({}, "classic")
    state = new_game("classic", deck=deck, dealer=0)
    assert current_player(state) == 1
    assert state.hands[1] == hand("AD", "3D", "5D")
    assert state.hands[0] == hand("2D", "4D", "6D")


@pytest.mark.parametrize(
    ("variant", "dealer"),
    [
        ("classic", 2),
        ("classic", -1),
        ("classic", True),
        ("classic", "0"),
        ("classic", 1.0),
        ("classic-4", 4),
        ("classic-6", 6),
        ("classic-3", 3),
    ],
)
def test_dealer_outside_the_seats_is_a_rules_error(variant: VariantId, dealer: object) -> None:
    with pytest.raises(RulesError):
        new_game(variant, seed=1, dealer=untyped(dealer))


# --- explicit decks --------------------------------------------------------------------------


def test_explicit_deck_ignores_the_seed() -> None:
    deck = deck_from({1: "KB"}, "classic")
    assert new_game("classic", deck=deck, seed=1) == new_game("classic", deck=deck, seed=2)
    assert new_game("classic", deck=deck).deck == tuple(deck)


@pytest.mark.parametrize(
    ("variant", "deck"),
    [
        ("classic", cards(*ALL_CODES[:39])),
        ("classic", cards(*ALL_CODES, "AD")),
        ("classic", cards(*ALL_CODES[:39], "AD")),
        ("classic", ALL_CODES),
        ("classic", [*cards(*ALL_CODES[:39]), None]),
        ("classic", "AD 2D 3D"),
        ("classic-3", cards(*ALL_CODES)),
        ("classic-3", cards(*(c for c in ALL_CODES if c != "2B"))),
        ("classic-6", cards(*ALL_CODES)),
        ("classic-6", cards(*(c for c in ALL_CODES if c[0] != "2" or c == "2D"))[1:]),
        ("briscolone", cards(*variant_codes("classic-6"))),
    ],
)
def test_bad_deck_is_a_rules_error(variant: VariantId, deck: object) -> None:
    with pytest.raises(RulesError):
        new_game(variant, deck=untyped(deck))


def test_classic_3_deck_with_its_removed_two_is_a_rules_error() -> None:
    deck = cards(*(c for c in ALL_CODES if c != "2S"))
    with pytest.raises(RulesError):
        new_game("classic-3", deck=deck)
    with pytest.raises(RulesError):
        new_game("classic-3", deck=deck, removed_two="2B")
    assert new_game("classic-3", deck=deck, removed_two="2S").deck == deck


@pytest.mark.parametrize("missing", ["2D", "2C", "2S", "2B"])
def test_classic_3_random_removed_two_is_the_two_the_deck_lacks(missing: str) -> None:
    deck = cards(*(c for c in ALL_CODES if c != missing))
    state = new_game("classic-3", deck=deck, removed_two="random")
    for seat in range(3):
        assert codes(observe(state, seat).removed) == [missing]


def test_classic_3_random_removed_two_needs_a_missing_two() -> None:
    with pytest.raises(RulesError):
        new_game("classic-3", deck=cards(*ALL_CODES[1:]), removed_two="random")


def test_classic_3_random_removed_two_rejects_a_40_card_deck() -> None:
    # §2.2: the classic-3 deck has 39 cards; as documented, any other deck is a RulesError.
    with pytest.raises(RulesError):
        new_game("classic-3", deck=cards(*ALL_CODES), removed_two="random")


# --- apply never mutates ----------------------------------------------------------------------


def _fields(state: State) -> dict[str, Any]:
    return {f.name: getattr(state, f.name) for f in attrs.fields(State) if f.eq}


@pytest.mark.parametrize("variant", PRESETS)
def test_apply_leaves_its_argument_equal(variant: VariantId) -> None:
    rng = random.Random(8)
    state = new_game(variant, seed=8)
    while not is_over(state):
        before = _fields(state)
        copy_before = pickle.loads(pickle.dumps(state))
        following = apply(state, rng.choice(legal_moves(state)))
        assert _fields(state) == before
        assert state == copy_before
        assert following != state
        state = following


def test_apply_leaves_its_argument_pickle_unchanged() -> None:
    rng = random.Random(9)
    state = new_game("classic", seed=9)
    while not is_over(state):
        fresh = pickle.loads(pickle.dumps(state))
        move = rng.choice(legal_moves(pickle.loads(pickle.dumps(state))))
        before = pickle.dumps(fresh)
        apply(fresh, move)
        assert pickle.dumps(fresh) == before
        state = apply(state, move)


def test_apply_is_deterministic() -> None:
    state = new_game("classic-4", seed=4)
    move = legal_moves(state)[1]
    assert apply(state, move) == apply(state, move)


# --- bad moves -------------------------------------------------------------------------------


class PlayLike:
    """Looks like a Play but is not a move."""

    def __init__(self, c: Card) -> None:
        self.card = c


def _play_with_text_card() -> Play:
    move = Play(card("AD"))
    object.__setattr__(move, "card", "AD")
    return move


@pytest.mark.parametrize(
    "make",
    [
        lambda: None,
        lambda: "AD",
        lambda: "7C",
        lambda: 5,
        lambda: card("AD"),
        lambda: PlayLike(card("AD")),
        lambda: Play,
        lambda: [Play(card("AD"))],
        _play_with_text_card,
    ],
)
def test_non_move_is_invalid_move_error(make: Callable[[], object]) -> None:
    state = new_game("classic", deck=deck_from({}, "classic"))
    with pytest.raises(InvalidMoveError) as info:
        apply(state, untyped(make()))
    assert isinstance(info.value, TypeError)


def _tampered(move: T, name: str, value: object) -> T:
    """``move`` with a field set past its constructor's check (as unpickling could)."""
    object.__setattr__(move, name, value)
    return move


def _without_target() -> Move:
    move = BidPoints(70)
    object.__delattr__(move, "target")
    return move


def _point_bid_state() -> State:
    """A chiamata-milan auction in which a point bid of 70 is legal."""
    state = new_game("chiamata-milan", seed=1)
    state = apply(state, Bid(Rank.TWO))
    assert BidPoints(70) in legal_moves(state)
    return state


@pytest.mark.parametrize(
    "make",
    [
        lambda: _tampered(BidPoints(70), "target", 70.0),  # equal to a legal BidPoints(70)
        lambda: _tampered(BidPoints(70), "target", "70"),
        _without_target,
        lambda: _tampered(Signal("ACE"), "token", 1),
        lambda: _tampered(Signal("ACE"), "token", "A" * 1000),
        lambda: _tampered(Declare(WEAK_HAND), "claim", "x"),
        lambda: Declare(_tampered(Has(card("AC")), "card", "AC")),
        lambda: _tampered(Bid(Rank.TWO), "rank", 2),
        lambda: _tampered(NameSuit(Suit.COPPE), "suit", "C"),
    ],
)
@pytest.mark.parametrize(
    "state",
    [
        lambda: new_game("classic", seed=1),
        lambda: new_game("classic-4", seed=1, signals=True),
        lambda: new_game("bugiarda", seed=1),
        _point_bid_state,
    ],
)
def test_a_move_with_a_field_of_the_wrong_type_is_invalid_in_every_phase(
    make: Callable[[], Move], state: Callable[[], State]
) -> None:
    """Whatever the phase, and even when it equals a legal move, a move whose field has the
    wrong type is refused as malformed (a `TypeError`), not as illegal."""
    before = state()
    with pytest.raises(InvalidMoveError) as info:
        apply(before, make())
    assert isinstance(info.value, TypeError)


def _probe_moves() -> list[Move]:
    every = [Card.from_id(i) for i in range(40)]
    return [
        *(Play(c) for c in every),
        *(SwapTrump(c) for c in every),
        Pass(),
        Bid(Rank.KING),
        BidPoints(61),
        BidPoints(121),
        NameSuit(Suit.COPPE),
        NameCard(card("AC")),
        Declare(Has(card("AC"))),
        Declare(HasNot(card("KB"))),
        Declare(STRONG_HAND),
        Signal("ACE"),
        ShowHand(),
    ]


def _named_cards(move: Move) -> set[str]:
    named = {str(getattr(move, "card", ""))}
    claim = getattr(move, "claim", None)
    named.add(str(getattr(claim, "card", "")))
    return named


def _hidden_from(state: State, seat: int) -> set[str]:
    hidden: set[str] = set()
    if not state.rules.open_hands:
        for other, cs in enumerate(state.hands):
            if other != seat:
                hidden.update(codes(cs))
    if not state.rules.open_stock:
        hidden.update(codes(state.stock))
    return hidden


@pytest.mark.parametrize(
    ("variant", "options"),
    [
        ("classic", {}),
        ("classic", {"seven_swap": True, "two_swap": True}),
        ("classic-3", {"must_follow_suit": True}),
        ("classic-4", {"must_follow_suit": True, "seven_swap": True}),
        ("classic-4", {"two_swap": True, "two_swap_window": "both"}),
        ("classic-6", {"seven_swap": True, "seven_swap_only_leader": True}),
        ("briscolone", {"must_follow_suit": True}),
        ("scoperta", {"seven_swap": True}),
    ],
)
def test_illegal_moves_raise_without_revealing_hidden_cards(
    variant: VariantId, options: dict[str, Any]
) -> None:
    rng = random.Random(21)
    probes = _probe_moves()
    state = new_game(variant, seed=21, **options)
    while not is_over(state):
        legal = legal_moves(state)
        seat = current_player(state)
        assert seat is not None
        hidden = _hidden_from(state, seat)
        for move in probes:
            if move in legal:
                continue
            with pytest.raises(IllegalMoveError) as info:
                apply(state, move)
            leaked = (card_codes_in(str(info.value)) & hidden) - _named_cards(move)
            assert not leaked, (str(move), str(info.value))
        state = apply(state, rng.choice(legal))


def test_illegal_play_names_the_problem() -> None:
    state = new_game("classic", deck=deck_from({}, "classic"))
    with pytest.raises(IllegalMoveError) as info:
        apply(state, Play(card("2D")))
    assert "2D" in str(info.value)
    assert not card_codes_in(str(info.value)) - {"2D", "AD", "3D", "5D", "7D"}


@pytest.mark.parametrize("variant", PRESETS)
def test_moves_after_the_end_are_illegal(variant: VariantId) -> None:
    state = play_out(new_game(variant, seed=13), random.Random(13))
    assert is_over(state)
    assert legal_moves(state) == ()
    assert current_player(state) is None
    for move in _probe_moves():
        with pytest.raises(IllegalMoveError):
            apply(state, move)


# --- legal moves -----------------------------------------------------------------------------


def test_legal_move_order_plays_by_card_id_then_swaps() -> None:
    # Seat 0 holds 2C, 7C and AD; the face-up card is KC: both swaps are open in trick 1.
    deck = deck_from({1: "7C", 3: "AD", 5: "2C", 7: "KC"}, "classic")
    state = new_game("classic", deck=deck, seven_swap=True, two_swap=True)
    assert legal_moves(state) == (
        Play(card("AD")),
        Play(card("2C")),
        Play(card("7C")),
        SwapTrump(card("2C")),
        SwapTrump(card("7C")),
    )


def test_legal_move_order_in_the_swap_window_is_swap_then_pass() -> None:
    deck = deck_from({1: "2C", 7: "KC"}, "classic")
    state = new_game("classic", deck=deck, two_swap=True, two_swap_window="before_first_lead")
    assert legal_moves(state) == (SwapTrump(card("2C")), Pass())
    state = play(state, "pass")
    assert legal_moves(state) == (Pass(),)


@pytest.mark.parametrize("variant", PRESETS)
def test_plays_are_listed_by_card_id_and_first(variant: VariantId) -> None:
    rng = random.Random(2)
    options: dict[str, Any] = {} if variant == "briscolone" else {"seven_swap": True}
    state = new_game(variant, seed=2, **options)
    while not is_over(state):
        legal = legal_moves(state)
        kinds = [type(m).__name__ for m in legal]
        assert kinds == sorted(kinds, key=["Play", "SwapTrump", "Pass"].index)
        ids = [m.card.id for m in legal if isinstance(m, Play)]
        assert ids == sorted(ids)
        assert len(set(legal)) == len(legal)
        state = apply(state, rng.choice(legal))


@pytest.mark.parametrize("variant", PRESETS)
def test_every_legal_move_applies(variant: VariantId) -> None:
    state = new_game(variant, seed=6)
    for _ in range(8):
        for move in legal_moves(state):
            apply(state, move)
        state = apply(state, legal_moves(state)[0])


@pytest.mark.parametrize("variant", PRESETS)
def test_current_player_and_is_over_agree(variant: VariantId) -> None:
    for seed in range(3):
        rng = random.Random(seed)
        state = new_game(variant, seed=seed)
        while True:
            seat = current_player(state)
            over = is_over(state)
            assert (seat is None) == over
            assert (legal_moves(state) == ()) == over
            assert score(state).final == over
            if over:
                break
            players, _ = SHAPE[variant]
            assert seat is not None
            assert 0 <= seat < players
            assert observe(state, seat).legal_moves == legal_moves(state)
            state = apply(state, rng.choice(legal_moves(state)))


# --- wrong arguments -------------------------------------------------------------------------


@pytest.mark.parametrize("bad", [None, "state", 5, object(), briscola.rules("classic")])
@pytest.mark.parametrize(
    "call",
    [
        legal_moves,
        is_over,
        current_player,
        score,
        lambda s: apply(s, Pass()),
        lambda s: observe(s, 0),
    ],
)
def test_public_functions_reject_a_non_state(
    call: Callable[[object], object], bad: object
) -> None:
    with pytest.raises(InvalidStateError):
        call(bad)


@pytest.mark.parametrize("seat", [2, -1, 10, True, "0", None, 0.0])
def test_observe_with_a_bad_seat_is_a_rules_error(seat: object) -> None:
    state = new_game("classic", seed=1)
    with pytest.raises(RulesError):
        observe(state, untyped(seat))


def test_seed_of_the_wrong_type_is_a_library_error() -> None:
    with pytest.raises(BriscolaError):
        new_game("classic", seed=untyped("seven"))


@pytest.mark.parametrize("variant", PRESETS)
def test_every_preset_deals_its_shape(variant: VariantId) -> None:
    players, hand_size = SHAPE[variant]
    state = new_game(variant, seed=17)
    assert len(state.hands) == players
    assert all(len(h) == hand_size for h in state.hands)
    deck_size = len(variant_codes(variant))
    face_up = 0 if variant == "briscolone" else 1
    assert stock_size(state) == deck_size - players * hand_size
    assert (state.trump_card is not None) == bool(face_up)


def test_seats_and_dealers_may_be_numpy_integers() -> None:
    """Learning code reads seats from arrays: a numpy integer stands for its plain int
    (a bool or a float does not)."""
    np = pytest.importorskip("numpy")
    state = new_game("classic", seed=1, dealer=np.int64(0))
    assert type(state.dealer) is int
    assert state.dealer == 0
    view = observe(state, np.int8(1))
    assert type(view.seat) is int
    assert view == observe(state, 1)
    move = legal_moves(state)[0]
    turn = state.turn
    assert turn is not None
    assert apply(state, move, seat=np.int64(turn), ply=np.int64(0)) == apply(state, move)
    match = briscola.new_match("classic", seed=1, dealer=np.int16(1))
    assert type(match.state.dealer) is int
    assert match.state.dealer == 1
    assert state.rules.seats_for(np.int64(1)) == state.rules.seats_for(1)
    for bad in (True, 1.0, "1", np.float64(1)):
        with pytest.raises(RulesError, match="is not a seat"):
            observe(state, untyped(bad))


@pytest.mark.parametrize("variant", sorted(briscola.VARIANTS))
def test_a_view_names_who_played_each_card_of_the_trick(variant: str) -> None:
    from helpers import seeded_game

    for state in seeded_game(variant, 11):  # type: ignore[arg-type]
        plays = [seat for seat, move in state.history if type(move) is briscola.Play]
        expected = tuple(plays[len(plays) - len(state.trick) :])
        for seat in (0, None):
            view = observe(state, 0) if seat == 0 else briscola.public_view(state)
            assert view.trick_seats == expected
    final = state.tricks[-1]
    assert tuple(plays[-len(final.cards) :]) == final.seats


def test_trick_seats_of_an_edited_view_is_a_library_error() -> None:
    view = attrs.evolve(observe(new_game("classic", seed=1), 0), leader=9)
    with pytest.raises(briscola.InvalidStateError, match="trick_seats cannot use this view"):
        view.trick_seats  # noqa: B018
    edited = attrs.evolve(observe(new_game("classic", seed=1), 0), dealer=9)
    with pytest.raises(briscola.InvalidStateError, match="teams cannot use this view"):
        edited.teams  # noqa: B018


@pytest.mark.parametrize(("field", "seat"), [("leader", -1), ("dealer", -1), ("leader", -4)])
def test_trick_seats_of_a_view_edited_to_a_negative_seat_is_a_library_error(
    field: str, seat: int
) -> None:
    state = new_game("classic-4", seed=1)
    state = apply(state, legal_moves(state)[0])
    view = attrs.evolve(observe(state, 0), **{field: untyped(seat)})
    with pytest.raises(briscola.InvalidStateError, match="trick_seats cannot use this view"):
        view.trick_seats  # noqa: B018


@pytest.mark.parametrize(
    ("variant", "dealer", "teams"),
    [
        ("classic", 1, ((0,), (1,))),
        ("classic-4", 3, ((0, 2), (1, 3))),
        ("classic-6", 5, ((0, 2, 4), (1, 3, 5))),
        ("chiamata", 4, ()),  # the called card decides the sides
        # §2.6.3: the dealer sits out; partners sit opposite among the four others.
        ("bugiarda-5", 4, ((0, 2), (1, 3))),
        ("bugiarda-5", 0, ((1, 3), (2, 4))),
        ("bugiarda-5", 2, ((3, 0), (4, 1))),
    ],
)
def test_a_view_gives_the_sides_of_its_deal(
    variant: str, dealer: int, teams: tuple[tuple[int, ...], ...]
) -> None:
    state = new_game(variant, seed=3, dealer=dealer)  # type: ignore[arg-type]
    assert state.teams == teams
    for view in (observe(state, 1), briscola.public_view(state)):
        assert view.teams == teams


def test_a_card_played_with_a_stale_ply_is_refused() -> None:
    state = briscola.new_game("classic", seed=1)
    with pytest.raises(IllegalMoveError, match="ply"):
        briscola.apply(state, briscola.legal_moves(state)[0], ply=1)


def test_a_card_played_during_the_auction_is_refused() -> None:
    """§2.5.2: the auction comes before trick play; a card from the hand is not a bid."""
    state = briscola.new_game("chiamata", seed=1)
    assert state.phase is briscola.Phase.AUCTION
    seat = briscola.current_player(state)
    assert seat is not None
    with pytest.raises(IllegalMoveError):
        briscola.apply(state, Play(state.hands[seat][0]))
