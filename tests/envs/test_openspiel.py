"""The OpenSpiel game: OpenSpiel's random simulation test (with and without serialization)
on every preset and some table rules, the fixed-deal mode, information states that
resampling keeps, and OpenSpiel's Python ISMCTS bot playing whole deals."""

from __future__ import annotations

from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import briscola  # noqa: E402
from briscola import (  # noqa: E402
    VARIANTS,
    IllegalMoveError,
    InvalidStateError,
    Play,
    RulesError,
    new_game,
)
from briscola.encoding import (  # noqa: E402
    NUM_ACTIONS,
    action_index,
    observation_shape,
    utility_bounds,
)
from briscola.envs.openspiel import BriscolaGame, parse_options  # noqa: E402
from helpers import dealt_or_drawn_twins  # noqa: E402


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_random_simulation_test(variant: str) -> None:
    game = pyspiel.load_game("briscola", {"variant": variant})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(
    ("variant", "options"),
    [
        ("classic-3", "removed_two:random;seven_swap:true;two_swap:true"),
        ("classic-4", "signals:true;share_hands_before_first_trick:voluntary"),
        ("chiamata", "first_trick_blind:committed;stakes:bands"),
        ("chiamata", "players:6;six_player_form:dealer_sits_out"),
        ("bugiarda", "trump_source:separate_flip"),
        ("bugiarda-5", "trump_source:separate_flip"),
    ],
)
def test_random_simulation_test_with_table_rules(variant: str, options: str) -> None:
    game = pyspiel.load_game("briscola", {"variant": variant, "options": options})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_a_separate_flip_is_a_chance_node_before_the_cards() -> None:
    game = pyspiel.load_game(
        "briscola", {"variant": "bugiarda", "options": "trump_source:separate_flip"}
    )
    state = game.new_initial_state()
    assert state.chance_outcomes() == [(0, 0.25), (1, 0.25), (2, 0.25), (3, 0.25)]
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 2) == "turn up Spade"
    state.apply_action(2)
    assert "trump Spade" in state.information_state_string(0)
    for card in briscola.rules("bugiarda").deck:
        state.apply_action(card.id)
    assert state.game_state is not None
    assert state.game_state.trump_suit is briscola.Suit.SPADE
    assert state.game_state.deck == briscola.rules("bugiarda").deck
    # A resampled world keeps the suit, and replays from its own actions.
    state.apply_action(state.legal_actions()[0])
    player = state.current_player()
    world = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert world.game_state.trump_suit is briscola.Suit.SPADE
    assert world.information_state_string(player) == state.information_state_string(player)


def test_the_fixed_deal_mode() -> None:
    game = pyspiel.load_game("briscola", {"variant": "classic-4", "seed": 12})
    state = game.new_initial_state()
    assert not state.is_chance_node()
    assert state.game_state == new_game("classic-4", seed=12)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def play_out(state: Any, rng: Any) -> Any:
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probabilities)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def test_game_information_and_returns() -> None:
    game = pyspiel.load_game("briscola(variant=chiamata,options=stakes:tedaldi)")
    assert game.num_players() == 5
    assert game.num_distinct_actions() == 286
    assert (game.min_utility(), game.max_utility()) == utility_bounds(
        briscola.rules("chiamata", stakes="tedaldi")
    )
    state = play_out(game.new_initial_state(), np.random.RandomState(4))
    assert state.returns() == [float(d) for d in briscola.score(state.game_state).deltas]
    assert len(state.observation_tensor(0)) == observation_shape("chiamata")[0]
    assert len(state.information_state_tensor(0)) == observation_shape("chiamata")[0] + 80


def test_resampling_keeps_the_information_state() -> None:
    game = pyspiel.load_game("briscola", {"variant": "classic"})
    state = game.new_initial_state()
    rng = np.random.RandomState(7)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(40 + 12):  # the deal, then a few moves
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probabilities)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    player = state.current_player()
    key = state.information_state_string(player)
    seen = set()
    for _ in range(5):
        world = state.resample_from_infostate(player, sampler)
        assert world.information_state_string(player) == key
        assert world.legal_actions() == state.legal_actions()
        seen.add(str(world))
        # The world is a genuine history of the game: it replays from its actions.
        replayed = game.new_initial_state()
        for action in world.history():
            replayed.apply_action(action)
        assert str(replayed) == str(world)
    assert len(seen) > 1  # the hidden cards differ between worlds


def test_the_received_order_tells_information_states_apart() -> None:
    game = pyspiel.load_game("briscola", {"variant": "classic"})

    def dealt(order: list[int]) -> Any:
        state = game.new_initial_state()
        for card_id in order:
            state.apply_action(card_id)
        return state

    deck = list(range(40))
    swapped = deck.copy()
    swapped[0], swapped[2] = swapped[2], swapped[0]  # seat 0 gets the same cards, reordered
    a, b = dealt(deck), dealt(swapped)
    assert a.game_state.hands == b.game_state.hands
    assert a.information_state_string(0) != b.information_state_string(0)
    assert a.information_state_string(1) == b.information_state_string(1)


def test_who_drew_from_an_open_stock_tells_information_states_apart() -> None:
    # Seat 1 saw the stock: it knows which card seat 0 drew, even once it was played.
    game = pyspiel.load_game("briscola", {"variant": "classic", "options": "open_stock:true"})
    decks, plays = dealt_or_drawn_twins()
    states = []
    for deck in decks:
        state = game.new_initial_state()
        for card in deck:
            state.apply_action(card.id)
        for card in plays:
            state.apply_action(action_index(Play(card)))
        states.append(state)
    first, second = states
    assert first.observation_string(1) == second.observation_string(1)
    assert first.information_state_string(1) != second.information_state_string(1)


def test_how_far_the_deal_has_gone_tells_information_states_apart() -> None:
    game = pyspiel.load_game("briscola", {"variant": "classic"})
    one = game.new_initial_state()
    one.apply_action(5)  # the first card, to seat 0
    two = one.clone()
    two.apply_action(9)  # the second, to seat 1: seat 0 sees that one more card is out
    for player in (0, 1):
        assert one.information_state_string(player) != two.information_state_string(player)
        assert one.observation_tensor(player) != two.observation_tensor(player)
    assert "(1 card from the pack): 6D" in one.information_state_string(0)
    assert "(2 cards from the pack): 6D" in two.information_state_string(0)


@pytest.mark.parametrize(
    ("variant", "options"),
    [
        ("classic", ""),
        ("classic-3", "removed_two:random"),
        ("chiamata", ""),
        ("bugiarda-5", "trump_source:separate_flip"),
    ],
)
def test_while_dealing_the_tensor_holds_what_the_dealt_deal_shows_of_it(
    variant: str, options: str
) -> None:
    """At each chance node, the parts a player can see of the deal so far (its cards,
    the count of each seat's cards, the dealer, the trump suit, the removed 2) are set as
    the finished deal's observation sets them."""
    game = pyspiel.load_game("briscola", {"variant": variant, "options": options})
    r = game.rules
    segments = {s.name: s for s in briscola.encoding.observation_layout(r)}
    rng = np.random.default_rng(3)
    state = game.new_initial_state()
    seen = []
    while state.is_chance_node():
        state.apply_action(int(rng.choice([a for a, _ in state.chance_outcomes()])))
        seen.append([np.array(state.observation_tensor(p)) for p in range(r.players)])
    final = [np.array(state.observation_tensor(p)) for p in range(r.players)]
    hand_cards = r.dealt_cards + (1 if r.removed_two == "random" else 0)
    flips = 1 if "separate_flip" in options else 0
    last_dealing = seen[hand_cards + flips - 1]  # every hand dealt, the stock still coming
    names = ["hand", "hand_sizes", "dealer", "trump_suit", "removed"]
    for player in range(r.players):
        for name in (n for n in names if n in segments):
            part = slice(segments[name].offset, segments[name].offset + segments[name].size)
            if name == "trump_suit" and not flips:
                continue  # turned up with the deal's last card, after the hands
            np.testing.assert_array_equal(last_dealing[player][part], final[player][part])
    sizes = segments["hand_sizes"]
    before = flips + (1 if r.removed_two == "random" else 0)  # outcomes that are no hand card
    for out, tensors in enumerate(seen, start=1):
        in_hands = min(max(out - before, 0), r.dealt_cards)
        for tensor in tensors:
            held = tensor[sizes.offset : sizes.offset + sizes.size].sum() * r.hand_size
            assert held == pytest.approx(in_hands, abs=1e-4)


@pytest.mark.parametrize(
    "kind",
    [
        {"perfect_recall": False, "private_info": "NONE"},
        {"perfect_recall": True, "public_info": False},
        {"perfect_recall": False, "private_info": "ALL_PLAYERS"},
    ],
)
def test_an_observation_type_the_game_does_not_offer_is_refused(kind: dict[str, Any]) -> None:
    game = pyspiel.load_game("briscola", {"variant": "classic"})
    if "private_info" in kind:
        kind = {**kind, "private_info": getattr(pyspiel.PrivateInfoType, kind["private_info"])}
    with pytest.raises(RulesError, match="the observer sees the table as one player does"):
        game.make_py_observer(pyspiel.IIGObservationType(**kind))


@pytest.mark.parametrize("variant", ["classic", "briscolone"])
def test_ismcts_plays_whole_deals(variant: str) -> None:
    game = pyspiel.load_game("briscola", {"variant": variant})
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(
        game, evaluator, uct_c=2.0, max_simulations=3, random_state=np.random.RandomState(2)
    )
    rng = np.random.RandomState(3)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probabilities)))
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert sum(state.returns()) == 0


def test_bad_parameters() -> None:
    with pytest.raises(RulesError):
        parse_options("seven_swap")
    assert parse_options(" ; ") == {}
    with pytest.raises(Exception, match="nonsense"):
        pyspiel.load_game("briscola", {"variant": "nonsense"})


def snapshot(state: Any) -> tuple[Any, ...]:
    outcomes = state.chance_outcomes() if state.is_chance_node() else None
    return (state.history(), str(state), outcomes, state.current_player())


def test_a_refused_chance_action_changes_nothing() -> None:
    game = pyspiel.load_game("briscola", {"variant": "classic"})
    state = game.new_initial_state()
    for card_id in range(39):
        state.apply_action(card_id)
    before = snapshot(state)
    with pytest.raises(IllegalMoveError, match="has been dealt already"):
        state.apply_action(0)
    assert snapshot(state) == before
    assert state.chance_outcomes() == [(39, 1.0)]
    state.apply_action(39)
    deck = [briscola.Card.from_id(card_id) for card_id in range(40)]
    assert state.game_state == new_game("classic", deck=deck)


@pytest.mark.parametrize(
    ("options", "dealt", "action", "message"),
    [
        ("", [], 99, "does not exist: the cards are 0 to 39"),
        ("", [5], 40, "does not exist"),
        ("removed_two:random", [], 0, "the first outcome is the 2 that leaves the deck"),
        ("trump_source:separate_flip", [], -2, "the suit turned up is 0 to 3"),
        ("trump_source:separate_flip", [], 7, "the suit turned up is 0 to 3"),
        ("trump_source:separate_flip", [1], 1_000, "does not exist"),
    ],
)
def test_a_chance_action_must_be_a_current_chance_outcome(
    options: str, dealt: list[int], action: int, message: str
) -> None:
    variant = "bugiarda" if "flip" in options else "classic-3"
    game = pyspiel.load_game("briscola", {"variant": variant, "options": options})
    state = game.new_initial_state()
    for outcome in dealt:
        state.apply_action(outcome)
    before = snapshot(state)
    with pytest.raises(IllegalMoveError, match=message):
        state.apply_action(action)
    assert snapshot(state) == before
    assert all(state.chance_outcomes())  # still a whole set of outcomes


def test_a_card_outside_the_variants_deck_is_no_chance_outcome() -> None:
    game = pyspiel.load_game(
        "briscola", {"variant": "chiamata", "options": "players:6;six_player_form:remove_fours"}
    )
    state = game.new_initial_state()
    outside = sorted(set(range(40)) - {card_id for card_id, _ in state.chance_outcomes()})
    assert outside
    with pytest.raises(IllegalMoveError, match="not in the deck of 'chiamata'"):
        state.apply_action(outside[0])
    assert state.history() == []


def test_chance_outcomes_at_a_decision_or_terminal_node_is_an_invalid_state() -> None:
    game = pyspiel.load_game("briscola", {"variant": "classic", "seed": 3})
    state = game.new_initial_state()
    with pytest.raises(InvalidStateError, match="chance nodes only: seat 0 is to act"):
        state.chance_outcomes()
    state = play_out(state, np.random.RandomState(1))
    with pytest.raises(InvalidStateError, match="the deal is over"):
        state.chance_outcomes()


def test_action_to_string_refuses_actions_and_players_out_of_range() -> None:
    game = pyspiel.load_game(
        "briscola", {"variant": "bugiarda", "options": "trump_source:separate_flip"}
    )
    state = game.new_initial_state()
    for player, action in ((0, NUM_ACTIONS), (0, 999), (0, -1), (-1, 4), (-1, -2)):
        with pytest.raises(IllegalMoveError, match="does not exist"):
            state.action_to_string(player, action)
    state.apply_action(0)
    for action in (40, -1):
        with pytest.raises(IllegalMoveError, match="does not exist"):
            state.action_to_string(pyspiel.PlayerId.CHANCE, action)
    for player in (4, 99, -7):
        with pytest.raises(
            RulesError, match=r"player=-?\d+ is not a seat of .*: seats run from 0 to"
        ):
            state.action_to_string(player, 0)
    assert state.action_to_string(0, NUM_ACTIONS - 1) == "show hand"
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 0) == "deal AD"


@pytest.mark.parametrize(
    "text",
    ["win_threshold:²", "win_threshold:" + "9" * 5000, "win_threshold:+-5", "win_threshold:٦٥"],
    ids=["superscript two", "5000 digits", "two signs", "arabic-indic digits"],
)
def test_options_read_numbers_of_ascii_digits_only_and_refuse_any_other(text: str) -> None:
    with pytest.raises(RulesError, match="win_threshold"):
        pyspiel.load_game("briscola", {"variant": "classic", "options": text})
    with pytest.raises(RulesError, match="win_threshold"):
        pyspiel.load_game(f"briscola(options={text})")
    assert parse_options("win_threshold:+65; a:-3") == {"win_threshold": 65, "a": -3}


def test_options_read_values_as_the_command_line_does() -> None:
    # One reader of option text: a list for signal_tokens, yes/no for a rule taking a bool.
    text = "signals:yes; signal_tokens:ACE, KING; seven_swap:off"
    assert parse_options(text) == {
        "signals": True,
        "signal_tokens": ("ACE", "KING"),
        "seven_swap": False,
    }
    game = pyspiel.load_game("briscola", {"variant": "classic-4", "options": text})
    assert isinstance(game, BriscolaGame)
    assert game.rules.signal_tokens == ("ACE", "KING")
    # A game string separates parameters with commas: its lists are written with "+", and
    # the game and its states come back from their strings.
    assert "signal_tokens:ACE+ KING" in str(game)
    again = pyspiel.load_game(str(game))
    assert again.rules == game.rules
    assert pyspiel.load_game(str(game).replace("+ ", "+")).rules == game.rules
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    copy, copied = pyspiel.deserialize_game_and_state(
        pyspiel.serialize_game_and_state(game, state)
    )
    assert copy.rules == game.rules
    assert str(copied) == str(state)


@pytest.mark.parametrize(
    "params",
    [{"seed": 2**40}, {"seed": 2**31}, {"seed": -2}, {"dealer": -(2**40)}, {"dealer": -2}],
)
def test_seed_and_dealer_must_fit_an_openspiel_integer(params: dict[str, int]) -> None:
    with pytest.raises(RulesError, match="or 0 to 2147483647"):
        BriscolaGame(params)


def test_seed_and_dealer_may_be_numpy_integers() -> None:
    game = BriscolaGame({"seed": np.int64(2**31 - 1), "dealer": np.int32(0)})
    assert game.get_parameters()["seed"] == 2**31 - 1
    assert game.new_initial_state().game_state == new_game("classic", seed=2**31 - 1, dealer=0)


@pytest.mark.parametrize(
    "value", [float("nan"), 1e300, 1.0, -0.25, float("inf"), "0.5", None, True, False]
)
def test_resampling_refuses_a_sampler_value_that_is_no_probability(value: Any) -> None:
    game = pyspiel.load_game("briscola", {"variant": "classic", "seed": 5})
    state = game.new_initial_state()
    before = snapshot(state)
    with pytest.raises(RulesError, match="must return a number from 0 up to 1"):
        state.resample_from_infostate(0, lambda: value)
    assert snapshot(state) == before
    world = state.resample_from_infostate(0, lambda: np.float32(0.5))
    assert world.information_state_string(0) == state.information_state_string(0)


def test_resampling_refuses_a_bad_player_or_sampler() -> None:
    state = pyspiel.load_game("briscola", {"variant": "classic", "seed": 5}).new_initial_state()
    with pytest.raises(RulesError, match="player=2 is not a seat"):
        state.resample_from_infostate(2, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    with pytest.raises(RulesError, match="must be callable"):
        state.resample_from_infostate(0, 0.5)


@pytest.mark.parametrize("kind", [{}, 0.0, "perfect_recall", np.array(0)])
def test_make_py_observer_refuses_what_is_not_an_observation_type(kind: Any) -> None:
    game = pyspiel.load_game("briscola", {"variant": "classic"})
    with pytest.raises(RulesError, match=r"must be None or a pyspiel\.IIGObservationType"):
        game.make_py_observer(kind)
    with pytest.raises(RulesError, match="params must be a dict"):
        game.make_py_observer(None, 1.5)
    with pytest.raises(RulesError, match="takes no parameters, not 'x'"):
        game.make_py_observer(None, {"x": 1})
    with pytest.raises(RulesError, match="takes no parameters, not 3"):
        game.make_py_observer(None, {3: 1, "x": 2})  # keys that do not sort together
    recall = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    assert recall.perfect_recall


@pytest.mark.parametrize("method", ["set_from", "string_from"])
def test_an_observer_reads_only_a_state_of_its_own_game_for_one_of_its_seats(
    method: str,
) -> None:
    game = pyspiel.load_game("briscola", {"variant": "classic", "seed": 5})
    read = getattr(game.make_py_observer(), method)
    state = game.new_initial_state()
    with pytest.raises(RulesError, match="reads a BriscolaState, not list"):
        read([0], 0)
    with pytest.raises(RulesError, match="player=2 is not a seat"):
        read(state, 2)
    with pytest.raises(RulesError, match="player=<an integer of 14285 bits> is not a seat"):
        read(state, 10**4300)
    with pytest.raises(RulesError, match="player='AC' is not a seat"):
        read(state, "AC")
    other = pyspiel.load_game("briscola", {"variant": "classic-4", "seed": 5})
    with pytest.raises(RulesError, match="this observer is for 'classic'"):
        read(other.new_initial_state(), 0)
    read(state, np.int64(1))  # a numpy integer is a seat like any other


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (" :true", "expected name:value, not ':true'"),
        ("x" * 500, "expected name:value, not 'x{40}'$"),
    ],
)
def test_options_without_a_name_are_refused_in_a_short_message(text: str, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        parse_options(text)


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"variants": "classic"}, "unknown game parameter 'variants': use variant, options, seed"),
        ({"variant": 5}, "the parameter variant must be text, not 5"),
        ({"options": ["seven_swap:true"]}, "the parameter options must be text"),
        ({"dealer": 2}, "dealer=2 is not a seat of 'classic'"),
    ],
)
def test_bad_game_parameters_are_named_when_the_game_is_made(
    params: dict[str, Any], message: str
) -> None:
    with pytest.raises(RulesError, match=message):
        BriscolaGame(params)


def test_a_separate_flip_with_its_suit_given_has_no_flip_node() -> None:
    game = pyspiel.load_game(
        "briscola", {"variant": "bugiarda", "options": "trump_source:separate_flip;trump_suit:S"}
    )
    state = game.new_initial_state()
    assert len(state.chance_outcomes()) == 40
    for card in briscola.rules("bugiarda").deck:
        state.apply_action(card.id)
    assert state.game_state.trump_suit is briscola.Suit.SPADE


def test_returns_before_the_deal_is_done_are_zero_for_every_seat() -> None:
    state = pyspiel.load_game("briscola", {"variant": "classic-4"}).new_initial_state()
    assert state.returns() == [0.0] * 4
    state.apply_action(7)
    assert state.returns() == [0.0] * 4


def test_resampling_while_dealing_keeps_the_cards_dealt_so_far() -> None:
    state = pyspiel.load_game("briscola", {"variant": "classic"}).new_initial_state()
    for card_id in (7, 3, 12):
        state.apply_action(card_id)
    world = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert world.history() == [7, 3, 12]
    assert world.information_state_string(0) == state.information_state_string(0)


def test_resampled_worlds_follow_the_sampler_value() -> None:
    state = pyspiel.load_game("briscola", {"variant": "classic", "seed": 5}).new_initial_state()
    worlds = {
        str(state.resample_from_infostate(0, lambda value=value: value))
        for value in (0.05, 0.15, 0.3, 0.45, 0.6, 0.75, 0.9)
    }
    assert len(worlds) > 2


def test_the_information_state_planes_hold_the_received_order_and_the_tricks() -> None:
    game = pyspiel.load_game("briscola", {"variant": "classic", "seed": 3})
    state = game.new_initial_state()
    for _ in range(3):  # one trick closed, one card led to the next
        state.apply_action(state.legal_actions()[0])
    size = observation_shape("classic")[0]
    for player in range(2):
        view = briscola.observe(state.game_state, player)
        tensor = np.array(state.information_state_tensor(player))
        received, played = tensor[size : size + 40], tensor[size + 40 :]
        expected = np.zeros(40)
        for k, card in enumerate(view.received):
            expected[card.id] = (k + 1) / len(view.received)
        np.testing.assert_allclose(received, expected, rtol=1e-6)
        expected = np.zeros(40)
        for card in view.tricks[0].cards:
            expected[card.id] = 0.5  # trick 1 of the 2 begun
        (led,) = view.trick
        expected[led.id] = 1.0
        np.testing.assert_allclose(played, expected, rtol=1e-6)


def test_while_dealing_the_tensor_is_seat_relative_and_shows_the_flipped_suit() -> None:
    game = pyspiel.load_game(
        "briscola", {"variant": "bugiarda", "options": "trump_source:separate_flip"}
    )
    segments = {s.name: s for s in briscola.encoding.observation_layout(game.rules)}
    state = game.new_initial_state()
    state.apply_action(2)  # Spade turned up
    state.apply_action(9)  # the first card, to seat 0
    sizes, suit = segments["hand_sizes"], segments["trump_suit"]
    for player in range(4):
        tensor = np.array(state.observation_tensor(player))
        counts = np.zeros(4)
        counts[-player % 4] = 1 / 10
        np.testing.assert_allclose(tensor[sizes.offset : sizes.offset + 4], counts, rtol=1e-6)
        assert tensor[suit.offset : suit.offset + 4].tolist() == [0, 0, 1, 0]


def test_the_two_removed_at_random_is_public_while_dealing_and_in_the_key() -> None:
    game = pyspiel.load_game("briscola", {"variant": "classic-3", "options": "removed_two:random"})
    twos = {1: 11, 11: 1}  # 2D and 2C trade places: seat 0 sees the same cards
    deck = [card.id for card in briscola.rules("classic-3").deck if card.id != 11]
    states = []
    for removed in (11, 1):
        state = game.new_initial_state()
        state.apply_action(removed)
        name = "2C" if removed == 11 else "2D"
        assert f"; removed {name}" in state.information_state_string(1)
        assert f"; removed {name}" in state.observation_string(1)
        for card_id in deck:
            state.apply_action(twos[card_id] if removed == 1 and card_id in twos else card_id)
        states.append(state)
    first, second = states
    assert first.game_state.hands[0] == second.game_state.hands[0]
    assert first.information_state_string(0) != second.information_state_string(0)


@pytest.mark.parametrize(
    ("variant", "options", "shows"),
    [("scoperta", "", False), ("classic-4", "share_hands_before_first_trick:voluntary", True)],
)
def test_the_hands_a_player_sees_tell_information_states_apart(
    variant: str, options: str, shows: bool
) -> None:
    """Open hands (§2.7) and a partner's shown hand (§3.3) are part of what the player
    knows: two deals alike but for a card of the hand it sees give two keys."""
    game = pyspiel.load_game("briscola", {"variant": variant, "options": options})
    watched = 2 if shows else 1  # seat 0's partner, or its opponent under open hands
    deck = [card.id for card in game.rules.deck]
    other = deck.copy()
    other[watched], other[-2] = other[-2], other[watched]  # a card of its hand, deep in the stock
    states = []
    for order in (deck, other):
        state = game.new_initial_state()
        for card_id in order:
            state.apply_action(card_id)
        while shows and state.game_state.phase is not briscola.Phase.PLAY:
            show = state.current_player() == watched
            state.apply_action(action_index(briscola.ShowHand() if show else briscola.Pass()))
        states.append(state)
    first, second = states
    assert first.history()[len(deck) :] == second.history()[len(deck) :]
    assert first.game_state.hands[0] == second.game_state.hands[0]
    assert first.game_state.hands[watched] != second.game_state.hands[watched]
    assert first.information_state_string(0) != second.information_state_string(0)
