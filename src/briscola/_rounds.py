"""The rounds before trick play, in the order of rules Appendix A.

* ``DECLARATIONS`` (Bugiarda, §2.6.1): each active seat once, `Pass` or one `Declare`;
* ``SWAP_WINDOW`` (``two_swap_window`` ``"before_first_lead"``/``"both"``, §3.2): each
  seat once, `SwapTrump` of the 2 of trumps or `Pass`;
* ``SHARE_HANDS`` (``"voluntary"`` sharing, §3.3, §3.4): each seat once, `ShowHand` or
  `Pass`; the same round is held again when the stock runs out (§3.4).

Every round starts with the first leader and goes once round the active seats. A phase whose
option is off is skipped; `opening` finds the next one.
"""

from __future__ import annotations

from typing import Final

from ._play import TWO_OF, declare_moves, insert, next_seat, why_swap_illegal
from .cards import Card, Suit
from .moves import PASS, SWAPS, Move, ShowHand, SwapTrump
from .rules import Rules, ShareHands, TwoSwapWindow
from .state import Phase, State, evolve_state

_SHOW: Final = ShowHand()
_ORDER: Final = (Phase.DECLARATIONS, Phase.SWAP_WINDOW, Phase.SHARE_HANDS, Phase.PLAY)


def sharing_before_first_trick(r: Rules) -> ShareHands:
    """The hand sharing that acts before trick 1 (§3.3; in the no-stock games also §3.4)."""
    mode = r.share_hands_before_first_trick
    if not r.has_stock:
        # With no stock the stock is empty from the start: the stronger mode acts once.
        modes = (ShareHands.OFF, ShareHands.VOLUNTARY, ShareHands.AUTOMATIC)
        mode = max(mode, r.share_hands_when_stock_empty, key=modes.index)
    return mode


def opening_depends_on_deal(r: Rules) -> bool:
    """Whether `opening` depends on the deal's trump suit and removed cards: only the
    round of the 2 of trumps before the first lead does (§3.2)."""
    return r.two_swap and r.two_swap_window is not TwoSwapWindow.FIRST_TRICK


def shows_hands_at_first_lead(r: Rules) -> bool:
    """Whether every hand is shown to its partners when the first lead is due (§3.3)."""
    return sharing_before_first_trick(r) is ShareHands.AUTOMATIC


def _holds_round(
    phase: Phase, r: Rules, trump_suit: Suit | None, removed: tuple[Card, ...]
) -> bool:
    if phase is Phase.DECLARATIONS:
        return r.declaration_round
    if phase is Phase.SWAP_WINDOW:
        return (
            opening_depends_on_deal(r)
            and trump_suit is not None
            and TWO_OF[trump_suit] not in removed
        )
    if phase is Phase.SHARE_HANDS:
        return sharing_before_first_trick(r) is ShareHands.VOLUNTARY
    return True


def opening(
    r: Rules, trump_suit: Suit | None, removed: tuple[Card, ...], after: Phase | None
) -> Phase:
    """The first phase after ``after`` (or after the deal) that this deal holds."""
    start = 0 if after is None else _ORDER.index(after) + 1
    for phase in _ORDER[start:]:
        if _holds_round(phase, r, trump_suit, removed):
            return phase
    return Phase.PLAY  # pragma: no cover - PLAY is always held


def automatic_snapshot(
    r: Rules, hands: tuple[tuple[Card, ...], ...], dealer: int
) -> tuple[tuple[int, tuple[Card, ...]], ...]:
    """Every active seat's hand, shown to its partners when the first lead is due (§3.3)."""
    if not shows_hands_at_first_lead(r):
        return ()
    return tuple((seat, hands[seat]) for seat in sorted(r.seats_for(dealer)))


def legal_round(s: State) -> tuple[Move, ...]:
    """The moves of the seat to act in a round before (or between) the tricks."""
    phase = s.phase
    if phase is Phase.DECLARATIONS:
        return (PASS, *declare_moves(s.removed))
    if phase is Phase.SWAP_WINDOW:
        assert s.trump_suit is not None
        two = TWO_OF[s.trump_suit]
        return (SWAPS[two.id], PASS) if why_swap_illegal(s, two) is None else (PASS,)
    return (PASS, _SHOW)


def apply_round(s: State, seat: int, move: Move) -> State:
    """Make a legal move of a round, then pass the turn on or end the round."""
    r = s.rules
    turn = next_seat(r, s.dealer, seat)
    phase = s.phase
    if turn == s.leader:
        # The round is over. The one held when the stock ran out leads back to play (§3.4).
        phase = Phase.PLAY if s.tricks else opening(r, s.trump_suit, s.removed, phase)
    hands = s.hands
    trump_card = s.trump_card
    shown = s.shown
    if type(move) is SwapTrump:
        assert trump_card is not None
        hand = tuple(card for card in hands[seat] if card is not move.card)
        hands = hands[:seat] + (insert(hand, trump_card),) + hands[seat + 1 :]
        trump_card = move.card
    elif type(move) is ShowHand:
        shown += ((seat, hands[seat]),)
    if phase is Phase.PLAY and not s.tricks:
        shown += automatic_snapshot(r, hands, s.dealer)
    return evolve_state(
        s,
        entry=(seat, move),
        phase=phase,
        hands=hands,
        trump_card=trump_card,
        turn=turn,
        talked=False,
        shown=shown,
    )
