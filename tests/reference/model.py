"""A small, slow and deliberately plain model of one Briscola deal, written from the rules.

It shares nothing with the library: cards are two-letter codes such as ``"AC"`` or ``"7S"``
(rank letter from ``A 2 3 4 5 6 7 J Q K``, suit letter from ``D C S B``), moves are pairs
``(kind, card code)`` with kind ``"play"``, ``"swap"`` or ``"pass"``, and everything is kept
in plain lists that are changed in place.

What it covers: the canonical deal (§1.6), trick play (§1.4, §1.5, §3.9, §3.10), drawing
(§1.7), the seven-swap (§3.1) and the two-swap in the first trick (§3.2), the deal result of
two sides (§1.9, §3.8), of three singles (§2.2) and of Chiamata (§2.5.4-§2.5.6). The
Chiamata auction and the Bugiarda declaration round are not modelled: the caller, the
target and the called card are handed to the model once the auction is over.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

RANKS = "A234567JQK"
SUITS = "DCSB"

# Strength order within a suit, strongest first (§1.2 and §3.9).
STRENGTH_ORDERS: dict[str, str] = {
    "standard": "A3KQJ76542",
    "seven_high": "A7KQJ36542",
    "seven_high_bisca": "A7KQJ65432",
    "three_natural": "AKQJ765432",
}

# Card points by rank letter (§1.3 and §3.9); a rank not listed is worth 0.
POINTS_STANDARD: dict[str, int] = {"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2}
POINTS_SEVEN_HIGH: dict[str, int] = {"A": 11, "7": 10, "K": 4, "Q": 3, "J": 2}
POINT_TABLES: dict[str, dict[str, int]] = {
    "standard": POINTS_STANDARD,
    "seven_high": POINTS_SEVEN_HIGH,
    "seven_high_bisca": POINTS_SEVEN_HIGH,
    "three_natural": POINTS_STANDARD,
}

Move = tuple[str, str]
PASS: Move = ("pass", "")

CHIAMATA_PRESETS = ("chiamata", "chiamata-milan")
FACE_UP_PRESETS = ("classic", "classic-3", "classic-4", "classic-6", "scoperta", "bugiarda-2")
STOCK_PRESETS = (*FACE_UP_PRESETS, "briscolone")
TWO_SIDED_PRESETS = (
    "classic",
    "classic-4",
    "classic-6",
    "bugiarda",
    "bugiarda-2",
    "bugiarda-5",
    "scoperta",
    "briscolone",
)


def rank_of(card: str) -> str:
    return card[0]


def suit_of(card: str) -> str:
    return card[1]


def all_cards() -> list[str]:
    return [rank + suit for suit in SUITS for rank in RANKS]


def card_points(card: str, rank_variant: str) -> int:
    return POINT_TABLES[rank_variant].get(rank_of(card), 0)


def strength(card: str, rank_variant: str) -> int:
    """10 for the strongest rank of the variant, 1 for the weakest."""
    order = STRENGTH_ORDERS[rank_variant]
    return len(order) - order.index(rank_of(card))


def trick_winner(plays: Sequence[tuple[int, str]], trump: str | None, rank_variant: str) -> int:
    """§1.4: the highest trump if any trump was played, else the highest card of the led
    suit. ``plays`` holds (seat, card) pairs in play order, the lead first."""
    if trump is not None and any(suit_of(card) == trump for _, card in plays):
        suit_that_wins = trump
    else:
        suit_that_wins = suit_of(plays[0][1])
    best_seat = -1
    best_strength = -1
    for seat, card in plays:
        if suit_of(card) == suit_that_wins and strength(card, rank_variant) > best_strength:
            best_seat = seat
            best_strength = strength(card, rank_variant)
    return best_seat


class Table:
    """The fixed facts of a preset with its options: seats, deck, hand size, who plays."""

    def __init__(self, preset: str, options: Mapping[str, object]) -> None:
        self.preset = preset
        self.options = dict(options)
        self.rank_variant = str(options.get("rank_variant", "standard"))
        self.must_follow_suit = bool(options.get("must_follow_suit", False))
        self.has_stock = preset in STOCK_PRESETS
        self.has_face_up = preset in FACE_UP_PRESETS
        self.is_chiamata = preset in CHIAMATA_PRESETS
        self.dealer_sits_out = False
        cards = all_cards()
        if preset in ("classic", "scoperta", "bugiarda-2"):
            self.seats, self.hand_size = 2, 3
        elif preset == "briscolone":
            self.seats, self.hand_size = 2, 5
        elif preset == "classic-3":
            self.seats, self.hand_size = 3, 3
            removed = str(options.get("removed_two", "2C"))
            cards = [card for card in cards if card != removed]
        elif preset == "classic-4":
            self.seats, self.hand_size = 4, 3
        elif preset == "classic-6":
            self.seats, self.hand_size = 6, 3
            cards = [card for card in cards if rank_of(card) != "2"]
        elif preset == "bugiarda":
            self.seats, self.hand_size = 4, 10
        elif preset == "bugiarda-5":
            self.seats, self.hand_size = 5, 10
            self.dealer_sits_out = True
        elif self.is_chiamata:
            self.seats, self.hand_size = 5, 8
            if options.get("players", 5) == 6:
                self.seats = 6
                form = options.get("six_player_form", "dealer_sits_out")
                if form == "dealer_sits_out":
                    self.dealer_sits_out = True
                else:
                    self.hand_size = 6
                    gone = "4" if form == "remove_fours" else "2"
                    cards = [card for card in cards if rank_of(card) != gone]
        else:
            raise ValueError(f"the model does not know the preset {preset!r}")
        self.cards = cards
        self.packet_size = int(str(options.get("deal_packet_size", 1)))

    def option(self, name: str, default: object) -> object:
        return self.options.get(name, default)

    def active_seats(self, dealer: int) -> list[int]:
        """The seats that take part, in play order from the first hand F = next(D)."""
        order = [(dealer + 1 + k) % self.seats for k in range(self.seats)]
        if self.dealer_sits_out:
            order.remove(dealer)
        return order


class Result:
    """What a finished deal scores: the API's Score fields the model can predict."""

    def __init__(
        self,
        points: list[int],
        deltas: list[int],
        winners: set[int],
        void: bool,
        cappotto: bool | None,
    ) -> None:
        self.points = points
        self.deltas = deltas
        self.winners = winners
        self.void = void
        self.cappotto = cappotto


class Deal:
    """One deal played card by card. Every attribute is public and changed in place."""

    def __init__(self, table: Table, deck: Sequence[str], dealer: int) -> None:
        if sorted(deck) != sorted(table.cards):
            raise ValueError("the deck is not the variant's deck")
        self.table = table
        self.dealer = dealer
        self.active = table.active_seats(dealer)
        self.hands: list[list[str]] = [[] for _ in range(table.seats)]
        self.stock: list[str] = []  # face-down cards, the next one to draw first
        self.face_up: str | None = None
        self.trump: str | None = None
        self.last_dealt: str | None = None
        self.points = [0] * table.seats
        self.tricks_won = [0] * table.seats
        self.trick: list[tuple[int, str]] = []
        self.finished_tricks: list[tuple[int, list[tuple[int, str]], int]] = []
        self.leader = self.active[0]
        self.came_by_draw: set[str] = set()
        self.seven_swapped = False
        self.two_swapped = False
        # Chiamata: filled in by name_trump once the auction is over.
        self.playing = not table.is_chiamata
        self.caller: int | None = None
        self.target: int | None = None
        self.called_card: str | None = None
        self.partner: int | None = None
        self.called_card_played = False
        self._deal(list(deck))

    # -- the deal (§1.6) --------------------------------------------------------------

    def _deal(self, deck: list[str]) -> None:
        table = self.table
        position = 0
        if table.packet_size == 1:
            for _ in range(table.hand_size):
                for seat in self.active:
                    self.hands[seat].append(deck[position])
                    position += 1
        else:
            for seat in self.active:
                for _ in range(table.hand_size):
                    self.hands[seat].append(deck[position])
                    position += 1
        rest = deck[position:]
        if table.has_face_up:
            self.face_up = rest[0]
            self.stock = rest[1:]
            self.trump = suit_of(self.face_up)
        elif table.has_stock:
            self.stock = rest
            self.trump = None
        else:
            if rest:
                raise ValueError("a variant without stock deals every card")
            if table.preset in ("bugiarda", "bugiarda-5"):
                self.last_dealt = deck[-1]
                self.trump = suit_of(self.last_dealt)

    # -- simple facts -----------------------------------------------------------------

    def next_active(self, seat: int) -> int:
        return self.active[(self.active.index(seat) + 1) % len(self.active)]

    def stock_size(self) -> int:
        """Cards left to draw, the face-up card included."""
        return len(self.stock) + (1 if self.face_up is not None else 0)

    def public_trump_card(self) -> str | None:
        """The face-up card under the stock, or Bugiarda's last dealt card while held."""
        if self.face_up is not None:
            return self.face_up
        if self.last_dealt is not None and any(self.last_dealt in hand for hand in self.hands):
            return self.last_dealt
        return None

    def is_over(self) -> bool:
        return (
            self.playing
            and not self.trick
            and self.stock_size() == 0
            and all(not hand for hand in self.hands)
        )

    def to_act(self) -> int | None:
        if not self.playing or self.is_over():
            return None
        if not self.trick:
            return self.leader
        return self.next_active(self.trick[-1][0])

    def first_trick(self) -> bool:
        return not self.finished_tricks

    # -- legal moves (§1.5, §3.10, §3.1, §3.2) -----------------------------------------

    def playable_cards(self, seat: int) -> list[str]:
        hand = self.hands[seat]
        if self.table.must_follow_suit and self.trick:
            led = suit_of(self.trick[0][1])
            same_suit = [card for card in hand if suit_of(card) == led]
            if same_suit:
                return same_suit
        return list(hand)

    def seven_swap_allowed(self, seat: int) -> bool:
        table = self.table
        if not table.has_face_up or not table.option("seven_swap", False):
            return False
        if self.seven_swapped or self.face_up is None or self.trump is None:
            return False
        seven = "7" + self.trump
        if seven not in self.hands[seat]:
            return False
        if table.option("seven_swap_requires_higher", True) and strength(
            self.face_up, table.rank_variant
        ) <= strength(seven, table.rank_variant):
            return False
        if table.option("seven_swap_only_if_drawn", False) and seven not in self.came_by_draw:
            return False
        if table.option("seven_swap_requires_won_trick", False) and self.tricks_won[seat] == 0:
            return False
        if (
            table.option("seven_swap_deadline", "stock_empty") == "before_penultimate_trick"
            and self.stock_size() <= table.seats
        ):
            return False
        return not (
            table.option("seven_swap_only_leader", False) and (self.trick or seat != self.leader)
        )

    def two_swap_allowed(self, seat: int) -> bool:
        table = self.table
        if not table.has_face_up or not table.option("two_swap", False):
            return False
        if table.option("two_swap_window", "first_trick") != "first_trick":
            raise ValueError("the model plays the two-swap in the first trick only")
        if self.two_swapped or self.face_up is None or self.trump is None:
            return False
        return self.first_trick() and "2" + self.trump in self.hands[seat]

    def legal_moves(self) -> set[Move]:
        seat = self.to_act()
        if seat is None:
            return set()
        moves: set[Move] = {("play", card) for card in self.playable_cards(seat)}
        if self.seven_swap_allowed(seat):
            moves.add(("swap", "7" + str(self.trump)))
        if self.two_swap_allowed(seat):
            moves.add(("swap", "2" + str(self.trump)))
        return moves

    # -- making a move ----------------------------------------------------------------

    def apply(self, move: Move) -> None:
        if move not in self.legal_moves():
            raise ValueError(f"{move} is not legal in the model")
        seat = self.to_act()
        assert seat is not None
        kind, card = move
        if kind == "swap":
            self._swap(seat, card)
            return
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if card == self.called_card:
            self.called_card_played = True
        if len(self.trick) == len(self.active):
            self._finish_trick()

    def _swap(self, seat: int, card: str) -> None:
        old = self.face_up
        assert old is not None
        self.hands[seat].remove(card)
        self.hands[seat].append(old)
        self.came_by_draw.discard(card)
        self.face_up = card
        if rank_of(card) == "7":
            self.seven_swapped = True
        else:
            self.two_swapped = True

    def _finish_trick(self) -> None:
        winner = trick_winner(self.trick, self.trump, self.table.rank_variant)
        self.points[winner] += sum(
            card_points(card, self.table.rank_variant) for _, card in self.trick
        )
        self.tricks_won[winner] += 1
        self.finished_tricks.append((self.leader, list(self.trick), winner))
        self.trick = []
        self.leader = winner
        if self.stock_size() > 0:
            seat = winner
            for _ in self.active:
                self._draw(seat)
                seat = self.next_active(seat)

    def _draw(self, seat: int) -> None:
        if self.stock:
            card = self.stock.pop(0)
        else:
            assert self.face_up is not None
            card = self.face_up
            self.face_up = None
        self.hands[seat].append(card)
        self.came_by_draw.add(card)

    # -- Chiamata (§2.5.4, §2.5.5) ----------------------------------------------------

    def name_trump(self, caller: int, target: int, called_card: str) -> None:
        """The auction is over: ``caller`` named ``called_card``'s suit, needing ``target``."""
        assert self.table.is_chiamata
        assert not self.playing
        self.caller = caller
        self.target = target
        self.called_card = called_card
        self.trump = suit_of(called_card)
        holders = [seat for seat in self.active if called_card in self.hands[seat]]
        assert len(holders) == 1
        self.partner = holders[0]
        if self.table.option("first_leader", "first_hand") == "caller":
            self.leader = caller
        self.playing = True

    def caller_side(self) -> set[int]:
        assert self.caller is not None
        assert self.partner is not None
        return {self.caller, self.partner}

    # -- the result (§1.9, §2.2, §3.8, §2.5.6) ----------------------------------------

    def result(self) -> Result:
        assert self.is_over()
        if self.table.is_chiamata:
            return self._chiamata_result()
        if len(self.active) == 3:
            return self._three_singles_result()
        return self._two_sides_result()

    def _two_sides_result(self) -> Result:
        table = self.table
        sides = [self.active[0::2], self.active[1::2]]
        totals = [sum(self.points[seat] for seat in side) for side in sides]
        threshold = int(str(table.option("win_threshold", 61)))
        winning: int | None = None
        void = False
        for index in (0, 1):
            if totals[index] >= threshold:
                winning = index
        if winning is None:
            rule = table.option("tie_rule", "draw")
            if rule == "replay":
                void = True
            elif rule == "last_trick":
                last_winner = self.finished_tricks[-1][2]
                winning = 0 if last_winner in sides[0] else 1
        deltas = [0] * table.seats
        winners: set[int] = set()
        if winning is not None:
            winners = set(sides[winning])
            for seat in sides[winning]:
                deltas[seat] = 1
            for seat in sides[1 - winning]:
                deltas[seat] = -1
        return Result(list(self.points), deltas, winners, void, None)

    def _three_singles_result(self) -> Result:
        best = max(self.points[seat] for seat in self.active)
        top = [seat for seat in self.active if self.points[seat] == best]
        deltas = [0] * self.table.seats
        winners: set[int] = set()
        if len(top) == 1:
            winners = {top[0]}
            for seat in self.active:
                deltas[seat] = 2 if seat == top[0] else -1
        elif len(top) == 2:
            for seat in self.active:
                deltas[seat] = 1 if seat in top else -2
        return Result(list(self.points), deltas, winners, False, None)

    def _chiamata_result(self) -> Result:
        table = self.table
        assert self.caller is not None
        assert self.target is not None
        side = self.caller_side()
        defenders = [seat for seat in self.active if seat not in side]
        side_points = sum(self.points[seat] for seat in side)
        won = side_points >= self.target
        sign = 1 if won else -1
        if table.option("cappotto", "points") == "tricks":
            side_tricks = sum(self.tricks_won[seat] for seat in side)
            total_tricks = len(self.finished_tricks)
            cappotto = side_tricks in (0, total_tricks)
        else:
            cappotto = side_points in (0, 120)
        stakes = table.option("stakes", "flat")
        target = self.target
        if stakes == "bands":
            bands = [(70, 1), (80, 2), (90, 3), (100, 4), (120, 5)]
            multiplier = next(m for top, m in bands if target <= top)
            doubling = 2 if cappotto else 1
        elif stakes == "tedaldi":
            if cappotto:
                multiplier, doubling = 4, 1
            elif target < 70:
                multiplier, doubling = 1, 1
            elif target < 80:
                multiplier, doubling = 2, 1
            else:
                multiplier, doubling = 3, 1
        else:
            multiplier = 1
            doubling = 2 if cappotto else 1
        unit = multiplier * doubling
        deltas = [0] * table.seats
        for seat in defenders:
            deltas[seat] = -sign * unit
        solo = self.partner == self.caller
        if not solo:
            assert self.partner is not None
            deltas[self.partner] = sign * unit
        # The caller takes the balance: +2 (partner, four others) or +4 (solo) with five
        # active players; +3 or +5 with six.
        deltas[self.caller] = -sum(deltas)
        expected_caller = {(5, False): 2, (5, True): 4, (6, False): 3, (6, True): 5}
        assert deltas[self.caller] == sign * unit * expected_caller[(len(self.active), solo)]
        winners = set(side) if won else set(defenders)
        return Result(list(self.points), deltas, winners, False, cappotto)


def weakest_rank(rank_variant: str, removed_rank: str | None) -> str:
    """The weakest rank still in the deck: it plays the 2's part in a Chiamata auction
    (§2.5.8, six players with the 2s removed)."""
    order = [rank for rank in STRENGTH_ORDERS[rank_variant] if rank != removed_rank]
    return order[-1]


def auction_outcome(
    bids: Sequence[tuple[int, str, int | str]], base_target: int, two_role_rank: str
) -> tuple[int, str, int]:
    """The caller, the called rank and the target from the auction's moves (§2.5.2,
    §2.5.3): the last bid decides. Each entry is (seat, kind, value) with kind ``"bid"``
    (value: a rank letter), ``"points"`` (value: the target) or ``"pass"``."""
    made = [(seat, kind, value) for seat, kind, value in bids if kind != "pass"]
    seat, kind, value = made[-1]
    if kind == "points":
        return seat, two_role_rank, int(value)
    return seat, str(value), base_target
