"""The batched engine of the classic family against the scalar engine, move for move."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")

from briscola import Card, Play, apply, legal_moves, new_game, observe, rules, score  # noqa: E402
from briscola.encoding import action_mask, observation  # noqa: E402
from briscola.errors import IllegalMoveError, RulesError  # noqa: E402
from briscola.rules import VARIANTS  # noqa: E402
from briscola.state import State  # noqa: E402
from briscola.vector import MAX_DEALS, SUPPORTED, VectorGame, shuffled_decks  # noqa: E402
from helpers import HostileStr  # noqa: E402

DEALS = 2000


def _scalar(game: VectorGame) -> list[State]:
    return [new_game(game.rules, deck=[Card.from_id(int(c)) for c in row]) for row in game.decks]


def _play(state: State, card: int) -> State:
    return apply(state, Play(Card.from_id(int(card))))


def _hand_ids(state: State, seat: int) -> list[int]:
    return [card.id for card in state.hands[seat]]


@pytest.mark.parametrize("variant", SUPPORTED)
def test_equals_the_scalar_engine_move_for_move(variant: str) -> None:
    game = VectorGame(variant, count=DEALS, seed=11)
    states = _scalar(game)
    rng = np.random.default_rng(5)
    rows = range(DEALS)
    while not game.done:
        assert game.turn.tolist() == [s.turn for s in states]
        actions = game.random_actions(rng)
        game.step(actions)
        states = [
            apply(s, Play(Card.from_id(int(card))))
            for s, card in zip(states, actions, strict=True)
        ]
        assert game.points.tolist() == [list(s.points) for s in states]
        assert game.leader.tolist() == [s.leader for s in states]
        if game.trick.shape[1] == 0:  # a trick was just collected: same winner everywhere
            assert game.turn.tolist() == [s.tricks[-1].winner for s in states]
            assert game.stock_size == states[0].stock_size
    assert all(s.phase.value == "over" for s in states)
    assert game.scores().tolist() == [list(score(s).deltas) for s in states]
    assert game.rewards().dtype == np.float32
    for i in rows[:50]:
        assert game.played_by[i].tolist() == _played_by(states[i])


def _played_by(state: State) -> list[int]:
    owner = [-1] * 40
    for trick in state.tricks:
        for seat, card in zip(trick.seats, trick.cards, strict=True):
            owner[card.id] = seat
    return owner


@pytest.mark.parametrize("variant", SUPPORTED)
def test_masks_hands_and_observations_match_the_encoding(variant: str) -> None:
    game = VectorGame(variant, count=12, seed=4)
    states = _scalar(game)
    rng = np.random.default_rng(9)
    while True:
        if not game.done:
            masks = game.legal_mask()
            full = game.action_masks()
            for i, state in enumerate(states):
                legal = {move.card.id for move in legal_moves(state)}  # type: ignore[attr-defined]
                assert set(np.nonzero(masks[i])[0].tolist()) == legal
                assert np.array_equal(full[i], action_mask(state))
                for seat in range(game.players):
                    held = game.hands[i, seat]
                    assert sorted(held[held >= 0].tolist()) == _hand_ids(state, seat)
        seat_sets = (0, game.players - 1) if game.done else (None, 0, game.players - 1)
        for seats in seat_sets:
            vectors = game.observations(seats)
            for i, state in enumerate(states):
                observer = state.turn if seats is None else seats
                assert observer is not None
                assert np.array_equal(vectors[i], observation(observe(state, observer)))
        if game.done:
            break
        actions = game.random_actions(rng)
        game.step(actions)
        states = [
            apply(s, Play(Card.from_id(int(card))))
            for s, card in zip(states, actions, strict=True)
        ]


def test_explicit_decks_deal_like_new_game() -> None:
    decks = shuffled_decks("classic-3", 3, seed=1)
    game = VectorGame("classic-3", decks=decks.tolist())
    assert np.array_equal(game.decks, decks)
    state = new_game("classic-3", deck=[Card.from_id(int(c)) for c in decks[2]])
    assert sorted(game.hands[2, 1].tolist()) == _hand_ids(state, 1)
    assert state.trump_card is not None
    assert int(game.face_up[2]) == state.trump_card.id


def test_the_shuffle_is_seeded_and_uniform_enough() -> None:
    first = shuffled_decks("classic", 500, seed=3)
    assert np.array_equal(first, shuffled_decks("classic", 500, seed=np.int64(3)))
    assert np.array_equal(first, shuffled_decks("classic", np.int64(500), seed=3))
    assert first.dtype == np.int8
    assert np.array_equal(first, shuffled_decks("classic", 500, seed=3))
    assert not np.array_equal(first, shuffled_decks("classic", 500, seed=4))
    assert (np.sort(first, axis=1) == np.arange(40)).all()
    # Every card reaches the top of some deck.
    assert set(first[:, 0].tolist()) == set(range(40))


@pytest.mark.parametrize("variant", SUPPORTED)
def test_every_card_lands_in_every_position_about_as_often(variant: str) -> None:
    rows = 20_000
    decks = shuffled_decks(variant, rows, seed=21)
    ids = sorted(card.id for card in VARIANTS[variant].deck)
    assert (np.sort(decks, axis=1) == ids).all()
    size = len(ids)
    positions = np.broadcast_to(np.arange(size), decks.shape)
    counts = np.zeros((40, size), dtype=np.int64)
    np.add.at(counts, (decks.astype(np.intp), positions), 1)
    counts = counts[ids]
    expected = rows / size
    spread = (expected * (1 - 1 / size)) ** 0.5
    # Each cell within six standard deviations, and the whole table within six of the
    # chi-square statistic's (a biased shuffle, even by a few percent, fails one of them).
    assert np.abs(counts - expected).max() < 6 * spread
    chi2 = float(((counts - expected) ** 2 / expected).sum())
    freedom = (size - 1) ** 2
    assert chi2 < freedom + 6 * (2 * freedom) ** 0.5


class _TyingBits:
    """A bit generator stub: all zeros first (every key of a row ties), then keys that
    put the cards in reverse order."""

    def __init__(self) -> None:
        self.calls = 0

    def random_raw(self, size: int) -> object:
        self.calls += 1
        if self.calls == 1:
            return np.zeros(size, dtype=np.uint64)
        k = np.arange(size, dtype=np.uint64) % np.uint64(20)
        low = (np.uint64(39) - 2 * k) << np.uint64(6)
        high = (np.uint64(38) - 2 * k) << np.uint64(6)
        return (high << np.uint64(32)) | low


@pytest.mark.parametrize("variant", ["classic", "classic-3"])
def test_the_shuffle_is_the_same_on_either_byte_order(
    variant: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from briscola import vector

    little = shuffled_decks(variant, 1500, seed=8)
    monkeypatch.setattr(vector, "_LITTLE_ENDIAN", not vector._LITTLE_ENDIAN)
    assert np.array_equal(shuffled_decks(variant, 1500, seed=8), little)


def test_rows_whose_keys_tie_are_drawn_again() -> None:
    from briscola.vector import _shuffle

    class Stub:
        bit_generator = _TyingBits()

    decks = _shuffle(Stub(), np.arange(40, dtype=np.uint32), 3)
    assert Stub.bit_generator.calls == 2
    assert (decks == np.arange(39, -1, -1)).all()


def test_only_the_classic_family_with_default_rules() -> None:
    with pytest.raises(RulesError, match="classic-4"):
        VectorGame("chiamata", count=1)
    with pytest.raises(RulesError, match="default table rules"):
        VectorGame(rules("classic", seven_swap=True), count=1)
    assert VectorGame(rules("classic-4"), count=1).players == 4
    with pytest.raises(RulesError, match="not 'klassic'"):
        VectorGame("klassic", count=1)
    # A preset named as rules() reads it; a refusal says what to use instead.
    assert VectorGame("classic-2", count=1).rules == VARIANTS["classic"]
    assert VectorGame("Classic 4", count=1).players == 4
    for other in ("chiamata", VARIANTS["chiamata"]):
        with pytest.raises(RulesError, match="not 'chiamata'; play other games through new_"):
            VectorGame(other, count=1)
    with pytest.raises(
        RulesError, match=r"plays 'classic' with its default table rules only, not rules\("
    ):
        VectorGame(rules("classic", seven_swap=True), count=1)


def test_a_str_subclass_is_read_as_its_text() -> None:
    assert VectorGame(HostileStr("classic-4"), count=1).players == 4
    assert shuffled_decks(HostileStr("classic"), 2, seed=1).shape == (2, 40)
    with pytest.raises(RulesError, match="not 'klassic'"):
        VectorGame(HostileStr("klassic"), count=1)


def test_bad_input_raises_the_library_errors() -> None:
    with pytest.raises(RulesError, match="not a deck"):
        VectorGame("classic", decks=[[0] * 40])
    with pytest.raises(RulesError, match="one row of 40"):
        VectorGame("classic", decks=[list(range(39))])
    with pytest.raises(RulesError, match="count"):
        VectorGame("classic")
    with pytest.raises(RulesError, match="count"):
        shuffled_decks("classic", -1)
    with pytest.raises(RulesError, match="seed=-1 is not valid: numpy seeds are whole numbers"):
        shuffled_decks("classic", 1, seed=-1)
    with pytest.raises(RulesError, match="seed=<an integer of 16610 bits> is not valid"):
        shuffled_decks("classic", 1, seed=-(10**5000))
    with pytest.raises(RulesError, match="seed="):
        VectorGame("classic", count=1, seed=True)
    game = VectorGame("classic", count=2, seed=0)
    with pytest.raises(
        RulesError, match=r"per deal, an array of shape \(2,\), not an array of shape \(3,\)"
    ):
        game.step([1, 2, 3])
    with pytest.raises(IllegalMoveError, match="not a card id"):
        game.step([40, 0])
    held = game.hands[0, 1, 0]
    with pytest.raises(IllegalMoveError, match="deal 0"):
        game.step([held, game.hands[1, 0, 0]])
    with pytest.raises(RulesError, match="seats"):
        game.observations(5)
    while not game.done:
        game.step(game.random_actions(0))
    with pytest.raises(IllegalMoveError, match="over"):
        game.step([0, 0])
    with pytest.raises(RulesError, match="rng=-1"):
        VectorGame("classic", count=1, seed=0).random_actions(-1)
    with pytest.raises(RulesError, match="give the seats"):
        game.observations()
    assert not game.legal_mask().any()


@pytest.mark.parametrize("kind", ["m8[s]", "M8[s]", "f4", "?", "O", "U2"])
def test_only_integer_arrays_are_card_ids_or_seats(kind: str) -> None:
    ids = np.arange(40)
    with pytest.raises(RulesError, match="decks must hold card ids"):
        VectorGame("classic", decks=ids.astype(kind)[None])
    game = VectorGame("classic", decks=ids[None])
    actions = game.random_actions(0)
    with pytest.raises(
        RulesError,
        match=r"^actions must be one card id \(a whole number\) per deal, "
        r"an array of shape \(1,\), not",
    ):
        game.step(actions.astype(kind))
    with pytest.raises(RulesError, match="seats must be whole numbers"):
        game.observations(np.zeros(1).astype(kind))
    assert game.ply == 0


def test_a_bad_deck_is_named_by_its_row_however_many_rows_come_before() -> None:
    decks = shuffled_decks("classic", 70_000, seed=3)
    decks[69_999, 7] = decks[69_999, 8]
    with pytest.raises(RulesError, match="deck 69999 is not a deck of 'classic'"):
        VectorGame("classic", decks=decks)
    decks[69_999, 7] = 40
    with pytest.raises(RulesError, match="deck 69999 is not"):
        VectorGame("classic", decks=decks)


def test_random_actions_are_seeded_and_uniform_over_the_hand() -> None:
    deals = 30_000
    game = VectorGame("classic", count=deals, seed=2)
    first = game.random_actions(np.random.default_rng(6))
    assert first.dtype == np.intp
    assert np.array_equal(first, game.random_actions(6))
    slots = (game.hands[:, 0, :] == first[:, None]).argmax(axis=1)
    counts = np.bincount(slots, minlength=3)
    assert counts.sum() == deals
    # Each of the three cards about a third of the time (six standard deviations).
    assert np.abs(counts - deals / 3).max() < 6 * (deals * 2 / 9) ** 0.5
    game.step(first)
    second = game.random_actions(7)
    assert (game.hands[:, 1, :] == second[:, None]).any(axis=1).all()


class _Bits:
    """A bit generator stub that returns the given raw outputs, one list a call."""

    def __init__(self, *outputs: list[int]) -> None:
        self.outputs = list(outputs)

    def random_raw(self, size: int) -> object:
        values = self.outputs.pop(0)
        assert len(values) == size
        return np.array(values, dtype=np.uint64)


def test_the_bounded_draw_rejects_the_values_that_would_bias_it() -> None:
    from briscola.vector import _below

    top = 2**32 - 1
    # x * 3 // 2**32 for x = 1, 2**32 - 1, 2**31: 0, 2, 1; x = 0 is drawn again (x = 5).
    bits = _Bits([(top << 32) | 1, 0 | (1 << 63)], [5])
    assert _below(bits, 3, 4).tolist() == [0, 2, 0, 1]
    assert not bits.outputs
    # A bound of 2 needs no rejection: the top bit decides.
    bits = _Bits([(1 << 31) | (top << 32)])
    assert _below(bits, 2, 2).tolist() == [1, 1]
    # Other bounds reject the x whose low product falls below 2**32 % bound.
    bits = _Bits([1 << 32], [7 | (9 << 32)])
    assert _below(bits, 6, 2).tolist() == [0, 0]


def test_actions_of_any_integer_type_and_out_of_range_ids() -> None:
    game = VectorGame("classic", count=3, seed=5)
    mine = game.random_actions(1)
    # 256 + a held card would wrap onto that card in 8 bits: it is refused, not played.
    with pytest.raises(IllegalMoveError, match=r"deal 0: action 2[5-9][0-9] is not a card id"):
        game.step(mine + 256)
    with pytest.raises(IllegalMoveError, match="not a card id"):
        game.step(mine - 256)
    with pytest.raises(RulesError, match=r"card id \(a whole number\) per deal.* type float64$"):
        game.step(mine.astype(np.float64))
    game.step(mine.astype(np.uint8))
    game.step(game.random_actions(2).astype(np.int8).tolist())
    assert game.tricks == 1
    assert game.ply == 2


def test_a_batch_is_bounded() -> None:
    """Counts past MAX_DEALS are refused before any memory is taken for them."""
    for count in (MAX_DEALS + 1, 10**12, 10**20):
        with pytest.raises(RulesError, match="MAX_DEALS"):
            shuffled_decks("classic", count, seed=1)
        with pytest.raises(RulesError, match="MAX_DEALS"):
            VectorGame("classic", count=count, seed=1)
    row = np.arange(40, dtype=np.int8)
    too_many = np.broadcast_to(row, (MAX_DEALS + 1, 40))  # a view: no memory taken
    with pytest.raises(RulesError, match="MAX_DEALS"):
        VectorGame("classic", decks=too_many)


def test_points_are_a_copy_of_the_moment() -> None:
    game = VectorGame("classic", count=8, seed=1)
    before = game.points
    rng = np.random.default_rng(1)
    while not game.done:
        game.step(game.random_actions(rng))
    assert not before.any()
    assert (game.points.sum(axis=1) == 120).all()
    assert not game.points.flags.writeable


def test_every_array_the_game_shows_is_read_only() -> None:
    # The engine deals and scores from these: writing into one would change the game.
    game = VectorGame("classic-4", count=4, seed=2)
    rng = np.random.default_rng(2)
    while not game.done:
        game.step(game.random_actions(rng))
    for name in ("decks", "face_up", "trump_suit", "last_drawer", "hands", "points"):
        assert not getattr(game, name).flags.writeable, name
    assert (game.last_drawer >= 0).all()


def test_copies_and_unpickled_games_keep_their_arrays_read_only() -> None:
    import copy
    import pickle

    game = VectorGame("classic", count=3, seed=3)
    for other in (copy.copy(game), copy.deepcopy(game), pickle.loads(pickle.dumps(game))):
        for name in ("decks", "face_up", "trump_suit"):
            assert not getattr(other, name).flags.writeable, name
            with pytest.raises(ValueError, match="read-only"):
                getattr(other, name)[0] = 1


@pytest.mark.parametrize("variant", SUPPORTED)
@pytest.mark.parametrize("block", [1, 50])
def test_observations_set_by_blocks_of_tricks_are_the_same(
    variant: str, block: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A large batch sets the cards of finished tricks a block of tricks at a time.
    import briscola.vector

    game = VectorGame(variant, count=7, seed=6)
    rng = np.random.default_rng(6)
    while not game.done:
        game.step(game.random_actions(rng))
        whole = game.observations(0)
        with monkeypatch.context() as patch:
            patch.setattr(briscola.vector, "_SCATTER_BLOCK", block)
            assert np.array_equal(game.observations(0), whole)


def test_a_game_copies_and_pickles_and_plays_on_alike() -> None:
    import copy
    import pickle

    game = VectorGame("classic", count=5, seed=3)
    game.step(game.random_actions(np.random.default_rng(3)))
    copies = [copy.deepcopy(game), pickle.loads(pickle.dumps(game))]
    rng = np.random.default_rng(4)
    while not game.done:
        actions = game.random_actions(rng)
        for played in (game, *copies):
            played.step(actions)
    for other in copies:
        assert (other.scores() == game.scores()).all()
        assert (other.observations(0) == game.observations(0)).all()


def test_a_seed_given_with_decks_is_checked() -> None:
    decks = shuffled_decks("classic", 2, seed=1)
    with pytest.raises(RulesError, match="seed="):
        VectorGame("classic", decks=decks, seed="x")  # type: ignore[arg-type]
    VectorGame("classic", decks=decks, seed=5)  # unused, as by new_game with a deck


def test_a_batch_has_at_least_one_deal() -> None:
    # An empty batch would reach numpy reductions that fail on empty arrays (ValueError).
    assert shuffled_decks("classic", 0, seed=1).shape == (0, 40)
    with pytest.raises(RulesError, match="at least one deal"):
        VectorGame("classic", count=0, seed=1)
    with pytest.raises(RulesError, match="at least one deal"):
        VectorGame("classic", decks=np.zeros((0, 40), dtype=np.int8))


@pytest.mark.parametrize(("position", "card"), [(0, -1), (39, 40)])
def test_a_deck_with_an_id_outside_0_to_39_is_refused(position: int, card: int) -> None:
    # -1 or 40 in the place of the card id next to it: the row still covers every id once
    # the ids are clipped into 0 to 39, so only the range check refuses it.
    row = np.arange(40)
    row[position] = card
    with pytest.raises(RulesError, match="deck 0 is not a deck of 'classic'"):
        VectorGame("classic", decks=row[None])


@pytest.mark.parametrize("shape", [(40,), (1, 1, 40)])
def test_decks_must_be_rows_of_card_ids(shape: tuple[int, ...]) -> None:
    # One deck given without its batch axis is a common slip: a library error, not numpy's.
    decks = np.arange(40).reshape(shape)
    with pytest.raises(RulesError, match=r"one row of 40 card ids per deal, not shape \("):
        VectorGame("classic", decks=decks)


def test_the_limits_of_a_batch_are_inclusive(monkeypatch: pytest.MonkeyPatch) -> None:
    """MAX_DEALS deals are allowed, one more is not (MAX_DEALS lowered, to stay cheap)."""
    from briscola import vector

    monkeypatch.setattr(vector, "MAX_DEALS", 3)
    assert shuffled_decks("classic", 3, seed=1).shape == (3, 40)
    assert VectorGame("classic", count=3, seed=1).num_deals == 3
    assert VectorGame("classic", decks=shuffled_decks("classic", 3, seed=1)).num_deals == 3
    with pytest.raises(RulesError, match="MAX_DEALS"):
        shuffled_decks("classic", 4, seed=1)
    with pytest.raises(RulesError, match="MAX_DEALS"):
        VectorGame("classic", decks=np.broadcast_to(np.arange(40), (4, 40)))


@pytest.mark.parametrize("variant", ["classic", "classic-4"])
def test_observations_refuse_a_seat_past_the_last(variant: str) -> None:
    game = VectorGame(variant, count=2, seed=1)
    n = game.players
    for seats in (n, [0, n], np.array([n - 1, n])):
        with pytest.raises(RulesError, match=f"seats must be whole numbers from 0 to {n - 1}"):
            game.observations(seats)
    assert game.observations([0, n - 1]).shape[0] == 2


@pytest.mark.parametrize("variant", SUPPORTED)
def test_scores_rewards_and_dones_before_and_at_the_end(variant: str) -> None:
    # scores() and rewards() are all zeros until the deals are over (classic-3's top scorer
    # would score +2 at once), and dones follows done in every deal.
    game = VectorGame(variant, count=20, seed=8)
    rng = np.random.default_rng(8)
    while True:
        assert game.dones.shape == (20,)
        assert game.dones.tolist() == [game.done] * 20
        if game.done:
            break
        assert not game.scores().any()
        assert not game.rewards().any()
        game.step(game.random_actions(rng))
    assert game.scores().any()
    assert np.array_equal(game.rewards(), game.scores().astype(np.float32))


def test_random_actions_refuse_once_the_deals_are_over() -> None:
    game = VectorGame("classic", count=2, seed=3)
    while not game.done:
        game.step(game.random_actions(3))
    with pytest.raises(IllegalMoveError, match="the deals are over"):
        game.random_actions(3)


@pytest.mark.parametrize("variant", SUPPORTED)
def test_holders_the_trick_and_team_points_follow_the_scalar_engine(variant: str) -> None:
    game = VectorGame(variant, count=10, seed=12)
    states = _scalar(game)
    rng = np.random.default_rng(12)
    while True:
        for i, state in enumerate(states):
            owner = [-1] * 40
            for seat, hand in enumerate(state.hands):
                for card in hand:
                    owner[card.id] = seat
            assert game.holder[i].tolist() == owner
            assert game.trick[i].tolist() == [card.id for card in state.trick]
            sides = [sum(state.points[seat] for seat in side) for side in game.rules.teams]
            assert game.team_points()[i].tolist() == sides
        if game.done:
            break
        actions = game.random_actions(rng)
        game.step(actions)
        states = [_play(s, card) for s, card in zip(states, actions, strict=True)]


def test_a_card_not_in_hand_is_named_by_its_first_deal() -> None:
    # The step's docstring: "the message names the first such deal".
    game = VectorGame("classic", count=4, seed=6)
    actions = game.random_actions(6)
    wrong = actions.copy()
    for deal in (1, 3):
        wrong[deal] = game.hands[deal, 1, 0]  # a card of the seat that is not to act
    with pytest.raises(IllegalMoveError, match=r"deal 1: card \d+ is not in seat 0's hand"):
        game.step(wrong)
    assert game.ply == 0
    game.step(actions)
