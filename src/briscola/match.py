"""Matches: deals strung together by a format, with the dealer rotating (§3.7).

A `Match` is a frozen value that holds the rules, the format, the finished deals and the
deal in progress. It is played with the same verbs as a deal: `legal_moves`, `apply`,
`score`, `is_over`, `current_player` and `observe` all accept a `Match` (the public verbs of
`briscola.game` route it here). When a deal ends, `apply` records it and deals the next one
from the match seed, so a seed replays the same match everywhere. A deal never knows it is
part of a match.

The standing (`MatchScore`) is kept on the `Match` and brought up to date once per finished
deal, so a move costs the same in the first deal and the two-hundredth.

Examples:
    >>> import random, briscola
    >>> match = briscola.new_match("classic", seed=1)
    >>> rng = random.Random(1)
    >>> while not briscola.is_over(match):
    ...     match = briscola.apply(match, rng.choice(briscola.legal_moves(match)))
    >>> result = briscola.score(match)
    >>> result.final, max(result.deals_won)
    (True, 2)
"""

from __future__ import annotations

import re
from typing import Final, Literal, Unpack, cast

import attrs

from ._deal import check_seed, fresh_seed, seed_text
from ._engine import apply as apply_to_deal
from ._engine import check_sender, check_state, new_game
from ._engine import legal_moves as deal_legal_moves
from ._enums import OptionEnum
from ._numbers import seat_number
from ._quote import number_text, quote
from ._repr import fields_repr
from .errors import IllegalMoveError, RulesError
from .moves import Move
from .rules import MATCH_OPTIONS, Rules, TableRules, TieRule, VariantId, check_flag, rules
from .scoring import Score, score
from .state import Phase, State
from .views import View, observe, public_view

__all__ = [
    "DealResult",
    "DealerRotation",
    "Match",
    "MatchFormat",
    "MatchOptions",
    "MatchScore",
    "MatchView",
    "best_of",
    "cumulative_points",
    "first_to_deals",
    "first_to_game_points",
    "fixed_deals",
    "new_match",
    "rounds",
    "two_wins_or_120",
]


class DealerRotation(OptionEnum):
    """Who deals next (§3.7)."""

    PLAY_DIRECTION = "play_direction"
    """The first hand of the deal just played, ``(dealer + 1) % players`` (default)."""
    AGAINST_PLAY_DIRECTION = "against_play_direction"
    """The seat before the dealer, ``(dealer - 1) % players`` (table practice)."""


class MatchOptions(TableRules, total=False):
    """The keywords of `new_match`: the table rules and the match options."""

    dealer_rotation: DealerRotation | Literal["play_direction", "against_play_direction"]
    redeal_same_dealer_after_draw: bool
    redeal_same_dealer_after_void: bool
    cappotto_wins_match: bool


@attrs.frozen(repr=False)
class MatchFormat:
    """How deals make up a match (§3.7); build one with the functions below."""

    __repr__ = fields_repr

    kind: str
    """``"best_of"``, ``"first_to_deals"``, ``"rounds"``, ``"cumulative_points"``,
    ``"two_wins_or_120"``, ``"fixed_deals"`` or ``"first_to_game_points"``."""
    value: int | None = None
    """The number of the format (deals, wins or points); ``None`` for ``two_wins_or_120``."""

    def __str__(self) -> str:
        return self.kind if self.value is None else f"{self.kind}({self.value})"


def best_of(k: int) -> MatchFormat:
    """The first side to win ``(k + 1) / 2`` deals; drawn and void deals do not count."""
    if type(k) is not int or k < 1 or k % 2 == 0:
        raise RulesError(f"best_of({quote(k)}) is not valid: use an odd number of deals")
    return MatchFormat("best_of", k)


def first_to_deals(w: int) -> MatchFormat:
    """The first side to win ``w`` deals, 5 or 7 (timendum)."""
    if type(w) is not int or w not in (5, 7):
        raise RulesError(f"first_to_deals({quote(w)}) is not valid: use 5 or 7")
    return MatchFormat("first_to_deals", w)


def rounds(k: int) -> MatchFormat:
    """Exactly ``k`` deals; most deals won wins; a tie is a drawn match (table practice)."""
    return MatchFormat("rounds", _positive("rounds", k))


def cumulative_points(target: int) -> MatchFormat:
    """Card points add up over the deals; the first side to ``target`` (120, 121 or 151)
    wins (§3.7)."""
    if type(target) is not int or target not in (120, 121, 151):
        raise RulesError(f"cumulative_points({quote(target)}) is not valid: use 120, 121 or 151")
    return MatchFormat("cumulative_points", target)


def fixed_deals(n: int) -> MatchFormat:
    """``n`` deals; game points add up; the highest total wins (ties share first place)."""
    return MatchFormat("fixed_deals", _positive("fixed_deals", n))


def first_to_game_points(k: int) -> MatchFormat:
    """Chiamata: the first player to ``k`` game points at the end of a deal (5, 7 or 11)."""
    if type(k) is not int or k not in (5, 7, 11):
        raise RulesError(f"first_to_game_points({quote(k)}) is not valid: use 5, 7 or 11")
    return MatchFormat("first_to_game_points", k)


two_wins_or_120: Final = MatchFormat("two_wins_or_120")
"""Two deal wins or 120 cumulative card points, whichever comes first (spazioinwind)."""


def _positive(name: str, value: object) -> int:
    if type(value) is not int or value < 1:
        raise RulesError(f"{name}({quote(value)}) is not valid: use a whole number from 1")
    return value


_BUILDERS: Final = {
    "best_of": best_of,
    "first_to_deals": first_to_deals,
    "rounds": rounds,
    "cumulative_points": cumulative_points,
    "fixed_deals": fixed_deals,
    "first_to_game_points": first_to_game_points,
}


def parse_format(text: str) -> MatchFormat:
    """Read a format from its spelling, such as ``"best_of(3)"`` or ``"two_wins_or_120"``.

    The number is written in ASCII digits (at most nine of them).
    """
    if not isinstance(text, str):
        raise RulesError(f"a match format is text, not {type(text).__name__}")
    # Possessive runs of spacing: with plain ones, the runs around an absent "(...)" would
    # share out a long run of spaces in every way before failing (quadratic time).
    found = re.fullmatch(
        r"[ \t]*+([a-z_0-9]++)[ \t]*+(?:\([ \t]*+([0-9]++)[ \t]*+\))?[ \t]*+", text
    )
    if found is not None:
        name, number = found.groups()
        if name in _BUILDERS and number is not None and len(number) > 9:
            raise RulesError(
                f"{name}(...) with a number of {len(number):,} digits is not valid: a match "
                "format's number has at most nine"
            )
        if name == "two_wins_or_120" and number is None:
            return two_wins_or_120
        if name in _BUILDERS and number is not None:
            return _BUILDERS[name](int(number))
    raise RulesError(
        f"unknown match format {quote(text)}: use best_of(k), first_to_deals(w), rounds(k), "
        "cumulative_points(target), two_wins_or_120, fixed_deals(n) or first_to_game_points(k)"
    )


@attrs.frozen(repr=False)
class DealResult:
    """One finished deal of a match."""

    __repr__ = fields_repr

    dealer: int
    """The seat that dealt it."""
    score: Score
    """Its final score."""


@attrs.frozen(repr=False)
class MatchScore:
    """The standing of a match."""

    __repr__ = fields_repr

    totals: tuple[int, ...]
    """Per seat: summed game points (zero-sum), or card points in the cumulative formats
    (``cumulative_points``, ``two_wins_or_120``)."""
    game_points: tuple[int, ...]
    """Per seat: the summed game points of the counted deals (zero-sum)."""
    card_points: tuple[int, ...]
    """Per seat: the summed card points of the counted deals."""
    deals_won: tuple[int, ...]
    """Per seat: the deals its side won."""
    deals_played: int
    """Deals counted so far (void deals are not)."""
    winners: frozenset[int]
    """The seats that won the match; empty while it is played and on a drawn match."""
    final: bool
    """Whether the match is over."""


@attrs.frozen(repr=False)
class MatchView:
    """What one seat may know of a match: the results so far and its view of the deal."""

    __repr__ = fields_repr

    format: MatchFormat
    """The match format."""
    results: tuple[DealResult, ...]
    """The finished deals (every score is public)."""
    score: MatchScore
    """The standing."""
    deal: View
    """This seat's view of the deal in progress (or of the last deal, once it is over)."""


def match_options(
    dealer_rotation: DealerRotation,
    redeal_same_dealer_after_draw: bool,
    redeal_same_dealer_after_void: bool,
    cappotto_wins_match: bool,
) -> MatchOptions:
    """The keywords that start a match again with these stored options, for the readers of
    records and documents: ``cappotto_wins_match`` only when set, since Chiamata refuses
    the option whatever its value."""
    options: MatchOptions = {
        "dealer_rotation": dealer_rotation,
        "redeal_same_dealer_after_draw": redeal_same_dealer_after_draw,
        "redeal_same_dealer_after_void": redeal_same_dealer_after_void,
    }
    if cappotto_wins_match:
        options["cappotto_wins_match"] = True
    return options


class _MatchSlots:
    """The cached standing of a `Match`: a private slot outside equality, repr and pickling.

    It holds the running totals and the `MatchScore`; a `Match` without it (unpickled, or
    built with attrs) works its standing out from its results once, on first use.
    """

    __slots__ = ("_standing",)
    _standing: _Tally


@attrs.frozen(repr=False)
class Match(_MatchSlots):
    """A match in progress or finished; build one with `new_match`."""

    __repr__ = fields_repr

    rules: Rules
    """The variant and table rules of every deal."""
    format: MatchFormat
    """The match format."""
    seed: int = attrs.field(repr=number_text)
    """The match seed; each deal is shuffled from it and the deal's number."""
    dealer_rotation: DealerRotation
    """Who deals next."""
    redeal_same_dealer_after_draw: bool
    """After a drawn deal (no side reached ``win_threshold``), the same dealer deals again."""
    redeal_same_dealer_after_void: bool
    """After a void deal, the same dealer deals again (default True)."""
    cappotto_wins_match: bool
    """A side that takes all 120 card points in a deal wins the match at once."""
    results: tuple[DealResult, ...]
    """The finished deals, void ones included (they count for nothing)."""
    state: State
    """The deal in progress, or the last deal once the match is over."""
    deals: tuple[State, ...] = attrs.field(default=(), repr=False)
    """The finished deals as played, one per entry of `results`, every move included: the
    referee's record of the match (it holds every card and signal, so never show it to a
    player). It lets a match be written down and replayed (`Record.from_state`, `dumps`)."""

    @property
    def dealer(self) -> int:
        """The dealer of the deal in progress."""
        return self.state.dealer


def _checked_format(fmt: MatchFormat) -> MatchFormat:
    """A format built by hand, checked as its spelling is, so that a match of it can be
    written down and read back."""
    try:
        text = str(fmt)
    except Exception:  # fields of the wrong kind, whose text fails
        text = ""
    checked = parse_format(text)
    if checked != fmt:
        raise RulesError(f"format={quote(fmt)} is not a match format")
    return checked


def default_format(r: Rules) -> MatchFormat:
    """The default format of a preset (§8 "Matches")."""
    kind, number = r.default_match_format
    return _BUILDERS[kind](number)


def new_match(
    variant: VariantId | Rules,
    /,
    *,
    format: MatchFormat | str | None = None,
    seed: int | None = None,
    dealer: int | str | None = None,
    **options: Unpack[MatchOptions],
) -> Match:
    """Start a match: its rules, format and first deal.

    Args:
        variant: A preset id or a `Rules`.
        format: A `MatchFormat` or its spelling (``"best_of(3)"``); ``None`` takes the
            preset's default (§8).
        seed: The match seed (``None``: from the operating system's entropy).
        dealer: The first dealer: a seat, ``None`` for seat ``n - 1``, or ``"random"`` for a
            seat drawn from the match seed.
        **options: Table rules for `rules()`, and the match options ``dealer_rotation``,
            ``redeal_same_dealer_after_draw``, ``redeal_same_dealer_after_void`` and
            ``cappotto_wins_match``.

    Raises:
        RulesError: for a bad variant, option, format, seed or dealer.
    """
    match_options: dict[str, object] = {
        name: options.pop(name) for name in MATCH_OPTIONS if name in options
    }
    # A Rules is checked again (under a microsecond, once a match): one edited past its
    # checks would otherwise fail deep inside the first deal.
    r = rules(variant, **options)  # type: ignore[misc]
    if format is None:
        chosen = default_format(r)
    elif isinstance(format, MatchFormat):
        chosen = _checked_format(format)
    elif isinstance(format, str):
        chosen = parse_format(format)
    else:
        raise RulesError(f"format={quote(format)} is not valid: use a MatchFormat or its name")
    if chosen.kind == "first_to_game_points" and r.auction is None:
        raise RulesError("first_to_game_points is a Chiamata format")
    seed = fresh_seed() if seed is None else check_seed(seed)
    given = match_options.get("dealer_rotation", DealerRotation.PLAY_DIRECTION)
    try:
        # The enum's own lookup takes any value: one whose comparison fails is refused too.
        rotation = DealerRotation(cast(str, given))
    except RulesError:
        raise RulesError(
            f"dealer_rotation={quote(given)} is not valid: use 'play_direction' or "
            "'against_play_direction'"
        ) from None
    flags = {}
    for name, default in (
        ("redeal_same_dealer_after_draw", False),
        ("redeal_same_dealer_after_void", True),
        ("cappotto_wins_match", False),
    ):
        flags[name] = check_flag(match_options.get(name, default), name)
    _check_ends(r, chosen)
    if "cappotto_wins_match" in match_options and r.auction is not None:
        # Like a table rule not listed for a preset: refused whatever its value (§8).
        raise RulesError(
            f"cappotto_wins_match={flags['cappotto_wins_match']} does not apply to "
            f"{r.variant!r}: a cappotto doubles the stake"
        )
    if dealer is None:
        first = r.players - 1
    elif isinstance(dealer, str) and dealer == "random":
        first = _draw(seed, b"dealer") % r.players
    elif (seat := seat_number(dealer, r.players)) is not None:
        first = seat
    else:
        raise RulesError(
            f"dealer={quote(dealer)} is not a seat of {r.variant!r}: use a seat from 0 to "
            f"{r.players - 1}, None or 'random'"
        )
    match = Match(
        r,
        chosen,
        seed,
        rotation,
        flags["redeal_same_dealer_after_draw"],
        flags["redeal_same_dealer_after_void"],
        flags["cappotto_wins_match"],
        (),
        new_game(r, seed=_draw(seed, b"deal:0"), dealer=first),
    )
    if match.state.phase is Phase.OVER:  # annulled as it was dealt
        return after_deal(match, match.state)
    return match


def _draw(seed: int, label: bytes) -> int:
    """A 256-bit number drawn from the match seed for one purpose (``label``)."""
    import hashlib  # as in `entropy`: loaded on first use, not by `import briscola`

    digest = hashlib.sha256(b"briscola/match/v1:" + seed_text(seed).encode() + b":" + label)
    return int.from_bytes(digest.digest(), "big")


def after_deal(match: Match, state: State) -> Match:
    """Record the finished deal ``state`` and deal the next one unless the match is over.

    A deal can be over as soon as it is dealt (an annulled zero-point hand): it is recorded
    in turn, until a deal needs moves or the match is over.
    """
    while True:
        match = _record(match, state)
        if match.state is state or match.state.phase is not Phase.OVER:
            return match
        state = match.state


def _record(match: Match, state: State) -> Match:
    result = DealResult(state.dealer, score(state))
    results = match.results + (result,)
    tally = _fold(match, _tally(match), result)
    finished = _cached(
        attrs.evolve(match, results=results, state=state, deals=match.deals + (state,)), tally
    )
    if tally.standing.final:
        return finished
    r = match.rules
    dealer = state.dealer
    same = (result.score.void and match.redeal_same_dealer_after_void) or (
        _drawn(r, result.score) and match.redeal_same_dealer_after_draw
    )
    if not same:
        step = 1 if match.dealer_rotation is DealerRotation.PLAY_DIRECTION else -1
        dealer = (dealer + step) % r.players
    label = b"deal:%d" % len(results)
    return _with_deal(finished, new_game(r, seed=_draw(match.seed, label), dealer=dealer))


def _drawn(r: Rules, result: Score) -> bool:
    """A deal no side won under ``tie_rule="draw"`` (or no single winner in ``classic-3``)."""
    return not result.void and not result.winners and r.tie_rule is TieRule.DRAW


@attrs.frozen(repr=False)
class _Tally:
    """The running totals of a match, per seat, and the standing they give."""

    __repr__ = fields_repr

    game: tuple[int, ...]
    cards: tuple[int, ...]
    wins: tuple[int, ...]
    played: int
    cappotto_side: frozenset[int] | None
    deals: int
    standing: MatchScore


_set_standing: Final = vars(_MatchSlots)["_standing"].__set__


def _cached(match: Match, tally: _Tally) -> Match:
    _set_standing(match, tally)
    return match


def _tally(match: Match) -> _Tally:
    """The totals of ``match``, from its cache or, once, from its results."""
    try:
        return match._standing
    except AttributeError:
        pass
    players = match.rules.players
    zeros = (0,) * players
    tally = _Tally(zeros, zeros, zeros, 0, None, 0, _judge(match, zeros, zeros, zeros, 0, 0, None))
    for result in match.results:
        tally = _fold(match, tally, result)
    _set_standing(match, tally)
    return tally


def _fold(match: Match, tally: _Tally, result: DealResult) -> _Tally:
    """The totals once the finished deal ``result`` is added."""
    r = match.rules
    players = r.players
    deal = result.score
    if deal.void:
        game, cards, wins, played = tally.game, tally.cards, tally.wins, tally.played
    else:
        played = tally.played + 1
        game = tuple(tally.game[seat] + deal.deltas[seat] for seat in range(players))
        cards = tuple(tally.cards[seat] + deal.points[seat] for seat in range(players))
        wins = tuple(tally.wins[seat] + (seat in deal.winners) for seat in range(players))
    cappotto_side = tally.cappotto_side
    if not deal.void and match.cappotto_wins_match and cappotto_side is None:
        deal_sides = r.teams_for(result.dealer) or tuple((seat,) for seat in range(players))
        for side in deal_sides:
            if sum(deal.points[seat] for seat in side) == 120:
                cappotto_side = frozenset(side)
    deals = tally.deals + 1
    standing = _judge(match, game, cards, wins, played, deals, cappotto_side, result)
    return _Tally(game, cards, wins, played, cappotto_side, deals, standing)


def match_score(match: Match) -> MatchScore:
    """The standing of ``match`` (see `MatchScore`), kept on the match."""
    return _tally(match).standing


def _judge(
    match: Match,
    game: tuple[int, ...],
    cards: tuple[int, ...],
    wins: tuple[int, ...],
    played: int,
    deals: int,
    cappotto_side: frozenset[int] | None,
    last: DealResult | None = None,
) -> MatchScore:
    """The standing given the totals; ``last`` is the latest finished deal."""
    players = match.rules.players
    fmt = match.format
    winners: frozenset[int] | None = cappotto_side
    sides = match_sides(match.rules) if last is not None else ()
    game_list, card_list, win_list = list(game), list(cards), list(wins)
    if winners is None and played:
        if fmt.kind in ("best_of", "first_to_deals"):
            needed = (fmt.value + 1) // 2 if fmt.kind == "best_of" else fmt.value  # type: ignore[operator]
            winners = _first_side(sides, win_list, needed)
        elif fmt.kind == "rounds" and played >= fmt.value:  # type: ignore[operator]
            winners = _top(sides, win_list)
        elif fmt.kind == "fixed_deals" and played >= fmt.value:  # type: ignore[operator]
            winners = _top([(seat,) for seat in range(players)], game_list, share=True)
        elif fmt.kind == "first_to_game_points":
            winners = _reached(sides, game_list, fmt.value)  # type: ignore[arg-type]
        elif fmt.kind == "cumulative_points":
            winners = _reached(sides, card_list, fmt.value)  # type: ignore[arg-type]
        elif fmt.kind == "two_wins_or_120":
            winners = _first_side(sides, win_list, 2) or _two_wins_or_120(
                sides, win_list, card_list
            )
    if winners is None and deals >= MAX_DEALS:
        winners = _by_standing(fmt.kind, players, sides, win_list, game_list, card_list)
    cumulative = fmt.kind in CUMULATIVE_KINDS
    return MatchScore(
        cards if cumulative else game,
        game,
        cards,
        wins,
        played,
        winners or frozenset(),
        winners is not None,
    )


def _with_deal(match: Match, state: State) -> Match:
    """``match`` with ``state`` as the deal in progress; the standing carries over."""
    return _cached(attrs.evolve(match, state=state), _tally(match))


# --- the verbs on a match (the public verbs of briscola.game route a Match here) ------------


def match_legal_moves(match: Match) -> tuple[Move, ...]:
    """The legal moves of the deal in progress; ``()`` once the match is over."""
    return () if _tally(match).standing.final else deal_legal_moves(match.state)


def match_apply(match: Match, move: Move, seat: int | None, ply: int | None) -> Match:
    """The match after the seat to act makes ``move`` in the deal in progress.

    When that deal ends it is recorded and, unless the match is over, the next deal is
    dealt. ``seat`` and ``ply`` are checked as by `briscola.apply`.
    """
    over = _tally(match).standing.final
    if seat is not None or ply is not None:
        check_sender(match.state, seat, ply, match_over=over)
    if over:
        check_state(match.state, "apply")
        if not isinstance(move, Move):
            apply_to_deal(match.state, move)  # raises the error that names the bad move
        raise IllegalMoveError("the match is over: no move is legal")
    state = apply_to_deal(match.state, move)
    if state.phase is Phase.OVER:
        return after_deal(match, state)
    return _with_deal(match, state)


def match_is_over(match: Match) -> bool:
    """Whether the match has ended."""
    return _tally(match).standing.final


def match_current_player(match: Match) -> int | None:
    """The seat to act in the deal in progress, or ``None`` once the match is over."""
    return None if _tally(match).standing.final else match.state.turn


def observe_match(match: Match, seat: int) -> MatchView:
    """What ``seat`` may know of ``match``: the results, the standing and its view of the
    deal in progress."""
    deal = observe(match.state, seat)
    return MatchView(match.format, match.results, _tally(match).standing, deal)


def public_match_view(match: Match) -> MatchView:
    """What a spectator may know of ``match``: the results, the standing and the public view
    of the deal in progress."""
    return MatchView(match.format, match.results, _tally(match).standing, public_view(match.state))


CUMULATIVE_KINDS: Final = frozenset({"cumulative_points", "two_wins_or_120"})
"""The formats whose `MatchScore.totals` are card points, each seat's own."""

MAX_DEALS: Final = 500
"""No match lasts longer: after this many deals (void ones included) the standing decides."""
_MAX_FORMAT_VALUE: Final = 100
_MAX_REPLAY_THRESHOLD: Final = 100


def _check_ends(r: Rules, fmt: MatchFormat) -> None:
    """Refuse the options under which a match would be all but certain to reach `MAX_DEALS`.

    A format of more than 100 deals or wins; and ``tie_rule="replay"`` with a
    ``win_threshold`` above 100, under which most deals are replayed (a side takes 100 of
    the 120 card points in about one deal in twelve of random play, 110 in one in fifty).
    """
    if fmt.kind in ("best_of", "first_to_deals", "rounds", "fixed_deals") and (
        fmt.value is None or fmt.value > _MAX_FORMAT_VALUE
    ):
        raise RulesError(f"{fmt} is too long for a match: use at most {_MAX_FORMAT_VALUE} deals")
    if r.tie_rule is TieRule.REPLAY and r.win_threshold > _MAX_REPLAY_THRESHOLD:
        raise RulesError(
            f"tie_rule='replay' with win_threshold={r.win_threshold} would replay most deals: "
            f"use a win_threshold of at most {_MAX_REPLAY_THRESHOLD} with replays"
        )


def _by_standing(
    kind: str,
    players: int,
    sides: tuple[tuple[int, ...], ...],
    wins: list[int],
    game: list[int],
    cards: list[int],
) -> frozenset[int]:
    """The winners once `MAX_DEALS` deals are played: the side ahead on what the format
    counts (card points for the cumulative formats, game points for the game-point formats,
    deals won otherwise); a tie at the top is a drawn match."""
    if kind == "fixed_deals":
        return _top([(seat,) for seat in range(players)], game, share=True)
    if kind == "first_to_game_points":
        return _top(sides, game)
    if kind == "cumulative_points":
        return _top(sides, cards)
    return _top(sides, wins)


def match_sides(r: Rules) -> tuple[tuple[int, ...], ...]:
    """The sides that compete for a match of ``r``: its partnerships, or every seat alone
    where there are none (Chiamata) or they change with the dealer (``bugiarda-5``)."""
    if r.teams and not r.dealer_sits_out:
        return r.teams
    return tuple((seat,) for seat in range(r.players))


def _first_side(
    sides: tuple[tuple[int, ...], ...], wins: list[int], needed: int | None
) -> frozenset[int] | None:
    """Every side with ``needed`` wins: in Chiamata and ``bugiarda-5``, where each seat is a
    side and a deal is won by two or three seats together, they reach them together."""
    assert needed is not None
    reached = [seat for side in sides if wins[side[0]] >= needed for seat in side]
    return frozenset(reached) if reached else None


def _top(
    sides: tuple[tuple[int, ...], ...] | list[tuple[int, ...]],
    values: list[int],
    *,
    share: bool = False,
) -> frozenset[int]:
    """The side with the highest value, summed over its seats; a tie at the top is a drawn
    match (or shared)."""
    totals = [(sum(values[seat] for seat in side), side) for side in sides]
    best = max(total for total, _ in totals)
    leaders = [side for total, side in totals if total == best]
    if len(leaders) > 1 and not share:
        return frozenset()
    return frozenset(seat for side in leaders for seat in side)


def _reached(
    sides: tuple[tuple[int, ...], ...], values: list[int], target: int
) -> frozenset[int] | None:
    """The side past ``target`` (the higher if several); ``None``, play on, if none is or
    the highest are level (§3.7, [library rule] of §2.8)."""
    totals = [(sum(values[seat] for seat in side), side) for side in sides]
    over = [(total, side) for total, side in totals if total >= target]
    if not over:
        return None
    best = max(total for total, _ in over)
    leaders = [side for total, side in over if total == best]
    return frozenset(leaders[0]) if len(leaders) == 1 else None


def _two_wins_or_120(
    sides: tuple[tuple[int, ...], ...], wins: list[int], cards: list[int]
) -> frozenset[int] | None:
    totals = [(sum(cards[seat] for seat in side), side) for side in sides]
    over = [side for total, side in totals if total >= 120]
    if not over:
        return None
    if len(over) == 1:
        return frozenset(over[0])
    # Both reached 120 (at 120-120): more deal wins takes it; else play on until one wins a deal.
    best = max(wins[side[0]] for side in over)
    leaders = [side for side in over if wins[side[0]] == best]
    return frozenset(leaders[0]) if len(leaders) == 1 else None
