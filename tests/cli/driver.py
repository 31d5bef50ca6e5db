"""A typist for ``kniffel play``: reads the screen, answers each prompt with words.

At a decision it first types ``save FILE``, reads the game record back and
types the canonical text of the action a bot chooses there (always words,
never a menu number): the whole game is then played through
``parse_action``. Where saving is refused (the card game between people,
before its end) it follows the game itself instead (``follow``): the table's
seed gives chance's stream, as `kniffel_rules.cli.play.Table` draws it.
With ``check_hidden`` it also checks, for the card game, that the screen
since the previous prompt shows no card of another hand that the person at
the keyboard never saw.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

from kniffel_rules import cards, record_from_json, record_to_json
from kniffel_rules._types import CHANCE
from kniffel_rules.cli.players import make_bot
from kniffel_rules.playing import GameRecord, game_generators
from kniffel_rules.variant import get_variant

REPR = re.compile(r"\b[A-Z]\w*\((?:\w+=|'|\d)|\b[A-Z][a-z]+\.[A-Z_]{2,}\b|<\w+\.\w+")
"""What a Python repr looks like: ``State(rules=``, ``Card(7, 'red')``, ``Box.ONES``."""

_CARD = re.compile(r"\b(blue|green|purple|red|yellow|blau|grün|lila|rot|gelb) (\d{1,2})\b")
_DE = {"blau": "blue", "grün": "green", "lila": "purple", "rot": "red", "gelb": "yellow"}


def cards_shown(text: str) -> set[str]:
    """Every card named in ``text``, as ``"red 7"``."""
    return {f"{_DE.get(c, c)} {v}" for c, v in _CARD.findall(text)}


class Typist:
    """Answers the prompts of one ``kniffel play`` session.

    Attributes:
        moves: How many actions it typed.
        extra: Words to type first, one per prompt (``hint``, ``undo``...).
    """

    def __init__(self, path: Path, game: str, *, seed: int = 0, bot: str = "greedy",
                 extra: tuple[str, ...] = (), check_hidden: bool = False,
                 max_moves: int = 10_000,
                 follow: tuple[tuple[str, ...], int] | None = None) -> None:  # fmt: skip
        self.path = path
        self.follow = follow  # (the people's names, the table's --seed): no saving
        if follow is not None:
            names, table_seed = follow
            model = get_variant(game)
            self._initial = model.new_game(players=list(names))
            self._state = self._initial
            self._actions: list[Any] = []
            self._chance, _ = game_generators(table_seed, len(names))
        self.game = game
        self.bot = make_bot(game, bot)
        self.rng = random.Random(seed)
        self.extra = list(extra)
        self.check_hidden = check_hidden
        self.max_moves = max_moves
        self.moves = 0
        self.saved = False
        self.seen = 0  # how much of the screen was checked
        self.checked_hands = 0

    def answer(self, screen: str) -> str | None:
        """The next line to type after ``screen`` (all output so far); None to stop."""
        tail = screen.rstrip(" ").splitlines()[-1] if screen.strip() else ""
        if "press Enter" in tail or "Enter drücken" in tail:
            return ""
        if "Enter to go back" in tail or "Enter für zurück" in tail:
            return "1"
        if self.extra:
            return self.extra.pop(0)
        if self.follow is None and not self.saved:
            self.saved = True
            return f"save {self.path}"
        self.saved = False
        if self.moves >= self.max_moves:
            return None
        game = get_variant(self.game)
        if self.follow is None:
            record = record_from_json(self.path.read_text(encoding="utf-8"))
        else:
            record = self._followed(game)
        state = record.final
        if self.check_hidden:
            self._check_hidden(record, screen)
        action = self.bot(state, game.legal_actions(state), self.rng)
        self.moves += 1
        if self.follow is not None:
            self._played(game, action)
        return game.action_to_text(action)

    def _followed(self, game: Any) -> GameRecord:
        """The game up to the person's decision (chance drawn, single choices made: the table's)."""
        while not game.is_terminal(self._state):
            if game.current_player(self._state) == CHANCE:
                self._played(game, game.sample_chance(self._state, self._chance))
                continue
            actions = game.legal_actions(self._state)
            if len(actions) > 1:
                break
            self._played(game, actions[0])
        return GameRecord(self._initial, tuple(self._actions), self._state, self.game)

    def _played(self, game: Any, action: Any) -> None:
        self._state = game.apply(self._state, action)
        self._actions.append(action)

    def _check_hidden(self, record: Any, screen: str) -> None:
        state = record.final
        me = cards.current_player(state)
        doc = record_to_json(record, player=me)  # what this seat saw
        known = cards_shown(doc.replace('"', " ")) | {str(c) for c in state.hands[me]}
        hidden = {str(c) for p, hand in enumerate(state.hands) if p != me for c in hand} - known
        shown = cards_shown(screen[self.seen :])
        assert not shown & hidden, f"the screen showed hidden cards {shown & hidden}"
        self.seen = len(screen)
        self.checked_hands += 1
