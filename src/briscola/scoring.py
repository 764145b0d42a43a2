"""`Score` and `score()`: card points, the deal result and zero-sum game points.

`score` works on every state, finished or not. Game points (`Score.deltas`) follow
§1.9 and ruling R3:

* two sides: every seat of the winning side +1, every seat of the losing side −1; a draw
  or a void deal 0 for everyone;
* three players each for themself (``classic-3``, §2.2): the single top scorer +2 and the
  others −1; two tied on top +1 each and the third −2; all three tied 0.
"""

from __future__ import annotations

from typing import Final, NamedTuple

import attrs

from ._contract import Contract, contract, is_revealed
from ._engine import check_state
from ._frozen import builder
from ._repr import fields_repr
from .cards import Card
from .moves import Move, NameCard, NameSuit
from .rules import Cappotto, Rules, Stakes, TieRule
from .state import POINTS, Phase, State

__all__ = ["Score", "score"]


# weakref_slot=False: `score` builds a Score through its twin (see `briscola._frozen`).
@attrs.frozen(repr=False, weakref_slot=False)
class Score:
    """The card points and the result of a deal, as far as it has gone.

    A `Score` holds nothing hidden and may be shown to every seat at any moment.
    """

    __repr__ = fields_repr

    points: tuple[int, ...]
    """Card points captured so far by each seat (under the active ``rank_variant``)."""
    deltas: tuple[int, ...]
    """Game points won or lost by each seat for this deal; they sum to 0, and are all 0
    until the deal is over."""
    winners: frozenset[int]
    """The seats of the winning side; empty while playing, on a draw, on a void deal, and
    when two players tie on top in ``classic-3``."""
    final: bool
    """Whether the deal is over."""
    void: bool = False
    """The deal ended with no result (``tie_rule="replay"``, Chiamata's
    ``all_pass="redeal"`` or ``annul_zero_point_hand``): every delta 0, no winners."""
    team_points: tuple[int, ...] = ()
    """Card points captured so far by each side: those of `State.teams`, in that order; in
    Chiamata, the caller's side and then the others, once the partner is known (``()``
    before)."""
    caller: int | None = None
    """Chiamata only: the caller; ``None`` in the other variants."""
    target: int | None = None
    """Chiamata only: the card points the caller's side needs; ``None`` elsewhere."""
    called_card: Card | None = None
    """Chiamata only: the called card once public; ``None`` elsewhere."""
    partner: int | None = None
    """Chiamata only: the partner once the called card is played; ``None`` elsewhere."""
    solo: bool | None = None
    """Chiamata only: whether the caller plays alone, once known; ``None`` elsewhere."""
    cappotto: bool | None = None
    """Chiamata only: whether the deal was a cappotto; ``None`` elsewhere."""


_ZEROS: Final = {n: (0,) * n for n in range(1, 7)}
_OVER: Final = Phase.OVER
# Score(...) for the values computed here (see `briscola._frozen`).
_score: Final = builder(Score)


def score(state: State) -> Score:
    """The score of a deal, finished or not (`briscola.score` also takes a `Match`).

    Examples:
        >>> import briscola
        >>> result = briscola.score(briscola.new_game("classic", seed=3))
        >>> result.points, result.deltas, result.final
        ((0, 0), (0, 0), False)
    """
    check_state(state, "score")
    return unchecked_score(state)


def unchecked_score(state: State) -> Score:
    """`score` of a value already known to be a `State` (``observe`` asks it on every
    call, so the state's stored values are read directly)."""
    deal = state._deal
    r = deal.rules
    if r.auction is not None:
        contract, holder = contract_of(state)
        return chiamata_score(state, contract, holder)
    sides = _sides(r, deal.dealer)
    points = state._progress[POINTS]
    team_points = _team_points(points, sides)
    if state._phase is not _OVER:
        return _score(points, sides.zeros, _NOBODY, False, False, team_points)
    if len(sides.teams) != 2:
        return _singles(points, team_points)
    # Two sides (§1.9, §3.8): ±1 a seat; a seat that sits out gets 0.
    threshold = r.win_threshold
    if team_points[0] >= threshold:
        winner = 0
    elif team_points[1] >= threshold:
        winner = 1
    elif r.tie_rule is TieRule.LAST_TRICK:
        winner = 0 if state.tricks[-1].winner in sides.teams[0] else 1
    else:
        void = r.tie_rule is TieRule.REPLAY
        return _score(points, sides.zeros, _NOBODY, True, void, team_points)
    return _score(points, sides.deltas[winner], sides.winners[winner], True, False, team_points)


class _Sides(NamedTuple):
    """The sides of the deals of one `Rules` and dealer, and what each result gives them."""

    teams: tuple[tuple[int, ...], ...]
    """`Rules.teams_for` the dealer."""
    zeros: tuple[int, ...]
    """No game points for anyone."""
    deltas: tuple[tuple[int, ...], ...]
    """With two sides: the game points of every seat when side 0 wins, and when side 1 wins."""
    winners: tuple[frozenset[int], ...]
    """With two sides: the seats of side 0, and of side 1."""
    shape: int
    """How `_team_points` adds the seats' points up: `_PAIRS`, `_SINGLES`, `_TRIPLES` or
    `_OTHER`."""


_PAIRS: Final = 0  # two sides of two seats
_SINGLES: Final = 1  # a side per seat, in seat order: the seats' points are the sides'
_TRIPLES: Final = 2  # two sides of three seats
_OTHER: Final = 3


def _sides(r: Rules, dealer: int) -> _Sides:
    """The sides of a deal of ``r`` dealt by ``dealer``; worked out once per `Rules`."""
    found: tuple[_Sides, ...] | None = r._memo.get("sides")
    if found is None:
        found = r._memo["sides"] = tuple(_sides_of(r, dealer) for dealer in range(r.players))
    return found[dealer]


def _sides_of(r: Rules, dealer: int) -> _Sides:
    teams = r.teams_for(dealer)
    outcomes = []
    for winner in range(len(teams) if len(teams) == 2 else 0):
        deltas = [0] * r.players
        for side, members in enumerate(teams):
            for seat in members:
                deltas[seat] = 1 if side == winner else -1
        outcomes.append(tuple(deltas))
    sizes = tuple(map(len, teams))
    if sizes == (2, 2):
        shape = _PAIRS
    elif teams == tuple((seat,) for seat in range(len(teams))):
        shape = _SINGLES
    elif sizes == (3, 3):
        shape = _TRIPLES
    else:
        shape = _OTHER
    return _Sides(
        teams,
        _ZEROS[r.players],
        tuple(outcomes),
        tuple(frozenset(side) for side in teams),
        shape,
    )


_NOBODY: Final = frozenset[int]()


def _team_points(points: tuple[int, ...], sides: _Sides) -> tuple[int, ...]:
    """The card points of each side.

    The shapes of the presets (2 v 2, a side per seat, 3 v 3) are written out: a generator
    per side costs about five times as much, and `score` and `observe` ask on every call.
    """
    shape = sides.shape
    if shape == _PAIRS:
        (a, b), (c, d) = sides.teams
        return (points[a] + points[b], points[c] + points[d])
    if shape == _SINGLES:
        return points
    if shape == _TRIPLES:
        (a, b, c), (d, e, f) = sides.teams
        return (points[a] + points[b] + points[c], points[d] + points[e] + points[f])
    return tuple(sum(points[seat] for seat in side) for side in sides.teams)


def _singles(points: tuple[int, ...], team_points: tuple[int, ...]) -> Score:
    """Three players each for themself (§2.2, ruling R3)."""
    top = max(points)
    leaders = [seat for seat, p in enumerate(points) if p == top]
    if len(leaders) == 1:
        deltas = tuple(2 if seat in leaders else -1 for seat in range(len(points)))
        winners = frozenset(leaders)
    elif len(leaders) == 2:
        deltas = tuple(1 if seat in leaders else -2 for seat in range(len(points)))
        winners = frozenset()
    else:
        deltas = _ZEROS[len(points)]
        winners = frozenset()
    return _score(points, deltas, winners, True, False, team_points)


# The contract of the deal last asked about, and who was dealt the called card: once the card
# is named neither changes, and search observes and scores many states of one deal, whose
# histories share that start and whose deck is one shared tuple.
_Remembered = tuple[Rules, tuple[tuple[int, Move], ...], tuple[Card, ...], int, Contract, int]
_last_contract: _Remembered | None = None


def contract_of(state: State) -> tuple[Contract | None, int | None]:
    """`contract` of ``state``, and the seat dealt the called card once it is named.

    Both are remembered for the next states of the same deal.
    """
    settled = state._deal.settled
    if settled is not None:
        return settled  # type: ignore[no-any-return]
    global _last_contract
    last = _last_contract
    history = state.history
    if (
        last is not None
        and last[0] is state.rules
        and last[2] is state.deck
        and last[3] == state.dealer
        # Equal entries are mostly the same objects, so this compares in C without a call.
        and history[: len(last[1])] == last[1]
    ):
        return last[4], last[5]
    deal = contract(state)
    if deal is None or deal.card is None:
        return deal, None
    holder = _dealt_to(state, deal.card)
    for index, (_seat, move) in enumerate(history):
        if type(move) in _NAMING:
            prefix = history[: index + 1]
            _last_contract = (state.rules, prefix, state.deck, state.dealer, deal, holder)
            break
    return deal, holder


_NAMING: Final = (NameSuit, NameCard)


def chiamata_score(state: State, deal: Contract | None, holder: int | None) -> Score:
    """Briscola Chiamata (§2.5.6): the caller's side against the defenders.

    ``deal`` and ``holder`` are `contract_of` the state.
    """
    r = state._deal.rules
    points = state._progress[POINTS]
    zeros = _ZEROS[r.players]
    over = state._phase is Phase.OVER
    if deal is None:  # the auction is running, or the deal was void
        return _score(points, zeros, frozenset(), over, over, (), cappotto=False)
    card = deal.card if deal.card is not None and is_revealed(state) else None
    partner: int | None = None
    if card is not None and holder is not None and called_card_played(state, card, holder):
        partner = holder
    if partner is None:
        return _score(
            points, zeros, _NOBODY, False, False, (), deal.caller, deal.target, card,
            cappotto=False,
        )  # fmt: skip
    caller = deal.caller
    side_points = points[caller] if partner == caller else points[caller] + points[partner]
    team_points = (side_points, sum(points) - side_points)
    solo = partner == caller
    if not over:
        return _score(
            points, zeros, _NOBODY, False, False, team_points,
            caller, deal.target, card, partner, solo, False,
        )  # fmt: skip
    side = {caller, partner}
    defenders = [seat for seat in r.seats_for(state.dealer) if seat not in side]
    won = side_points >= deal.target
    if r.cappotto is Cappotto.TRICKS:
        takers = {trick.winner in side for trick in state.tricks}
        cappotto = len(takers) == 1
    else:
        cappotto = side_points in (0, 120)
    unit = _stake(r.stakes, deal.target, cappotto) * (1 if won else -1)
    deltas = [0] * r.players
    for seat in defenders:
        deltas[seat] = -unit
    if solo:
        deltas[deal.caller] = len(defenders) * unit
    else:
        deltas[partner] = unit
        deltas[deal.caller] = (len(defenders) - 1) * unit
    winners = frozenset(side) if won else frozenset(defenders)
    return _score(
        points, tuple(deltas), winners, True, False, team_points,
        deal.caller, deal.target, card, partner, solo, cappotto,
    )  # fmt: skip


def holds(cards: tuple[Card, ...], card: Card) -> bool:
    """Whether ``card`` is one of ``cards``.

    By identity (the 40 cards are unique instances): ``card in cards`` would call `Card`'s
    Python-level ``__eq__`` for each card that does not match, tens of nanoseconds each.
    """
    for held in cards:  # noqa: SIM110 - a plain loop is cheaper than any() over a generator
        if held is card:
            return True
    return False


def _dealt_to(state: State, card: Card) -> int:
    """`dealt_to`, finding the card in the deck by identity (see `holds`)."""
    r = state.rules
    position = list(map(id, state.deck)).index(id(card))
    packet = r.deal_packet_size
    return r.seats_for(state.dealer)[position % (packet * r.active_players) // packet]


def called_card_played(state: State, card: Card, holder: int) -> bool:
    """Whether the called ``card``, dealt to ``holder``, has been played for all to see.

    Every card is dealt in Chiamata and leaves a hand only when played (no stock, no
    exchange): the called card has been played once its holder no longer has it, unless it
    lies in a trick still waiting for a suit to be named.
    """
    return not holds(state._hands[holder], card) and (
        state._phase is not Phase.NAME_TRUMP or not holds(state._trick, card)
    )


def _stake(stakes: Stakes | None, target: int, cappotto: bool) -> int:
    """The unit of game points: the stake of the target times 2 for a cappotto (§2.5.6)."""
    if stakes is Stakes.BANDS:
        multiplier = next(
            m for top, m in ((70, 1), (80, 2), (90, 3), (100, 4), (120, 5)) if target <= top
        )
        return multiplier * (2 if cappotto else 1)
    if stakes is Stakes.TEDALDI:
        if cappotto:
            return 4  # "volata" replaces both the band and the doubling
        return 1 if target < 70 else 2 if target < 80 else 3
    return 2 if cappotto else 1
