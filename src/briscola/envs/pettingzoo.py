"""A PettingZoo AEC environment: every seat of a deal is an agent.

``env(variant, **options)`` (wrapped the usual PettingZoo way) and ``raw_env(variant,
**options)`` take a preset name or a `Rules` and any table rules. Agents are named
``player_<seat>``; a seat that sits out the deal (``bugiarda-5``) is not an agent. An
agent's observation is a dict: ``"observation"``, the vector of `briscola.encoding.observation`
of its view, and ``"action_mask"``, the ``int8`` mask of `briscola.encoding.action_mask`.
Actions are the indices of `briscola.encoding` (`Discrete(NUM_ACTIONS)`).

A seat may act several times in a row (a swap or a claim before its play, the caller
naming the trump right after the auction): `agent_selection` simply stays on it. Rewards
are the deal's game points (`Score.deltas`), given when the deal ends; a void deal ends
with zero rewards. ``reset(seed=s)`` deals exactly ``new_game(variant, seed=s)``, and
the unseeded resets after it deal from seeds derived from ``s``, so a run seeded once
repeats; ``reset(options={"dealer": d})`` picks the dealer. ``state()`` is the whole table for a
critic that sees every seat: every seat's observation vector, in seat order.

`env` wraps the environment in PettingZoo's ``OrderEnforcingWrapper``, made to raise the
raw environment's own `briscola.errors` errors where PettingZoo's would raise an assertion
(a call before ``reset()``, a loop over ``agent_iter()`` that does not step) or a
``KeyError`` (``last()`` once every agent has left). It leaves out PettingZoo's
``AssertOutOfBoundsWrapper``: the raw environment already refuses every action outside the
action space with a `briscola.errors` error.

Needs ``pip install 'briscola[pettingzoo]'``.

Examples:
    >>> from briscola.envs.pettingzoo import env
    >>> table = env("classic")
    >>> table.reset(seed=1)
    >>> for agent in table.agent_iter():
    ...     obs, reward, terminated, truncated, info = table.last()
    ...     action = None if terminated else table.action_space(agent).sample(obs["action_mask"])
    ...     table.step(action)
    >>> table.close()
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, TypeAlias

from .._deal import derived_seed
from .._numbers import whole_number
from .._quote import quote
from ..errors import IllegalMoveError, InvalidStateError, RulesError
from ..game import new_game
from ..render import render
from ..rules import Rules, VariantId, check_flag, rules
from ..scoring import score
from ..state import Phase, State
from ._common import as_seed, check_render_mode, dealer_option, no_deal, require

require("pettingzoo", "pettingzoo")
_np = require("numpy", "pettingzoo")

import gymnasium  # noqa: E402
from pettingzoo import AECEnv  # noqa: E402
from pettingzoo.utils import wrappers  # noqa: E402
from pettingzoo.utils.env import AECIterable, AECIterator  # noqa: E402

from .. import encoding  # noqa: E402

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

# Agents are named by text, observe() gives a dict and step() takes an action index.
_Env: TypeAlias = AECEnv[str, dict[str, Any], "int | None"]
_Wrapped: TypeAlias = wrappers.OrderEnforcingWrapper[str, dict[str, Any], "int | None"]

__all__ = ["env", "raw_env"]


def _agent(seat: int) -> str:
    return f"player_{seat}"


_EVERYONE_LEFT: Final = "the deal is over and every agent has left it: call reset() to deal again"


class raw_env(_Env):
    """The unwrapped AEC environment of one deal of ``variant``.

    Args:
        variant: A preset name (``"classic"``) or a `Rules`.
        render_mode: ``"human"`` (print the table) or ``"ansi"`` (return it as text).
        **options: Table rules, as for `briscola.rules`.

    Raises:
        RulesError: for an unknown preset, an unknown table rule or a bad value of one, or
            an unknown ``render_mode``.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - the attribute PettingZoo reads
        "render_modes": ["human", "ansi"],
        "name": "briscola_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        variant: VariantId | Rules = "classic",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self.rules: Rules = rules(variant, **options)
        self.render_mode: str | None = check_render_mode(render_mode)
        n = self.rules.players
        self.possible_agents: list[str] = [_agent(seat) for seat in range(n)]
        self._seat_of = {_agent(seat): seat for seat in range(n)}
        self._zero_mask = _np.zeros(encoding.NUM_ACTIONS, dtype=_np.int8)
        shape = encoding.observation_shape(self.rules)
        self.observation_spaces = {
            agent: gymnasium.spaces.Dict(
                {
                    "observation": gymnasium.spaces.Box(0.0, 1.0, shape, dtype=_np.float32),
                    "action_mask": gymnasium.spaces.Box(
                        0, 1, (encoding.NUM_ACTIONS,), dtype=_np.int8
                    ),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: gymnasium.spaces.Discrete(encoding.NUM_ACTIONS)
            for agent in self.possible_agents
        }
        self.state_space = gymnasium.spaces.Box(0.0, 1.0, (n * shape[0],), dtype=_np.float32)
        self._tracker: encoding.Tracker | None = None
        # The last reset seed and the unseeded resets since: what the next reset() deals.
        self._seeded: tuple[int, int] | None = None

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The observation space of ``agent`` (the same object every time).

        Raises:
            RulesError: if ``agent`` is not one of `possible_agents`.
        """
        return self.observation_spaces[self._agent_name(agent)]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The action space of ``agent``: the indices of `briscola.encoding`.

        Raises:
            RulesError: if ``agent`` is not one of `possible_agents`.
        """
        return self.action_spaces[self._agent_name(agent)]

    def _agent_name(self, agent: object) -> str:
        if type(agent) is not str or agent not in self._seat_of:
            raise RulesError(
                f"{quote(agent)} is not an agent of this game: use one of "
                f"{', '.join(self.possible_agents)}"
            )
        return agent

    @property
    def game(self) -> State:
        """The current `State` of the deal (the referee's picture, hidden cards included)."""
        if self._tracker is None:
            raise no_deal()
        return self._tracker.state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game: exactly ``new_game(variant, seed=seed)``.

        Without a seed, the k-th reset after ``reset(seed=s)`` deals from a seed drawn
        from ``s`` and ``k`` with SHA-256, so a run seeded once repeats; before any seed,
        it deals from fresh entropy.

        ``options`` may hold ``"dealer"``; other keys are ignored.

        Raises:
            RulesError: for a bad seed, dealer or ``options`` that is not a dict.
        """
        dealer = dealer_option(options)
        seed = as_seed(seed)
        if seed is not None:
            seeded: tuple[int, int] | None = seed, 0
        elif self._seeded is not None:
            first, count = self._seeded
            seeded = first, count + 1
            seed = derived_seed("pettingzoo/reset", first, count + 1)
        else:
            seeded = None
        state = new_game(self.rules, seed=seed, dealer=dealer)
        self._seeded = seeded
        self._tracker = encoding.Tracker(state)
        self.agents: list[str] = [_agent(seat) for seat in self.rules.seats_for(state.dealer)]
        self.rewards: dict[str, float] = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations: dict[str, bool] = dict.fromkeys(self.agents, False)
        self.truncations: dict[str, bool] = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        if state.phase is Phase.OVER:  # a deal void as dealt
            self._finish(state)
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = _agent(state.turn)  # type: ignore[arg-type]

    def observe(self, agent: str) -> dict[str, Any]:
        """What ``agent`` observes: its observation vector and its action mask.

        Raises:
            InvalidStateError: before the first `reset`.
            RulesError: ``agent`` is not one of `possible_agents`.
        """
        tracker = self._tracker
        if tracker is None:
            raise no_deal()
        return self._observe(tracker, self._seat_of[self._agent_name(agent)])

    def _observe(self, tracker: encoding.Tracker, seat: int) -> dict[str, Any]:
        mask = tracker.action_mask() if tracker._state._turn == seat else self._zero_mask.copy()
        return {"observation": tracker.observation(seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Play the move with action index ``action`` for the agent to act.

        An agent whose deal is over steps with ``None`` to leave, as in PettingZoo's dead
        steps.

        Raises:
            IllegalMoveError: if the action is not legal for that agent now (an agent whose
                deal is over may only leave, and once every agent has left there is nothing
                to step).
            InvalidMoveError: if ``action`` is not a whole number.
            InvalidStateError: before the first `reset`.
        """
        tracker = self._tracker
        if tracker is None:
            raise no_deal()
        agent = self.agent_selection
        # An agent missing from terminations has left the deal: _dead_step explains.
        if self.terminations.get(agent, True) or self.truncations[agent]:
            self._dead_step(agent, action)
            return
        if action is None:
            raise IllegalMoveError(f"{agent} is to act and must choose an action, not None")
        # An index in range names its move outright, and applying it checks that it is
        # legal; anything else, or a refused move, goes through action_move, which checks
        # and explains in terms of the action.
        if type(action) is not int and isinstance(action, _np.integer):
            action = int(action)
        if type(action) is int and 0 <= action < encoding.NUM_ACTIONS:
            try:
                state = tracker.apply(encoding.ACTION_MOVES[action])
            except IllegalMoveError:
                encoding.action_move(action, tracker.state)
                raise
        else:
            state = tracker.apply(encoding.action_move(action, tracker.state))
        # PettingZoo's reward helpers loop over the agents at every step; here every reward
        # is 0 until the deal ends, so only the last step has rewards to give.
        turn = state._turn  # None once the deal is over
        if turn is None:
            self._finish(state)
        else:
            self.agent_selection = self.possible_agents[turn]
        if self.render_mode == "human":
            self.render()

    def _dead_step(self, agent: str, action: object) -> None:
        if agent not in self.terminations:
            raise IllegalMoveError(_EVERYONE_LEFT)
        if action is not None:
            raise IllegalMoveError(
                f"the deal is over for {agent}: step with None to leave it, not {quote(action)}"
            )
        self._was_dead_step(None)

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The observation (``None`` when ``observe`` is false), cumulative reward,
        termination, truncation and info of the agent to act.

        Raises:
            InvalidStateError: before the first `reset`, or once every agent has left.
            RulesError: if ``observe`` is not ``True`` or ``False``.
        """
        check_flag(observe, "observe")
        tracker = self._tracker
        if tracker is None:
            raise no_deal()
        agent = self.agent_selection
        if agent not in self.terminations:
            raise InvalidStateError(_EVERYONE_LEFT)
        return (
            self._observe(tracker, self._seat_of[agent]) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def state(self) -> npt.NDArray[np.float32]:
        """The whole table as one ``float32`` vector, in `state_space`, for a critic that
        sees every seat: the observation vector of each seat, seat 0 first, one after
        another (a seat that sits out the deal included). It holds every hand; the order
        of the stock, which no seat sees, is not in it.

        Raises:
            InvalidStateError: before the first `reset`.
        """
        tracker = self._tracker
        if tracker is None:
            raise no_deal()
        seats = range(self.rules.players)
        table: npt.NDArray[np.float32] = _np.concatenate([tracker.observation(s) for s in seats])
        return table

    def agent_iter(self, max_iter: int = 2**63) -> AECIterable[str, Any, Any]:
        """The agent to act, step after step, until every agent has left or ``max_iter``
        agents have been given.

        Raises:
            InvalidStateError: before the first `reset`.
            RulesError: if ``max_iter`` is not a whole number from 0.
        """
        if self._tracker is None:
            raise no_deal()
        return super().agent_iter(_max_iter(max_iter))

    def _finish(self, state: State) -> None:
        """End the deal: each agent's reward, and its cumulative reward (0 until now), are
        its game points."""
        deltas = score(state).deltas
        for agent in self.agents:
            delta = deltas[self._seat_of[agent]]
            self.rewards[agent] = float(delta)  # a float, as Gymnasium's rewards
            self._cumulative_rewards[agent] = float(delta)
            self.terminations[agent] = True
        if state.turn is None and self.agents:
            self.agent_selection = self.agents[0]

    def render(self) -> str | None:
        """The whole table as text: printed for ``"human"``, returned for ``"ansi"``."""
        if self._tracker is None:
            return None if self.render_mode != "ansi" else ""
        text = render(self._tracker.state)
        if self.render_mode == "ansi":
            return text
        if self.render_mode == "human":
            print(text)
        return None

    def close(self) -> None:
        """Nothing to release."""


def _max_iter(value: object) -> int:
    number = whole_number(value)
    if number is None or number < 0:
        raise RulesError(f"max_iter={quote(value)} is not valid: use a whole number from 0")
    return number


class _OrderEnforcing(_Wrapped):
    """PettingZoo's wrapper that keeps calls in order, with the raw environment's errors.

    The raw environment already refuses, with a `briscola.errors` error, every call made
    before ``reset()`` or after every agent has left; the calls go straight to it, where
    PettingZoo's wrapper would raise an assertion or look an agent up that is gone.
    """

    def step(self, action: Any) -> None:
        self._has_updated = True
        self.env.step(action)

    def observe(self, agent: str) -> Any:
        return self.env.observe(agent)

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        return self.env.last(observe)  # type: ignore[no-any-return]

    def state(self) -> Any:
        return self.env.state()

    def render(self) -> Any:
        return self.env.render()

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        self.env.agent_iter(max_iter)  # refuses a call before reset() and a bad max_iter
        self._has_updated = True  # a new loop: what an earlier one left undone is not its fault
        return _InOrder(self, _max_iter(max_iter))

    def __str__(self) -> str:
        return str(self.env)  # as PettingZoo's own wrapper prints: the environment's name


class _InOrder(AECIterable):
    def __iter__(self) -> _InOrderIterator:
        return _InOrderIterator(self.env, self.max_iter)


class _InOrderIterator(AECIterator):
    def __next__(self) -> str:
        agent: str = super().__next__()  # stops first when the loop is done
        env: _OrderEnforcing = self.env
        if not env._has_updated:
            raise InvalidStateError(
                "step() the agent that agent_iter() gave before asking for the next one"
            )
        env._has_updated = False
        return agent


def env(
    variant: VariantId | Rules = "classic", render_mode: str | None = None, **options: Any
) -> _Wrapped:
    """The environment of ``variant`` in PettingZoo's ``OrderEnforcingWrapper``, raising
    the raw environment's errors; see `raw_env` for the arguments.

    Raises:
        RulesError: for an unknown preset, an unknown table rule or a bad value of one, or
            an unknown ``render_mode``.
    """
    return _OrderEnforcing(raw_env(variant, render_mode=render_mode, **options))
