"""The PettingZoo AEC environment: PettingZoo's own test utilities on every preset and a
spread of table rules, and the behaviour its users rely on (seeds, rewards, seats that sit
out, seats acting several times in a row, void deals)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, render_test, seed_test  # noqa: E402
from pettingzoo.test.state_test import test_state_space as check_state_space  # noqa: E402

import briscola  # noqa: E402
from briscola import (  # noqa: E402
    VARIANTS,
    IllegalMoveError,
    InvalidMoveError,
    InvalidStateError,
    Pass,
    RulesError,
    State,
    new_game,
    observe,
)
from briscola._deal import derived_seed  # noqa: E402
from briscola.encoding import action_index, action_mask, observation  # noqa: E402
from briscola.envs.pettingzoo import env, raw_env  # noqa: E402
from briscola.render import render  # noqa: E402
from helpers import Hostile, HostileInt, HostileStr  # noqa: E402

# PettingZoo's checks recommend a plain array observation; ours is the documented dict of
# an observation and an action mask, as in PettingZoo's own card games.
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably:UserWarning"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning"),
]

OPTION_SETS: Final[list[tuple[str, dict[str, Any]]]] = [
    *((variant, {}) for variant in sorted(VARIANTS)),
    ("classic", {"seven_swap": True, "two_swap": True, "two_swap_window": "both"}),
    ("classic", {"open_stock": True, "must_follow_suit": True, "tie_rule": "replay"}),
    ("classic-3", {"removed_two": "random", "deal_packet_size": 3}),
    ("classic-4", {"signals": True, "share_hands_when_stock_empty": "voluntary"}),
    ("classic-6", {"public_claims": True, "share_hands_before_first_trick": "automatic"}),
    ("chiamata", {"auction": "points_only", "first_trick_blind": "committed"}),
    ("chiamata", {"players": 6, "six_player_form": "dealer_sits_out", "stakes": "bands"}),
    ("chiamata-milan", {"first_trick_blind": "free_choice", "public_claims": True}),
    ("bugiarda", {"declaration_round": False, "public_claims": True}),
    ("scoperta", {"rank_variant": "seven_high"}),
]


def label(case: tuple[str, dict[str, Any]]) -> str:
    variant, options = case
    return variant + "".join(f",{name}={value}" for name, value in options.items())


@pytest.mark.parametrize("case", OPTION_SETS, ids=label)
def test_pettingzoo_api_seed_and_render_tests(case: tuple[str, dict[str, Any]]) -> None:
    variant, options = case
    api_test(env(variant, **options), num_cycles=60)  # type: ignore[arg-type]
    seed_test(lambda: env(variant, **options), num_cycles=60)  # type: ignore[arg-type]
    render_test(lambda render_mode=None: env(variant, render_mode=render_mode, **options))  # type: ignore[arg-type]


def play(table: Any, seed: int) -> dict[str, float]:
    """Play a deal with random legal actions; the rewards each agent collected."""
    table.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals: dict[str, float] = {}
    for agent in table.agent_iter():
        obs, reward, terminated, truncated, _ = table.last()
        totals[agent] = totals.get(agent, 0.0) + reward
        if terminated or truncated:
            table.step(None)
        else:
            table.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return totals


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_reset_deals_new_game_and_rewards_are_the_game_points(variant: str) -> None:
    table = raw_env(variant)  # type: ignore[arg-type]
    table.reset(seed=np.int64(21))
    assert table.game == new_game(variant, seed=21)  # type: ignore[arg-type]
    for agent in table.agents:
        seat = int(agent.split("_")[1])
        view = observe(table.game, seat)
        obs = table.observe(agent)
        assert np.array_equal(obs["observation"], observation(view))
        assert np.array_equal(obs["action_mask"], action_mask(view))
        assert obs["action_mask"].dtype == np.int8
    totals = play(table, 21)
    final = briscola.score(table.game)
    assert final.final
    assert totals == {f"player_{seat}": final.deltas[seat] for seat in _active(table)}


def test_a_run_seeded_once_repeats() -> None:
    def deals(table: Any) -> list[State]:
        table.reset(seed=-3)
        games = [table.unwrapped.game]
        for _ in range(3):
            table.reset()
            games.append(table.unwrapped.game)
        return games

    first, second = deals(env("classic")), deals(raw_env("classic"))
    assert first == second
    assert len({game.hands for game in first}) == 4
    assert first[2] == new_game("classic", seed=derived_seed("pettingzoo/reset", -3, 2))
    table = raw_env("classic")
    table.reset(seed=-3)
    table.reset()
    with pytest.raises(RulesError):
        table.reset(options={"dealer": 7})  # refused before anything changes
    table.reset()
    assert table.game == first[2]
    table.reset(seed=-3)  # a seed starts the stream again
    assert table.game == first[0]


def _active(table: raw_env) -> tuple[int, ...]:
    return table.rules.seats_for(table.game.dealer)


def test_a_seat_that_sits_out_is_not_an_agent() -> None:
    table = raw_env("bugiarda-5")
    table.reset(seed=3)
    assert "player_4" not in table.agents
    assert len(table.agents) == 4
    table.reset(seed=3, options={"dealer": 0})
    assert "player_0" not in table.agents


def test_a_seat_acts_again_after_a_swap() -> None:
    table = raw_env("classic", seven_swap=True, seven_swap_requires_higher=False)
    # Find a deal where the first hand can swap: the seat stays selected after the swap.
    for seed in range(300):
        table.reset(seed=seed)
        swaps = [m for m in briscola.legal_moves(table.game) if isinstance(m, briscola.SwapTrump)]
        if swaps:
            agent = table.agent_selection
            table.step(action_index(swaps[0]))
            assert table.agent_selection == agent
            return
    pytest.fail("no deal with a swap for the first hand")


def test_the_caller_names_right_after_the_auction() -> None:
    table = raw_env("chiamata")
    table.reset(seed=8)
    while table.game.phase is briscola.Phase.AUCTION:
        table.step(action_index(briscola.legal_moves(table.game)[0]))
    assert table.game.phase is briscola.Phase.NAME_TRUMP
    assert table.agent_selection == f"player_{briscola.score(table.game).caller}"


def test_a_void_deal_ends_with_zero_rewards() -> None:
    table = raw_env("chiamata", all_pass="redeal")
    table.reset(seed=4)
    for _ in range(5):
        table.step(action_index(Pass()))
    assert briscola.score(table.game).void
    assert all(table.terminations.values())
    assert set(table.rewards.values()) == {0}
    while table.agents:
        _, reward, terminated, _, _ = table.last()
        assert terminated
        assert reward == 0
        table.step(None)
    assert table.agents == []


def test_an_illegal_action_is_refused_in_terms_of_the_action() -> None:
    table = raw_env("classic")
    table.reset(seed=2)
    before = table.game
    held = {card.id for card in before.hands[before.turn]}  # type: ignore[index]
    not_held = next(i for i in range(40) if i not in held)
    for action in (action_index(Pass()), not_held, np.int64(not_held)):
        with pytest.raises(IllegalMoveError, match=rf"action {action} \(.*\) is not a legal"):
            table.step(action)
        assert table.game is before
    with pytest.raises(IllegalMoveError):
        table.step(None)


@pytest.mark.parametrize("variant", ["classic", "classic-4", "chiamata", "bugiarda"])
def test_every_step_observes_what_a_view_gives_and_decodes_any_integer(variant: str) -> None:
    table = raw_env(variant)  # type: ignore[arg-type]
    table.reset(seed=5)
    rng = np.random.default_rng(5)
    for step, _agent in enumerate(table.agent_iter()):
        for other in table.agents:
            view = observe(table.game, int(other.split("_")[1]))
            obs = table.observe(other)
            assert np.array_equal(obs["observation"], observation(view))
            assert np.array_equal(obs["action_mask"], action_mask(view))
        obs, _, terminated, truncated, _ = table.last()
        if terminated or truncated:
            table.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        before = table.game
        for bad in (True, float(legal[0])):
            with pytest.raises(InvalidMoveError):
                table.step(bad)  # type: ignore[arg-type]
        assert table.game is before
        action = rng.choice(legal)
        table.step(action if step % 2 else int(action))
        obs["observation"][:] = 1.0  # the caller's copy: the next observation is unchanged


def test_bad_arguments() -> None:
    with pytest.raises(briscola.RulesError):
        raw_env("classic", render_mode="rgb_array")
    with pytest.raises(briscola.RulesError, match="render_mode=2 is not valid"):
        raw_env("classic", render_mode=HostileInt(2))  # type: ignore[arg-type]
    assert raw_env("classic", render_mode=HostileStr("ansi")).render_mode == "ansi"
    with pytest.raises(briscola.RulesError):
        raw_env("classic", nonsense=True)
    with pytest.raises(briscola.RulesError):
        raw_env("classic").reset(seed="7")  # type: ignore[arg-type]
    table = raw_env("classic")
    table.reset(seed=1)
    for flag in (Hostile(), 1, None):
        with pytest.raises(
            briscola.RulesError, match=r"observe=.* is not valid: use True or False"
        ):
            table.last(observe=flag)  # type: ignore[arg-type]
    assert table.last(observe=False)[0] is None


@pytest.mark.parametrize("variant", ["classic", "chiamata", "bugiarda-5"])
def test_rewards_come_once_at_the_end_as_pettingzoo_accumulates_them(variant: str) -> None:
    table = raw_env(variant)  # type: ignore[arg-type]
    table.reset(seed=9)
    rng = np.random.default_rng(9)
    while not briscola.is_over(table.game):
        assert set(table.rewards.values()) == {0}
        assert set(table._cumulative_rewards.values()) == {0}
        obs, reward, terminated, _, _ = table.last()
        assert (reward, terminated) == (0, False)
        table.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    deltas = briscola.score(table.game).deltas
    expected = {f"player_{seat}": deltas[seat] for seat in _active(table)}
    assert table.rewards == expected
    assert table._cumulative_rewards == expected
    assert all(table.terminations.values())
    while table.agents:
        agent = table.agent_selection
        _, reward, terminated, _, _ = table.last()
        assert (reward, terminated) == (expected[agent], True)
        table.step(None)
        assert agent not in table.rewards


@pytest.mark.parametrize("make", [raw_env, env], ids=["raw_env", "env"])
def test_calls_before_reset_say_to_call_reset(make: Any) -> None:
    table = make("classic")
    calls: tuple[Callable[[], object], ...] = (
        lambda: table.step(0),
        lambda: table.step(None),
        lambda: table.observe("player_0"),
        lambda: table.last(),
        lambda: table.last(observe=False),
        lambda: table.agent_iter(),
        lambda: table.state(),
        lambda: table.unwrapped.game,
    )
    for call in calls:
        with pytest.raises(InvalidStateError, match=r"call reset\(\) first"):
            call()
    assert table.render() is None  # nothing to show yet, as the raw environment says


def finished(seed: int) -> Any:
    table = raw_env("classic")
    table.reset(seed=seed)
    while not briscola.is_over(table.game):
        table.step(action_index(briscola.legal_moves(table.game)[0]))
    return table


def test_the_wrapped_env_refuses_what_the_raw_env_refuses_once_every_agent_has_left() -> None:
    table = env("classic")
    table.reset(seed=3)
    for _ in table.agent_iter():
        obs, _, terminated, _, _ = table.last()
        table.step(None if terminated else int(np.flatnonzero(obs["action_mask"])[0]))
    assert table.agents == []
    with pytest.raises(InvalidStateError, match="every agent has left"):
        table.last()
    with pytest.raises(InvalidStateError, match="every agent has left"):
        table.last(observe=False)
    with pytest.raises(IllegalMoveError, match="every agent has left"):
        table.step(None)
    with pytest.raises(briscola.RulesError, match="observe='x' is not valid"):
        table.last(observe="x")
    assert str(table) == "briscola_v0"


def test_a_loop_over_agent_iter_that_does_not_step_is_refused_with_a_library_error() -> None:
    table = env("classic")
    table.reset(seed=1)
    agents = iter(table.agent_iter())
    assert next(agents) == table.agent_selection
    with pytest.raises(InvalidStateError, match=r"step\(\) the agent that agent_iter\(\) gave"):
        next(agents)
    table.step(int(np.flatnonzero(table.last()[0]["action_mask"])[0]))
    assert next(agents) == table.agent_selection


@pytest.mark.parametrize("make", [raw_env, env], ids=["raw_env", "env"])
def test_agent_iter_stops_after_max_iter_agents_and_refuses_a_bad_max_iter(make: Any) -> None:
    table = make("classic")
    table.reset(seed=1)
    for bad in (-1, 1.5, "3", None, True, Hostile()):
        with pytest.raises(briscola.RulesError, match=r"max_iter=.* is not valid: use a whole"):
            table.agent_iter(bad)
    assert list(table.agent_iter(0)) == []
    assert list(table.agent_iter(HostileInt(1))) == [table.agent_selection]
    given = []
    for agent in table.agent_iter(np.int64(3)):
        given.append(agent)
        table.step(int(np.flatnonzero(table.last()[0]["action_mask"])[0]))
    assert len(given) == 3


@pytest.mark.parametrize("variant", ["classic", "chiamata", "bugiarda-5", "classic-4"])
def test_state_is_every_seats_observation_in_seat_order(variant: str) -> None:
    table = env(variant)  # type: ignore[arg-type]
    check_state_space(table)  # PettingZoo's own check of the space
    table.reset(seed=5)
    rng = np.random.default_rng(5)
    seats = range(table.unwrapped.rules.players)
    for _ in table.agent_iter():
        state = table.unwrapped.game
        expected = np.concatenate([observation(observe(state, seat)) for seat in seats])
        whole = table.state()
        assert whole.dtype == np.float32
        assert table.state_space.contains(whole)
        np.testing.assert_array_equal(whole, expected)
        obs, _, terminated, _, _ = table.last()
        table.step(None if terminated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def test_dead_steps_follow_pettingzoo_and_any_other_step_is_refused() -> None:
    table = finished(3)
    agents = list(table.agents)
    rewards = dict(table._cumulative_rewards)
    with pytest.raises(IllegalMoveError, match="step with None to leave it, not 0"):
        table.step(0)
    assert table.agents == agents
    assert table._cumulative_rewards == rewards
    while table.agents:
        table.step(None)  # PettingZoo's dead step: the agent leaves
    with pytest.raises(IllegalMoveError, match="every agent has left"):
        table.step(None)
    with pytest.raises(IllegalMoveError, match="every agent has left"):
        table.step(0)
    with pytest.raises(InvalidStateError, match="every agent has left"):
        table.last()
    assert list(table.agent_iter()) == []
    table.reset(seed=4)  # and the environment deals again
    assert table.agents == agents


def test_the_wrapped_env_refuses_bad_actions_with_library_errors() -> None:
    table = env("classic")
    table.reset(seed=1)
    before = table.unwrapped.game
    with pytest.raises(InvalidMoveError):
        table.step(1.0)
    for action in (-1, 286, 10**30):
        with pytest.raises(IllegalMoveError, match="does not exist"):
            table.step(action)
    assert table.unwrapped.game is before
    api_test(raw_env("classic"), num_cycles=20)


def test_a_numpy_dealer_is_a_seat() -> None:
    table = raw_env("classic")
    table.reset(seed=2, options={"dealer": np.int64(0)})
    assert table.game == new_game("classic", seed=2, dealer=0)
    with pytest.raises(briscola.RulesError, match="not a seat"):
        table.reset(options={"dealer": np.int64(2)})


@pytest.mark.parametrize("agent", ["player_2", "player", 0, None, HostileStr("player_0")])
def test_a_name_that_is_not_an_agent_is_refused_by_every_lookup(agent: Any) -> None:
    table = raw_env("classic")
    table.reset(seed=1)
    for lookup in (table.observe, table.action_space, table.observation_space):
        with pytest.raises(
            RulesError, match=r"is not an agent of this game: use one of player_0, player_1$"
        ):
            lookup(agent)


def test_the_observation_space_has_the_dtypes_of_the_observations() -> None:
    table = raw_env("classic")
    table.reset(seed=1)
    for agent in table.agents:
        space = table.observation_space(agent)
        observed = table.observe(agent)
        for key in ("observation", "action_mask"):
            assert space[key].dtype == observed[key].dtype  # type: ignore[index]


def test_a_mask_given_to_the_caller_is_its_own_copy() -> None:
    table = raw_env("classic")
    table.reset(seed=1)
    waiting = next(agent for agent in table.agents if agent != table.agent_selection)
    table.observe(waiting)["action_mask"][:] = 1
    assert not table.observe(waiting)["action_mask"].any()
    assert not table.last()[0]["action_mask"].all()


def test_a_deal_annulled_as_dealt_ends_at_once_for_every_agent() -> None:
    """§2.5.6: a zero-point hand annuls the deal before the auction, with no points."""
    table = raw_env("chiamata", annul_zero_point_hand=True)
    table.reset(seed=17)
    assert table.game.phase is briscola.Phase.OVER
    assert table.terminations == dict.fromkeys(table.possible_agents, True)
    assert table.rewards == dict.fromkeys(table.possible_agents, 0.0)
    left = []
    for agent in table.agent_iter():
        _, reward, terminated, _, _ = table.last()
        assert (reward, terminated) == (0.0, True)
        left.append(agent)
        table.step(None)
    assert left == table.possible_agents


def test_once_the_deal_ends_the_rewards_are_floats_and_agents_leave_in_seat_order() -> None:
    table = raw_env("classic-4")
    table.reset(seed=3)
    while not briscola.is_over(table.game):
        last_to_act = table.agent_selection
        table.step(action_index(briscola.legal_moves(table.game)[0]))
    assert last_to_act != "player_0"
    assert all(type(reward) is float for reward in table.rewards.values())
    left = []
    for agent in table.agent_iter():
        left.append(agent)
        table.step(None)
    assert left == ["player_0", "player_1", "player_2", "player_3"]


def test_where_a_middle_seat_sits_out_each_seat_acts_and_scores_under_its_own_name() -> None:
    """§2.6.3: in bugiarda-5 the dealer sits out; §2.6.1: with ``first_leader_offset=-1``
    the seat before the dealer leads."""
    table = raw_env("bugiarda-5", first_leader_offset=-1)
    table.reset(seed=2, options={"dealer": 2})
    assert sorted(table.agents) == ["player_0", "player_1", "player_3", "player_4"]
    assert table.agent_selection == "player_1"
    while not briscola.is_over(table.game):
        assert table.agent_selection == f"player_{table.game.turn}"
        table.step(action_index(briscola.legal_moves(table.game)[0]))
    deltas = briscola.score(table.game).deltas
    assert table.rewards == {f"player_{seat}": float(deltas[seat]) for seat in (0, 1, 3, 4)}
    assert len(set(table.rewards.values())) > 1


def test_human_rendering_prints_the_table_after_every_step(
    capsys: pytest.CaptureFixture[str],
) -> None:
    table = raw_env("classic", render_mode="human")
    table.reset(seed=1)
    capsys.readouterr()
    table.step(action_index(briscola.legal_moves(table.game)[0]))
    assert capsys.readouterr().out == render(table.game) + "\n"


def test_render_before_reset_has_no_table_to_show(capsys: pytest.CaptureFixture[str]) -> None:
    assert raw_env("classic", render_mode="ansi").render() == ""
    assert raw_env("classic", render_mode="human").render() is None
    assert capsys.readouterr().out == ""


def test_unseeded_resets_before_any_seed_deal_from_fresh_entropy() -> None:
    first, second = raw_env("classic"), raw_env("classic")
    first.reset()
    second.reset()
    assert first.game.deck != second.game.deck


class _Index:
    """A whole number only through ``__index__``."""

    def __index__(self) -> int:
        return 2


def test_the_wrapped_agent_iter_reads_max_iter_as_a_whole_number() -> None:
    table = env("classic")
    table.reset(seed=1)
    given = []
    for agent in table.agent_iter(_Index()):
        given.append(agent)
        table.step(int(np.flatnonzero(table.last()[0]["action_mask"])[0]))
    assert len(given) == 2
