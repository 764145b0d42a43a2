"""The Gymnasium environment: Gymnasium's environment checker on every preset, vector
environments, opponents, seeds, rewards and masks."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import pytest

gymnasium = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import briscola  # noqa: E402
from briscola import (  # noqa: E402
    VARIANTS,
    IllegalMoveError,
    InvalidStateError,
    Phase,
    RulesError,
    View,
    new_game,
    observe,
)
from briscola.encoding import action_mask, observation  # noqa: E402
from briscola.envs.gymnasium import ENV_IDS, BriscolaEnv, LegalActions  # noqa: E402
from briscola.players import GreedyPlayer, RandomPlayer  # noqa: E402
from briscola.render import render  # noqa: E402
from helpers import Hostile, HostileInt, HostileStr  # noqa: E402


@pytest.mark.parametrize("env_id", ENV_IDS)
def test_the_environment_checker_passes(env_id: str) -> None:
    check_env(gymnasium.make(env_id, render_mode="ansi").unwrapped)


def test_a_spread_of_options_passes_the_checker() -> None:
    for variant, options in (
        ("classic", {"seven_swap": True, "two_swap": True}),
        ("classic-4", {"signals": True, "share_hands_when_stock_empty": "voluntary"}),
        ("chiamata", {"players": 6, "six_player_form": "remove_fours"}),
        ("bugiarda", {"public_claims": True}),
    ):
        env_id = f"briscola/{variant}-v0"
        check_env(gymnasium.make(env_id, render_mode="ansi", **options).unwrapped)


def first_legal(mask: Any) -> int:
    legal = np.flatnonzero(mask)
    return int(legal[0]) if len(legal) else 0


@pytest.mark.parametrize("vector", ["sync", "async"])
def test_vector_environments(vector: str) -> None:
    def make() -> Any:
        return gymnasium.make("briscola/classic-v0")

    kind = gymnasium.vector.SyncVectorEnv if vector == "sync" else gymnasium.vector.AsyncVectorEnv
    envs = kind([make, make])
    try:
        obs, info = envs.reset(seed=5)
        assert obs.shape == (2, 303)
        finished = 0
        for _ in range(60):
            # As the learning page samples a vector environment's actions: row by row.
            actions = np.array(
                [envs.single_action_space.sample(mask=m) for m in info["action_mask"]]
            )
            obs, _, terminated, truncated, info = envs.step(actions)
            finished += int(terminated.sum())
            assert not truncated.any()
            assert "illegal_action" not in info
        assert finished >= 2  # each deal of classic takes 20 of the learning seat's moves
    finally:
        envs.close()


def test_reset_deals_new_game_and_replays_an_episode() -> None:
    env = BriscolaEnv("classic-4", seat=1)
    obs, info = env.reset(seed=np.int64(17))
    assert env.game.deck == new_game("classic-4", seed=17).deck
    view = observe(env.game, 1)
    assert np.array_equal(obs, observation(view))
    assert np.array_equal(info["action_mask"], action_mask(view))
    assert np.array_equal(env.action_masks(), info["action_mask"])

    def episode() -> list[Any]:
        trail = []
        obs, info = env.reset(seed=17)
        terminated = False
        while not terminated:
            obs, reward, terminated, _, info = env.step(first_legal(info["action_mask"]))
            trail.append((obs.tobytes(), reward))
        return trail

    first = episode()
    assert episode() == first
    assert first[-1][1] == briscola.score(env.game).deltas[1]
    assert all(reward == 0 for _, reward in first[:-1])


def _recording(seen: set[int | None]) -> Any:
    """A first-legal-move opponent that notes the seat of every view it is given."""

    def first_move(view: View) -> briscola.Move:
        seen.add(view.seat)
        return view.legal_moves[0]

    return first_move


def test_opponents_are_any_callables_on_a_view() -> None:
    # A list gives one callable for each other seat, in seat order with the learning seat
    # left out: each must be the one that plays its seat, and only that seat.
    for learner, others in ((0, (1, 2)), (1, (0, 2)), (2, (0, 1))):
        seen: list[set[int | None]] = [set(), set()]
        env = BriscolaEnv("classic-3", seat=learner, opponents=[_recording(s) for s in seen])
        _, info = env.reset(seed=3)
        terminated = False
        while not terminated:
            _, _, terminated, _, info = env.step(first_legal(info["action_mask"]))
        assert seen == [{others[0]}, {others[1]}]
    # One callable plays every other seat.
    alone: set[int | None] = set()
    env = BriscolaEnv("classic-3", seat=1, opponents=_recording(alone))
    _, info = env.reset(seed=3)
    env.step(first_legal(info["action_mask"]))
    assert alone == {0, 2}
    env = BriscolaEnv("classic", opponents=RandomPlayer(seed=4))
    env.reset(seed=3)
    with pytest.raises(RulesError):
        BriscolaEnv("classic-3", opponents=[_recording(set())])
    with pytest.raises(RulesError):
        BriscolaEnv("classic", opponents="greedy")  # type: ignore[arg-type]


def test_illegal_actions() -> None:
    env = BriscolaEnv("classic")
    env.reset(seed=1)
    illegal = int(np.flatnonzero(env.action_masks() == 0)[0])
    before = env.game
    _, reward, terminated, truncated, info = env.step(illegal)
    assert env.game == before
    assert info["illegal_action"] is True
    assert (reward, terminated, truncated) == (0.0, False, False)
    strict = BriscolaEnv("classic", illegal_action="raise")
    strict.reset(seed=1)
    with pytest.raises(IllegalMoveError):
        strict.step(illegal)


def test_the_action_space_samples_legal_actions_and_pickles_plain() -> None:
    env = BriscolaEnv("chiamata")
    env.reset(seed=2)
    env.action_space.seed(0)
    mask = env.action_masks()
    assert all(mask[env.action_space.sample()] for _ in range(20))
    terminated = False
    while not terminated:
        _, _, terminated, _, _ = env.step(env.action_space.sample())
    assert not env.action_masks().any()  # nothing is legal: any action is drawn
    assert len({int(env.action_space.sample()) for _ in range(50)}) > 10
    copy = pickle.loads(pickle.dumps(env.action_space))
    assert copy == env.action_space
    assert type(copy) is gymnasium.spaces.Discrete


@pytest.mark.parametrize(
    ("arguments", "reason"),
    [
        ({"mask": 5}, "a mask: a numpy int8 array of 286 .*type of the sample mask"),
        ({"mask": [1] * 286}, "a mask: .*type of the sample mask"),
        ({"mask": np.ones(286, dtype=bool)}, "a mask: .*dtype of the sample mask"),
        ({"mask": np.ones(3, dtype=np.int8)}, "a mask: .*shape of the sample mask"),
        ({"mask": np.full(286, 2, dtype=np.int8)}, "a mask: .*0 or 1"),
        ({"probability": np.ones(286)}, "a probability: a numpy float64 array of 286 .*sum"),
        (
            {"mask": np.ones(286, dtype=np.int8), "probability": np.ones(286) / 286},
            "a mask or a probability, not both$",
        ),
    ],
)
def test_the_action_space_refuses_a_bad_mask_or_probability_with_a_rules_error(
    arguments: dict[str, Any], reason: str
) -> None:
    env = BriscolaEnv("classic")
    env.reset(seed=2)
    with pytest.raises(RulesError, match=f"^sample\\(\\) takes {reason}"):
        env.action_space.sample(**arguments)
    only = np.zeros(286, dtype=np.int8)
    only[7] = 1
    assert env.action_space.sample(mask=only) == 7


def test_bad_arguments() -> None:
    with pytest.raises(RulesError):
        BriscolaEnv("bugiarda-5", seat=4)  # the dealer sits out
    with pytest.raises(RulesError):
        BriscolaEnv("classic", seat=2)
    with pytest.raises(RulesError):
        BriscolaEnv("classic", render_mode="rgb_array")
    with pytest.raises(RulesError, match="render_mode=2 is not valid"):
        BriscolaEnv("classic", render_mode=HostileInt(2))  # type: ignore[arg-type]
    assert BriscolaEnv("classic", render_mode=HostileStr("ansi")).render_mode == "ansi"
    with pytest.raises(RulesError):
        BriscolaEnv("classic", illegal_action="penalty")
    with pytest.raises(RulesError, match="illegal_action=1 is not valid: use 'ignore' or 'raise'"):
        BriscolaEnv("classic", illegal_action=HostileInt(1))  # type: ignore[arg-type]
    assert BriscolaEnv("classic", illegal_action=HostileStr("raise")).illegal_action == "raise"
    env = BriscolaEnv("classic")
    with pytest.raises(RulesError):
        env.reset(seed="1")  # type: ignore[arg-type]


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_preset_plays_to_the_end(variant: str) -> None:
    env = BriscolaEnv(variant, seat=0)  # type: ignore[arg-type]
    _, info = env.reset(seed=9)
    terminated = False
    while not terminated:
        _, reward, terminated, _, info = env.step(first_legal(info["action_mask"]))
    low, high = briscola.encoding.utility_bounds(variant)
    assert low <= reward <= high
    assert not info["action_mask"].any()
    with pytest.raises(IllegalMoveError):
        env.step(0)


def test_calls_before_reset_say_to_call_reset() -> None:
    env = BriscolaEnv("classic")
    for call in (lambda: env.step(0), lambda: env.game):
        with pytest.raises(InvalidStateError, match=r"call reset\(\) first"):
            call()


@pytest.mark.parametrize("seed", [-1, -(2**70)])
def test_reset_refuses_a_negative_seed_before_gymnasium_sees_it(seed: int) -> None:
    env = BriscolaEnv("classic")
    with pytest.raises(RulesError, match="Gymnasium needs a seed of 0 or more"):
        env.reset(seed=seed)
    with pytest.raises(InvalidStateError):
        _ = env.game  # nothing was dealt
    with pytest.raises(RulesError, match="whole number"):
        env.reset(seed=1.5)  # type: ignore[arg-type]
    env.reset(seed=np.uint8(3))
    assert env.game.deck == new_game("classic", seed=3).deck


def test_a_player_class_as_opponent_is_refused_when_the_env_is_built() -> None:
    message = r"opponents must be players such as RandomPlayer\(\), not the class RandomPlayer"
    with pytest.raises(RulesError, match=message):
        BriscolaEnv("classic", opponents=RandomPlayer)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=message):
        BriscolaEnv("classic-3", opponents=[GreedyPlayer(seed=1), RandomPlayer])  # type: ignore[list-item]


def test_an_opponent_whose_with_seed_gives_no_player_is_named() -> None:
    class Odd:
        def __call__(self, view: View) -> briscola.Move:
            return view.legal_moves[0]

        def with_seed(self, seed: int) -> None:
            return None

        def __repr__(self) -> str:
            return "Odd()"

    env = BriscolaEnv("classic", opponents=Odd())
    with pytest.raises(RulesError, match=r"the opponent Odd\(\) has a with_seed"):
        env.reset(seed=1)


class _Failing:
    """An opponent that plays its first legal move until told to fail."""

    def __init__(self) -> None:
        self.failure: object = None

    def __call__(self, view: View) -> briscola.Move:
        if isinstance(self.failure, Exception):
            raise self.failure
        if self.failure is not None:
            return self.failure  # type: ignore[return-value]
        return view.legal_moves[0]

    def __repr__(self) -> str:
        return "Failing()"


@pytest.mark.parametrize(
    ("failure", "error", "message"),
    [
        (
            briscola.Pass(),
            IllegalMoveError,
            r"the opponent at seat 1 \(Failing\(\)\) chose Pass\(\)",
        ),
        ("AD", IllegalMoveError, "chose 'AD', which is not one of its legal moves"),
        (KeyError("its own bug"), KeyError, "its own bug"),
    ],
)
def test_an_opponent_that_fails_leaves_the_environment_as_it_was(
    failure: object, error: type[Exception], message: str
) -> None:
    opponent = _Failing()
    env = BriscolaEnv("classic", opponents=opponent)
    env.reset(seed=1)
    before, mask = env.game, env.action_masks()
    opponent.failure = failure
    with pytest.raises(error, match=message):
        env.step(int(np.flatnonzero(mask)[0]))
    assert env.game is before
    assert np.array_equal(env.action_masks(), mask)
    assert np.array_equal(env._observation(), observation(observe(before, 0)))
    opponent.failure = None
    _, _, terminated, _, _ = env.step(int(np.flatnonzero(mask)[0]))  # and play goes on
    assert not terminated
    # A reset whose opponents fail keeps the deal in progress (seat 1 learns, seat 0 leads).
    second = BriscolaEnv("classic", seat=1, opponents=opponent)
    second.reset(seed=1)
    kept = second.game
    opponent.failure = failure
    with pytest.raises(error):
        second.reset(seed=2)
    assert second.game is kept


@pytest.mark.parametrize("seed", [2, None])
def test_a_failed_reset_keeps_the_seeded_stream_of_episodes(seed: int | None) -> None:
    opponent = _Failing()
    env = BriscolaEnv("classic", seat=1, opponents=opponent)
    twin = BriscolaEnv("classic", seat=1, opponents=_Failing())
    env.reset(seed=1)
    twin.reset(seed=1)
    opponent.failure = KeyError("its own bug")
    with pytest.raises(KeyError):
        env.reset(seed=seed)
    opponent.failure = None
    for _ in range(3):  # the unseeded deals that follow are those of the twin
        env.reset()
        twin.reset()
        assert env.game == twin.game


@pytest.mark.parametrize("copy_of", ["deepcopy", "pickle"])
def test_an_environment_copies_after_reset_and_the_copy_plays_alike(copy_of: str) -> None:
    env = BriscolaEnv("classic-4", seat=2)
    env.reset(seed=3)
    env.step(int(np.flatnonzero(env.action_masks())[0]))
    env.action_space.seed(8)
    twin = copy.deepcopy(env) if copy_of == "deepcopy" else pickle.loads(pickle.dumps(env))
    assert type(twin.action_space) is LegalActions
    for table in (env, twin):
        terminated = False
        while not terminated:
            action = table.action_space.sample()  # a legal action of this table's deal
            observed, _, terminated, _, info = table.step(action)
            assert "illegal_action" not in info
            assert np.array_equal(observed, observation(observe(table.game, 2)))
    assert twin.game == env.game


@pytest.mark.parametrize("seat", [np.int64(1), np.uint8(1), 1])
def test_a_seat_may_be_a_numpy_integer(seat: Any) -> None:
    env = BriscolaEnv("classic", seat=seat)
    assert type(env.seat) is int
    assert env.seat == 1
    _, info = env.reset(seed=4)
    assert np.array_equal(info["action_mask"], action_mask(observe(env.game, 1)))


@pytest.mark.parametrize("seat", [True, 1.0, "1", np.int64(2), -1])
def test_a_seat_that_is_not_a_playing_seat_is_refused(seat: Any) -> None:
    with pytest.raises(RulesError, match=r"use a seat that plays in 'classic' \(0, 1\)"):
        BriscolaEnv("classic", seat=seat)


def test_each_opponent_of_each_episode_draws_its_own_stream() -> None:
    """Opponents are reseeded by hashing the episode's seed with their seat: with
    ``seed + seat``, seat 2 of episode 101 would replay seat 1 of episode 100."""
    env = BriscolaEnv("classic-4")
    streams = {}
    for seed in (100, 101):
        env.reset(seed=seed)
        for seat, player in enumerate(env._players):
            if isinstance(player, RandomPlayer):
                streams[seed, seat] = player.seed
    assert len(set(streams.values())) == len(streams) == 6
    assert streams[100, 2] != streams[101, 1]


@pytest.mark.parametrize("dealer", [0, 2, np.int64(3)])
def test_reset_takes_a_dealer_in_its_options(dealer: Any) -> None:
    env = BriscolaEnv("classic-4", seat=1)
    env.reset(seed=5, options={"dealer": dealer})
    first = new_game("classic-4", seed=5, dealer=int(dealer))
    assert env.game.dealer == dealer
    assert env.game.deck == first.deck
    assert env.game.history[: len(first.history)] == first.history
    assert env.game.turn == 1
    env.reset(seed=5)
    assert env.game.dealer == 3  # the default again: options hold for one episode


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"dealer": 4}, r"dealer=4 is not a seat of 'classic-4': seats run from 0 to 3"),
        ({"dealer": True}, r"dealer=True is not a seat"),
        ({"dealer": "0"}, r"dealer='0' is not a seat"),
        ([("dealer", 0)], r"options must be a dict, not list"),
    ],
)
def test_a_bad_dealer_is_refused_before_anything_changes(options: Any, message: str) -> None:
    env = BriscolaEnv("classic-4")
    env.reset(seed=8)
    before = env.game
    with pytest.raises(RulesError, match=message):
        env.reset(seed=9, options=options)
    assert env.game is before


def test_the_learning_seat_cannot_deal_where_the_dealer_sits_out() -> None:
    env = BriscolaEnv("bugiarda-5", seat=0)
    with pytest.raises(RulesError, match=r"in 'bugiarda-5' the dealer sits out"):
        env.reset(seed=1, options={"dealer": 0})
    env.reset(seed=1, options={"dealer": 2})
    assert env.game.dealer == 2
    assert 0 in env.rules.seats_for(2)


class _Relabelled(str):
    def __str__(self) -> str:
        return "human"


def test_a_choice_is_read_as_its_text_and_a_hostile_one_is_refused() -> None:
    env = BriscolaEnv("classic", render_mode=_Relabelled("ansi"))
    assert type(env.render_mode) is str
    assert env.render_mode == "ansi"
    with pytest.raises(RulesError, match="render_mode=<Hostile> is not valid"):
        BriscolaEnv("classic", render_mode=Hostile())  # type: ignore[arg-type]


def test_a_seat_may_be_an_int_subclass() -> None:
    env = BriscolaEnv("classic", seat=HostileInt(1))
    assert type(env.seat) is int
    assert env.seat == 1


def test_a_probability_is_honoured_even_for_an_action_that_is_not_legal() -> None:
    env = BriscolaEnv("classic")
    env.reset(seed=2)
    illegal = int(np.flatnonzero(env.action_masks() == 0)[0])
    probability = np.zeros(286)
    probability[illegal] = 1.0
    assert env.action_space.sample(probability=probability) == illegal


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_each_registered_id_makes_its_preset_behind_gymnasiums_checker(name: str) -> None:
    env = gymnasium.make(f"briscola/{name}-v0")
    assert env.unwrapped.rules == briscola.rules(name)  # type: ignore[arg-type]
    assert env.spec is not None
    assert env.spec.disable_env_checker is False


@pytest.mark.parametrize(
    ("variant", "opponents", "message"),
    [
        ("classic", "greedy", "opponents must be a callable from a View to a Move, or one"),
        ("classic", b"g", "opponents must be a callable from a View to a Move, or one"),
        ("classic", 5, "opponents must be a callable from a View to a Move, or one"),
        ("classic-3", [1, 2], "opponents: give one callable for each of the 2 other seats"),
        ("classic", [], "opponents: give one callable for the other seat$"),
        ("classic", [RandomPlayer()] * 2, "opponents: give one callable for the other seat$"),
        (
            "classic-3",
            [RandomPlayer(), RandomPlayer(), RandomPlayer()],
            "opponents: give one callable for each of the 2 other seats",
        ),
    ],
)
def test_opponents_that_are_not_one_callable_for_each_other_seat_are_refused(
    variant: str, opponents: Any, message: str
) -> None:
    with pytest.raises(RulesError, match=f"^{message}"):
        BriscolaEnv(variant, opponents=opponents)  # type: ignore[arg-type]


def test_one_callable_plays_every_seat_but_the_learning_one() -> None:
    player = RandomPlayer(seed=1)
    env = BriscolaEnv("classic-3", seat=1, opponents=player)
    assert env.opponents == [player, None, player]


def test_reset_takes_the_seed_zero() -> None:
    env = BriscolaEnv("classic")
    env.reset(seed=0)
    assert env.game.deck == new_game("classic", seed=0).deck


def test_a_deal_annulled_as_dealt_is_dealt_again_from_the_seed() -> None:
    """§2.5.6: a zero-point hand annuls the deal before the learning seat can act."""
    assert new_game("chiamata", seed=17, annul_zero_point_hand=True).phase is Phase.OVER
    env = BriscolaEnv("chiamata", annul_zero_point_hand=True)
    _, info = env.reset(seed=17)
    assert env.game.phase is not Phase.OVER
    assert env.game.turn == 0
    assert info["action_mask"].any()
    dealt = env.game
    env.reset(seed=17)
    assert env.game == dealt


def test_human_rendering_prints_the_table_after_reset_and_every_step(
    capsys: pytest.CaptureFixture[str],
) -> None:
    env = gymnasium.make("briscola/classic-v0", render_mode="human")
    _, info = env.reset(seed=1)
    table = env.unwrapped
    assert capsys.readouterr().out == render(table.game) + "\n"
    env.step(first_legal(info["action_mask"]))
    assert capsys.readouterr().out == render(table.game) + "\n"
    assert env.render() is None
    assert capsys.readouterr().out == render(table.game) + "\n"


def test_render_before_reset_has_no_table_to_show(capsys: pytest.CaptureFixture[str]) -> None:
    assert BriscolaEnv("classic", render_mode="ansi").render() == ""
    assert BriscolaEnv("classic", render_mode="human").render() is None
    assert BriscolaEnv("classic").render() is None
    assert capsys.readouterr().out == ""


def test_the_last_reward_is_a_float_and_a_finished_deal_says_to_reset() -> None:
    env = BriscolaEnv("classic")
    _, info = env.reset(seed=6)
    terminated = False
    reward = 0.0
    while not terminated:
        _, reward, terminated, _, info = env.step(first_legal(info["action_mask"]))
    assert type(reward) is float
    assert reward == briscola.score(env.game).deltas[0]
    with pytest.raises(
        IllegalMoveError, match=r"^the deal is over: call reset\(\) to deal again$"
    ):
        env.step(first_legal(info["action_mask"]))


def test_the_action_space_pickles_without_the_environment() -> None:
    """A lambda opponent keeps the environment from pickling; its action space still does."""
    env = BriscolaEnv("classic", opponents=lambda view: view.legal_moves[0])
    env.reset(seed=2)
    assert pickle.loads(pickle.dumps(env.action_space)) == env.action_space


def test_a_bad_dealer_keeps_the_seeded_stream_of_episodes() -> None:
    env, twin = BriscolaEnv("classic-4"), BriscolaEnv("classic-4")
    env.reset(seed=1)
    twin.reset(seed=1)
    with pytest.raises(RulesError, match="dealer=7 is not a seat"):
        env.reset(seed=9, options={"dealer": 7})
    for _ in range(3):
        env.reset()
        twin.reset()
        assert env.game == twin.game
