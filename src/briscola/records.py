"""Game records: a deal written down so that it can be stored, shared and replayed.

A `Record` holds the rules, the dealer, the deck (or the seed it was shuffled from), the
moves, and free-form tags such as the players' names, the date or the event. Iterating over
a record replays it state by state. Its text form reads like a chess PGN: tag lines, then
the moves numbered by trick (0 for the moves before the first trick)::

    [Format "briscola-record 1"]
    [Rules "rules('classic')"]
    [Dealer "1"]
    [Deck "AD 2D 3D ..."]
    [White "Anna"]

    0. swap 2C, pass
    1. 3D, 6D
    2. ...

`Record.from_text` reads that form back; `briscola.dumps` and `briscola.loads` give the JSON
form. Errors name the line (`InvalidNotationError`) or the move (`IllegalMoveError`).

A `MatchRecord` writes down a whole match the same way: match tags, then one section per
deal, each opened by a ``[Deal "n"]`` tag and holding that deal's tags and moves::

    [Format "briscola-match 1"]
    [Rules "rules('classic')"]
    [Match "best_of(3)"]
    [Seed "5"]
    [Dealer "1"]
    [Result "won by 0"]

    [Deal "1"]
    [Dealer "1"]
    [Deck "..."]
    [Result "+1 -1"]

    1. 3D, 6D
    ...

Readers accept one leading byte-order mark, refuse texts longer than `MAX_SIZE`
characters, and read numbers in ASCII digits only.
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, Final, TypeVar, overload

import attrs

from ._deal import check_seed, seed_from_text, seed_text
from ._engine import apply, deal_from, new_game
from ._quote import count, number_text, quote
from ._repr import fields_repr
from .cards import Card, Suit
from .errors import (
    _FOREIGN,
    BriscolaError,
    IllegalMoveError,
    InvalidNotationError,
    InvalidStateError,
    RulesError,
)
from .errors import _inconsistent as inconsistent
from .match import (
    DealerRotation,
    Match,
    MatchFormat,
    match_apply,
    match_options,
    match_score,
    new_match,
    parse_format,
)
from .moves import Move, parse_move
from .rules import Rules, TrumpSource, rules
from .scoring import score
from .state import Phase, State

__all__ = [
    "MAX_DEALS",
    "MAX_MOVES",
    "MAX_SIZE",
    "MAX_TAGS",
    "MatchRecord",
    "Record",
    "parse_rules",
    "read_record",
]

FORMAT: Final = "briscola-record 1"
"""The ``Format`` tag of a deal's record."""
MATCH_FORMAT: Final = "briscola-match 1"
"""The ``Format`` tag of a match's record."""
MAX_SIZE: Final = 1_000_000
"""The longest record text `Record.from_text` and `MatchRecord.from_text` read, in
characters."""
MAX_MOVES: Final = 2000
"""The most moves a deal's record (or one deal of a match's record) may hold; a real deal
has a few hundred at most."""
MAX_DEALS: Final = 1000
"""The most deals a match's record may hold."""
MAX_TAGS: Final = 100
"""The most free tags a record may hold."""
# The value's pattern is unrolled (runs of plain characters between escapes) and
# possessive: the regex engine would otherwise keep a backtracking point, and memory, for
# each escape of a long value.
_TAG: Final = re.compile(r'^\[([A-Za-z0-9_]+)[ \t]+"([^"\\]*+(?:\\.[^"\\]*+)*+)"\]$')
_RESERVED: Final = ("Format", "Rules", "Dealer", "Deck", "Seed", "TrumpSuit", "Result")
_MATCH_RESERVED: Final = (
    "Format",
    "Rules",
    "Match",
    "Seed",
    "Dealer",
    "DealerRotation",
    "RedealSameDealerAfterDraw",
    "RedealSameDealerAfterVoid",
    "CappottoWinsMatch",
    "Result",
    "Deal",
)
_DEAL_TAGS: Final = ("Deal", "Dealer", "Deck", "TrumpSuit", "Result")


_R = TypeVar("_R")
_Record = TypeVar("_Record", "Record", "MatchRecord")


def _inconsistent(record: object) -> InvalidStateError:
    kind = type(record).__name__
    return InvalidStateError(
        f"this {kind} is inconsistent (edited past its checks): build records with "
        f"{kind}.from_state() or {kind}.from_text()"
    )


def _guarded(method: Callable[[_Record], _R]) -> Callable[[_Record], _R]:
    """``method``, raising `InvalidStateError` where a record edited past its checks
    would make it raise a Python error."""

    @functools.wraps(method)
    def guarded(self: _Record) -> _R:
        try:
            return method(self)
        except BriscolaError:
            raise
        except _FOREIGN:
            raise _inconsistent(self) from None

    return guarded


def _guarded_iter(
    method: Callable[[_Record], Iterator[_R]],
) -> Callable[[_Record], Iterator[_R]]:
    """`_guarded` for a method that yields."""

    @functools.wraps(method)
    def guarded(self: _Record) -> Iterator[_R]:
        try:
            yield from method(self)
        except BriscolaError:
            raise
        except _FOREIGN:
            raise _inconsistent(self) from None

    return guarded


def _not_a_dealer(r: Rules, dealer: object) -> str:
    return (
        f"dealer={quote(dealer)} is not a seat of {r.variant!r}: seats run from 0 to "
        f"{r.players - 1}"
    )


def _seed_repr(seed: int | None) -> str:
    return "None" if seed is None else number_text(seed)


@attrs.frozen(repr=False)
class Record:
    """A deal as a list of moves from a known deal.

    Exactly one of `deck` and `seed` says how the cards were dealt.
    """

    __repr__ = fields_repr

    rules: Rules
    """The variant and table rules."""
    dealer: int
    """The dealer's seat."""
    moves: tuple[Move, ...]
    """The moves in the order they were made."""
    deck: tuple[Card, ...] | None = None
    """The deck as dealt, top card first."""
    seed: int | None = attrs.field(default=None, repr=_seed_repr)
    """The seed the deck was shuffled from, when no deck is given."""
    trump_suit: Suit | None = None
    """The trump suit when no dealt card fixes it (Bugiarda, ``trump_source="separate_flip"``)."""
    tags: tuple[tuple[str, str], ...] = ()
    """Free-form metadata: players' names, date, event, …, as (name, value) pairs."""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.rules, Rules):
            raise InvalidNotationError("a record's rules must be a Rules, from briscola.rules()")
        if type(self.dealer) is not int or not 0 <= self.dealer < self.rules.players:
            raise InvalidNotationError(_not_a_dealer(self.rules, self.dealer))
        if not isinstance(self.moves, tuple) or not all(isinstance(m, Move) for m in self.moves):
            raise InvalidNotationError("a record's moves must be a tuple of moves")
        if (self.deck is None) == (self.seed is None):
            raise InvalidNotationError("a record needs exactly one of a deck and a seed")
        if self.deck is not None and (
            not isinstance(self.deck, tuple) or not all(isinstance(c, Card) for c in self.deck)
        ):
            raise InvalidNotationError("a record's deck must be a tuple of cards")
        if self.seed is not None:
            object.__setattr__(self, "seed", check_seed(self.seed))
        if self.trump_suit is not None:
            self._check_trump_suit(self.trump_suit)
        if self.deck is not None:
            try:  # a deck that cannot be dealt is refused now, not when first replayed
                deal_from(self.rules, self.deck, self.dealer, self.trump_suit)
            except RulesError as error:
                raise InvalidNotationError(f"a record's deck: {error}") from None
        _check_tags(self.tags, _RESERVED)

    def _check_trump_suit(self, suit: object) -> None:
        """A trump suit given beside the deal must be one that the deal leaves open, and,
        with a seed, the one the seed turns up: a record never holds two trump suits."""
        if not isinstance(suit, Suit):
            raise InvalidNotationError("a record's trump_suit must be a Suit or None")
        if self.rules.trump_source is not TrumpSource.SEPARATE_FLIP:
            raise InvalidNotationError(
                f"a record of {self.rules.variant!r} takes no trump_suit: its dealt cards fix "
                "the trump suit (only trump_source='separate_flip' turns one up apart)"
            )
        if self.seed is not None:
            dealt = new_game(self.rules, seed=self.seed, dealer=self.dealer).trump_suit
            if suit is not dealt:
                raise InvalidNotationError(
                    f"trump_suit={suit.value!r} is not the suit seed {number_text(self.seed)} "
                    f"turns up ({dealt.value if dealt else None!r})"
                )

    @overload
    @classmethod
    def from_state(cls, state: State, **tags: str) -> Record: ...
    @overload
    @classmethod
    def from_state(cls, state: Match, **tags: str) -> MatchRecord: ...
    @classmethod
    def from_state(cls, state: State | Match, **tags: str) -> Record | MatchRecord:
        """The record of ``state``: its rules, dealer, deck and every move so far.

        For a `Match`, the `MatchRecord` of the whole match: every deal, finished or in
        progress, with its moves.

        Raises:
            InvalidStateError: if ``state`` is neither a `State` nor a `Match`, or is
                inconsistent (edited by hand).
            InvalidNotationError: if a tag name is reserved or not a word, a tag's value
                is not text, or there are more than `MAX_TAGS` tags.
        """
        if isinstance(state, Match):
            return MatchRecord.from_state(state, **tags)
        if not isinstance(state, State):
            raise InvalidStateError(
                f"Record.from_state() needs a State or a Match, not {type(state).__name__}"
            )
        _check_tag_names(tags, _RESERVED)
        history = state.history
        if not isinstance(state.rules, Rules):
            problem = "its rules are not a Rules"
        elif type(history) is not tuple or not all(
            type(entry) is tuple and len(entry) == 2 for entry in history
        ):
            problem = "its history is not a tuple of (seat, move) pairs"
        else:
            problem = None
        if problem is not None:
            raise InvalidStateError(
                f"Record.from_state() cannot use this state: it is inconsistent ({problem}); "
                "build states with new_game() and apply()"
            )
        trump = state.trump_suit if state.rules.trump_source is TrumpSource.SEPARATE_FLIP else None
        return cls(
            state.rules,
            state.dealer,
            tuple(move for _, move in history),
            deck=state.deck,
            trump_suit=trump,
            tags=tuple(tags.items()),
        )

    @_guarded
    def first_state(self) -> State:
        """The state right after the deal."""
        if self.deck is not None:
            return deal_from(self.rules, self.deck, self.dealer, self.trump_suit)
        if self.seed is None:
            raise InvalidNotationError("a record needs a deck or a seed")
        return new_game(self.rules, seed=self.seed, dealer=self.dealer)

    @_guarded_iter
    def states(self) -> Iterator[State]:
        """Every state of the deal, from the deal itself to the one after the last move.

        Raises:
            IllegalMoveError: naming the move (by number, from 1) that is not legal.
        """
        state = self.first_state()
        yield state
        for number, move in enumerate(self.moves, 1):
            try:
                state = apply(state, move)
            except IllegalMoveError as error:
                raise IllegalMoveError(f"move {number} ({move}): {error}") from None
            yield state

    def __iter__(self) -> Iterator[State]:
        return self.states()

    def final_state(self) -> State:
        """The state after the last move."""
        state = self.first_state()
        for state in self.states():  # noqa: B007 - the last one is wanted
            pass
        return state

    @_guarded
    def to_text(self) -> str:
        """The text form (see the module documentation)."""
        lines = [
            f'[Format "{FORMAT}"]',
            f'[Rules "{_escape(repr(self.rules))}"]',
            f'[Dealer "{self.dealer}"]',
        ]
        if self.deck is not None:
            lines.append(f'[Deck "{" ".join(map(str, self.deck))}"]')
        if self.seed is not None:
            lines.append(f'[Seed "{seed_text(self.seed)}"]')
        if self.trump_suit is not None:
            lines.append(f'[TrumpSuit "{self.trump_suit.value}"]')
        lines.extend(f'[{name} "{_escape(value)}"]' for name, value in self.tags)
        states = list(self.states())
        if states[-1].phase is Phase.OVER:
            lines.append(f'[Result "{_result(states[-1])}"]')
        lines.append("")
        lines.extend(_move_lines(states, self.moves))
        return "\n".join(lines) + "\n"

    @classmethod
    def from_text(cls, text: str, *, max_size: int = MAX_SIZE) -> Record:
        """Read the text form.

        Args:
            text: The record. One leading byte-order mark is ignored.
            max_size: The longest text accepted, in characters.

        Raises:
            InvalidNotationError: naming the line that cannot be read, or for a text
                longer than ``max_size`` or a match record (read it with
                `MatchRecord.from_text` or `read_record`).
        """
        items = _read_lines(text, max_size)
        tags: dict[str, str] = {}
        extra: list[tuple[str, str]] = []
        moves: list[Move] = []
        for number, name, value in items:
            if name is None:
                moves.extend(value)
            elif name in _RESERVED:
                if name in tags:
                    raise InvalidNotationError(f"line {number}: the tag {name} appears twice")
                if name == "Format" and value == MATCH_FORMAT:
                    raise InvalidNotationError(
                        "this is the record of a match: read it with MatchRecord.from_text()"
                    )
                tags[name] = value
            else:
                extra.append((name, value))
        record = cls._from_tags(tags, tuple(moves), tuple(extra))
        if "Result" in tags:
            try:
                final = record.final_state()
            except IllegalMoveError:
                return record  # the bad move is reported when the record is replayed
            _check_result(tags["Result"], final)
        return record

    @classmethod
    def _from_tags(
        cls, tags: Mapping[str, str], moves: tuple[Move, ...], extra: tuple[tuple[str, str], ...]
    ) -> Record:
        if tags.get("Format") != FORMAT:
            raise InvalidNotationError(f'a record starts with [Format "{FORMAT}"]')
        if "Rules" not in tags or "Dealer" not in tags:
            raise InvalidNotationError("a record needs the tags Rules and Dealer")
        game_rules = parse_rules(tags["Rules"])
        dealer = _int(tags["Dealer"], "Dealer")
        deck = _deck(tags["Deck"]) if "Deck" in tags else None
        seed = _seed(tags["Seed"]) if "Seed" in tags else None
        if (deck is None) == (seed is None):
            raise InvalidNotationError("a record needs exactly one of the tags Deck and Seed")
        trump = _trump_suit(tags["TrumpSuit"]) if "TrumpSuit" in tags else None
        if (
            deck is not None
            and trump is None
            and game_rules.trump_source is TrumpSource.SEPARATE_FLIP
            and game_rules.trump_suit is None
        ):
            raise InvalidNotationError(
                "a record with a Deck under trump_source='separate_flip' needs the tag "
                "TrumpSuit: no dealt card fixes the trump suit"
            )
        return cls(game_rules, dealer, moves, deck, seed, trump, extra)


@attrs.frozen(repr=False)
class MatchRecord:
    """A whole match written down: its rules, format and seed, and the moves of each deal.

    The deals are dealt from the match seed (see `new_match`), so the moves say everything
    else. Build one with `Record.from_state(match)`; replay it with `matches` or
    `final_match`.
    """

    __repr__ = fields_repr

    rules: Rules
    """The variant and table rules of every deal."""
    format: MatchFormat
    """The match format."""
    seed: int = attrs.field(repr=number_text)
    """The match seed."""
    dealer: int
    """The dealer of the first deal."""
    deals: tuple[tuple[Move, ...], ...]
    """The moves of each deal, in order; a deal over as soon as it was dealt (an annulled
    hand) has none, and the last deal may be unfinished."""
    dealer_rotation: DealerRotation = DealerRotation.PLAY_DIRECTION
    """The match option of `new_match`: who deals next."""
    redeal_same_dealer_after_draw: bool = False
    """The match option of `new_match`."""
    redeal_same_dealer_after_void: bool = True
    """The match option of `new_match`."""
    cappotto_wins_match: bool = False
    """The match option of `new_match`."""
    tags: tuple[tuple[str, str], ...] = ()
    """Free-form metadata: players' names, date, event, …, as (name, value) pairs."""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.rules, Rules):
            raise InvalidNotationError("a record's rules must be a Rules, from briscola.rules()")
        if not isinstance(self.format, MatchFormat):
            raise InvalidNotationError("a match record's format must be a MatchFormat")
        if type(self.seed) is not int:
            raise InvalidNotationError(
                f"seed={quote(self.seed)} is not valid: use a whole number, not "
                f"{type(self.seed).__name__}"
            )
        if type(self.dealer) is not int or not 0 <= self.dealer < self.rules.players:
            raise InvalidNotationError(_not_a_dealer(self.rules, self.dealer))
        if not isinstance(self.deals, tuple) or not all(
            isinstance(moves, tuple) and all(isinstance(move, Move) for move in moves)
            for moves in self.deals
        ):
            raise InvalidNotationError("a match record's deals must be tuples of moves")
        if not isinstance(self.dealer_rotation, DealerRotation):
            raise InvalidNotationError("a match record's dealer_rotation must be a DealerRotation")
        for name in (
            "redeal_same_dealer_after_draw",
            "redeal_same_dealer_after_void",
            "cappotto_wins_match",
        ):
            flag = getattr(self, name)
            if type(flag) is not bool:
                raise InvalidNotationError(f"{name}={quote(flag)} is not valid: use True or False")
        _check_tags(self.tags, _MATCH_RESERVED)

    @classmethod
    def from_state(cls, match: Match, **tags: str) -> MatchRecord:
        """The record of ``match``: every deal so far with its moves.

        Raises:
            InvalidStateError: if ``match`` is not a `Match` built by `new_match` and
                `apply` (one that holds its finished deals).
            InvalidNotationError: if a tag name is reserved or not a word, a tag's value
                is not text, or there are more than `MAX_TAGS` tags.
        """
        if not isinstance(match, Match):
            raise InvalidStateError(
                f"MatchRecord.from_state() needs a Match, not {type(match).__name__}"
            )
        _check_tag_names(tags, _MATCH_RESERVED)
        tag_items = tuple(tags.items())
        _check_tags(tag_items, _MATCH_RESERVED)
        try:
            deals = deals_of(match)
            return cls(
                match.rules,
                match.format,
                match.seed,
                deals[0].dealer,
                tuple(tuple(move for _, move in deal.history) for deal in deals),
                match.dealer_rotation,
                match.redeal_same_dealer_after_draw,
                match.redeal_same_dealer_after_void,
                match.cappotto_wins_match,
                tag_items,
            )
        except InvalidStateError:
            raise
        except _FOREIGN:  # the record's own checks of the match's fields included
            # A match edited by hand whose fields do not fit together.
            raise inconsistent("Record.from_state()", "match") from None

    @_guarded
    def first_match(self) -> Match:
        """The match as it starts: its first deal just dealt."""
        options = match_options(
            self.dealer_rotation,
            self.redeal_same_dealer_after_draw,
            self.redeal_same_dealer_after_void,
            self.cappotto_wins_match,
        )
        try:
            return new_match(
                self.rules, format=self.format, seed=self.seed, dealer=self.dealer, **options
            )
        except RulesError as error:
            raise InvalidNotationError(f"bad match settings: {error}") from None

    @_guarded_iter
    def matches(self) -> Iterator[Match]:
        """The match as it starts, then after each move, deal by deal.

        Raises:
            IllegalMoveError: naming the deal and the move (by number, from 1, within the
                deal) that is not legal, or a deal that does not end where the record
                starts the next one.
        """
        match = self.first_match()
        yield match
        for number, moves in enumerate(self.deals, 1):
            if number <= len(match.results):  # over as soon as it was dealt
                if moves:
                    raise IllegalMoveError(
                        f"deal {number} was over as soon as it was dealt: it has no moves"
                    )
                continue
            if match_score(match).final:
                raise IllegalMoveError(f"deal {number}: the match is already over")
            for index, move in enumerate(moves, 1):
                if len(match.results) >= number:
                    raise IllegalMoveError(
                        f"deal {number}, move {index} ({move}): the deal is already over"
                    )
                try:
                    match = match_apply(match, move, None, None)
                except IllegalMoveError as error:
                    raise IllegalMoveError(
                        f"deal {number}, move {index} ({move}): {error}"
                    ) from None
                yield match
            if number < len(self.deals) and len(match.results) < number:
                raise IllegalMoveError(
                    f"deal {number} is not over, yet the record goes on with deal {number + 1}"
                )

    def __iter__(self) -> Iterator[Match]:
        return self.matches()

    def final_match(self) -> Match:
        """The match after the last move."""
        match = self.first_match()
        for match in self.matches():  # noqa: B007 - the last one is wanted
            pass
        return match

    @_guarded
    def deal_records(self) -> tuple[Record, ...]:
        """One `Record` per deal, with its deck and moves, to replay a deal on its own."""
        return tuple(Record.from_state(deal) for deal in deals_of(self.final_match()))

    @_guarded
    def to_text(self) -> str:
        """The text form: match tags, then one section per deal (see the module
        documentation)."""
        final = self.final_match()
        lines = [
            f'[Format "{MATCH_FORMAT}"]',
            f'[Rules "{_escape(repr(self.rules))}"]',
            f'[Match "{self.format}"]',
            f'[Seed "{seed_text(self.seed)}"]',
            f'[Dealer "{self.dealer}"]',
        ]
        for name, value, default in self._options():
            if value != default:
                lines.append(f'[{name} "{value}"]')
        lines.extend(f'[{name} "{_escape(value)}"]' for name, value in self.tags)
        if match_score(final).final:
            lines.append(f'[Result "{_match_result(final)}"]')
        # One section per deal of the record: a deal the replay has just dealt, which the
        # record does not list, is left out, so that the text reads back to this record.
        for number, deal in enumerate(deals_of(final)[: len(self.deals)], 1):
            record = Record.from_state(deal)
            lines += ["", f'[Deal "{number}"]', f'[Dealer "{deal.dealer}"]']
            lines.append(f'[Deck "{" ".join(map(str, deal.deck))}"]')
            if record.trump_suit is not None:
                lines.append(f'[TrumpSuit "{record.trump_suit.value}"]')
            states = list(record.states())
            if deal.phase is Phase.OVER:
                lines.append(f'[Result "{_result(deal)}"]')
            if record.moves:
                lines.append("")
                lines.extend(_move_lines(states, record.moves))
        return "\n".join(lines) + "\n"

    def _options(self) -> tuple[tuple[str, str, str], ...]:
        """The match options as (tag, value, default) in text form."""
        return (
            ("DealerRotation", self.dealer_rotation.value, "play_direction"),
            ("RedealSameDealerAfterDraw", _flag(self.redeal_same_dealer_after_draw), "false"),
            ("RedealSameDealerAfterVoid", _flag(self.redeal_same_dealer_after_void), "true"),
            ("CappottoWinsMatch", _flag(self.cappotto_wins_match), "false"),
        )

    @classmethod
    def from_text(cls, text: str, *, max_size: int = MAX_SIZE) -> MatchRecord:
        """Read the text form.

        Every tag of a deal section (``Dealer``, ``Deck``, ``TrumpSuit``, ``Result``) and
        the match's ``Result`` are checked against a replay of the moves.

        Args:
            text: The record. One leading byte-order mark is ignored.
            max_size: The longest text accepted, in characters.

        Raises:
            InvalidNotationError: naming the line or the tag that cannot be read or that
                disagrees with the replay.
        """
        items = _read_lines(text, max_size, match=True)
        tags: dict[str, str] = {}
        extra: list[tuple[str, str]] = []
        sections: list[dict[str, str]] = []
        deals: list[list[Move]] = []
        for number, name, value in items:
            if name == "Deal":
                if value != str(len(sections) + 1):
                    raise InvalidNotationError(
                        f'line {number}: expected [Deal "{len(sections) + 1}"]'
                    )
                sections.append({"Deal": value})
                deals.append([])
            elif name is None:
                if not sections:
                    raise InvalidNotationError(
                        f"line {number}: moves before the first [Deal] section"
                    )
                deals[-1].extend(value)
            elif sections:
                if name not in _DEAL_TAGS:
                    raise InvalidNotationError(
                        f"line {number}: the tag {name} does not belong in a deal section"
                    )
                if name in sections[-1]:
                    raise InvalidNotationError(
                        f"line {number}: the tag {name} appears twice in deal {len(sections)}"
                        + (
                            " (the match's own tags go before the first [Deal])"
                            if name in _MATCH_RESERVED
                            else ""
                        )
                    )
                sections[-1][name] = value
            elif name in _MATCH_RESERVED:
                if name == "Format" and value != MATCH_FORMAT:
                    raise InvalidNotationError(
                        f'a match record starts with [Format "{MATCH_FORMAT}"]'
                    )
                if name in tags:
                    raise InvalidNotationError(f"line {number}: the tag {name} appears twice")
                tags[name] = value
            else:
                extra.append((name, value))
        if tags.get("Format") != MATCH_FORMAT:
            raise InvalidNotationError(f'a match record starts with [Format "{MATCH_FORMAT}"]')
        missing = [name for name in ("Rules", "Match", "Seed", "Dealer") if name not in tags]
        if missing:
            raise InvalidNotationError(f"a match record needs the tags {', '.join(missing)}")
        try:
            fmt = parse_format(tags["Match"])
        except RulesError:
            raise InvalidNotationError(
                f"the Match tag: {tags['Match'][:40]!r} is not a match format"
            ) from None
        rotation = tags.get("DealerRotation", "play_direction")
        if rotation not in tuple(DealerRotation):
            raise InvalidNotationError(
                f"the DealerRotation tag: {quote(rotation, 40)} is not valid: use "
                f"{' or '.join(repr(r.value) for r in DealerRotation)}"
            )
        record = cls(
            parse_rules(tags["Rules"]),
            fmt,
            _seed(tags["Seed"]),
            _int(tags["Dealer"], "Dealer"),
            tuple(tuple(moves) for moves in deals),
            DealerRotation(rotation),
            _read_flag(tags, "RedealSameDealerAfterDraw", default=False),
            _read_flag(tags, "RedealSameDealerAfterVoid", default=True),
            _read_flag(tags, "CappottoWinsMatch", default=False),
            tuple(extra),
        )
        try:
            final = record.final_match()
        except IllegalMoveError:
            return record  # the bad move is reported when the record is replayed
        played = deals_of(final)
        for number, (section, deal) in enumerate(zip(sections, played, strict=False), 1):
            _check_section(number, section, deal)
        if "Result" in tags:
            replayed = _match_result(final) if match_score(final).final else None
            if tags["Result"] != replayed:
                raise InvalidNotationError(
                    f"the Result tag says {tags['Result'][:40]!r}, but the moves give "
                    f"{repr(replayed) if replayed else 'an unfinished match'}"
                )
        return record


def read_record(text: str, *, max_size: int = MAX_SIZE) -> Record | MatchRecord:
    """Read the text of a deal's record or of a match's record, whichever it is.

    Raises:
        InvalidNotationError: as `Record.from_text` and `MatchRecord.from_text` do.
    """
    if isinstance(text, str) and len(text) <= check_max_size(max_size) and _is_match(text):
        return MatchRecord.from_text(text, max_size=max_size)
    return Record.from_text(text, max_size=max_size)


def _is_match(text: str) -> bool:
    """Whether the tags of ``text`` before its first moves or deal name the match format.

    A match's own tags all come before its first ``[Deal]`` and its moves, whatever
    comments or other tags come first.
    """
    for _, line in _lines(text.removeprefix("\ufeff")):
        tag = _TAG.match(line)
        if tag is None or tag.group(1) == "Deal":
            return False
        if tag.group(1) == "Format":
            return tag.group(2).startswith("briscola-match ")
    return False


def deals_of(match: Match) -> tuple[State, ...]:
    """Every deal of ``match`` as played: the finished ones, then the one in progress."""
    if len(match.deals) != len(match.results):
        raise InvalidStateError(
            "this match does not hold its finished deals: build matches with new_match and apply"
        )
    if match_score(match).final:
        return match.deals
    return match.deals + (match.state,)


def _check_section(number: int, section: Mapping[str, str], deal: State) -> None:
    """Compare the tags of deal section ``number`` with the replayed ``deal``."""
    replayed = Record.from_state(deal)
    expected = {
        "Dealer": str(deal.dealer),
        "Deck": " ".join(map(str, deal.deck)),
        "TrumpSuit": None if replayed.trump_suit is None else replayed.trump_suit.value,
        "Result": _result(deal) if deal.phase is Phase.OVER else None,
    }
    for name, value in expected.items():
        if name not in section:
            continue
        written = section[name]
        try:
            if name == "Deck":
                _check_deck(_deck(written), deal.deck)
            elif name == "Dealer":
                written = str(_int(written, "Dealer"))
        except InvalidNotationError as error:
            raise InvalidNotationError(f"deal {number}: {error}") from None
        if name == "Deck" or written == value:
            continue
        if value is not None:
            replayed_value = repr(value)
        elif name == "TrumpSuit":
            replayed_value = "no TrumpSuit tag: its cards and moves fix the trump suit"
        else:
            replayed_value = "an unfinished deal"
        raise InvalidNotationError(
            f"deal {number}: the {name} tag says {quote(written, 60)}, but the replay "
            f"gives {replayed_value}"
        )


def _check_deck(written: tuple[Card, ...], dealt: tuple[Card, ...]) -> None:
    """Refuse a deal section's Deck tag that is not the deck the replay deals, naming the
    first card that differs."""
    for place, (card, replayed) in enumerate(zip(written, dealt, strict=False)):
        if card != replayed:
            raise InvalidNotationError(
                f"the Deck tag's card {place + 1} is {card}, but the replay deals {replayed}"
            )
    if len(written) != len(dealt):
        raise InvalidNotationError(
            f"the Deck tag has {count(len(written), 'card')}, but the replay deals {len(dealt)}"
        )


def _match_result(match: Match) -> str:
    """The Result tag of a finished match: its winners, or ``drawn``."""
    winners = match_score(match).winners
    return f"won by {'+'.join(map(str, sorted(winners)))}" if winners else "drawn"


def _flag(value: bool) -> str:
    return "true" if value else "false"


def _read_flag(tags: Mapping[str, str], name: str, *, default: bool) -> bool:
    if name not in tags:
        return default
    if tags[name] not in ("true", "false"):
        raise InvalidNotationError(
            f"the {name} tag must be true or false, not {tags[name][:20]!r}"
        )
    return tags[name] == "true"


def _check_result(written: str, final: State) -> None:
    replayed = _result(final) if final.phase is Phase.OVER else None
    if written != replayed:
        raise InvalidNotationError(
            f"the Result tag says {written[:40]!r}, but the moves give "
            f"{repr(replayed) if replayed else 'an unfinished deal'}"
        )


def _move_lines(states: list[State], moves: tuple[Move, ...]) -> list[str]:
    """The move lines of a deal: its moves by trick, ``0.`` before the first trick."""
    by_trick: dict[int, list[str]] = {}
    for before, move in zip(states, moves, strict=False):
        opening = not before.tricks and not before.trick and before.phase is not Phase.PLAY
        trick = 0 if opening else len(before.tricks) + 1
        by_trick.setdefault(trick, []).append(str(move))
    return [f"{trick}. {', '.join(moves)}" for trick, moves in sorted(by_trick.items())]


def check_max_size(max_size: object) -> int:
    """The ``max_size`` of the readers of text (records and `loads`), checked."""
    if type(max_size) is not int or max_size < 0:
        raise InvalidNotationError(
            f"max_size={quote(max_size)} is not valid: use a whole number from 0"
        )
    return max_size


def _lines(text: str) -> Iterator[tuple[int, str]]:
    """The lines of a record text that hold a tag or moves, numbered from 1, stripped:
    blank lines and comments (``#`` or ``;`` first) left out."""
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if line and not line.startswith(("#", ";")):
            yield number, line


def _read_lines(text: str, max_size: int, *, match: bool = False) -> list[tuple[int, Any, Any]]:
    """The tags (line, name, value) and move lines (line, None, moves) of a record text;
    with ``match``, the text of a match's record, whose ``Deal`` tags start each deal."""
    if not isinstance(text, str):
        raise InvalidNotationError(f"a record is text, not {type(text).__name__}")
    if len(text) > check_max_size(max_size):
        raise InvalidNotationError(f"the record is longer than {max_size} characters")
    text = text.removeprefix("\ufeff")  # one byte-order mark, as some editors write
    if text.startswith("\ufeff"):
        raise InvalidNotationError("the record starts with more than one byte-order mark")
    items: list[tuple[int, Any, Any]] = []
    moves_in_deal = deals = 0
    for number, line in _lines(text):
        tag = _TAG.match(line)
        if tag is not None:
            items.append((number, tag.group(1), _unescape(tag.group(2), number)))
            if match and tag.group(1) == "Deal":
                moves_in_deal = 0
                deals += 1
                if deals > MAX_DEALS:
                    raise InvalidNotationError(f"line {number}: more than {MAX_DEALS} deals")
            continue
        head, dot, body = line.partition(".")
        if not dot or not re.fullmatch(r"[0-9]+", head.strip()):
            raise InvalidNotationError(f"line {number}: cannot read {line[:60]!r}")
        moves: list[Move] = []
        foreign = not body.isascii() and _foreign_digit(body)
        for item in body.split(","):
            if not item.strip():
                continue
            try:
                if foreign and _foreign_digit(item):
                    raise InvalidNotationError("numbers are written in ASCII digits")
                moves.append(parse_move(item))
            except BriscolaError:
                raise InvalidNotationError(
                    f"line {number}: cannot read the move {item.strip()[:40]!r}"
                ) from None
            moves_in_deal += 1
            if moves_in_deal > MAX_MOVES:  # checked at each move: a line may be long
                raise InvalidNotationError(f"line {number}: more than {MAX_MOVES} moves in a deal")
        items.append((number, None, tuple(moves)))
    return items


def _foreign_digit(text: str) -> bool:
    """Whether ``text`` holds a digit or numeral other than the ASCII ``0``–``9``."""
    return any(char.isnumeric() and not char.isascii() for char in text)


def _check_tag_names(tags: Iterable[str], reserved: tuple[str, ...]) -> None:
    for name in tags:
        if name in reserved or not re.fullmatch(r"[A-Za-z0-9_]+", name):
            raise InvalidNotationError(f"{quote(name, 60)} cannot be the name of a record tag")


def _check_tags(tags: object, reserved: tuple[str, ...]) -> None:
    if not isinstance(tags, tuple):
        raise InvalidNotationError("a record's tags must be a tuple of (name, value) pairs")
    if len(tags) > MAX_TAGS:
        raise InvalidNotationError(f"a record holds at most {MAX_TAGS} tags, not {len(tags)}")
    for tag in tags:
        if (
            not isinstance(tag, tuple)
            or len(tag) != 2
            or not all(isinstance(part, str) for part in tag)
        ):
            raise InvalidNotationError(
                f"{quote(tag, 60)} is not a record tag (a name and a value)"
            )
        if tag[0] in reserved:
            raise InvalidNotationError(
                f"{tag[0]} is a reserved tag: the record writes it from its own fields"
            )
        _check_tag_names((tag[0],), reserved)
        try:
            tag[1].encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate, such as an escaped \ud800
            raise InvalidNotationError(
                f"the tag {tag[0]}: its value is not text a file can hold (a lone surrogate)"
            ) from None


def _deck(text: str) -> tuple[Card, ...]:
    if _foreign_digit(text):
        raise InvalidNotationError("the Deck tag: numbers are written in ASCII digits")
    try:
        return tuple(Card.parse(code) for code in text.split())
    except InvalidNotationError as error:
        raise InvalidNotationError(f"the Deck tag: {error}") from None


def _trump_suit(text: str) -> Suit:
    try:
        return Suit(text.upper())
    except ValueError:
        raise InvalidNotationError(
            f"the TrumpSuit tag: {quote(text, 20)} is not a suit: use D, C, S or B (Denari, "
            "Coppe, Spade, Bastoni)"
        ) from None


def _result(final: State) -> str:
    """The Result tag of a finished deal: the game points, or ``void``."""
    result = score(final)
    return "void" if result.void else " ".join(f"{d:+d}" for d in result.deltas)


def parse_rules(text: str) -> Rules:
    """Read ``rules('preset', option=value, ...)``, the repr of a `Rules`, without eval.

    Raises:
        InvalidNotationError: if the text is not such a call with literal arguments, or
            names a bad variant or option.
    """
    if not isinstance(text, str):
        raise InvalidNotationError(f"rules are text, not {type(text).__name__}")
    if len(text) > 2000:
        raise InvalidNotationError("the rules text is too long")
    try:
        tree = ast.parse(text.strip(), mode="eval").body
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        raise InvalidNotationError(f"cannot read rules from {text[:80]!r}") from None
    if (
        not isinstance(tree, ast.Call)
        or not isinstance(tree.func, ast.Name)
        or tree.func.id != "rules"
        or len(tree.args) != 1
    ):
        raise InvalidNotationError(
            f"cannot read rules from {text[:80]!r}: write rules('<preset>', option=value, ...)"
        )
    try:
        variant = ast.literal_eval(tree.args[0])
        options = {
            keyword.arg: ast.literal_eval(keyword.value)
            for keyword in tree.keywords
            if keyword.arg is not None
        }
    except (ValueError, SyntaxError, TypeError, RecursionError, MemoryError):
        raise InvalidNotationError(f"cannot read rules from {text[:80]!r}") from None
    if (
        not isinstance(variant, str)
        or len(options) != len(tree.keywords)
        or not all(_plain_value(value) for value in options.values())
        or _foreign_digit(text)
    ):
        raise InvalidNotationError(f"cannot read rules from {text[:80]!r}")
    try:
        return rules(variant, **options)  # type: ignore[arg-type]
    except (RulesError, TypeError, ValueError) as error:
        raise InvalidNotationError(f"bad rules {text[:80]!r}: {str(error)[:200]}") from None


def _plain_value(value: object) -> bool:
    """Whether ``value`` is a value an option can take: a bool, an int, a text, None, or a
    tuple of texts (``signal_tokens``)."""
    if value is None or type(value) in (bool, int, str):
        return True
    return type(value) is tuple and all(type(item) is str for item in value)


def _int(text: str, tag: str) -> int:
    """A whole number in ASCII digits (at most 100 of them), with an optional minus sign."""
    if not re.fullmatch(r"-?[0-9]{1,100}", text):
        raise InvalidNotationError(
            f"the {tag} tag must be a whole number of at most 100 ASCII digits, not {text[:40]!r}"
        )
    return int(text)


def _seed(text: str) -> int:
    """The Seed tag: a seed as `seed_text` writes it (decimal, or ``0x`` and hexadecimal
    digits for seeds of more than 4,300 digits)."""
    seed = seed_from_text(text)
    if seed is None:
        raise InvalidNotationError(
            "the Seed tag must be a whole number: up to 4,300 ASCII digits, or 0x and "
            f"lowercase hexadecimal digits, not {text[:40]!r}"
        )
    return seed


def _escape(value: str) -> str:
    """Backslash, quote and every line break escaped, so a tag stays on one line."""
    value = value.replace("\\", "\\\\").replace('"', '\\"')
    return "".join(f"\\u{ord(char):04x}" if char in _LINE_BREAKS else char for char in value)


def _unescape(value: str, number: int) -> str:
    """A tag's value as written between its quotes, read back; ``number`` is its line."""

    def one(found: re.Match[str]) -> str:
        escaped = found.group(1)
        if len(escaped) == 5:
            return chr(int(escaped[1:], 16))
        if escaped in '"\\':
            return escaped
        # Reading "\g" as "g" would silently lose the backslash of a path written by hand.
        raise InvalidNotationError(
            f"line {number}: a tag value cannot hold a backslash before {quote(escaped)}: "
            'write a backslash as \\\\, a quote as \\", a line break as \\u000a'
        )

    return re.sub(r"\\(u[0-9a-fA-F]{4}|.)", one, value)


# What str.splitlines() breaks on.
_LINE_BREAKS: Final = frozenset("\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")
