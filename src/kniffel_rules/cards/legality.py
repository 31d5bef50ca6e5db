"""The rules of play of the card game: each rule written once, with its clause id.

Each rule has a ``*_problem`` function that returns ``None`` when the action
is allowed and otherwise the `Rejection`: the reason in words a player
understands, with the clause id of ``docs/rules/cards.md`` (``KA-15``). The
listing functions (``*_actions``, ``_place_options``) build their candidates and
keep those whose problem is ``None``; `problem` (what the protocol (`kniffel_rules.game.Game`) asks,
and ``apply`` raises) dispatches by phase to the same functions. So the list
of legal actions and the explanation of a rejection are one code path.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Final

from kniffel_rules._common import seat_name
from kniffel_rules._i18n import N_, Named, Text, translate
from kniffel_rules._text import brief
from kniffel_rules.cards._plays import fast_plays
from kniffel_rules.cards.actions import (
    Action,
    Begin,
    Discard,
    Draw,
    Exchange,
    Pick,
    Place,
    PlaceToken,
    Play,
    Stop,
    Take,
)
from kniffel_rules.cards.combinations import SIZES, Combination, explain, plays
from kniffel_rules.cards.pieces import CARDS, ROWS, Card, Row, _holds, card_names
from kniffel_rules.cards.rules import Rules
from kniffel_rules.cards.state import Phase, State, Tokens
from kniffel_rules.cards.wire import action_to_text
from kniffel_rules.errors import InvalidStateError, Rejection
from kniffel_rules.lang import LANGS
from kniffel_rules.notation import said

__all__ = [
    "candidates",
    "hand_limit",
    "is_out",
    "listing",
    "place_options",
    "problem",
    "row_value",
    "steps",
]

_TAKE: Final = {c: Take(c) for c in CARDS}
_EXCHANGE: Final = {c: Exchange(c) for c in CARDS}
_DISCARD: Final = {c: Discard(c) for c in CARDS}
# the same actions by card index: a list index is cheaper than a card's hash
_TAKE_AT: Final = tuple(_TAKE[c] for c in CARDS)
_EXCHANGE_AT: Final = tuple(_EXCHANGE[c] for c in CARDS)
_DISCARD_AT: Final = tuple(_DISCARD[c] for c in CARDS)
_ROW_AT: Final = {r: i for i, r in enumerate(ROWS)}
_STRAIGHT_AT: Final = _ROW_AT[Row.STRAIGHT]
_FULL_HOUSE_AT: Final = _ROW_AT[Row.FULL_HOUSE]
"""The position of the Full House row in `ROWS` (for `_value_at`)."""
_COLOUR_AT: Final = _ROW_AT[Row.COLOUR]
"""The position of the Colour row in `ROWS` (for `_value_at`)."""
_THREE_AT: Final = _ROW_AT[Row.THREE_OF_A_KIND]
_RESERVE_COMBOS = (Combination.FOUR_OF_A_KIND, Combination.KNIFFEL)


def _tokens_word(n: int) -> Text:
    return Text.counted(n, N_("{n} token"), N_("{n} tokens"))


def _cards_word(n: int) -> Text:
    return Text.counted(n, N_("{n} card"), N_("{n} cards"))


def _row_value(rules: Rules, tokens: Tokens, row: Row) -> int:
    """The value of ``row`` on a player's board (KA-10, KA-17..KA-20)."""
    i = _ROW_AT[row]
    return rules.board.rows[i].value(tokens.rows[i])


def _value_at(rules: Rules, tokens: Tokens, i: int) -> int:
    """`_row_value` of the row at position ``i`` of `ROWS` (without a row's hash)."""
    return rules.board.rows[i].value(tokens.rows[i])


def _hand_limit(rules: Rules, tokens: Tokens) -> int:
    """The player's hand limit: the value of their Straight row (KA-20)."""
    return rules.board.rows[_STRAIGHT_AT].value(tokens.rows[_STRAIGHT_AT])


def _is_out(rules: Rules, tokens: Tokens) -> bool:
    """Trickier (no end-game rule): tokens are left but no free level fits them (KA-36, KA-54).

    Every placement fills a whole level, so a player whose remaining tokens
    are fewer than the spaces of every next free level can never place them.
    """
    left = tokens.left
    if rules.end_game_rule or left == 0:
        return False
    board = rules.board
    return not any(0 < board.row(r).next_spaces(tokens.on(r)) <= left for r in ROWS)


# --- the checked helpers (for bots and apps) ---------------------------------------


def _check(value: object, kind: type, path: str, what: str) -> None:
    if not isinstance(value, kind):
        raise InvalidStateError(path, f"expected {what}, got {brief(value)}")


def _check_board(rules: object, tokens: object) -> None:
    _check(rules, Rules, "rules", "cards.Rules")
    _check(tokens, Tokens, "tokens", "cards Tokens")


def row_value(rules: Rules, tokens: Tokens, row: Row) -> int:
    """The value of ``row`` on a player's board (KA-10, KA-17..KA-20).

    Args:
        rules: The game's rules (their board).
        tokens: The player's tokens (``state.tokens[seat]``).
        row: The row.

    Raises:
        InvalidStateError: An argument of the wrong kind (the path names it).
    """
    _check_board(rules, tokens)
    _check(row, Row, "row", "a cards Row")
    return _row_value(rules, tokens, row)


def hand_limit(rules: Rules, tokens: Tokens) -> int:
    """The player's hand limit: the value of their Straight row (KA-20).

    Raises:
        InvalidStateError: ``rules`` or ``tokens`` of the wrong kind (the path names it).
    """
    _check_board(rules, tokens)
    return _hand_limit(rules, tokens)


def is_out(rules: Rules, tokens: Tokens) -> bool:
    """Whether the player is out: tokens left, but no free level fits them (KA-36, KA-54).

    Only without the end-game rule (``trickier``): every placement fills a
    whole level, so a player whose remaining tokens are fewer than the spaces
    of every next free level can never place them.

    Raises:
        InvalidStateError: ``rules`` or ``tokens`` of the wrong kind (the path names it).
    """
    _check_board(rules, tokens)
    return _is_out(rules, tokens)


def place_options(rules: Rules, tokens: Tokens, combo: Combination) -> tuple[Place, ...]:
    """Every legal placement of ``combo``'s tokens on the player's board.

    In row order; for the Two pairs row one column before two; then by
    ``from_reserve`` ascending. For the combinations with a row of their own
    this is at most one placement, with nothing from the reserve.

    Raises:
        InvalidStateError: An argument of the wrong kind (the path names it).
    """
    _check_board(rules, tokens)
    _check(combo, Combination, "combo", "a cards Combination")
    return _place_options(rules, tokens, combo)


# --- placing tokens (action B) ------------------------------------------------


def _place_amount(rules: Rules, tokens: Tokens, row: Row, levels: int = 1) -> int | Rejection:
    """How many tokens a placement on the next ``levels`` levels of ``row`` takes.

    The level's spaces; with the end-game rule, all the player's last tokens
    when they are fewer (KA-26, KA-50).

    Returns:
        The number of tokens, or the reason why the row takes none.
    """
    need = rules.board.row(row).next_spaces(tokens.on(row), levels)
    if need == 0:
        if levels == 1:
            return Rejection.of(N_("the {row} row is full"), "KA-14", row=row)
        return Rejection.of(
            N_("the {row} row has fewer than {levels} free columns"),
            "KA-25",
            row=row,
            levels=levels,
        )
    left = tokens.left
    if need <= left:
        return need
    if rules.end_game_rule:
        return left
    return Rejection.of(
        N_("a {need}-space level needs exactly {tokens}, you have only {left} left"),
        "KA-36",
        need=need,
        tokens=_tokens_word(need),
        left=left,
    )


def _place_problem(
    rules: Rules, tokens: Tokens, combo: Combination, place: object
) -> Rejection | None:
    """Why ``place`` is not a legal placement of ``combo``'s tokens (``None``: it is).

    KA-14, KA-15, KA-22..KA-25, KA-49 and the end-game rule KA-26, KA-50.
    """
    if not isinstance(place, Place):
        return Rejection.of(
            N_("place the tokens of your {combo}: expected 'place ...', got {shown}"),
            "KA-49",
            combo=combo,
            shown=_said(place),
        )
    row, r, levels = place.row, place.from_reserve, place.levels  # typed by `Place`
    target = combo.row
    if target is not None and row is not target:
        return Rejection.of(
            N_("{combo} puts its tokens in the {row} row"), "KA-14", combo=combo, row=target
        )
    if levels != 1 and not (combo is Combination.KNIFFEL and row is Row.TWO_PAIRS and levels == 2):
        return Rejection(
            N_("only a Kniffel may fill two levels at once: the next two columns of Two pairs"),
            "KA-25",
        )
    amount = _place_amount(rules, tokens, row, levels)
    if isinstance(amount, Rejection):
        return amount
    if levels == 2 and amount <= 2:
        return Rejection(
            N_("with 2 tokens or fewer left, a Kniffel fills one column of Two pairs"), "KA-25"
        )
    if not 0 <= r <= amount:
        if amount == 1:
            template = N_("{tokens} is placed here: from_reserve must be 0..{amount}")
        else:
            template = N_("{tokens} are placed here: from_reserve must be 0..{amount}")
        return Rejection.of(template, "KA-49", tokens=_tokens_word(amount), amount=amount)
    if r and combo not in _RESERVE_COMBOS:
        return Rejection.of(
            N_("{combo} takes its tokens from the active area only"), "KA-14", combo=combo
        )
    if r > tokens.reserve:
        return Rejection.of(
            N_("you have only {tokens} in the reserve"),
            "KA-49",
            tokens=_tokens_word(tokens.reserve),
        )
    from_active = amount - r
    if from_active > tokens.active:
        need = rules.board.row(row).next_spaces(tokens.on(row), levels)
        if combo not in _RESERVE_COMBOS:
            return Rejection.of(
                N_(
                    "a {need}-space level needs exactly {tokens}; "
                    "you have {active} in your active area"
                ),
                "KA-15",
                need=need,
                tokens=_tokens_word(need),
                active=tokens.active,
            )
        return Rejection.of(
            N_("{tokens} would come from the active area; you have {active} there"),
            "KA-49",
            tokens=_tokens_word(from_active),
            active=tokens.active,
        )
    if levels == 2 and from_active < 1:
        return Rejection(
            N_("a Kniffel in two columns of Two pairs takes at least 1 token from the active area"),
            "KA-25",
        )
    return None


def _place_candidates(rules: Rules, tokens: Tokens, combo: Combination) -> tuple[Place, ...]:
    rows = ROWS if combo is Combination.KNIFFEL else (combo.row,)
    found: list[Place] = []
    for row in rows:
        assert row is not None
        both = combo is Combination.KNIFFEL and row is Row.TWO_PAIRS
        for levels in (1, 2) if both else (1,):
            amount = _place_amount(rules, tokens, row, levels)
            if isinstance(amount, Rejection):
                continue
            top = amount if combo in _RESERVE_COMBOS else 0
            found.extend(Place(row, r, levels) for r in range(top + 1))
    return tuple(found)


def _place_options(rules: Rules, tokens: Tokens, combo: Combination) -> tuple[Place, ...]:
    """Every legal placement of ``combo``'s tokens.

    In row order; for the Two pairs row one column before two; then by
    ``from_reserve`` ascending. For the combinations with a row of their own
    this is at most one placement, with nothing from the reserve.
    """
    return tuple(
        p
        for p in _place_candidates(rules, tokens, combo)
        if _place_problem(rules, tokens, combo, p) is None
    )


def _placement_problem(rules: Rules, tokens: Tokens, combo: Combination) -> Rejection | None:
    """Why ``combo``'s tokens have nowhere to go (``None``: some placement is legal)."""
    if _place_options(rules, tokens, combo):
        return None
    if combo is Combination.KNIFFEL:
        return Rejection.of(
            N_("no row has a free level that your {tokens} can fill"),
            "KA-24",
            tokens=_tokens_word(tokens.left),
        )
    assert combo.row is not None
    amount = _place_amount(rules, tokens, combo.row)
    r = min(tokens.reserve, amount) if combo in _RESERVE_COMBOS and isinstance(amount, int) else 0
    reason = _place_problem(rules, tokens, combo, Place(combo.row, r))
    assert reason is not None
    return reason


# --- playing a combination (action B) -------------------------------------------


def _may_combine(hand: tuple[Card, ...]) -> bool:
    """Whether `plays` can list anything for ``hand`` (``False``: it lists nothing).

    A cheap test on the counts, exact in the ``False`` direction: every
    combination needs three cards of one value or two of each of two values
    (Full House, Three/Four of a kind, Kniffel, Two pairs: at least two cards
    repeat a value), five cards of one colour, or five consecutive values.
    Most hands in play have none of these, and `plays` is skipped for them.
    """
    n = len(hand)
    if n < 3:
        return False
    values = {c.value for c in hand}
    if n - len(values) >= 2:
        return True
    if n < 5:
        return False
    if len(values) >= 5:
        for low in values:
            if low + 1 in values and low + 2 in values and low + 3 in values and low + 4 in values:
                return True
    colours = [c.index % 5 for c in hand]  # the colour's position in card order
    return any(colours.count(colour) >= 5 for colour in range(5))


def _play_objects(hand: tuple[Card, ...]) -> tuple[tuple[Combination, tuple[Play, ...]], ...]:
    """Every play of ``hand``, grouped by combination (`plays` in order, as `Play` objects)."""
    if not _may_combine(hand):
        return ()
    return _cached_play_objects(hand)


@lru_cache(maxsize=4096)
def _cached_play_objects(
    hand: tuple[Card, ...],
) -> tuple[tuple[Combination, tuple[Play, ...]], ...]:
    groups: dict[Combination, list[Play]] = {}
    for combo, cards in fast_plays(hand):  # exactly `plays(hand)`
        groups.setdefault(combo, []).append(_listed_play(combo, cards))
    return tuple((c, tuple(ps)) for c, ps in groups.items())


_new: Final = object.__new__
_set: Final = object.__setattr__


def _listed_play(combo: Combination, cards: tuple[Card, ...]) -> Play:
    """``Play(combo, cards)`` for a set that `plays` lists, without the constructor's checks.

    `plays` gives a `Combination` and distinct cards in card order, so the
    constructor's converter would only swap in the canonical objects of
    `CARDS`; this does that and nothing else.
    """
    play: Play = _new(Play)
    _set(play, "combination", combo)
    _set(play, "cards", tuple([CARDS[c.index] for c in cards]))
    return play


def _playable(state: State) -> tuple[tuple[Combination, tuple[Play, ...]], ...]:
    """The whole plays of the mover's hand whose tokens have somewhere to go, by combination.

    The one enumeration of action B: `_play_actions`, `_whole_plays`, the
    legal `Begin` and `Pick` decisions all read it.
    """
    rules, tokens = state.rules, state.tokens[state.player]
    # `_placement_problem` is None exactly when `_place_options` lists something;
    # asked directly, no refusal is built only to be dropped
    return tuple(
        (combo, group)
        for combo, group in _play_objects(state.hands[state.player])
        if _place_options(rules, tokens, combo)
    )


def _play_actions(state: State) -> tuple[Play, ...]:
    """Every whole `Play` the hand and the board allow now, in the order of `plays`."""
    return tuple(p for _, group in _playable(state) for p in group)


_COMBINATION_CLAUSE: Final = {
    Combination.FULL_HOUSE: "KA-17",
    Combination.COLOUR: "KA-18",
    Combination.THREE_OF_A_KIND: "KA-19",
    Combination.STRAIGHT: "KA-20",
    Combination.TWO_PAIRS: "KA-22",
    Combination.FOUR_OF_A_KIND: "KA-23",
    Combination.KNIFFEL: "KA-24",
}


def _combination_problem(combo: Combination, cards: tuple[Card, ...]) -> Rejection:
    """Why ``cards`` (which `plays` does not list for ``combo``) are not a ``combo``.

    The text is `explain`'s; the clause is the combination's (KA-17..KA-24),
    KA-21 for a straight that wraps round, KA-44 for the wrong number of
    cards or for five (four) equal values as a Full House (Two pairs).
    """
    text = explain(combo, cards)
    values = {c.value for c in cards}
    same = combo in (Combination.FULL_HOUSE, Combination.TWO_PAIRS) and len(values) == 1
    if len(cards) != SIZES[combo] or same:
        rule = "KA-44"
    elif combo is Combination.STRAIGHT and "does not count" in text:
        rule = "KA-21"
    else:
        rule = _COMBINATION_CLAUSE[combo]
    return Rejection(text, rule)


def _play_problem(state: State, play: Play) -> Rejection | None:
    """Why the whole ``play`` may not be played now (``None``: it may). KA-13..KA-25.

    A whole play is made by its decisions (`steps`, KA-62); `problem` refuses
    a `Play` itself with this reason, or for a legal one with how to make it.
    """
    combo = play.combination
    hand = state.hands[state.player]
    cards = play.cards
    if len(set(cards)) != len(cards):
        return Rejection(N_("each card can be played only once"), "KA-01")
    for card in cards:
        if not _holds(hand, card):
            return Rejection.of(N_("{card} is not in your hand"), "KA-13", card=card_names((card,)))
    if not any(c is combo and cs == cards for c, cs in plays(hand)):
        return _combination_problem(combo, cards)
    return _placement_problem(state.rules, state.tokens[state.player], combo)


_PLAY_CLAUSE: Final = "KA-62"
"""The clause of the step-by-step play (``docs/rules/cards.md``): `Begin`, then `Pick` each card."""

_BEGIN: Final = {c: Begin(c) for c in Combination}
_PICK_AT: Final = tuple(Pick(c) for c in CARDS)


def _begun(state: State) -> tuple[Play, ...]:
    """``PICK``: the whole plays of the combination begun that extend the cards picked."""
    combo, picked = state.combination, state.picked
    k = len(picked)
    for c, group in _playable(state):
        if c is combo:
            return tuple(p for p in group if p.cards[:k] == picked)
    return ()


def _whole_plays(state: State) -> tuple[Play, ...]:
    """The whole plays open to the player to move (a player's node of ``state``).

    ``TURN`` (not simpler) and ``SECOND``: every whole play the hand and the
    board allow, in the order `plays` lists them; ``PICK``: those of the
    combination begun that extend the cards picked; otherwise ``()``. Each is
    made by the decisions `steps` gives, and the legal `Begin` and `Pick`
    decisions are read from this very list.
    """
    phase = state.phase
    if phase is Phase.PICK:
        return _begun(state)
    if phase is Phase.SECOND or (phase is Phase.TURN and not state.rules.simpler):
        return _play_actions(state)
    return ()


def steps(play: Play) -> tuple[Begin | Pick, ...]:
    """The decisions that make ``play``: `Begin` its combination, then `Pick` each card in order.

    Examples:
        >>> from kniffel_rules.cards import Card, Combination, Play
        >>> from kniffel_rules.cards.legality import steps
        >>> steps(Play(Combination.THREE_OF_A_KIND, [Card(9, "red"), Card(9, "blue"),
        ...                                          Card(9, "green")]))
        (Begin(Combination.THREE_OF_A_KIND), Pick(Card(9, 'blue')), Pick(Card(9, 'green')), \
Pick(Card(9, 'red')))

    Raises:
        InvalidStateError: ``play`` is not a `Play` (path ``play``).
    """
    if not isinstance(play, Play):
        raise InvalidStateError("play", f"expected a cards Play, got {brief(play)}")
    return (_BEGIN[play.combination], *[_PICK_AT[c.index] for c in play.cards])


def _begin_actions(state: State) -> tuple[Begin, ...]:
    """Every legal `Begin`: the combinations with a whole play now, in `Combination` order."""
    return tuple([_BEGIN[combo] for combo, _ in _playable(state)])


def _begin_problem(state: State, combo: Combination) -> Rejection | None:
    """Why ``combo`` may not be begun now (``None``: it may). KA-14..KA-25, KA-62.

    It may when the hand holds a ``combo`` whose tokens have somewhere to go:
    the same conditions as a whole `Play` of it (`_play_problem`).
    """
    hand = state.hands[state.player]
    for c, _ in _play_objects(hand):
        if c is combo:
            return _placement_problem(state.rules, state.tokens[state.player], combo)
    near = _near_miss(combo, hand)
    if near is None:
        return Rejection.of(
            N_("your hand holds no {combo}"), _COMBINATION_CLAUSE[combo], combo=combo
        )
    reason = _combination_problem(combo, near)  # `explain`'s words for the cards held
    return Rejection.of(
        N_("your hand holds no {combo}: {reason}"), reason.rule, combo=combo, reason=reason
    )


def _near_miss(combo: Combination, hand: tuple[Card, ...]) -> tuple[Card, ...] | None:
    """Cards of ``hand`` that look like a ``combo`` but are none, for the words of a refusal.

    The whole hand when it has the combination's size; for a Straight, five
    values running round from 13 to 1 (KA-21); else ``None``.
    """
    if len(hand) == SIZES[combo]:
        return hand
    if combo is Combination.STRAIGHT:
        by_value = {c.value: c for c in hand}
        for low in (10, 11, 12, 13):
            run = [(low + i - 1) % 13 + 1 for i in range(5)]
            if all(v in by_value for v in run):
                return tuple(by_value[v] for v in run)
    return None


def _pick_actions(state: State) -> tuple[Pick, ...]:
    """``PICK``: every legal `Pick`, in card order.

    The cards that come next in some whole play of the combination begun
    that extends the cards picked (`_whole_plays`): so each is later in card
    order than the last card picked, and the combination can be completed.
    """
    k = len(state.picked)
    return tuple([_PICK_AT[i] for i in sorted({p.cards[k].index for p in _begun(state)})])


def _pick_problem(state: State, card: Card) -> Rejection | None:
    """Why ``card`` may not be picked next (``None``: it may). KA-17..KA-25, KA-62.

    The clause is the combination's; the words say what is wrong with the
    card: not in the hand, picked already, before the last card picked in
    card order (the cards are laid down in card order), or unable to
    complete the combination with the cards of the hand.
    """
    combo = state.combination
    assert combo is not None
    options = _pick_actions(state)
    if _PICK_AT[card.index] in options:
        return None
    then: object = ""
    if options:
        names = [card_names((p.card,)).labels for p in options]
        offered = Named(
            {lang: f" {translate(N_('or'), lang)} ".join(n[lang] for n in names) for lang in LANGS}
        )
        then = Text.of(N_("; pick {cards}"), cards=offered)
    rule = _COMBINATION_CLAUSE[combo]
    picked = state.picked
    if _holds(picked, card):
        return Rejection.of(
            N_("{card} is laid down already{then}"), rule, card=card_names((card,)), then=then
        )
    if not _holds(state.hands[state.player], card):
        return Rejection.of(
            N_("{card} is not in your hand{then}"), rule, card=card_names((card,)), then=then
        )
    later = any(_holds(p.cards[len(picked) + 1 :], card) for p in _begun(state))
    if later or (picked and card.index < picked[-1].index):
        return Rejection.of(
            N_(
                "the cards of {combo} are laid down in card order (by value, then "
                "colour): {card} cannot come next{then}"
            ),
            rule,
            combo=combo,
            card=card_names((card,)),
            then=then,
        )
    if len(picked) + 1 == SIZES[combo]:  # the last card: `explain`'s words for the cards
        return Rejection.of(
            N_("{reason}{then}"), rule, reason=explain(combo, (*picked, card)), then=then
        )
    if picked:
        return Rejection.of(
            N_(
                "{card} cannot complete your {combo} with {cards} from the cards in your hand{then}"
            ),
            rule,
            card=card_names((card,)),
            combo=combo,
            cards=card_names(picked),
            then=then,
        )
    return Rejection.of(
        N_("{card} cannot complete your {combo} from the cards in your hand{then}"),
        rule,
        card=card_names((card,)),
        combo=combo,
        then=then,
    )


def _refuse_play(play: Play) -> Rejection:
    picks = ", then ".join(f"'pick {c}'" for c in play.cards)
    return Rejection.of(
        N_(
            "play a combination step by step: "
            "'begin {combo}', then 'pick ...' for each card ({picks})"
        ),
        _PLAY_CLAUSE,
        combo=play.combination.value,
        picks=Named(
            {lang: picks.replace(", then ", f", {translate(N_('then'), lang)} ") for lang in LANGS}
        ),
    )


# --- exchanging cards for tokens (action C) ---------------------------------------


def _exchanging_problem(state: State) -> Rejection | None:
    """Why the player to move may not exchange a (further) card now (``None``: they may).

    KA-27, KA-52 and, with ``trickier``, KA-35.
    """
    rules, tokens = state.rules, state.tokens[state.player]
    limit = rules.board.rows[_THREE_AT].value(tokens.rows[_THREE_AT])
    done = state.pending if state.phase is Phase.EXCHANGE else 0
    if done >= limit:
        return Rejection.of(
            N_("your Three-of-a-kind row allows {cards} per exchange"),
            "KA-27",
            cards=_cards_word(limit),
        )
    if tokens.reserve == 0:
        return Rejection(N_("your reserve has no tokens left to move into play"), "KA-52")
    if rules.active_limit and tokens.active >= _hand_limit(rules, tokens):
        return Rejection.of(
            N_("your active area may hold at most {limit} tokens (your hand limit)"),
            "KA-35",
            limit=_hand_limit(rules, tokens),
        )
    if not state.hands[state.player]:
        return Rejection(N_("you have no cards to exchange"), "KA-52")
    return None


def _card_problem(card: Card, cards: tuple[Card, ...], where: str, rule: str) -> Rejection | None:
    if not _holds(cards, card):
        return Rejection.of(
            N_("{card} is not in {where}"), rule, card=card_names((card,)), where=Text(where)
        )
    return None


def _exchange_problem(state: State, card: Card) -> Rejection | None:
    """Why ``card`` may not be exchanged now (``None``: it may). KA-27, KA-52."""
    block = _exchanging_problem(state)
    if block is not None:
        return block
    return _card_problem(card, state.hands[state.player], _HAND, "KA-27")


def _exchange_actions(state: State) -> tuple[Exchange, ...]:
    """Every legal `Exchange`, in hand order."""
    if _exchanging_problem(state) is not None:
        return ()
    return tuple([_EXCHANGE_AT[c.index] for c in state.hands[state.player]])


# --- the display and the hand limit -----------------------------------------------


_DISPLAY: Final = N_("the open display")
_HAND: Final = N_("your hand")


def _take_problem(state: State, card: Card) -> Rejection | None:
    """Why ``card`` may not be taken from the display (``None``: it may). KA-10."""
    return _card_problem(card, state.display, _DISPLAY, "KA-10")


def _take_actions(state: State) -> tuple[Take, ...]:
    """Every legal `Take`, in display order."""
    return tuple([_TAKE_AT[c.index] for c in state.display])


def _discard_problem(state: State, card: Card) -> Rejection | None:
    """Why ``card`` may not be discarded (``None``: it may). KA-28."""
    return _card_problem(card, state.hands[state.player], _HAND, "KA-28")


def _discard_actions(state: State) -> tuple[Discard, ...]:
    """Every legal `Discard`, in hand order."""
    return tuple([_DISCARD_AT[c.index] for c in state.hands[state.player]])


# --- setup --------------------------------------------------------------------------


@lru_cache(maxsize=256)
def _setup_order(players: int, start: int, trickier: bool) -> tuple[int, ...]:
    """The seat of each setup placement, in order (KA-06, KA-34, KA-45).

    Basic game: each player in turn order from the start player places their
    3 tokens. Trickier: one token at a time in reverse order, beginning with
    the player to the right of the start player, twice round.
    """
    if trickier:
        ring = tuple((start - 1 - i) % players for i in range(players))
        return ring * 2
    return tuple((start + i) % players for i in range(players) for _ in range(3))


def _setup_problem(state: State, seat: int, row: Row) -> Rejection | None:
    """Why ``seat`` may not put a setup token on ``row`` (``None``: they may). KA-45, KA-55."""
    tokens = state.tokens[seat]
    have = tokens.on(row)
    if have >= 2:
        return Rejection(N_("before the game, at most 2 tokens go in one row"), "KA-45")
    if state.rules.board.row(row).next_spaces(have) != 1:
        return Rejection.of(
            N_(
                "before the game, tokens go on 1-space levels only; "
                "the next level of {row} has more spaces"
            ),
            "KA-45",
            row=row,
        )
    if state.rules.trickier:
        for other, theirs in enumerate(state.tokens):
            if other != seat and theirs.on(row) > have:
                return Rejection.of(
                    N_("{name} already has a token on that space ({row}, level {level})"),
                    "KA-55",
                    name=seat_name(state.names, other),
                    row=row,
                    level=have + 1,
                )
    return None


def _setup_actions(state: State, seat: int) -> tuple[PlaceToken, ...]:
    """Every legal `PlaceToken` for ``seat``, in row order."""
    return tuple(_PLACE_TOKEN[r] for r in ROWS if _setup_problem(state, seat, r) is None)


_PLACE_TOKEN: Final = {r: PlaceToken(r) for r in ROWS}


# --- the parts of a turn: which action each phase expects ----------------------------

_EXPECTED: Final = {  # in the notation players type (cards/notation.py)
    Phase.SETUP: N_("'token ROW' (a setup token)"),
    Phase.TURN: N_("'draw', 'begin COMBINATION' or 'exchange CARD'"),
    Phase.SECOND: N_("'begin COMBINATION', 'exchange CARD' or 'stop'"),
    Phase.PICK: N_("'pick CARD', the next card of the combination begun"),
    Phase.TAKE: N_("'take CARD' from the open display"),
    Phase.PLACE: N_("'place ROW reserve N levels ...' (where the tokens go)"),
    Phase.EXCHANGE: N_("'exchange CARD' or 'stop'"),
    Phase.DISCARD: N_("'discard CARD': your hand is over the limit"),
}


def _said(action: object) -> Any:
    """An action as players write it (`action_to_text`, its menu line in German)."""
    return said(action, action_to_text, __package__)


_PHASE_CLAUSE: Final = {
    Phase.SETUP: "KA-45",
    Phase.TURN: "KA-09",
    Phase.SECOND: "KA-57",
    Phase.TAKE: "KA-47",
    Phase.PICK: _PLAY_CLAUSE,
    Phase.PLACE: "KA-49",
    Phase.EXCHANGE: "KA-52",
    Phase.DISCARD: "KA-51",
}
_CHOSEN: Final = (Phase.TAKE, Phase.PICK, Phase.PLACE, Phase.EXCHANGE, Phase.DISCARD)


def _phase_problem(state: State, action: object) -> Rejection:
    """Why ``action`` is not what the phase of ``state`` (a player's node) expects.

    For an action of the card game at the wrong moment, the clause is the
    rule of the turn it breaks: the simpler turn begins with a draw (KA-57),
    one draw per turn (KA-31), no pass (KA-53), one action per turn (KA-09),
    else the rule of the phase. For any other object the protocol (`kniffel_rules.game.Game`) uses
    the same text with ``PR-01``.
    """
    phase = state.phase
    name = seat_name(state.names, state.player)
    if phase is Phase.TURN and state.rules.simpler:
        return Rejection.of(
            N_("simpler variant: every turn begins with 'draw'; {name} must draw, got {shown}"),
            "KA-57",
            name=name,
            shown=_said(action),
        )
    if phase is Phase.SECOND and isinstance(action, Draw):
        return Rejection.of(
            N_("{name} has drawn already this turn: one draw per turn"), "KA-31", name=name
        )
    if phase is Phase.TURN and isinstance(action, Stop):
        return Rejection(N_("choose one of the three actions: a turn cannot be passed"), "KA-53")
    if phase in _CHOSEN and isinstance(action, (Draw, Play, Begin, Exchange)):
        return Rejection.of(
            N_("{name} has chosen an action already this turn: expected {expected}"),
            "KA-09",
            name=name,
            expected=Text(_EXPECTED[phase]),
        )
    return Rejection.of(
        N_("it is {name}'s turn: expected {expected}, got {shown}"),
        _PHASE_CLAUSE[phase],
        name=name,
        expected=Text(_EXPECTED[phase]),
        shown=_said(action),
    )


def problem(state: State, action: Action) -> Rejection | None:
    """Why ``action`` (a player's action of the card game) is illegal now, or ``None``.

    ``state`` is a player's node. This is the one judge of a decision: the
    protocol (`kniffel_rules.game.Game`) asks it for ``why_illegal`` and ``apply``, and it filters
    `candidates` into the legal actions.
    """
    phase = state.phase
    # the commonest decisions first (the kinds are disjoint: the order is free)
    if isinstance(action, Discard) and phase is Phase.DISCARD:
        return _discard_problem(state, action.card)
    if isinstance(action, Take) and phase is Phase.TAKE:
        return _take_problem(state, action.card)
    if phase is Phase.TURN:
        if isinstance(action, Draw):
            return None
        if state.rules.simpler:
            return _phase_problem(state, action)
    if isinstance(action, Pick) and phase is Phase.PICK:
        return _pick_problem(state, action.card)
    if isinstance(action, Begin) and phase in (Phase.TURN, Phase.SECOND):
        return _begin_problem(state, action.combination)
    if isinstance(action, Play) and phase in (Phase.TURN, Phase.SECOND, Phase.PICK):
        # a whole play is no decision (KA-62): why it is illegal, else how to make it
        return _play_problem(state, action) or _refuse_play(action)
    if isinstance(action, Exchange) and phase in (Phase.TURN, Phase.SECOND, Phase.EXCHANGE):
        return _exchange_problem(state, action.card)
    if isinstance(action, Stop) and phase in (Phase.SECOND, Phase.EXCHANGE):
        return None
    if isinstance(action, Take) and phase is Phase.TAKE:
        return _take_problem(state, action.card)
    if isinstance(action, Discard) and phase is Phase.DISCARD:
        return _discard_problem(state, action.card)
    if isinstance(action, Place) and phase is Phase.PLACE:
        assert state.combination is not None
        return _place_problem(state.rules, state.tokens[state.player], state.combination, action)
    if isinstance(action, PlaceToken) and phase is Phase.SETUP:
        return _setup_problem(state, state.player, action.row)
    return _phase_problem(state, action)


_DRAW: Final = Draw()
_STOP: Final = Stop()


_BEGINS: Final = tuple(_BEGIN.values())


def _exchanges(state: State) -> tuple[Exchange, ...]:
    return tuple([_EXCHANGE_AT[c.index] for c in state.hands[state.player]])


def candidates(state: State) -> tuple[Action, ...]:
    """A superset of the legal actions at a player's node, in the documented order.

    `problem` filters them into the legal actions (``legal_actions`` of the
    engine documents the order).
    """
    phase = state.phase
    if phase is Phase.TURN:
        return (_DRAW, *_BEGINS, *_exchanges(state))
    if phase is Phase.SECOND:
        return (*_BEGINS, *_exchanges(state), _STOP)
    if phase is Phase.PICK:
        return tuple([_PICK_AT[c.index] for c in state.hands[state.player]])
    if phase is Phase.EXCHANGE:
        return (*_exchanges(state), _STOP)
    if phase is Phase.TAKE:
        return _take_actions(state)
    if phase is Phase.DISCARD:
        return _discard_actions(state)
    if phase is Phase.PLACE:
        assert state.combination is not None
        return _place_candidates(state.rules, state.tokens[state.player], state.combination)
    assert phase is Phase.SETUP
    return tuple(_PLACE_TOKEN[r] for r in ROWS)


def listing(state: State) -> tuple[Action, ...]:
    """The legal actions at a player's node, fast: `candidates` that `problem` lets through.

    It calls the same rule functions once per group (a combination's
    placement, the exchange limit) instead of once per action.
    """
    phase = state.phase
    if phase is Phase.TURN:
        if state.rules.simpler:
            return (_DRAW,)
        return (_DRAW, *_begin_actions(state), *_exchange_actions(state))
    if phase is Phase.TAKE:
        return _take_actions(state)
    if phase is Phase.DISCARD:
        return _discard_actions(state)
    if phase is Phase.EXCHANGE:
        return (*_exchange_actions(state), _STOP)
    if phase is Phase.SECOND:
        return (*_begin_actions(state), *_exchange_actions(state), _STOP)
    if phase is Phase.PICK:
        return _pick_actions(state)
    if phase is Phase.PLACE:
        assert state.combination is not None
        return _place_options(state.rules, state.tokens[state.player], state.combination)
    assert phase is Phase.SETUP
    return _setup_actions(state, state.player)
