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
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Final

import attrs

from ._deal import check_seed, seed_text
from ._quote import quote
from .cards import Card, Suit
from .errors import (
    BriscolaError,
    IllegalMoveError,
    InvalidNotationError,
    InvalidStateError,
    RulesError,
)
from .game import apply, deal_from, new_game
from .moves import Move, parse_move
from .rules import Rules, TrumpSource, rules
from .scoring import score
from .state import Phase, State

if TYPE_CHECKING:
    from .match import Match

__all__ = ["Record", "parse_rules"]

FORMAT: Final = "briscola-record 1"
_TAG: Final = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]$')
_RESERVED: Final = ("Format", "Rules", "Dealer", "Deck", "Seed", "TrumpSuit", "Result")


@attrs.frozen
class Record:
    """A deal as a list of moves from a known deal.

    Exactly one of `deck` and `seed` says how the cards were dealt.
    """

    rules: Rules
    """The variant and table rules."""
    dealer: int
    """The dealer's seat."""
    moves: tuple[Move, ...]
    """The moves in the order they were made."""
    deck: tuple[Card, ...] | None = None
    """The deck as dealt, top card first."""
    seed: int | None = None
    """The seed the deck was shuffled from, when no deck is given."""
    trump_suit: Suit | None = None
    """The trump suit when no dealt card fixes it (Bugiarda, ``trump_source="separate_flip"``)."""
    tags: tuple[tuple[str, str], ...] = ()
    """Free-form metadata: players' names, date, event, …, as (name, value) pairs."""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.rules, Rules):
            raise InvalidNotationError("a record's rules must be a Rules, from briscola.rules()")
        if type(self.dealer) is not int or not 0 <= self.dealer < self.rules.players:
            raise InvalidNotationError(
                f"a record's dealer must be a seat, not {self.dealer!r:.40}"
            )
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
        if self.trump_suit is not None and not isinstance(self.trump_suit, Suit):
            raise InvalidNotationError("a record's trump_suit must be a Suit or None")
        for tag in self.tags:
            if (
                not isinstance(tag, tuple)
                or len(tag) != 2
                or not all(isinstance(part, str) for part in tag)
                or tag[0] in _RESERVED
                or not re.fullmatch(r"\w+", tag[0])
            ):
                raise InvalidNotationError(f"{tag!r:.60} is not a record tag (a name and a value)")

    @classmethod
    def from_state(cls, state: State | Match, **tags: str) -> Record:
        """The record of ``state``: its rules, dealer, deck and every move so far."""
        from .match import Match

        if isinstance(state, Match):
            state = state.state
        if not isinstance(state, State):
            raise InvalidStateError(
                f"Record.from_state() needs a State, not {type(state).__name__}"
            )
        for name in tags:
            if name in _RESERVED or not re.fullmatch(r"\w+", name):
                raise InvalidNotationError(f"{quote(name)} cannot be the name of a record tag")
        trump = state.trump_suit if state.rules.trump_source is TrumpSource.SEPARATE_FLIP else None
        return cls(
            state.rules,
            state.dealer,
            tuple(move for _, move in state.history),
            deck=state.deck,
            trump_suit=trump,
            tags=tuple(tags.items()),
        )

    def first_state(self) -> State:
        """The state right after the deal."""
        if self.deck is not None:
            return deal_from(self.rules, self.deck, self.dealer, self.trump_suit)
        if self.seed is None:
            raise InvalidNotationError("a record needs a deck or a seed")
        return new_game(self.rules, seed=self.seed, dealer=self.dealer)

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
        final = states[-1]
        if final.phase is Phase.OVER:
            lines.append(f'[Result "{_result(final)}"]')
        lines.append("")
        by_trick: dict[int, list[str]] = {}
        for before, move in zip(states, self.moves, strict=False):
            opening = not before.tricks and not before.trick and before.phase is not Phase.PLAY
            trick = 0 if opening else len(before.tricks) + 1
            by_trick.setdefault(trick, []).append(str(move))
        lines.extend(f"{trick}. {', '.join(moves)}" for trick, moves in sorted(by_trick.items()))
        return "\n".join(lines) + "\n"

    @classmethod
    def from_text(cls, text: str) -> Record:
        """Read the text form.

        Raises:
            InvalidNotationError: naming the line that cannot be read.
        """
        if not isinstance(text, str):
            raise InvalidNotationError(f"a record is text, not {type(text).__name__}")
        tags: dict[str, str] = {}
        extra: list[tuple[str, str]] = []
        moves: list[Move] = []
        text = text.removeprefix("\ufeff")  # a byte-order mark left by some editors
        for number, raw in enumerate(text.splitlines(), 1):
            line = raw.strip()
            if not line or line.startswith(("#", ";")):
                continue
            tag = _TAG.match(line)
            if tag is not None:
                name, value = tag.group(1), _unescape(tag.group(2))
                if name in _RESERVED:
                    if name in tags:
                        raise InvalidNotationError(f"line {number}: the tag {name} appears twice")
                    tags[name] = value
                else:
                    extra.append((name, value))
                continue
            head, dot, body = line.partition(".")
            if not dot or not re.fullmatch(r"[0-9]+", head.strip()):
                raise InvalidNotationError(f"line {number}: cannot read {line[:60]!r}")
            for item in body.split(","):
                if not item.strip():
                    continue
                try:
                    moves.append(parse_move(item))
                except BriscolaError:
                    raise InvalidNotationError(
                        f"line {number}: cannot read the move {item.strip()[:40]!r}"
                    ) from None
        record = cls._from_tags(tags, tuple(moves), tuple(extra))
        if "Result" in tags:
            written = tags["Result"]
            try:
                final = record.final_state()
            except IllegalMoveError:
                return record  # the bad move is reported when the record is replayed
            replayed = _result(final) if final.phase is Phase.OVER else None
            if written != replayed:
                raise InvalidNotationError(
                    f"the Result tag says {quote(written)}, but the moves give "
                    f"{replayed or 'an unfinished deal'!r}"
                )
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
        deck = None
        if "Deck" in tags:
            try:
                deck = tuple(Card.parse(code) for code in tags["Deck"].split())
            except InvalidNotationError as error:
                raise InvalidNotationError(f"the Deck tag: {error}") from None
        seed = _int(tags["Seed"], "Seed") if "Seed" in tags else None
        if (deck is None) == (seed is None):
            raise InvalidNotationError("a record needs exactly one of the tags Deck and Seed")
        trump = None
        if "TrumpSuit" in tags:
            try:
                trump = Suit(tags["TrumpSuit"].upper())
            except ValueError:
                raise InvalidNotationError(
                    f"the TrumpSuit tag: {quote(tags['TrumpSuit'])}"
                ) from None
        return cls(game_rules, dealer, moves, deck, seed, trump, extra)


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
        raise InvalidNotationError(f"rules are written as text, not {type(text).__name__}")
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
    if not isinstance(variant, str) or len(options) != len(tree.keywords):
        raise InvalidNotationError(f"cannot read rules from {text[:80]!r}")
    try:
        return rules(variant, **options)  # type: ignore[arg-type]
    except RulesError as error:
        raise InvalidNotationError(f"bad rules {text[:80]!r}: {error}") from None


def _int(text: str, tag: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise InvalidNotationError(
            f"the {tag} tag must be a whole number, not {quote(text)}"
        ) from None


def _escape(value: str) -> str:
    """Backslash, quote and every line break escaped, so a tag stays on one line."""
    value = value.replace("\\", "\\\\").replace('"', '\\"')
    return "".join(f"\\u{ord(char):04x}" if char in _LINE_BREAKS else char for char in value)


def _unescape(value: str) -> str:
    def one(found: re.Match[str]) -> str:
        escaped = found.group(1)
        return chr(int(escaped[1:], 16)) if len(escaped) == 5 else escaped

    return re.sub(r"\\(u[0-9a-fA-F]{4}|.)", one, value)


# What str.splitlines() breaks on.
_LINE_BREAKS: Final = frozenset("\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")
