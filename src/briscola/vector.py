"""A batched engine: many deals of the classic family played in lock step with numpy.

`VectorGame` holds ``N`` deals of one preset of the classic family (``classic``,
``classic-3``, ``classic-4``, ``classic-6``, with the default table rules) as numpy arrays
and plays one card in every deal per `VectorGame.step`. In these games every deal has the
same shape: the same number of moves, the same hand sizes at the same moment and the same
draws after the same tricks, so the deals stay in lock step and one step is a handful of
array operations over all of them.

Actions are card ids (0–39), which are also the indices of the ``Play`` moves in
`briscola.encoding`'s action space. `VectorGame.legal_mask` gives the legal cards of the
seat to act in each deal, `VectorGame.observations` the observation vectors laid out as
`briscola.encoding.observation` lays out the view of that seat, and
`VectorGame.rewards` the game points of each seat once the deals are over.

The deals are those of `briscola.new_game`: for the same deck, trick winners, card points,
scores and final states equal the scalar engine's move for move. Decks are given by the
caller (rows of card ids, top card first, as ``new_game``'s ``deck``) or drawn by
`shuffled_decks` from a seed.

This module needs numpy: ``pip install 'briscola[rl]'``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ._quote import quote
from .encoding import NUM_ACTIONS, observation_layout, observation_shape
from .errors import IllegalMoveError, RulesError
from .rules import VARIANTS, Rules
from .state import Phase

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["SUPPORTED", "VectorGame", "shuffled_decks"]

SUPPORTED: Final = ("classic", "classic-3", "classic-4", "classic-6")
"""The presets `VectorGame` plays, each with its default table rules."""

_PHASE_PLAY: Final = tuple(Phase).index(Phase.PLAY)  # one-hot positions in observations
_PHASE_OVER: Final = tuple(Phase).index(Phase.OVER)


def _numpy() -> Any:
    try:
        import numpy
    except ImportError:  # pragma: no cover - exercised only without the extra
        raise ImportError("briscola.vector needs numpy: pip install 'briscola[rl]'") from None
    return numpy


def _rules_of(variant: str | Rules) -> Rules:
    """The preset's `Rules`, refusing anything but the classic family with default rules."""
    supported = ", ".join(repr(name) for name in SUPPORTED)
    if isinstance(variant, Rules):
        for name in SUPPORTED:
            if variant == VARIANTS[name]:
                return variant
        raise RulesError(
            f"the batched engine plays only {supported} with the default table rules, "
            f"not {variant.variant!r} with these options"
        )
    if isinstance(variant, str) and variant in SUPPORTED:
        return VARIANTS[variant]
    shown = repr(variant) if isinstance(variant, str) else type(variant).__name__
    raise RulesError(f"the batched engine plays only {supported}, not {shown:.40}")


def shuffled_decks(
    variant: str | Rules, count: int, seed: int | None = None
) -> npt.NDArray[np.int8]:
    """``count`` shuffled decks of the preset, one per row, as card ids, top card first.

    The shuffle: ``numpy.random.default_rng(seed)`` shuffles every row of the preset's
    cards, in card-id order, independently with ``Generator.permuted(..., axis=1)``, a
    Fisher–Yates shuffle per row, so every ordering is equally likely. The same seed gives
    the same decks with the same numpy version (numpy keeps its generators' streams
    stable). These decks are not those ``new_game(variant, seed=...)`` deals, which use the
    library's own shuffle; give a row to ``new_game(variant, deck=...)`` (as cards, through
    `briscola.Card.from_id`) to play the same deal with the scalar engine.

    Args:
        variant: ``"classic"``, ``"classic-3"``, ``"classic-4"`` or ``"classic-6"``.
        count: How many decks.
        seed: Seeds the generator; ``None`` draws from the operating system's entropy.

    Raises:
        RulesError: for another preset, a negative count or a seed that is not a whole
            number.
    """
    np = _numpy()
    r = _rules_of(variant)
    if type(count) is not int or count < 0:
        raise RulesError(f"count={quote(count)} is not valid: use a whole number, 0 or more")
    if seed is not None and type(seed) is not int:
        raise RulesError(f"seed={quote(seed)} is not valid: use a whole number or None")
    rng = np.random.default_rng(seed)
    cards = np.array([card.id for card in r.deck], dtype=np.int8)
    return rng.permuted(np.tile(cards, (count, 1)), axis=1)  # type: ignore[no-any-return]


class VectorGame:
    """``N`` deals of one classic-family preset, played in lock step.

    Args:
        variant: ``"classic"``, ``"classic-3"``, ``"classic-4"`` or ``"classic-6"`` (or
            its `Rules` with the default table rules).
        decks: The decks, one row per deal, as card ids top card first (any integer
            array-like of shape ``(N, cards)``); each row is dealt as
            ``new_game(variant, deck=...)`` deals it. Give either ``decks`` or ``count``.
        count: How many deals to shuffle with `shuffled_decks` from ``seed``.
        seed: The seed of `shuffled_decks` when ``decks`` is not given.

    Raises:
        RulesError: for another preset or options, or decks that are not the preset's.

    Examples:
        >>> import numpy
        >>> rng = numpy.random.default_rng(1)
        >>> game = VectorGame("classic", count=3, seed=7)
        >>> while not game.done:
        ...     game.step(game.random_actions(rng))
        >>> game.scores().sum(axis=1).tolist()  # zero-sum game points
        [0, 0, 0]
    """

    decks: npt.NDArray[np.int8]
    """The decks as dealt, one row per deal (card ids, top card first)."""
    _trick: list[npt.NDArray[np.intp]]

    def __init__(
        self,
        variant: str | Rules = "classic",
        *,
        decks: npt.ArrayLike | None = None,
        count: int | None = None,
        seed: int | None = None,
    ) -> None:
        np = _numpy()
        r = _rules_of(variant)
        self.rules: Rules = r
        """The preset's rules."""
        n = r.players
        self.players: int = n
        """Seats at each table."""
        self._np = np
        self._offsets: dict[str, int] | None = None
        if decks is None:
            if count is None:
                raise RulesError("give the decks, or a count of deals to shuffle")
            checked = shuffled_decks(r, count, seed)
        elif count is not None:
            raise RulesError("give the decks or a count of deals, not both")
        else:
            checked = self._check_decks(decks)
        if checked.shape[0] == 0:
            raise RulesError("a batch needs at least one deal")
        self.decks = checked
        self._points_of = np.array(r.card_points, dtype=np.int16)
        self._suit_of = np.arange(40, dtype=np.intp) // 10
        self._strength = np.array(r.strength, dtype=np.intp)
        self._deal()

    def _check_decks(self, decks: npt.ArrayLike) -> npt.NDArray[np.int8]:
        np = self._np
        r = self.rules
        try:
            array = np.asarray(decks)
        except (ValueError, TypeError):
            raise RulesError("decks must be an array of card ids, one row per deal") from None
        size = len(r.deck)
        if array.ndim != 2 or array.shape[1] != size:
            raise RulesError(
                f"decks must have one row of {size} card ids per deal, not shape "
                f"{quote(tuple(array.shape))}"
            )
        if not np.issubdtype(array.dtype, np.integer):
            raise RulesError(f"decks must hold card ids (whole numbers), not {array.dtype}")
        # A row of `size` ids from 0 to 39 whose bits cover exactly the preset's `size`
        # cards holds each of them once.
        inside = ((array >= 0) & (array < 40)).all(axis=1)
        bits = np.left_shift(np.int64(1), np.clip(array, 0, 39).astype(np.int64))
        covered = np.bitwise_or.reduce(bits, axis=1)
        expected = sum(1 << card.id for card in r.deck)
        wrong = np.nonzero(~inside | (covered != expected))[0]
        if wrong.size:
            raise RulesError(
                f"deck {int(wrong[0])} is not a deck of {r.variant!r}: each row must hold "
                f"every card id of the preset exactly once ({size} cards)"
            )
        return array.astype(np.int8)  # type: ignore[no-any-return]

    # --- dealing ---------------------------------------------------------------------------
    #
    # The per-card and per-slot arrays are kept flat, one deal after another, so that every
    # update is a one-dimensional gather or scatter with precomputed row offsets: numpy's
    # cheapest kind of fancy indexing. The documented 2-D shapes are views of them.

    def _deal(self) -> None:
        np = self._np
        r = self.rules
        n = self.players
        decks = self.decks
        count = decks.shape[0]
        size = hand_size = r.hand_size
        dealt = n * hand_size
        rows = np.arange(count, dtype=np.intp)
        self._rows = rows
        self._card_base = rows * 40
        self._hand_base = rows * (n * size)
        self._hand_size = size
        self._next_seat = np.roll(np.arange(n, dtype=np.intp), -1)
        hands = np.full((count, n, size), -1, dtype=np.int8)
        # The dealer is the last seat, so seat 0 is the first hand and the deal goes round
        # in seat order, one card at a time (§1.6).
        for seat in range(n):
            hands[:, seat, :] = decks[:, seat:dealt:n]
        self._hands = hands.reshape(-1)
        self.hand_count: int = hand_size
        """Cards in the hand of every seat that has not played to the current trick."""
        holder = np.full((count, 40), -1, dtype=np.int8)
        slot_of = np.zeros((count, 40), dtype=np.int8)
        for seat in range(n):
            for slot in range(hand_size):
                cards = hands[:, seat, slot]
                holder[rows, cards] = seat
                slot_of[rows, cards] = slot
        self._holder = holder.reshape(-1)
        self._slot = slot_of.reshape(-1)
        self.face_up = decks[:, dealt].astype(np.intp)
        """The card turned face up under the stock (it fixes the trump suit), by deal."""
        self.trump_suit = self._suit_of[self.face_up].astype(np.intp)
        """The trump suit of each deal, as a suit index (0–3, in `briscola.Suit` order)."""
        # The order of the draws, one row per draw: the face-down stock from the top, the
        # face-up card last.
        draws = np.concatenate([decks[:, dealt + 1 :], decks[:, dealt : dealt + 1]], 1)
        self._draws = np.ascontiguousarray(draws.T, dtype=np.intp)
        self.drawn: int = 0
        """Cards drawn so far by all seats together (the same in every deal)."""
        self._played_by = np.full(count * 40, -1, dtype=np.int8)
        self._trick = []
        self.leader = np.zeros(count, dtype=np.intp)
        """The seat that leads the current trick in each deal."""
        self.turn = np.zeros(count, dtype=np.intp)
        """The seat to act in each deal (meaningless once `done`)."""
        self._points = np.zeros(count * n, dtype=np.int16)
        self.last_drawer = np.full(count, -1, dtype=np.intp)
        """The seat that drew the face-up card as the last card of the stock, or -1."""
        self.tricks: int = 0
        """Finished tricks (the same in every deal)."""
        self.ply: int = 0
        """Moves made so far in every deal."""
        self.total_tricks: int = len(r.deck) // n
        """Tricks in a deal."""

    # --- reading ---------------------------------------------------------------------------

    @property
    def num_deals(self) -> int:
        """The number of deals ``N``."""
        return int(self.decks.shape[0])

    @property
    def hands(self) -> npt.NDArray[np.int8]:
        """Each seat's cards, shape ``(N, players, hand size)``: card ids in slots
        ``0 … count - 1`` in no set order, -1 in the empty slots (read only)."""
        return self._read_only(self._hands.reshape(self.num_deals, self.players, -1))

    @property
    def holder(self) -> npt.NDArray[np.int8]:
        """The seat holding each card, shape ``(N, 40)`` by card id; -1 for a card in no
        hand (read only)."""
        return self._read_only(self._holder.reshape(self.num_deals, 40))

    @property
    def played_by(self) -> npt.NDArray[np.int8]:
        """The seat that played each card to a finished trick, shape ``(N, 40)`` by card
        id; -1 for the others (read only)."""
        return self._read_only(self._played_by.reshape(self.num_deals, 40))

    @property
    def trick(self) -> npt.NDArray[np.int8]:
        """The cards of the current trick in play order from the leader, shape
        ``(N, cards played so far)``."""
        np = self._np
        if not self._trick:
            return np.zeros((self.num_deals, 0), dtype=np.int8)  # type: ignore[no-any-return]
        return np.stack(self._trick, axis=1).astype(np.int8)  # type: ignore[no-any-return]

    @property
    def points(self) -> npt.NDArray[np.int16]:
        """Card points captured by each seat, shape ``(N, players)`` (read only)."""
        return self._read_only(self._points.reshape(self.num_deals, self.players))

    @staticmethod
    def _read_only(array: npt.NDArray[Any]) -> npt.NDArray[Any]:
        view = array.view()
        view.flags.writeable = False
        return view

    @property
    def done(self) -> bool:
        """Whether the deals are over (they all end together, after the same move)."""
        return self.tricks == self.total_tricks

    @property
    def dones(self) -> npt.NDArray[np.bool_]:
        """`done` for each deal, as a boolean array of shape ``(N,)``."""
        return self._np.full(self.num_deals, self.done)  # type: ignore[no-any-return]

    @property
    def stock_size(self) -> int:
        """Cards left to draw in every deal, the face-up card included."""
        return int(self._draws.shape[0]) - self.drawn

    def legal_mask(self) -> npt.NDArray[np.bool_]:
        """Boolean ``(N, 40)``: the cards the seat to act may play, by card id.

        All false once the deals are over. In the classic family any card in hand may be
        played, so this marks the hand of the seat to act.
        """
        if self.done:
            return self._np.zeros((self.num_deals, 40), dtype=bool)  # type: ignore[no-any-return]
        return self.holder == self.turn[:, None]  # type: ignore[no-any-return]

    def random_actions(self, rng: np.random.Generator | int | None = None) -> npt.NDArray[np.intp]:
        """One legal action per deal, uniformly among the cards of the seat to act.

        Args:
            rng: A ``numpy.random.Generator`` to draw from (reuse one for speed), or a seed
                for a new one; ``None`` draws from the operating system's entropy.

        Raises:
            IllegalMoveError: once the deals are over.
        """
        if self.done:
            raise IllegalMoveError("the deals are over: no move is legal")
        np = self._np
        generator = rng
        if not isinstance(generator, np.random.Generator):
            if rng is not None and type(rng) is not int:
                raise RulesError(f"rng={quote(rng)} is not valid: use a numpy Generator or a seed")
            generator = np.random.default_rng(rng)
        # The seat to act has not played to this trick, so it holds `hand_count` cards.
        slots = generator.integers(0, self.hand_count, size=self.num_deals)
        base = self._hand_base + self.turn * self._hand_size
        return self._hands[base + slots].astype(np.intp)  # type: ignore[no-any-return]

    # --- playing ---------------------------------------------------------------------------

    def step(self, actions: npt.ArrayLike) -> None:
        """Play one card in every deal: ``actions[i]`` is the card id the seat to act plays.

        Raises:
            IllegalMoveError: if the deals are over, or an action is not a card of the seat
                to act (the message names the first such deal).
            RulesError: if ``actions`` is not one whole number per deal.
        """
        np = self._np
        if self.done:
            raise IllegalMoveError("the deals are over: no move is legal")
        cards = self._check_actions(actions)
        turn = self.turn
        at = self._card_base + cards
        if (self._holder[at] != turn).any():
            deal = int(np.nonzero(self._holder[at] != turn)[0][0])
            raise IllegalMoveError(
                f"deal {deal}: card {int(cards[deal])} is not in seat {int(turn[deal])}'s hand"
            )
        # Take the card out of the hand: the hand's last card moves into its slot.
        hands = self._hands
        base = self._hand_base + turn * self._hand_size
        last = base + (self.hand_count - 1)
        slot = self._slot[at]
        moved = hands[last]
        hands[base + slot] = moved
        self._slot[self._card_base + moved] = slot
        hands[last] = -1
        self._holder[at] = -1
        self._trick.append(cards)
        self.ply += 1
        if len(self._trick) < self.players:
            self.turn = self._next_seat[turn]
            return
        self._close_trick()

    def _check_actions(self, actions: npt.ArrayLike) -> npt.NDArray[np.intp]:
        np = self._np
        try:
            array = np.asarray(actions)
        except (ValueError, TypeError):
            raise RulesError("actions must be one card id per deal") from None
        if array.shape != (self.num_deals,) or not np.issubdtype(array.dtype, np.integer):
            raise RulesError(
                f"actions must be {self.num_deals} card ids (whole numbers), one per deal, "
                f"not an array of shape {quote(tuple(array.shape))} and type {array.dtype}"
            )
        cards = array.astype(np.intp, copy=False)
        outside = (cards < 0) | (cards > 39)
        if outside.any():
            deal = int(np.nonzero(outside)[0][0])
            raise IllegalMoveError(
                f"deal {deal}: action {int(cards[deal])} is not a card id (0 to 39)"
            )
        return cards  # type: ignore[no-any-return]

    def _close_trick(self) -> None:
        """Resolve the complete trick, collect it and draw (§1.4, §1.7)."""
        np = self._np
        n = self.players
        cards = np.stack(self._trick, axis=1)
        suits = self._suit_of[cards]
        # A trump beats everything, a card of the led suit beats the other suits, and
        # within a suit the stronger card wins (§1.4).
        key = self._strength[cards]
        key += 16 * (suits == suits[:, :1])
        key += 32 * (suits == self.trump_suit[:, None])
        winner = (self.leader + key.argmax(axis=1)) % n
        self._points[self._rows * n + winner] += self._points_of[cards].sum(axis=1)
        seat = self.leader
        for played in self._trick:
            self._played_by[self._card_base + played] = seat
            seat = self._next_seat[seat]
        self._trick = []
        self.tricks += 1
        self.leader = winner
        self.turn = winner
        self.hand_count -= 1
        if self.drawn < self._draws.shape[0]:
            # One card each, the winner first and round in play order; in the last round the
            # face-up card is the last one drawn, by the winner's predecessor.
            seat = winner
            for card in self._draws[self.drawn : self.drawn + n]:
                self._hands[self._hand_base + seat * self._hand_size + self.hand_count] = card
                at = self._card_base + card
                self._holder[at] = seat
                self._slot[at] = self.hand_count
                last_seat = seat
                seat = self._next_seat[seat]
            self.drawn += n
            self.hand_count += 1
            if self.drawn == self._draws.shape[0]:
                self.last_drawer = last_seat

    # --- observations ----------------------------------------------------------------------

    def observations(self, seats: npt.ArrayLike | None = None) -> npt.NDArray[np.float32]:
        """Observation vectors, one row per deal, laid out as `briscola.encoding` lays out
        ``observation(observe(state, seat))``: shape ``(N, observation_shape(variant)[0])``,
        ``float32``, seat-relative, every value in ``[0, 1]``.

        Args:
            seats: The observing seat of each deal: one seat for all, or one per deal.
                ``None`` means the seat to act, which needs deals that are not over.

        Raises:
            RulesError: for seats that are not seats of the preset, or ``None`` once the
                deals are over.
        """
        np = self._np
        n = self.players
        count = self.num_deals
        me = self._observers(seats)
        layout = self._layout()
        o = layout
        size = o["size"]
        obs = np.zeros((count, size), dtype=np.float32)
        rows = self._rows
        holder = self.holder
        played_by = self.played_by
        relative = np.arange(n)
        # Own hand.
        obs[:, o["hand"] : o["hand"] + 40] = holder == me[:, None]
        # The current trick, by relative seat of each card's player.
        trick_at = np.array([o[f"trick/{k}"] for k in range(n)])
        seat = self.leader
        for cards in self._trick:
            obs[rows, trick_at[(seat - me) % n] + cards] = 1.0
            seat = self._next_seat[seat]
        # Cards played to finished tricks, by relative seat of their player.
        played_at = np.array([o[f"played/{k}"] for k in range(n)])
        deal, card = np.nonzero(played_by >= 0)
        obs[deal, played_at[(played_by[deal, card] - me[deal]) % n] + card] = 1.0
        # The face-up card drawn as the last card of the stock is known to everyone until it
        # is played; while the stock lasts it lies face up.
        drawer = self.last_drawer
        known = (drawer >= 0) & (holder[rows, self.face_up] == drawer) & (drawer != me)
        if known.any():
            known_at = np.array([0] + [o[f"known/{k}"] for k in range(1, n)])
            which = np.nonzero(known)[0]
            position = known_at[(drawer[which] - me[which]) % n] + self.face_up[which]
            obs[which, position] = 1.0
        if self.stock_size:
            obs[rows, o["trump_card"] + self.face_up] = 1.0
        if "removed" in o:
            obs[:, [o["removed"] + card.id for card in self.rules.removed]] = 1.0
        obs[rows, o["trump_suit"] + self.trump_suit] = 1.0
        obs[:, o["phase"] + (_PHASE_OVER if self.done else _PHASE_PLAY)] = 1.0
        if not self.done:
            obs[rows, o["turn"] + (self.turn - me) % n] = 1.0
        obs[rows, o["leader"] + (self.leader - me) % n] = 1.0
        obs[rows, o["dealer"] + (n - 1 - me) % n] = 1.0
        # Seats that have played to the current trick hold one card less.
        played_now = ((relative[None, :] - self.leader[:, None]) % n) < len(self._trick)
        sizes = self.hand_count - played_now
        columns = (relative[None, :] - me[:, None]) % n
        hand_size = self.rules.hand_size
        obs[rows[:, None], o["hand_sizes"] + columns] = (sizes / hand_size).astype(np.float32)
        obs[rows[:, None], o["points"] + columns] = (self.points / 120).astype(np.float32)
        in_play = len(self.rules.deck)
        obs[:, o["stock_size"]] = np.float32(self.stock_size / in_play)
        obs[:, o["tricks"]] = np.float32(self.tricks / max(1, in_play // n))
        return obs  # type: ignore[no-any-return]

    def _observers(self, seats: npt.ArrayLike | None) -> npt.NDArray[np.intp]:
        np = self._np
        n = self.players
        if seats is None:
            if self.done:
                raise RulesError("the deals are over: no seat is to act; give the seats")
            return self.turn  # type: ignore[no-any-return]
        try:
            array = np.broadcast_to(np.asarray(seats), (self.num_deals,))
        except ValueError:
            raise RulesError(
                f"seats must be one seat or one seat per deal ({self.num_deals})"
            ) from None
        if not np.issubdtype(array.dtype, np.integer) or ((array < 0) | (array >= n)).any():
            raise RulesError(f"seats must be whole numbers from 0 to {n - 1}")
        return array.astype(np.intp)  # type: ignore[no-any-return]

    def _layout(self) -> dict[str, int]:
        """The offsets of `briscola.encoding`'s observation layout, by segment name."""
        if self._offsets is None:
            offsets = {segment.name: segment.offset for segment in observation_layout(self.rules)}
            offsets["size"] = observation_shape(self.rules)[0]
            self._offsets = offsets
        return self._offsets

    def action_masks(self) -> npt.NDArray[np.int8]:
        """`legal_mask` laid out as `briscola.encoding.action_mask`: ``int8``, shape
        ``(N, NUM_ACTIONS)``, plays at their card ids and every other action 0."""
        np = self._np
        masks = np.zeros((self.num_deals, NUM_ACTIONS), dtype=np.int8)
        masks[:, :40] = self.legal_mask()
        return masks  # type: ignore[no-any-return]

    # --- results ---------------------------------------------------------------------------

    def team_points(self) -> npt.NDArray[np.int16]:
        """Card points of each side of `Rules.teams`, shape ``(N, sides)``."""
        np = self._np
        return np.stack(  # type: ignore[no-any-return]
            [self.points[:, list(side)].sum(axis=1) for side in self.rules.teams], axis=1
        ).astype(np.int16)

    def scores(self) -> npt.NDArray[np.int8]:
        """Game points of each seat, shape ``(N, players)``: `briscola.Score.deltas`.

        All zeros until the deals are over. Two sides (``classic``, ``classic-4``,
        ``classic-6``): +1 for each seat of the side with 61 points or more, -1 for the
        others, 0 on a 60–60 draw. ``classic-3``: the single top scorer +2 and the others
        -1; two tied on top +1 each and the third -2; all three tied 0 (§2.2).
        """
        np = self._np
        n = self.players
        deltas = np.zeros((self.num_deals, n), dtype=np.int8)
        if not self.done:
            return deltas  # type: ignore[no-any-return]
        teams = self.rules.teams
        if len(teams) == 2:
            sides = self.team_points()
            threshold = self.rules.win_threshold
            first = sides[:, 0] >= threshold
            second = sides[:, 1] >= threshold
            for seat in teams[0]:
                deltas[:, seat] = first.astype(np.int8) - second.astype(np.int8)
            for seat in teams[1]:
                deltas[:, seat] = second.astype(np.int8) - first.astype(np.int8)
            return deltas  # type: ignore[no-any-return]
        points = self.points
        top = points.max(axis=1, keepdims=True)
        leaders = points == top
        count = leaders.sum(axis=1, keepdims=True)
        single = np.where(leaders, 2, -1)
        pair = np.where(leaders, 1, -2)
        deltas[:] = np.where(count == 1, single, np.where(count == 2, pair, 0))
        return deltas  # type: ignore[no-any-return]

    def rewards(self) -> npt.NDArray[np.float32]:
        """`scores` as ``float32``: each seat's reward for the whole deal, 0 until the end."""
        return self.scores().astype(self._np.float32)
