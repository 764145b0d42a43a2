"""`render`: a compact, readable description of a table, for terminals and for players
that read text (chat bots, language-model players).

Rendering a `View` shows exactly what that seat may know; rendering a `State` shows the
referee's table, every hand included.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

import attrs

from ._auction import read_bidding
from ._contract import contract, dealt_to
from ._quote import count
from .cards import Card
from .errors import InvalidStateError, _inconsistent
from .match import (
    CUMULATIVE_KINDS,
    DealResult,
    Match,
    MatchFormat,
    MatchScore,
    MatchView,
    match_score,
    match_sides,
)
from .moves import BidPoints, Move, Play
from .rules import FirstTrickBlind, Rules
from .scoring import Score
from .state import Phase, State, Trick
from .views import View, public_view

__all__ = ["render"]

_PHASES = {
    Phase.AUCTION: "the auction",
    Phase.NAME_TRUMP: "the call",
    Phase.DECLARATIONS: "the declaration round",
    Phase.SWAP_WINDOW: "the exchange round",
    Phase.SHARE_HANDS: "the hand-showing round",
    Phase.PLAY: "trick play",
    Phase.OVER: "the end of the deal",
}


def render(table: View | State | Match | MatchView) -> str:
    """A few lines describing ``table``: trump, trick, hands, points, whose turn and the
    legal moves of the seat that renders a view.

    A `Match` or a `MatchView` starts with the match: its format, the number of the deal,
    the deals won and the totals so far (and the winners once it is over), then the deal as
    above.

    Raises:
        InvalidStateError: ``table`` is none of these, or is inconsistent.

    Examples:
        >>> import briscola
        >>> state = briscola.new_game("classic", seed=7)
        >>> print(render(briscola.observe(state, 0)))  # doctest: +ELLIPSIS
        classic · dealer 1 · trick 1 of 20 · seat 0 to act
        trumps: ...
        >>> print(render(briscola.observe(briscola.new_match("classic", seed=7), 0)))
        ... # doctest: +ELLIPSIS
        match best_of(3) · deal 1 · deals won 0/0 · totals 0/0
        classic · dealer 1 · trick 1 of 20 · seat 0 to act
        ...
    """
    if isinstance(table, Match):
        try:
            head = _match_lines(table.rules, table.format, table.results, match_score(table))
        except _BROKEN:
            raise _inconsistent("render()", "match") from None
        return head + "\n" + render(table.state)
    if isinstance(table, MatchView):
        if not isinstance(table.deal, View):
            raise _inconsistent("render()", "match view")
        try:
            head = _match_lines(table.deal.rules, table.format, table.results, table.score)
        except _BROKEN:
            raise _inconsistent("render()", "match view") from None
        return head + "\n" + render(table.deal)
    if isinstance(table, State):
        try:
            return _render(_referee_view(table), table.hands, referee=True)
        except _BROKEN:
            raise _inconsistent("render()", "state") from None
    if not isinstance(table, View):
        raise InvalidStateError(
            f"render() needs a State, a View, a Match or a MatchView, not {type(table).__name__}"
        )
    try:
        return _render(table, None, referee=False)
    except _BROKEN:
        raise _inconsistent("render()", "view") from None


# What a value built or edited by hand, whose fields do not fit together, makes the
# rendering code raise.
_BROKEN: Final = (
    ValueError,
    IndexError,
    KeyError,
    StopIteration,
    AttributeError,
    TypeError,
    RecursionError,  # a field edited into a deeply nested tuple
)


def _match_lines(
    r: Rules, fmt: MatchFormat, results: tuple[DealResult, ...], standing: MatchScore
) -> str:
    """The match line: format, deal number, deals won and totals, and the winners at the end."""
    try:
        deal = len(results) if standing.final else len(results) + 1
        parts = [
            f"match {fmt}",
            f"deal {max(deal, 1)}",
            f"deals won {'/'.join(map(str, standing.deals_won))}",
            f"totals {match_totals(r, fmt, standing.totals)}",
        ]
        if standing.final:
            winners = sorted(standing.winners)
            parts.append(f"won by {'+'.join(map(str, winners))}" if winners else "a drawn match")
    except _BROKEN:
        raise _inconsistent("render()", "match view") from None
    return " · ".join(parts)


def match_totals(r: Rules, fmt: MatchFormat, totals: tuple[int, ...]) -> str:
    """A match's totals, seat by seat; in partnerships under a format of card points, where
    each seat has its own, with the sum of each side (``37/39/125/39 (0+2: 162, 1+3: 78)``),
    which is what the format counts."""
    text = "/".join(map(str, totals))
    sides = match_sides(r)
    if fmt.kind in CUMULATIVE_KINDS and len(sides[0]) > 1:
        summed = (f"{'+'.join(map(str, side))}: {sum(totals[s] for s in side)}" for side in sides)
        text += f" ({', '.join(summed)})"
    return text


def _referee_view(state: State) -> View:
    """A view that knows the contract as the referee does (the public view plus the call)."""
    view = public_view(state)
    deal = contract(state)
    if deal is None or deal.card is None:
        return view
    holder = dealt_to(state, deal.card)
    return attrs.evolve(view, called_card=deal.card, partner=holder, trump_suit=state.trump_suit)


def _render(view: View, hands: tuple[tuple[Card, ...], ...] | None, *, referee: bool) -> str:
    r = view.rules
    result = view.score
    tricks_total = r.tricks_per_deal
    head = [r.variant, f"dealer {view.dealer}"]
    if view.phase is Phase.PLAY or (view.phase is Phase.NAME_TRUMP and view.trick):
        head.append(f"trick {len(view.tricks) + 1} of {tricks_total}")
    elif view.phase is not Phase.OVER:
        head.append(_PHASES[view.phase])
    head.append("over" if view.turn is None else f"seat {view.turn} to act")
    lines = [" · ".join(head)]
    lines.append(_trumps(view))
    if view.phase is Phase.AUCTION:
        lines.append(_auction(view))
    if view.caller is not None:
        lines.append(_contract(view, result))
    if view.removed and r.removed_two is not None:  # the one 2 taken out (§2.2)
        lines.append(f"out of the deck: {_cards(view.removed)}")
    talk = _talk(view.history)
    if talk:
        lines.append(f"said: {talk}")
    if view.trick:
        plays = zip(view.trick_seats, view.trick, strict=True)
        lines.append(f"trick: {' '.join(f'{seat}:{card}' for seat, card in plays)}")
    if view.tricks:
        last = view.tricks[-1]
        lines.append(f"last trick: {_trick(r, last)}")
    lines.extend(_hands(view, hands, referee=referee))
    lines.append(_points(view, result))
    if not referee and view.legal_moves:
        lines.append(f"your moves: {moves_text(view.legal_moves)}")
    return "\n".join(lines)


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(map(str, cards)) or "-"


# What a seat that does not see the trump suit is told in trick play, under a blind first
# trick (§2.5.8).
_BLIND_TRUMPS: Final = {
    FirstTrickBlind.COMMITTED: "trumps: named in secret, shown after trick 1",
    FirstTrickBlind.FREE_CHOICE: "trumps: named once trick 1 is down",
}


def _trumps(view: View) -> str:
    if view.trump_suit is None:
        if view.rules.auction is not None:
            if view.phase is Phase.OVER:
                return "trumps: none"
            if view.phase is Phase.PLAY and view.rules.first_trick_blind in _BLIND_TRUMPS:
                return _BLIND_TRUMPS[view.rules.first_trick_blind]
            return "trumps: not named yet"
        if view.rules.has_stock:  # briscolone
            return f"trumps: none (stock {view.stock_size})"
        return "trumps: none"
    text = f"trumps: {view.trump_suit.name.title()}"
    if view.trump_card is not None and view.rules.has_face_up_card:
        text += f" (face-up {view.trump_card} under the stock, {view.stock_size} to draw)"
    elif view.rules.has_stock:
        text += f" (stock {view.stock_size})"
    if view.trump_card is not None and not view.rules.has_face_up_card:
        holder = next(s for s, known in enumerate(view.known_cards) if view.trump_card in known)
        text += f" ({view.trump_card} is in seat {holder}'s hand)"
    return text


def _contract(view: View, result: Score) -> str:
    if view.called_card is not None:
        text = f"seat {view.caller} called {view.called_card} for {view.target}"
    elif view.phase is Phase.PLAY and view.rules.first_trick_blind is FirstTrickBlind.COMMITTED:
        text = f"seat {view.caller} called a secret card for {view.target}"
    else:  # the call is still to come: before trick 1, or after it under free_choice
        high, _, _ = read_bidding(view.history)
        text = f"seat {view.caller} won the auction ({high}) for {view.target}, no card called yet"
    partner = result.partner if result.partner is not None else view.partner
    if partner is None:
        return text
    if partner == view.caller:
        return text + "; plays alone"
    if view.seat is not None and partner == view.seat and result.partner is None:
        return text + "; you hold the called card"
    return text + f"; partner seat {partner}"


def _auction(view: View) -> str:
    high, bidder, passed = read_bidding(view.history)
    text = "auction: no bid yet" if high is None else f"auction: seat {bidder} is highest, {high}"
    out = [seat for seat in range(view.rules.players) if passed >> seat & 1]
    return text + (f"; passed: {', '.join(map(str, out))}" if out else "")


_MANY_MOVES: Final = 12


def moves_text(moves: tuple[Move, ...]) -> str:
    """The legal moves in notation; when there are many claims about cards (one for nearly
    every card under `public_claims` and in Bugiarda) or many point bids (Milan), those as
    the forms they take."""
    texts = [str(move) for move in moves]
    claims = [text for text in texts if text.startswith(("declare has ", "declare lacks "))]
    points = [move.target for move in moves if isinstance(move, BidPoints)]
    if len(claims) > _MANY_MOVES:
        forms = " or ".join(f"{f} CARD" for f in sorted({c.rsplit(" ", 1)[0] for c in claims}))
        folded = set(claims)
        texts = [text for text in texts if text not in folded]
        texts.append(f"{forms} ({len(claims)} claims, such as {claims[0]})")
    if len(points) > _MANY_MOVES and points == list(range(points[0], points[-1] + 1)):
        at = texts.index(f"points {points[0]}")
        texts[at : at + len(points)] = [f"points N ({points[0]} to {points[-1]})"]
    return ", ".join(texts)


def _talk(history: tuple[tuple[int, Move], ...]) -> str:
    said = [f"{seat}: {move}" for seat, move in history if not isinstance(move, Play)]
    return "; ".join(said[-12:])


def _trick(r: Rules, trick: Trick) -> str:
    taken = sum(r.card_points[card.id] for card in trick.cards)
    plays = " ".join(f"{s}:{c}" for s, c in zip(trick.seats, trick.cards, strict=True))
    return f"{plays} -> seat {trick.winner} ({taken})"


def _hands(view: View, hands: tuple[tuple[Card, ...], ...] | None, *, referee: bool) -> list[str]:
    lines = []
    if not referee and view.seat is not None:
        lines.append(f"your hand (seat {view.seat}): {_cards(view.hand)}")
    others = []
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.seat and not referee:
            continue
        if view.rules.dealer_sits_out and seat == view.dealer:
            continue
        visible = hands[seat] if hands is not None else view.hands[seat]
        if visible is not None:
            others.append(f"seat {seat}: {_cards(visible)}")
        else:
            known = view.known_cards[seat]
            extra = f" incl. {_cards(known)}" if known else ""
            others.append(f"seat {seat}: {count(size, 'card')}{extra}")
    lines.append(("hands: " if referee else "others: ") + ", ".join(others))
    for seat, shown in view.shown:
        lines.append(f"seat {seat} showed: {_cards(shown)}")
    if view.stock is not None:
        lines.append(f"stock, next first: {_cards(view.stock)}")
    return lines


def _points(view: View, result: Score) -> str:
    teams = view.rules.teams_for(view.dealer)
    seats = "/".join(map(str, result.points))
    if teams and len(teams[0]) > 1:
        sides = ", ".join(
            f"{'+'.join(map(str, team))} {points}"
            for team, points in zip(teams, result.team_points, strict=True)
        )
        text = f"points: {sides} (seats {seats})"
    else:
        text = f"points: {seats}"
    if result.final:
        if result.void:
            text += "; void deal"
        elif result.winners:
            text += f"; won by {'+'.join(map(str, sorted(result.winners)))}"
        else:
            text += "; no winner"
        text += f"; game points {' '.join(f'{d:+d}' for d in result.deltas)}"
    return text
