"""`rules()`, `Rules` and `VARIANTS` (the documented "Variants and rules" contract; §8)."""

from __future__ import annotations

import re
from typing import Any

import attrs
import pytest

import briscola
from briscola import VARIANTS, Rules, RulesError, VariantId, dumps, loads, rules
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
