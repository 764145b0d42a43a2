"""Tables: a match, its seats' tokens, its bots and its saved progress; no web framework here.

A `Table` is the whole game side of the server and uses only the public API of `briscola`:
moves arrive as notation and are read with `parse_move`, applied with the seat-checked
``apply(match, move, seat=..., ply=...)``, and each seat is sent `dumps` of its own
``observe(match.state, seat)``, so no hidden card is ever written to another seat's socket.
"""

from __future__ import annotations

import contextlib
import errno
import json
import logging
import os
import re
import secrets
import tempfile
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple, cast

from .. import (
    VARIANTS,
    BriscolaError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidStateError,
    Match,
    Move,
    Record,
    RulesError,
    State,
    View,
    apply,
    current_player,
    dumps,
    is_over,
    legal_moves,
    new_match,
    observe,
    parse_move,
    public_view,
    score,
)
from .._deal import check_seed, derived_seed
from .._engine import check_sender
from .._numbers import real_number, seat_number
from .._option_text import parse_option
from .._quote import count, quote
from ..players import BOTS
from ..rules import (
    VariantId,
    _normalize_value,
    _normalize_variant,
    _unknown_variant,
    check_seat,
)

_log = logging.getLogger("briscola.web")

__all__ = [
    "BOT_KINDS",
    "KEEP_FINISHED",
    "KEEP_IDLE",
    "MAX_TABLES",
    "Checkpoint",
    "Player",
    "Table",
    "TableSettings",
    "Tables",
    "TablesFull",
    "make_bot",
    "parse_bots",
    "parse_option",
]


class TablesFull(RulesError):
    """`Tables.create` refused a table because the server has as many as it holds, every
    one in play: a state that passes, so the lobby answers 503 rather than 400."""


Player = Callable[[View], Move]
"""A bot: any callable that takes a seat's `View` and returns one of its legal moves."""

BOT_KINDS = tuple(BOTS)
"""The bot kinds of `briscola.players` that a table can seat (`briscola.players.BOTS`)."""

SAVE_FORMAT = 1
"""The version of a saved table file."""

MAX_TABLES = 200
"""The most tables a server keeps by default (finished tables make room for new ones)."""
KEEP_FINISHED = 3600.0
"""Seconds a finished table is kept by default after its last move: an hour."""
KEEP_IDLE = 86400.0
"""Seconds an unfinished table is kept by default without a move: a day."""

_TABLE_ID = re.compile(r"[A-Za-z0-9_-]{8,64}")


def parse_bots(text: str, players: int) -> dict[int, str]:
    """Read ``--bots``: seats separated by commas, each optionally ``SEAT=KIND``.

    A seat without a kind gets a ``greedy`` bot.

    Raises:
        RulesError: for a seat outside the table or an unknown kind.

    Examples:
        >>> parse_bots("1, 2=random", 4)
        {1: 'greedy', 2: 'random'}
    """
    if type(text) is not str:
        raise RulesError(f"bots must be text such as '1,2=random', not {type(text).__name__}")
    if type(players) is not int or players < 1:
        raise RulesError(f"players={quote(players)} is not valid: use a whole number from 1")
    bots: dict[int, str] = {}
    for part in text.split(","):
        if not part.strip():
            continue
        seat_text, _, kind = part.partition("=")
        kind = kind.strip().lower() or "greedy"
        if not re.fullmatch(r"[0-9]{1,2}", seat_text.strip()):
            raise RulesError(
                f"{part.strip()[:20]!r} is not a seat: write seats as 1,2 or 1=random"
            )
        seat = int(seat_text)
        if seat >= players:
            raise RulesError(
                f"seat {seat} is not a seat of this table: seats run from 0 to {players - 1}"
            )
        if kind not in BOT_KINDS:
            raise RulesError(f"unknown bot {kind[:20]!r}: use one of {', '.join(BOT_KINDS)}")
        bots[seat] = kind
    return bots


def make_bot(kind: str, seed: int) -> Player:
    """A `briscola.players` bot of that kind, seeded.

    Raises:
        RulesError: for an unknown kind.
    """
    if type(kind) is not str or kind not in BOTS:
        raise RulesError(f"unknown bot {quote(kind)}: use one of {', '.join(BOT_KINDS)}")
    return BOTS[kind](seed)


class TableSettings:
    """What a table is made of: everything needed to deal it again from scratch.

    Raises:
        RulesError: for an unknown variant, options that are not a map of option names (or
            that name the format or the seed, which are settings of their own), a format
            that is not text, a bad seed, or bots that do not map seats to kinds.
    """

    def __init__(
        self,
        variant: str,
        options: Mapping[str, object] | None = None,
        format: str | None = None,
        seed: int | None = None,
        bots: Mapping[int, str] | None = None,
    ) -> None:
        if type(variant) is str:
            variant = _normalize_variant(variant)  # any spelling that rules() reads
        if type(variant) is not str or variant not in VARIANTS:
            raise RulesError(_unknown_variant(variant))
        if options is not None and not (
            isinstance(options, Mapping) and all(type(name) is str for name in options)
        ):
            raise RulesError("options must map option names to values")
        for name in ("format", "seed"):
            if options is not None and name in options:
                raise RulesError(
                    f"{name} is a setting of the table, not a table rule: give it as "
                    f"{name}=, not in the options"
                )
        if format is not None and type(format) is not str:
            raise RulesError(
                f"format must be text such as 'best_of(3)', not {type(format).__name__}"
            )
        if seed is not None:
            seed = check_seed(seed)
            try:
                str(seed)  # a table is saved as JSON, whose numbers Python writes in decimal
            except ValueError:
                raise RulesError("a table's seed may have at most 4,300 digits") from None
        if bots is not None and not (
            isinstance(bots, Mapping)
            and all(type(seat) is int and type(kind) is str for seat, kind in bots.items())
        ):
            raise RulesError("bots must map seats to bot kinds")
        self.variant = variant
        """The preset id."""
        self.options: dict[str, object] = dict(options or {})
        """The table rules, as given to `briscola.rules`."""
        self.format = format
        """The match format's spelling (``None``: a single deal)."""
        self.seed: int = secrets.randbits(64) if seed is None else seed
        """The match seed; every deal is shuffled from it."""
        self.bots: dict[int, str] = dict(bots or {})
        """Seat -> bot kind for the seats the server plays."""

    def new_match(self) -> Match:
        """The match as dealt, before any move.

        Raises:
            RulesError: for bad table rules or a bad format.
        """
        fmt = "fixed_deals(1)" if self.format is None else self.format
        options: dict[str, Any] = self.options
        return new_match(cast(VariantId, self.variant), format=fmt, seed=self.seed, **options)

    def to_json(self) -> dict[str, Any]:
        """The settings as JSON values."""
        return {
            "variant": self.variant,
            # As rules() reads them: a card or a suit by its code, an enum member as text.
            "options": {
                name: _normalize_value(name, value) for name, value in self.options.items()
            },
            "format": self.format,
            "seed": self.seed,
            "bots": {str(seat): kind for seat, kind in self.bots.items()},
        }

    @classmethod
    def from_json(cls, value: Mapping[str, Any]) -> TableSettings:
        """Read settings written by `to_json`.

        Raises:
            InvalidStateError: if a field is missing or of the wrong kind.
        """

        def invalid(detail: object) -> InvalidStateError:
            return InvalidStateError(f"saved table settings are not valid ({detail})")

        try:
            variant, options, fmt, seed, bots = (
                value[name] for name in ("variant", "options", "format", "seed", "bots")
            )
        except KeyError as error:
            raise invalid(f"the field {quote(error.args[0])} is missing") from None
        except (TypeError, IndexError):  # a list, a number (numpy's gives IndexError), ...
            raise invalid(f"not a mapping of fields but {type(value).__name__}") from None
        kinds = {
            "options": isinstance(options, dict),
            "format": fmt is None or isinstance(fmt, str),
            "seed": type(seed) is int,
            "bots": isinstance(bots, dict),
        }
        for name, right in kinds.items():
            if not right:
                raise invalid(f"the field {quote(name)} is of the wrong kind")
        try:
            seats = {int(seat): str(kind) for seat, kind in bots.items()}
        except (TypeError, ValueError):
            raise invalid("the field 'bots' has a key that is not a seat number") from None
        try:
            return cls(variant, options, fmt, seed, seats)
        except (TypeError, ValueError) as error:
            raise invalid(error) from None


class Checkpoint(NamedTuple):
    """Where a table stood before a move: what `Table.restore` needs to undo it."""

    match: Match
    """The match before the move."""
    finished: int
    """How many deals had finished."""
    moves: int
    """How many moves had been made at the table."""


class Table:
    """One table: a match, a private token per seat, and the bots that fill seats.

    Every method is synchronous and fast except the bots' thinking, which the web layer runs
    off its event loop; the table itself never blocks.
    """

    def __init__(
        self,
        settings: TableSettings,
        *,
        table_id: str | None = None,
        tokens: Sequence[str] | None = None,
        bot_factory: Callable[[str, int], Player] = make_bot,
    ) -> None:
        if not isinstance(settings, TableSettings):
            raise RulesError(f"a table needs TableSettings, not {type(settings).__name__}")
        if table_id is not None and type(table_id) is not str:
            raise InvalidStateError("a table id is 8 to 64 letters, digits, '-' or '_'")
        if tokens is not None and (
            not isinstance(tokens, Sequence)
            or isinstance(tokens, str)
            or not all(type(token) is str for token in tokens)
        ):
            raise InvalidStateError("tokens must be a list of text, one per seat")
        if not callable(bot_factory):
            raise RulesError("bot_factory must be a callable: kind and seed to a player")
        self.settings = settings
        """How the table was set up."""
        self.match: Match = settings.new_match()
        """The match in progress (or finished)."""
        players = self.match.rules.players
        self.id: str = table_id or secrets.token_urlsafe(12)
        """The table's public name, part of every link."""
        if not _TABLE_ID.fullmatch(self.id):
            raise InvalidStateError("a table id is 8 to 64 letters, digits, '-' or '_'")
        self.tokens: tuple[str, ...] = (
            tuple(tokens)
            if tokens is not None
            else tuple(secrets.token_urlsafe(24) for _ in range(players))
        )
        """One secret per seat: whoever holds it plays that seat."""
        if len(self.tokens) != players:
            raise InvalidStateError(f"a table of {players} seats needs {players} tokens")
        if not all(self.tokens) or len(set(self.tokens)) != players:
            # A token is the key to its seat: an empty one or one shared by two seats would
            # hand a seat to whoever sends it, or make a seat unreachable.
            raise InvalidStateError("each seat needs its own token, not empty")
        for seat in settings.bots:
            check_seat(self.match.rules, seat)
        self.bots: dict[int, Player] = {
            seat: bot_factory(kind, _bot_seed(settings.seed, seat))
            for seat, kind in settings.bots.items()
        }
        """The callables playing the bots' seats."""
        self.moves: list[str] = []
        """The notation of every move made at this table, over all its deals."""
        self.finished: list[State | None] = [None] * len(self.match.results)
        """The final state of every finished deal, in order (``None`` for a deal annulled as
        it was dealt, which has no move to record)."""
        self._previous_views: dict[tuple[int, int | None], str] = {}

    # --- seats and turns -------------------------------------------------------------------

    @property
    def players(self) -> int:
        """How many seats the table has."""
        return self.match.rules.players

    def seat_of(self, token: str) -> int | None:
        """The seat whose token this is, or ``None``; compares in constant time."""
        if type(token) is not str:
            return None
        found = None
        for seat, secret in enumerate(self.tokens):
            # "surrogatepass": a lone surrogate is text JSON can carry but UTF-8 cannot.
            if secrets.compare_digest(secret.encode(), token.encode("utf-8", "surrogatepass")):
                found = seat
        return found

    @property
    def deal_number(self) -> int:
        """The number of the deal in progress, from 0 (void deals count)."""
        return len(self.match.results) - (1 if is_over(self.match) else 0)

    def bot_to_act(self) -> int | None:
        """The bot's seat that is to act now, if any."""
        seat = current_player(self.match)
        return seat if seat is not None and seat in self.bots else None

    @property
    def over(self) -> bool:
        """Whether the match has ended."""
        return is_over(self.match)

    # --- moves -----------------------------------------------------------------------------

    def play(self, seat: int, notation: str, *, ply: int, deal: int) -> Move:
        """Make ``seat``'s move, written in notation, if it is that seat's turn and it saw ``ply``.

        Raises:
            IllegalMoveError: if it is not that seat's turn, the message is stale (another
                deal or another ``ply``) or the move is not legal.
            InvalidMoveError: if the notation is not a move.
            RulesError: if ``deal`` is not a whole number, ``seat`` is not a seat of the
                table, or ``ply`` is not a whole number from 0.
        """
        _check_deal(deal)
        if deal != self.deal_number:
            raise IllegalMoveError(
                f"that move was meant for deal {quote(deal + 1)}, but deal "
                f"{self.deal_number + 1} is being played"
            )
        # Whose turn and which ply first, as `apply` does: a stale or early message gets
        # the same answer whatever its text.
        self._check_sender(seat, ply)
        move = parse_move(notation, self.match.state)
        self.apply(seat, move, ply=ply)
        return move

    def apply(self, seat: int, move: Move, *, ply: int) -> None:
        """Apply ``move`` for ``seat`` after the library's seat and ply checks.

        Raises:
            IllegalMoveError, InvalidMoveError, RulesError: as `briscola.apply` does with
                ``seat`` and ``ply``; `RulesError` for ``seat=None`` and ``ply=None`` too,
                which would skip the check of whose turn it is (``None`` is a spectator,
                as `seat_of` gives it) or of a stale or replayed move.
        """
        self._check_sender(seat, ply)
        before = self.match
        after = apply(before, move, seat=seat, ply=ply)
        new = len(after.results) - len(before.results)
        if new:
            # The match deals the next deal at once: keep the finished one for its record.
            # Any further result is a deal annulled as it was dealt, with nothing to replay.
            self.finished.append(apply(before.state, move))
            self.finished.extend([None] * (new - 1))
        self.match = after
        self.moves.append(str(move))

    def _check_sender(self, seat: int, ply: int) -> None:
        if seat is None:
            raise RulesError("seat=None is not valid: spectators cannot play, only seats")
        if ply is None:
            raise RulesError(
                "ply=None is not valid: give the ply of the view the move was decided on"
            )
        check_sender(self.match.state, seat, ply, match_over=is_over(self.match))

    def checkpoint(self) -> Checkpoint:
        """What `restore` needs to undo the moves made after this call."""
        return Checkpoint(self.match, len(self.finished), len(self.moves))

    def restore(self, checkpoint: Checkpoint) -> None:
        """Undo every move made since `checkpoint` (a move that could not be saved).

        Raises:
            RulesError: if ``checkpoint`` is not one that `checkpoint` took of this table
                before its current moves.
        """
        if not (
            type(checkpoint) is Checkpoint
            and type(checkpoint.match) is Match
            and checkpoint.match.rules == self.match.rules
            and checkpoint.match.seed == self.match.seed
            and type(checkpoint.finished) is int
            and checkpoint.finished == len(checkpoint.match.results) <= len(self.finished)
            and type(checkpoint.moves) is int
            and 0 <= checkpoint.moves <= len(self.moves)
            # Of this line of play, not of one undone since (a few ms: restoring is rare).
            and checkpoint.match == self._replayed(checkpoint.moves)
        ):
            raise RulesError("restore() needs a checkpoint that checkpoint() took of this table")
        self.match = checkpoint.match
        del self.finished[checkpoint.finished :]
        del self.moves[checkpoint.moves :]
        self._previous_views.clear()  # a deal that ended by an undone move is not shown

    def _replayed(self, count: int) -> Match:
        """The match after the table's first ``count`` moves."""
        match = self.settings.new_match()
        for notation in self.moves[:count]:
            match = apply(match, parse_move(notation, match.state))
        return match

    def legal_for(self, seat: int) -> tuple[Move, ...]:
        """The moves ``seat`` may make now (``()`` when it is not its turn, or not a seat)."""
        number = seat_number(seat, self.players)
        turn = current_player(self.match)
        return legal_moves(self.match.state) if number is not None and number == turn else ()

    # --- what each seat sees ---------------------------------------------------------------

    def view_of(self, seat: int | None) -> View:
        """The deal as ``seat`` sees it; ``None`` for a spectator."""
        state = self.match.state
        return public_view(state) if seat is None else observe(state, seat)

    def message(self, seat: int | None) -> str:
        """The ``table`` message for ``seat`` (``None``: a spectator), as JSON text.

        It carries `dumps` of that seat's view of the deal and, once a deal has finished, of
        its view of the last finished deal, and the public match standing.
        """
        return self.messages([seat])[seat]

    def messages(self, seats: Iterable[int | None]) -> dict[int | None, str]:
        """`message` for each of ``seats``, sharing the public part between them.

        Raises:
            RulesError: if one of ``seats`` is neither a seat of the table nor ``None``.
        """
        try:
            if isinstance(seats, str | bytes):
                raise TypeError
            seats = list(seats)
        except Exception:  # not a collection, or one whose own iteration fails
            raise RulesError("seats must be a list of seats (None for a spectator)") from None
        for seat in seats:
            if seat is not None and (type(seat) is not int or not 0 <= seat < self.players):
                raise RulesError(
                    f"seat={quote(seat)} is not a seat of {self.match.rules.variant!r}: seats "
                    f"run from 0 to {self.players - 1} (None for a spectator)"
                )
        standing = score(self.match)
        match = {
            "format": str(self.match.format),
            "single_deal": self.settings.format is None,
            "totals": list(standing.totals),
            "game_points": list(standing.game_points),
            "deals_won": list(standing.deals_won),
            "deals_played": standing.deals_played,
            "winners": sorted(standing.winners),
            "final": standing.final,
            "results": [
                {
                    "dealer": result.dealer,
                    "points": list(result.score.points),
                    "deltas": list(result.score.deltas),
                    "winners": sorted(result.score.winners),
                    "void": result.score.void,
                }
                for result in self.match.results
            ],
        }
        common = {
            "type": "table",
            "table": self.id,
            "players": self.players,
            "variant": self.settings.variant,
            "title": self.match.rules.title,
            "bots": sorted(self.bots),
            "deal": self.deal_number,
            # The seat that takes no part in this deal (the dealer in bugiarda-5 and in one
            # form of Chiamata for six), which the view alone does not say.
            "sits_out": self.match.state.dealer if self.match.rules.dealer_sits_out else None,
            "match": match,
            "finished_deals": [deal for deal, final in enumerate(self.finished) if final],
        }
        built = {}
        for seat in seats:
            view = self.view_of(seat)
            head = {**common, "seat": seat}
            # The views are JSON text from dumps() already: splice them in, not re-encode.
            built[seat] = (
                json.dumps(head, separators=(",", ":"))[:-1]
                + ',"view":'
                + dumps(view)
                + ',"previous":'
                + self._previous(seat)
                + "}"
            )
        return built

    def _previous(self, seat: int | None) -> str:
        """The seat's view of the last deal played to its end as JSON (``null`` if none, or
        when the match is over); a deal annulled as dealt, with nothing to show, is passed
        over. It cannot change until the next deal ends, so it is kept."""
        played = [deal for deal, final in enumerate(self.finished) if final is not None]
        if not played or self.over:
            return "null"
        final = self.finished[played[-1]]
        assert final is not None
        key = (played[-1], seat)
        text = self._previous_views.get(key)
        if text is None:
            text = dumps(public_view(final) if seat is None else observe(final, seat))
            if len(self._previous_views) > 4 * self.players:
                self._previous_views.clear()
            self._previous_views[key] = text
        return text

    def record(self, deal: int) -> str:
        """The record of a finished deal (numbered from 0), as text.

        Raises:
            IllegalMoveError: if that deal is not finished.
            RulesError: if ``deal`` is not a whole number from 0.
        """
        _check_deal(deal)
        final = self.finished[deal] if deal < len(self.finished) else None
        if final is None and deal < len(self.finished):
            raise IllegalMoveError(
                f"deal {deal + 1} was annulled as it was dealt: it has no moves to record"
            )
        if final is None:
            raise IllegalMoveError(
                f"deal {quote(deal + 1)} has no record: only finished deals can be downloaded"
            )
        return Record.from_state(
            final, Event=f"briscola table {self.id}, deal {deal + 1}"
        ).to_text()

    # --- saving ----------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """Everything needed to restore the table: settings, tokens and moves."""
        return {
            "format": SAVE_FORMAT,
            "id": self.id,
            "settings": self.settings.to_json(),
            "tokens": list(self.tokens),
            "moves": list(self.moves),
        }

    @classmethod
    def from_json(
        cls, value: Mapping[str, Any], *, bot_factory: Callable[[str, int], Player] = make_bot
    ) -> Table:
        """Restore a table from `to_json`, replaying its moves through the public API.

        Raises:
            InvalidStateError: if the file is not a saved table or a move does not replay.
        """
        if not isinstance(value, Mapping) or "format" not in value:
            raise InvalidStateError("not a saved briscola table")
        if type(value["format"]) is not int or value["format"] != SAVE_FORMAT:
            raise InvalidStateError(
                f"a table saved in format {quote(value['format'], 20)} by another version of "
                f"briscola: this version reads format {SAVE_FORMAT}"
            )
        tokens = value.get("tokens")
        moves = value.get("moves")
        table_id = value.get("id")
        settings = value.get("settings")
        if (
            not isinstance(table_id, str)
            or not isinstance(settings, Mapping)
            or not isinstance(tokens, list)
            or not all(isinstance(t, str) and t for t in tokens)
            or not isinstance(moves, list)
            or not all(isinstance(m, str) for m in moves)
        ):
            raise InvalidStateError("a saved table needs an id, settings, tokens and moves")
        try:
            table = cls(
                TableSettings.from_json(settings),
                table_id=table_id,
                tokens=tokens,
                bot_factory=bot_factory,
            )
            for number, notation in enumerate(moves, 1):
                state = table.match.state
                seat = current_player(table.match)
                if seat is None:
                    raise InvalidStateError(f"move {number} ({notation[:20]}): the match is over")
                try:
                    move = parse_move(notation, state)
                    table.apply(seat, move, ply=observe(state, seat).ply)
                except (IllegalMoveError, InvalidMoveError) as error:
                    raise InvalidStateError(f"move {number} ({notation[:20]}): {error}") from None
        except RulesError as error:
            raise InvalidStateError(f"saved table {table_id[:64]}: {error}") from None
        return table


def _bot_seed(seed: int, seat: int) -> int:
    """A bot's own seed, drawn from the match seed and its seat."""
    return derived_seed("web/bot", seed, seat)


class Tables:
    """The tables of one server, bounded and self-cleaning, optionally saved to a folder.

    A table is dropped, from memory and from the folder, ``keep_finished`` seconds after the
    move that ended its match, or ``keep_idle`` seconds after its last move (or its opening)
    if it never ends. `sweep` drops them; `create` sweeps first and, when `limit` tables
    remain, drops the table that finished longest ago to make room. Unfinished tables are
    never dropped to make room: then the server refuses new tables until one is free.

    Each table is one JSON file ``<id>.json`` in the folder, replaced atomically (written to a
    temporary file, flushed to disk and renamed over the old one), so a crash leaves either
    the file before the move or the file after it, never half of one. Each finished deal is
    also written as a record, ``<id>-deal-<n>.txt``.

    Args:
        save_dir: The folder to save tables in, or ``None`` to keep them in memory only.
        limit: The most tables kept at once.
        keep_finished: Seconds a finished table is kept after its last move (``math.inf``:
            until the server needs its place).
        keep_idle: Seconds an unfinished table is kept without a move (``math.inf``: for
            ever).
        clock: The time now, in seconds of the wall clock, as `time.time` gives it (the
            default); a saved table's last move is taken from its file's modification time
            when it is restored. Tests pass a fake clock.
        bot_factory: Makes a bot from its kind and seed.

    Raises:
        RulesError: for a limit that is not a positive whole number, or a time that is not
            a number of seconds from 0 up.
    """

    def __init__(
        self,
        save_dir: str | os.PathLike[str] | None = None,
        *,
        limit: int = MAX_TABLES,
        keep_finished: float = KEEP_FINISHED,
        keep_idle: float = KEEP_IDLE,
        clock: Callable[[], float] = time.time,
        bot_factory: Callable[[str, int], Player] = make_bot,
    ) -> None:
        if type(limit) is not int or limit < 1:
            raise RulesError(f"limit={quote(limit)} is not valid: use a whole number from 1")
        if save_dir is not None and not isinstance(save_dir, str | os.PathLike):
            raise RulesError(f"save_dir must be a folder's path, not {type(save_dir).__name__}")
        if save_dir == "":  # Path("") is the working folder: never what was meant
            raise RulesError("save_dir is empty: give the name of a folder")
        if not callable(clock) or not callable(bot_factory):
            raise RulesError("clock and bot_factory must be callables")
        self.save_dir: Path | None = None if save_dir is None else Path(save_dir)
        """Where tables are saved, or ``None``."""
        self.limit = limit
        """The most tables the server keeps open."""
        self.keep_finished: float = _seconds("keep_finished", keep_finished)
        """Seconds a finished table is kept after its last move."""
        self.keep_idle: float = _seconds("keep_idle", keep_idle)
        """Seconds an unfinished table is kept without a move."""
        self.clock = clock
        """The time now, in seconds."""
        self.bot_factory = bot_factory
        """Makes a bot from its kind and seed."""
        self._tables: dict[str, Table] = {}
        self._last_move: dict[str, float] = {}
        # One lock per table for its files: `save` runs in worker threads, and a table
        # dropped meanwhile must not have its file written back after it was deleted.
        self._files: dict[str, threading.Lock] = {}

    def __iter__(self) -> Iterator[Table]:
        return iter(list(self._tables.values()))

    def __len__(self) -> int:
        return len(self._tables)

    def get(self, table_id: str) -> Table | None:
        """The table with that id, or ``None``."""
        return self._tables.get(table_id) if type(table_id) is str else None

    def create(self, settings: TableSettings) -> Table:
        """Open a new table, after dropping the tables whose time is up.

        At `limit` tables, the table that finished longest ago is dropped to make room.

        Raises:
            TablesFull: when the server already has `limit` tables and none of them has
                finished.
            RulesError: for bad settings.
            OSError: if the table cannot be saved to `save_dir` (a full disk, a folder
                made read-only); the table is not opened.
        """
        self.sweep()
        # Settings are checked first: a request that can never succeed is refused as such,
        # not told to come back later.
        table = Table(settings, bot_factory=self.bot_factory)
        if not self._make_room(self.limit - 1):
            raise TablesFull(
                f"this server already has {count(len(self._tables), 'table')} in play: try "
                "again later"
            )
        self._hold(table, self._now())
        try:
            self.save(table)
        except BaseException:
            self._forget(table.id)  # never given out
            raise
        return table

    def _make_room(self, keep: int) -> bool:
        """Drop the tables that finished longest ago until at most ``keep`` remain; whether
        that was possible (unfinished tables are never dropped)."""
        while len(self._tables) > keep:
            finished = [held for held in self._tables.values() if held.over]
            if not finished:
                return False
            self.drop(min(finished, key=lambda held: self._last_move[held.id]).id)
        return True

    def _hold(self, table: Table, last_move: float) -> None:
        self._tables[table.id] = table
        self._last_move[table.id] = last_move
        self._files[table.id] = threading.Lock()

    def _forget(self, table_id: str) -> Table | None:
        self._last_move.pop(table_id, None)
        self._files.pop(table_id, None)
        return self._tables.pop(table_id, None)

    def _now(self) -> float:
        given = self.clock()
        now = real_number(given)
        if now is None:
            raise RulesError(
                f"the clock must give a number of seconds, not {type(given).__name__}"
            )
        return now

    def touch(self, table: Table) -> None:
        """Note that ``table`` has just moved: its time starts again (see the class).

        Raises:
            RulesError: if ``table`` is not a `Table`.
        """
        if not isinstance(table, Table):
            raise RulesError(f"touch() needs a Table, not {type(table).__name__}")
        if self._tables.get(table.id) is table:
            self._last_move[table.id] = self._now()

    def last_move(self, table_id: str) -> float | None:
        """When the table last moved (or was opened or restored), by `clock`; ``None`` for
        a table this server does not hold."""
        return self._last_move.get(table_id) if type(table_id) is str else None

    def expires(self, table_id: str) -> float | None:
        """When the table will be dropped, by `clock`, unless it moves again; ``None`` for a
        table this server does not hold (``math.inf``: never)."""
        table = self.get(table_id)
        if table is None:
            return None
        keep = self.keep_finished if table.over else self.keep_idle
        return self._last_move[table_id] + keep

    def sweep(self) -> list[Table]:
        """Drop every table whose time is up (see the class); returns them."""
        now = self._now()
        expired = [
            table
            for table in self._tables.values()
            if now
            >= self._last_move[table.id] + (self.keep_finished if table.over else self.keep_idle)
        ]
        for table in expired:
            self.drop(table.id)
        return expired

    def drop(self, table_id: str) -> Table | None:
        """Forget a table and delete its saved files; returns it (``None`` if not held).

        The table is forgotten even when a file cannot be deleted (the failure is logged):
        a table file left behind is restored by the next `load`, then dropped again once
        its time is up.
        """
        if self.get(table_id) is None:
            return None
        files = self._files.get(table_id)
        with files if files is not None else contextlib.nullcontext():
            # A save in progress finishes first; a save after this sees the table gone.
            table = self._forget(table_id)
            if table is not None and self.save_dir is not None:
                names = [f"{table.id}-deal-{d + 1}.txt" for d in range(len(table.finished))]
                for name in [*names, f"{table.id}.json"]:
                    try:
                        (self.save_dir / name).unlink(missing_ok=True)
                    except OSError as error:
                        _log.warning("could not delete %s of a dropped table: %s", name, error)
        return table

    def load(self) -> list[Table]:
        """Restore every table saved in `save_dir`, then drop those whose time is up and,
        past `limit`, those that finished longest ago; returns the tables kept.

        A restored table's last move is the time its file was last written. Unfinished
        tables are all kept, even past `limit` (a server restarted with a lower limit): new
        tables are then refused until enough of them finish.

        Raises:
            InvalidStateError: naming the file that cannot be restored.
            NotADirectoryError: if a file holds the name of `save_dir`.
        """
        if self.save_dir is None:
            return []
        _make_folder(self.save_dir)
        restored = []
        now = self._now()
        for path in sorted(self.save_dir.glob("*.json")):
            try:
                value = json.loads(path.read_text(encoding="utf-8-sig"))  # a BOM, as loads
                table = Table.from_json(value, bot_factory=self.bot_factory)
                written = path.stat().st_mtime
            except OSError as error:
                raise InvalidStateError(
                    f"cannot read the saved table {path.name}: {error.strerror or error}"
                ) from None
            except UnicodeDecodeError:
                raise InvalidStateError(
                    f"cannot read the saved table {path.name}: it is not UTF-8 text"
                ) from None
            except BriscolaError as error:  # a move refused on replay, too
                raise InvalidStateError(f"{path.name}: {error}") from None
            except (ValueError, RecursionError):  # bad JSON, too deep, or too long a number
                raise InvalidStateError(
                    f"cannot read the saved table {path.name}: it is not a table's JSON"
                ) from None
            self._hold(table, min(now, written))
            restored.append(table)
        self.sweep()
        self._make_room(self.limit)
        return [table for table in restored if self._tables.get(table.id) is table]

    def save(self, table: Table, *, finished_before: int | None = None) -> None:
        """Write ``table`` to `save_dir` (nothing without one, or for a table this server no
        longer holds). With ``finished_before``, the number of deals the table had finished
        before its latest moves, also write the record of each deal finished since.

        Raises:
            RulesError: if ``table`` is not a `Table`, or ``finished_before`` is not ``None``
                or a number of deals from 0 to those the table has finished.
        """
        if not isinstance(table, Table):
            raise RulesError(f"save() needs a Table, not {type(table).__name__}")
        if finished_before is not None and (
            type(finished_before) is not int or not 0 <= finished_before <= len(table.finished)
        ):
            raise RulesError(
                f"finished_before={quote(finished_before)} is not valid: use None or a number "
                f"of deals from 0 to {len(table.finished)}"
            )
        files = self._files.get(table.id)
        if self.save_dir is None or files is None:
            return
        with files:
            if self._tables.get(table.id) is not table:  # dropped while this save waited
                return
            _make_folder(self.save_dir)
            _write_atomically(
                self.save_dir / f"{table.id}.json",
                json.dumps(table.to_json(), separators=(",", ":")),
            )
            start = len(table.finished) if finished_before is None else finished_before
            for deal in range(start, len(table.finished)):
                if table.finished[deal] is not None:
                    _write_atomically(
                        self.save_dir / f"{table.id}-deal-{deal + 1}.txt", table.record(deal)
                    )


def _check_deal(deal: object) -> None:
    """Refuse what is not a deal's number in the messages: a whole number from 0 (the
    words shown to players count deals from 1)."""
    if type(deal) is not int:
        raise RulesError(f"deal must be the number of a deal, not {type(deal).__name__}")
    if deal < 0:
        raise RulesError(f"deal must be a whole number from 0, not {quote(deal)}")


def _make_folder(path: Path) -> None:
    """Make the folder ``path`` unless it exists, with the error a user understands when a
    file holds its name (the system's own says "File exists")."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise NotADirectoryError(errno.ENOTDIR, "it is a file, not a folder", str(path)) from None


def _seconds(name: str, value: object) -> float:
    """A retention time checked: a number of seconds from 0 up (``math.inf`` allowed)."""
    number = real_number(value)
    if number is None or number < 0:
        raise RulesError(f"{name}={quote(value)} is not valid: use a number of seconds from 0")
    return number


def _write_atomically(path: Path, text: str) -> None:
    try:
        _replace_through_temporary(path, text)
    except OSError as error:
        # The temporary file's random name means nothing to a reader: name the table's file.
        raise OSError(error.errno, error.strerror, str(path)) from None


def _replace_through_temporary(path: Path, text: str) -> None:
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
