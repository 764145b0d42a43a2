"""Sampling a world: `determinize`, a full state consistent with one seat's view.

Information-set search (ISMCTS, PIMC) and adapters such as OpenSpiel's need complete states
that agree with everything a player knows. `determinize(view)` deals the cards that seat
cannot see (the other hands, the order of the stock, a suit named in secret) at random,
uniformly among the placements that agree with the view: its own hand, every card played,
the face-up card, the cards known to be in a hand (an exchange, the last card drawn,
Bugiarda's trump card, a card drawn from an open stock), hands shown to it, open hands and
an open stock as dealt, and, under ``must_follow_suit``, the suits a seat showed it lacked.
It then rebuilds a deck and the history that lead there, so the result is a genuine
reachable `State`: it can be played on with `apply`, and observing it from the same seat
gives the same view back.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from typing import Final

from ._deal import check_seed, fresh_seed, seed_text
from ._engine import apply, deal_from
from ._rounds import sharing_before_first_trick
from .cards import Card, Rank, Suit
from .errors import BriscolaError, InvalidStateError
from .match import MatchView
from .moves import Bid, BidPoints, Move, NameCard, NameSuit, Pass, Play, ShowHand, SwapTrump
from .rules import Auction, FirstTrickBlind, ShareHands
from .state import Phase, State
from .views import View, observe, public_view

__all__ = ["determinize"]

_PLACEMENTS: Final = 50_000
# Placements drawn at random before a view whose suit limits they keep missing is given to
# the exact sampler, `_Placements` (several seats void in several suits).
_QUICK_DRAWS: Final = 200
# Under must_follow_suit a real late view may see 97% of the placements that fit its suits
# fail the history: 2,000 such failures leave a real view a chance below 1e-26 of being
# refused, and still refuse a view no state agrees with in under a second.
_REBUILDS: Final = 2_000
_NEVER: Final = (1 << 30, 0)


class _Stream:
    """Random numbers from a seed by SHA-512 in counter mode (no global or library RNG)."""

    def __init__(self, seed: int) -> None:
        self._key = b"briscola/determinize/v1:" + seed_text(seed).encode()
        self._counter = 0
        self._pool = 0
        self._bits = 0

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling, no bias)."""
        if n > 1 << 64:
            return self._below_wide(n)
        limit = (1 << 64) - (1 << 64) % n
        while True:
            if self._bits < 64:
                self._counter += 1
                block = hashlib.sha512(self._key + b":%d" % self._counter).digest()
                self._pool = int.from_bytes(block, "big")
                self._bits = 512
            value = self._pool & ((1 << 64) - 1)
            self._pool >>= 64
            self._bits -= 64
            if value < limit:
                return value % n

    def _below_wide(self, n: int) -> int:
        """`below` for ``n`` past 2**64 (the number of placements of a large view): 64
        more bits than ``n`` has, so that a draw is refused less than once in 2**64."""
        words = (n.bit_length() + 127) // 64
        span = 1 << (64 * words)
        limit = span - span % n
        while True:
            value = 0
            for _ in range(words):
                value = value << 64 | self.below(1 << 64)
            if value < limit:
                return value % n

    def shuffle(self, items: list[Card]) -> None:
        """Fisher–Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def determinize(view: View | MatchView, *, seed: int | None = None) -> State:
    """A full state consistent with ``view``: the cards it hides (the other hands, the
    order of the stock, a suit named in secret) placed uniformly at random among the
    placements that agree with it, and a past rebuilt to lead there.

    When another seat's cards could have reached it in several orders, the rebuilt past
    takes the cards that had to arrive soonest first: the order is not itself drawn
    uniformly (see the Sampling page).

    Args:
        view: What one seat (or a spectator) knows, from `observe` or `public_view`.
        seed: Makes the draw repeatable; ``None`` draws from the operating system.

    Raises:
        InvalidStateError: if ``view`` is not a view, or no state agrees with it (a view
            that was altered).
        RulesError: if ``seed`` is not an integer or ``None``.
    """
    if isinstance(view, MatchView):
        view = view.deal
    if not isinstance(view, View):
        raise InvalidStateError(
            f"determinize() needs a View from observe(), not {type(view).__name__}"
        )
    stream = _Stream(fresh_seed() if seed is None else check_seed(seed))
    try:
        return _determinize(view, stream)
    except InvalidStateError:
        raise
    except (
        BriscolaError,
        ValueError,
        IndexError,
        KeyError,
        AssertionError,
        StopIteration,
        TypeError,
        AttributeError,
        RecursionError,  # cards edited into nested tuples, compared in a set
    ) as error:
        raise InvalidStateError(f"no state agrees with this view ({error})") from None


def _determinize(view: View, stream: _Stream) -> State:
    r = view.rules
    players = r.players
    played = [card for trick in view.tricks for card in trick.cards] + list(view.trick)
    face_up = view.trump_card if r.has_face_up_card and view.stock_size else None
    hands: list[list[Card] | None] = [None if h is None else list(h) for h in view.hands]
    known: list[list[Card]] = [list(cards) for cards in view.known_cards]
    located = set(played) | set(view.removed)
    if face_up is not None:
        located.add(face_up)
    if view.stock is not None:
        located |= set(view.stock)
    for p in range(players):
        if hands[p] is not None:
            located |= set(hands[p] or ())
    for p in range(players):
        known[p] = [c for c in known[p] if hands[p] is None and c not in located]
        located |= set(known[p])
    for p, snapshot in view.shown:
        if hands[p] is None:
            extra = [c for c in snapshot if c not in located]
            known[p].extend(extra)
            located |= set(extra)
    pool = [card for card in r.deck if card not in located]
    slots = [
        0 if hands[p] is not None else view.hand_sizes[p] - len(known[p]) for p in range(players)
    ]
    stock_slots = 0
    if view.stock is None:
        stock_slots = view.stock_size - (face_up is not None)
    if sum(slots) + stock_slots != len(pool) or min(slots) < 0:
        raise InvalidStateError("no state agrees with this view (the card counts differ)")
    limits = _void_limits(view)
    if not _fits(pool, slots, limits):
        raise InvalidStateError(
            "no state agrees with this view (the hidden cards cannot avoid a suit a seat showed "
            "it lacked)"
        )
    fixed = frozenset(p for p in range(players) if hands[p] is not None)
    # A deal annulled as dealt (§2.5.6): some hand dealt held no card points. Few placements
    # have one, so they are picked here, cheaply, rather than by whole rebuilds.
    annulled = r.annul_zero_point_hand and view.phase is Phase.OVER and not view.history
    dealt_to = r.seats_for(view.dealer)
    rebuilds = missed = 0
    exact: _Placements | None = None
    for _ in range(_PLACEMENTS):
        # Each placement below is uniform among those that keep the suit limits, whether
        # drawn at random and kept or drawn exactly, so every state is equally likely.
        if exact is None:
            stream.shuffle(pool)
            dealt, start = [], 0
            for p in range(players):
                dealt.append(pool[start : start + slots[p]])
                start += slots[p]
            if any(_count(dealt[p], suit) > most for (p, suit), most in limits.items()):
                missed += 1
                if missed == _QUICK_DRAWS:
                    exact = _Placements(pool, slots, limits)
                    if not exact.count():  # _fits says there is one: never, but not a loop
                        break
                continue
            rest = pool[start:]
        else:
            dealt, rest = exact.draw(stream)
        stock = list(view.stock) if view.stock is not None else rest
        current = [
            known[p] + dealt[p] if (hand := hands[p]) is None else list(hand)
            for p in range(players)
        ]
        if annulled and all(any(r.card_points[c.id] for c in current[p]) for p in dealt_to):
            continue
        try:
            return _rebuild(view, current, stock, stream, fixed)
        except _Late:
            # This placement cannot have been dealt: draw again (uniform by rejection).
            rebuilds += 1
            if rebuilds >= _REBUILDS:
                break
    raise InvalidStateError("no state agrees with this view (no placement fits)")


def _fits(pool: list[Card], slots: list[int], limits: dict[tuple[int, Suit], int]) -> bool:
    """Whether the hidden cards can be placed at all under the suit limits.

    A transportation problem from suits to hands (and the stock, which takes any card):
    by the max-flow min-cut theorem it is feasible exactly when every set of suits fits in
    what the hands can take of those suits plus the stock (16 sets to check).
    """
    if not limits:
        return True
    supply = {suit: _count(pool, suit) for suit in Suit}
    stock = len(pool) - sum(slots)
    for mask in range(1, 16):
        chosen = [suit for i, suit in enumerate(Suit) if mask >> i & 1]
        room = stock + sum(
            min(slots[p], sum(limits.get((p, suit), slots[p]) for suit in chosen))
            for p in range(len(slots))
        )
        if sum(supply[suit] for suit in chosen) > room:
            return False
    return True


def _count(cards: list[Card], suit: Suit) -> int:
    return sum(card.suit is suit for card in cards)


class _Placements:
    """Uniform placements of the hidden cards under the suit limits, drawn exactly.

    How many cards of each suit every limited seat gets is drawn first, weighted by the
    number of placements with those counts (counted by dynamic programming over the
    limited seats, with the other seats and the stock taking the rest); then the cards of
    each suit are shuffled and handed out. Used when random placements rarely keep the
    limits, as when several seats showed they lack several suits.
    """

    def __init__(
        self, pool: list[Card], slots: list[int], limits: dict[tuple[int, Suit], int]
    ) -> None:
        self._by_suit = [[card for card in pool if card.suit is suit] for suit in Suit]
        self._slots = slots
        self._limited = sorted({p for p, _ in limits if slots[p]})
        self._caps = [
            tuple(min(slots[p], limits.get((p, suit), slots[p])) for suit in Suit)
            for p in self._limited
        ]
        self._ways: dict[tuple[int, tuple[int, ...]], int] = {}

    def count(self) -> int:
        """How many ways the limited seats can be dealt their cards: zero exactly when no
        placement keeps the limits."""
        return self._count(0, tuple(len(cards) for cards in self._by_suit))

    def draw(self, stream: _Stream) -> tuple[list[list[Card]], list[Card]]:
        """The dealt cards of every seat (empty for a seat with no hidden cards), and the
        cards left for the stock in random order."""
        left = tuple(len(cards) for cards in self._by_suit)
        taken = []
        for level in range(len(self._limited)):
            pick = stream.below(self._count(level, left))
            for counts in self._choices(level, left):
                pick -= self._weight(left, counts) * self._count(level + 1, _minus(left, counts))
                if pick < 0:
                    break
            taken.append(counts)
            left = _minus(left, counts)
        dealt: list[list[Card]] = [[] for _ in self._slots]
        free: list[Card] = []
        for suit, cards in enumerate(self._by_suit):
            cards = list(cards)
            stream.shuffle(cards)
            start = 0
            for p, counts in zip(self._limited, taken, strict=True):
                dealt[p].extend(cards[start : start + counts[suit]])
                start += counts[suit]
            free.extend(cards[start:])
        stream.shuffle(free)
        start = 0
        for p, size in enumerate(self._slots):
            if p in self._limited:
                stream.shuffle(dealt[p])
            else:
                dealt[p] = free[start : start + size]
                start += size
        return dealt, free[start:]

    def _count(self, level: int, left: tuple[int, ...]) -> int:
        """The placements of ``left`` cards of each suit into the limited seats from
        ``level`` on (the other seats and the stock take the rest, in one way)."""
        if level == len(self._limited):
            return 1
        key = (level, left)
        found = self._ways.get(key)
        if found is None:
            found = sum(
                self._weight(left, counts) * self._count(level + 1, _minus(left, counts))
                for counts in self._choices(level, left)
            )
            self._ways[key] = found
        return found

    @staticmethod
    def _weight(left: tuple[int, ...], counts: tuple[int, ...]) -> int:
        """The ways to choose ``counts`` cards of each suit among ``left``."""
        ways = 1
        for have, take in zip(left, counts, strict=True):
            ways *= math.comb(have, take)
        return ways

    def _choices(self, level: int, left: tuple[int, ...]) -> list[tuple[int, ...]]:
        """Every count of cards of each suit that the seat at ``level`` may get."""
        size = self._slots[self._limited[level]]
        caps = [min(cap, have) for cap, have in zip(self._caps[level], left, strict=True)]
        found: list[tuple[int, ...]] = []

        def extend(prefix: tuple[int, ...], room: int) -> None:
            suit = len(prefix)
            if suit == len(caps) - 1:
                if room <= caps[suit]:
                    found.append((*prefix, room))
                return
            for take in range(min(room, caps[suit]) + 1):
                extend((*prefix, take), room - take)

        extend((), size)
        return found


def _minus(left: tuple[int, ...], counts: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(have - take for have, take in zip(left, counts, strict=True))


class _Late(Exception):
    """A placement of the hidden cards that no deal and history can lead to."""


def _void_limits(view: View) -> dict[tuple[int, Suit], int]:
    """Under ``must_follow_suit``: how many cards of a suit each seat may hold now (§3.10).

    A seat that did not follow the led suit held none of it then; it may hold as many as it
    has drawn since, unseen (none under ``open_stock``, where every card drawn is known).
    """
    r = view.rules
    if not r.must_follow_suit:
        return {}
    rounds = (_in_play(view) - r.dealt_cards) // r.players
    done = len(view.tricks)
    limits: dict[tuple[int, Suit], int] = {}
    tricks = [(t.seats, t.cards) for t in view.tricks]
    if view.trick:
        seats = r.trick_seats[view.dealer][view.leader][: len(view.trick)]
        tricks.append((seats, view.trick))
    for index, (seats, cards) in enumerate(tricks):
        led = cards[0].suit
        # Under open_stock every card drawn is known, so the hidden cards were all dealt.
        draws_since = max(0, min(done, rounds) - index) if view.dealt_stock is None else 0
        for p, card in zip(seats[1:], cards[1:], strict=True):
            if card.suit is not led:
                key = (p, led)
                limits[key] = min(limits.get(key, draws_since), draws_since)
    return limits


def _in_play(view: View) -> int:
    """How many cards this deal uses."""
    return sum(card not in view.removed for card in view.rules.deck)


# --- rebuilding a deck and a history ---------------------------------------------------------


def _rebuild(
    view: View,
    current: list[list[Card]],
    stock: list[Card],
    stream: _Stream,
    fixed: frozenset[int] = frozenset(),
) -> State:
    """A deck and a history that lead to ``current`` hands and the undrawn ``stock``.

    Raises `_Late` when this placement cannot have been dealt, and `InvalidStateError` when
    no placement can: the cards of a seat in ``fixed`` (a hand the view shows) cannot have
    reached it, which no other placement of the hidden cards changes.
    """
    r = view.rules
    players = r.players
    history = list(view.history)
    deal = None
    if r.auction is not None and r.first_trick_blind is FirstTrickBlind.COMMITTED:
        history, deal = _secret_naming(view, history, stream)
    # Each seat's receipts of cards over time, and each card's window of arrival.
    events = _timeline(view, history)
    order = r.seats_for(view.dealer)
    packet = r.deal_packet_size
    dealt_positions: dict[int, list[int]] = {p: [] for p in range(players)}
    count = r.dealt_cards
    for position in range(count):
        within = position % (packet * len(order))
        dealt_positions[order[within // packet]].append(position)
    deck: list[Card | None] = [None] * _in_play(view)
    if r.has_face_up_card:
        assert view.initial_trump_card is not None
        deck[count] = view.initial_trump_card
    elif view.initial_trump_card is not None:
        # Bugiarda: the last card dealt is public, and so is who received it.
        holder = order[-1]
        dealt_positions[holder].remove(count - 1)
        deck[count - 1] = view.initial_trump_card
        events.fixed.append(((-1, 0), holder, view.initial_trump_card))
    first_stock = count + r.has_face_up_card
    for p in range(players):
        receipts = [((-1, 0), position) for position in dealt_positions[p]]
        receipts += [(time, position) for time, holder, position in events.draws if holder == p]
        if p == view.seat and view.received:
            for position, card in _in_received_order(view, receipts, events, count):
                deck[position] = card
            continue
        cards = _windows(p, current[p], history, events)
        try:
            pairs = _match(receipts, cards, stream)
        except _Late:
            if p in fixed:
                raise InvalidStateError(
                    f"no state agrees with this view (seat {p}'s cards cannot have reached it)"
                ) from None
            raise
        for (time, position), card in pairs:
            del time
            deck[position] = card
    if view.dealt_stock is not None:
        undrawn, stock = first_stock, list(view.dealt_stock)
    else:
        undrawn = first_stock + events.drawn
    for offset, card in enumerate(stock):
        deck[undrawn + offset] = card
    if any(card is None for card in deck):
        raise InvalidStateError("no state agrees with this view (the deal cannot be rebuilt)")
    trump = view.trump_suit if deal is None else deal
    state = deal_from(r, [c for c in deck if c is not None], view.dealer, trump)
    if (state.phase is Phase.OVER) != (view.phase is Phase.OVER and not history):
        raise _Late  # annul_zero_point_hand: annulled as dealt in one and not the other
    for _, move in history:
        state = apply(state, move)
    seen = public_view(state) if view.seat is None else observe(state, view.seat)
    if seen != view:
        raise InvalidStateError("no state agrees with this view")
    return state


def _in_received_order(
    view: View,
    receipts: list[tuple[tuple[int, int], int]],
    events: _Timeline,
    count: int,
) -> list[tuple[int, Card]]:
    """The deck positions of the observing seat's cards, from the order it received them
    (`View.received`), so that the sampled world gives that order back."""
    arrivals: list[tuple[tuple[int, int], int, Card | None]] = [
        (time, position, None) for time, position in receipts
    ]
    arrivals += [
        (time, count - 1 if time < (0, 0) else 0, card)
        for time, holder, card in events.fixed
        if holder == view.seat
    ]
    arrivals.sort(key=lambda item: (item[0], item[1]))
    if len(arrivals) != len(view.received):
        raise InvalidStateError("no state agrees with this view (the cards received differ)")
    placed = []
    for (_, position, known), card in zip(arrivals, view.received, strict=True):
        if known is None:
            placed.append((position, card))
        elif known != card:
            raise InvalidStateError("no state agrees with this view (the cards received differ)")
    return placed


def _secret_naming(
    view: View, history: list[tuple[int, Move]], stream: _Stream
) -> tuple[list[tuple[int, Move]], Suit | None]:
    """Under a committed blind first trick, a suit the caller named that this seat cannot see."""
    if view.caller is None or any(type(move) in (NameSuit, NameCard) for _, move in history):
        return history, None
    if view.phase in (Phase.AUCTION, Phase.NAME_TRUMP):
        return history, None  # nothing has been named yet
    r = view.rules
    naming: Move
    if r.auction is Auction.POINTS_ONLY:
        callable_cards = [c for c in r.deck if r.allow_ace_call or c.rank is not Rank.ACE]
        naming = NameCard(callable_cards[stream.below(len(callable_cards))])
    else:
        naming = NameSuit(tuple(Suit)[stream.below(4)])
    end = next(
        (i for i, (_, move) in enumerate(history) if type(move) not in (Bid, BidPoints, Pass)),
        len(history),
    )
    return history[:end] + [(view.caller, naming)] + history[end:], None


class _Timeline:
    """Public times of events, as (move index, order within the move)."""

    def __init__(self) -> None:
        self.draws: list[tuple[tuple[int, int], int, int]] = []  # (time, seat, deck position)
        self.fixed: list[tuple[tuple[int, int], int, Card]] = []  # a known card received
        self.snapshots: list[tuple[tuple[int, int], int, frozenset[Card]]] = []
        self.voids: list[tuple[tuple[int, int], int, Suit]] = []  # a seat held no card of a suit
        self.drawn_only: set[tuple[int, tuple[int, int]]] = set()  # a 7 swapped after a draw
        self.drawn = 0


def _timeline(view: View, history: Sequence[tuple[int, Move]]) -> _Timeline:
    r = view.rules
    events = _Timeline()
    count = r.dealt_cards
    stock_cards = _in_play(view) - count
    face_down = stock_cards - r.has_face_up_card
    first_stock = count + r.has_face_up_card
    face_up = view.initial_trump_card if r.has_face_up_card else None
    tricks = 0
    in_trick = 0
    led: Suit | None = None
    shown = iter(view.shown)
    shown_seats = {p for p, _ in view.shown}
    started = False
    automatic_first = _sharing_first(view) is ShareHands.AUTOMATIC
    for index, (seat, move) in enumerate(history):
        if not started and type(move) is Play:
            started = True
            if automatic_first:
                _automatic(view, events, (index - 1, 2), shown, shown_seats)
        if type(move) is SwapTrump:
            assert face_up is not None
            events.fixed.append(((index, 1), seat, face_up))
            face_up = move.card
            if r.seven_swap_only_if_drawn and move.card.rank is Rank.SEVEN:
                events.drawn_only.add((seat, (index, 0)))  # §3.1: the 7 came from the stock
        elif type(move) is ShowHand and seat in shown_seats:
            entry = next(shown)
            events.snapshots.append(((index, 2), entry[0], frozenset(entry[1])))
        elif type(move) is Play:
            if in_trick == 0:
                led = move.card.suit
            elif r.must_follow_suit and led is not None and move.card.suit is not led:
                events.voids.append(((index, 0), seat, led))
            in_trick += 1
            if in_trick == r.active_players:
                in_trick = 0
                winner = view.tricks[tricks].winner if tricks < len(view.tricks) else None
                tricks += 1
                if winner is not None and (events.drawn < face_down or face_up is not None):
                    emptied = False
                    for drawer in r.trick_seats[view.dealer][winner]:  # the order of §1.7
                        if events.drawn < face_down:
                            if view.dealt_stock is None:
                                position = first_stock + events.drawn
                                events.draws.append(((index, 1), drawer, position))
                            else:  # an open stock: everyone saw which card this seat drew
                                card = view.dealt_stock[events.drawn]
                                events.fixed.append(((index, 1), drawer, card))
                            events.drawn += 1
                        elif face_up is not None:
                            events.fixed.append(((index, 1), drawer, face_up))
                            face_up = None
                            emptied = True
                    if not r.has_face_up_card and events.drawn == face_down:
                        emptied = True
                    if emptied and r.share_hands_when_stock_empty is ShareHands.AUTOMATIC:
                        _automatic(view, events, (index, 2), shown, shown_seats, every=True)
    if not started and automatic_first and view.phase is Phase.PLAY:
        _automatic(view, events, (len(history) - 1, 2), shown, shown_seats)
    return events


def _sharing_first(view: View) -> ShareHands:
    return sharing_before_first_trick(view.rules)


def _automatic(
    view: View,
    events: _Timeline,
    time: tuple[int, int],
    shown: object,
    shown_seats: set[int],
    *,
    every: bool = False,
) -> None:
    """Record the automatic snapshots taken at ``time`` that this seat can see."""
    r = view.rules
    seats = range(r.players) if every else sorted(r.seats_for(view.dealer))
    for p in seats:
        if p in shown_seats:
            entry = next(shown)  # type: ignore[call-overload]
            events.snapshots.append((time, entry[0], frozenset(entry[1])))


def _windows(
    seat: int, hand: list[Card], history: Sequence[tuple[int, Move]], events: _Timeline
) -> list[tuple[tuple[int, int], tuple[int, int], Card]]:
    """Each passage of a card through ``seat``'s hand that needs a receipt from the deck,
    with the window in which it must have arrived: after ``release``, by ``deadline``.

    A card leaves a hand when it is played or exchanged; it may come back (a 7 given for the
    face-up card and drawn again as the last card), and a passage that began with a known
    receipt (an exchange, the last face-up draw) needs no card from the deck.
    """
    leaving: dict[Card, list[tuple[int, int]]] = {}
    for index, (who, move) in enumerate(history):
        if who == seat and type(move) in (Play, SwapTrump):
            leaving.setdefault(move.card, []).append((index, 0))  # type: ignore[attr-defined]
    for card in hand:
        leaving.setdefault(card, []).append(_NEVER)
    known: dict[Card, list[tuple[int, int]]] = {}
    for time, holder, card in events.fixed:
        if holder == seat:
            known.setdefault(card, []).append(time)
    windows = []
    for card, departures in leaving.items():
        previous = (-2, 0)
        for deadline in sorted(departures):
            arrivals = [t for t in known.get(card, ()) if previous < t < deadline]
            if arrivals:
                previous = deadline
                continue
            release = previous
            if (seat, deadline) in events.drawn_only:
                release = max(release, (-1, 0))  # drawn, not dealt
            for time, holder, snapshot in events.snapshots:
                if holder != seat:
                    continue
                if card in snapshot and release < time:
                    deadline = min(deadline, time)
                elif card not in snapshot and deadline > time:
                    release = max(release, time)
            for time, holder, suit in events.voids:
                # Under must_follow_suit the seat held no card of that suit then (§3.10).
                if holder == seat and card.suit is suit and deadline > time:
                    release = max(release, time)
            windows.append((release, deadline, card))
            previous = deadline
    return windows


def _match(
    receipts: list[tuple[tuple[int, int], int]],
    cards: list[tuple[tuple[int, int], tuple[int, int], Card]],
    stream: _Stream,
) -> list[tuple[tuple[tuple[int, int], int], Card]]:
    """Pair receipts with cards that may arrive then, earliest deadline first."""
    if len(receipts) != len(cards):
        raise InvalidStateError("no state agrees with this view (the receipts do not match)")
    receipts.sort()
    shuffled = list(cards)
    stream_order = list(range(len(shuffled)))
    for i in range(len(stream_order) - 1, 0, -1):
        j = stream.below(i + 1)
        stream_order[i], stream_order[j] = stream_order[j], stream_order[i]
    waiting = [shuffled[i] for i in stream_order]
    pairs = []
    for receipt in receipts:
        time = receipt[0]
        ready = [item for item in waiting if item[0] < time <= item[1]]
        if not ready:
            raise _Late
        choice = min(ready, key=lambda item: item[1])
        waiting.remove(choice)
        pairs.append((receipt, choice[2]))
    return pairs
