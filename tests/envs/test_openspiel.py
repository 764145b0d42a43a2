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
from briscola import VARIANTS, RulesError, new_game  # noqa: E402
from briscola.encoding import observation_shape, utility_bounds  # noqa: E402
from briscola.envs.openspiel import parse_options  # noqa: E402


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
