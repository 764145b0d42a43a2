"""A Gymnasium environment: one learning seat against players.

`BriscolaEnv(variant, seat=0, opponents=None, **options)` plays one deal per episode. The
learning seat acts through the action indices of `briscola.encoding` (`Discrete`); every
other seat is played by an opponent, any callable from a `View` to a `Move` (the players
of `briscola.players`, by default a `RandomPlayer` each). The observation is the vector of
`briscola.encoding.observation` for the learning seat; the legal actions are in
``info["action_mask"]`` and `BriscolaEnv.action_masks` (the method maskable agents call).
The reward is the seat's game points for the deal (`Score.deltas`), given at its end, 0
for a void deal; a deal ends the episode (``terminated``).

``reset(seed=s)`` deals ``new_game(variant, seed=s)`` (Gymnasium takes seeds of 0 or more)
and reseeds the opponents that have ``with_seed`` (the players of `briscola.players`) from
``s``, so a seed replays a whole episode; ``reset(options={"dealer": d})`` picks the
dealer. A deal that ends before the learning seat ever acts (one annulled as dealt) is dealt
again from the environment's generator. An action that is not legal changes nothing
(``info["illegal_action"]`` is true) unless the environment was made with
``illegal_action="raise"``.

Importing this module registers ``briscola/<preset>-v0`` for every preset
(``gymnasium.make("briscola/classic-v0")``), taking the same keyword arguments.

Needs ``pip install 'briscola[gymnasium]'``.

Examples:
    >>> import gymnasium
    >>> import briscola.envs.gymnasium
    >>> env = gymnasium.make("briscola/classic-v0")
    >>> obs, info = env.reset(seed=3)
    >>> obs.shape, info["action_mask"].sum() > 0
    ((303,), np.True_)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeAlias

from .._deal import derived_seed
from .._quote import quote, reason
from ..errors import _FOREIGN, IllegalMoveError, InvalidMoveError, RulesError
from ..game import new_game
from ..moves import Move
from ..players import RandomPlayer, refuse_class, reseeded
from ..render import render
from ..rules import VARIANTS, Rules, VariantId, check_seat, rules
from ..scoring import score
from ..state import Phase, State
from ..views import View, observe
from ._common import (
    as_seat,
    as_seed,
    check_choice,
    check_render_mode,
    dealer_option,
    no_deal,
    require,
)

require("gymnasium", "gymnasium")
require("numpy", "gymnasium")

import gymnasium  # noqa: E402
import numpy as np  # noqa: E402
import numpy.typing as npt  # noqa: E402

from .. import encoding  # noqa: E402

__all__ = ["ENV_IDS", "BriscolaEnv", "LegalActions", "Opponent"]

Opponent: TypeAlias = Callable[[View], Move]
"""A player of the other seats: a callable from its `View` to a legal `Move`."""

ENV_IDS: tuple[str, ...] = tuple(f"briscola/{name}-v0" for name in sorted(VARIANTS))
"""The registered environment ids, one per preset."""

_SEED_SPAN = 2**63


class LegalActions(gymnasium.spaces.Discrete):
    """`Discrete(NUM_ACTIONS)` whose `sample` without a mask draws a legal action.

    Generic tools (Gymnasium's environment checker, random baselines) sample actions from
    the action space; sampling only legal ones lets them play real deals. Once the deal is
    over no action is legal, and `sample` draws from all of them, as `Discrete` does.

    The space reads the mask from its environment, so a copy or a pickle of the space
    alone is a plain `Discrete` with the same random state, which needs no environment. A
    copy or a pickle of the whole `BriscolaEnv` keeps a `LegalActions` that reads the
    copy's mask.

    Args:
        mask_of: Returns the current action mask.
    """

    def __init__(self, mask_of: Callable[[], npt.NDArray[np.int8]]) -> None:
        super().__init__(encoding.NUM_ACTIONS)
        self._mask_of = mask_of

    def sample(
        self,
        mask: npt.NDArray[np.int8] | None = None,
        probability: npt.NDArray[np.int8] | None = None,
    ) -> np.int64:
        """A random action: a legal one unless ``mask`` or ``probability`` is given, or
        the deal is over (then any action).

        Raises:
            RulesError: ``mask`` or ``probability`` is not what `Discrete.sample` takes (a
                numpy ``int8`` array of zeros and ones, or a numpy ``float64`` array of
                probabilities that sum to 1, one value per action), or both are given.
        """
        if mask is not None and probability is not None:
            raise RulesError("sample() takes a mask or a probability, not both")
        if mask is None and probability is None:
            current = self._mask_of()
            if current.any():
                mask = current
        try:
            return super().sample(mask=mask, probability=probability)
        except _FOREIGN as error:  # Gymnasium checks the arrays with assertions
            if probability is not None:
                wanted = f"a probability: a numpy float64 array of {self.n} values summing to 1"
            else:
                wanted = f"a mask: a numpy int8 array of {self.n} zeros and ones"
            raise RulesError(f"sample() takes {wanted}: {reason(error)}") from None

    def __reduce__(self) -> tuple[Any, ...]:
        state = {k: v for k, v in vars(self).items() if k != "_mask_of"}
        return (gymnasium.spaces.Discrete, (self.n,), state)


class BriscolaEnv(gymnasium.Env[npt.NDArray[np.float32], np.int64]):
    """One deal of ``variant`` seen from the learning ``seat``.

    Args:
        variant: A preset name or a `Rules`.
        seat: The learning seat (not one that sits out the deal).
        opponents: One callable for every other seat (in seat order, the learning seat
            left out), or one callable for all of them; ``None`` plays each with a
            `briscola.players.RandomPlayer`.
        render_mode: ``"ansi"`` (`render` returns the table as text) or ``"human"``
            (prints it).
        illegal_action: What an action that is not legal does: ``"ignore"`` (nothing
            changes, the reward is 0 and ``info["illegal_action"]`` is true, so that generic
            tools and unmasked agents can run) or ``"raise"`` (`IllegalMoveError`).
        **options: Table rules, as for `briscola.rules`.

    Raises:
        RulesError: for a bad variant, option, seat, render mode or opponents.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        variant: VariantId | Rules = "classic",
        *,
        seat: int = 0,
        opponents: Opponent | Sequence[Opponent] | None = None,
        render_mode: str | None = None,
        illegal_action: str = "ignore",
        **options: Any,
    ) -> None:
        self.rules: Rules = rules(variant, **options)
        self.illegal_action: str = check_choice(
            "illegal_action", illegal_action, ("ignore", "raise")
        )
        r = self.rules
        seats = r.seats_for(r.players - 1)
        number = as_seat(seat, seats)
        if number is None:
            raise RulesError(
                f"seat={quote(seat)} is not valid: use a seat that plays in {r.variant!r} "
                f"({', '.join(map(str, sorted(seats)))})"
            )
        self.seat = number
        self.render_mode: str | None = check_render_mode(render_mode)
        self.opponents: list[Opponent | None] = self._opponents(opponents)
        self._players: list[Opponent | None] = list(self.opponents)
        shape = encoding.observation_shape(r)
        self.observation_space = gymnasium.spaces.Box(0.0, 1.0, shape, dtype=np.float32)
        self.action_space = LegalActions(self.action_masks)
        self._tracker: encoding.Tracker | None = None

    def _opponents(self, opponents: Opponent | Sequence[Opponent] | None) -> list[Opponent | None]:
        n = self.rules.players
        if opponents is None:
            return [None if s == self.seat else RandomPlayer(seed=s) for s in range(n)]
        if callable(opponents):
            refuse_class(opponents, "opponents must be players")
            return [None if s == self.seat else opponents for s in range(n)]
        if isinstance(opponents, str | bytes) or not isinstance(opponents, Sequence):
            raise RulesError(
                "opponents must be a callable from a View to a Move, or one for each other seat"
            )
        listed = list(opponents)
        if len(listed) != n - 1 or not all(callable(p) for p in listed):
            others = "the other seat" if n == 2 else f"each of the {n - 1} other seats"
            raise RulesError(f"opponents: give one callable for {others}")
        for player in listed:
            refuse_class(player, "opponents must be players")
        players: list[Opponent | None] = []
        for s in range(n):
            players.append(None if s == self.seat else listed.pop(0))
        return players

    def __setstate__(self, state: dict[str, Any]) -> None:
        # The copy's `LegalActions` came back as a plain `Discrete` (see there): give it
        # back the space that reads this copy's mask, with the random state it had.
        vars(self).update(state)
        plain = self.action_space
        if type(plain) is gymnasium.spaces.Discrete:
            space = LegalActions(self.action_masks)
            vars(space).update(vars(plain))
            self.action_space = space

    @property
    def game(self) -> State:
        """The current `State` of the deal (the referee's picture, hidden cards included)."""
        if self._tracker is None:
            raise no_deal()
        return self._tracker.state

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Deal a new game (``new_game(variant, seed=seed, dealer=dealer)`` when ``seed``
        is given) and let the opponents play up to the learning seat's first turn.

        ``options`` may hold ``"dealer"``, the dealer's seat for this episode (by default
        the last seat, as in `new_game`); other keys are ignored. Where the dealer sits out
        the deal (``bugiarda-5``), the learning seat cannot deal.

        An opponent that fails (chooses a move that is not legal, or raises) leaves the
        environment as it was before the call: its deal, its opponents and its
        `np_random`, so the next unseeded `reset` deals what it would have dealt.

        Raises:
            RulesError: for a seed that is not a whole number of 0 or more, a bad dealer,
                ``options`` that is not a dict, or an opponent whose ``with_seed`` does not
                return a player.
            IllegalMoveError: if an opponent chooses a move that is not legal, naming it.
        """
        seed = as_seed(seed)
        if seed is not None and seed < 0:
            raise RulesError(
                f"seed={quote(seed)} is not valid: Gymnasium needs a seed of 0 or more, or None"
            )
        dealer = self._dealer(options)
        # Kept with the deal so that a failed reset leaves the seeded stream of episodes
        # as it was: `super().reset` may replace the generator, `integers` advances it.
        rng, rng_seed = self._np_random, self._np_random_seed
        rng_state = None if rng is None else dict(rng.bit_generator.state)
        kept = self._tracker, self._players
        super().reset(seed=seed)
        deal_seed = seed
        try:
            while True:
                if deal_seed is None:
                    deal_seed = int(self.np_random.integers(_SEED_SPAN))
                # One unrelated stream per seat and deal: with `deal_seed + s`, seat 2 of
                # one episode would replay seat 1 of the next seed's.
                self._players = [
                    _reseeded(p, derived_seed("gymnasium/opponent", deal_seed, s))
                    for s, p in enumerate(self.opponents)
                ]
                deal = new_game(self.rules, seed=deal_seed, dealer=dealer)
                self._tracker = encoding.Tracker(deal)
                self._advance()
                if self.game.phase is not Phase.OVER:
                    break
                deal_seed = None  # over before the learning seat acted: deal again
        except BaseException:
            self._tracker, self._players = kept
            self._np_random, self._np_random_seed = rng, rng_seed
            if rng is not None and rng_state is not None:
                rng.bit_generator.state = rng_state
            raise
        if self.render_mode == "human":
            self.render()
        return self._observation(), self._info()

    def _dealer(self, options: dict[str, Any] | None) -> int:
        """The dealer that ``reset``'s ``options`` ask for, checked before anything changes."""
        r = self.rules
        dealer = dealer_option(options)
        if dealer is None:
            return r.players - 1
        number = check_seat(r, dealer, "dealer")
        if self.seat not in r.seats_for(number):
            raise RulesError(
                f"dealer={number} is not valid here: in {r.variant!r} the dealer sits out, "
                f"and seat {self.seat} is the learning seat"
            )
        return number

    def step(
        self, action: int | np.integer[Any]
    ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        """Play the move with index ``action`` for the learning seat, then the opponents'
        moves up to its next turn or the end of the deal.

        An opponent that fails (chooses a move that is not legal, or raises) leaves the
        deal as it was before the call, the learning seat's move undone.

        Raises:
            IllegalMoveError: if the deal is over, (with ``illegal_action="raise"``) the
                action is not legal now, or an opponent chooses a move that is not legal.
            InvalidMoveError: if ``action`` is not a whole number.
            InvalidStateError: before the first `reset`.
        """
        tracker = self._tracker
        if tracker is None:
            raise no_deal()
        state = tracker.state
        if state.turn != self.seat:
            raise IllegalMoveError("the deal is over: call reset() to deal again")
        try:
            move = encoding.action_move(action, state)
        except IllegalMoveError:
            if self.illegal_action == "raise":
                raise
            info = self._info()
            info["illegal_action"] = True
            return self._observation(), 0.0, False, False, info
        tracker.apply(move)
        try:
            self._advance()
        except BaseException:
            self._tracker = encoding.Tracker(state)  # the deal as it was before this step
            raise
        state = tracker.state
        over = state.phase is Phase.OVER
        reward = float(score(state).deltas[self.seat]) if over else 0.0
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, over, False, self._info()

    def _advance(self) -> None:
        tracker = self._tracker
        assert tracker is not None
        state = tracker.state
        while state.turn is not None and state.turn != self.seat:
            seat = state.turn
            player = self._players[seat]
            assert player is not None
            move = player(observe(state, seat))
            try:  # applying checks the move: a refusal is worded as the opponent's
                state = tracker.apply(move)
            except (IllegalMoveError, InvalidMoveError):
                raise IllegalMoveError(
                    f"the opponent at seat {seat} ({quote(player, 60)}) chose "
                    f"{quote(move, 60)}, which is not one of its legal moves"
                ) from None

    def _observation(self) -> npt.NDArray[np.float32]:
        assert self._tracker is not None
        return self._tracker.observation(self.seat)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks()}

    def action_masks(self) -> npt.NDArray[np.int8]:
        """The learning seat's action mask (``int8``; all zeros once the deal is over)."""
        tracker = self._tracker
        if tracker is None or tracker.state.turn != self.seat:
            return np.zeros(encoding.NUM_ACTIONS, dtype=np.int8)
        return tracker.action_mask()

    def render(self) -> str | None:
        """The whole table as text: returned for ``"ansi"``, printed for ``"human"``."""
        if self._tracker is None:
            return "" if self.render_mode == "ansi" else None
        text = render(self._tracker.state)
        if self.render_mode == "ansi":
            return text
        if self.render_mode == "human":
            print(text)
        return None


def _reseeded(player: Opponent | None, seed: int) -> Opponent | None:
    """``player`` seeded for one episode when it can be (``with_seed``), else itself."""
    fresh = reseeded(player, seed, f"the opponent {quote(player, 60)}")
    return player if fresh is None else fresh


def _register() -> None:
    registered = gymnasium.envs.registry
    for name, env_id in zip(sorted(VARIANTS), ENV_IDS, strict=True):
        if env_id not in registered:
            gymnasium.register(
                id=env_id,
                entry_point="briscola.envs.gymnasium:BriscolaEnv",
                kwargs={"variant": name},
                disable_env_checker=False,
            )


_register()
