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

import functools
import sys
from typing import TYPE_CHECKING, Any, Final

from ._deal import check_seed
from ._quote import quote
from .encoding import NUM_ACTIONS, observation_layout, observation_shape
from .errors import IllegalMoveError, RulesError
from .rules import VARIANTS, Rules, rules
from .state import Phase

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["MAX_DEALS", "SUPPORTED", "VectorGame", "shuffled_decks"]

SUPPORTED: Final = ("classic", "classic-3", "classic-4", "classic-6")
"""The presets `VectorGame` plays, each with its default table rules."""

# numpy's signed and unsigned integers; `numpy.issubdtype` also counts a time span
# (timedelta64) as an integer.
_WHOLE_KINDS: Final = ("i", "u")
_CHECKED_ROWS: Final = 1 << 16
_SCATTER_BLOCK: Final = 1 << 20  # indices set at once by `observations`

MAX_DEALS: Final = 1 << 22
"""The most deals one `VectorGame` holds and one `shuffled_decks` call shuffles
(4,194,304, about 1 GB for a `VectorGame` of ``classic``, and more for the observation
vectors of them all: see `VectorGame.observations`): play more as several batches."""

_PHASE_PLAY: Final = tuple(Phase).index(Phase.PLAY)  # one-hot positions in observations
_PHASE_OVER: Final = tuple(Phase).index(Phase.OVER)


@functools.cache
def _numpy() -> Any:
    """The numpy module, imported on first use (a game keeps no module, so it pickles)."""
    try:
        import numpy
    except ImportError:  # pragma: no cover - exercised only without the extra
        raise ImportError("briscola.vector needs numpy: pip install 'briscola[rl]'") from None
    return numpy


def _rules_of(variant: str | Rules) -> Rules:
    """The preset's `Rules`, refusing anything but the classic family with default rules.

    A preset is named as `rules` reads it (``"classic-2"``, ``"Classic 4"``)."""
    supported = ", ".join(repr(name) for name in SUPPORTED)
    elsewhere = "; play other games through new_game and apply, or random_playout"
    if isinstance(variant, str):
        # The text a str subclass holds, as a plain str: none of its own methods run.
        name = str.__str__(variant)
        try:
            variant = rules(name)  # type: ignore[arg-type]
        except RulesError:
            raise RulesError(
                f"the batched engine plays only {supported}, not {quote(name, 40)}"
            ) from None
    elif not isinstance(variant, Rules):
        raise RulesError(
            f"the batched engine plays only {supported}, not {type(variant).__name__:.40}"
        )
    for name in SUPPORTED:
        if variant == VARIANTS[name]:
            return variant
    if variant.variant in SUPPORTED:
        raise RulesError(
            f"the batched engine plays {variant.variant!r} with its default table rules "
            f"only, not {variant!r}{elsewhere}"
        )
    raise RulesError(
        f"the batched engine plays only {supported}, not {variant.variant!r}{elsewhere}"
    )


def shuffled_decks(
    variant: str | Rules, count: int, seed: int | None = None
) -> npt.NDArray[np.int8]:
    """``count`` shuffled decks of the preset, one per row, as card ids, top card first.

    The shuffle: ``numpy.random.default_rng(seed)`` gives each card of each row a random
    26-bit sort key (the top bits of a 32-bit half, low half first, of the raw 64-bit
    outputs of its bit generator) and sorts each row by its keys; a row in which two keys
    tie is drawn again, so the keys of a row differ and every ordering is equally likely.
    The same seed gives the same decks on every platform with the same numpy version
    (numpy keeps its bit generators' streams stable). These decks are not those
    ``new_game(variant, seed=...)`` deals, which use the library's own shuffle; give a row
    to ``new_game(variant, deck=...)`` (as cards, through `briscola.Card.from_id`) to play
    the same deal with the scalar engine.

    Args:
        variant: ``"classic"``, ``"classic-3"``, ``"classic-4"`` or ``"classic-6"``.
        count: How many decks.
        seed: Seeds the generator; ``None`` draws from the operating system's entropy.

    Raises:
        RulesError: for another preset, a count that is negative or above `MAX_DEALS`, or
            a seed that is not a whole number from 0.
    """
    np = _numpy()
    r = _rules_of(variant)
    if type(count) is not int and isinstance(count, np.integer):
        count = int(count)  # a numpy integer, as from an array's shape or sum
    if type(count) is not int or not 0 <= count <= MAX_DEALS:
        raise RulesError(
            f"count={quote(count)} is not valid: use a whole number from 0 to "
            f"{MAX_DEALS:,} (MAX_DEALS), and play more deals as several batches"
        )
    generator = _generator(np, seed, "seed")
    ids = np.array([card.id for card in r.deck], dtype=np.uint32)
    return _shuffle(generator, ids, count)


def _generator(np: Any, seed: object, name: str) -> np.random.Generator:
    """``numpy.random.default_rng(seed)``, after checking ``seed``: a whole number from 0
    (numpy integers included, as everywhere in the library) or ``None``. numpy's seeds
    cannot be negative."""
    if seed is not None:
        seed = check_seed(seed, name)
        if seed < 0:
            raise RulesError(
                f"{name}={quote(seed)} is not valid: numpy seeds are whole numbers from 0, or None"
            )
    return np.random.default_rng(seed)  # type: ignore[no-any-return]


_KEY_MASK: Final = 0xFFFF_FFC0  # the random part of a sort key; the card id fills the rest
_LITTLE_ENDIAN = sys.byteorder == "little"
_CHUNK: Final = 512  # rows shuffled at a time: their keys stay in the processor's cache


def _shuffle(rng: Any, ids: npt.NDArray[np.uint32], count: int) -> npt.NDArray[np.int8]:
    """``count`` rows of ``ids``, each in a uniformly random order drawn from ``rng``."""
    np = _numpy()
    decks = np.empty((count, ids.size), dtype=np.int8)
    # Sorting 32-bit keys is the cheapest shuffle numpy offers for many short rows (a
    # vectorised sort, against a Fisher-Yates pass per row): 26 random high bits, and
    # the card id, under 64, in the low 6 bits, so that a sorted key holds its card.
    # Small blocks of rows keep the keys in cache and out of freshly mapped memory.
    for start in range(0, count, _CHUNK):
        keys = _keys(rng, ids, min(_CHUNK, count - start))
        while True:
            keys.sort(axis=1)
            # Equal random parts would order their cards by id: such a row is drawn again.
            # Neighbours in a sorted row differ only in their low 6 bits when they tie.
            apart = keys[:, 1:] ^ keys[:, :-1]
            if apart.min() >= 64:
                break
            rows = np.nonzero((apart < 64).any(axis=1))[0]
            keys[rows] = _keys(rng, ids, rows.size)
        keys &= np.uint32(63)
        decks[start : start + keys.shape[0]] = keys
    return decks  # type: ignore[no-any-return]


def _keys(rng: Any, ids: npt.NDArray[np.uint32], count: int) -> npt.NDArray[np.uint32]:
    """Random sort keys for ``count`` rows of ``ids``, the card id in the low 6 bits."""
    np = _numpy()
    size = ids.size
    half = (size + 1) // 2
    keys = _halves(rng.bit_generator.random_raw(count * half).reshape(count, half))
    if size % 2:
        keys = np.ascontiguousarray(keys[:, :size])
    keys &= np.uint32(_KEY_MASK)
    keys |= ids
    return keys


def _halves(raw: npt.NDArray[np.uint64]) -> npt.NDArray[np.uint32]:
    """The 32-bit halves of raw 64-bit outputs, the low half first, along the last axis."""
    np = _numpy()
    # On a little-endian machine that is how the bytes lie already; elsewhere the halves
    # are split by arithmetic, so that every platform draws the same numbers.
    if _LITTLE_ENDIAN:
        return raw.view(np.uint32)
    halves = np.empty((*raw.shape[:-1], 2 * raw.shape[-1]), dtype=np.uint32)
    halves[..., 0::2] = raw
    halves[..., 1::2] = raw >> np.uint64(32)
    return halves  # type: ignore[no-any-return]


def _below(bits: Any, bound: int, count: int) -> npt.NDArray[np.intp]:
    """``count`` whole numbers drawn uniformly from ``0 … bound - 1`` (``bound`` ≤ 2**21).

    Lemire's method on 32-bit numbers ``x`` from the bit generator ``bits``:
    ``x * bound // 2**32``, with ``x`` drawn again when ``x * bound % 2**32`` falls below
    ``2**32 % bound``, so that every result stands for exactly ``2**32 // bound`` values of
    ``x``. For such bounds the product is under 2**53, exact in a double, so one
    multiplication by ``bound / 2**32`` and a truncation compute it.
    """
    np = _numpy()
    x = _halves(bits.random_raw((count + 1) // 2))[:count]
    threshold = (1 << 32) % bound
    while threshold:
        # For an odd bound with threshold 1 only x = 0 falls below it (the bound is
        # invertible modulo 2**32), which one reduction finds.
        if bound % 2 and threshold == 1:
            if x.min():
                break
            low = x == 0
        else:
            low = x * np.uint32(bound) < threshold
            if not low.any():
                break
        again = int(low.sum())
        x[low] = _halves(bits.random_raw((again + 1) // 2))[:again]
    return (x * (bound / 2**32)).astype(np.intp)


class _Tables:
    """Lookup tables by card id for the preset's tricks, built once per preset."""

    beats: npt.NDArray[np.uint8]
    """By ``trump suit * 1600 + best * 40 + card``: 1 when ``card`` takes the trick."""
    pair: npt.NDArray[np.uint8]
    """The same index, for two-card tricks: 64 when the second card takes the trick, plus
    the points of both cards."""
    points: npt.NDArray[np.uint8]
    """The card points of each card id."""

    def __init__(self, r: Rules) -> None:
        np = _numpy()
        suit = np.arange(40) // 10
        strength = np.array(r.strength)
        points = np.array(r.card_points)
        trump = np.arange(4)[:, None, None]
        best, card = suit[None, :, None], suit[None, None, :]
        # A card beats the best card of the trick so far when it follows that card's suit
        # and is stronger, or is a trump over a card that is not (§1.4): the best card is
        # of the led suit or a trump, so this is the whole rule.
        beats = ((best == card) & (strength[None, None, :] > strength[None, :, None])) | (
            (card == trump) & (best != trump)
        )
        self.beats = beats.astype(np.uint8).reshape(-1)
        pair = points[:, None] + points[None, :]
        self.pair = (beats * 64 + pair).astype(np.uint8).reshape(-1)
        self.points = points.astype(np.uint8)


_TABLES: dict[str, _Tables] = {}


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

    A game changes in place with each `step`: give each thread a game of its own, or share
    one under a lock of your own.

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
    """The decks as dealt, one row per deal (card ids, top card first; read only)."""
    face_up: npt.NDArray[np.intp]
    """The card turned face up under the stock (it fixes the trump suit), by deal (read
    only)."""
    trump_suit: npt.NDArray[np.intp]
    """The trump suit of each deal, as a suit index (0–3, in `briscola.Suit` order; read
    only)."""

    def __init__(
        self,
        variant: str | Rules = "classic",
        *,
        decks: npt.ArrayLike | None = None,
        count: int | None = None,
        seed: int | None = None,
    ) -> None:
        _numpy()  # without numpy, say so before anything else
        r = _rules_of(variant)
        self.rules: Rules = r
        """The preset's rules."""
        n = r.players
        self.players: int = n
        """Seats at each table."""
        self._offsets: dict[str, int] | None = None
        if decks is None:
            if count is None:
                raise RulesError("give the decks, or a count of deals to shuffle")
            checked = shuffled_decks(r, count, seed)
        elif count is not None:
            raise RulesError("give the decks or a count of deals, not both")
        else:
            if seed is not None:
                check_seed(seed)  # unused with given decks, but checked as new_game does
            checked = self._check_decks(decks)
        if checked.shape[0] == 0:
            raise RulesError("a batch needs at least one deal")
        checked.flags.writeable = False  # the engine's own copy: it deals from it
        self.decks = checked
        tables = _TABLES.get(r.variant)
        if tables is None:
            tables = _TABLES[r.variant] = _Tables(r)
        self._tables = tables
        self._deal()

    def __setstate__(self, state: dict[str, Any]) -> None:
        # numpy unpickles (and deep-copies) every array writable: the ones the game hands
        # out as read only become read only again.
        self.__dict__.update(state)
        for name in ("decks", "face_up", "trump_suit"):
            getattr(self, name).flags.writeable = False

    def _check_decks(self, decks: npt.ArrayLike) -> npt.NDArray[np.int8]:
        np = _numpy()
        r = self.rules
        try:
            array = np.asarray(decks)
        except Exception:  # numpy passes on what the value's own methods raise
            raise RulesError("decks must be an array of card ids, one row per deal") from None
        size = len(r.deck)
        if array.ndim != 2 or array.shape[1] != size:
            raise RulesError(
                f"decks must have one row of {size} card ids per deal, not shape "
                f"{quote(tuple(array.shape))}"
            )
        if array.dtype.kind not in _WHOLE_KINDS:
            raise RulesError(f"decks must hold card ids (whole numbers), not {array.dtype}")
        if array.shape[0] > MAX_DEALS:
            raise RulesError(
                f"{array.shape[0]:,} decks are too many for one game: give at most "
                f"{MAX_DEALS:,} (MAX_DEALS), and play more deals as several batches"
            )
        # A row of `size` ids from 0 to 39 whose bits cover exactly the preset's `size`
        # cards holds each of them once. The rows are checked a block at a time, so that
        # the 64-bit masks never take more memory than the game itself.
        expected = sum(1 << card.id for card in r.deck)
        for start in range(0, array.shape[0], _CHECKED_ROWS):
            block = array[start : start + _CHECKED_ROWS]
            inside = ((block >= 0) & (block < 40)).all(axis=1)
            bits = np.left_shift(np.int64(1), np.clip(block, 0, 39).astype(np.int64))
            covered = np.bitwise_or.reduce(bits, axis=1)
            wrong = np.nonzero(~inside | (covered != expected))[0]
            if wrong.size:
                raise RulesError(
                    f"deck {start + int(wrong[0])} is not a deck of {r.variant!r}: each row "
                    f"must hold every card id of the preset exactly once ({size} cards)"
                )
        return array.astype(np.int8)  # type: ignore[no-any-return]

    # --- dealing ---------------------------------------------------------------------------
    #
    # The hands are kept by place in the current trick rather than by seat: `_held[k]`,
    # shape (hand size, N), is the hand of the seat `k` places after the leader, deals
    # along the last axis. The seat to act is then the same place `k` in every deal, so a
    # step reads and writes whole contiguous rows with no per-deal indexing; a collected
    # trick turns the places round so that its winner is place 0 again. The cards played
    # and the trick winners are kept as a history, one row per move and per trick, from
    # which the rest (hands by seat, holders, who played what) is derived when read.

    def _deal(self) -> None:
        np = _numpy()
        r = self.rules
        n = self.players
        decks = self.decks
        count = decks.shape[0]
        size = r.hand_size
        dealt = n * size
        self._rows = np.arange(count, dtype=np.intp)
        # The dealer is the last seat, so seat 0 is the first hand and the deal goes round
        # in seat order, one card at a time (§1.6): deck position `slot * n + seat`.
        self._held = np.ascontiguousarray(
            decks[:, :dealt].reshape(count, size, n).transpose(2, 1, 0)
        )
        self.hand_count: int = size
        """Cards in the hand of every seat that has not played to the current trick."""
        self.face_up = self._read_only(decks[:, dealt].astype(np.intp))
        self.trump_suit = self._read_only(self.face_up // 10)
        self._trump_base = (self.trump_suit * 1600).astype(np.int16)
        # The order of the draws, one row per draw: the face-down stock from the top, the
        # face-up card last.
        draws = np.concatenate([decks[:, dealt + 1 :], decks[:, dealt : dealt + 1]], 1)
        self._draws = np.ascontiguousarray(draws.T)
        self.drawn: int = 0
        """Cards drawn so far by all seats together (the same in every deal)."""
        self.total_tricks: int = len(r.deck) // n
        """Tricks in a deal."""
        # int16, so that a trick's table index is computed with no conversion.
        self._plays = np.empty((len(r.deck), count), dtype=np.int16)
        self._winners = np.empty((self.total_tricks, count), dtype=np.int8)
        self._points = np.zeros((n, count), dtype=np.int16)
        self._leader = np.zeros(count, dtype=np.int8)
        self._last_drawer = np.full(count, -1, dtype=np.intp)
        self.tricks: int = 0
        """Finished tricks (the same in every deal)."""
        self.ply: int = 0
        """Moves made so far in every deal."""

    # --- reading ---------------------------------------------------------------------------

    @property
    def num_deals(self) -> int:
        """The number of deals ``N``."""
        return int(self.decks.shape[0])

    @property
    def leader(self) -> npt.NDArray[np.intp]:
        """The seat that leads the current trick in each deal."""
        return self._leader.astype(_numpy().intp)  # type: ignore[no-any-return]

    @property
    def _place(self) -> int:
        """Cards played to the current trick: the place of the seat to act."""
        return self.ply - self.tricks * self.players

    @property
    def turn(self) -> npt.NDArray[np.intp]:
        """The seat to act in each deal (the last trick's winner once `done`)."""
        return (self.leader + self._place) % self.players

    @property
    def hands(self) -> npt.NDArray[np.int8]:
        """Each seat's cards, shape ``(N, players, hand size)``: card ids in slots
        ``0 … count - 1`` in no set order, -1 in the empty slots (read only)."""
        np = _numpy()
        n = self.players
        places = (np.arange(n)[:, None] - self.leader) % n
        by_seat = np.take_along_axis(self._held, places[:, None, :], axis=0)
        return self._read_only(by_seat.transpose(2, 0, 1))

    @property
    def holder(self) -> npt.NDArray[np.int8]:
        """The seat holding each card, shape ``(N, 40)`` by card id; -1 for a card in no
        hand (read only)."""
        np = _numpy()
        hands = self.hands
        deal, seat, slot = np.nonzero(hands >= 0)
        holder = np.full(self.num_deals * 40, -1, dtype=np.int8)
        holder[deal * 40 + hands[deal, seat, slot]] = seat
        return self._read_only(holder.reshape(self.num_deals, 40))

    @property
    def played_by(self) -> npt.NDArray[np.int8]:
        """The seat that played each card to a finished trick, shape ``(N, 40)`` by card
        id; -1 for the others (read only)."""
        np = _numpy()
        n = self.players
        count = self.num_deals
        done = self.tricks
        played_by = np.full(count * 40, -1, dtype=np.int8)
        if done:
            leaders = np.zeros((done, count), dtype=np.intp)
            leaders[1:] = self._winners[: done - 1]
            seats = (leaders[:, None, :] + np.arange(n)[None, :, None]) % n
            cards = self._plays[: done * n].reshape(done, n, count)
            played_by[self._rows * 40 + cards] = seats
        return self._read_only(played_by.reshape(count, 40))

    @property
    def trick(self) -> npt.NDArray[np.int8]:
        """The cards of the current trick in play order from the leader, shape
        ``(N, cards played so far)``."""
        start = self.tricks * self.players
        return self._plays[start : self.ply].T.astype(_numpy().int8)  # type: ignore[no-any-return]

    @property
    def last_drawer(self) -> npt.NDArray[np.intp]:
        """The seat that drew the face-up card as the last card of the stock, or -1, by deal
        (read only)."""
        return self._read_only(self._last_drawer)

    @property
    def points(self) -> npt.NDArray[np.int16]:
        """Card points captured by each seat so far, shape ``(N, players)`` (read only): a
        copy, which keeps the points of the moment it was read as play goes on."""
        return self._read_only(self._points.T.copy())

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
        return _numpy().full(self.num_deals, self.done)  # type: ignore[no-any-return]

    @property
    def stock_size(self) -> int:
        """Cards left to draw in every deal, the face-up card included."""
        return int(self._draws.shape[0]) - self.drawn

    def legal_mask(self) -> npt.NDArray[np.bool_]:
        """Boolean ``(N, 40)``: the cards the seat to act may play, by card id.

        All false once the deals are over. In the classic family any card in hand may be
        played, so this marks the hand of the seat to act.
        """
        np = _numpy()
        count = self.num_deals
        mask = np.zeros(count * 40, dtype=bool)
        if not self.done:
            mask[self._rows * 40 + self._held[self._place, : self.hand_count]] = True
        return mask.reshape(count, 40)  # type: ignore[no-any-return]

    def random_actions(self, rng: np.random.Generator | int | None = None) -> npt.NDArray[np.intp]:
        """One legal action per deal, uniformly among the cards of the seat to act.

        Args:
            rng: A ``numpy.random.Generator`` to draw from (reuse one for speed), or a seed
                for a new one; ``None`` draws from the operating system's entropy.

        Raises:
            IllegalMoveError: once the deals are over.
            RulesError: if ``rng`` is not a ``numpy.random.Generator``, a seed from 0 or
                ``None``.
        """
        if self.done:
            raise IllegalMoveError("the deals are over: no move is legal")
        np = _numpy()
        generator = rng
        if not isinstance(generator, np.random.Generator):
            try:
                generator = _generator(np, rng, "rng")
            except RulesError:
                raise RulesError(
                    f"rng={quote(rng)} is not valid: use a numpy Generator or a seed from 0"
                ) from None
        # The seat to act has not played to this trick, so it holds `hand_count` cards,
        # in the first slots of its rows.
        hand = self._held[self._place]
        if self.hand_count == 1:
            return hand[0].astype(np.intp)  # type: ignore[no-any-return]
        # Drawn from the generator's bit generator: cheaper than `Generator.integers` for
        # these small bounds, and as exactly uniform.
        at = _below(generator.bit_generator, self.hand_count, self.num_deals)
        at *= self.num_deals
        at += self._rows
        return hand.reshape(-1).take(at).astype(np.intp)  # type: ignore[no-any-return]

    # --- playing ---------------------------------------------------------------------------

    def step(self, actions: npt.ArrayLike) -> None:
        """Play one card in every deal: ``actions[i]`` is the card id the seat to act plays.

        Raises:
            IllegalMoveError: if the deals are over, or an action is not a card of the seat
                to act (the message names the first such deal).
            RulesError: if ``actions`` is not one whole number per deal.
        """
        np = _numpy()
        if self.done:
            raise IllegalMoveError("the deals are over: no move is legal")
        cards = self._check_actions(actions)
        last = self.hand_count - 1
        hand = self._held[self._place]
        # Card ids fit in int8, where comparing is cheapest; the cards of a hand differ, so
        # every deal holds its action exactly when the matches number one per deal.
        if cards.min() < 0 or cards.max() > 39:
            self._refuse(cards, None)
        small = cards.astype(np.int8)
        match = hand[: last + 1] == small
        if np.count_nonzero(match) != self.num_deals:
            self._refuse(cards, match)
        # Take the card out of the hand: the hand's last card moves into its slot, by
        # arithmetic rather than a masked copy, which would branch on every deal.
        if last:
            shift = hand[last] - hand[:last]
            shift *= match[:last]
            hand[:last] += shift
        hand[last] = -1
        self._plays[self.ply] = small
        self.ply += 1
        if self._place == self.players:
            self._close_trick()

    def _check_actions(self, actions: npt.ArrayLike) -> npt.NDArray[np.integer[Any]]:
        np = _numpy()
        try:
            array = np.asarray(actions)
        except Exception:  # numpy passes on what the value's own methods raise
            raise RulesError("actions must be one card id per deal") from None
        if array.shape != (self.num_deals,) or array.dtype.kind not in _WHOLE_KINDS:
            raise RulesError(
                "actions must be one card id (a whole number) per deal, an array of shape "
                f"{quote((self.num_deals,))}, not an array of shape {quote(tuple(array.shape))} "
                f"and type {array.dtype}"
            )
        return array  # type: ignore[no-any-return]

    def _refuse(
        self, cards: npt.NDArray[np.integer[Any]], match: npt.NDArray[np.bool_] | None
    ) -> None:
        """Raise for the first deal whose action is not a card id, or else not in hand."""
        np = _numpy()
        outside = (cards < 0) | (cards > 39)
        if match is None or outside.any():
            deal = int(np.nonzero(outside)[0][0])
            raise IllegalMoveError(
                f"deal {deal}: action {int(cards[deal])} is not a card id (0 to 39)"
            )
        deal = int(np.nonzero(~match.any(axis=0))[0][0])
        seat = int(self.turn[deal])
        raise IllegalMoveError(
            f"deal {deal}: card {int(cards[deal])} is not in seat {seat}'s hand"
        )

    def _close_trick(self) -> None:
        """Resolve the complete trick, collect it and draw (§1.4, §1.7)."""
        np = _numpy()
        n = self.players
        t = self.tricks
        tables = self._tables
        cards = self._plays[self.ply - n : self.ply]
        held = self._held
        if n == 2:
            # One lookup gives both the winner and the trick's points.
            at = cards[0] * 40
            at += self._trump_base
            at += cards[1]
            found = tables.pair.take(at)
            second = found >= 64
            winner = self._leader ^ second
            taken = found & 63
            to_second_seat = taken * winner
            points = self._points
            points[0] += taken
            points[0] -= to_second_seat
            points[1] += to_second_seat
            # The winner's hand to place 0: swap the two hands where the second card won,
            # by exclusive or, with no branch on each deal.
            swap = held[0] ^ held[1]
            swap *= second
            held[0] ^= swap
            held[1] ^= swap
        else:
            best = cards[0].copy()
            place = np.zeros(self.num_deals, dtype=np.int8)
            for k in range(1, n):
                card = cards[k]
                at = best * 40
                at += self._trump_base
                at += card
                beats = tables.beats.take(at).view(bool)
                np.copyto(best, card, where=beats)
                np.copyto(place, k, where=beats)
            winner = (self._leader + place) % n
            taken = tables.points.take(cards).sum(axis=0, dtype=np.int16)
            self._points.reshape(-1)[winner.astype(np.intp) * self.num_deals + self._rows] += taken
            turned = (np.arange(n)[:, None] + place) % n
            self._held = held = np.take_along_axis(held, turned[:, None, :], axis=0)
        self._winners[t] = winner
        self.tricks += 1
        self._leader = winner
        self.hand_count -= 1
        if self.drawn < self._draws.shape[0]:
            # One card each, the winner first and round in play order; in the last round the
            # face-up card is the last one drawn, by the winner's predecessor.
            held[:, self.hand_count] = self._draws[self.drawn : self.drawn + n]
            self.drawn += n
            self.hand_count += 1
            if self.drawn == self._draws.shape[0]:
                self._last_drawer = ((winner + (n - 1)) % n).astype(np.intp)

    # --- observations ----------------------------------------------------------------------

    def observations(self, seats: npt.ArrayLike | None = None) -> npt.NDArray[np.float32]:
        """Observation vectors, one row per deal, laid out as `briscola.encoding` lays out
        ``observation(observe(state, seat))``: shape ``(N, observation_shape(variant)[0])``,
        ``float32``, seat-relative, every value in ``[0, 1]``.

        The array takes 4 bytes a value: about 1.2 KB a deal of ``classic`` (303 values)
        and 3.4 KB a deal of ``classic-6`` (843), so 5 GB and 14 GB at `MAX_DEALS` deals.
        Training on observations, play batches of thousands of deals rather than millions.

        Args:
            seats: The observing seat of each deal: one seat for all, or one per deal.
                ``None`` means the seat to act, which needs deals that are not over.

        Raises:
            RulesError: for seats that are not seats of the preset, or ``None`` once the
                deals are over.
        """
        np = _numpy()
        n = self.players
        count = self.num_deals
        me = self._observers(seats)
        o = self._layout()
        size = o["size"]
        rows = self._rows
        # The 1s of the vectors are set by scatters over flat indices, one a segment, so
        # that the indices never take much more memory than the largest segment's.
        base = rows * size
        flat = np.zeros(count * size, dtype=np.float32)
        leader = self.leader
        held = self._held
        # Own hand: the observer's place in the trick is its offset from the leader.
        hand = np.take_along_axis(held, ((me - leader) % n)[None, None, :], axis=0)[0]
        flat[(base + o["hand"] + hand)[hand >= 0]] = 1.0
        # The current trick, by relative seat of each card's player.
        trick_at = np.array([o[f"trick/{k}"] for k in range(n)])
        trick = self._plays[self.tricks * n : self.ply]
        lead = (leader - me) % n
        for place, cards in enumerate(trick):
            flat[base + trick_at[(lead + place) % n] + cards] = 1.0
        # Cards played to finished tricks, by relative seat of their player: each trick's
        # leader is the winner of the trick before. A block of tricks at a time, so that
        # the indices of a large batch take a bounded amount of memory.
        played_at = np.array([o[f"played/{k}"] for k in range(n)])
        places = np.arange(n)[None, :, None] - me
        block = max(1, _SCATTER_BLOCK // (n * count))
        for first in range(0, self.tricks, block):
            last = min(first + block, self.tricks)
            leaders = np.zeros((last - first, count), dtype=np.intp)
            winners = self._winners[max(0, first - 1) : last - 1]
            leaders[len(leaders) - len(winners) :] = winners
            cards = self._plays[first * n : last * n].reshape(last - first, n, count)
            flat[base + played_at[(leaders[:, None, :] + places) % n] + cards] = 1.0
        # The face-up card drawn as the last card of the stock is known to everyone until it
        # is played; while the stock lasts it lies face up.
        drawer = self._last_drawer
        if self.stock_size:
            flat[base + o["trump_card"] + self.face_up] = 1.0
        elif drawer[0] >= 0:  # the stock runs out in every deal after the same trick
            drawer_hand = np.take_along_axis(held, ((drawer - leader) % n)[None, None, :], 0)
            known = (drawer_hand[0] == self.face_up).any(axis=0) & (drawer != me)
            if known.any():
                known_at = np.array([0] + [o[f"known/{k}"] for k in range(1, n)])
                which = np.nonzero(known)[0]
                position = known_at[(drawer[which] - me[which]) % n] + self.face_up[which]
                flat[base[which] + position] = 1.0
        if "removed" in o:
            removed = np.array([o["removed"] + card.id for card in self.rules.removed])
            flat[base[:, None] + removed] = 1.0
        flat[base + o["trump_suit"] + self.trump_suit] = 1.0
        flat[base + (o["phase"] + (_PHASE_OVER if self.done else _PHASE_PLAY))] = 1.0
        if not self.done:
            flat[base + o["turn"] + (lead + len(trick)) % n] = 1.0
        flat[base + o["leader"] + lead] = 1.0
        flat[base + o["dealer"] + (n - 1 - me) % n] = 1.0
        obs = flat.reshape(count, size)
        # Seats that have played to the current trick hold one card less.
        relative = np.arange(n)
        played_now = ((relative[None, :] - leader[:, None]) % n) < len(trick)
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
        np = _numpy()
        n = self.players
        if seats is None:
            if self.done:
                raise RulesError("the deals are over: no seat is to act; give the seats")
            return self.turn
        try:
            array = np.broadcast_to(np.asarray(seats), (self.num_deals,))
        except Exception:  # a shape that does not fit, or the value's own methods failing
            raise RulesError(
                f"seats must be one seat or one seat per deal ({self.num_deals})"
            ) from None
        if array.dtype.kind not in _WHOLE_KINDS or ((array < 0) | (array >= n)).any():
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
        np = _numpy()
        masks = np.zeros((self.num_deals, NUM_ACTIONS), dtype=np.int8)
        masks[:, :40] = self.legal_mask()
        return masks  # type: ignore[no-any-return]

    # --- results ---------------------------------------------------------------------------

    def team_points(self) -> npt.NDArray[np.int16]:
        """Card points of each side of `Rules.teams`, shape ``(N, sides)``."""
        np = _numpy()
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
        np = _numpy()
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
        return self.scores().astype(_numpy().float32)
