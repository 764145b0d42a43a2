"""Game records: `Record.from_state`, the text form (`to_text`, `from_text`), replaying a
record, its errors, and `parse_rules`, which reads a `Rules` repr without evaluating it.

A record is checked against the deal it was taken from: reading it back or replaying it
must give that deal's rules, dealer, deck, moves, states and score, whatever they are (the
engine's play and scoring are checked against the rules by their own tests). Every other
expected value comes from the docs and the rules (option names and values from §8, zero-sum
game points from §1.9, the text form from the docs on records).
"""

from __future__ import annotations

import builtins
import copy
import json
import re
import sys
import tracemalloc
import types
from typing import Any, Final

import attrs
import pytest

import briscola
from briscola import (
    VARIANTS,
    Card,
    IllegalMoveError,
    InvalidNotationError,
    Move,
    Play,
    Record,
    Rules,
    State,
    Suit,
    VariantId,
    apply,
    new_game,
    rules,
    score,
)
from briscola.records import MAX_TAGS, MatchRecord, parse_rules
from helpers import (
    BUGIARDA,
    CHIAMATA,
    DEALT_TRUMP,
    FACE_UP,
    PARTNERS,
    SHARE,
    STOCK,
    TWO_SIDED,
    deal_states,
    untyped,
)

PRESETS: Final = tuple(VARIANTS)
RESERVED: Final = ("Format", "Rules", "Dealer", "Deck", "Seed", "TrumpSuit", "Result")
TAGS: Final = {"White": "Anna", "Black": "Bruno", "Date": "2024.03.01", "Event": "Club night"}

# §8: option -> values, and the presets each option applies to.
_ALL: Final = frozenset(PRESETS)
_BOOL: Final = (True, False)
OPTION_VALUES: Final[dict[str, tuple[frozenset[str], tuple[object, ...]]]] = {
    "removed_two": (frozenset({"classic-3"}), ("2C", "2B", "2D", "2S", "random")),
    "deal_packet_size": (_ALL, (1,)),
    "open_hands": (_ALL - CHIAMATA, _BOOL),
    "open_stock": (STOCK, _BOOL),
    "trump_source": (DEALT_TRUMP, ("last_dealt", "separate_flip")),
    "first_leader_offset": (DEALT_TRUMP, (1, -1)),
    "declaration_round": (BUGIARDA, _BOOL),
    "public_claims": (_ALL, _BOOL),
    "rank_variant": (_ALL, ("standard", "seven_high", "seven_high_bisca", "three_natural")),
    "must_follow_suit": (_ALL, _BOOL),
    "seven_swap": (FACE_UP, _BOOL),
    "seven_swap_requires_higher": (FACE_UP, _BOOL),
    "seven_swap_only_if_drawn": (FACE_UP, _BOOL),
    "seven_swap_requires_won_trick": (FACE_UP, _BOOL),
    "seven_swap_only_leader": (FACE_UP, _BOOL),
    "seven_swap_deadline": (FACE_UP, ("stock_empty", "before_penultimate_trick")),
    "two_swap": (FACE_UP, _BOOL),
    "two_swap_window": (FACE_UP, ("first_trick", "before_first_lead", "both")),
    "signals": (PARTNERS, _BOOL),
    "signal_tokens": (PARTNERS, (("ACE",), ("KING", "LOW_TRUMPS", "NO_TRUMPS", "CARICHI"))),
    "no_signals_first_trick": (PARTNERS, _BOOL),
    "share_hands_before_first_trick": (PARTNERS, SHARE),
    "share_hands_when_stock_empty": (PARTNERS, SHARE),
    "tie_rule": (TWO_SIDED, ("draw", "replay", "last_trick")),
    "win_threshold": (TWO_SIDED, (61, 90, 120)),
    "auction": (CHIAMATA, ("ranks", "points_only", "two_only")),
    "after_two": (CHIAMATA, ("ends", "points")),
    "allow_ace_call": (CHIAMATA, _BOOL),
    "min_point_call": (CHIAMATA, (61, 62)),
    "point_call_step": (CHIAMATA, (1, 5, 59)),
    "allow_point_jump": (CHIAMATA, _BOOL),
    "all_pass": (CHIAMATA, ("forced", "redeal")),
    "base_target": (CHIAMATA, (60, 61)),
    "first_leader": (CHIAMATA, ("first_hand", "caller")),
    "first_trick_blind": (CHIAMATA, ("off", "committed", "free_choice")),
    "stakes": (CHIAMATA, ("flat", "bands", "tedaldi")),
    "cappotto": (CHIAMATA, ("points", "tricks")),
    "players": (CHIAMATA, (5, 6)),
    "six_player_form": (CHIAMATA, ("dealer_sits_out", "remove_fours", "remove_twos")),
    "annul_zero_point_hand": (CHIAMATA, _BOOL),
}
ONE_OPTION: Final = [
    (variant, name, value)
    for name, (presets, values) in OPTION_VALUES.items()
    for variant in PRESETS
    if variant in presets
    for value in values
]
# Option sets that change what a record holds: swaps, rounds, talk, separate flips, seeds.
OPTION_SETS: Final[list[tuple[str, dict[str, Any]]]] = [
    *((variant, {}) for variant in PRESETS),
    ("classic", {"seven_swap": True, "two_swap": True, "two_swap_window": "both"}),
    ("classic-3", {"removed_two": "random"}),
    ("classic-4", {"signals": True, "public_claims": True}),
    ("classic-4", {"share_hands_before_first_trick": "voluntary"}),
    ("classic-6", {"share_hands_when_stock_empty": "voluntary", "open_stock": True}),
    ("chiamata", {"first_trick_blind": "committed"}),
    ("chiamata", {"first_trick_blind": "free_choice", "players": 6}),
    ("chiamata-milan", {"auction": "points_only", "all_pass": "redeal"}),
    ("bugiarda", {"trump_source": "separate_flip"}),
    ("bugiarda-5", {"trump_source": "separate_flip", "trump_suit": "B"}),
    ("briscolone", {"tie_rule": "replay", "must_follow_suit": True}),
]


def moves_of(state: State) -> tuple[Move, ...]:
    return tuple(move for _, move in state.history)


def tag_lines(text: str) -> dict[str, str]:
    found = re.findall(r'^\[(\w+) "((?:[^"\\]|\\.)*)"\]$', text, flags=re.MULTILINE)
    return dict(found)


# --- round trips -----------------------------------------------------------------------------


@pytest.mark.parametrize(("variant", "options"), OPTION_SETS)
@pytest.mark.parametrize("seed", [1, 2])
def test_text_round_trip(variant: VariantId, options: dict[str, Any], seed: int) -> None:
    r = rules(variant, **options)
    dealer = seed % r.players
    states = deal_states(r, seed, dealer)
    for state in (states[0], states[1], states[len(states) // 2], states[-1]):
        for tags in ({}, TAGS):
            record = Record.from_state(state, **tags)
            assert record.rules == r
            assert record.dealer == dealer
            assert record.moves == moves_of(state)
            assert record.deck == state.deck
            assert record.tags == tuple(tags.items())
            text = record.to_text()
            back = Record.from_text(text)
            assert back == record
            assert back.to_text() == text
            assert back.final_state() == state
            found = tag_lines(text)
            for name, value in tags.items():
                assert found[name] == value
            assert found["Format"] == "briscola-record 1"
            assert parse_rules(found["Rules"]) == r
            assert int(found["Dealer"]) == dealer


@pytest.mark.parametrize("variant", PRESETS)
def test_replaying_a_record_yields_every_state(variant: VariantId) -> None:
    states = deal_states(VARIANTS[variant], 31)
    record = Record.from_state(states[-1], White="Anna")
    replayed = list(record)
    assert len(replayed) == len(record.moves) + 1 == len(states)
    assert replayed == states
    assert replayed[-1] == record.final_state() == states[-1]
    assert replayed[0] == record.first_state() == new_game(variant, seed=31)
    for before, move, after in zip(replayed, record.moves, replayed[1:], strict=False):
        assert apply(before, move) == after
    assert list(record.states()) == replayed


@pytest.mark.parametrize("variant", PRESETS)
def test_a_finished_record_states_its_result(variant: VariantId) -> None:
    states = deal_states(VARIANTS[variant], 8)
    final = states[-1]
    text = Record.from_state(final).to_text()
    result = tag_lines(text)["Result"]
    outcome = score(final)
    if outcome.void:
        assert result == "void"
    else:
        deltas = tuple(int(word) for word in result.split())
        assert deltas == outcome.deltas
        assert sum(deltas) == 0  # §1.9: game points are zero-sum
        assert len(deltas) == final.rules.players
    for state in states[:-1]:
        assert "Result" not in tag_lines(Record.from_state(state).to_text())


@pytest.mark.parametrize("variant", PRESETS)
@pytest.mark.parametrize("seed", [0, 12345, 2**40 + 3])
def test_a_record_with_a_seed(variant: VariantId, seed: int) -> None:
    r = VARIANTS[variant]
    states = deal_states(r, seed)
    record = Record(r, r.players - 1, moves_of(states[-1]), seed=seed, tags=(("Event", "x"),))
    assert record.deck is None
    replayed = list(record)
    assert len(replayed) == len(record.moves) + 1
    assert replayed[0] == new_game(variant, seed=seed)
    assert replayed[-1] == states[-1]
    text = record.to_text()
    assert tag_lines(text)["Seed"] == str(seed)
    assert "Deck" not in tag_lines(text)
    back = Record.from_text(text)
    assert back == record
    assert back.final_state() == states[-1]


@pytest.mark.parametrize(
    "value",
    ['a "quoted" name', "back\\slash", "[brackets]", "Città", "", "  spaced  ", '\\"', "#1"],
)
def test_tag_values_round_trip(value: str) -> None:
    state = deal_states(VARIANTS["classic"], 3)[5]
    record = Record.from_state(state, Event=value, Site=value)
    back = Record.from_text(record.to_text())
    assert back == record
    assert back.tags == (("Event", value), ("Site", value))


# Every character `str.splitlines` breaks a line on.
LINE_BREAKS: Final = (
    "\n",
    "\r",
    "\r\n",
    "\x0b",
    "\x0c",
    "\x1c",
    "\x1d",
    "\x1e",
    "\x85",
    "\u2028",
    "\u2029",
)


@pytest.mark.parametrize("line_break", LINE_BREAKS, ids=ascii)
def test_tag_values_with_line_breaks_round_trip(line_break: str) -> None:
    """A tag value may hold any text: a line break in it is escaped, so the tag stays on
    its one line of the text form, and the value reads back as it was."""
    value = f"first line{line_break}second line"
    state = deal_states(VARIANTS["classic"], 3)[5]
    record = Record.from_state(state, Event=value)
    text = record.to_text()
    event = [line for line in text.splitlines() if line.startswith("[Event ")]
    assert len(event) == 1
    assert event[0].endswith('"]')
    # As the docs write it: `\u` and the code point of the line break in four hex digits.
    assert all(f"\\u{ord(char):04x}" in event[0] for char in line_break)
    back = Record.from_text(text)
    assert back == record
    assert back.tags == (("Event", value),)


@pytest.mark.parametrize("written", ["C:\\games", "tab\\there", "\\u00e"])
def test_a_tag_value_with_an_unknown_escape_is_refused(written: str) -> None:
    """Only the escapes the writer uses are read: anything else would drop a backslash."""
    text = Record.from_state(new_game("classic", seed=1), Site="x").to_text()
    with pytest.raises(InvalidNotationError, match="line 5: a tag value cannot hold a backslash"):
        Record.from_text(text.replace('"x"', f'"{written}"'))


@pytest.mark.parametrize("value", ["a" * 900_000, '"' * 450_000, "\\" * 450_000])
def test_a_long_tag_value_is_read_in_memory_of_its_own_size(value: str) -> None:
    record = Record.from_state(new_game("classic", seed=1), Site=value)
    long = record.to_text()
    tracemalloc.start()
    try:
        read = Record.from_text(long)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert read.tags == (("Site", value),)
    assert peak < 20 * len(long)  # not memory for each of its characters or escapes


def test_the_text_form_reads_back_with_comments_blank_lines_and_crlf() -> None:
    state = deal_states(VARIANTS["classic-4"], 4)[-1]
    record = Record.from_state(state, **TAGS)
    text = record.to_text()
    lines = text.splitlines()
    decorated = ["# a comment", "; another", "", *lines[:3], "", *lines[3:], "", "# the end"]
    assert Record.from_text("\n".join(decorated)) == record
    assert Record.from_text(text.replace("\n", "\r\n")) == record
    assert Record.from_text("\n".join("  " + line + "  " for line in lines)) == record


def test_a_record_of_a_fresh_deal_has_no_moves() -> None:
    state = new_game("classic", seed=5)
    record = Record.from_state(state)
    assert record.moves == ()
    assert list(record) == [state]
    assert Record.from_text(record.to_text()) == record


def test_separate_flip_keeps_its_trump_suit() -> None:
    r = rules("bugiarda", trump_source="separate_flip")
    states = deal_states(r, 9)
    record = Record.from_state(states[-1])
    assert record.trump_suit == states[0].trump_suit
    assert isinstance(record.trump_suit, Suit)
    back = Record.from_text(record.to_text())
    assert back.trump_suit == record.trump_suit
    assert back.final_state() == states[-1]
    assert record.trump_suit is not None
    untagged = record.to_text().replace(f'[TrumpSuit "{record.trump_suit.value}"]\n', "")
    with pytest.raises(InvalidNotationError, match="needs the tag TrumpSuit"):
        Record.from_text(untagged)
    tag = f'[TrumpSuit "{record.trump_suit.value}"]'
    for written in ("\u2665", "coppe", "X"):
        with pytest.raises(
            InvalidNotationError,
            match=f"^the TrumpSuit tag: {written!r} is not a suit: use D, C, S or B ",
        ):
            Record.from_text(record.to_text().replace(tag, f'[TrumpSuit "{written}"]'))


def test_a_record_holds_one_trump_suit() -> None:
    """A trump suit beside the deal is for separately flipped suits only, and agrees with
    the seed's; a record that named another could never be told from the one it replays."""
    classic = new_game("classic", seed=3)
    with pytest.raises(InvalidNotationError, match="'classic' takes no trump_suit"):
        Record(classic.rules, classic.dealer, (), seed=3, trump_suit=Suit.SPADE)
    text = (
        Record.from_state(classic)
        .to_text()
        .replace('[Dealer "1"]', '[Dealer "1"]\n[TrumpSuit "S"]')
    )
    with pytest.raises(InvalidNotationError, match="takes no trump_suit"):
        Record.from_text(text)
    document = json.loads(briscola.dumps(Record.from_state(classic)))
    document["trump_suit"] = "S"
    with pytest.raises(InvalidNotationError, match="takes no trump_suit"):
        briscola.loads(json.dumps(document))
    r = rules("bugiarda", trump_source="separate_flip")
    turned = new_game(r, seed=4).trump_suit
    assert turned is not None
    other = next(suit for suit in Suit if suit is not turned)
    assert Record(r, 3, (), seed=4, trump_suit=turned).final_state() == new_game(r, seed=4)
    with pytest.raises(
        InvalidNotationError, match=f"is not the suit seed 4 turns up .'{turned.value}'"
    ):
        Record(r, 3, (), seed=4, trump_suit=other)


def test_a_record_cannot_change_a_trump_suit_the_rules_fix() -> None:
    """Under trump_source="separate_flip" with trump_suit fixed, the suit is that one
    whatever the deck (§2.6.1): a record or a JSON state saying otherwise is refused."""
    r = rules("bugiarda-5", trump_source="separate_flip", trump_suit="B")
    game = new_game(r, seed=1)
    assert game.trump_suit is Suit.BASTONI
    refusal = "the table rules fix the trump suit to 'B'"
    with pytest.raises(InvalidNotationError, match=refusal):
        Record(r, game.dealer, (), deck=game.deck, trump_suit=Suit.DENARI)
    text = Record.from_state(game).to_text()
    assert '[TrumpSuit "B"]' in text
    with pytest.raises(InvalidNotationError, match=refusal):
        Record.from_text(text.replace('[TrumpSuit "B"]', '[TrumpSuit "D"]'))
    document = json.loads(briscola.dumps(game))
    document["trump_suit"] = "D"
    with pytest.raises(briscola.InvalidStateError, match=refusal):
        briscola.loads(json.dumps(document))
    assert Record(r, game.dealer, (), deck=game.deck).first_state() == game


def test_a_record_is_built_with_exactly_one_of_a_deck_and_a_seed() -> None:
    """Exactly one of ``deck`` and ``seed`` says how the cards were dealt;
    a record built with both would write both tags, which its own reader refuses."""
    state = new_game("classic", seed=4)
    with pytest.raises(InvalidNotationError, match="exactly one of a deck and a seed"):
        Record(state.rules, state.dealer, (), deck=state.deck, seed=4)
    with pytest.raises(InvalidNotationError, match="exactly one of a deck and a seed"):
        Record(state.rules, state.dealer, ())


def test_a_result_tag_is_checked_against_the_moves() -> None:
    """A ``Result`` that is not what the moves give, or a ``Result`` on a
    record that stops before the end, is an `InvalidNotationError`."""
    final = deal_states(VARIANTS["classic"], 8)[-1]
    text = Record.from_state(final).to_text()
    written = tag_lines(text)["Result"]
    other = " ".join(f"{-delta:+d}" for delta in score(final).deltas)
    assert other != written
    with pytest.raises(
        InvalidNotationError,
        match=re.escape(f"the Result tag says {other!r}, but the moves give {written!r}"),
    ):
        Record.from_text(text.replace(f'[Result "{written}"]', f'[Result "{other}"]'))
    cut = text[: text.rindex("\n", 0, -1) + 1]  # the last trick's line left out
    with pytest.raises(
        InvalidNotationError,
        match=re.escape(f"the Result tag says {written!r}, but the moves give an unfinished deal"),
    ):
        Record.from_text(cut)


def test_a_match_result_tag_on_an_unfinished_match_names_it_unquoted() -> None:
    match = briscola.new_match("classic", seed=1)
    match = apply(match, briscola.legal_moves(match)[0])
    text = MatchRecord.from_state(match).to_text()
    assert "[Result " not in text
    head, _, rest = text.partition("\n\n")
    with pytest.raises(
        InvalidNotationError,
        match=r"^the Result tag says 'won by 0', but the moves give an unfinished match$",
    ):
        MatchRecord.from_text(f'{head}\n[Result "won by 0"]\n\n{rest}')


def test_an_annulled_deal_states_a_void_result() -> None:
    """The ``Result`` tag of a finished deal is its deltas, or ``void``."""
    state = new_game("chiamata", seed=17, annul_zero_point_hand=True)  # §2.5.6: annulled
    assert briscola.is_over(state)
    assert score(state).void
    text = Record.from_state(state).to_text()
    assert tag_lines(text)["Result"] == "void"
    assert Record.from_text(text).final_state() == state


def test_the_moves_before_the_first_trick_are_written_on_line_0() -> None:
    """Line ``0.`` holds the moves before the first trick (a Chiamata
    auction), and a claim made during trick 1 is on that trick's line."""
    state = new_game("chiamata", seed=5, public_claims=True)
    auction = ["bid K", "pass", "bid 7", "pass", "bid 5", "bid 4", "pass", "pass", "suit D"]
    for text in [*auction, "QS", "declare has 4D", "KS"]:
        state = apply(state, briscola.parse_move(text))
    lines = Record.from_state(state).to_text().splitlines()
    assert lines[-2:] == ["0. " + ", ".join(auction), "1. QS, declare has 4D, KS"]


def test_a_tag_value_must_be_text_a_file_can_hold() -> None:
    state = new_game("classic", seed=3)
    text = (
        Record.from_state(state)
        .to_text()
        .replace('[Dealer "1"]', '[Dealer "1"]\n[Event "a\\ud800b"]')
    )
    with pytest.raises(InvalidNotationError, match=r"the tag Event: .*lone surrogate"):
        Record.from_text(text)
    with pytest.raises(InvalidNotationError, match="the tag Event"):
        Record.from_state(state, Event="a\ud800b")
    assert Record.from_text(text.replace("\\ud800", "\\u00e8")).tags == (("Event", "a\u00e8b"),)


def test_a_match_record_reads_back_from_its_text_whatever_deals_it_lists() -> None:
    match = briscola.new_match("classic", format="best_of(3)", seed=2)
    while not match.results:
        match = apply(match, briscola.legal_moves(match)[0])
    whole = MatchRecord.from_state(match)  # the finished deal and the one just dealt
    assert len(whole.deals) == 2
    for deals in (whole.deals, whole.deals[:1], ()):
        record = attrs.evolve(whole, deals=deals)
        assert MatchRecord.from_text(record.to_text()) == record
        if deals:  # the finished deal alone replays to the match with the next one dealt
            assert record.final_match() == whole.final_match()


# --- errors ----------------------------------------------------------------------------------


def _foreign_card(state: State) -> Card:
    """A card of the variant that the seat to act does not hold."""
    seat = state.turn
    assert seat is not None
    held = set(state.hands[seat])
    return next(card for card in state.rules.deck if card not in held)


@pytest.mark.parametrize("variant", PRESETS)
def test_an_illegal_move_is_reported_by_its_number(variant: VariantId) -> None:
    states = deal_states(VARIANTS[variant], 6)
    moves = list(moves_of(states[-1]))
    plays = [i for i, move in enumerate(moves) if isinstance(move, Play)]
    index = plays[len(plays) // 2]
    number = index + 1  # moves are numbered from 1
    moves[index] = Play(_foreign_card(states[index]))
    record = Record.from_state(states[0])
    bad = Record(record.rules, record.dealer, tuple(moves), deck=record.deck)
    replayed: list[State] = []
    with pytest.raises(IllegalMoveError) as caught:
        replayed.extend(bad)
    assert re.search(rf"\b{number}\b", str(caught.value))
    assert len(replayed) == number  # the deal and the moves before the bad one
    assert replayed == states[:number]
    with pytest.raises(IllegalMoveError, match=rf"\b{number}\b"):
        bad.final_state()
    # The same record in text form reads, and fails the same way when replayed.
    text = Record(record.rules, record.dealer, tuple(moves[:index]), deck=record.deck).to_text()
    text += f"99. {moves[index]}\n"
    from_text = Record.from_text(text)
    with pytest.raises(IllegalMoveError, match=rf"\b{number}\b"):
        from_text.final_state()


def test_a_move_after_the_end_is_illegal() -> None:
    states = deal_states(VARIANTS["classic"], 2)
    record = Record.from_state(states[-1])
    extra = Record(
        record.rules, record.dealer, (*record.moves, Play(Card.parse("AD"))), record.deck
    )
    with pytest.raises(IllegalMoveError, match=rf"\b{len(record.moves) + 1}\b"):
        extra.final_state()


GARBAGE_LINES: Final = (
    "this is not a record line",
    "1. fly away",
    "1. AD, teleport",
    "x. AD",
    "12 AD",
    "[Event unquoted]",
    '[Event "unterminated]',
    "[]",
    "1. swap ZZ",
    "1. points many",
)


@pytest.mark.parametrize("garbage", GARBAGE_LINES)
@pytest.mark.parametrize("where", [0, 3, -1])
def test_an_unreadable_line_is_reported_by_its_number(garbage: str, where: int) -> None:
    text = Record.from_state(deal_states(VARIANTS["classic"], 1)[-1], White="Anna").to_text()
    lines = text.splitlines()
    position = len(lines) if where == -1 else where
    lines.insert(position, garbage)
    with pytest.raises(InvalidNotationError, match=rf"\bline {position + 1}\b"):
        Record.from_text("\n".join(lines))


def _header(**tags: str) -> str:
    defaults = {
        "Format": "briscola-record 1",
        "Rules": "rules('classic')",
        "Dealer": "1",
        "Seed": "7",
    }
    defaults.update(tags)
    return "".join(f'[{name} "{value}"]\n' for name, value in defaults.items() if value)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "\n\n",
        _header(Format=""),
        _header(Format="briscola-record 2"),
        _header(Rules=""),
        _header(Dealer=""),
        _header(Dealer="one"),
        _header(Dealer="1.5"),
        _header(Seed=""),  # neither a deck nor a seed
        _header(Seed="seven"),
        _header(Deck="AD 2D"),  # and a seed: both
        _header(Seed="", Deck="AD XX"),
        _header(TrumpSuit="hearts"),
        _header(Rules="rules('poker')"),
        _header(Rules="rules('classic', seven_swp=True)"),
        _header(Rules="__import__('os').system('echo hacked')"),
        _header() + '[Dealer "1"]\n',  # a reserved tag twice
    ],
)
def test_unreadable_headers_are_refused(text: str) -> None:
    with pytest.raises(InvalidNotationError):
        Record.from_text(text)


@pytest.mark.parametrize("value", [None, 5, b"[Format]", ["1. AD"]])
def test_from_text_reads_only_text(value: object) -> None:
    with pytest.raises(InvalidNotationError):
        Record.from_text(value)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", RESERVED)
def test_reserved_tag_names_are_refused(name: str) -> None:
    state = new_game("classic", seed=1)
    with pytest.raises(InvalidNotationError):
        Record.from_state(state, **{name: "x"})


@pytest.mark.parametrize("name", RESERVED)
def test_a_record_built_with_a_reserved_tag_says_the_tag_is_reserved(name: str) -> None:
    with pytest.raises(InvalidNotationError, match=f"^{name} is a reserved tag: the record"):
        Record(rules("classic"), 1, (), seed=1, tags=((name, "x"),))


def test_a_record_holds_at_most_max_tags_free_tags_in_every_form() -> None:
    tags = tuple((f"T{i}", "x") for i in range(MAX_TAGS))
    record = Record(rules("classic"), 1, (), seed=1, tags=tags)
    assert briscola.loads(briscola.dumps(record), Record) == record
    assert Record.from_text(record.to_text()) == record
    too_many = f"^a record holds at most {MAX_TAGS} tags, not {MAX_TAGS + 1}$"
    with pytest.raises(InvalidNotationError, match=too_many):
        Record(rules("classic"), 1, (), seed=1, tags=(*tags, ("T", "x")))
    text = record.to_text().replace('[T0 "x"]', '[T0 "x"]\n[T "x"]')
    with pytest.raises(InvalidNotationError, match=too_many):
        Record.from_text(text)
    with pytest.raises(InvalidNotationError, match=too_many):
        Record.from_state(new_game("classic", seed=1), **dict(tags), T="x")


@pytest.mark.parametrize("name", ["two words", 'quote"', "bracket]", "", "new\nline"])
def test_tag_names_that_cannot_be_written_are_refused(name: str) -> None:
    state = new_game("classic", seed=1)
    with pytest.raises(InvalidNotationError):
        Record.from_state(state, **{name: "x"})


def test_a_deck_that_cannot_be_dealt_is_refused_on_reading() -> None:
    for deck, said in (("AD 2D", "has 40 cards, not 2"), (" ".join(["AD"] * 40), "AD")):
        with pytest.raises(InvalidNotationError, match=f"a record's deck: .*{said}"):
            Record.from_text(_header(Seed="", Deck=deck))
    state = new_game("classic", seed=1)
    with pytest.raises(InvalidNotationError, match="a record's deck"):
        Record(state.rules, state.dealer, (), deck=state.deck[:-1])
    with pytest.raises(briscola.InvalidNotationError, match="dealer"):
        Record.from_text(_header(Dealer="7"))  # a dealer that is not a seat: refused on reading


# --- parse_rules -----------------------------------------------------------------------------


@pytest.mark.parametrize(("variant", "name", "value"), ONE_OPTION)
def test_parse_rules_reads_every_repr(variant: VariantId, name: str, value: object) -> None:
    r = rules(variant, **{name: value})  # type: ignore[arg-type]
    assert parse_rules(repr(r)) == r
    text = Record.from_state(new_game(r, seed=2)).to_text()
    assert Record.from_text(text).rules == r


@pytest.mark.parametrize(("variant", "options"), OPTION_SETS)
def test_parse_rules_reads_combined_options(variant: VariantId, options: dict[str, Any]) -> None:
    r = rules(variant, **options)
    assert parse_rules(repr(r)) == r
    assert parse_rules("  " + repr(r) + "\n") == r


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("rules('classic')", rules("classic")),
        ('rules("classic-4", seven_swap=True)', rules("classic-4", seven_swap=True)),
        (
            "rules('classic-4', signal_tokens=('ACE', 'KING'))",
            rules("classic-4", signal_tokens=("ACE", "KING")),
        ),
        ("rules('bugiarda', first_leader_offset=-1)", rules("bugiarda", first_leader_offset=-1)),
    ],
)
def test_parse_rules_reads_literal_calls(text: str, expected: Rules) -> None:
    assert parse_rules(text) == expected


REFUSED: Final = (
    "__import__('os')",
    "__import__('os').system('echo hacked')",
    "rules(x)",
    "rules('classic', **{})",
    "rules('classic', **options)",
    "rules(*['classic'])",
    "rules()",
    "rules('classic', 'scoperta')",
    "rules(1)",
    "rules(None)",
    "rules('classic')(1)",
    "rules('classic').variant",
    "Rules('classic')",
    "briscola.rules('classic')",
    "eval(\"rules('classic')\")",
    "lambda: rules('classic')",
    "rules('classic'); rules('classic')",
    "rules('classic', seven_swap=__import__('os'))",
    "rules('classic', seven_swap=[x for x in (1,)])",
    "rules('classic', seven_swap=True, seven_swap=False)",
    "rules('classic', seven_swap=yes)",
    "rules('classic', seven_swap={1: 2})",
    "rules('classic', win_threshold=1e999)",
    "rules('classic', win_threshold=" + "9" * 5000 + ")",
    "rules('nope')",
    "rules('classic', nope=1)",
    "rules('chiamata', seven_swap=True)",
    "rules('classic'",
    "",
    "   ",
    "\x00",
    "rules('classic', win_threshold=" + "(" * 300 + "61" + ")" * 300 + ")",
    "rules('classic', win_threshold=" + "-" * 3000 + "61)",
    "rules('classic', win_threshold=" + "+" * 100_000 + "61)",
    "rules('classic', signal_tokens=" + "[" * 2000 + "]" * 2000 + ")",
)


@pytest.mark.parametrize("text", REFUSED, ids=lambda text: text[:40])
def test_parse_rules_refuses_anything_but_a_literal_call(text: str) -> None:
    with pytest.raises(InvalidNotationError):
        parse_rules(text)


@pytest.mark.parametrize("text", REFUSED[-4:], ids=lambda text: text[:40])
def test_a_record_with_unreadable_rules_is_refused(text: str) -> None:
    with pytest.raises(InvalidNotationError):
        Record.from_text(_header(Rules=text.replace('"', "'")))


class Spy:
    """An object that notes every use made of it: reached only if a text is evaluated."""

    def __init__(self, uses: list[str]) -> None:
        self.uses = uses

    def __getattr__(self, name: str) -> Spy:
        self.uses.append(f".{name}")
        return self

    def __call__(self, *args: object, **kwargs: object) -> Spy:
        self.uses.append("call")
        return self

    def __getitem__(self, key: object) -> Spy:
        self.uses.append("[]")
        return self

    def __bool__(self) -> bool:
        self.uses.append("bool")
        return True

    def __str__(self) -> str:
        self.uses.append("str")
        return "classic"

    def __repr__(self) -> str:
        self.uses.append("repr")
        return "spy"


# Texts that run code, reach objects or read names if evaluated. The spy stands for any
# object within reach: a name, a module to import, an attribute, a call.
EVALUATED: Final = (
    "print('evaluated')",
    "rules('classic', win_threshold=print('evaluated') or 61)",
    "spy",
    "spy('classic')",
    "rules(spy)",
    "rules(str(spy))",
    "rules('classic', seven_swap=spy)",
    "rules('classic', seven_swap=bool(spy))",
    "rules('classic', seven_swap=spy.flag)",
    "rules('classic', seven_swap=spy['flag'])",
    "rules(spy.variant, seven_swap=True)",
    "__import__('briscola_test_spy').touch()",
    "rules('classic', seven_swap=__import__('briscola_test_spy').flag)",
    "rules(__import__('briscola_test_spy').variant)",
    "rules('classic').__class__",
    "rules.__globals__",
)


def test_parse_rules_evaluates_nothing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    uses: list[str] = []
    spy = Spy(uses)
    # Within reach of an evaluation: a builtin name, and a module ready to import.
    monkeypatch.setattr(builtins, "spy", spy, raising=False)
    module = types.ModuleType("briscola_test_spy")
    module.__getattr__ = spy.__getattr__  # type: ignore[method-assign]
    monkeypatch.setitem(sys.modules, "briscola_test_spy", module)
    not_refused: list[str] = []
    for text in EVALUATED:
        try:
            parse_rules(text)
        except InvalidNotationError:
            continue
        except Exception as error:  # noted, so that the effects are reported first
            not_refused.append(f"{text}: {type(error).__name__}")
        else:
            not_refused.append(text)
    assert uses == []
    assert capsys.readouterr().out == ""
    assert not_refused == []


@pytest.mark.parametrize("value", [None, 5, ("rules('classic')",), ["rules"]])
def test_parse_rules_reads_only_text(value: object) -> None:
    with pytest.raises(InvalidNotationError):
        parse_rules(value)  # type: ignore[arg-type]


def test_records_compare_by_value() -> None:
    state = deal_states(VARIANTS["classic"], 5)[-1]
    one = Record.from_state(state, White="Anna")
    two = Record.from_state(state, White="Anna")
    assert one == two
    assert hash(one) == hash(two)
    assert one != Record.from_state(state, White="Bruno")
    assert one != Record.from_state(state)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("cappotto_wins_match", None),
        ("redeal_same_dealer_after_draw", "yes"),
        ("dealer_rotation", 1),
        ("seed", "x"),
    ],
)
def test_a_match_edited_by_hand_is_refused_as_an_inconsistent_state(
    field: str, value: object
) -> None:
    match = briscola.new_match("classic", seed=1)
    edited = copy.copy(match)
    object.__setattr__(edited, field, value)
    for from_state in (Record.from_state, MatchRecord.from_state):
        with pytest.raises(briscola.InvalidStateError, match="inconsistent"):
            from_state(edited)


def test_a_match_record_still_refuses_bad_tags_in_their_own_words() -> None:
    match = briscola.new_match("classic", seed=1)
    with pytest.raises(InvalidNotationError, match="not a record tag"):
        MatchRecord.from_state(match, Event=untyped(None))
    with pytest.raises(InvalidNotationError, match=f"at most {MAX_TAGS} tags"):
        Record.from_state(match, **{f"T{i}": "x" for i in range(MAX_TAGS + 1)})
    for from_state in (Record.from_state, MatchRecord.from_state):
        raises = (from_state.__doc__ or "").split("Raises:", 1)[1]
        assert "value" in raises
        assert "MAX_TAGS" in raises
