"""The documented shuffle and the canonical deal (§1.6).

The shuffle does not use `random`, so a seed deals the same cards on every platform and
every Python version:

1. ``digest = SHA-512("briscola/shuffle/v1:" + seed_text(seed))``, read as a 512-bit
   big-endian integer ``x``; `seed_text` is the decimal form of the seed (``"-5"``, ``"7"``)
   while it has at most 4,300 digits, and ``"0x"`` followed by its hexadecimal digits beyond
   (``"-0x1f…"``), so a seed of any size has a text that costs linear time to build;
2. where a deal needs a choice before the shuffle (``removed_two="random"``), it is taken
   first as ``x, choice = divmod(x, number_of_choices)``;
3. Fisher–Yates from the bottom of the deck: for ``i`` from ``len(deck) - 1`` down to 1,
   ``x, j = divmod(x, i + 1)`` and cards ``i`` and ``j`` change places.

Starting from the variant's cards in id order, this gives every ordering with the same
probability up to a bias below 2⁻³⁵⁰ (40! is about 2¹⁵⁹).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from operator import attrgetter
from typing import Any, Final

from ._frozen import compile_function
from ._numbers import whole_number
from ._quote import quote
from .cards import Card
from .errors import RulesError

__all__ = [
    "DECIMAL_DIGITS",
    "DECIMAL_LIMIT",
    "check_seed",
    "deal_hands",
    "derived_seed",
    "entropy",
    "fresh_seed",
    "seed_text",
    "shuffle",
]

_DOMAIN = b"briscola/shuffle/v1:"
# Python's default limit on int-to-decimal conversion: seeds below it keep the decimal text
# they always had, whatever limit the interpreter is set to.
DECIMAL_DIGITS: Final = 4300  # the most digits CPython turns into an int and back by default
DECIMAL_LIMIT: Final = 10**DECIMAL_DIGITS
_CHUNK_DIGITS: Final = 600  # under the lowest limit Python allows (640 digits)
_CHUNK: Final = 10**_CHUNK_DIGITS


def check_seed(seed: object, name: str = "seed", *, or_none: bool = True) -> int:
    """``seed`` as an ``int``, or a `RulesError` naming the argument ``name``.

    Any integer is a seed, however large or negative, and so is any object with
    ``__index__`` (such as ``numpy.int64``); ``bool`` is refused, as are floats, strings and
    everything else. ``or_none`` says whether the caller also takes ``None`` (the error
    then offers it).
    """
    number = whole_number(seed)
    if number is not None:
        return number
    kind = type(seed).__name__
    allowed = "a whole number or None" if or_none else "a whole number"
    raise RulesError(f"{name}={quote(seed, 40)} is not valid: use {allowed}, not {kind}")


def seed_text(seed: int) -> str:
    """The canonical text of a seed, hashed by every seeded choice and written in records.

    The decimal form for seeds of at most 4,300 digits; ``"0x"`` and the hexadecimal digits
    beyond (with ``"-"`` first for a negative seed).
    """
    magnitude = -seed if seed < 0 else seed
    sign = "-" if seed < 0 else ""
    if magnitude >= DECIMAL_LIMIT:
        return f"{sign}0x{magnitude:x}"
    if magnitude < _CHUNK:
        return f"{sign}{magnitude}"
    chunks = []
    while magnitude >= _CHUNK:
        magnitude, low = divmod(magnitude, _CHUNK)
        chunks.append(f"{low:0{_CHUNK_DIGITS}d}")
    chunks.append(str(magnitude))
    return sign + "".join(reversed(chunks))


def seed_from_text(text: str) -> int | None:
    """The seed whose `seed_text` is ``text``, or ``None`` when ``text`` is not such a text
    (leading zeros are read too; at most 4,300 decimal digits, as `seed_text` writes)."""
    found = _SEED_TEXT.fullmatch(text)
    if found is None:
        return None
    sign, hexadecimal, decimal = found.groups()
    if hexadecimal is not None:
        magnitude = int(hexadecimal, 16)  # any length: only decimal text has a limit
    else:
        magnitude = 0
        for start in range(0, len(decimal), _CHUNK_DIGITS):
            chunk = decimal[start : start + _CHUNK_DIGITS]
            magnitude = magnitude * 10 ** len(chunk) + int(chunk)
    return -magnitude if sign else magnitude


_SEED_TEXT: Final = re.compile(rf"(-?)(?:0x([0-9a-f]+)|([0-9]{{1,{DECIMAL_DIGITS}}}))", re.ASCII)


def entropy(seed: int) -> int:
    """The 512-bit integer that drives every random choice of a deal dealt from ``seed``."""
    sha512 = _sha512
    if sha512 is None:
        sha512 = _load_sha512()
    return int.from_bytes(sha512(_DOMAIN + seed_text(seed).encode()).digest(), "big")


_sha512: Callable[[bytes], Any] | None = None


def _load_sha512() -> Callable[[bytes], Any]:
    global _sha512
    import hashlib  # OpenSSL's start-up is paid on the first deal, not by `import briscola`

    _sha512 = hashlib.sha512
    return _sha512


def derived_seed(label: str, seed: int, index: int) -> int:
    """A 64-bit seed for use number ``index`` of ``seed`` under ``label`` (such as
    ``"simulate/player"``): SHA-256 of
    ``"briscola/<label>:<seed_text(seed)>:<seed_text(index)>"``, its first 8 bytes
    big-endian. Seeds derived so are unrelated to each other, where ``seed + index`` would
    give the next seed's streams shifted by one."""
    sha256 = _load_sha256()
    text = f"briscola/{label}:{seed_text(seed)}:{seed_text(index)}".encode()
    return int.from_bytes(sha256(text).digest()[:8], "big")


def _load_sha256() -> Callable[[bytes], Any]:
    import hashlib  # as for the shuffle: loaded on first use, not by `import briscola`

    return hashlib.sha256


def fresh_seed() -> int:
    """A 128-bit seed from the operating system's entropy source."""
    import secrets  # only games dealt without a seed need it

    return secrets.randbits(128)


def shuffle(cards: Sequence[Card], x: int) -> tuple[tuple[Card, ...], int]:
    """Fisher–Yates over ``cards`` driven by ``x``; returns the deck and what is left of ``x``.

    Step 3 of the module's description, in groups: ``divmod(x, i + 1)`` for consecutive
    ``i`` is the same as one ``divmod`` by the product of their ``i + 1``, then the small
    divisions of the remainder; a product below 2**30 keeps those divisions on one-digit
    integers, so the 512-bit number is divided six times for 40 cards instead of 39. The
    steps are written out once per deck length (see `_write_shuffle`).
    """
    deck = list(cards)
    steps = _SHUFFLES.get(len(deck))
    if steps is None:
        steps = _SHUFFLES[len(deck)] = _write_shuffle(len(deck))
    x = steps(deck, x)
    return tuple(deck), x


def _write_shuffle(length: int) -> Callable[[list[Card], int], int]:
    """The steps of `shuffle` for a deck of ``length`` cards, written out: ``i`` from
    ``length - 1`` down to 1, in groups whose product of ``i + 1`` is below 2**30.

    A loop over the steps costs a third more in CPython than the same steps in line, and
    every deal shuffles."""
    lines = ["def steps(d, x):"]
    i = length - 1
    while i >= 1:
        product = 1
        group = []
        while i >= 1 and product * (i + 1) < _ONE_DIGIT:
            product *= i + 1
            group.append(i)
            i -= 1
        lines.append(f"    x, s = divmod(x, {product})")
        for step in group:
            lines.append(
                f"    j = s % {step + 1}; s //= {step + 1}; d[{step}], d[j] = d[j], d[{step}]"
            )
    lines.append("    return x")
    return compile_function("steps", "\n".join(lines) + "\n", {})


_ONE_DIGIT: Final = 1 << 30  # CPython's integer digit: smaller numbers divide in one step
_SHUFFLES: Final[dict[int, Callable[[list[Card], int], int]]] = {}


def deal_hands(
    deck: Sequence[Card], seats: Sequence[int], hand_size: int, packet: int, players: int
) -> tuple[tuple[Card, ...], ...]:
    """Deal ``hand_size`` cards to each of ``seats`` (in dealing order), ``packet`` at a time.

    ``packet`` is 1 or ``hand_size`` (§1.6 offers no other packets).

    Returns every seat's hand sorted by card id; seats not dealt to get an empty hand.
    """
    shape = (tuple(seats), hand_size, packet, players)
    dealing = _DEALINGS.get(shape)
    if dealing is None:
        dealing = _DEALINGS[shape] = _write_dealing(*shape)
    return dealing(deck)


def _write_dealing(
    seats: tuple[int, ...], hand_size: int, packet: int, players: int
) -> Callable[[Sequence[Card]], tuple[tuple[Card, ...], ...]]:
    """`deal_hands` for one shape of deal, written out: each hand read from its places in
    the deck, three-card hands sorted by three compares and longer ones by `sorted`."""
    active = len(seats)
    dealt = active * hand_size
    places: dict[int, list[int]] = {seat: [] for seat in range(players)}
    for k, seat in enumerate(seats):
        # One card at a time: every active-th card from the k-th; else whole hands in turn.
        places[seat] = (
            list(range(k, dealt, active))
            if packet == 1
            else list(range(k * hand_size, (k + 1) * hand_size))
        )
    lines = ["def dealing(d):"]
    hands = []
    for seat in range(players):
        cards = [f"d[{place}]" for place in places[seat]]
        if not cards:
            hands.append("()")
        elif len(cards) == 3:
            a, b, c = (f"h{seat}_{n}" for n in range(3))
            lines += [
                f"    {a}, {b}, {c} = {', '.join(cards)}",
                f"    if {a}.id > {b}.id: {a}, {b} = {b}, {a}",
                f"    if {b}.id > {c}.id: {b}, {c} = {c}, {b}",
                f"    if {a}.id > {b}.id: {a}, {b} = {b}, {a}",
            ]
            hands.append(f"({a}, {b}, {c})")
        else:
            hands.append(f"tuple(sorted(({', '.join(cards)},), key=by_id))")
    lines.append(f"    return ({', '.join(hands)},)")
    return compile_function("dealing", "\n".join(lines) + "\n", {"by_id": _by_id})


_DEALINGS: Final[dict[tuple[tuple[int, ...], int, int, int], Callable[..., Any]]] = {}
_by_id = attrgetter("id")
