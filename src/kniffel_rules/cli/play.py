"""``kniffel show`` (bots only, narrated) and ``kniffel play`` (a human at the keyboard)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, TextIO

from kniffel_rules import CHANCE, classic, extreme
from kniffel_rules.cli.players import Seat
from kniffel_rules.cli.views import describe, sheet_table
from kniffel_rules.errors import KniffelError
from kniffel_rules.variant import Variant

__all__ = ["play_game"]


class _Narrator:
    """Prints a game as it goes: one line per turn for the sheet games, else per action."""

    def __init__(self, labels: Sequence[str], out: TextIO) -> None:
        self.labels = labels
        self.out = out
        self.throws: list[tuple[int, ...]] = []

    def chance(self, before: Any, after: Any, outcome: Any) -> None:
        roll_off = getattr(before, "roll_off", None)
        if roll_off is not None:
            face = outcome.values[0]
            print(f"  roll-off: {self.labels[roll_off.thrower]} throws {face}", file=self.out)
            if getattr(after, "roll_off", None) is None:
                print(f"  {self.labels[after.player]} starts.", file=self.out)
        elif isinstance(after, (classic.State, extreme.State)) and after.rolls:
            self.throws.append(after.dice)

    def action(self, game: Variant, player: int, before: Any, action: Any, after: Any) -> None:
        label = self.labels[player]
        if isinstance(action, (classic.Score, extreme.Score)):
            gained = game.scores(after)[player] - game.scores(before)[player]
            dice = " -> ".join("".join(map(str, d)) for d in self.throws)
            print(f"{label:>14}: {dice:<24} {action.box.label:<17} {gained:+d}", file=self.out)
            self.throws = []
        elif not isinstance(action, (classic.Roll, extreme.Roll)):
            print(f"{label:>14}: {action!r}", file=self.out)


def _hint(state: Any, out: TextIO) -> None:
    if not isinstance(state, classic.State):
        print("hints exist for classic Kniffel only", file=out)
        return
    try:
        from kniffel_rules.bots.optimal import OptimalSolitaire

        advice = OptimalSolitaire(state.rules).advise(state)
    except KniffelError as exc:
        print(f"no hint: {exc}", file=out)
        return
    for item in advice[:5]:
        print(f"  {item.action!r}: expected final score {item.value:.2f}", file=out)


def _ask(state: Any, actions: tuple[Any, ...], game: Variant, labels: Sequence[str],
         stdin: TextIO, out: TextIO) -> Any:  # fmt: skip
    print("\n" + describe(game, state, labels), file=out)
    for i, action in enumerate(actions, 1):
        print(f"  {i:>3}. {action!r}", file=out)
    while True:
        print("Your choice (number, 'hint' or 'quit'): ", end="", file=out, flush=True)
        line = stdin.readline()
        if not line:
            raise KniffelError("the input ended before the game did")
        text = line.strip().lower()
        if text in ("q", "quit", "exit"):
            raise KniffelError("game abandoned")
        if text in ("h", "hint"):
            _hint(state, out)
            continue
        if text.isdigit() and 1 <= int(text) <= len(actions):
            return actions[int(text) - 1]
        print(f"please type a number from 1 to {len(actions)}", file=out)


def play_game(game: Variant, seats: list[Seat], seed: int, rules: Any, stdin: TextIO,
              out: TextIO) -> Any:  # fmt: skip
    """Play one game with these seats, narrating it; returns the final state."""
    labels = [s.label for s in seats]
    rng = random.Random(seed)
    state = game.new_game(players=labels, rules=rules)
    narrator = _Narrator(labels, out)
    while not game.is_terminal(state):
        player = game.current_player(state)
        if player == CHANCE:
            outcome = game.sample_chance(state, rng)
            after = game.apply(state, outcome)
            narrator.chance(state, after, outcome)
            state = after
            continue
        actions = game.legal_actions(state)
        bot = seats[player].bot
        if bot is None:
            action = _ask(state, actions, game, labels, stdin, out)
        else:
            action = bot(state, actions, rng)
        after = game.apply(state, action)
        narrator.action(game, player, state, action, after)
        state = after
    print(file=out)
    table = sheet_table(state, labels)
    if table:
        print(table, file=out)
    scores = ", ".join(f"{lab}: {s}" for lab, s in zip(labels, game.scores(state), strict=True))
    print(f"\nFinal scores: {scores}", file=out)
    print(f"Winner: {', '.join(labels[w] for w in game.winners(state))}", file=out)
    return state
