"""`rules()`, `Rules` and `VARIANTS` (the documented "Variants and rules" contract; §8)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import briscola
from briscola import (
    VARIANTS,
    Card,
    Rules,
    RulesError,
    Suit,
    TieRule,
    VariantId,
    dumps,
    loads,
    rules,
)
from briscola._enums import OptionEnum
from briscola.rules import check_flag
from helpers import FACE_UP, PRESET_IDS, SHAPE, TWO_SIDED, untyped

PRESETS = tuple(SHAPE)

# §8: option -> default (for every preset, unless overridden below).
DEFAULTS: dict[str, Any] = {
    "deal_packet_size": 1,
    "open_hands": False,
    "open_stock": False,
    "rank_variant": "standard",
    "must_follow_suit": False,
}
SWAP_DEFAULTS: dict[str, Any] = {
    "seven_swap": False,
    "seven_swap_requires_higher": True,
    "seven_swap_only_if_drawn": False,
    "seven_swap_requires_won_trick": False,
    "seven_swap_only_leader": False,
    "seven_swap_deadline": "stock_empty",
    "two_swap": False,
    "two_swap_window": "first_trick",
}
RESULT_DEFAULTS: dict[str, Any] = {"tie_rule": "draw", "win_threshold": 61}


def message(error: pytest.ExceptionInfo[RulesError]) -> str:
    return str(error.value)


# --- VARIANTS --------------------------------------------------------------------------------


API_IDS = set(PRESET_IDS)


def test_variants_holds_the_classic_family_and_only_api_ids() -> None:
    assert set(PRESETS) <= set(VARIANTS)
    assert set(VARIANTS) <= API_IDS


@pytest.mark.parametrize("variant", PRESETS)
def test_each_preset_is_a_rules_equal_to_rules_of_its_id(variant: VariantId) -> None:
    preset = VARIANTS[variant]
    assert isinstance(preset, Rules)
    assert preset == rules(variant)
    assert preset.variant == variant
    assert hash(preset) == hash(rules(variant))


def test_variants_is_read_only() -> None:
    with pytest.raises(TypeError):
        VARIANTS["mine"] = rules("classic")  # type: ignore[index]
    with pytest.raises(TypeError):
        del VARIANTS["classic"]  # type: ignore[attr-defined]


@pytest.mark.parametrize("variant", PRESET_IDS)
def test_s8_defaults_of_every_preset(variant: VariantId) -> None:
    r = VARIANTS[variant]
    expected = dict(DEFAULTS)
    if variant in FACE_UP:
        expected.update(SWAP_DEFAULTS)
    if variant in TWO_SIDED:
        expected.update(RESULT_DEFAULTS)
    if variant == "scoperta":
        expected["open_hands"] = True
    if variant == "classic-3":
        expected["removed_two"] = "2C"
    for name, value in expected.items():
        assert getattr(r, name) == value, name


def test_rules_are_frozen() -> None:
    r = rules("classic")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        r.seven_swap = True  # type: ignore[misc]


# --- rules() with options --------------------------------------------------------------------


def test_rules_with_options() -> None:
    r = rules("classic-4", seven_swap=True, tie_rule="replay", win_threshold=71)
    assert r.variant == "classic-4"
    assert r.seven_swap is True
    assert r.tie_rule == "replay"
    assert r.win_threshold == 71
    assert r != VARIANTS["classic-4"]


def test_rules_of_a_rules_keeps_its_options() -> None:
    base = rules("classic", seven_swap=True)
    r = rules(base, two_swap=True)
    assert r.seven_swap is True
    assert r.two_swap is True
    assert rules(base) == base


@pytest.mark.parametrize(
    ("variant", "options"),
    [
        ("classic", {}),
        ("classic", {"seven_swap": True, "tie_rule": "replay"}),
        ("classic", {"seven_swap": True, "seven_swap_deadline": "before_penultimate_trick"}),
        ("classic-3", {"removed_two": "2B"}),
        ("classic-3", {"removed_two": "random", "open_hands": True}),
        ("classic-4", {"two_swap": True, "two_swap_window": "both", "win_threshold": 71}),
        ("classic-6", {"rank_variant": "seven_high", "must_follow_suit": True}),
        ("scoperta", {"open_stock": True}),
        ("scoperta", {"open_hands": False}),
        ("briscolone", {"must_follow_suit": True, "deal_packet_size": 5}),
        ("classic", {"rank_variant": "three_natural", "tie_rule": "last_trick"}),
        ("classic", {"seven_swap_only_leader": True}),
    ],
)
def test_repr_reads_back(variant: VariantId, options: dict[str, Any]) -> None:
    r = rules(variant, **options)
    text = repr(r)
    assert text.startswith(f"rules({variant!r}")
    assert eval(text, {"rules": rules}) == r


def test_repr_of_a_preset_shows_no_options() -> None:
    assert repr(rules("classic")) == "rules('classic')"
    assert repr(rules("scoperta")) == "rules('scoperta')"


def test_options_can_be_given_to_new_game() -> None:
    state = briscola.new_game("classic", seed=1, seven_swap=True)
    assert state.rules == rules("classic", seven_swap=True)
    with pytest.raises(RulesError):
        briscola.new_game("classic", seed=1, seven_swp=True)  # type: ignore[call-arg]
    with pytest.raises(RulesError):
        briscola.new_game("briscolone", seed=1, seven_swap=False)


def test_a_title_counts_the_players_the_table_rules_set() -> None:
    # §2.5.1: Chiamata is for five, or six with players=6.
    assert VARIANTS["chiamata"].title == "Briscola chiamata, five players and a hidden partner"
    for form in ("dealer_sits_out", "remove_fours"):
        six = rules("chiamata", players=6, six_player_form=form)
        assert six.title == "Briscola chiamata, six players and a hidden partner"
    assert all("{" not in preset.title for preset in VARIANTS.values())


# --- unknown names ---------------------------------------------------------------------------


@pytest.mark.parametrize(("bad", "close"), [("clasic", "classic"), ("briscolon", "briscolone")])
def test_unknown_variant_suggests_the_closest(bad: str, close: str) -> None:
    with pytest.raises(RulesError) as info:
        rules(bad)  # type: ignore[arg-type]
    assert bad in message(info)
    assert "did you mean" in message(info)
    assert repr(close) in message(info) or close in message(info)


def test_unknown_variant_lists_the_known_ids() -> None:
    with pytest.raises(RulesError) as info:
        rules("poker")  # type: ignore[arg-type]
    for variant in PRESETS:
        assert variant in message(info)


@pytest.mark.parametrize("bad", [None, 3, ["classic"]])
def test_a_variant_that_is_not_text_is_a_rules_error(bad: object) -> None:
    with pytest.raises(RulesError):
        rules(untyped(bad))


@pytest.mark.parametrize(
    ("bad", "close"),
    [("seven_swp", "seven_swap"), ("tie_rules", "tie_rule"), ("win_treshold", "win_threshold")],
)
def test_unknown_option_suggests_the_closest(bad: str, close: str) -> None:
    with pytest.raises(RulesError) as info:
        rules("classic", **{bad: True})  # type: ignore[arg-type]
    assert bad in message(info)
    assert "did you mean" in message(info)
    assert close in message(info)


@pytest.mark.parametrize("name", ["dealer_rotation", "cappotto_wins_match"])
def test_a_match_option_given_to_rules_or_new_game_says_where_it_goes(name: str) -> None:
    options: dict[str, Any] = {name: True}
    for call in (rules, briscola.new_game):
        with pytest.raises(RulesError) as info:
            call("classic", **options)
        assert message(info) == f"{name} is a match option: give it to new_match"


def test_a_misspelt_match_option_suggests_the_closest() -> None:
    with pytest.raises(RulesError) as info:
        briscola.new_match("classic", dealer_rotaton="against_play_direction")  # type: ignore[call-arg]
    assert message(info) == "unknown option 'dealer_rotaton' (did you mean 'dealer_rotation'?)"


def test_unknown_option_is_never_a_silent_no_op() -> None:
    with pytest.raises(RulesError) as info:
        rules("classic", no_such_rule=True)  # type: ignore[call-arg]
    assert "no_such_rule" in message(info)


# --- options that do not apply (§8 Validation, point 1; ruling R13) -----------------


@pytest.mark.parametrize(
    ("variant", "option", "value"),
    [
        ("briscolone", "seven_swap", False),
        ("briscolone", "seven_swap", True),
        ("briscolone", "two_swap", False),
        ("briscolone", "seven_swap_requires_higher", True),
        ("briscolone", "two_swap_window", "first_trick"),
        ("classic", "removed_two", "2C"),
        ("classic-4", "removed_two", "2B"),
        ("scoperta", "removed_two", "random"),
        ("classic-3", "tie_rule", "draw"),
        ("classic-3", "tie_rule", "replay"),
        ("classic-3", "win_threshold", 61),
    ],
)
def test_s8_option_not_for_the_preset_is_an_error_even_at_its_default(
    variant: VariantId, option: str, value: object
) -> None:
    with pytest.raises(RulesError) as info:
        rules(variant, **{option: value})  # type: ignore[arg-type]
    assert option in message(info)
    assert variant in message(info)


def test_s8_seven_swap_in_briscolone_says_why() -> None:
    with pytest.raises(RulesError) as info:
        rules("briscolone", seven_swap=True)
    assert "seven_swap" in message(info)
    assert "briscolone" in message(info)
    assert "face-up" in message(info)


# --- values out of range (§8 Validation, point 3) -----------------------------------


@pytest.mark.parametrize(
    ("variant", "option", "value"),
    [
        ("classic", "win_threshold", 60),
        ("classic", "win_threshold", 121),
        ("classic", "win_threshold", True),
        ("classic", "win_threshold", 61.0),
        ("classic", "win_threshold", "61"),
        ("classic", "deal_packet_size", 2),
        ("classic", "deal_packet_size", 0),
        ("classic", "deal_packet_size", 5),
        ("briscolone", "deal_packet_size", 3),
        ("classic-3", "removed_two", "3C"),
        ("classic-3", "removed_two", "2X"),
        ("classic-3", "removed_two", "AC"),
        ("classic", "tie_rule", "coin_toss"),
        ("classic", "rank_variant", "seven_low"),
        ("classic", "seven_swap_deadline", "never"),
        ("classic", "two_swap_window", "last_trick"),
        ("classic", "seven_swap", "yes"),
        ("classic", "open_hands", 1),
        ("classic", "must_follow_suit", None),
        ("bugiarda", "first_leader_offset", 0),
        ("bugiarda", "first_leader_offset", 2),
        ("bugiarda", "trump_suit", "X"),
        ("classic-4", "signal_tokens", ("ACE", "ACE")),
        ("classic-4", "signal_tokens", ()),
        ("classic-4", "signal_tokens", ("JOKER",)),
        ("classic-4", "signal_tokens", "ACE"),
        ("chiamata", "point_call_step", 0),
        ("chiamata", "point_call_step", 121),
        ("chiamata", "players", 4),
        ("classic", "deal_packet_size", True),
        ("classic", "deal_packet_size", 1.0),
        ("bugiarda", "first_leader_offset", True),
        ("bugiarda", "first_leader_offset", 1.0),
        ("chiamata", "min_point_call", 61.0),
        ("chiamata", "base_target", 60.0),
    ],
)
def test_s8_value_out_of_range(variant: VariantId, option: str, value: object) -> None:
    with pytest.raises(RulesError) as info:
        rules(variant, **{option: value})  # type: ignore[arg-type]
    assert option in message(info)


@pytest.mark.parametrize(
    ("variant", "option", "value"),
    [
        ("classic", "win_threshold", 61),
        ("classic", "win_threshold", 120),
        ("classic", "deal_packet_size", 3),
        ("classic-4", "deal_packet_size", 3),
        ("classic-6", "deal_packet_size", 3),
        ("briscolone", "deal_packet_size", 5),
        ("classic-3", "removed_two", "2B"),
        ("classic-3", "removed_two", "2D"),
        ("classic-3", "removed_two", "2S"),
        ("classic-3", "removed_two", "random"),
        ("classic", "rank_variant", "seven_high_bisca"),
        ("briscolone", "tie_rule", "last_trick"),
        ("classic-3", "open_hands", True),
        ("classic-4", "open_stock", True),
    ],
)
def test_s8_values_in_range_are_accepted(variant: VariantId, option: str, value: object) -> None:
    assert getattr(rules(variant, **{option: value}), option) == value  # type: ignore[arg-type]


# --- sub-options whose parent is off (§8 Validation, point 2) ------------------------


@pytest.mark.parametrize(
    "options",
    [
        {"seven_swap_only_leader": True},
        {"seven_swap_requires_higher": False},
        {"seven_swap_only_if_drawn": True},
        {"seven_swap_requires_won_trick": True},
        {"seven_swap_deadline": "before_penultimate_trick"},
        {"two_swap_window": "before_first_lead"},
        {"two_swap_window": "both"},
    ],
)
def test_s8_sub_option_with_parent_off_is_accepted_and_stored(options: dict[str, Any]) -> None:
    r = rules("classic", **options)
    assert r.seven_swap is False
    assert r.two_swap is False
    for name, value in options.items():
        assert getattr(r, name) == value


def test_s8_two_swap_where_the_two_of_trumps_is_out_is_accepted() -> None:
    r = rules("classic-6", two_swap=True, two_swap_window="before_first_lead")
    assert r.two_swap is True


# --- one error for every problem -------------------------------------------------------------


def test_all_out_of_range_values_in_one_rules_error() -> None:
    with pytest.raises(RulesError) as info:
        rules("classic", win_threshold=60, deal_packet_size=2, tie_rule="coin_toss")  # type: ignore[arg-type]
    for name in ("win_threshold", "deal_packet_size", "tie_rule"):
        assert name in message(info)


def test_all_problems_of_every_kind_in_one_rules_error() -> None:
    with pytest.raises(RulesError) as info:
        rules("classic", win_threshold=60, deal_packet_size=2, removed_two="2C", seven_swp=True)  # type: ignore[call-arg]
    for name in ("win_threshold", "deal_packet_size", "removed_two", "seven_swp"):
        assert name in message(info)


def test_seats_for_lists_the_playing_seats_from_the_first_hand() -> None:
    # §0.2 and §1.6: play starts at next(D); §2.6.3: the dealer of bugiarda-5 sits out.
    assert rules("classic-4").seats_for(3) == (0, 1, 2, 3)
    assert rules("classic-4").seats_for(1) == (2, 3, 0, 1)
    assert rules("bugiarda-5").seats_for(2) == (3, 4, 0, 1)
    assert rules("chiamata", players=6).seats_for(5) == (0, 1, 2, 3, 4)
    with pytest.raises(briscola.RulesError):
        rules("classic").seats_for(2)


def test_an_unhashable_variant_with_no_player_count_is_a_rules_error() -> None:
    with pytest.raises(RulesError, match="preset id"):
        Rules(variant=["classic"], players=0)  # type: ignore[arg-type]


def test_an_options_default_is_asked_for_a_preset() -> None:
    info = briscola.OPTIONS["open_hands"]
    assert info.default_for("scoperta") is True
    for variant in ("no-such-variant", ["classic"], None):
        with pytest.raises(RulesError):
            info.default_for(untyped(variant))


def test_point_call_step_runs_from_1_to_120() -> None:
    # §2.5.3: every step above 59 has the same effect; the bound keeps every Rules printable
    # and savable (a step of thousands of digits could be neither).
    for step in (1, 59, 120):
        r = rules("chiamata", point_call_step=step)
        assert loads(dumps(r)) == r
        assert str(step) in repr(r) or step == 1
    for step in (0, 121, 10**5000):
        with pytest.raises(RulesError, match="use a whole number from 1 to 120"):
            rules("chiamata", point_call_step=step)


def test_a_none_given_to_rules_is_refused_without_advice_to_call_rules() -> None:
    # The advice to build with rules() is for Rules(...) called directly.
    refused = "tie_rule=None is not valid: use one of 'draw', 'replay', 'last_trick'"
    with pytest.raises(RulesError) as error:
        rules("classic", tie_rule=untyped(None))
    assert str(error.value) == refused
    advice = re.escape("(build a Rules with briscola.rules('classic', ...))")
    with pytest.raises(RulesError, match=advice):
        Rules("classic", tie_rule=untyped(None))


def test_variants_get_gives_the_default_for_an_unknown_id() -> None:
    default = rules("classic")
    assert VARIANTS.get("poker", default) is default
    assert VARIANTS.get("classic-4", default) is VARIANTS["classic-4"]


def test_variants_repr_shows_every_preset() -> None:
    shown = ", ".join(f"{variant!r}: rules({variant!r})" for variant in PRESET_IDS)
    assert repr(VARIANTS) == f"VARIANTS({{{shown}}})"


# --- spellings that rules() reads ------------------------------------------------------------


@pytest.mark.parametrize("spelling", [" classic-4 ", "Classic 4", "CLASSIC_4"])
def test_a_preset_id_is_read_in_any_case_with_spaces_or_underscores(spelling: str) -> None:
    assert rules(untyped(spelling)) == VARIANTS["classic-4"]


def test_an_option_value_is_read_in_every_spelling_rules_takes() -> None:
    """§8: an enum value in any letter case, a suit as a `Suit` or a word, a 2 as a `Card`."""
    assert rules("classic", tie_rule=untyped("REPLAY")).tie_rule is TieRule.REPLAY
    flip = rules("bugiarda", trump_source="separate_flip", trump_suit="C")
    for suit in (Suit.COPPE, "coppe", " Cups "):
        r = rules("bugiarda", trump_source="separate_flip", trump_suit=suit)
        assert r == flip
        assert type(r.trump_suit) is str
    tokens = rules("classic-4", signal_tokens=("ace", "low_trumps")).signal_tokens
    assert tokens == ("ACE", "LOW_TRUMPS")
    for two in (Card.parse("2B"), " 2b "):
        assert rules("classic-3", removed_two=untyped(two)).removed_two == "2B"
    assert rules("classic-3", removed_two=untyped("RANDOM")).removed_two == "random"


def test_an_option_spelt_otherwise_at_its_default_is_not_shown() -> None:
    defaults = list(VARIANTS["classic-4"].signal_tokens)
    assert rules("classic-4", signal_tokens=defaults).options == {}
    assert repr(rules("classic-3", removed_two=untyped("2c"))) == "rules('classic-3')"


# --- the words of each refusal ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "refusal"),
    [
        (
            lambda: rules("classic", **untyped({"variant": "classic"})),
            "the variant is the first argument, given once, not variant=",
        ),
        (lambda: rules(untyped(3)), "a variant is a preset id such as 'classic', not int"),
        (
            lambda: Rules(untyped("poker")),
            "unknown variant 'poker'; the variants are " + ", ".join(map(repr, PRESET_IDS)),
        ),
        (
            lambda: rules("classic-3", tie_rule=TieRule.REPLAY),
            "tie_rule='replay' does not apply to 'classic-3': it is not a game of two sides",
        ),
        (
            lambda: rules("chiamata", min_point_call=untyped(63)),
            "min_point_call=63 is not valid: use 61 or 62",
        ),
        (
            lambda: rules("chiamata", base_target=untyped(59)),
            "base_target=59 is not valid: use 60 or 61",
        ),
        (
            lambda: rules("bugiarda", trump_source="separate_flip", trump_suit="X"),
            "trump_suit='X' is not valid: use a suit code, 'D', 'C', 'S' or 'B'",
        ),
        (
            lambda: Rules("classic", tie_rule=untyped("coin")),
            "tie_rule='coin' is not valid: use one of 'draw', 'replay', 'last_trick'",
        ),
        (
            lambda: Rules("classic", trump_suit="C"),
            "trump_suit='C' does not apply to 'classic': only the Bugiarda games with every card "
            "dealt take the trump from the deal",
        ),
        (
            lambda: rules("classic", first_leader_offset=-1),
            "first_leader_offset=-1 does not apply to 'classic': only the Bugiarda games let "
            "the table choose who leads first",
        ),
    ],
)
def test_s8_a_refusal_is_worded_exactly(call: Callable[[], object], refusal: str) -> None:
    with pytest.raises(RulesError) as info:
        call()
    assert message(info) == refusal


def test_a_keyword_that_is_no_field_of_rules_says_how_to_build_one() -> None:
    advice = re.escape(": build a Rules with briscola.rules(variant, **options)")
    with pytest.raises(RulesError, match=f"seven_swp.*{advice}$"):
        Rules("classic", seven_swp=True)  # type: ignore[call-arg]


class _Tokens(tuple[str, ...]):
    """A tuple of its own kind, whose methods the checks of `Rules` must not run."""


def test_rules_built_directly_take_signal_tokens_only_as_a_plain_tuple() -> None:
    """§3.5: `rules()` reads any sequence of tokens; `Rules` keeps only a plain tuple."""
    with pytest.raises(RulesError, match=r"^signal_tokens=\['ACE'\] is not valid: use a tuple"):
        Rules("classic-4", signal_tokens=untyped(["ACE"]))
    with pytest.raises(RulesError, match=r"\(a plain value, not .*_Tokens\)$"):
        Rules("classic-4", signal_tokens=_Tokens(("ACE",)))
    assert rules("classic-4", signal_tokens=_Tokens(("ACE",))).signal_tokens == ("ACE",)


class _Incomparable(OptionEnum):
    """An option value that passes for the library's own but fails when compared."""

    DRAW = "draw"

    def __eq__(self, other: object) -> bool:
        raise ValueError("no comparing")

    __hash__ = OptionEnum.__hash__


def test_a_value_that_fails_when_compared_is_a_rules_error() -> None:
    with pytest.raises(RulesError) as info:
        Rules("classic", tie_rule=untyped(_Incomparable.DRAW))
    assert message(info) == (
        "Rules(...) was given values of the wrong kind: build a Rules with "
        "briscola.rules(variant, **options)"
    )


class _Watched:
    """A foreign value that counts the comparisons made with it."""

    compared = 0

    def __eq__(self, other: object) -> bool:
        _Watched.compared += 1
        raise RuntimeError("compared")

    __hash__ = object.__hash__

    def __repr__(self) -> str:
        return "<W>"


@pytest.mark.parametrize(
    ("variant", "options", "refusal"),
    [
        (
            "chiamata",
            {"players": 6, "six_player_form": _Watched()},
            "six_player_form=<W> is not valid: use one of 'dealer_sits_out', 'remove_fours', "
            "'remove_twos' (a plain value, not test_rules._Watched)",
        ),
        ("classic", {"players": _Watched()}, "players=<W> does not apply to 'classic'"),
        ("chiamata", {"players": _Watched()}, "players=<W> is not valid: use 5 or 6"),
        (
            "classic",
            {"trump_suit": "C", "trump_source": _Watched()},
            "trump_source=<W> does not apply to 'classic'",
        ),
    ],
)
def test_s8_a_foreign_value_is_refused_without_being_compared(
    variant: VariantId, options: dict[str, Any], refusal: str
) -> None:
    """§8: a value that is not the library's own or a built-in one is refused as a
    `RulesError` before anything compares it (its ``__eq__`` is the caller's code)."""
    _Watched.compared = 0
    with pytest.raises(RulesError) as info:
        rules(variant, **options)
    with pytest.raises(RulesError) as built:
        attrs.evolve(rules(variant), **options)
    assert refusal in message(built)
    assert refusal in message(info)
    assert _Watched.compared == 0


def test_a_flag_is_true_or_false_never_a_number() -> None:
    assert check_flag(True, "progress") is True
    assert check_flag(False, "progress") is False
    for value in (1, 0, 1.0):
        with pytest.raises(RulesError) as info:
            check_flag(value, "progress")
        assert message(info) == f"progress={value!r} is not valid: use True or False"


# --- seats and hands -------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["classic-4", "bugiarda-5"])
def test_a_negative_dealer_is_no_seat(variant: VariantId) -> None:
    r = rules(variant)
    refusal = f"dealer=-1 is not a seat of {variant!r}: seats run from 0 to {r.players - 1}"
    for call in (r.seats_for, r.teams_for):
        with pytest.raises(RulesError) as info:
            call(-1)
        assert message(info) == refusal


@pytest.mark.parametrize("form", ["remove_fours", "remove_twos"])
def test_s2_5_8_six_players_of_36_cards_may_be_dealt_their_six_at_once(form: str) -> None:
    """§2.5.8 and §1.6: 36 cards give six players six each, the packet of a whole hand."""
    r = rules("chiamata", players=6, six_player_form=untyped(form), deal_packet_size=6)
    assert r.hand_size == r.deal_packet_size == 6
    with pytest.raises(RulesError) as info:
        rules("chiamata", players=6, six_player_form=untyped(form), deal_packet_size=8)
    assert message(info) == (
        "deal_packet_size=8 is not valid in 'chiamata': use 1 or the hand size, 6"
    )
