"""Players: the `Player` protocol and three bots, from a baseline to a search player.

A player is any callable that takes a `View` (what its seat may know) and returns one of
``view.legal_moves``. It never sees a `State`. The bots here cover every phase of every
preset: card play, the exchanges with the face-up card, the Chiamata auction and naming,
Bugiarda declarations, signals and hand sharing.

* `RandomPlayer`: a uniformly random legal move; the baseline.
* `GreedyPlayer`: hand-written rules of thumb for every phase.
* `SearchPlayer`: perfect-information Monte Carlo: it samples full deals consistent with its
  view (`determinize`), plays each candidate card (or Chiamata bid and call) to the end in
  every sampled deal, and keeps the one with the best average result.

Bots with randomness take a ``seed`` and own a `random.Random`; the global generator is never
touched. `Player.with_seed`-style copies (``player.with_seed(n)``) give a fresh player of the
same kind, which is how `simulate` keeps results independent of how games are split up.

Examples:
    >>> import briscola
    >>> from briscola.players import GreedyPlayer, RandomPlayer
    >>> players = [GreedyPlayer(seed=1), RandomPlayer(seed=2)]
    >>> state = briscola.new_game("classic", seed=7)
    >>> while not briscola.is_over(state):
    ...     seat = briscola.current_player(state)
    ...     state = briscola.apply(state, players[seat](briscola.observe(state, seat)))
    >>> sum(briscola.score(state).points)
    120
"""

from __future__ import annotations

import abc
import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Final, Protocol, Self, runtime_checkable

from ._deal import check_seed
from ._quote import number_text, quote
from .cards import DECK, Card, Rank, Suit
from .errors import _FOREIGN, BriscolaError, RulesError
from .game import _inconsistent_view, apply, legal_moves, random_playout
from .match import MatchView
from .moves import (
    MOVE_TYPES,
    STRONG_HAND,
    WEAK_HAND,
    Bid,
    BidPoints,
    Declare,
    Has,
    Move,
    NameCard,
    NameSuit,
    Pass,
    Play,
    ShowHand,
    Signal,
    SwapTrump,
)
from .rules import AfterTwo
from .sampling import determinize
from .scoring import score
from .state import Phase, State
from .tricks import _winning_index
from .views import View, observe

__all__ = [
    "BOTS",
    "GreedyPlayer",
    "Player",
    "RandomPlayer",
    "SearchPlayer",
    "unseen_cards",
]


@runtime_checkable
class Player(Protocol):
    """Anything that chooses a move from a seat's view.

    ``player(view)`` returns one of ``view.legal_moves``; it is called only when the view's
    seat is to act. A player sees nothing but the view: never a `State`. Players with
    randomness should take a ``seed`` and draw only from their own `random.Random`, so that
    the same seed gives the same moves.

    Any function ``def choose(view: View) -> Move`` is a `Player`. `simulate` sends players
    to worker processes, so a player used with a process pool must be picklable (a class
    instance or a module-level function, not a lambda).
    """

    # Positional only, so that a function or method naming its argument otherwise (``v``,
    # ``obs``) is still a Player to type checkers.
    def __call__(self, view: View, /) -> Move:
        """The move to make in ``view``: one of ``view.legal_moves``."""
        ...


def refuse_class(player: object, wanted: str) -> None:
    """Raise `RulesError` when ``player`` is a class rather than a player: calling a class
    with a `View` would build a player instead of choosing a move. ``wanted`` begins the
    message ("opponents must be players")."""
    if isinstance(player, type):
        name = player.__name__
        raise RulesError(f"{wanted} such as {name}(), not the class {name}")


def reseeded(player: object, seed: int, who: str) -> Player | None:
    """``player.with_seed(seed)`` when ``player`` has that method, else ``None``.

    Raises `RulesError` when ``with_seed`` returns anything but a player (a forgotten
    ``return`` gives ``None``): the same seed would no longer give the same games. ``who``
    begins the message ("player 1 (...)").
    """
    with_seed = getattr(player, "with_seed", None)
    if not callable(with_seed):
        return None
    fresh = with_seed(seed)
    if not isinstance(fresh, Player) or isinstance(fresh, type):
        raise RulesError(
            f"{who} has a with_seed(seed) that returns {quote(fresh, 60)}, not a player"
        )
    return fresh


def unseen_cards(view: View | MatchView) -> tuple[Card, ...]:
    """The cards whose place ``view``'s seat does not know, in card id order (of the deal
    in progress, for a `MatchView`).

    They are in the other hands or in the face-down stock: every card of the deal except
    the seat's own hand, the cards played, the cards out of the deck, the face-up trump
    card, and the cards the seat knows to be in another hand (open hands, hands shown to
    it, the face-up card taken by an exchange, Bugiarda's trump card, a card drawn from an
    open stock) or in the stock (``open_stock``).

    Raises:
        RulesError: if ``view`` is not a `View` or a `MatchView`.

    Examples:
        >>> import briscola
        >>> view = briscola.observe(briscola.new_game("classic", seed=7), 0)
        >>> len(unseen_cards(view))  # 40 less 3 in hand, less the face-up card
        36
    """
    view = _deal_view(view, "unseen_cards()")
    try:
        return tuple(card for card in view.rules.deck if card not in _seen(view))
    except _FOREIGN:
        _inconsistent_view("unseen_cards()")


def _seen(view: View) -> set[Card]:
    seen = set(view.hand)
    seen.update(view.removed)
    for trick in view.tricks:
        seen.update(trick.cards)
    seen.update(view.trick)
    if view.trump_card is not None:
        seen.add(view.trump_card)
    for hand in view.hands:
        if hand is not None:
            seen.update(hand)
    for cards in view.known_cards:
        seen.update(cards)
    for _, cards in view.shown:
        seen.update(cards)
    if view.stock is not None:
        seen.update(view.stock)
    return seen


def _check_seed(seed: object, who: str) -> int | None:
    if seed is None:
        return None
    try:
        return check_seed(seed)
    except RulesError as error:
        raise RulesError(f"{who}: {error}") from None


def _deal_view(view: object, who: str) -> View:
    """``view``, or the view of the deal in progress for a `MatchView`."""
    if isinstance(view, MatchView):
        view = view.deal
    if not isinstance(view, View):
        raise RulesError(f"{who} needs a View from observe(), not {type(view).__name__}")
    return view


def _check_view(view: object, who: str) -> View:
    """`_deal_view` of ``view``, when its seat may act."""
    view = _deal_view(view, who)
    moves = view.legal_moves
    if type(moves) is not tuple or not all(type(move) in MOVE_TYPES for move in moves):
        _inconsistent_view(who)  # a bot returns one of these: they must be moves
    if not moves:
        raise RulesError(
            f"{who} was asked to move for seat {quote(view.seat)}, which is not to act"
        )
    return view


class _Bot(abc.ABC):
    """What the library's bots share (so that a list of them is typed as players)."""

    def __call__(self, view: View | MatchView) -> Move:
        """A legal move of ``view``, chosen by the bot's strategy (see the class); a
        `MatchView` is played as the view of its deal in progress.

        Raises:
            RulesError: if ``view`` is not a `View` or a `MatchView`, or its seat is not to
                act.
            InvalidStateError: if ``view`` was built or edited by hand and its fields do
                not fit together.
        """
        who = type(self).__name__
        deal = _check_view(view, who)
        try:
            return self._choose(deal, deal.legal_moves)
        except BriscolaError:
            raise
        except _FOREIGN:
            _inconsistent_view(who)

    @abc.abstractmethod
    def _choose(self, view: View, moves: tuple[Move, ...]) -> Move:
        """One of ``moves``, the legal moves of ``view`` (a view whose seat is to act)."""

    @abc.abstractmethod
    def with_seed(self, seed: int) -> Self:
        """A fresh player of the same class and budget, seeded with ``seed`` (a subclass
        whose constructor takes other arguments overrides this)."""


class RandomPlayer(_Bot):
    """A uniformly random legal move: the baseline every bot should beat.

    Args:
        seed: Makes the choices repeatable; ``None`` seeds from the operating system.

    Raises:
        RulesError: if ``seed`` is neither an int nor ``None``.
    """

    def __init__(self, seed: int | None = None) -> None:
        self.seed: Final = _check_seed(seed, "RandomPlayer")
        self._rng = random.Random(self.seed)

    def _choose(self, view: View, moves: tuple[Move, ...]) -> Move:
        return moves[self._rng.randrange(len(moves))]

    def with_seed(self, seed: int) -> Self:
        """A fresh player of this class seeded with ``seed``.

        Raises:
            RulesError: if ``seed`` is neither an int nor ``None``.
        """
        return type(self)(seed)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={_seed_text(self.seed)})"


# --- the greedy player ------------------------------------------------------------------------

_TOKEN_RANKS: Final = {
    "ACE": Rank.ACE,
    "THREE": Rank.THREE,
    "KING": Rank.KING,
    "KNIGHT": Rank.KNIGHT,
    "JACK": Rank.JACK,
}


class _Table:
    """What the greedy player works out once per decision from its view."""

    def __init__(self, view: View) -> None:
        r = view.rules
        self.view = view
        self.rules = r
        self.seat: int = view.seat if view.seat is not None else 0
        self.points = r.card_points
        self.strength = r.strength
        self.trump = view.trump_suit
        self.friendly = _friendliness(view, self.seat)

    def cost(self, card: Card) -> float:
        """What giving ``card`` away (or spending it) costs: points, and trumps kept."""
        if card.suit is self.trump:
            return 9.0 + self.points[card.id] + 0.6 * self.strength[card.id]
        return self.points[card.id] + 0.1 * self.strength[card.id]


def _over(card: Card, top: Card, trump: Suit | None, strength: tuple[int, ...]) -> bool:
    """Whether ``card`` takes the trick from ``top``, the card winning it so far."""
    if card.suit is top.suit:
        return strength[card.id] > strength[top.id]
    return card.suit is trump


def _friendliness(view: View, seat: int) -> tuple[float, ...]:
    """For each seat, how likely it is to be on ``seat``'s side (1 sure, 0 surely not)."""
    r = view.rules
    n = r.players
    if r.auction is None:
        teams = r.teams_for(view.dealer)
        side = next((team for team in teams if seat in team), (seat,))
        return tuple(1.0 if other in side else 0.0 for other in range(n))
    caller = view.caller
    if caller is None:
        return tuple(1.0 if other == seat else 0.0 for other in range(n))
    active = r.seats_for(view.dealer)
    partner = view.partner
    if partner is not None:
        called_side = {caller, partner}
        mine = seat in called_side
        return tuple(
            1.0 if other == seat or (other in active and (other in called_side) == mine) else 0.0
            for other in range(n)
        )
    others = [other for other in active if other not in (seat, caller)]
    if seat == caller:
        # One of the other seats holds the called card: each is the partner as likely.
        share = 1.0 / max(1, len(others))
        return tuple(1.0 if o == seat else (share if o in others else 0.0) for o in range(n))
    # A defender who does not know the partner: the caller is against it, and one of the
    # remaining seats sides with the caller.
    share = (len(others) - 1) / max(1, len(others))
    return tuple(1.0 if o == seat else (share if o in others else 0.0) for o in range(n))


class GreedyPlayer(_Bot):
    """Rules of thumb for every phase of every preset, deciding from the view alone.

    * Card play: take a trick worth points as cheaply as possible, with a card of the led
      suit when one wins, and with the cheapest trump only when the trick is worth it; throw
      the least valuable card otherwise; give points to a partner who is sure to take the
      trick ("a carico"); lead low cards of a plain suit and keep the trumps.
    * Exchanges with the face-up card (§3.1, §3.2): taken whenever the face-up card is
      worth more card points than the card given, or as many and is stronger.
    * Chiamata (§2.5): bid from the strength of the best suit, calling the strongest card of
      it the hand lacks; go down the ladder only as far as the hand justifies; as caller, name
      the best-scoring suit whose called card it does not hold (a solo only when it holds the
      called rank in every suit). Point bids (§2.5.3, §2.5.8): the hand's score for its best
      suit estimates the card points its side will take, and it raises by the least step
      allowed while the target stays within that estimate; in Milan a hand worth the contract
      with only the 2's help calls the 2 once the ranks it would call are taken.
    * Bugiarda declarations (§2.6): a true statement useful to the partner (the Ace or the 3
      of trumps held, else the strength of the hand).
    * Signals (§3.5): tells the partner(s) once of each trump honour it holds, one a turn, in
      the order of ``signal_tokens``; hand sharing (§3.3, §3.4): always shows its hand to its
      partner(s), who are the only ones to see it.

    Args:
        seed: Breaks ties between equally good moves; ``None`` seeds from the operating
            system.

    Raises:
        RulesError: if ``seed`` is neither an int nor ``None``.
    """

    def __init__(self, seed: int | None = None) -> None:
        self.seed: Final = _check_seed(seed, "GreedyPlayer")
        self._rng = random.Random(self.seed)

    def with_seed(self, seed: int) -> Self:
        """A fresh player of this class seeded with ``seed``.

        Raises:
            RulesError: if ``seed`` is neither an int nor ``None``.
        """
        return type(self)(seed)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={_seed_text(self.seed)})"

    def _choose(self, view: View, moves: tuple[Move, ...]) -> Move:
        if len(moves) == 1:
            return moves[0]
        table = _Table(view)
        phase = view.phase
        if phase is Phase.AUCTION:
            move = _bid(table, moves)
        elif phase is Phase.NAME_TRUMP:
            move = _name(table, moves)
        elif phase is Phase.DECLARATIONS:
            move = _declare(table, moves)
        elif phase is Phase.SHARE_HANDS:
            move = _first_of(moves, ShowHand) or _first_of(moves, Pass) or moves[0]
        elif phase is Phase.SWAP_WINDOW:
            move = _swap(table, moves) or _first_of(moves, Pass) or moves[0]
        else:
            move = _swap(table, moves) or _signal(table, moves) or _play(table, moves, self._rng)
        return move


def _first_of(moves: Sequence[Move], kind: type) -> Move | None:
    return next((move for move in moves if type(move) is kind), None)


def _swap(table: _Table, moves: Sequence[Move]) -> Move | None:
    face_up = table.view.trump_card
    if face_up is None:
        return None
    strength = table.strength
    points = table.points
    for move in moves:
        if type(move) is SwapTrump:
            card = move.card
            if (points[face_up.id], strength[face_up.id]) > (points[card.id], strength[card.id]):
                return move
    return None


def _signal(table: _Table, moves: Sequence[Move]) -> Move | None:
    """Tell the partner of the first trump honour, in token order, held and not told yet."""
    trump = table.trump
    if trump is None or not any(type(move) is Signal for move in moves):
        return None
    sent = {
        move.token
        for seat, move in table.view.history
        if seat == table.seat and type(move) is Signal
    }
    held = {card.rank for card in table.view.hand if card.suit is trump}
    for move in moves:
        if type(move) is Signal and move.token not in sent:
            rank = _TOKEN_RANKS.get(move.token)
            if rank is not None and rank in held:
                return move
    return None


def _play(table: _Table, moves: Sequence[Move], rng: random.Random) -> Move:
    plays = [move for move in moves if type(move) is Play]
    if not plays:
        return _first_of(moves, Pass) or moves[0]
    view = table.view
    cost = table.cost
    if not view.trick:
        return _cheapest(plays, cost, rng)
    r = table.rules
    trick = view.trick
    led = trick[0].suit
    seats = r.trick_seats[view.dealer][view.leader]
    best = _winning_index(trick, table.trump, r.strength)
    top = trick[best]
    later = seats[len(trick) + 1 :]
    friendly = table.friendly
    at_stake = sum(table.points[card.id] for card in trick)
    strength = table.strength
    trump = table.trump
    # The cards that may still beat this trick: those seen in the hands of the opponents
    # still to play (a hand played open, the face-up card drawn or taken in an exchange)
    # and, unless all of their hands are open, every card it cannot place.
    held: list[Card] = []
    blind = False
    for seat in later:
        if friendly[seat] < 1.0:
            hand = view.hands[seat]
            if hand is None:
                blind = True
                hand = view.known_cards[seat]
            held.extend(hand)
    if blind:
        held.extend(unseen_cards(view))
    threats = [card for card in held if card.suit is led or card.suit is trump]

    def safe(card: Card) -> bool:
        """No card the seats after this one may hold beats ``card``."""
        if not later or all(friendly[seat] >= 1.0 for seat in later):
            return True
        return not any(_over(other, card, trump, strength) for other in threats)

    if friendly[seats[best]] >= 0.5 and safe(top):
        # The side takes the trick: add points to it, but not trumps.
        loads = [move for move in plays if move.card.suit is not trump]
        if loads:
            return max(loads, key=lambda move: (table.points[move.card.id], -cost(move.card)))
        return _cheapest(plays, cost, rng)
    winners = [move for move in plays if _over(move.card, top, trump, strength)]
    if not winners:
        return _cheapest(plays, cost, rng)
    plain = [move for move in winners if move.card.suit is not trump or led is trump]
    sure = [move for move in plain if safe(move.card)]
    if sure:
        # Taking with the led suit also banks the card's own points.
        return max(sure, key=lambda move: (table.points[move.card.id], -strength[move.card.id]))
    trumps = [move for move in winners if move not in plain]
    worth = at_stake >= 10 or (at_stake >= 4 and not later)
    if trumps and worth:
        sure_trumps = [move for move in trumps if safe(move.card)]
        return _cheapest(sure_trumps or trumps, cost, rng)
    if plain and at_stake >= 3:
        return _cheapest(plain, cost, rng)
    return _cheapest(plays, cost, rng)


def _cheapest(plays: Sequence[Play], cost: Callable[[Card], float], rng: random.Random) -> Play:
    ranked = sorted(plays, key=lambda move: (cost(move.card), move.card.id))
    low = cost(ranked[0].card)
    ties = [move for move in ranked if cost(move.card) == low]
    return ties[rng.randrange(len(ties))] if len(ties) > 1 else ranked[0]


# --- Chiamata ------------------------------------------------------------------------------


def _suit_score(table: _Table, suit: Suit) -> float:
    """How good ``suit`` would be as trumps for this hand."""
    points = table.points
    strength = table.strength
    held = [card for card in table.view.hand if card.suit is suit]
    return sum(6 + points[c.id] + 0.5 * strength[c.id] for c in held)


def _hand_score(table: _Table, suit: Suit) -> float:
    points = table.points
    side = sum(points[c.id] for c in table.view.hand if c.suit is not suit)
    return _suit_score(table, suit) + 0.4 * side


def _best_suit(table: _Table) -> Suit:
    return max(Suit, key=lambda suit: (_hand_score(table, suit), -suit.index))


def _missing_ranks(table: _Table, suit: Suit) -> list[int]:
    """Positions on the call ladder of the ranks of ``suit`` this hand lacks."""
    held = {card.rank for card in table.view.hand if card.suit is suit}
    ladder = table.rules.call_ranks
    return [i for i, rank in enumerate(ladder) if rank not in held]


def _bid(table: _Table, moves: Sequence[Move]) -> Move:
    r = table.rules
    ladder = r.call_ranks
    suit = _best_suit(table)
    score_ = _hand_score(table, suit)
    can_pass = any(type(move) is Pass for move in moves)
    bids = {ladder.index(move.rank): move for move in moves if type(move) is Bid}
    point_bids = sorted(
        (move for move in moves if type(move) is BidPoints), key=lambda move: move.target
    )
    # The strongest rank the hand lacks is the natural call; a stronger hand may go further
    # down the ladder (a higher bid), one step for every 9 points of strength above 40.
    missing = _missing_ranks(table, suit)
    natural = missing[0] if missing else len(ladder) - 1
    reach = natural + max(0, int((score_ - 40) // 9)) if score_ >= 36 else -1
    choices = [i for i in sorted(bids) if i <= reach and i in missing]
    if choices:
        return bids[choices[0]]
    # Point bids (§2.5.3, §2.5.8). With its best suit as trumps and the weakest rank called,
    # the caller's side takes about the hand score plus 4 card points (give or take 22, in
    # deals played out by this player), so the score is the most it undertakes: it raises
    # by the least step allowed while the target stays within it, and never beyond.
    ceiling = min(120, int(score_))
    if point_bids and point_bids[0].target <= ceiling:
        return point_bids[0]
    if (
        r.after_two is AfterTwo.POINTS
        and ladder[-1] not in {card.rank for card in table.view.hand if card.suit is suit}
        and len(ladder) - 1 in bids
        and score_ >= (r.base_target or 61)
    ):
        # Milan: a hand worth the contract with only the weakest card's help goes down to
        # the 2 once the ranks it would call are taken, which opens the point bids.
        return bids[len(ladder) - 1]
    if can_pass:
        return next(move for move in moves if type(move) is Pass)
    # Forced to speak (all passed): the least committing call.
    if bids:
        return bids[min(bids)]
    return point_bids[0] if point_bids else moves[0]


def _name(table: _Table, moves: Sequence[Move]) -> Move:
    view = table.view
    hand = set(view.hand)
    names = [move for move in moves if type(move) is NameSuit]
    if names:
        rank = _winning_rank(view)
        ranked = sorted(
            names,
            key=lambda move: (
                rank is not None and Card(rank, move.suit) in hand,  # a partner, not a solo
                -_hand_score(table, move.suit),
                move.suit.index,
            ),
        )
        return ranked[0]
    calls = [move for move in moves if type(move) is NameCard]
    if calls:
        suit = _best_suit(table)
        strength = table.strength
        ranked_calls = sorted(
            calls,
            key=lambda move: (
                move.card in hand,
                move.card.suit is not suit,
                -_hand_score(table, move.card.suit),
                -strength[move.card.id],
            ),
        )
        return ranked_calls[0]
    return moves[0]


def _winning_rank(view: View) -> Rank | None:
    """The rank of the highest bid: the called card's rank (a 2 after a point bid)."""
    for _, move in reversed(view.history):
        if type(move) is Bid:
            return move.rank
        if type(move) is BidPoints:
            return view.rules.call_ranks[-1]
    return None


# --- Bugiarda ------------------------------------------------------------------------------


def _declare(table: _Table, moves: Sequence[Move]) -> Move:
    """A true claim the partner can use: a top trump held, else the strength of the hand."""
    view = table.view
    legal = set(moves)
    trump = table.trump
    if trump is not None:
        for rank in (Rank.ACE, Rank.THREE):
            card = Card(rank, trump)
            if card in view.hand and Declare(Has(card)) in legal:
                return Declare(Has(card))
    points = sum(table.points[card.id] for card in view.hand)
    trumps = sum(card.suit is trump for card in view.hand)
    # An average card is worth 3 points and is a trump one time in four (6 points each).
    strong = points + 6 * trumps > 4.5 * len(view.hand)
    claim = Declare(STRONG_HAND if strong else WEAK_HAND)
    if claim in legal:
        return claim
    return _first_of(moves, Pass) or moves[0]


# --- the search player ---------------------------------------------------------------------


def _seed_text(seed: int | None) -> str:
    """A bot's seed in its repr: the seeds too long to print are named by their size."""
    return "None" if seed is None else number_text(seed)


def _positive(value: object) -> bool:
    """Whether ``value`` is a number above 0 that the clock's float arithmetic can take
    (NaN is not, nor an int too large for a float)."""
    if not isinstance(value, int | float) or isinstance(value, bool):
        return False
    try:
        return float(value) > 0
    except OverflowError:
        return False


# A bound on a decision's work: at about a millisecond a world, 10,000 worlds already take
# seconds a move.
_MAX_WORLDS: Final = 10_000


class SearchPlayer(_Bot):
    """Perfect-information Monte Carlo search over sampled deals.

    For each decision in trick play it draws up to ``worlds`` full deals consistent with its
    view (`determinize`), applies each candidate card in each of them, and plays the deal
    out to the end with a fast greedy policy (``rollout="greedy"``) or at random
    (``rollout="random"``, using `random_playout`). Once 8 cards or fewer are left in the
    hands and the stock, each sampled deal is solved exactly instead (alpha-beta with every
    card known). An outcome is worth its side's margin of card points plus a bonus for the
    game points won. In Chiamata each sampled deal settles who the partner is (the seat
    holding the called card, §2.5.4), so the outcome is valued for the side the player is
    on in that deal, and the playouts let every seat know its side; before the call (or
    while the called card is secret, under a blind first trick) each seat counts as
    friendly as the greedy player's estimate. The same deals are used for every candidate,
    the greedy player's choice gets a small head start, and the sampling stops early once
    one card is clearly ahead (by 2.5 standard errors of the paired differences, after 8
    deals at least).

    The Chiamata auction and call (§2.5.2 to §2.5.4, §2.5.8) are searched the same way over
    up to ``auction_worlds`` deals of the unseen cards: every pass and rank bid, a few point
    bids (the lowest allowed and raises of 3, 6, 10 and 15 over it), every suit to name, or
    the six cards the greedy player ranks best to call. In each deal the candidate is
    applied, the rest of the auction and the call are made by `GreedyPlayer` at every
    seat, each from its own view of that deal, and the deal is played out; a candidate is
    worth the game points it brings this seat, then its side's margin of card points.

    Exchanges with the face-up card, signals, declarations and hand sharing are decided as
    `GreedyPlayer` decides them.

    Args:
        seed: Makes the search repeatable; ``None`` seeds from the operating system.
        worlds: The most deals sampled per decision (default 64, at most 10,000); the
            search stops earlier once one card is clearly ahead of the others.
        rollout: ``"greedy"`` (default) or ``"random"``.
        time_ms: If given, stop sampling worlds once this many milliseconds have passed
            (at least one world is always searched). A time budget makes the player's moves
            depend on the machine's speed; leave it ``None`` for repeatable results.
        auction_worlds: The most deals sampled per bid or call in Chiamata (default 24, at
            most 10,000); the search stops earlier once one candidate is clearly ahead.

    Raises:
        RulesError: for a bad seed or budget.
    """

    def __init__(
        self,
        seed: int | None = None,
        *,
        worlds: int = 64,
        rollout: str = "greedy",
        time_ms: float | None = None,
        auction_worlds: int = 24,
    ) -> None:
        self.seed: Final = _check_seed(seed, "SearchPlayer")
        for name, budget in (("worlds", worlds), ("auction_worlds", auction_worlds)):
            if type(budget) is not int or not 1 <= budget <= _MAX_WORLDS:
                raise RulesError(
                    f"{name}={quote(budget)} is not valid: use a whole number from 1 to "
                    f"{_MAX_WORLDS:,}"
                )
        if isinstance(rollout, str):
            rollout = str.__str__(rollout)  # a StrEnum member is its text, as variant names are
        if type(rollout) is not str or rollout not in ("greedy", "random"):
            raise RulesError(f"rollout={quote(rollout)} is not valid: use 'greedy' or 'random'")
        if time_ms is not None and not _positive(time_ms):
            raise RulesError(f"time_ms={quote(time_ms)} is not valid: use a positive number")
        self.worlds: Final = worlds
        self.rollout: Final = rollout
        self.time_ms: Final = time_ms
        self.auction_worlds: Final = auction_worlds
        self._rng = random.Random(self.seed)
        self._greedy = GreedyPlayer(self._rng.getrandbits(32))

    def with_seed(self, seed: int) -> Self:
        """A fresh player of this class with the same budget, seeded with ``seed``.

        Raises:
            RulesError: if ``seed`` is neither an int nor ``None``.
        """
        return type(self)(
            seed,
            worlds=self.worlds,
            rollout=self.rollout,
            time_ms=self.time_ms,
            auction_worlds=self.auction_worlds,
        )

    def __repr__(self) -> str:
        budget = f", time_ms={self.time_ms!r}" if self.time_ms is not None else ""
        if self.auction_worlds != 24:
            budget += f", auction_worlds={number_text(self.auction_worlds)}"
        return (
            f"{type(self).__name__}(seed={_seed_text(self.seed)}, "
            f"worlds={number_text(self.worlds)}, "
            f"rollout={self.rollout!r}{budget})"
        )

    def _choose(self, view: View, moves: tuple[Move, ...]) -> Move:
        # The move with the best mean result over the sampled deals.
        if len(moves) == 1:
            return moves[0]
        if view.phase is Phase.AUCTION or view.phase is Phase.NAME_TRUMP:
            return self._search_contract(view, moves)
        plays = [move for move in moves if type(move) is Play]
        if view.phase is not Phase.PLAY or len(plays) < 2:
            return self._greedy(view)
        table = _Table(view)
        other = _swap(table, moves) or _signal(table, moves)
        if other is not None:
            return other
        return self._search(view, table, plays)

    def _search(self, view: View, table: _Table, plays: list[Play]) -> Move:
        rng = self._rng
        weights = table.friendly
        exact = all(w in (0.0, 1.0) for w in weights)

        def values(state: State) -> list[float]:
            side = _world_side(view, state)
            world_weights = weights if side is None else side
            solve = (exact or side is not None) and _cards_left(state) <= _SOLVE_CARDS
            results = []
            for move in plays:
                after = apply(state, move)
                if solve:
                    results.append(_solve(after, world_weights, -math.inf, math.inf))
                else:
                    after = self._playout(after, rng, world_weights)
                    results.append(_value(after, world_weights))
            return results

        preferred = _play(table, plays, random.Random(0))
        return self._sample(view, plays, preferred, self.worlds, values)

    def _search_contract(self, view: View, moves: Sequence[Move]) -> Move:
        """A bid, or the suit or card to call, by sampling: each candidate is applied in
        every sampled deal, the rest of the auction and the call are made by the greedy
        player at every seat (each from its own view of that deal), and the deal is played
        out with the sides of that deal known. A candidate is worth the game points it
        brings this seat, then its side's margin of card points."""
        preferred = self._greedy(view)
        candidates = _contract_candidates(view, moves, preferred)
        if len(candidates) == 1:
            return candidates[0]
        rng = self._rng
        policy = GreedyPlayer(rng.getrandbits(32))
        seat = view.seat if view.seat is not None else 0

        def values(state: State) -> list[float]:
            results = []
            for move in candidates:
                after = _settle_contract(apply(state, move), policy)
                value = 0.0  # a deal thrown in (everybody passed): nothing won or lost
                if after.phase is not Phase.OVER:
                    side = _side_after_contract(after, seat)
                    if side is None:
                        after = self._playout(after, rng, None)
                        value = _WIN_BONUS * score(after).deltas[seat]
                    else:
                        after = self._playout(after, rng, side)
                        value = _own_value(after, side, seat)
                results.append(value)
            return results

        return self._sample(view, candidates, preferred, self.auction_worlds, values)

    def _sample(
        self,
        view: View,
        candidates: Sequence[Move],
        preferred: Move,
        worlds: int,
        values: Callable[[State], list[float]],
    ) -> Move:
        """The candidate with the best mean value over up to ``worlds`` deals sampled from
        ``view``; ``values(deal)`` gives each candidate's value in one sampled deal.

        Sampling is noisy: ``preferred`` (the greedy choice) keeps a small head start, so
        the search departs from it only when the sampled deals clearly favour another move.
        Sampling stops at the time budget, or early once one candidate is clearly ahead.
        """
        rng = self._rng
        deadline = None if self.time_ms is None else time.perf_counter() + self.time_ms / 1000
        head_start = [_PRIOR if move == preferred else 0.0 for move in candidates]
        table: list[list[float]] = [[] for _ in candidates]
        for world in range(1, worlds + 1):
            state = determinize(view, seed=rng.getrandbits(64))
            for i, value in enumerate(values(state)):
                table[i].append(value + head_start[i])
            if deadline is not None and time.perf_counter() > deadline:
                break
            if world >= _MIN_WORLDS and world % 4 == 0 and _settled(table):
                break
        means = [sum(row) / len(row) for row in table]
        return candidates[means.index(max(means))]

    def _playout(
        self, state: State, rng: random.Random, weights: tuple[float, ...] | None
    ) -> State:
        if self.rollout == "random":
            return random_playout(state, rng)
        return _greedy_playout(state, weights)


# The most point bids weighed in the Milan auction: the lowest legal target and a few
# raises over it (a seat rarely has a reason to jump further).
BOTS: Final[dict[str, Callable[[int | None], Player]]] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    "search": SearchPlayer,
}
"""The library's bots by name, each called with a seed: the names the command line and
the web table take."""


_POINT_STEPS: Final = (0, 3, 6, 10, 15)
# The most cards weighed when a whole card is named (the points-only auction, §2.5.8).
_CARD_CANDIDATES: Final = 6


def _contract_candidates(view: View, moves: Sequence[Move], preferred: Move) -> list[Move]:
    """The bids or calls worth weighing: every rank bid and pass, a few point bids, every
    suit, and the best few cards by the greedy player's ranking."""
    point_bids = sorted(
        (move for move in moves if type(move) is BidPoints), key=lambda move: move.target
    )
    chosen: list[Move] = [move for move in moves if type(move) is not BidPoints]
    if point_bids:
        low = point_bids[0].target
        wanted = {low + step for step in _POINT_STEPS}
        chosen.extend(move for move in point_bids if move.target in wanted)
    if any(type(move) is NameCard for move in chosen):
        table = _Table(view)
        hand = set(view.hand)
        strength = table.strength
        calls = sorted(
            (move for move in chosen if type(move) is NameCard),
            key=lambda move: (
                move.card in hand,
                -_hand_score(table, move.card.suit),
                -strength[move.card.id],
                move.card.id,
            ),
        )
        chosen = [move for move in chosen if type(move) is not NameCard]
        chosen.extend(calls[:_CARD_CANDIDATES])
    if preferred not in chosen:
        chosen.append(preferred)
    return chosen


def _settle_contract(state: State, policy: GreedyPlayer) -> State:
    """``state`` once the auction and the call are over, every seat bidding and naming as
    ``policy`` would from its own view."""
    while state.phase is Phase.AUCTION or state.phase is Phase.NAME_TRUMP:
        seat = state.turn
        if seat is None:
            break
        state = apply(state, policy(observe(state, seat)))
    return state


def _side_after_contract(state: State, seat: int) -> tuple[float, ...] | None:
    """The sides of a fully known deal once its card is called, seen from ``seat``."""
    view = observe(state, seat)
    card = view.called_card
    if card is None or view.caller is None:
        return None
    holder = next((s for s, hand in enumerate(state.hands) if card in hand), None)
    if holder is None:
        return None
    return _sides(view, view.caller, holder)


def _sides(view: View, caller: int, holder: int) -> tuple[float, ...]:
    r = view.rules
    active = r.seats_for(view.dealer)
    called_side = (caller, holder)
    mine = view.seat in called_side
    return tuple(
        1.0 if seat in active and (seat in called_side) == mine else 0.0
        for seat in range(r.players)
    )


def _world_side(view: View, state: State) -> tuple[float, ...] | None:
    """In Chiamata, the seats on the side of ``view``'s seat in the sampled deal ``state``
    (1 on its side, 0 against): the holder of the called card is the partner there (§2.5.4).
    ``None`` where the view does not name the called card yet, or outside Chiamata."""
    card = view.called_card
    caller = view.caller
    if card is None or caller is None:
        return None
    holder = view.partner
    if holder is None:
        holder = next((seat for seat, hand in enumerate(state.hands) if card in hand), None)
        if holder is None:
            return None  # played face down in a blind first trick: no better than a guess
    return _sides(view, caller, holder)


def _value(state: State, weights: tuple[float, ...]) -> float:
    """A finished deal's worth to a side, from how friendly each seat is: the margin of card
    points, plus a large bonus for the game points won, so that winning the deal comes
    first and the margin second."""
    result = score(state)
    margin = sum((2 * w - 1) * p for w, p in zip(weights, result.points, strict=True))
    won = sum(w * d for w, d in zip(weights, result.deltas, strict=True))
    return margin + _WIN_BONUS * won


def _own_value(state: State, weights: tuple[float, ...], seat: int) -> float:
    """A finished deal's worth to ``seat``: its own game points first (a caller wins and
    loses more than its partner), then its side's margin of card points."""
    result = score(state)
    margin = sum((2 * w - 1) * p for w, p in zip(weights, result.points, strict=True))
    return margin + _WIN_BONUS * result.deltas[seat]


_WIN_BONUS: Final = 20.0
_PRIOR: Final = 2.0
# The search stops sampling early, after at least _MIN_WORLDS deals, once the best card is
# ahead of every other by _CLEAR standard errors of the paired differences.
_MIN_WORLDS: Final = 8
_CLEAR: Final = 2.5


def _settled(values: list[list[float]]) -> bool:
    """Whether the card with the best mean is clearly ahead of every other one."""
    n = len(values[0])
    means = [sum(row) / n for row in values]
    best = means.index(max(means))
    for j, row in enumerate(values):
        if j == best:
            continue
        diffs = [a - b for a, b in zip(values[best], row, strict=True)]
        mean = sum(diffs) / n
        variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        if variance == 0:
            continue  # the same difference in every deal: as good as known
        if mean <= 0 or mean * mean * n <= _CLEAR * _CLEAR * variance:
            return False
    return True


# Deals with this many cards left in the hands and the stock are solved exactly in each
# sampled world (a double-dummy search) instead of being played out.
_SOLVE_CARDS: Final = 8


def _cards_left(state: State) -> int:
    return sum(len(hand) for hand in state.hands) + state.stock_size


def _solve(state: State, weights: tuple[float, ...], alpha: float, beta: float) -> float:
    """The value of ``state`` for the side of ``weights`` (0 or 1 each) under best play by
    every seat, every card being known: alpha-beta over the card plays."""
    if state.phase is Phase.OVER:
        return _value(state, weights)
    moves = legal_moves(state)
    if state.phase is not Phase.PLAY:
        return _solve(apply(state, _first_of(moves, Pass) or moves[0]), weights, alpha, beta)
    plays = [move for move in moves if type(move) is Play]
    turn = state.turn
    assert turn is not None
    if weights[turn] >= 0.5:
        best = -math.inf
        for move in plays:
            best = max(best, _solve(apply(state, move), weights, alpha, beta))
            alpha = max(alpha, best)
            if alpha >= beta:
                break
        return best
    best = math.inf
    for move in plays:
        best = min(best, _solve(apply(state, move), weights, alpha, beta))
        beta = min(beta, best)
        if alpha >= beta:
            break
    return best


def _greedy_playout(state: State, weights: tuple[float, ...] | None = None) -> State:
    """Play a deal to the end with a quick greedy policy that looks at each seat's own hand,
    the trick and who its partners are: the fixed partnerships, or in Chiamata the sides of
    ``weights`` (1 for one side, 0 for the other) when they are known in this deal.

    This runs thousands of times per decision, so it works on card ids and plain loops."""
    r = state.rules
    points = r.card_points
    strength = r.strength
    last = r.active_players - 1
    plain = r.plain_play
    side_of = [-1] * r.players
    if r.auction is None:
        for index, team in enumerate(state.teams):
            for seat in team:
                side_of[seat] = index
        partners = any(len(team) > 1 for team in state.teams)
    else:
        partners = weights is not None and all(w in (0.0, 1.0) for w in weights)
        if partners:
            assert weights is not None
            side_of = [int(w) for w in weights]
    costs: dict[Suit | None, list[float]] = {}
    over_phase = Phase.OVER
    play_phase = Phase.PLAY
    while state.phase is not over_phase:
        moves = legal_moves(state)
        if state.phase is not play_phase:
            state = apply(state, _first_of(moves, Pass) or moves[0])
            continue
        plays: Sequence[Play] = moves if plain else [m for m in moves if type(m) is Play]  # type: ignore[assignment]
        trump = state.trump_suit
        cost = costs.get(trump)
        if cost is None:
            cost = costs[trump] = [_rollout_cost(c, trump, points, strength) for c in DECK]
        trick = state.trick
        choice = None
        if trick:
            index = _winning_index(trick, trump, strength)
            top = trick[index]
            top_suit = top.suit
            top_strength = strength[top.id]
            is_last = len(trick) == last
            if (
                partners
                and is_last
                and side_of[r.trick_seats[state.dealer][state.leader][index]]
                == side_of[state.turn or 0]
            ):
                # The partner takes the trick: add the most points short of a trump.
                most = -1
                for move in plays:
                    card = move.card
                    if card.suit is not trump and points[card.id] > most:
                        choice, most = move, points[card.id]
            else:
                at_stake = 0
                for card in trick:
                    at_stake += points[card.id]
                worth = at_stake >= 10 or (at_stake >= 4 and is_last)
                most = -1
                cheapest = math.inf
                for move in plays:
                    card = move.card
                    if card.suit is top_suit:
                        if strength[card.id] > top_strength:
                            if top_suit is not trump:
                                if points[card.id] > most:
                                    choice, most = move, points[card.id]
                            elif worth and most < 0 and cost[card.id] < cheapest:
                                choice, cheapest = move, cost[card.id]
                    elif card.suit is trump and worth and most < 0 and cost[card.id] < cheapest:
                        choice, cheapest = move, cost[card.id]
        if choice is None:
            cheapest = math.inf
            for move in plays:
                if cost[move.card.id] < cheapest:
                    choice, cheapest = move, cost[move.card.id]
        assert choice is not None
        state = apply(state, choice)
    return state


def _rollout_cost(
    card: Card, trump: Suit | None, points: tuple[int, ...], strength: tuple[int, ...]
) -> float:
    if card.suit is trump:
        return 9.0 + points[card.id] + 0.6 * strength[card.id]
    return points[card.id] + 0.1 * strength[card.id]
