"""The OpenSpiel game ``"briscola"``: importing this module registers it.

``pyspiel.load_game("briscola", {"variant": "chiamata", "options": "stakes:bands"})`` loads
a preset with table rules. Parameters:

* ``variant``: a preset name (default ``"classic"``);
* ``options``: table rules as ``name:value`` pairs separated by ``;`` (values are read as
  ``true``/``false``, whole numbers, ``none`` or text), default none; OpenSpiel's game
  strings keep ``=`` and ``,`` for themselves;
* ``seed``: ``-1`` (the default) deals through chance nodes; a seed ``s >= 0`` makes every
  game start from the deal of ``new_game(variant, seed=s)`` (the fixed-deal mode);
* ``dealer``: the dealer's seat, ``-1`` for the default (the last seat).

``seed`` and ``dealer`` are OpenSpiel integer parameters, so they stop at 2147483647.

The deal is a sequence of chance nodes, one per card of the deck from the top, each card
still in the pack equally likely (first, where the deal has one, the 2 that leaves the deck
under ``removed_two="random"``, or the trump suit turned up under
``trump_source="separate_flip"``: outcomes 0 to 3, the suits in `Suit` order); then the
game plays with the action indices of `briscola.encoding` (`ACTION_LAYOUT`). Returns are
the game points of the deal (`Score.deltas`). Every seat is a player; a seat that sits out
the deal never acts and gets 0.

Observations: the tensor is `briscola.encoding.observation` of the player's view, the
string its rendering. Information states: the string is a key of everything the player
knows (its view, the order it received its cards and an open stock as dealt included), so
two histories give the same string exactly when the player cannot tell them apart; the
tensor is the observation followed by two planes of 40: the order in which the player
received each card, and the trick in which each card was played. While the cards are
dealt, a player sees its cards, every seat's count of cards, the dealer and what has been
turned up, and the strings say how many cards have left the pack. Only one player's view
is offered (OpenSpiel's default observation types). `resample_from_infostate` draws a
world with `briscola.determinize`, so OpenSpiel's information-set search (ISMCTS) can
play.

Needs ``pip install 'briscola[openspiel]'``.
"""

from __future__ import annotations

from numbers import Real
from typing import Any, Final, cast

from .._engine import deal_from
from .._numbers import whole_number
from .._option_text import option_value
from .._quote import count, quote
from ..cards import Card, Suit
from ..errors import IllegalMoveError, InvalidStateError, RulesError
from ..game import apply, legal_moves, new_game
from ..render import render
from ..rules import Rules, TableRules, TrumpSource, VariantId, check_seat, rules
from ..sampling import determinize
from ..scoring import score
from ..state import Phase, State
from ..views import View, observe
from ._common import require

require("pyspiel", "openspiel")
require("numpy", "openspiel")

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402

from .. import encoding  # noqa: E402

__all__ = ["BriscolaGame", "BriscolaObserver", "BriscolaState", "parse_options"]

_SUITS: tuple[Suit, ...] = tuple(Suit)
_DEFAULTS: dict[str, Any] = {"variant": "classic", "options": "", "seed": -1, "dealer": -1}

_GAME_TYPE = pyspiel.GameType(
    short_name="briscola",
    long_name="Briscola and its variants",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=6,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)

_CARDS = 40
_INT_MAX: Final = 2**31 - 1
"""The largest value of an OpenSpiel integer parameter (a C++ ``int``)."""


def parse_options(text: str) -> dict[str, object]:
    """Table rules from ``"name:value;name:value"`` (the ``options`` parameter), each value
    read as the command line's ``--option`` reads it: ``true``/``false`` (and ``yes``/``no``
    for a rule that takes a bool), ``none``, whole numbers, and a list for
    ``signal_tokens``, separated by ``+`` in a game string (``signal_tokens:ACE+KING``:
    OpenSpiel separates parameters with commas) or by commas in a parameter dict.

    Raises:
        RulesError: for text without a name before a ``:``.

    Examples:
        >>> parse_options("seven_swap:true; win_threshold:65; trump_suit:none")
        {'seven_swap': True, 'win_threshold': 65, 'trump_suit': None}
        >>> parse_options("signals:yes; signal_tokens:ACE+KING")
        {'signals': True, 'signal_tokens': ('ACE', 'KING')}
    """
    if type(text) is not str:
        raise RulesError(
            f"options must be text such as 'seven_swap:true', not {type(text).__name__}"
        )
    options: dict[str, object] = {}
    for pair in text.split(";"):
        if not pair.strip():
            continue
        name, sep, raw = pair.partition(":")
        if not sep or not name.strip():
            raise RulesError(f"options: expected name:value, not {pair.strip()[:40]!r}")
        options[name.strip()] = option_value(raw.strip(), name.strip())
    return options


class BriscolaGame(pyspiel.Game):
    """The OpenSpiel game of one deal of a preset (see the module's parameters).

    Args:
        params: The game parameters; missing ones take their defaults.
    """

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        if params is not None and not isinstance(params, dict):
            raise RulesError(f"params must be a dict, not {type(params).__name__}")
        unknown = [name for name in params or () if name not in _DEFAULTS]
        if unknown:
            raise RulesError(
                f"unknown game parameter {quote(unknown[0])}: use {', '.join(_DEFAULTS)}"
            )
        given = {**_DEFAULTS, **(params or {})}
        for name in ("variant", "options"):
            if type(given[name]) is not str:
                raise RulesError(f"the parameter {name} must be text, not {quote(given[name])}")
        for name in ("seed", "dealer"):
            number = whole_number(given[name])
            if number is None:
                raise RulesError(
                    f"the parameter {name} must be a whole number, not {quote(given[name])}"
                )
            if not -1 <= number <= _INT_MAX:
                use = "-1 to deal through chance nodes" if name == "seed" else "-1 for the default"
                raise RulesError(
                    f"the parameter {name}={quote(number)} is not valid: use {use}, "
                    f"or 0 to {_INT_MAX}"
                )
            given[name] = number  # a plain int: OpenSpiel reads no numpy integer
        # Game parameters are text, read and checked by rules() at run time.
        variant = cast(VariantId, given["variant"])
        options = cast(TableRules, parse_options(given["options"]))
        self.rules: Rules = rules(variant, **options)
        # A list kept with its commas would end the parameter in the game's string (and in
        # serialized states): it is written with "+", which reads back the same.
        given["options"] = given["options"].replace(",", "+")
        seed: int = given["seed"]
        dealer: int = given["dealer"]
        self.seed: int | None = seed if seed >= 0 else None
        self.dealer: int = self.rules.players - 1 if dealer < 0 else dealer
        self.rules.seats_for(self.dealer)  # a bad dealer is a RulesError now, not later
        low, high = encoding.utility_bounds(self.rules)
        info = pyspiel.GameInfo(
            num_distinct_actions=encoding.NUM_ACTIONS,
            max_chance_outcomes=_CARDS,
            num_players=self.rules.players,
            min_utility=float(low),
            max_utility=float(high),
            utility_sum=0.0,
            max_game_length=encoding.max_game_length(self.rules),
        )
        super().__init__(_GAME_TYPE, info, given)
        # Under a random removed 2: the 2, then 39 cards.
        self.deck_size: int = len(self.rules.deck)
        self.deck_ids: frozenset[int] = frozenset(card.id for card in self.rules.deck)
        self.flips_trump: bool = (
            self.rules.trump_source is TrumpSource.SEPARATE_FLIP and self.rules.trump_suit is None
        )
        """Whether a chance node turns up the trump suit before the cards are dealt."""

    def new_initial_state(self) -> BriscolaState:
        """The first state: before the deal, or (fixed-deal mode) right after it."""
        return BriscolaState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> BriscolaObserver:
        """The observer of observations (default) or of information states
        (``perfect_recall=True``), as one player sees the table: its own cards and
        what every seat sees.

        Raises:
            RulesError: ``iig_obs_type`` is not ``None`` or a
                ``pyspiel.IIGObservationType`` with ``public_info=True`` and
                ``private_info=SINGLE_PLAYER`` (observations of the public part alone, or
                of every player's cards, are not offered), or ``params`` is not empty.
        """
        if params is not None and not isinstance(params, dict):
            raise RulesError(f"params must be a dict, not {type(params).__name__}")
        if params:
            raise RulesError(f"the observer takes no parameters, not {quote(next(iter(params)))}")
        if iig_obs_type is None:
            return BriscolaObserver(self.rules, perfect_recall=False)
        if not isinstance(iig_obs_type, pyspiel.IIGObservationType):
            raise RulesError(
                "iig_obs_type must be None or a pyspiel.IIGObservationType, "
                f"not {type(iig_obs_type).__name__}"
            )
        if (
            not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise RulesError(
                "the observer sees the table as one player does: ask for public_info=True "
                "and private_info=SINGLE_PLAYER (the defaults), not "
                f"public_info={iig_obs_type.public_info}, "
                f"private_info={iig_obs_type.private_info.name}"
            )
        return BriscolaObserver(self.rules, perfect_recall=bool(iig_obs_type.perfect_recall))


class BriscolaState(pyspiel.State):
    """A state of the OpenSpiel game: the cards dealt so far, then a `briscola.State`."""

    def __init__(self, game: BriscolaGame) -> None:
        if not isinstance(game, BriscolaGame):  # pyspiel would crash on anything else
            raise RulesError(f"BriscolaState() needs a BriscolaGame, not {type(game).__name__}")
        super().__init__(game)
        self._rules = game.rules
        self._dealer = game.dealer
        self._deck_size = game.deck_size
        self._deck_ids = game.deck_ids
        self._deck: list[int] = []
        self._flips_trump = game.flips_trump
        self._trump_suit: Suit | None = None
        """The suit turned up at the first chance node, when the game has one."""
        self._state: State | None = None
        if game.seed is not None:
            self._state = new_game(game.rules, seed=game.seed, dealer=game.dealer)

    @property
    def game_state(self) -> State | None:
        """The `briscola.State` once the deal is complete (``None`` while dealing)."""
        return self._state

    def current_player(self) -> int:
        """The seat to act, or OpenSpiel's chance or terminal player id."""
        state = self._state
        if state is None:
            return int(pyspiel.PlayerId.CHANCE)
        if state.turn is None:
            return int(pyspiel.PlayerId.TERMINAL)
        return state.turn

    def _legal_actions(self, player: int) -> list[int]:
        state = self._state
        if state is None or state.turn != player:
            return []
        return sorted(encoding.action_index(move) for move in legal_moves(state))

    def _flip_pending(self) -> bool:
        return self._flips_trump and self._trump_suit is None

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards that may come next in the deck, each equally likely (under
        ``removed_two="random"``, first the 2 that leaves the deck; under a separate flip,
        first the trump suit).

        Raises:
            InvalidStateError: at a node that is not a chance node, as OpenSpiel's own games
                refuse it.
        """
        if self._state is not None:
            turn = self._state.turn
            where = "the deal is over" if turn is None else f"seat {turn} is to act"
            raise InvalidStateError(f"chance_outcomes() is for chance nodes only: {where}")
        if self._flip_pending():
            return [(index, 0.25) for index in range(len(_SUITS))]
        dealt = set(self._deck)
        left = [card.id for card in self._rules.deck if card.id not in dealt]
        if self._rules.removed_two == "random" and not self._deck:
            left = [card_id for card_id in left if card_id % 10 == 1]  # the four 2s
        p = 1.0 / len(left)
        return [(card_id, p) for card_id in left]

    def _check_chance(self, action: int) -> None:
        """Refuse a chance outcome that cannot come next, before anything changes."""
        if self._flip_pending():
            if not 0 <= action < len(_SUITS):
                raise _no_such_suit(action)
            return
        if not 0 <= action < _CARDS:
            raise _no_such_card(action)
        removing_two = self._rules.removed_two == "random" and not self._deck
        if action in self._deck:
            reason = "it has been dealt already"
        elif action not in self._deck_ids:
            reason = f"it is not in the deck of {self._rules.variant!r}"
        elif removing_two and action % 10 != 1:
            reason = "the first outcome is the 2 that leaves the deck"
        else:
            return
        card = Card.from_id(action)
        raise IllegalMoveError(f"chance outcome {action} ({card}) cannot come next: {reason}")

    def _apply_action(self, action: int) -> None:
        if self._state is None:
            self._check_chance(action)
            if self._flip_pending():
                self._trump_suit = _SUITS[action]
                return
            if len(self._deck) + 1 == self._deck_size:
                cards = [*self._deck, action]
                dealt = cards[1:] if self._rules.removed_two == "random" else cards
                deck = [Card.from_id(card_id) for card_id in dealt]
                self._state = deal_from(self._rules, deck, self._dealer, self._trump_suit)
            self._deck.append(action)
            return
        self._state = apply(self._state, encoding.action_move(action, self._state))

    def _check_player(self, player: object) -> int:
        return check_seat(self._rules, player, "player")

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self._flip_pending():
                if not 0 <= action < len(_SUITS):
                    raise _no_such_suit(action)
                return f"turn up {_SUITS[action].name.title()}"
            if not 0 <= action < _CARDS:
                raise _no_such_card(action)
            return f"deal {Card.from_id(action)}"
        self._check_player(player)
        return str(encoding.ACTION_MOVES[encoding._as_index(action)])

    def is_terminal(self) -> bool:
        """Whether the deal is over."""
        return self._state is not None and self._state.phase is Phase.OVER

    def returns(self) -> list[float]:
        """Each seat's game points for the deal (0 until it is over)."""
        if self._state is None:
            return [0.0] * self._rules.players
        return [float(delta) for delta in score(self._state).deltas]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> BriscolaState:
        """A state the player cannot tell from this one, drawn with `briscola.determinize`.

        Outside the fixed-deal mode the world is rebuilt through the game's own actions
        (its deck as chance outcomes, then its moves), so its history is a genuine one.

        Raises:
            RulesError: for a player that is not a seat, or a sampler that does not return
                a number from 0 up to (not including) 1.
        """
        player_id = self._check_player(player_id)
        if not callable(probability_sampler):
            raise RulesError(
                "probability_sampler must be callable, such as "
                f"pyspiel.UniformProbabilitySampler(0.0, 1.0), not {quote(probability_sampler)}"
            )
        game = self.get_game()
        if self._state is None:
            return self.clone()  # type: ignore[no-any-return]
        seed = int(_fraction(probability_sampler()) * 2**52)
        world = determinize(observe(self._state, player_id), seed=seed)
        result: BriscolaState = game.new_initial_state()
        if result._state is not None:  # fixed-deal mode: the world cannot be dealt again
            result._state = world
            return result
        if self._flips_trump:
            assert world.trump_suit is not None
            result.apply_action(_SUITS.index(world.trump_suit))
        if self._rules.removed_two == "random":
            result.apply_action(world.removed[0].id)
        for card in world.deck:
            result.apply_action(card.id)
        for _, move in world.history:
            result.apply_action(encoding.action_index(move))
        return result

    def __str__(self) -> str:
        if self._state is None:
            return "dealing: " + " ".join(str(Card.from_id(c)) for c in self._deck) + _public(self)
        return render(self._state)


class BriscolaObserver:
    """OpenSpiel's observer of the game: tensors and strings for one player.

    Args:
        r: The rules of the game.
        perfect_recall: Information states (``True``) or observations (``False``).
    """

    def __init__(self, r: Rules, *, perfect_recall: bool) -> None:
        self.rules = r
        self.perfect_recall = perfect_recall
        size = encoding.observation_shape(r)[0]
        self._size = size
        total = size + (2 * _CARDS if perfect_recall else 0)
        self.tensor = np.zeros(total, dtype=np.float32)
        self.dict: dict[str, Any] = {"observation": self.tensor[:size]}
        if perfect_recall:
            self.dict["received_order"] = self.tensor[size : size + _CARDS]
            self.dict["played_in_trick"] = self.tensor[size + _CARDS :]
        self._tricks = max(1, encoding.max_game_length(r))
        self._offsets = {part.name: part.offset for part in encoding.observation_layout(r)}

    def set_from(self, state: BriscolaState, player: int) -> None:
        """Fill `tensor` from ``state`` as ``player`` sees it.

        Raises:
            RulesError: ``state`` is not a state of a game with this observer's rules, or
                ``player`` is not one of its seats.
        """
        player = self._check(state, player)
        self.tensor.fill(0.0)
        game_state = state.game_state
        if game_state is None:
            self._set_dealing(state, player)
            return
        view = observe(game_state, player)
        self.tensor[: self._size] = encoding.observation(view)
        if self.perfect_recall:
            order = self.dict["received_order"]
            count = len(view.received)
            for k, card in enumerate(view.received):
                order[card.id] = (k + 1) / count
            played = self.dict["played_in_trick"]
            tricks = len(view.tricks) + 1
            for index, trick in enumerate(view.tricks):
                for card in trick.cards:
                    played[card.id] = (index + 1) / tricks
            for card in view.trick:
                played[card.id] = 1.0

    def _set_dealing(self, state: BriscolaState, player: int) -> None:
        """What ``player`` sees while the cards are dealt, in the observation's parts: its
        cards, every seat's count of cards, the dealer, the trump suit and the 2 removed
        once turned up."""
        r = self.rules
        n = r.players
        offsets = self._offsets
        tensor = self.tensor
        for card_id in _dealt_to(state, player):
            tensor[card_id] = 1.0
        for seat in range(n):
            count = len(_dealt_to(state, seat))
            tensor[offsets["hand_sizes"] + (seat - player) % n] = count / r.hand_size
        tensor[offsets["dealer"] + (state._dealer - player) % n] = 1.0
        if state._trump_suit is not None and "trump_suit" in offsets:
            tensor[offsets["trump_suit"] + _SUITS.index(state._trump_suit)] = 1.0
        if r.removed_two == "random" and state._deck and "removed" in offsets:
            tensor[offsets["removed"] + state._deck[0]] = 1.0

    def string_from(self, state: BriscolaState, player: int) -> str:
        """The observation string (the rendered view) or the information-state key.

        Raises:
            RulesError: as `set_from`.
        """
        player = self._check(state, player)
        game_state = state.game_state
        if game_state is None:
            # How far the deal has gone is public: two deals alike but for it differ.
            cards = " ".join(str(Card.from_id(c)) for c in _dealt_to(state, player))
            out = count(len(state._deck), "card")
            return f"seat {player} dealing ({out} from the pack): {cards}" + _public(state)
        view = observe(game_state, player)
        if not self.perfect_recall:
            return render(view)
        return _key(view)

    def _check(self, state: object, player: object) -> int:
        """``player`` as a plain seat of ``state``, once both are checked."""
        if not isinstance(state, BriscolaState):
            raise RulesError(f"the observer reads a BriscolaState, not {type(state).__name__}")
        if state._rules is not self.rules and state._rules != self.rules:
            raise RulesError(
                f"this observer is for {self.rules.variant!r} with its own table rules: "
                "make one with the state's game"
            )
        return state._check_player(player)


def _no_such_suit(action: int) -> IllegalMoveError:
    return IllegalMoveError(
        f"chance outcome {quote(action)} does not exist: the suit turned up is 0 to 3 "
        f"({', '.join(suit.name.title() for suit in _SUITS)})"
    )


def _no_such_card(action: int) -> IllegalMoveError:
    return IllegalMoveError(
        f"chance outcome {quote(action)} does not exist: the cards are 0 to {_CARDS - 1}"
    )


def _fraction(value: object) -> float:
    """A probability sampler's draw, checked: a number from 0 up to (not including) 1."""
    if isinstance(value, Real) and not isinstance(value, bool):
        try:
            number = float(value)
        except Exception:  # a foreign Real's __float__ may fail in any way (or overflow)
            number = -1.0
        if 0.0 <= number < 1.0:
            return number
    raise RulesError(
        f"the probability sampler must return a number from 0 up to 1, not {quote(value)}"
    )


def _public(state: BriscolaState) -> str:
    """What every seat sees while the cards are dealt: the trump suit turned up, the 2 that
    left the deck."""
    parts = ""
    if state._trump_suit is not None:
        parts += f"; trump {state._trump_suit.name.title()}"
    if state._rules.removed_two == "random" and state._deck:
        parts += f"; removed {Card.from_id(state._deck[0])}"
    return parts


def _dealt_to(state: BriscolaState, player: int) -> list[int]:
    """The cards dealt to ``player`` so far (while the deal is in progress)."""
    r = state._rules
    order = r.seats_for(state._dealer)
    packet = r.deal_packet_size
    span = packet * len(order)
    count = r.dealt_cards
    deck = state._deck[1:] if r.removed_two == "random" else state._deck
    return [
        card_id
        for position, card_id in enumerate(deck[:count])
        if order[position % span // packet] == player
    ]


def _key(view: View) -> str:
    """Everything ``view`` holds, as one string: equal exactly for equal views."""

    def cards(values: tuple[Card, ...] | None) -> str:
        return "-" if values is None else "".join(str(card) for card in values)

    parts = [
        f"seat {view.seat} dealer {view.dealer} {view.phase.value}",
        "received " + cards(view.received),
        "hand " + cards(view.hand),
        "hands " + "/".join(cards(hand) for hand in view.hands),
        "known " + "/".join(cards(known) for known in view.known_cards),
        "shown " + "/".join(f"{seat}:{cards(hand)}" for seat, hand in view.shown),
        "removed " + cards(view.removed),
        f"face-up {view.initial_trump_card} {view.trump_card} {view.trump_suit}",
        "stock " + cards(view.stock) + " dealt " + cards(view.dealt_stock),
        f"called {view.called_card} partner {view.partner}",
        "moves " + ",".join(f"{seat}:{move}" for seat, move in view.history),
    ]
    return "\n".join(parts)


def _register() -> None:
    if "briscola" not in pyspiel.registered_names():
        pyspiel.register_game(_GAME_TYPE, BriscolaGame)


_register()
