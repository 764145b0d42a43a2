"""The generator of the JSON Schemas shipped in ``briscola/schemas/``.

The schemas are built from the code they describe: the presets from `VARIANTS`, the table
rules from `OPTIONS` (each option's values from its declaration: its kind, choices or
bounds), the card codes, phases and signal tokens from their enums. A test checks that the
shipped files equal what this module generates; after a change, rewrite them with::

    python3 -m briscola._schemas
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Final

from .cards import Rank, Suit
from .match import DealerRotation
from .records import _MATCH_RESERVED, _RESERVED
from .rules import OPTIONS, SIGNAL_TOKENS, VARIANTS, rules_schema
from .state import Phase

__all__ = ["generate", "text", "write"]

JSON = Any
BASE: Final = "https://briscola.invalid/schemas/"
DRAFT: Final = "https://json-schema.org/draft/2020-12/schema"
"""The whole numbers tried on each integer option; a range reaching the end is open."""

_MOVE = "move.schema.json#/$defs/"
_SEAT: Final = {"$ref": _MOVE + "seat"}
_CARD: Final = {"$ref": _MOVE + "card"}
_CARDS: Final = {"$ref": _MOVE + "cards"}
_SUIT: Final = {"$ref": _MOVE + "suit"}
_NULL: Final = {"type": "null"}
# Bounds over every preset (no table rule raises them), which the view's schema states and
# `loads` checks alike.
MAX_HAND: Final = max(r.hand_size for r in VARIANTS.values())
MAX_STOCK: Final = max(len(r.deck) - r.players * r.hand_size for r in VARIANTS.values())
MAX_TRICKS: Final = max(len(r.deck) // r.players for r in VARIANTS.values())
MAX_REMOVED: Final = max(len(r.removed) for r in VARIANTS.values())
MAX_RECEIVED: Final = 40
"""A seat may receive a card again after an exchange; no deal gives one more cards."""
_OPTION_SCHEMAS: Final[dict[str, Any]] = rules_schema()["properties"]  # type: ignore[assignment]
_RULES: Final = {
    "description": "The variant and table rules.",
    "$ref": "rules.schema.json#/$defs/rules",
}


def _or_null(schema: JSON, description: str) -> JSON:
    return {"description": description, "anyOf": [schema, _NULL]}


def _per_seat(items: JSON, description: str) -> JSON:
    return {
        "description": description,
        "type": "array",
        "items": items,
        "minItems": 2,
        "maxItems": 6,
    }


def _closed(properties: dict[str, JSON], **extra: JSON) -> JSON:
    """An object with exactly these properties, all required."""
    return {
        **extra,
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


def _document(kind: str, title: str, description: str, properties: dict[str, JSON]) -> JSON:
    envelope = {
        "type": {"const": kind, "description": f'Always "{kind}".'},
        "format": {"const": 1, "description": "The version of the document format: 1."},
    }
    return {
        "$schema": DRAFT,
        "$id": f"{BASE}{kind}.schema.json",
        "title": f"briscola {title} document",
        "description": description,
        **_closed({**envelope, **properties}),
    }


# --- moves and the shared building blocks -----------------------------------------------------


_RANK_CODES: Final = ("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K")


def _move_schema() -> JSON:
    assert len(_RANK_CODES) == len(Rank)
    rank = "[A2-7JQK]"
    suit = "[" + "".join(s.value for s in Suit) + "]"
    card = rank + suit
    tokens = "|".join(SIGNAL_TOKENS)
    notation = (
        f"^(?:{card}|swap {card}|bid {rank}|points (?:0|-?[1-9][0-9]*)|pass"
        f"|suit {suit}|call {card}|declare has {card}|declare lacks {card}|declare weak hand"
        f"|declare strong hand|signal (?:{tokens})|show hand)$"
    )
    schema = _document(
        "move",
        "move",
        "One move, as briscola.dumps writes a Move. The $defs hold the building blocks "
        "(cards, suits, seats, move notation, phases) that the other briscola schemas share.",
        {"move": {"$ref": "#/$defs/move"}},
    )
    schema["$defs"] = {
        "rank": {
            "title": "Rank code",
            "description": "A rank letter: A 2 3 4 5 6 7 J (Fante, 8) Q (Cavallo, 9) K (Re, 10).",
            "type": "string",
            "pattern": f"^{rank}$",
        },
        "suit": {
            "title": "Suit code",
            "description": "D (Denari), C (Coppe), S (Spade) or B (Bastoni).",
            "type": "string",
            "enum": [s.value for s in Suit],
        },
        "card": {
            "title": "Card code",
            "description": 'The canonical code of a card: rank letter then suit letter ("AD", '
            '"7S", "QB").',
            "type": "string",
            "pattern": f"^{card}$",
        },
        "cards": {
            "title": "Cards",
            "description": "A list of different cards.",
            "type": "array",
            "items": {"$ref": "#/$defs/card"},
            "uniqueItems": True,
            "maxItems": 40,
        },
        "seat": {
            "title": "Seat",
            "description": "A seat number, 0 to players - 1 (at most 6 players).",
            "type": "integer",
            "minimum": 0,
            "maximum": max(r.players for r in VARIANTS.values()) - 1,
        },
        "move": {
            "title": "Move notation",
            "description": 'A move in its notation: a card code (Play), "swap 7C" (SwapTrump), '
            '"bid K" (Bid), "points 65" (BidPoints, legal from 61 to 120), "pass", '
            '"suit C" (NameSuit), '
            '"call KD" (NameCard), "declare has AC", "declare lacks AC", "declare weak hand", '
            '"declare strong hand" (Declare), "signal ACE" (Signal, a token of rules §3.5) or '
            '"show hand" (ShowHand).',
            "type": "string",
            "pattern": notation,
        },
        "seat_move": {
            "title": "Seat and move",
            "description": "A move with the seat that made it: [seat, move].",
            "type": "array",
            "prefixItems": [{"$ref": "#/$defs/seat"}, {"$ref": "#/$defs/move"}],
            "items": False,
            "minItems": 2,
        },
        "phase": {
            "title": "Phase",
            "description": "The stage of a deal.",
            "type": "string",
            "enum": [phase.value for phase in Phase],
        },
    }
    return schema


# --- rules -------------------------------------------------------------------------------------


def _option_schema(name: str) -> JSON:
    """The schema of option ``name``, from the option's one declaration (`rules_schema`)."""
    schema: JSON = _OPTION_SCHEMAS[name]
    return schema


def _rules_schema() -> JSON:
    options: dict[str, JSON] = {name: _option_schema(name) for name in OPTIONS}
    applicability = []
    for preset in VARIANTS:
        then: JSON = {
            "propertyNames": {
                "enum": [name for name, info in OPTIONS.items() if preset in info.applies_to]
            }
        }
        applicability.append(
            {
                "if": {"properties": {"variant": {"const": preset}}, "required": ["variant"]},
                "then": {"properties": {"options": then}},
            }
        )
    schema = _document(
        "rules",
        "rules",
        "A Rules value as briscola.dumps writes it: the preset id and the options that differ "
        "from the preset's defaults.",
        {"variant": {"$ref": "#/$defs/variant"}, "options": {"$ref": "#/$defs/options"}},
    )
    schema["allOf"] = [{"$ref": "#/$defs/applicability"}]
    schema["$defs"] = {
        "variant": {
            "title": "Preset id",
            "description": "One of the presets of briscola.VARIANTS.",
            "type": "string",
            "enum": list(VARIANTS),
        },
        "options": {
            "title": "Table rules",
            "description": "The table rules (rules §8, briscola.OPTIONS) whose values differ "
            "from the preset's defaults; enumerations are written as their string values and "
            "tuples as arrays.",
            "type": "object",
            "properties": options,
            "additionalProperties": False,
        },
        "applicability": {
            "title": "Options by preset",
            "description": "Each preset accepts only the options that apply to it.",
            "allOf": applicability,
        },
        "rules": _closed(
            {"variant": {"$ref": "#/$defs/variant"}, "options": {"$ref": "#/$defs/options"}},
            title="Rules",
            description="A preset and its table rules, as they appear inside other documents.",
            allOf=[{"$ref": "#/$defs/applicability"}],
        ),
    }
    return schema


# --- deals: states, views, scores, records -----------------------------------------------------

_POINTS: Final = {"type": "integer", "minimum": 0, "maximum": 120}


def _score_fields() -> dict[str, JSON]:
    return {
        "points": _per_seat(_POINTS, "Card points captured so far by each seat."),
        "deltas": _per_seat(
            {"type": "integer"},
            "Game points won or lost by each seat for this deal (they sum to 0).",
        ),
        "winners": {
            "description": "The seats of the winning side, in increasing order.",
            "type": "array",
            "items": _SEAT,
            "uniqueItems": True,
            "maxItems": 6,
        },
        "final": {"description": "Whether the deal is over.", "type": "boolean"},
        "void": {"description": "Whether the deal ended with no result.", "type": "boolean"},
        "team_points": {
            "description": "Card points captured so far by each side.",
            "type": "array",
            "items": _POINTS,
            "maxItems": 6,
        },
        "caller": _or_null(_SEAT, "Chiamata: the caller."),
        "target": _or_null(
            {"type": "integer", "minimum": 60, "maximum": 120},
            "Chiamata: the card points the caller's side needs.",
        ),
        "called_card": _or_null(_CARD, "Chiamata: the called card once public."),
        "partner": _or_null(_SEAT, "Chiamata: the partner once public."),
        "solo": {
            "description": "Chiamata: whether the caller plays alone.",
            "type": ["boolean", "null"],
        },
        "cappotto": {
            "description": "Chiamata: whether the deal was a cappotto.",
            "type": ["boolean", "null"],
        },
    }


def _score_schema() -> JSON:
    fields = _score_fields()
    refs = {name: {"$ref": f"#/$defs/{name}"} for name in fields}
    schema = _document(
        "score",
        "score",
        "A Score as briscola.dumps writes it: card points, game points and the deal result.",
        refs,
    )
    schema["$defs"] = {
        **fields,
        "score": _closed(refs, title="Score", description="A score as it appears inside a view."),
    }
    return schema


def _state_schema() -> JSON:
    return _document(
        "state",
        "state",
        "A State as briscola.dumps writes it: the rules, the dealer, the deck and the moves "
        "(from which briscola.loads replays the state), and the fields that the replay must "
        "agree with.",
        {
            "rules": _RULES,
            "dealer": {"description": "The dealer's seat.", **_SEAT},
            "deck": {
                "description": "The deck as dealt, top card first (40, 39 or 36 cards).",
                **_CARDS,
                "minItems": 36,
                "maxItems": 40,
            },
            "trump_suit": _or_null(_SUIT, "The trump suit, or null."),
            "moves": {
                "description": "Every move so far, as [seat, move] pairs.",
                "type": "array",
                "items": {"$ref": _MOVE + "seat_move"},
                "maxItems": 2000,
            },
            "phase": {"description": "The stage of the deal.", "$ref": _MOVE + "phase"},
            "turn": _or_null(_SEAT, "The seat to act; null once the deal is over."),
            "hands": _per_seat({**_CARDS, "maxItems": MAX_HAND}, "Each seat's hand."),
            "trick": {
                "description": "The cards of the current trick, in play order.",
                **_CARDS,
                "maxItems": 6,
            },
            "points": _per_seat(_POINTS, "Card points captured so far by each seat."),
        },
    )


def _view_fields() -> dict[str, JSON]:
    return {
        "rules": _RULES,
        "seat": _or_null(_SEAT, "The seat of the view; null for a spectator."),
        "phase": {"description": "The stage of the deal.", "$ref": _MOVE + "phase"},
        "dealer": {"description": "The dealer's seat.", **_SEAT},
        "teams": {
            "description": "The sides of the deal, each a list of seats (empty in Chiamata); "
            "read from the rules and the dealer, optional.",
            "type": "array",
            "items": {"type": "array", "items": _SEAT, "minItems": 1, "maxItems": 3},
            "maxItems": 6,
        },
        "hand": {"description": "This seat's hand.", **_CARDS, "maxItems": MAX_HAND},
        "hands": _per_seat(
            {"anyOf": [{**_CARDS, "maxItems": MAX_HAND}, _NULL]},
            "Every hand this seat can see; null for a hidden hand.",
        ),
        "hand_sizes": _per_seat(
            {"type": "integer", "minimum": 0, "maximum": MAX_HAND},
            "How many cards each seat holds.",
        ),
        "known_cards": _per_seat(_CARDS, "Cards every seat knows to be in each hand."),
        "shown": {
            "description": "Hands partners showed this seat: [seat, cards] pairs.",
            "type": "array",
            "items": {
                "type": "array",
                "prefixItems": [_SEAT, _CARDS],
                "items": False,
                "minItems": 2,
            },
            "maxItems": 12,
        },
        "removed": {
            "description": "Cards out of play for this deal.",
            **_CARDS,
            "maxItems": MAX_REMOVED,
        },
        "initial_trump_card": _or_null(_CARD, "The card shown face up at the deal."),
        "trump_card": _or_null(_CARD, "The face-up trump card, while it is in view."),
        "trump_suit": _or_null(_SUIT, "The trump suit, if this seat knows it."),
        "stock_size": {
            "description": "Cards left to draw, the face-up card included.",
            "type": "integer",
            "minimum": 0,
            "maximum": MAX_STOCK,
        },
        "stock": _or_null(
            _CARDS, "The face-down stock in drawing order under open_stock; else null."
        ),
        "leader": {"description": "The seat that leads the current trick.", **_SEAT},
        "turn": _or_null(_SEAT, "The seat to act; null once the deal is over."),
        "trick": {
            "description": "The current trick's cards, in play order.",
            **_CARDS,
            "maxItems": 6,
        },
        "trick_seats": {
            "description": "The seats that played the current trick's cards, in order; "
            "read from the dealer, the leader and the trick, optional.",
            "type": "array",
            "items": _SEAT,
            "uniqueItems": True,
            "maxItems": 6,
        },
        "tricks": {
            "description": "The finished tricks.",
            "type": "array",
            "items": {"$ref": "#/$defs/trick"},
            "maxItems": MAX_TRICKS,
        },
        "history": {
            "description": "Every move this seat may know of, as [seat, move] pairs.",
            "type": "array",
            "items": {"$ref": _MOVE + "seat_move"},
            "maxItems": 2000,
        },
        "ply": {
            "description": "How many moves have been made in the deal, signals apart.",
            "type": "integer",
            "minimum": 0,
        },
        "score": {
            "description": "The score so far (public).",
            "$ref": "score.schema.json#/$defs/score",
        },
        "legal_moves": {
            "description": "This seat's legal moves when it is to act.",
            "type": "array",
            "items": {"$ref": _MOVE + "move"},
            "maxItems": 200,
        },
        "caller": _or_null(_SEAT, "Chiamata: the caller."),
        "target": _or_null(
            {"type": "integer", "minimum": 60, "maximum": 120},
            "Chiamata: the card points the caller's side needs.",
        ),
        "called_card": _or_null(_CARD, "Chiamata: the called card, if this seat knows it."),
        "partner": _or_null(_SEAT, "Chiamata: the partner, if this seat knows it."),
        "received": {
            "description": "This seat's own cards in the order it received them (dealt, "
            "drawn, taken by an exchange); a card given up in an exchange and taken back "
            "appears twice; optional, empty for a spectator.",
            "type": "array",
            "items": _CARD,
            "maxItems": MAX_RECEIVED,
        },
        "dealt_stock": _or_null(
            _CARDS,
            "The face-down stock as dealt, in drawing order, drawn cards included, under "
            "open_stock; else null; optional.",
        ),
    }


def _optional_fields(schema: JSON) -> JSON:
    """``received``, ``teams``, ``trick_seats`` and ``dealt_stock`` may be left out: views
    written before they were added still load."""
    optional = {"received", "teams", "trick_seats", "dealt_stock"}
    schema["required"] = [name for name in schema["required"] if name not in optional]
    return schema


def _view_schema() -> JSON:
    fields = _view_fields()
    schema = _optional_fields(
        _document(
            "view",
            "view",
            "A View (what one seat, or a spectator, may know) as briscola.dumps writes it.",
            fields,
        )
    )
    schema["$defs"] = {
        "trick": _closed(
            {
                "leader": _SEAT,
                "cards": {**_CARDS, "minItems": 1, "maxItems": 6},
                "winner": _SEAT,
                "seats": {
                    "type": "array",
                    "items": _SEAT,
                    "uniqueItems": True,
                    "minItems": 1,
                    "maxItems": 6,
                },
            },
            title="Finished trick",
            description="Who led it, its cards in play order, who took it, who played.",
        ),
        "view": _optional_fields(
            _closed(
                fields,
                title="View",
                description="A view as it appears inside a match view.",
            )
        ),
    }
    return schema


def _tags(reserved: tuple[str, ...]) -> JSON:
    return {
        "description": "Free-form [name, value] pairs such as White, Black, Date or Event.",
        "type": "array",
        "items": {
            "type": "array",
            "prefixItems": [
                {"type": "string", "pattern": "^[A-Za-z0-9_]+$", "not": {"enum": list(reserved)}},
                {"type": "string"},
            ],
            "items": False,
            "minItems": 2,
        },
        "maxItems": 100,
    }


def _record_schema() -> JSON:
    schema = _document(
        "record",
        "record",
        "A Record (a deal written down to be replayed) as briscola.dumps writes it. Exactly "
        "one of deck and seed is given.",
        {
            "rules": _RULES,
            "dealer": {"description": "The dealer's seat.", **_SEAT},
            "deck": _or_null(
                {**_CARDS, "minItems": 36, "maxItems": 40},
                "The deck as dealt, top card first; null when a seed is given.",
            ),
            "seed": {
                "description": "The seed the deck was shuffled from; null when a deck is given.",
                "type": ["integer", "null"],
            },
            "trump_suit": _or_null(
                _SUIT, "The trump suit when no dealt card fixes it (separate_flip); else null."
            ),
            "moves": {
                "description": "The moves in order.",
                "type": "array",
                "items": {"$ref": _MOVE + "move"},
                "maxItems": 2000,
            },
            "tags": _tags(_RESERVED),
        },
    )
    schema["oneOf"] = [
        {"properties": {"deck": {"type": "array"}, "seed": {"type": "null"}}},
        {"properties": {"deck": {"type": "null"}, "seed": {"type": "integer"}}},
    ]
    return schema


# --- matches -----------------------------------------------------------------------------------

_FORMAT_PATTERN: Final = (
    # The spellings of str(MatchFormat) that the format functions build: best_of an odd
    # number, the listed targets, and whole numbers from 1 of at most nine digits.
    "^(?:best_of\\((?:[1-9][0-9]{0,7})?[13579]\\)|first_to_deals\\([57]\\)"
    "|rounds\\([1-9][0-9]{0,8}\\)|cumulative_points\\((?:120|121|151)\\)"
    "|fixed_deals\\([1-9][0-9]{0,8}\\)|first_to_game_points\\((?:5|7|11)\\)"
    "|two_wins_or_120)$"
)


def _match_settings() -> dict[str, JSON]:
    return {
        "rules": _RULES,
        "match_format": {
            "description": 'The match format, as str(MatchFormat): "best_of(3)", '
            '"two_wins_or_120", ...',
            "type": "string",
            "pattern": _FORMAT_PATTERN,
        },
        "seed": {"description": "The match seed; every deal is dealt from it.", "type": "integer"},
        "dealer": {"description": "The dealer of the first deal.", **_SEAT},
        "dealer_rotation": {
            "description": "Who deals next.",
            "type": "string",
            "enum": [rotation.value for rotation in DealerRotation],
        },
        "redeal_same_dealer_after_draw": {
            "description": "After a drawn deal, the same dealer deals again.",
            "type": "boolean",
        },
        "redeal_same_dealer_after_void": {
            "description": "After a void deal, the same dealer deals again.",
            "type": "boolean",
        },
        "cappotto_wins_match": {
            "description": "A side with all 120 card points in a deal wins the match.",
            "type": "boolean",
        },
    }


def _match_score_fields() -> dict[str, JSON]:
    return {
        "totals": _per_seat(
            {"type": "integer"},
            "Per seat: summed game points, or card points in the cumulative formats.",
        ),
        "game_points": _per_seat(
            {"type": "integer"}, "Per seat: the summed game points of the counted deals."
        ),
        "card_points": _per_seat(
            {"type": "integer", "minimum": 0},
            "Per seat: the summed card points of the counted deals.",
        ),
        "deals_won": _per_seat(
            {"type": "integer", "minimum": 0}, "Per seat: the deals its side won."
        ),
        "deals_played": {
            "description": "Deals counted so far (void deals are not).",
            "type": "integer",
            "minimum": 0,
        },
        "winners": {
            "description": "The seats that won the match, in increasing order.",
            "type": "array",
            "items": _SEAT,
            "uniqueItems": True,
            "maxItems": 6,
        },
        "final": {"description": "Whether the match is over.", "type": "boolean"},
    }


def _match_score_schema() -> JSON:
    fields = _match_score_fields()
    schema = _document(
        "match_score",
        "match score",
        "A MatchScore (the standing of a match) as briscola.dumps writes it.",
        fields,
    )
    schema["$defs"] = {
        "match_score": _closed(
            fields,
            title="Match score",
            description="A match score as it appears inside other documents.",
        )
    }
    return schema


def _match_schema() -> JSON:
    return _document(
        "match",
        "match",
        "A Match as briscola.dumps writes it: the match settings and every move of every "
        "deal (from which briscola.loads replays the match), and the standing the replay must "
        "agree with. It holds every card: never send it to a player.",
        {
            **_match_settings(),
            "deals": {
                "description": "Every deal of the match, finished or in progress, in order.",
                "type": "array",
                "items": _closed(
                    {
                        "dealer": {"description": "The deal's dealer.", **_SEAT},
                        "moves": {
                            "description": "The deal's moves, as [seat, move] pairs.",
                            "type": "array",
                            "items": {"$ref": _MOVE + "seat_move"},
                            "maxItems": 2000,
                        },
                    }
                ),
                "minItems": 1,
                "maxItems": 1000,
            },
            "score": {
                "description": "The standing.",
                "$ref": "match_score.schema.json#/$defs/match_score",
            },
        },
    )


def _match_view_schema() -> JSON:
    return _document(
        "match_view",
        "match view",
        "A MatchView (what one seat, or a spectator, may know of a match) as briscola.dumps "
        "writes it.",
        {
            "match_format": _match_settings()["match_format"],
            "results": {
                "description": "The finished deals: each dealer and final score (public).",
                "type": "array",
                "items": _closed(
                    {
                        "dealer": {"description": "The deal's dealer.", **_SEAT},
                        "score": {"$ref": "score.schema.json#/$defs/score"},
                    }
                ),
                "maxItems": 1000,
            },
            "score": {
                "description": "The standing.",
                "$ref": "match_score.schema.json#/$defs/match_score",
            },
            "deal": {
                "description": "The view of the deal in progress (of the last one once the "
                "match is over).",
                "$ref": "view.schema.json#/$defs/view",
            },
        },
    )


def _match_record_schema() -> JSON:
    return _document(
        "match_record",
        "match record",
        "A MatchRecord (a whole match written down to be replayed) as briscola.dumps writes it.",
        {
            **_match_settings(),
            "deals": {
                "description": "The moves of each deal, in order.",
                "type": "array",
                "items": {
                    "type": "array",
                    "items": {"$ref": _MOVE + "move"},
                    "maxItems": 2000,
                },
                "maxItems": 1000,
            },
            "tags": _tags(_MATCH_RESERVED),
        },
    )


_BUILDERS: Final = {
    "state": _state_schema,
    "view": _view_schema,
    "rules": _rules_schema,
    "move": _move_schema,
    "score": _score_schema,
    "record": _record_schema,
    "match": _match_schema,
    "match_view": _match_view_schema,
    "match_score": _match_score_schema,
    "match_record": _match_record_schema,
}


def generate() -> dict[str, JSON]:
    """Every schema, by document type."""
    return {name: build() for name, build in _BUILDERS.items()}


def text(schema: JSON) -> str:
    """The text of a schema file, as shipped."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def write(folder: Path) -> None:
    """Write every schema to ``folder/<type>.schema.json``."""
    for name, schema in generate().items():
        (folder / f"{name}.schema.json").write_text(text(schema), encoding="utf-8")


if __name__ == "__main__":
    write(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent / "schemas")
