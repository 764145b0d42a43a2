"""`briscola.tricks`: `trick_winner` and `beats` agree with the engine on every preset.

The engine decides each trick itself; here random deals of every preset (with random
table rules) are played out, and every finished trick's winner is recomputed with the public
functions and compared with the seat the engine recorded.
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import briscola
from briscola import VARIANTS, RankVariant, RulesError, Suit, beats, trick_winner
from helpers import card, cards, untyped
from strategies import deal_settings, rules_strategy


@given(rules_strategy(), st.integers(0, 2**32))
@deal_settings(60)
def test_the_winner_of_every_trick_is_the_engines(r: briscola.Rules, seed: int) -> None:
    state = briscola.new_game(r, seed=seed)
    rng = random.Random(seed)
    state = briscola.random_playout(state, rng)
    trump = state.trump_suit
    for trick in state.tricks:
        index = trick_winner(trick.cards, trump, r)
        assert trick.seats[index] == trick.winner
        led = trick.cards[0].suit
        top = trick.cards[index]
        for other in trick.cards:
            if other != top:
                assert beats(top, other, led_suit=led, trump_suit=trump, rules=r)
                assert not beats(other, top, led_suit=led, trump_suit=trump, rules=r)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_random_tricks_of_every_preset(variant: str) -> None:
    r = briscola.rules(variant)  # type: ignore[arg-type]
    rng = random.Random(variant)
    for _ in range(300):
        trick = tuple(rng.sample(r.deck, r.active_players))
        trump = rng.choice([None, *Suit])
        winner = trick_winner(trick, trump, r)
        led = trick[0].suit
        expected = max(
            range(len(trick)),
            key=lambda i: (
                trick[i].suit is trump,
                trick[i].suit is led,
                r.strength[trick[i].id] if trick[i].suit in (trump, led) else 0,
            ),
        )
        assert winner == expected


def test_beats_is_never_true_both_ways() -> None:
    r = briscola.rules("classic")
    for a, b in itertools.permutations(r.deck[::3], 2):
        for led, trump in ((Suit.DENARI, Suit.COPPE), (Suit.SPADE, None)):
            assert not (
                beats(a, b, led_suit=led, trump_suit=trump, rules=r)
                and beats(b, a, led_suit=led, trump_suit=trump, rules=r)
            )


@pytest.mark.parametrize("rank_variant", [RankVariant.STANDARD, RankVariant.SEVEN_HIGH])
def test_beats_follows_the_rule_for_every_pair_of_cards(rank_variant: RankVariant) -> None:
    # §1.4, as beats() states it: a trump beats any card that is not a trump and a weaker
    # trump; a card of the led suit beats a weaker one of the led suit and any card of a
    # third suit; a card of a third suit beats nothing.
    r = briscola.rules("classic", rank_variant=rank_variant)
    for led in Suit:
        for trump in (None, *Suit):
            for a, b in itertools.permutations(r.deck, 2):
                stronger = r.strength[a.id] > r.strength[b.id]
                if a.suit is trump:
                    expected = b.suit is not trump or stronger
                elif a.suit is led:
                    expected = b.suit is not trump and (b.suit is not led or stronger)
                else:
                    expected = False
                got = beats(a, b, led_suit=led, trump_suit=trump, rules=r)
                assert got is expected, (a, b, led, trump)


def test_rank_variants_change_the_order() -> None:
    standard = briscola.rules("classic")
    seven_high = briscola.rules("classic", rank_variant="seven_high")
    trick = cards("7D", "3D")
    assert trick_winner(trick, Suit.SPADE, standard) == 1
    assert trick_winner(trick, Suit.SPADE, seven_high) == 0


def test_a_third_suit_never_wins() -> None:
    r = briscola.rules("briscolone")
    assert trick_winner(cards("4D", "AS", "3B"), None, briscola.rules("classic-3")) == 0
    assert not beats(card("AS"), card("4D"), led_suit=Suit.DENARI, trump_suit=None, rules=r)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda r: trick_winner((), None, r), "at least one card"),
        (lambda r: trick_winner(untyped("AD"), None, r), "sequence of Card"),
        (lambda r: trick_winner(untyped(["AD"]), None, r), "must be a Card"),
        (lambda r: trick_winner(cards("AD"), untyped("D"), r), "trump_suit must be a Suit"),
        (lambda r: trick_winner(cards("AD"), None, untyped("classic")), "rules must be a Rules"),
        (
            lambda r: trick_winner(cards("AD", "3D", "KD"), None, r),
            "^a trick of 'classic' has at most 2 cards, not 3$",
        ),
        (
            lambda r: trick_winner(cards("AD", "AD"), None, r),
            "^a trick holds each card once: AD is in it twice$",
        ),
        (
            lambda r: beats(
                card("AD"), card("3D"), led_suit=untyped("D"), trump_suit=None, rules=r
            ),
            "led_suit must be a Suit",
        ),
        (
            lambda r: beats(
                card("AD"), untyped(3), led_suit=Suit.DENARI, trump_suit=None, rules=r
            ),
            "other must be a Card",
        ),
    ],
)
def test_bad_arguments_raise_rules_errors(call: object, message: str) -> None:
    assert callable(call)
    with pytest.raises(RulesError, match=message):
        call(briscola.rules("classic"))


def test_a_card_given_as_text_points_to_card_parse() -> None:
    r = briscola.rules("classic")
    hint = r"must be a Card, not str 'AD' \(use Card\.parse for text\)"
    with pytest.raises(RulesError, match=hint):
        trick_winner(untyped(["AD"]), None, r)
    with pytest.raises(RulesError, match=hint):
        beats(untyped("AD"), card("3D"), led_suit=Suit.DENARI, trump_suit=None, rules=r)


def test_a_wrong_card_is_quoted_without_the_text_hint() -> None:
    with pytest.raises(RulesError, match=r"must be a Card, not int 3$"):
        trick_winner(untyped([3]), None, briscola.rules("classic"))


def test_beats_checks_its_rules_argument() -> None:
    with pytest.raises(RulesError, match=r"rules must be a Rules from briscola\.rules\(\)"):
        beats(
            card("AD"),
            card("3D"),
            led_suit=Suit.DENARI,
            trump_suit=None,
            rules=untyped("classic"),
        )
