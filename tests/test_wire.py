"""Matches over the wire, the shipped schemas, and readers that refuse what they do not know.

* `dumps`/`loads` round-trip `Match`, `MatchView`, `MatchScore` and `MatchRecord` for every
  preset, and a match document is rebuilt by replay, so a tampered one is refused;
* the shipped JSON Schemas equal what ``briscola._schemas`` generates, and every document
  `dumps` writes validates against them;
* the record of a whole match (text and JSON) replays to the same match, and its tags are
  checked against the replay;
* hostile input (oversized text, extra entries, non-ASCII digits, byte-order marks,
  crafted rules) gives the library's own errors.
"""

from __future__ import annotations

import copy
import json
import random
from functools import cache
from pathlib import Path
from typing import Any, Final, TypeAlias

import attrs
import pytest
from jsonschema import Draft202012Validator  # type: ignore[import-untyped]
from referencing import Registry, Resource

import briscola
from briscola import (
    VARIANTS,
    InvalidNotationError,
    InvalidStateError,
    Match,
    MatchScore,
    MatchView,
    Record,
    State,
    View,
    dumps,
    loads,
    new_match,
    observe,
    public_view,
    render,
    score,
)
from briscola import _schemas as generator
from briscola.records import MAX_SIZE, MatchRecord, read_record
from briscola.serialize import SCHEMA_NAMES, schema
from helpers import require_fresh_schemas

JSON: TypeAlias = Any
PRESETS: Final = tuple(VARIANTS)
SHIPPED: Final = Path(briscola.__file__).parent / "schemas"


def play(match: Match, seed: int, moves: int | None = None) -> Match:
    """``match`` played on with random legal moves: to the end, or ``moves`` moves."""
    rng = random.Random(seed)
    count = 0
    while not briscola.is_over(match) and (moves is None or count < moves):
        match = briscola.apply(match, rng.choice(briscola.legal_moves(match)))
        count += 1
    return match


@cache
def finished(variant: str) -> Match:
    return play(new_match(variant, seed=3), 3)  # type: ignore[arg-type]


@cache
def midway(variant: str) -> Match:
    """A match in its second deal (or later), a few moves in."""
    match = new_match(variant, seed=4)  # type: ignore[arg-type]
    rng = random.Random(4)
    while not match.results and not briscola.is_over(match):
        match = briscola.apply(match, rng.choice(briscola.legal_moves(match)))
    return play(match, 5, moves=3)


@cache
def registry() -> Registry[JSON]:
    require_fresh_schemas()
    return Registry().with_resources(
        (document["$id"], Resource.from_contents(document))
        for document in (schema(name) for name in SCHEMA_NAMES)
    )


def assert_valid(text: str) -> None:
    document = json.loads(text)
    validator = Draft202012Validator(schema(document["type"]), registry=registry())
    errors = sorted(validator.iter_errors(document), key=str)
    assert not errors, f"{document['type']}: {errors[0].message} at {list(errors[0].path)}"


# --- matches over the wire -------------------------------------------------------------------


@pytest.mark.parametrize("variant", PRESETS)
@pytest.mark.parametrize("when", ["start", "midway", "finished"])
def test_match_documents_round_trip(variant: str, when: str) -> None:
    match = {
        "start": lambda: new_match(variant, seed=2),  # type: ignore[arg-type]
        "midway": lambda: midway(variant),
        "finished": lambda: finished(variant),
    }[when]()
    values: list[Any] = [
        match,
        observe(match, 0),
        observe(match, VARIANTS[variant].players - 1),
        public_view(match),
        score(match),
        Record.from_state(match, Event="club night"),
    ]
    for value in values:
        text = dumps(value)
        back = loads(text)
        assert back == value
        assert type(back) is type(value)
        assert loads(text, type(value)) == value
        assert loads(text.encode("utf-8")) == value
        assert dumps(back) == text
        assert_valid(text)


def test_a_match_document_is_rebuilt_by_replay() -> None:
    match = finished("classic")
    document = json.loads(dumps(match))
    assert [deal["dealer"] for deal in document["deals"]] == [r.dealer for r in match.results]
    assert loads(json.dumps(document), Match).deals == match.deals  # every deal, replayed


def _tampered(document: JSON, change: Any) -> str:
    document = copy.deepcopy(document)
    change(document)
    return json.dumps(document)


def _swap_moves(document: JSON) -> None:
    moves = document["deals"][0]["moves"]
    moves[0], moves[1] = moves[1], moves[0]


def _move_to_next_deal(document: JSON) -> None:
    document["deals"][1]["moves"].insert(0, document["deals"][0]["moves"].pop())


@pytest.mark.parametrize(
    ("change", "error", "words"),
    [
        (lambda d: d["score"].update(totals=[5, -5]), InvalidStateError, "score"),
        (lambda d: d["score"].update(final=False), InvalidStateError, "score"),
        (lambda d: d.update(seed=d["seed"] + 1), InvalidStateError, "deals[0]"),
        (
            lambda d: d["deals"][1].update(dealer=1 - d["deals"][1]["dealer"]),
            InvalidStateError,
            "dealer",
        ),
        (_swap_moves, InvalidStateError, "deals[0].moves[0]"),
        (_move_to_next_deal, InvalidStateError, "not over"),
        (lambda d: d["deals"].pop(), InvalidStateError, "deals"),
        (
            lambda d: d["deals"].append({"dealer": 0, "moves": []}),
            InvalidStateError,
            "no such deal",
        ),
        (lambda d: d["deals"][0]["moves"].append([0, "AD"]), InvalidStateError, "deals[0]"),
        (lambda d: d.update(match_format="best_of(4)"), InvalidNotationError, "match_format"),
        (lambda d: d.update(match_format="best_of(٣)"), InvalidNotationError, "match_format"),
        (lambda d: d.update(dealer_rotation="sideways"), InvalidNotationError, "rotation"),
        (lambda d: d.update(extra=1), InvalidNotationError, "unknown field 'extra'"),
        (lambda d: d["deals"][0].update(extra=1), InvalidNotationError, "unknown field 'extra'"),
        (lambda d: d["score"].update(extra=1), InvalidNotationError, "unknown field 'extra'"),
        (lambda d: d["deals"][0]["moves"][0].append(1), InvalidNotationError, "[seat, move]"),
        (lambda d: d.update(cappotto_wins_match="yes"), InvalidNotationError, "boolean"),
        (lambda d: d["score"]["totals"].extend([0] * 5), InvalidNotationError, "more than 6"),
    ],
)
def test_a_tampered_match_is_refused(change: Any, error: type[Exception], words: str) -> None:
    document = json.loads(dumps(finished("classic")))
    assert len(document["deals"]) >= 2
    with pytest.raises(error) as raised:
        loads(_tampered(document, change))
    assert words in str(raised.value)


def test_a_match_that_does_not_hold_its_deals_cannot_be_written() -> None:
    import attrs

    match = attrs.evolve(finished("classic"), deals=())
    with pytest.raises(InvalidNotationError, match="does not hold its finished deals"):
        dumps(match)
    with pytest.raises(InvalidStateError, match="does not hold its finished deals"):
        Record.from_state(match)


def test_a_match_view_holds_no_hidden_card() -> None:
    match = midway("classic-4")
    view = public_view(match)
    assert isinstance(view, MatchView)
    assert view.deal == public_view(match.state)
    assert view.deal.seat is None
    assert all(hand is None for hand in view.deal.hands)
    document = json.loads(dumps(observe(match, 1)))
    assert set(document) == {"type", "format", "match_format", "results", "score", "deal"}
    assert document["deal"]["hands"][0] is None


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d["results"][0].update(dealer=9),
        lambda d: d["results"][0].update(dealer=2),  # a seat of 6-player tables, not of classic
        lambda d: d["results"][0].update(extra=True),
        lambda d: d["deal"].update(extra=True),
        lambda d: d.update(match_format="nine_lives"),
        lambda d: d["score"].update(deals_played="2"),
    ],
)
def test_a_tampered_match_view_is_refused(change: Any) -> None:
    document = json.loads(dumps(observe(midway("classic"), 0)))
    with pytest.raises(InvalidNotationError):
        loads(_tampered(document, change))


# --- typed loading -----------------------------------------------------------------------------


def test_typed_loading() -> None:
    match = midway("classic")
    view: View = loads(dumps(observe(match.state, 0)), View)
    assert view == observe(match.state, 0)
    standing: MatchScore = loads(dumps(score(match)), MatchScore)
    assert standing == score(match)
    move: briscola.Move = loads(dumps(briscola.Pass()), briscola.Move)
    assert move == briscola.Pass()
    with pytest.raises(InvalidNotationError, match="expected 'state', not 'view'"):
        loads(dumps(view), State)
    with pytest.raises(InvalidNotationError, match="expected 'match', not 'state'"):
        loads(dumps(match.state), Match)
    with pytest.raises(InvalidNotationError, match="loads\\(\\) reads one of"):
        loads(dumps(view), int)  # type: ignore[type-var]


# --- the record of a whole match ------------------------------------------------------------


@pytest.mark.parametrize("variant", PRESETS)
def test_match_records_round_trip(variant: str) -> None:
    for match in (new_match(variant, seed=2), midway(variant), finished(variant)):  # type: ignore[arg-type]
        record = Record.from_state(match, White="Anna")
        assert isinstance(record, MatchRecord)
        assert record.final_match() == match
        assert list(record)[-1] == match
        text = record.to_text()
        assert MatchRecord.from_text(text) == record
        assert read_record(text) == record
        assert loads(dumps(record)) == record
        deals = record.deal_records()
        assert len(deals) == len(record.deals)
        for deal, moves in zip(deals, record.deals, strict=True):
            assert deal.moves == moves


def test_match_record_text_form() -> None:
    match = finished("classic")
    text = Record.from_state(match, Event="club night").to_text()
    head, *sections = text.split('\n\n[Deal "')
    assert head.splitlines() == [
        '[Format "briscola-match 1"]',
        "[Rules \"rules('classic')\"]",
        '[Match "best_of(3)"]',
        '[Seed "3"]',
        f'[Dealer "{match.results[0].dealer}"]',
        '[Event "club night"]',
        f'[Result "won by {"+".join(map(str, sorted(score(match).winners)))}"]',
    ]
    assert len(sections) == len(match.results)
    for number, (section, result) in enumerate(zip(sections, match.results, strict=True), 1):
        lines = section.splitlines()
        assert lines[0] == f'{number}"]'
        assert lines[1] == f'[Dealer "{result.dealer}"]'
        assert lines[2].startswith('[Deck "')
        deltas = " ".join(f"{d:+d}" for d in result.score.deltas)
        assert lines[3] == f'[Result "{deltas}"]'
        assert lines[5].startswith("1. ")


def test_match_options_are_written_only_when_not_default() -> None:
    match = play(
        new_match("classic", seed=6, dealer_rotation="against_play_direction", tie_rule="replay"),
        6,
    )
    text = Record.from_state(match).to_text()
    assert '[DealerRotation "against_play_direction"]' in text
    assert "Redeal" not in text
    assert MatchRecord.from_text(text).final_match() == match


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        ('[Match "best_of(3)"]', '[Match "best_of(٣)"]', "Match tag"),
        ('[Seed "3"]', '[Seed "٣"]', "ASCII digits"),
        ('[Deal "2"]', '[Deal "3"]', 'expected [Deal "2"]'),
        ('[Deal "2"]\n[Dealer "0"]', '[Deal "2"]\n[Dealer "1"]', "Dealer tag says"),
        (
            '[Deal "2"]\n[Dealer "0"]',
            '[Deal "2"]\n[Dealer "two"]',
            "deal 2: the Dealer tag must be a whole number",
        ),
        (
            '[Deal "2"]\n[Dealer "0"]\n[Deck "',
            '[Deal "2"]\n[Dealer "0"]\n[Deck "XX ',
            "deal 2: the Deck tag: cannot read a card from 'XX'",
        ),
        (
            '[Deal "2"]\n[Dealer "0"]',
            '[Deal "2"]\n[Dealer "0"]\n[TrumpSuit "D"]',
            "deal 2: the TrumpSuit tag says 'D', but the replay gives no TrumpSuit tag: its cards "
            "and moves fix the trump suit",
        ),
        (
            '[Seed "3"]',
            '[Seed "3"]\n[DealerRotation "sideways"]',
            "the DealerRotation tag: 'sideways' is not valid: use 'play_direction' or "
            "'against_play_direction'",
        ),
        ('[Deal "1"]\n[Dealer "1"]', '[Deal "1"]\n[Dealer "1"]\n[Event "x"]', "does not belong"),
        (
            '[Seed "3"]',
            '[Seed "3"]\n[CappottoWinsMatch "True"]',
            "the CappottoWinsMatch tag must be true or false, not 'True'",
        ),
        ('[Result "won by ', '[Result "won by 2+', "Result tag says"),
        ('[Format "briscola-match 1"]', '[Format "briscola-match 2"]', "starts with"),
        (
            "[Rules \"rules('classic')\"]",
            "[Rules \"rules('classic', signal_tokens=(['ACE'],))\"]",
            "rules",
        ),
        (
            "[Rules \"rules('classic')\"]",
            "[Rules \"rules('classic', win_threshold=٦١)\"]",
            "rules",
        ),
    ],
)
def test_a_bad_match_record_text_is_refused(old: str, new: str, words: str) -> None:
    text = Record.from_state(finished("classic")).to_text()
    assert old in text, old
    with pytest.raises(InvalidNotationError) as raised:
        MatchRecord.from_text(text.replace(old, new, 1))
    assert words in str(raised.value)


def test_a_match_result_moved_after_the_deals_is_named_as_such() -> None:
    text = Record.from_state(finished("classic")).to_text()
    result = next(line for line in text.splitlines() if line.startswith("[Result"))
    moved = text.replace(result + "\n", "", 1) + result + "\n"
    with pytest.raises(InvalidNotationError) as raised:
        MatchRecord.from_text(moved)
    assert str(raised.value).endswith(
        "the tag Result appears twice in deal 3 (the match's own tags go before the first [Deal])"
    )


def test_a_match_record_with_another_seed_does_not_replay() -> None:
    text = Record.from_state(finished("classic")).to_text()
    with pytest.raises((InvalidNotationError, briscola.IllegalMoveError)):
        MatchRecord.from_text(text.replace('[Seed "3"]', '[Seed "4"]')).final_match()


def test_a_match_record_with_a_wrong_deck_or_result_tag_is_refused() -> None:
    match = finished("classic")
    text = Record.from_state(match).to_text()
    first_deck = " ".join(map(str, match.deals[0].deck))
    cards = first_deck.split()
    swapped = " ".join([*cards[:5], cards[6], cards[5], *cards[7:]])
    with pytest.raises(
        InvalidNotationError,
        match=f"^deal 1: the Deck tag's card 6 is {cards[6]}, but the replay deals {cards[5]}$",
    ):
        MatchRecord.from_text(text.replace(first_deck, swapped))
    with pytest.raises(
        InvalidNotationError, match=r"^deal 1: the Deck tag has 39 cards, but the replay deals 40$"
    ):
        MatchRecord.from_text(text.replace(first_deck, " ".join(cards[:-1])))
    deltas = " ".join(f"{d:+d}" for d in match.results[0].score.deltas)
    other = " ".join(f"{-d:+d}" for d in match.results[0].score.deltas)
    with pytest.raises(InvalidNotationError, match="deal 1: the Result tag says"):
        MatchRecord.from_text(text.replace(f'[Result "{deltas}"]', f'[Result "{other}"]', 1))


def test_a_match_record_with_misplaced_moves_is_illegal_on_replay() -> None:
    record = Record.from_state(finished("classic"))
    moved = (record.deals[0][:-1], (record.deals[0][-1], *record.deals[1]), *record.deals[2:])
    bad = attrs.evolve(record, deals=moved)
    with pytest.raises(briscola.IllegalMoveError, match="deal 1 is not over"):
        bad.final_match()
    extra = attrs.evolve(record, deals=(*record.deals, ()))
    with pytest.raises(briscola.IllegalMoveError, match="the match is already over"):
        extra.final_match()


def test_a_match_record_with_moves_in_an_annulled_deal_is_illegal_on_replay() -> None:
    """A deal annulled as soon as it was dealt has no moves; moves written
    there are refused on replay, not dropped."""
    match = new_match("chiamata", seed=141, annul_zero_point_hand=True)
    record = Record.from_state(match)
    assert match.results[0].score.void  # §2.5.6: deal 1 is annulled as it is dealt
    assert record.deals == ((), ())
    moved = attrs.evolve(record, deals=((briscola.Pass(),), ()))
    with pytest.raises(briscola.IllegalMoveError, match="deal 1 was over as soon as it was dealt"):
        moved.final_match()


def test_a_deal_record_refuses_a_match_record_and_back() -> None:
    match_text = Record.from_state(finished("classic")).to_text()
    with pytest.raises(InvalidNotationError, match="record of a match"):
        Record.from_text(match_text)
    deal_text = Record.from_state(finished("classic").state).to_text()
    with pytest.raises(InvalidNotationError, match="starts with"):
        MatchRecord.from_text(deal_text)
    assert isinstance(read_record(deal_text), Record)


@pytest.mark.parametrize(
    "before",
    [
        "# " + "archived notes " * 300 + "\n",
        '[Event "' + "club night " * 400 + '"]\n',
        "\n" * 5000,
    ],
    ids=["a long comment", "a long tag", "blank lines"],
)
@pytest.mark.parametrize("line_break", ["\n", "\r\n", "\r"], ids=ascii)
def test_read_record_finds_the_match_format_after_anything_before_it(
    before: str, line_break: str
) -> None:
    record = Record.from_state(finished("classic"))
    text = (before + record.to_text()).replace("\n", line_break)
    for read in (read_record(text), read_record("\ufeff" + text)):
        assert isinstance(read, MatchRecord)
        assert read.deals == record.deals
    deal = Record.from_state(finished("classic").state)
    read = read_record((before + deal.to_text()).replace("\n", line_break))
    assert isinstance(read, Record)
    assert read.moves == deal.moves


# --- rendering --------------------------------------------------------------------------------


def test_render_shows_the_match() -> None:
    match = midway("classic-4")
    standing = score(match)
    line = (
        f"match best_of(3) · deal {len(match.results) + 1} · deals won "
        f"{'/'.join(map(str, standing.deals_won))} · totals {'/'.join(map(str, standing.totals))}"
    )
    for table in (match, observe(match, 2), public_view(match)):
        lines = render(table).splitlines()
        assert lines[0] == line
        assert lines[1].startswith("classic-4 · dealer")
    over = render(finished("classic")).splitlines()[0]
    assert over.endswith(
        f"won by {'+'.join(map(str, sorted(score(finished('classic')).winners)))}"
    )


def test_render_sums_each_sides_card_points_where_the_format_counts_them() -> None:
    """§3.7: cumulative_points counts a side's card points, which each seat holds a part of."""
    match = new_match("classic-4", format="cumulative_points(151)", seed=5)
    rng = random.Random(5)
    while not match.results:
        match = briscola.apply(match, rng.choice(briscola.legal_moves(match)))
    cards = score(match).totals
    sides = f"(0+2: {cards[0] + cards[2]}, 1+3: {cards[1] + cards[3]})"
    for table in (match, observe(match, 1), public_view(match)):
        assert f" · totals {'/'.join(map(str, cards))} {sides}" in render(table)
    for plain in (
        new_match("classic-4", seed=5),
        new_match("classic", format="cumulative_points(121)"),
    ):
        assert "(0+" not in render(plain).splitlines()[0]  # game points, or seats alone


# --- the shipped schemas ---------------------------------------------------------------------


def test_the_shipped_schemas_are_what_the_code_generates() -> None:
    generated = generator.generate()
    assert sorted(generated) == sorted(SCHEMA_NAMES)
    assert sorted(path.name for path in SHIPPED.glob("*.json")) == sorted(
        f"{name}.schema.json" for name in SCHEMA_NAMES
    )
    for name, document in generated.items():
        shipped = (SHIPPED / f"{name}.schema.json").read_text(encoding="utf-8")
        assert shipped == generator.text(document), (
            f"{name}.schema.json is stale: run python3 -m briscola._schemas"
        )
        assert schema(name) == document
        Draft202012Validator.check_schema(document)


def test_the_rules_schema_follows_the_option_table() -> None:
    options = schema("rules")["$defs"]["options"]["properties"]
    assert list(options) == list(briscola.OPTIONS)
    for name, info in briscola.OPTIONS.items():
        assert f"§{info.section}" in options[name]["description"]
    by_preset = {
        step["if"]["properties"]["variant"]["const"]: step["then"]["properties"]["options"]
        for step in schema("rules")["$defs"]["applicability"]["allOf"]
    }
    for preset in VARIANTS:
        allowed = set(by_preset[preset]["propertyNames"]["enum"])
        assert allowed == {n for n, i in briscola.OPTIONS.items() if preset in i.applies_to}
    assert options["win_threshold"] == {
        "type": "integer",
        "minimum": 61,
        "maximum": 120,
        "description": options["win_threshold"]["description"],
    }


def test_schema_refuses_an_unknown_name() -> None:
    with pytest.raises(InvalidNotationError, match="no schema named 'nope'"):
        schema("nope")


def _schema_refuses(kind: str, document: JSON) -> bool:
    return not Draft202012Validator(schema(kind), registry=registry()).is_valid(document)


@pytest.mark.parametrize(
    "document",
    [
        # A match score's lists: one number per seat (2 to 6), no negative count.
        {"totals": [], "game_points": [], "card_points": [], "deals_won": []},
        {"card_points": [-5, 0]},
        {"deals_won": [0, -1]},
        {"deals_played": -3},
    ],
)
def test_loads_refuses_the_match_scores_the_schema_refuses(document: JSON) -> None:
    standing = {
        "type": "match_score",
        "format": 1,
        "totals": [0, 0],
        "game_points": [0, 0],
        "card_points": [0, 0],
        "deals_won": [0, 0],
        "deals_played": 0,
        "winners": [],
        "final": False,
    }
    assert not _schema_refuses("match_score", standing)
    loads(json.dumps(standing))
    tampered = {**standing, **document}
    assert _schema_refuses("match_score", tampered)
    with pytest.raises(InvalidNotationError, match=r"document\.(totals|card_points|deals_)"):
        loads(json.dumps(tampered))


def test_loads_and_the_schemas_agree_on_formats_options_and_point_bids() -> None:
    record = json.loads(dumps(MatchRecord.from_state(briscola.new_match("classic", seed=1))))
    for spelling in ("best_of(03)", " best_of(3)", "best_of(4)", "cumulative_points(61)"):
        tampered = {**record, "match_format": spelling}
        assert _schema_refuses("match_record", tampered), spelling
        with pytest.raises(InvalidNotationError, match="match_format"):
            loads(json.dumps(tampered))
    rules_document = {"type": "rules", "format": 1, "variant": "chiamata"}
    assert _schema_refuses("rules", {**rules_document, "options": {"auction": None}})
    with pytest.raises(InvalidNotationError, match="auction=None is not valid"):
        loads(json.dumps({**rules_document, "options": {"auction": None}}))
    for target in (0, 60, 121, 1000):  # well-formed bids, never legal: written and read
        text = dumps(briscola.parse_move(f"points {target}"))
        assert not _schema_refuses("move", json.loads(text))
        assert str(loads(text)) == f"points {target}"


def test_the_match_schema_refuses_tampered_documents() -> None:
    document = json.loads(dumps(finished("classic")))
    validator = Draft202012Validator(schema("match"), registry=registry())
    assert validator.is_valid(document)
    for change in (
        lambda d: d.update(extra=1),
        lambda d: d.update(match_format="best_of(x)"),
        lambda d: d["deals"][0].update(extra=1),
        lambda d: d["deals"][0]["moves"].append([0, "fly"]),
        lambda d: d["score"].update(final="yes"),
    ):
        assert not validator.is_valid(json.loads(_tampered(document, change)))


# --- hostile input ---------------------------------------------------------------------------


def _view_document() -> JSON:
    state = briscola.random_playout(briscola.new_game("classic-4", seed=2), random.Random(2))
    return json.loads(dumps(observe(state, 0)))


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d["tricks"][0]["seats"].append(0), "one seat per card"),
        (lambda d: d["tricks"][0]["seats"].extend([0, 1, 2]), "more than 6 seats"),
        (lambda d: d.update(tricks=d["tricks"] * 5), "more than 20 tricks"),
        (lambda d: d["tricks"][0].update(seats=[1, 1, 2, 3]), "a seat plays once to a trick"),
        (
            lambda d: d.update(
                hand=["AD", "2D", "3D", "4D", "5D", "6D", "7D", "JD", "QD", "KD", "AC"]
            ),
            "more than 10 cards",
        ),
        (lambda d: d.update(hand_sizes=[11, 3, 3, 3]), "is not from 0 to 10"),
        (lambda d: d.update(stock_size=35), "is not from 0 to 34"),
        (lambda d: d.update(received=["AD"] * 41), "more than 40 cards"),
        (lambda d: d.update(legal_moves=["AD"] * 201), "more than 200 moves"),
        (lambda d: d["hands"].append(None), "one entry per seat"),
        (lambda d: d["hand_sizes"].append(0), "one entry per seat"),
        (lambda d: d.update(shown=[[0, []]] * 13), "more than 12"),
    ],
)
def test_a_view_with_extra_entries_is_refused(change: Any, words: str) -> None:
    text = _tampered(_view_document(), change)
    with pytest.raises(InvalidNotationError) as raised:
        loads(text)
    assert words in str(raised.value)
    # The schema states the same limits, for clients that check documents with it (but for
    # the number of seats, which depends on the variant).
    if words != "one entry per seat":
        validator = Draft202012Validator(schema("view"), registry=registry())
        assert not validator.is_valid(json.loads(text))


def test_a_state_with_a_seventh_hand_is_refused() -> None:
    state = briscola.new_game("classic-6", seed=1)
    document = json.loads(dumps(state))
    with pytest.raises(InvalidNotationError, match="one entry per seat"):
        loads(_tampered(document, lambda d: d["hands"].append([])))


def test_size_limits_apply_before_decoding() -> None:
    text = dumps(briscola.new_game("classic", seed=1))
    assert loads(text.encode(), max_size=len(text)) == briscola.new_game("classic", seed=1)
    with pytest.raises(InvalidNotationError, match="longer than 10 bytes"):
        loads(b"\xff" * 11, max_size=10)  # refused by length, not as bad UTF-8
    with pytest.raises(InvalidNotationError, match="longer than 10 characters"):
        loads("[" + "1," * 10 + "1]", max_size=10)


def test_record_text_has_a_size_limit() -> None:
    text = Record.from_state(briscola.new_game("classic", seed=1)).to_text()
    oversized = text + "# padding\n" * (MAX_SIZE // 10)
    with pytest.raises(InvalidNotationError, match=f"longer than {MAX_SIZE} characters"):
        Record.from_text(oversized)
    with pytest.raises(InvalidNotationError, match="longer than"):
        MatchRecord.from_text(oversized)
    with pytest.raises(InvalidNotationError, match="longer than 50 characters"):
        Record.from_text(text, max_size=50)


def test_one_byte_order_mark_is_accepted_in_json_and_records() -> None:
    state = briscola.new_game("classic", seed=1)
    text = dumps(state)
    record = Record.from_state(state)
    assert loads("\ufeff" + text) == state
    assert loads(("\ufeff" + text).encode()) == state
    assert Record.from_text("\ufeff" + record.to_text()) == record
    match_record = Record.from_state(new_match("classic", seed=1))
    assert MatchRecord.from_text("\ufeff" + match_record.to_text()) == match_record
    with pytest.raises(InvalidNotationError, match="more than one byte-order mark"):
        loads("\ufeff\ufeff" + text)
    with pytest.raises(InvalidNotationError, match="more than one byte-order mark"):
        Record.from_text("\ufeff\ufeff" + record.to_text())


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ('[Dealer "1"]', '[Dealer "١"]'),
        ('[Dealer "1"]', '[Dealer "1_0"]'),
        ('[Dealer "1"]', '[Dealer " 1"]'),
        ("\n1. ", "\n١. "),
        ("\n1. ", "\n1. ٣S, "),
    ],
)
def test_record_numbers_are_ascii_digits(old: str, new: str) -> None:
    state = briscola.random_playout(briscola.new_game("classic", seed=2), random.Random(2))
    text = Record.from_state(state).to_text()
    assert old in text
    with pytest.raises(InvalidNotationError):
        Record.from_text(text.replace(old, new, 1))


def test_a_seed_record_reads_only_ascii_digits() -> None:
    record = Record(briscola.rules("classic"), 1, (), seed=12)
    text = record.to_text()
    assert Record.from_text(text) == record
    with pytest.raises(InvalidNotationError, match="ASCII digits"):
        Record.from_text(text.replace('[Seed "12"]', '[Seed "١٢"]'))


@pytest.mark.parametrize(
    "crafted",
    [
        "rules('classic-4', signal_tokens=(['ACE'],))",
        "rules('classic-4', signal_tokens='ACE')",
        "rules('classic-4', signals={1: 2})",
        "rules('classic-4', signals={True})",
        "rules('classic-4', win_threshold=٦١)",
        "rules('classic-4', win_threshold=61.0)",
        "rules('classic-4', win_threshold=1e400)",
        "rules('classic-4', rank_variant=b'standard')",
        "rules('classic-4', deal_packet_size=10**100)",
        "rules('classic-4', **{'signals': True})",
        "rules(['classic-4'])",
        "rules('classic-4', seven_swap=...)",
    ],
)
def test_a_crafted_rules_tag_is_invalid_notation(crafted: str) -> None:
    state = briscola.new_game("classic-4", seed=2)
    text = Record.from_state(state).to_text().replace("rules('classic-4')", crafted)
    with pytest.raises(InvalidNotationError):
        Record.from_text(text)


@pytest.mark.parametrize(
    "spelling", ["best_of(٣)", "best_of(3", "best_of(99999999999)", "Best_of(3)"]
)
def test_match_formats_are_ascii(spelling: str) -> None:
    with pytest.raises(briscola.RulesError):
        new_match("classic", format=spelling)


@pytest.mark.parametrize("text", ["٧D", "١٠C", "bid ٧", "points ٦١", "１D", "⑦D", "swap ٧C"])
def test_move_notation_reads_ascii_digits_only(text: str) -> None:
    with pytest.raises(briscola.BriscolaError):
        briscola.parse_move(text)
    document = json.dumps({"type": "move", "format": 1, "move": text})
    with pytest.raises(InvalidNotationError):
        loads(document)


def test_a_view_whose_ply_counts_a_hidden_naming_move_round_trips() -> None:
    # Under first_trick_blind the named suit is hidden from the other seats until trick 1
    # ends, so their view's ply counts one move more than their history shows.
    state = briscola.new_game("chiamata", seed=5, first_trick_blind="committed")
    while state.phase is not briscola.Phase.PLAY:
        state = briscola.apply(state, briscola.legal_moves(state)[-1])
    caller = score(state).caller
    seat = next(s for s in range(5) if s != caller)
    view = observe(state, seat)
    assert view.ply == len(view.history) + 1
    assert loads(dumps(view), View) == view


def test_record_readers_stop_at_the_move_and_deal_limits() -> None:
    from briscola.records import MAX_DEALS, MAX_MOVES

    text = Record.from_state(briscola.new_game("classic", seed=1)).to_text()
    padded = text + "1. " + ", ".join(["AD"] * (MAX_MOVES + 1)) + "\n"
    with pytest.raises(InvalidNotationError, match=f"more than {MAX_MOVES} moves in a deal"):
        Record.from_text(padded)
    # On one line, reading stops at the first move past the limit, not at the line's end:
    # the move after it cannot be read, and is never reached.
    one_line = text + "1. " + ", ".join(["AD"] * (MAX_MOVES + 1) + ["??"] * 10) + "\n"
    with pytest.raises(InvalidNotationError, match=f"more than {MAX_MOVES} moves in a deal"):
        Record.from_text(one_line)
    match_text = Record.from_state(new_match("classic", seed=1)).to_text()
    sections = "".join(f'\n[Deal "{n}"]\n' for n in range(2, MAX_DEALS + 2))
    with pytest.raises(InvalidNotationError, match=f"more than {MAX_DEALS} deals"):
        MatchRecord.from_text(match_text + sections)
    long_deal = match_text + "1. " + ", ".join(["AD"] * (MAX_MOVES + 1)) + "\n"
    with pytest.raises(InvalidNotationError, match="moves in a deal"):
        MatchRecord.from_text(long_deal)


def test_record_readers_read_up_to_their_limits() -> None:
    """The limits are the most a record may hold: a text of exactly ``max_size``
    characters, a deal of exactly ``MAX_MOVES`` moves, and as many in each deal of a match
    (the moves of a match's deals are not added up), a match of exactly ``MAX_DEALS``
    deals."""
    from briscola.records import MAX_DEALS, MAX_MOVES

    deal = Record.from_state(briscola.new_game("classic", seed=1))
    text = deal.to_text()
    assert Record.from_text(text, max_size=len(text)) == deal
    assert read_record(text, max_size=len(text)) == deal
    whole = Record.from_state(finished("classic"))
    match_text = whole.to_text()
    assert MatchRecord.from_text(match_text, max_size=len(match_text)) == whole
    assert read_record(match_text, max_size=len(match_text)) == whole
    # Moves that do not replay are read, and reported only on replay.
    at_limit = "1. " + ", ".join(["AD"] * MAX_MOVES) + "\n"
    assert len(Record.from_text(text + at_limit).moves) == MAX_MOVES
    match_text = Record.from_state(new_match("classic", seed=1)).to_text()
    two_long_deals = match_text + at_limit + '\n[Deal "2"]\n' + at_limit
    assert [len(moves) for moves in MatchRecord.from_text(two_long_deals).deals] == [
        MAX_MOVES,
        MAX_MOVES,
    ]
    sections = "".join(f'\n[Deal "{n}"]\n' for n in range(2, MAX_DEALS + 1))
    assert len(MatchRecord.from_text(match_text + sections).deals) == MAX_DEALS


def _leaves(node: JSON, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(node, dict):
        return [p for key, value in node.items() for p in _leaves(value, (*path, key))]
    if isinstance(node, list):
        return [p for i, value in enumerate(node) for p in _leaves(value, (*path, i))] + [path]
    return [path]


_JUNK: Final[tuple[JSON, ...]] = (
    None,
    True,
    0,
    -1,
    7,
    10**30,
    "",
    "AD",
    "pass",
    "٣",
    [],
    {},
    [0],
    1.5,
)


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("kind", ["match", "match_view", "match_record"])
def test_random_tampering_gives_only_the_library_errors(kind: str, seed: int) -> None:
    match = midway("chiamata")
    values: dict[str, Match | MatchView | MatchRecord] = {
        "match": match,
        "match_view": observe(match, 2),
        "match_record": Record.from_state(match),
    }
    value = values[kind]
    document = json.loads(dumps(value))
    leaves = _leaves(document)
    rng = random.Random(f"{kind}:{seed}")
    for _ in range(200):
        path = rng.choice(leaves)
        if not path:
            continue
        tampered = copy.deepcopy(document)
        node = tampered
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = rng.choice(_JUNK)
        try:
            back = loads(json.dumps(tampered))
        except (InvalidNotationError, InvalidStateError):
            continue
        # Accepted: then it is a faithful document of what it decodes to.
        assert json.loads(dumps(back)) == tampered, path
