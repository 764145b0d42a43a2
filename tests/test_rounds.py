"""The rounds before trick play (§2.6.1, §3.2, §3.3, §3.4) and Chiamata's contract as the
state's history records it (§2.5.2, §2.5.4)."""

from __future__ import annotations

import briscola
from briscola import (
    Bid,
    BidPoints,
    NameCard,
    Pass,
    Phase,
    Play,
    Rank,
    ShowHand,
    apply,
    legal_moves,
    new_game,
    observe,
)
from briscola._contract import contract
from helpers import card, card_id, deck_from, swap


def test_the_sharing_round_lists_pass_before_show_hand() -> None:
    state = new_game("classic-4", seed=5, share_hands_before_first_trick="voluntary")
    assert state.phase is Phase.SHARE_HANDS
    assert legal_moves(state) == (Pass(), ShowHand())


def test_automatic_sharing_shows_the_hands_in_seat_order() -> None:
    """§3.3: every hand is shown at the first lead, whoever dealt."""
    state = new_game("classic-6", seed=5, dealer=0, share_hands_before_first_trick="automatic")
    assert [seat for seat, _ in state.shown] == list(range(6))
    for seat in range(6):
        shown = [other for other, _ in observe(state, seat).shown]
        assert shown == sorted(shown)
        assert len(shown) == 2


def test_the_swapped_face_up_card_is_sorted_into_the_hand() -> None:
    deck = deck_from({2: "2C", 4: "AB", 7: "KC"}, "classic")
    state = new_game("classic", deck=deck, two_swap=True, two_swap_window="before_first_lead")
    state = apply(apply(state, Pass()), swap("2C"))
    held = state.hands[1]
    assert card("KC") in held
    assert held[-1] == card("AB")
    assert list(held) == sorted(held, key=card_id)


def test_a_swap_window_without_two_swap_holds_no_round() -> None:
    """§3.2: the window only places the swap of the 2 of trumps, which is off here."""
    deck = deck_from({2: "2C", 7: "KC"}, "classic")
    state = new_game("classic", deck=deck, two_swap_window="before_first_lead")
    assert state.phase is Phase.PLAY
    assert all(isinstance(move, Play) for move in legal_moves(state))


def test_no_contract_while_the_auction_is_open() -> None:
    """§2.5.2: the caller and the target are known once the auction is over."""
    for state in (
        apply(new_game("chiamata", seed=1), Bid(Rank.KING)),
        apply(new_game("chiamata", seed=1, auction="points_only"), BidPoints(70)),
    ):
        assert state.phase is Phase.AUCTION
        assert contract(state) is None
        view = observe(state, 1)
        assert (view.caller, view.target) == (None, None)


def test_a_points_only_contract_has_no_rank_until_the_card_is_named() -> None:
    state = apply(new_game("chiamata", seed=1, auction="points_only"), BidPoints(70))
    while state.phase is Phase.AUCTION:
        state = apply(state, Pass())
    deal = contract(state)
    assert deal is not None
    assert (deal.caller, deal.target, deal.rank, deal.card) == (0, 70, None, None)
    state = apply(state, NameCard(card("7D")))
    assert contract(state) == briscola._contract.Contract(0, 70, card("7D").rank, card("7D"))
