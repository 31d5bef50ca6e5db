"""Duell states as a stable, validated document (a dict or JSON text), and its check.

The document (``"format": "kniffel-rules/duel-state"``, ``"version": 1``):

```text
{"format": "kniffel-rules/duel-state", "version": 1,
 "rules": {"adjacency": "linear", "match_wins": 1},
 "players": [{"name": "Blue", "jokers": 2, "supply": 9},
             {"name": "Red", "jokers": 0, "supply": 11}],
 "board": {"ones": "centre", "twos": "blue_space", ..., "kniffel": "red_hole"},
 "phase": "roll_off" | "throw" | "decide" | "over",
 "player": 0, "dice": [1, 3, 3, 5, 6], "rolls": 1, "jokers_used": 0,
 "first_player": 0 | null,
 "roll_off": {"contenders": [0, 1], "faces": [4]} | null,
 "results": [0, 1]}
```

``players[i].jokers`` are the joker tiles seat ``i`` holds, ``supply`` the
tiles of that seat's colour left in the supply. ``board`` gives the spot of
every area's disc by ``Area.key``: ``"centre"``, ``"blue_space"``,
``"red_space"``, ``"blue_hole"`` or ``"red_hole"``. ``results`` lists the
winner of each finished game of the match. `to_dict` gives the document as
a dict, `to_json` as compact text. `from_dict` accepts nothing that
``apply`` could not have produced: every field is checked, and so is every
invariant of a reachable state (the numbered list "Reachable states" on
``docs/rules/duel.md``, cited here as R1..R11); every failure is an
`InvalidStateError` naming the field path.

Limits: the document's size and nesting depth are those of every reader
(`kniffel_rules.limits`), for a dict given to `from_dict` as for text
(`kniffel_rules._json.check_tree`); a name has at most `limits.MAX_NAME_LENGTH`
characters, through the same check as `new_game`'s; a game has two players.
`from_json` reads the text with the library's JSON reader, then as
`from_dict` does, with the same errors.
"""

from __future__ import annotations

from typing import Any, Final

from kniffel_rules import _json
from kniffel_rules._common import check_name
from kniffel_rules._dicewire import Turn
from kniffel_rules._i18n import N_, Named, Text
from kniffel_rules.duel.engine import GAME
from kniffel_rules.duel.legality import _board_win
from kniffel_rules.duel.pieces import (
    AREAS,
    COLOUR_LABELS,
    HOLES,
    JOKERS_PER_COLOUR,
    SPACES,
    START_BOARD,
    Area,
    Spot,
)
from kniffel_rules.duel.rules import Rules
from kniffel_rules.duel.state import Phase, State
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.game import Document

__all__ = ["FORMAT", "VERSION", "from_dict", "from_json", "to_dict", "to_json"]

FORMAT = "kniffel-rules/duel-state"
"""The ``format`` tag of a Duell state document."""
VERSION = 1
"""The version of the state document written by `to_dict` and `to_json`."""

_FIELDS = (
    "rules", "players", "board", "phase", "player", "dice", "rolls", "jokers_used",
    "first_player", "roll_off", "results",
)  # fmt: skip


def _write(state: State) -> dict[str, Any]:
    return {
        "rules": state.rules.to_dict(),
        "players": [
            {"name": name, "jokers": jokers, "supply": supply}
            for name, jokers, supply in zip(state.names, state.jokers, state.supply, strict=True)
        ],
        "board": {a.key: s.value for a, s in zip(AREAS, state.board, strict=True)},
        **Turn.of(state).to_dict(),
        "jokers_used": state.jokers_used,
        "results": list(state.results),
    }


_SPOTS = {s.value: s for s in Spot}


def _read_player(value: Any, path: str) -> tuple[str, int, int]:
    p = _json.get_object(value, path, required=("name", "jokers", "supply"))
    name = check_name(p["name"], f"{path}.name")
    jokers = _json.get_int(p, "jokers", path, 0, JOKERS_PER_COLOUR)
    supply = _json.get_int(p, "supply", path, 0, JOKERS_PER_COLOUR)
    if jokers + supply != JOKERS_PER_COLOUR:
        raise InvalidStateError(
            f"{path}.supply",
            Text.of(
                N_("a colour has {tiles} joker tiles: {jokers} in hand + {supply} in the supply"),
                tiles=JOKERS_PER_COLOUR,
                jokers=jokers,
                supply=supply,
            ),
        )
    return name, jokers, supply


def _read_board(value: Any, path: str) -> tuple[Spot, ...]:
    b = _json.get_object(value, path, required=[a.key for a in AREAS])
    board = []
    for area in AREAS:
        key = f"{path}.{area.key}"
        raw = _json.get_str(b, area.key, path, tuple(_SPOTS))
        spot = _SPOTS[raw]
        if not area.has_spaces and spot in (Spot.BLUE_SPACE, Spot.RED_SPACE):
            raise InvalidStateError(key, N_("the Kniffel area has no spaces, only holes"))
        board.append(spot)
    return tuple(board)


def _read(doc: dict[str, Any]) -> State:
    rules = Rules.from_dict(doc["rules"])
    players = _json.get_list(doc, "players", "", _read_player, length=2)
    board = _read_board(doc["board"], "board")
    turn = Turn.from_dict(doc, 2)
    jokers_used = _json.get_int(doc, "jokers_used", "", 0, JOKERS_PER_COLOUR)
    results = _json.get_list(
        doc,
        "results",
        "",
        lambda v, p: _json.check_int(v, p, 0, 1),
        max_length=2 * rules.match_wins - 1,
    )
    return State(
        rules,
        tuple(name for name, _, _ in players),
        board,
        **turn.fields(),
        jokers=tuple(j for _, j, _ in players),
        supply=tuple(s for _, _, s in players),
        jokers_used=jokers_used,
        results=results,
    )


def _check_results(state: State) -> None:
    """R4: the results of a match that is going on, or that just ended."""
    wins = state.games_won
    need = state.rules.match_wins
    if state.phase is Phase.OVER:
        if not state.results or wins[state.results[-1]] != need or min(wins) >= need:
            raise InvalidStateError(
                "results",
                Text.of(
                    N_("a finished match ends when a player has won {games}"),
                    games=Text.counted(need, N_("{n} game"), N_("{n} games")),
                ),
            )
    elif max(wins) >= need:
        raise InvalidStateError(
            "results",
            Text.of(
                N_("{games} won: the match would be over"),
                games=Text.counted(need, N_("{n} game"), N_("{n} games")),
            ),
        )


def _check_consistency(state: State) -> None:
    """The relations between fields that ``apply`` always keeps (R4..R11)."""
    _check_results(state)
    turn = Turn.of(state)
    if turn.seated() is None:
        _check_roll_off(state, turn)
        return
    if state.phase is Phase.OVER:
        _check_over(state, turn)
        return
    if any(_board_win(state.board, p, state.rules) for p in (0, 1)):
        raise InvalidStateError("board", N_("a player has won: the game would be over"))
    _check_turn(state, turn)
    _check_hands(state)


def _check_roll_off(state: State, turn: Turn) -> None:
    """R5: a roll-off happens at the setup of a game, before anything else."""
    if state.board != START_BOARD or state.jokers != (0, 0) or state.jokers_used or not turn.idle:
        raise InvalidStateError("phase", N_("a roll-off happens before anything else of a game"))


def _check_turn(state: State, turn: Turn) -> None:
    """R8, R9: the dice, the throws and the jokers spent fit the moment of the turn."""
    turn.check_dice()
    if state.jokers_used and (state.phase is Phase.THROW or state.rolls == 0):
        raise InvalidStateError("jokers_used", N_("jokers are spent only after the final roll"))
    if state.jokers_used > state.supply[state.player]:
        raise InvalidStateError(
            "jokers_used", N_("the jokers spent this turn are back in the player's supply")
        )


def _moved_to(board: tuple[Spot, ...], seat: int) -> bool:
    """Whether a disc lies on ``seat``'s space or in their hole: where only their moves put one."""
    return SPACES[seat] in board or HOLES[seat] in board


def _first_turn_only(state: State, hands: list[int]) -> bool:
    """R10: the second player is to move and only the first player has had a turn (one)."""
    first = state.first_player
    assert first is not None
    if state.player == first or hands[state.player]:
        return False
    moved = [a for a, s in zip(AREAS, state.board, strict=True) if s is not Spot.CENTRE]
    if not moved:  # the one turn was a miss: one tile taken
        return hands[first] == 1
    area = moved[0]
    one_step = HOLES[first] if area is Area.KNIFFEL else SPACES[first]
    return len(moved) == 1 and state.board[area.value] is one_step and hands[first] == 0


def _check_hands(state: State) -> None:
    """R10: who has had a turn, and how the last one ended, fit the tiles in hand.

    A miss always leaves its player at least one tile, a player's own move
    puts a disc only on their space or in their hole, and no disc ever
    returns to the centre line. The tiles of the player to move are counted
    at the start of the turn (those in hand and those spent this turn).
    """
    mover, other = state.player, 1 - state.player
    hands = list(state.jokers)
    hands[mover] += state.jokers_used
    if state.board == START_BOARD and hands == [0, 0] and mover == state.first_player:
        return  # nobody has had a turn yet
    if _first_turn_only(state, hands):
        return
    # Both players have had a turn; one who holds no tile moved a disc in their last turn.
    if not hands[other] and not _moved_to(state.board, other):
        raise InvalidStateError(
            f"players[{other}].jokers",
            Text.of(
                N_(
                    "{colour} has had a turn and holds no joker tile, so that turn moved a disc, "
                    "but no disc lies on {colour}'s space or in their hole (a miss leaves a tile "
                    "in hand)"
                ),
                colour=Named(COLOUR_LABELS[other]),
            ),
        )
    if not hands[mover] and not _moved_to(state.board, mover) and SPACES[other] not in state.board:
        raise InvalidStateError(
            f"players[{mover}].jokers",
            Text.of(
                N_(
                    "{colour} has had a turn and held no joker tile at the start of this one, so "
                    "their last turn moved a disc, but none lies on {colour}'s space or hole, nor "
                    "on {other}'s space (a miss leaves a tile in hand)"
                ),
                colour=Named(COLOUR_LABELS[mover]),
                other=Named(COLOUR_LABELS[other]),
            ),
        )


def _check_over(state: State, turn: Turn) -> None:
    """R11: the game ended with the move that won it, and the loser's tiles fit."""
    turn.check_over()
    if state.jokers_used:
        raise InvalidStateError("dice", N_("no dice, rolls or player once the game is over"))
    board, rules = state.board, state.rules
    winner = state.results[-1]
    loser = 1 - winner
    if not _board_win(board, winner, rules) or _board_win(board, loser, rules):
        raise InvalidStateError("board", N_("only the last game's winner has a winning board"))
    hole = HOLES[winner]
    if not any(
        not _board_win(_taken_back(board, area, winner), winner, rules)
        for area, spot in zip(AREAS, board, strict=True)
        if spot is hole
    ):
        raise InvalidStateError(
            "board",
            Text.of(
                N_(
                    "the game stops at the first win, but {colour} would still have won without "
                    "any one of their secured discs (more than the last move could secure)"
                ),
                colour=Named(COLOUR_LABELS[winner]),
            ),
        )
    if not state.jokers[loser] and not _moved_to(board, loser):
        raise InvalidStateError(
            f"players[{loser}].jokers",
            Text.of(
                N_(
                    "{colour} holds no joker tile, so their last turn moved a disc, but none lies "
                    "on {colour}'s space or in their hole"
                ),
                colour=Named(COLOUR_LABELS[loser]),
            ),
        )


def _taken_back(board: tuple[Spot, ...], area: Area, seat: int) -> tuple[Spot, ...]:
    """The board before ``seat`` secured the disc of ``area`` (Kniffel's came from the centre)."""
    before = list(board)
    before[area.value] = SPACES[seat] if area.has_spaces else Spot.CENTRE
    return tuple(before)


_DOCUMENT: Final = Document(GAME, FORMAT, VERSION, _FIELDS, _write, _read, _check_consistency)
to_dict = _DOCUMENT.to_dict
to_json = _DOCUMENT.to_json
from_dict = _DOCUMENT.from_dict
from_json = _DOCUMENT.from_json
