"""`Rules`: a preset plus every table rule, validated once; the presets in `VARIANTS`.

A variant is data, not a subclass: each preset of §2 is a `Rules` value, and
``rules(variant, **options)`` is the one way to look one up and change its table rules
(§8). Every option is a field of `Rules` with the name the rules reference gives it.

Examples:
    >>> rules("classic-4", seven_swap=True)
    rules('classic-4', seven_swap=True)
    >>> rules("classic", seven_swp=True)
    Traceback (most recent call last):
    ...
    briscola.errors.RulesError: unknown option 'seven_swp' (did you mean 'seven_swap'?)
"""

from __future__ import annotations

import enum
import functools
import types
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Final, Literal, TypeAlias, TypedDict, Unpack

import attrs

from ._enums import OptionEnum
from ._numbers import seat_number
from ._quote import quote
from ._repr import fields_repr
from .cards import DECK, SUIT_WORDS, Card, Rank, Suit
from .errors import _FOREIGN, BriscolaError, RulesError

__all__ = [
    "MAX_HAND_SIZE",
    "OPTIONS",
    "SIGNAL_TOKENS",
    "VARIANTS",
    "AfterTwo",
    "AllPass",
    "Auction",
    "Cappotto",
    "FirstLeader",
    "FirstTrickBlind",
    "OptionInfo",
    "RankVariant",
    "Rules",
    "SevenSwapDeadline",
    "ShareHands",
    "SixPlayerForm",
    "Stakes",
    "TableRules",
    "TieRule",
    "TrumpKind",
    "TrumpSource",
    "TwoSwapWindow",
    "VariantId",
    "rules",
    "rules_schema",
]


class TieRule(OptionEnum):
    """How a two-sided deal that no side wins is settled (§3.8)."""

    DRAW = "draw"
    """No winner, every delta 0 (default)."""
    REPLAY = "replay"
    """The deal is void: over, no winner, every delta 0, `Score.void` true."""
    LAST_TRICK = "last_trick"
    """The side that won the last trick wins the deal."""


class RankVariant(OptionEnum):
    """Regional card order and points (§3.9)."""

    STANDARD = "standard"
    """``A 3 K Q J 7 6 5 4 2``; A 11, 3 10, K 4, Q 3, J 2 (default)."""
    SEVEN_HIGH = "seven_high"
    """``A 7 K Q J 3 6 5 4 2``; the 7 is worth 10 and the 3 nothing."""
    SEVEN_HIGH_BISCA = "seven_high_bisca"
    """``A 7 K Q J 6 5 4 3 2``; points as ``seven_high``."""
    THREE_NATURAL = "three_natural"
    """``A K Q J 7 6 5 4 3 2``; the 3 keeps its 10 points."""


class TwoSwapWindow(OptionEnum):
    """When the 2 of trumps may be exchanged for the face-up card (§3.2)."""

    FIRST_TRICK = "first_trick"
    """On one's turn in trick 1, before playing to it (default)."""
    BEFORE_FIRST_LEAD = "before_first_lead"
    """In a round of `SwapTrump`/`Pass` held once before the first lead."""
    BOTH = "both"
    """Both windows."""


class Auction(OptionEnum):
    """The form of the Chiamata auction (§2.5.2, §2.5.8)."""

    RANKS = "ranks"
    """Bids by rank, a weaker rank being a higher bid (default)."""
    POINTS_ONLY = "points_only"
    """Point bids only ("a punti"); the winner names a whole card with `NameCard`."""
    TWO_ONLY = "two_only"
    """Everyone calls the 2 at once ("subito al due"): point bids only, then `NameSuit`."""


class AfterTwo(OptionEnum):
    """What follows a call of the 2 (§2.5.3)."""

    ENDS = "ends"
    """The auction ends at once (``chiamata``)."""
    POINTS = "points"
    """Point bids from 61 to 120 follow (``chiamata-milan``)."""


class AllPass(OptionEnum):
    """What happens when every player passes (§2.5.2)."""

    FORCED = "forced"
    """The first hand must bid (default)."""
    REDEAL = "redeal"
    """The deal is void and dealt again."""


class FirstLeader(OptionEnum):
    """Who leads the first trick of a Chiamata deal (§2.5.5)."""

    FIRST_HAND = "first_hand"
    """The first hand, whoever the caller is (default)."""
    CALLER = "caller"
    """The caller."""


class FirstTrickBlind(OptionEnum):
    """The "prima mano al buio" variant (§2.5.8)."""

    OFF = "off"
    """The suit is named when the auction ends, for all to hear (default)."""
    COMMITTED = "committed"
    """The caller names the suit secretly when the auction ends; it is revealed after the
    last card of trick 1, which is resolved with it."""
    FREE_CHOICE = "free_choice"
    """The caller names the suit after seeing every card of trick 1, before it is resolved."""


class Stakes(OptionEnum):
    """The multiplier of a Chiamata deal's game points (§2.5.6)."""

    FLAT = "flat"
    """Always 1 (default)."""
    BANDS = "bands"
    """1 up to a target of 70, then 2, 3, 4, 5 for 71–80, 81–90, 91–100, 101–120."""
    TEDALDI = "tedaldi"
    """1 below 70, 2 from 70, 3 from 80; a cappotto ("volata") is 4 and is not doubled."""


class Cappotto(OptionEnum):
    """What counts as a cappotto, which doubles a Chiamata deal (§2.5.6)."""

    POINTS = "points"
    """One side took all 120 card points (default)."""
    TRICKS = "tricks"
    """One side took every trick."""


class SixPlayerForm(OptionEnum):
    """How six play Chiamata (``players=6``, §2.5.8)."""

    DEALER_SITS_OUT = "dealer_sits_out"
    """The dealer deals 8 cards each to the other five and sits out (default)."""
    REMOVE_FOURS = "remove_fours"
    """The four 4s are removed: 36 cards, 6 each, all six play."""
    REMOVE_TWOS = "remove_twos"
    """The four 2s are removed: 36 cards, 6 each, all six play."""


class TrumpSource(OptionEnum):
    """Where the trump suit of a Bugiarda deal comes from (§2.6.1)."""

    LAST_DEALT = "last_dealt"
    """The last card dealt fixes the suit; it stays, face up, in its receiver's hand."""
    SEPARATE_FLIP = "separate_flip"
    """A card turned before the deal and shuffled back: only its suit is known."""


class ShareHands(OptionEnum):
    """Whether partners see each other's hands (§3.3, §3.4)."""

    OFF = "off"
    """Never (default)."""
    VOLUNTARY = "voluntary"
    """Each seat in turn may show its hand to its partners (`ShowHand`) or `Pass`."""
    AUTOMATIC = "automatic"
    """Every seat sees its partners' hands, with no move needed."""


class SevenSwapDeadline(OptionEnum):
    """Until when the 7 of trumps may be exchanged (§3.1)."""

    STOCK_EMPTY = "stock_empty"
    """While the stock lasts (default, the library's rule)."""
    BEFORE_PENULTIMATE_TRICK = "before_penultimate_trick"
    """Only while the stock holds more than one card per player at the start of the trick."""


_ORDERS: Final = {
    RankVariant.STANDARD: "A3KQJ76542",
    RankVariant.SEVEN_HIGH: "A7KQJ36542",
    RankVariant.SEVEN_HIGH_BISCA: "A7KQJ65432",
    RankVariant.THREE_NATURAL: "AKQJ765432",
}
_POINTS: Final = {
    RankVariant.STANDARD: {"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2},
    RankVariant.SEVEN_HIGH: {"A": 11, "7": 10, "K": 4, "Q": 3, "J": 2},
    RankVariant.SEVEN_HIGH_BISCA: {"A": 11, "7": 10, "K": 4, "Q": 3, "J": 2},
    RankVariant.THREE_NATURAL: {"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2},
}


class TrumpKind(OptionEnum):
    """Where a preset's trump suit comes from (`Rules.trump_kind`)."""

    FACE_UP = "face_up"
    """The card turned face up under the stock."""
    NONE = "none"
    """There is no trump suit (``briscolone``)."""
    DEALT = "dealt"
    """The last card dealt, or a card flipped before the deal (Bugiarda)."""
    NAMED = "named"
    """The caller names it after the auction (Chiamata)."""


@attrs.frozen(repr=False)
class _Preset:
    """The fixed shape of a preset: what no option can change."""

    __repr__ = fields_repr

    id: str
    title: str  # "{players}" stands for the number of players in words, where options set it
    section: str
    players: int
    hand_size: int
    sides: tuple[tuple[int, ...], ...]
    trump: TrumpKind
    stock: bool = True
    dealer_sits_out: bool = False
    removed: tuple[Card, ...] = ()
    # The default match format (§8 "Matches"): a format kind and its number; None for the
    # number of seats.
    match_format: tuple[str, int | None] = ("best_of", 3)


_TWOS: Final = tuple(card for card in DECK if card.rank is Rank.TWO)
_PAIRS: Final = ((0, 2), (1, 3))
_PRESETS: Final = {
    p.id: p
    for p in (
        _Preset("classic", "Briscola for two", "2.1", 2, 3, ((0,), (1,)), TrumpKind.FACE_UP),
        _Preset(
            "classic-3", "Briscola for three", "2.2", 3, 3, ((0,), (1,), (2,)), TrumpKind.FACE_UP
        ),
        _Preset(
            "classic-4", "Briscola for four, two pairs", "2.3", 4, 3, _PAIRS, TrumpKind.FACE_UP
        ),
        _Preset(
            "classic-6",
            "Briscola for six, three against three",
            "2.4",
            6,
            3,
            ((0, 2, 4), (1, 3, 5)),
            TrumpKind.FACE_UP,
            removed=_TWOS,
        ),
        _Preset(
            "chiamata",
            "Briscola chiamata, {players} players and a hidden partner",
            "2.5",
            5,
            8,
            (),
            TrumpKind.NAMED,
            stock=False,
            match_format=("fixed_deals", None),
        ),
        _Preset(
            "chiamata-milan",
            "Briscola chiamata with Milan point bids",
            "2.5.3",
            5,
            8,
            (),
            TrumpKind.NAMED,
            stock=False,
            match_format=("fixed_deals", None),
        ),
        _Preset(
            "bugiarda",
            "Briscola bugiarda, four players with declarations",
            "2.6.1",
            4,
            10,
            _PAIRS,
            TrumpKind.DEALT,
            stock=False,
        ),
        _Preset(
            "bugiarda-2",
            "Briscola bugiarda for two",
            "2.6.2",
            2,
            3,
            ((0,), (1,)),
            TrumpKind.FACE_UP,
        ),
        _Preset(
            "bugiarda-5",
            "Briscola bugiarda for five, the dealer sits out",
            "2.6.3",
            5,
            10,
            _PAIRS,  # positions among the four active seats, from the first hand
            TrumpKind.DEALT,
            stock=False,
            dealer_sits_out=True,
            match_format=("fixed_deals", None),
        ),
        _Preset(
            "scoperta",
            "Briscola scoperta, open hands",
            "2.7",
            2,
            3,
            ((0,), (1,)),
            TrumpKind.FACE_UP,
        ),
        _Preset(
            "briscolone",
            "Briscolone, two players, no trump",
            "2.8",
            2,
            5,
            ((0,), (1,)),
            TrumpKind.NONE,
            match_format=("cumulative_points", 151),
        ),
    )
}
MAX_HAND_SIZE: Final = max(preset.hand_size for preset in _PRESETS.values())
"""The most cards a hand holds in any preset (Bugiarda's ten)."""

_ALL: Final = frozenset(_PRESETS)
_FACE_UP: Final = frozenset(p.id for p in _PRESETS.values() if p.trump is TrumpKind.FACE_UP)
_STOCK: Final = frozenset(p.id for p in _PRESETS.values() if p.stock)
_DEALT_TRUMP: Final = frozenset(p.id for p in _PRESETS.values() if p.trump is TrumpKind.DEALT)
_TWO_SIDED: Final = frozenset(p.id for p in _PRESETS.values() if len(p.sides) == 2)
_PARTNERS: Final = frozenset(p.id for p in _PRESETS.values() if p.sides and len(p.sides[0]) > 1)
_CHIAMATA: Final = frozenset(p.id for p in _PRESETS.values() if p.trump is TrumpKind.NAMED)
_BUGIARDA: Final = frozenset(p for p in _PRESETS if p.startswith("bugiarda"))


@attrs.frozen(repr=False)
class OptionInfo:
    """One table rule, declared once: validation, error messages, `Rules` defaults, the
    JSON Schema of `rules_schema` and the options tables of the docs all read it."""

    __repr__ = fields_repr

    name: str
    """The keyword of `rules()` and `new_game()`."""
    values: str
    """The accepted values, in words."""
    applies_to: frozenset[str]
    """The presets it applies to; passing it to any other is a `RulesError`."""
    why_not: str
    """Why it does not apply elsewhere, as the error message says it."""
    section: str
    """The section of the rules that describes it."""
    parent: str | None = None
    """The option that must be on for this one to have an effect."""
    kind: type = bool
    """The type of its values: ``bool``, ``int``, ``str``, ``tuple`` or a `StrEnum`."""
    choices: tuple[object, ...] | None = None
    """The allowed values when they are a short list (enums list their members)."""
    bounds: tuple[int, int | None] | None = None
    """For a whole number: the lowest and highest allowed values (``None``: no upper bound)."""
    default: object = None
    """The default outside the presets of `presets` (and where it does not apply)."""
    presets: Mapping[str, object] = attrs.field(factory=dict)
    """The presets whose default differs from `default`, with theirs."""
    doc: str = ""
    """What it does, in one line."""

    def default_for(self, variant: str) -> object:
        """The default of this option in the preset ``variant`` (a preset id).

        Raises:
            RulesError: if ``variant`` is not a preset id.
        """
        if type(variant) is not str or variant not in _PRESETS:
            raise RulesError(_unknown_variant(variant))
        if self.name == "players":  # the preset's shape; only Chiamata lets it be chosen
            return _PRESETS[variant].players
        return self.presets.get(variant, self.default)


def _option(
    name: str,
    kind: type,
    values: str,
    applies: frozenset[str],
    why: str,
    section: str,
    *,
    parent: str | None = None,
    choices: tuple[object, ...] | None = None,
    bounds: tuple[int, int | None] | None = None,
    default: object,
    presets: Mapping[str, object] | None = None,
    doc: str,
) -> OptionInfo:
    if choices is None and isinstance(kind, type) and issubclass(kind, enum.StrEnum):
        choices = tuple(member.value for member in kind)
    return OptionInfo(
        name, values, applies, why, section, parent, kind, choices, bounds, default,
        types.MappingProxyType(dict(presets or {})), doc,
    )  # fmt: skip


SIGNAL_TOKENS: Final = (
    "ACE",
    "THREE",
    "KING",
    "KNIGHT",
    "JACK",
    "LOW_TRUMPS",
    "NO_TRUMPS",
    "CARICHI",
)
"""Every signal token §3.5 lists; ``signal_tokens`` takes a tuple of these."""
_REMOVED_TWO_VALUES: Final = ("2C", "2B", "2D", "2S", "random")
_SUIT_CODES: Final = tuple(suit.value for suit in Suit)
_NO_FACE_UP: Final = "it has no face-up trump card under a stock"
_NO_PARTNERS: Final = "it has no fixed partnerships"
_NOT_TWO_SIDED: Final = "it is not a game of two sides"
_NOT_DEALT: Final = "only the Bugiarda games with every card dealt take the trump from the deal"
_SHARE: Final = '"off", "voluntary" or "automatic"'
_OPTION_ROWS: Final = (
    _option(
        "removed_two",
        str,
        '"2C", "2B", "2D", "2S" or "random"',
        frozenset({"classic-3"}),
        "only 'classic-3' removes a single 2",
        "2.2",
        choices=_REMOVED_TWO_VALUES,
        default=None,
        presets={"classic-3": "2C"},
        doc=(
            '``classic-3`` only: the 2 taken out of the deck (``"2C"`` by default), or '
            '``"random"`` for a 2 drawn from the seed (§2.2). ``None`` in the other presets.'
        ),
    ),
    _option(
        "deal_packet_size",
        int,
        "1 or the hand size",
        _ALL,
        "",
        "1.6",
        default=1,
        doc="Cards dealt to each seat at a time: 1 (default) or the whole hand (§1.6).",
    ),
    _option(
        "open_hands",
        bool,
        "bool",
        _ALL - _CHIAMATA,
        "open hands would reveal the partner in Chiamata",
        "2.7",
        default=False,
        presets={"scoperta": True},
        doc="Every hand is visible to every seat (§2.7). True in ``scoperta``.",
    ),
    _option(
        "open_stock",
        bool,
        "bool",
        _STOCK,
        "it has no stock",
        "2.7",
        default=False,
        doc="Every seat sees the order of the face-down stock (§2.7).",
    ),
    _option(
        "trump_source",
        TrumpSource,
        '"last_dealt" or "separate_flip"',
        _DEALT_TRUMP,
        _NOT_DEALT,
        "2.6.1",
        default=None,
        presets={"bugiarda": TrumpSource.LAST_DEALT, "bugiarda-5": TrumpSource.LAST_DEALT},
        doc=(
            'Bugiarda (``bugiarda``, ``bugiarda-5``): ``"last_dealt"`` (default) or '
            '``"separate_flip"`` (§2.6.1). ``None`` in the other presets.'
        ),
    ),
    _option(
        "trump_suit",
        str,
        'a suit code ("D", "C", "S", "B") or None',
        _DEALT_TRUMP,
        _NOT_DEALT,
        "2.6.1",
        choices=(*_SUIT_CODES, None),
        default=None,
        doc=(
            'Bugiarda under ``trump_source="separate_flip"``: the trump suit\'s code, '
            "whatever the deck or seed; ``None`` draws it from the seed (§2.6.1)."
        ),
    ),
    _option(
        "first_leader_offset",
        int,
        "+1 or -1",
        _DEALT_TRUMP,
        "only the Bugiarda games let the table choose who leads first",
        "2.6.1",
        choices=(1, -1),
        default=None,
        presets={"bugiarda": 1, "bugiarda-5": 1},
        doc=(
            "Bugiarda: +1 (default) makes the first hand lead; -1 the seat before the dealer "
            "in play order (§2.6.1). ``None`` in the other presets."
        ),
    ),
    _option(
        "declaration_round",
        bool,
        "bool",
        _BUGIARDA,
        "only the Bugiarda games have a declaration round",
        "2.6",
        default=False,
        presets={"bugiarda": True, "bugiarda-5": True},
        doc=(
            "Bugiarda: one round of `Declare`/`Pass` before the first trick (§2.6; on in "
            "``bugiarda`` and ``bugiarda-5``)."
        ),
    ),
    _option(
        "public_claims",
        bool,
        "bool",
        _ALL,
        "",
        "3.5",
        default=False,
        doc="A `Declare` about one's own hand on one's own turn during play (§3.5).",
    ),
    _option(
        "rank_variant",
        RankVariant,
        '"standard", "seven_high", "seven_high_bisca" or "three_natural"',
        _ALL,
        "",
        "3.9",
        default=RankVariant.STANDARD,
        doc="Regional card order and points (§3.9).",
    ),
    _option(
        "must_follow_suit",
        bool,
        "bool",
        _ALL,
        "",
        "3.10",
        default=False,
        doc="A seat that holds a card of the led suit must play one (§3.10).",
    ),
    _option(
        "seven_swap",
        bool,
        "bool",
        _FACE_UP,
        _NO_FACE_UP,
        "3.1",
        default=False,
        doc="The 7 of trumps may be exchanged for the face-up card (§3.1).",
    ),
    _option(
        "seven_swap_requires_higher",
        bool,
        "bool",
        _FACE_UP,
        _NO_FACE_UP,
        "3.1",
        parent="seven_swap",
        default=True,
        doc="Only when the face-up card is stronger than the 7 (§3.1, default True).",
    ),
    _option(
        "seven_swap_only_if_drawn",
        bool,
        "bool",
        _FACE_UP,
        _NO_FACE_UP,
        "3.1",
        parent="seven_swap",
        default=False,
        doc="Only a 7 that came into the hand by a draw from the stock (§3.1).",
    ),
    _option(
        "seven_swap_requires_won_trick",
        bool,
        "bool",
        _FACE_UP,
        _NO_FACE_UP,
        "3.1",
        parent="seven_swap",
        default=False,
        doc="Only a seat that has already won a trick in this deal (§3.1).",
    ),
    _option(
        "seven_swap_only_leader",
        bool,
        "bool",
        _FACE_UP,
        _NO_FACE_UP,
        "3.1",
        parent="seven_swap",
        default=False,
        doc="Only the seat that leads the current trick, before it leads (§3.1).",
    ),
    _option(
        "seven_swap_deadline",
        SevenSwapDeadline,
        '"stock_empty" or "before_penultimate_trick"',
        _FACE_UP,
        _NO_FACE_UP,
        "3.1",
        parent="seven_swap",
        default=SevenSwapDeadline.STOCK_EMPTY,
        doc="Until when the 7 may be exchanged (§3.1).",
    ),
    _option(
        "two_swap",
        bool,
        "bool",
        _FACE_UP,
        _NO_FACE_UP,
        "3.2",
        default=False,
        doc="The 2 of trumps may be exchanged for the face-up card (§3.2).",
    ),
    _option(
        "two_swap_window",
        TwoSwapWindow,
        '"first_trick", "before_first_lead" or "both"',
        _FACE_UP,
        _NO_FACE_UP,
        "3.2",
        parent="two_swap",
        default=TwoSwapWindow.FIRST_TRICK,
        doc="When the 2 may be exchanged (§3.2).",
    ),
    _option(
        "signals",
        bool,
        "bool",
        _PARTNERS,
        _NO_PARTNERS,
        "3.5",
        default=False,
        doc="Fixed partnerships: a private `Signal` to the partner(s) on one's turn (§3.5).",
    ),
    _option(
        "signal_tokens",
        tuple,
        "a tuple of token names",
        _PARTNERS,
        _NO_PARTNERS,
        "3.5",
        parent="signals",
        default=("ACE", "THREE", "KING", "KNIGHT", "JACK"),
        doc="The tokens a `Signal` may carry (§3.5), from `SIGNAL_TOKENS`.",
    ),
    _option(
        "no_signals_first_trick",
        bool,
        "bool",
        _PARTNERS,
        _NO_PARTNERS,
        "3.5",
        parent="signals",
        default=True,
        doc="No `Signal` while the first trick is under way (§3.5, default True).",
    ),
    _option(
        "share_hands_before_first_trick",
        ShareHands,
        _SHARE,
        _PARTNERS,
        _NO_PARTNERS,
        "3.3",
        default=ShareHands.OFF,
        doc="Fixed partnerships: partners see each other's hands before the first trick (§3.3).",
    ),
    _option(
        "share_hands_when_stock_empty",
        ShareHands,
        _SHARE,
        _PARTNERS,
        _NO_PARTNERS,
        "3.4",
        default=ShareHands.OFF,
        doc="Fixed partnerships: partners see each other's hands once the stock is empty (§3.4).",
    ),
    _option(
        "tie_rule",
        TieRule,
        '"draw", "replay" or "last_trick"',
        _TWO_SIDED,
        _NOT_TWO_SIDED,
        "3.8",
        default=TieRule.DRAW,
        doc="How a two-sided deal that no side wins is settled (§3.8).",
    ),
    _option(
        "win_threshold",
        int,
        "an int from 61 to 120",
        _TWO_SIDED,
        _NOT_TWO_SIDED,
        "1.9",
        bounds=(61, 120),
        default=61,
        doc="Card points that win a two-sided deal, 61 to 120 (§1.9).",
    ),
    _option(
        "auction",
        Auction,
        '"ranks", "points_only" or "two_only"',
        _CHIAMATA,
        "it is not Briscola Chiamata",
        "2.5.8",
        default=None,
        presets={"chiamata": Auction.RANKS, "chiamata-milan": Auction.RANKS},
        doc="Chiamata: the form of the auction (§2.5.2, §2.5.8); ``None`` elsewhere.",
    ),
    _option(
        "after_two",
        AfterTwo,
        '"ends" or "points"',
        _CHIAMATA,
        "it is not Briscola Chiamata",
        "2.5.3",
        parent="auction",
        default=None,
        presets={"chiamata": AfterTwo.ENDS, "chiamata-milan": AfterTwo.POINTS},
        doc=(
            'Chiamata: what follows a call of the 2 (§2.5.3): ``"ends"`` in ``chiamata``, '
            '``"points"`` in ``chiamata-milan``.'
        ),
    ),
    _option(
        "allow_ace_call",
        bool,
        "bool",
        _CHIAMATA,
        "it is not Briscola Chiamata",
        "2.5.2",
        default=False,
        doc="Chiamata: the Ace may be called, as the weakest bid (§2.5.2).",
    ),
    _option(
        "min_point_call",
        int,
        "61 or 62",
        _CHIAMATA,
        "it is not Briscola Chiamata",
        "2.5.3",
        parent="after_two",
        choices=(61, 62),
        default=None,
        presets={"chiamata": 61, "chiamata-milan": 61},
        doc="Chiamata: the lowest point bid, 61 (default) or 62 (§2.5.3).",
    ),
    _option(
        "point_call_step",
        int,
        "an int from 1 to 120",
        _CHIAMATA,
        "it is not Briscola Chiamata",
        "2.5.3",
        parent="after_two",
        # Every step above 59 has the same effect (no bid can follow the first); 120, the
        # points of a deal, bounds it so that every Rules prints and saves.
        bounds=(1, 120),
        default=None,
        presets={"chiamata": 1, "chiamata-milan": 1},
        doc="Chiamata: a point bid must beat the last one by at least this much (default 1).",
    ),
    _option(
        "allow_point_jump",
        bool,
        "bool",
        _CHIAMATA,
        "it is not Briscola Chiamata",
        "2.5.3",
        parent="after_two",
        default=False,
        doc="Chiamata: a point bid may beat any rank call, not only a 2 (§2.5.3).",
    ),
    _option(
        "all_pass",
        AllPass,
        '"forced" or "redeal"',
        _CHIAMATA,
        "it is not Briscola Chiamata",
        "2.5.2",
        default=None,
        presets={"chiamata": AllPass.FORCED, "chiamata-milan": AllPass.FORCED},
        doc='Chiamata: ``"forced"`` (the first hand must bid, default) or ``"redeal"`` (§2.5.2).',
    ),
    _option(
        "base_target",
        int,
        "60 or 61",
        _CHIAMATA,
        "it is not Briscola Chiamata",
        "2.5.2",
        choices=(60, 61),
        default=None,
        presets={"chiamata": 61, "chiamata-milan": 61},
        doc="Chiamata: the card points a rank call commits to, 61 (default) or 60 (§2.5.2).",
    ),
    _option(
        "first_leader",
        FirstLeader,
        '"first_hand" or "caller"',
        _CHIAMATA,
        "it is not Briscola Chiamata",
        "2.5.5",
        default=None,
        presets={"chiamata": FirstLeader.FIRST_HAND, "chiamata-milan": FirstLeader.FIRST_HAND},
        doc="Chiamata: who leads trick 1 (§2.5.5).",
    ),
    _option(
        "first_trick_blind",
        FirstTrickBlind,
        '"off", "committed" or "free_choice"',
        _CHIAMATA,
        "it is not Briscola Chiamata",
        "2.5.8",
        default=None,
        presets={"chiamata": FirstTrickBlind.OFF, "chiamata-milan": FirstTrickBlind.OFF},
        doc='Chiamata: the "prima mano al buio" variant (§2.5.8).',
    ),
    _option(
        "stakes",
        Stakes,
        '"flat", "bands" or "tedaldi"',
        _CHIAMATA,
        "it is not Briscola Chiamata",
        "2.5.6",
        default=None,
        presets={"chiamata": Stakes.FLAT, "chiamata-milan": Stakes.FLAT},
        doc="Chiamata: the multiplier of point bids (§2.5.6).",
    ),
    _option(
        "cappotto",
        Cappotto,
        '"points" or "tricks"',
        _CHIAMATA,
        "it is not Briscola Chiamata",
        "2.5.6",
        default=None,
        presets={"chiamata": Cappotto.POINTS, "chiamata-milan": Cappotto.POINTS},
        doc="Chiamata: what counts as a cappotto (§2.5.6).",
    ),
    _option(
        "players",
        int,
        "5 or 6",
        _CHIAMATA,
        "it is not Briscola Chiamata",
        "2.5.8",
        choices=(5, 6),
        default=5,
        doc="Number of seats: fixed by the preset, and an option (5 or 6) in Chiamata (§2.5.8).",
    ),
    _option(
        "six_player_form",
        SixPlayerForm,
        '"dealer_sits_out", "remove_fours" or "remove_twos"',
        _CHIAMATA,
        "it is not Briscola Chiamata",
        "2.5.8",
        parent="players",
        default=None,
        presets={
            "chiamata": SixPlayerForm.DEALER_SITS_OUT,
            "chiamata-milan": SixPlayerForm.DEALER_SITS_OUT,
        },
        doc="Chiamata with ``players=6``: who plays (§2.5.8).",
    ),
    _option(
        "annul_zero_point_hand",
        bool,
        "bool",
        _CHIAMATA,
        "it is not Briscola Chiamata",
        "2.5.6",
        default=False,
        doc="Chiamata: a deal where an active seat holds no card points is void (§2.5.6).",
    ),
)
OPTIONS: Final[Mapping[str, OptionInfo]] = types.MappingProxyType(
    {info.name: info for info in _OPTION_ROWS}
)
"""Every option of the presets in `VARIANTS`, by name (§8)."""

MATCH_OPTIONS: Final = (
    "dealer_rotation",
    "redeal_same_dealer_after_draw",
    "redeal_same_dealer_after_void",
    "cappotto_wins_match",
)
"""The keywords of `new_match` that are match options rather than table rules (§3.7);
`rules` refuses them with a word on where they go."""

_ENUM_OPTIONS: Final[Mapping[str, type[enum.StrEnum]]] = {
    name: info.kind for name, info in OPTIONS.items() if issubclass(info.kind, enum.StrEnum)
}
_RANK_OF_CODE: Final = {rank.code: rank for rank in Rank}
_NUMBER_WORDS: Final = dict(enumerate(("", "one", "two", "three", "four", "five", "six")))
_PLAIN_TYPES: Final = frozenset((bool, int, float, str, type(None)))


class _RulesCache:
    """A private slot of `Rules` that is not an attrs field, so it takes no part in
    equality, hashing, the repr or pickling: ``memo`` holds what the layers above work out
    once per `Rules` and keep, keyed by the module's own tag or by a tuple that starts with
    it (the engine's deal plan of each dealer, the tables of trick play for each trump suit,
    scoring's sides of each dealer, the auction's legal moves over each bid)."""

    __slots__ = ("_memo",)
    _memo: dict[object, Any]


# cache_hash: a Rules is hashed wherever a state is, and its 40 fields cost a microsecond.
@attrs.frozen(repr=False, cache_hash=True)
class Rules(_RulesCache):
    """A preset and every table rule: a frozen, validated value.

    Build one with `rules()` (or pass the options straight to `new_game()`); the presets
    are in `VARIANTS`. Each option field has the name, default and meaning of §8.
    ``repr`` shows the preset and the options that differ from its defaults, and reads back.

    Besides the options, a `Rules` exposes the shape of its preset: `players`,
    `hand_size`, `teams`, `deck` and whether there is a stock and a face-up trump card.
    """

    variant: str
    """The preset id, such as ``"classic-4"`` (see `VARIANTS`)."""

    removed_two: str | None = None
    """``classic-3`` only: the 2 taken out of the deck (``"2C"`` by default), or
    ``"random"`` for a 2 drawn from the seed (§2.2). ``None`` in the other presets."""
    deal_packet_size: int = 1
    """Cards dealt to each seat at a time: 1 (default) or the whole hand (§1.6)."""
    open_hands: bool = False
    """Every hand is visible to every seat (§2.7). True in ``scoperta``."""
    open_stock: bool = False
    """Every seat sees the order of the face-down stock (§2.7)."""
    trump_source: TrumpSource | None = None
    """Bugiarda (``bugiarda``, ``bugiarda-5``): ``"last_dealt"`` (default) or
    ``"separate_flip"`` (§2.6.1). ``None`` in the other presets."""
    trump_suit: str | None = None
    """Bugiarda under ``trump_source="separate_flip"``: the trump suit's code, whatever the
    deck or seed; ``None`` draws it from the seed (§2.6.1, ruling R6)."""
    first_leader_offset: int | None = None
    """Bugiarda: +1 (default) makes the first hand lead; -1 the seat before the dealer in
    play order (§2.6.1). ``None`` in the other presets."""
    declaration_round: bool = False
    """Bugiarda: one round of `Declare`/`Pass` before the first trick (§2.6; on in
    ``bugiarda`` and ``bugiarda-5``)."""
    public_claims: bool = False
    """A `Declare` about one's own hand on one's own turn during play (§3.5)."""
    rank_variant: RankVariant = RankVariant.STANDARD
    """Regional card order and points (§3.9)."""
    must_follow_suit: bool = False
    """A seat that holds a card of the led suit must play one (§3.10)."""
    seven_swap: bool = False
    """The 7 of trumps may be exchanged for the face-up card (§3.1)."""
    seven_swap_requires_higher: bool = True
    """Only when the face-up card is stronger than the 7 (§3.1, default True)."""
    seven_swap_only_if_drawn: bool = False
    """Only a 7 that came into the hand by a draw from the stock (§3.1)."""
    seven_swap_requires_won_trick: bool = False
    """Only a seat that has already won a trick in this deal (§3.1)."""
    seven_swap_only_leader: bool = False
    """Only the seat that leads the current trick, before it leads (§3.1)."""
    seven_swap_deadline: SevenSwapDeadline = SevenSwapDeadline.STOCK_EMPTY
    """Until when the 7 may be exchanged (§3.1)."""
    two_swap: bool = False
    """The 2 of trumps may be exchanged for the face-up card (§3.2)."""
    two_swap_window: TwoSwapWindow = TwoSwapWindow.FIRST_TRICK
    """When the 2 may be exchanged (§3.2)."""
    signals: bool = False
    """Fixed partnerships: a private `Signal` to the partner(s) on one's turn (§3.5)."""
    signal_tokens: tuple[str, ...] = ("ACE", "THREE", "KING", "KNIGHT", "JACK")
    """The tokens a `Signal` may carry (§3.5), from `SIGNAL_TOKENS`."""
    no_signals_first_trick: bool = True
    """No `Signal` while the first trick is under way (§3.5, default True)."""
    share_hands_before_first_trick: ShareHands = ShareHands.OFF
    """Fixed partnerships: partners see each other's hands before the first trick (§3.3)."""
    share_hands_when_stock_empty: ShareHands = ShareHands.OFF
    """Fixed partnerships: partners see each other's hands once the stock is empty (§3.4)."""
    auction: Auction | None = None
    """Chiamata: the form of the auction (§2.5.2, §2.5.8); ``None`` elsewhere."""
    after_two: AfterTwo | None = None
    """Chiamata: what follows a call of the 2 (§2.5.3): ``"ends"`` in ``chiamata``,
    ``"points"`` in ``chiamata-milan``."""
    allow_ace_call: bool = False
    """Chiamata: the Ace may be called, as the weakest bid (§2.5.2)."""
    min_point_call: int | None = None
    """Chiamata: the lowest point bid, 61 (default) or 62 (§2.5.3)."""
    point_call_step: int | None = None
    """Chiamata: a point bid must beat the last one by at least this much (default 1)."""
    allow_point_jump: bool = False
    """Chiamata: a point bid may beat any rank call, not only a 2 (§2.5.3)."""
    all_pass: AllPass | None = None
    """Chiamata: ``"forced"`` (the first hand must bid, default) or ``"redeal"`` (§2.5.2)."""
    base_target: int | None = None
    """Chiamata: the card points a rank call commits to, 61 (default) or 60 (§2.5.2)."""
    first_leader: FirstLeader | None = None
    """Chiamata: who leads trick 1 (§2.5.5)."""
    first_trick_blind: FirstTrickBlind | None = None
    """Chiamata: the "prima mano al buio" variant (§2.5.8)."""
    stakes: Stakes | None = None
    """Chiamata: the multiplier of point bids (§2.5.6)."""
    cappotto: Cappotto | None = None
    """Chiamata: what counts as a cappotto (§2.5.6)."""
    six_player_form: SixPlayerForm | None = None
    """Chiamata with ``players=6``: who plays (§2.5.8)."""
    annul_zero_point_hand: bool = False
    """Chiamata: a deal where an active seat holds no card points is void (§2.5.6)."""
    players: int = 0
    """Number of seats: fixed by the preset, and an option (5 or 6) in Chiamata (§2.5.8)."""
    tie_rule: TieRule = TieRule.DRAW
    """How a two-sided deal that no side wins is settled (§3.8)."""
    win_threshold: int = 61
    """Card points that win a two-sided deal, 61 to 120 (§1.9)."""

    # The shape of the preset, derived once; not options, not compared.
    hand_size: int = attrs.field(init=False, eq=False)
    """Cards in a full hand."""
    active_players: int = attrs.field(init=False, eq=False)
    """Seats that play a deal: `players`, less the dealer where the dealer sits out."""
    teams: tuple[tuple[int, ...], ...] = attrs.field(init=False, eq=False)
    """The sides, each a tuple of seats: ``((0, 2), (1, 3))`` in ``classic-4``; one seat per
    side in the games where everyone plays alone. In ``bugiarda-5`` these are positions
    among the active seats from the first hand: use `teams_for` or `State.teams`."""
    deck: tuple[Card, ...] = attrs.field(init=False, eq=False)
    """The cards of the variant in id order. Under ``removed_two="random"`` all four 2s are
    in it, and each deal's `State.removed` says which one that deal left out."""
    removed: tuple[Card, ...] = attrs.field(init=False, eq=False)
    """The cards the variant leaves out of every deal (the 2s of ``classic-6``, the
    ``removed_two`` of ``classic-3``)."""
    dealt_cards: int = attrs.field(init=False, eq=False)
    """How many cards the deal puts in the hands; the face-up card (if any) is the next
    card of the deck, and the face-down stock follows it (§1.6)."""
    has_stock: bool = attrs.field(init=False, eq=False)
    """Whether undealt cards form a stock drawn from after each trick."""
    tricks_per_deal: int = attrs.field(init=False, eq=False)
    """The tricks of every deal: the cards in play (`deck`, less the 2 that a deal leaves
    out under ``removed_two="random"``) over the `active_players`."""
    trump_kind: TrumpKind = attrs.field(init=False, eq=False)
    """Where the trump suit comes from: the face-up card, the deal (Bugiarda), the caller
    (Chiamata), or nowhere (``briscolone``)."""
    has_face_up_card: bool = attrs.field(init=False, eq=False)
    """Whether a card is turned face up under the stock and fixes the trump suit."""
    card_points: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    """Card points by card id under `rank_variant`."""
    strength: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    """Trick-taking strength by card id under `rank_variant` (10 = best in its suit)."""
    dealer_sits_out: bool = attrs.field(init=False, eq=False)
    """Whether the dealer takes no part in the deal (``bugiarda-5``)."""
    plain_play: bool = attrs.field(init=False, eq=False, repr=False)
    """Whether every card in hand is always a legal play and the only legal move."""
    next_seats: tuple[tuple[int, ...], ...] = attrs.field(init=False, eq=False, repr=False)
    """``next_seats[dealer][seat]``: the seat that acts after ``seat`` (skipping a dealer who
    sits out)."""
    trick_seats: tuple[tuple[tuple[int, ...], ...], ...] = attrs.field(
        init=False, eq=False, repr=False
    )
    """``trick_seats[dealer][leader]``: the seats of a trick in play order."""
    call_ranks: tuple[Rank, ...] = attrs.field(init=False, eq=False, repr=False)
    """Chiamata: the ranks in the deck, strongest first: the call ladder of §2.5.2 (the Ace
    is in it even when ``allow_ace_call`` is off; then it cannot be bid)."""

    def __attrs_post_init__(self) -> None:
        if type(self.variant) is not str:
            raise RulesError(
                f"Rules(variant={quote(self.variant)}) is not valid: the variant is a preset id "
                "(build a Rules with briscola.rules())"
            )
        if type(self.players) is int and self.players == 0 and self.variant in _PRESETS:
            object.__setattr__(self, "players", _PRESETS[self.variant].players)
        try:
            problems = _check(self)
        except _FOREIGN:
            problems = None
        if problems is None:
            raise RulesError(
                "Rules(...) was given values of the wrong kind: build a Rules with "
                "briscola.rules(variant, **options)"
            )
        if problems:
            hint = ""
            if any("=None is not valid" in problem for problem in problems):
                hint = _build_hint(self.variant)
            raise RulesError("; ".join(problems) + hint)
        preset = _PRESETS[self.variant]
        for name, kind in _ENUM_OPTIONS.items():
            value = getattr(self, name)
            if value is not None:
                object.__setattr__(self, name, kind(value))
        players = preset.players
        active = players - preset.dealer_sits_out
        hand_size = preset.hand_size
        sits_out = preset.dealer_sits_out
        removed = preset.removed
        if self.removed_two not in (None, "random"):
            removed = (Card.parse(self.removed_two),)
        if preset.trump is TrumpKind.NAMED and self.players == 6:
            if self.six_player_form is SixPlayerForm.DEALER_SITS_OUT:
                players, active, sits_out = 6, 5, True
            else:
                gone = (
                    Rank.FOUR if self.six_player_form is SixPlayerForm.REMOVE_FOURS else Rank.TWO
                )
                removed = tuple(card for card in DECK if card.rank is gone)
                players, active, hand_size = 6, 6, 6
        order = _ORDERS[self.rank_variant]
        values = _POINTS[self.rank_variant]
        talk = self.public_claims or self.signals
        gone_ranks = {card.rank for card in removed} if len(removed) == 4 else set()
        derived: dict[str, object] = {
            "players": players,
            "active_players": active,
            "hand_size": hand_size,
            "dealt_cards": active * hand_size,
            "teams": preset.sides,
            "deck": tuple(card for card in DECK if card not in removed),
            "removed": removed,
            "has_stock": preset.stock,
            "tricks_per_deal": (
                (len(DECK) - len(removed) - (self.removed_two == "random")) // active
            ),
            "trump_kind": preset.trump,
            "has_face_up_card": preset.trump is TrumpKind.FACE_UP,
            "dealer_sits_out": sits_out,
            "card_points": tuple(values.get(card.rank.code, 0) for card in DECK),
            "strength": tuple(10 - order.index(card.rank.code) for card in DECK),
            "plain_play": not (self.must_follow_suit or self.seven_swap or self.two_swap or talk),
            "call_ranks": tuple(
                rank for rank in (_RANK_OF_CODE[code] for code in order) if rank not in gone_ranks
            ),
        }
        for name, value in derived.items():
            object.__setattr__(self, name, value)
        following = tuple(
            tuple(
                _following(players, dealer if sits_out else None, seat) for seat in range(players)
            )
            for dealer in range(players)
        )
        orders = []
        for dealer in range(players):
            by_leader = []
            for leader in range(players):
                seats = [leader]
                for _ in range(active - 1):
                    seats.append(following[dealer][seats[-1]])
                by_leader.append(tuple(seats))
            orders.append(tuple(by_leader))
        object.__setattr__(self, "next_seats", following)
        object.__setattr__(self, "trick_seats", tuple(orders))
        object.__setattr__(self, "_memo", {})

    def teams_for(self, dealer: int) -> tuple[tuple[int, ...], ...]:
        """The sides of a deal dealt by ``dealer``, each a tuple of seats.

        They are `teams` in every preset but ``bugiarda-5``, where the dealer sits out and
        the partners are opposite among the four active seats (§2.6.3).
        """
        active = self.seats_for(dealer)
        if not self.dealer_sits_out:
            return self.teams
        return _sides_of(active, self.teams)

    def seats_for(self, dealer: int) -> tuple[int, ...]:
        """The seats that play a deal dealt by ``dealer``, in play order from the first hand
        (the dealer is left out where it sits out)."""
        if type(dealer) is not int or not 0 <= dealer < self.players:
            dealer = check_seat(self, dealer, "dealer")
        return self.trick_seats[dealer][self.next_seats[dealer][dealer]]

    @property
    def default_match_format(self) -> tuple[str, int]:
        """The preset's default match format (§8 "Matches") as a format kind and its number,
        such as ``("best_of", 3)``; `new_match` builds it."""
        kind, number = _PRESETS[self.variant].match_format
        return kind, self.players if number is None else number

    @property
    def title(self) -> str:
        """A short English description of the game: the preset's, with the number of players
        where the table rules set it (``players=6`` in Chiamata)."""
        return _PRESETS[self.variant].title.format(players=_NUMBER_WORDS[self.players])

    @property
    def options(self) -> dict[str, object]:
        """The options that differ from the preset's defaults, as keyword arguments."""
        base = VARIANTS.get(self.variant)
        return {
            name: getattr(self, name)
            for name in OPTIONS
            if base is None or getattr(self, name) != getattr(base, name)
        }

    def __repr__(self) -> str:
        args = "".join(f", {name}={_show(value)}" for name, value in self.options.items())
        return f"rules({self.variant!r}{args})"


def check_flag(value: object, name: str) -> bool:
    """``value`` when it is ``True`` or ``False``, or a `RulesError` that names the argument
    ``name``: a flag is never read by truthiness, which runs a foreign ``__bool__``."""
    if type(value) is not bool:
        raise RulesError(_not_a_flag(value, name))
    return value


def _not_a_flag(value: object, name: str) -> str:
    return f"{name}={quote(value)} is not valid: use True or False"


def check_seat(r: Rules, value: object, name: str = "seat") -> int:
    """``value`` as a plain ``int`` seat of ``r`` (a ``numpy`` integer too), or a
    `RulesError` that names the argument ``name`` and the seats there are."""
    number = seat_number(value, r.players)
    if number is None:
        raise RulesError(
            f"{name}={quote(value)} is not a seat of {r.variant!r}: seats run from 0 to "
            f"{r.players - 1}"
        )
    return number


@functools.cache
def _sides_of(
    active: tuple[int, ...], positions: tuple[tuple[int, ...], ...]
) -> tuple[tuple[int, ...], ...]:
    """The sides of a deal whose dealer sits out: ``positions`` are places among the
    ``active`` seats. Score and observe ask this on every call, so each shape is built once."""
    return tuple(tuple(active[position] for position in side) for side in positions)


def _show(value: object) -> str:
    if isinstance(value, enum.StrEnum):
        return repr(value.value)
    return repr(value)


def _quoted(value: object) -> str:
    """`_show` for messages: user values cut short."""
    return _show(value) if isinstance(value, enum.StrEnum) else quote(value)


def _check(r: Rules) -> list[str]:
    """Every problem with a Rules value's fields, in field order."""
    preset = _PRESETS.get(r.variant) if isinstance(r.variant, str) else None
    if preset is None:
        return [_unknown_variant(r.variant)]
    problems: list[str] = []
    defaults = _preset_defaults(preset)
    for name, info in OPTIONS.items():
        value = getattr(r, name)
        plain = _plain(value, 1)  # compared below: a foreign __eq__ or __hash__ must not run
        if r.variant not in info.applies_to:
            if not plain or value != defaults[name]:
                problems.append(_does_not_apply(name, value, r.variant, info))
            continue
        if not plain:
            # Said as for any wrong value: checked through a stand-in that only shows it.
            problem = _check_value(name, _Shown(quote(value)), preset, _hand_size(r, preset))
            said = problem or f"{name}={quote(value)} is not valid"
            kind = type(value)
            where = "" if kind.__module__ == "builtins" else f"{kind.__module__}."
            problems.append(f"{said} (a plain value, not {where}{kind.__qualname__:.60})")
            continue
        problem = _check_value(name, value, preset, _hand_size(r, preset))
        if problem:
            problems.append(problem)
    if (
        r.trump_suit is not None
        and _plain(r.trump_source, 0)
        and r.trump_source == TrumpSource.LAST_DEALT
    ):
        problems.append(
            f"trump_suit={quote(r.trump_suit)} does not apply with trump_source='last_dealt': "
            "the last card dealt fixes the trump suit"
        )
    return problems


def _plain(value: object, depth: int) -> bool:
    """Whether ``value`` is made only of the library's own and built-in values."""
    if type(value) in _PLAIN_TYPES or isinstance(value, OptionEnum | Suit | Card):
        return True
    if depth > 0 and isinstance(value, tuple | list) and type(value) in (tuple, list):
        return all(_plain(item, depth - 1) for item in value)
    return False


def _following(players: int, out: int | None, seat: int) -> int:
    seat = (seat + 1) % players
    return (seat + 1) % players if seat == out else seat


def _hand_size(r: Rules, preset: _Preset) -> int:
    # Read before each value is checked: a foreign value's __eq__ must not run here either.
    form = r.six_player_form
    six = type(r.players) is int and r.players == 6
    if six and _plain(form, 0) and form not in (None, SixPlayerForm.DEALER_SITS_OUT):
        return 6
    return preset.hand_size


class _Shown:
    """A value that is not plain, as `_check_value` may read it: its quoted text, equal to
    nothing else."""

    def __init__(self, text: str) -> None:
        self._text = text

    def __repr__(self) -> str:
        return self._text


def _check_value(name: str, value: object, preset: _Preset, hand_size: int) -> str | None:
    """What is wrong with ``value`` for the option ``name``, from its declaration."""
    info = OPTIONS[name]
    if info.kind is bool:
        return None if type(value) is bool else _not_a_flag(value, name)
    # The options whose values depend on the preset or read better in their own words.
    if name == "deal_packet_size":
        if type(value) is not int or value not in (1, hand_size):
            return (
                f"deal_packet_size={quote(value)} is not valid in {preset.id!r}: "
                f"use 1 or the hand size, {hand_size}"
            )
        return None
    if name == "trump_suit":
        if value is not None and value not in _SUIT_CODES:
            return f"trump_suit={quote(value)} is not valid: use a suit code, 'D', 'C', 'S' or 'B'"
        return None
    if name == "first_leader_offset":
        if type(value) is not int or value not in (1, -1):
            return f"first_leader_offset={quote(value)} is not valid: use +1 or -1"
        return None
    if name == "signal_tokens":
        if (
            not isinstance(value, tuple)
            or not value
            or len(set(value)) != len(value)
            or any(token not in SIGNAL_TOKENS for token in value)
        ):
            listed = ", ".join(map(repr, SIGNAL_TOKENS))
            return (
                f"signal_tokens={quote(value)} is not valid: use a tuple of different tokens "
                f"from {listed}"
            )
        return None
    if info.kind is int and info.choices is not None:
        if type(value) is not int or value not in info.choices:
            return f"{name}={quote(value)} is not valid: use {' or '.join(map(str, info.choices))}"
        return None
    if info.kind is int and info.bounds is not None:
        low, high = info.bounds
        if type(value) is not int or value < low or (high is not None and value > high):
            if high is None:
                return f"{name}={quote(value)} is not valid: use a whole number from {low}"
            return f"{name}={quote(value)} is not valid: use a whole number from {low} to {high}"
        return None
    if info.choices is not None:  # an enum, or text from a short list
        if value not in info.choices:
            listed = ", ".join(map(repr, info.choices))
            return f"{name}={quote(value)} is not valid: use one of {listed}"
        return None
    raise AssertionError(f"option {name} has no check")  # pragma: no cover


def _does_not_apply(name: str, value: object, variant: str, info: OptionInfo | None) -> str:
    why = f": {info.why_not}" if info is not None and info.why_not else ""
    return f"{name}={_quoted(value)} does not apply to {variant!r}{why}"


def _unknown_variant(variant: object) -> str:
    if not isinstance(variant, str):
        return f"a variant is a preset id such as 'classic', not {type(variant).__name__}"
    import difflib  # error messages only: not loaded by `import briscola`

    close = difflib.get_close_matches(variant[:40], list(_PRESETS), n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    listed = ", ".join(map(repr, _PRESETS))
    return f"unknown variant {quote(variant)}{hint}; the variants are {listed}"


def _preset_defaults(preset: _Preset) -> dict[str, object]:
    return {name: info.default_for(preset.id) for name, info in OPTIONS.items()}


_ALIASES: Final = {"classic-2": "classic", "briscola-scoperta": "scoperta"}


def _normalize_variant(variant: str) -> str:
    key = variant.strip().lower().replace("_", "-").replace(" ", "-")
    return _ALIASES.get(key, key)


def _normalize_value(name: str, value: object) -> object:
    if name in _ENUM_OPTIONS and isinstance(value, str):
        return value.lower()
    if name == "trump_suit":
        if isinstance(value, Suit):
            return value.value
        if isinstance(value, str) and value.strip().lower() in SUIT_WORDS:
            return SUIT_WORDS[value.strip().lower()].value  # "C", "coppe", "♥", "cups"
    if name == "signal_tokens" and isinstance(value, list | tuple):
        return tuple(token.upper() if isinstance(token, str) else token for token in value)
    if name == "removed_two":
        if isinstance(value, Card):
            return str(value)
        if isinstance(value, str):
            return "random" if value.strip().lower() == "random" else value.strip().upper()
    return value


VariantId: TypeAlias = Literal[
    "classic",
    "classic-3",
    "classic-4",
    "classic-6",
    "chiamata",
    "chiamata-milan",
    "bugiarda",
    "bugiarda-2",
    "bugiarda-5",
    "scoperta",
    "briscolone",
]
"""The preset ids of `VARIANTS`, for the ``variant`` argument of `rules`, `new_game` and
`new_match` (which still read any text at run time and refuse unknown ids)."""

_Share: TypeAlias = ShareHands | Literal["off", "voluntary", "automatic"]


class TableRules(TypedDict, total=False):
    """The table rules `rules`, `new_game` and `new_match` take as keywords (see `OPTIONS`).

    Each option takes its enum or the enum's value as text, a ``bool``, or the numbers
    listed; `rules` checks the values, and the option's preset, at run time.
    """

    removed_two: Literal["2C", "2B", "2D", "2S", "random"] | Card
    deal_packet_size: int
    open_hands: bool
    open_stock: bool
    trump_source: TrumpSource | Literal["last_dealt", "separate_flip"]
    trump_suit: Suit | str | None
    first_leader_offset: Literal[1, -1]
    declaration_round: bool
    public_claims: bool
    rank_variant: (
        RankVariant | Literal["standard", "seven_high", "seven_high_bisca", "three_natural"]
    )
    must_follow_suit: bool
    seven_swap: bool
    seven_swap_requires_higher: bool
    seven_swap_only_if_drawn: bool
    seven_swap_requires_won_trick: bool
    seven_swap_only_leader: bool
    seven_swap_deadline: SevenSwapDeadline | Literal["stock_empty", "before_penultimate_trick"]
    two_swap: bool
    two_swap_window: TwoSwapWindow | Literal["first_trick", "before_first_lead", "both"]
    signals: bool
    signal_tokens: Sequence[str]
    no_signals_first_trick: bool
    share_hands_before_first_trick: _Share
    share_hands_when_stock_empty: _Share
    tie_rule: TieRule | Literal["draw", "replay", "last_trick"]
    win_threshold: int
    auction: Auction | Literal["ranks", "points_only", "two_only"]
    after_two: AfterTwo | Literal["ends", "points"]
    allow_ace_call: bool
    min_point_call: Literal[61, 62]
    point_call_step: int
    allow_point_jump: bool
    all_pass: AllPass | Literal["forced", "redeal"]
    base_target: Literal[60, 61]
    first_leader: FirstLeader | Literal["first_hand", "caller"]
    first_trick_blind: FirstTrickBlind | Literal["off", "committed", "free_choice"]
    stakes: Stakes | Literal["flat", "bands", "tedaldi"]
    cappotto: Cappotto | Literal["points", "tricks"]
    players: Literal[5, 6]
    six_player_form: SixPlayerForm | Literal["dealer_sits_out", "remove_fours", "remove_twos"]
    annul_zero_point_hand: bool


def rules(variant: VariantId | Rules, /, **options: Unpack[TableRules]) -> Rules:
    """The `Rules` of a preset with some table rules changed.

    Args:
        variant: A preset id of `VARIANTS` (``"classic"``, ``"classic-4"``, …), or a
            `Rules` whose options are kept unless overridden.
        **options: Table rules of §8 by name, such as ``seven_swap=True``.

    Raises:
        RulesError: for an unknown variant or option, a value out of range, or an option
            that does not apply to the preset. One error lists every problem found.

    Examples:
        >>> rules("classic-3").removed_two
        '2C'
        >>> rules("briscolone", tie_rule="replay").tie_rule
        <TieRule.REPLAY: 'replay'>
        >>> rules("classic", seven_swap=True) is rules("classic", seven_swap=True)
        True
    """
    # Equal arguments give the one shared Rules. The key holds each value's type, so that
    # seven_swap=1 (refused) never finds the Rules made for seven_swap=True.
    try:
        key = (type(variant), variant, *((n, type(v), v) for n, v in sorted(options.items())))
        cached = _CACHE.get(key)
        hashable = True
    except Exception:
        hashable = False
    if not hashable:
        # A value that cannot be hashed (a list of signal tokens, or an object whose own
        # __hash__ fails) is checked without the cache, outside the handler: a refusal
        # shows no TypeError of hashing behind it.
        return _build_rules(variant, options)
    if cached is None:
        cached = _build_rules(variant, options)
        if len(_CACHE) >= _CACHE_SIZE:
            _CACHE.clear()
        _CACHE[key] = cached
    return cached


_CACHE: Final[dict[tuple[object, ...], Rules]] = {}
_CACHE_SIZE: Final = 4096


def _build_rules(variant: str | Rules, options: Mapping[str, object]) -> Rules:
    if isinstance(variant, Rules):
        base = {name: getattr(variant, name) for name in OPTIONS}
        preset_id = variant.variant
    elif isinstance(variant, str):
        preset_id = _normalize_variant(variant)
        if preset_id not in _PRESETS:
            raise RulesError(_unknown_variant(variant))
        base = _preset_defaults(_PRESETS[preset_id])
    else:
        raise RulesError(_unknown_variant(variant))
    problems: list[str] = []
    for name, value in options.items():
        info = OPTIONS.get(name)
        if info is None:
            if name == "variant":
                problems.append("the variant is the first argument, given once, not variant=")
                continue
            if name in MATCH_OPTIONS:
                problems.append(f"{name} is a match option: give it to new_match")
                continue
            import difflib  # as in `_unknown_variant`

            close = difflib.get_close_matches(name[:40], [*OPTIONS, *MATCH_OPTIONS], n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            problems.append(f"unknown option {quote(name)}{hint}")
        elif preset_id not in info.applies_to:
            problems.append(_does_not_apply(name, value, preset_id, info))
        elif name == "players" and (type(value) is not int or value not in (5, 6)):
            problems.append(f"players={quote(value)} is not valid: use 5 or 6")
        else:
            base[name] = _normalize_value(name, value)
    try:
        result = Rules(preset_id, **base)
    except RulesError as error:
        # The caller is already building with rules(): the hint is for Rules(...) alone.
        problems.append(str(error).removesuffix(_build_hint(preset_id)))
    if problems:
        raise RulesError("; ".join(problems))
    return result


def _build_hint(variant: str) -> str:
    """What `Rules` adds when a field it was given directly is left at ``None``."""
    return f" (build a Rules with briscola.rules({quote(variant)}, ...))"


def _refuse_unknown_fields(init: Callable[..., None]) -> Callable[..., None]:
    """Wrap attrs' ``__init__`` of `Rules` so a keyword that is no field (a misspelled
    option) is a `RulesError` like every other bad value, not a bare ``TypeError``."""

    @functools.wraps(init)
    def checked(self: Rules, *args: object, **kwargs: object) -> None:
        try:
            init(self, *args, **kwargs)
        except BriscolaError:
            raise
        except TypeError as error:
            raise RulesError(
                f"{quote(str(error), 80)}: build a Rules with briscola.rules(variant, **options)"
            ) from None

    return checked


setattr(Rules, "__init__", _refuse_unknown_fields(Rules.__init__))  # noqa: B010


def _with_memo(setstate: Callable[[Rules, Any], None]) -> Callable[[Rules, Any], None]:
    """Wrap attrs' ``__setstate__`` of `Rules`: an unpickled or copied `Rules` starts with an
    empty memo, like a new one."""

    @functools.wraps(setstate)
    def restored(self: Rules, state: Any) -> None:
        setstate(self, state)
        object.__setattr__(self, "_memo", {})

    return restored


setattr(Rules, "__setstate__", _with_memo(vars(Rules)["__setstate__"]))  # noqa: B010


class _Presets(Mapping[str, Rules]):
    """The read-only mapping `VARIANTS`: each preset's `Rules` is built and checked on first
    use, so ``import briscola`` does not validate eleven presets that a program may never
    play."""

    __slots__ = ("_built",)

    def __init__(self) -> None:
        self._built: dict[str, Rules] = {}

    def __getitem__(self, preset_id: str) -> Rules:
        found = self._built.get(preset_id)
        if found is None:
            if preset_id not in _PRESETS:
                raise KeyError(preset_id)
            found = self._built[preset_id] = rules(preset_id)  # type: ignore[arg-type]
        return found

    def get(self, preset_id: str, default: Any = None) -> Any:
        """`Mapping.get`, without its ``try`` around a lookup: `new_game` calls it each deal."""
        found = self._built.get(preset_id)
        if found is not None:
            return found
        return self[preset_id] if preset_id in _PRESETS else default

    def __contains__(self, preset_id: object) -> bool:
        try:
            return preset_id in _PRESETS
        except TypeError:  # an unhashable key is in no mapping
            return False

    def __iter__(self) -> Iterator[str]:
        return iter(_PRESETS)

    def __len__(self) -> int:
        return len(_PRESETS)

    def __repr__(self) -> str:
        return f"VARIANTS({dict(self.items())!r})"


VARIANTS: Final[Mapping[str, Rules]] = _Presets()
"""The presets by id, read-only: ``classic``, ``classic-3``, ``classic-4``, ``classic-6``,
``chiamata``, ``chiamata-milan``, ``bugiarda``, ``bugiarda-2``, ``bugiarda-5``,
``scoperta`` and ``briscolone``."""


def rules_schema() -> dict[str, object]:
    """The JSON Schema (draft 2020-12) of a `Rules` written as JSON: ``variant`` and the
    options by name, as `Rules.options` gives them (enum values as their strings).

    It is generated from `OPTIONS`, the one declaration of each option, so it cannot drift
    from what `rules()` accepts. A value can still be refused for a reason the schema does
    not express: an option that does not apply to the preset, or ``deal_packet_size``
    other than 1 or the hand size.

    Examples:
        >>> schema = rules_schema()
        >>> schema["properties"]["tie_rule"]["enum"]
        ['draw', 'replay', 'last_trick']
    """
    properties: dict[str, object] = {
        "variant": {"enum": list(_PRESETS), "description": "The preset id."}
    }
    for name, info in OPTIONS.items():
        properties[name] = _option_schema(info)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "Rules",
        "type": "object",
        "properties": properties,
        "required": ["variant"],
        "additionalProperties": False,
    }


def _option_schema(info: OptionInfo) -> dict[str, object]:
    applies = ", ".join(sorted(info.applies_to))
    clause = "" if f"§{info.section}" in info.doc else f" (§{info.section})"
    schema: dict[str, object] = {"description": f"{info.doc}{clause} Applies to: {applies}."}
    if info.kind is bool:
        schema["type"] = "boolean"
    elif info.kind is tuple:
        schema.update(
            type="array", items={"enum": list(SIGNAL_TOKENS)}, minItems=1, uniqueItems=True
        )
    elif info.choices is not None:
        # No null for an option that has no default of its own: where it does not apply,
        # the preset's list of option names leaves it out, and `rules` refuses None for it.
        schema["enum"] = list(info.choices)
    elif info.bounds is not None:
        low, high = info.bounds
        schema.update(type="integer")
        schema["minimum"] = low
        if high is not None:
            schema["maximum"] = high
    else:  # deal_packet_size: 1 or the hand size, which depends on the preset
        schema.update(type="integer", minimum=1)
    return schema
