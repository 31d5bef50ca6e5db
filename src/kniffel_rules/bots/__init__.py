"""Reference players (policies) for the games.

A policy is any callable ``policy(state, legal_actions, rng) -> action``
(`kniffel_rules.Policy`); :func:`kniffel_rules.play` calls it at every
decision of its seat. Write your own as a plain function::

    def always_first(state, actions, rng):
        return actions[0]

This package holds the library's reference players. ``RandomBot`` plays
uniformly at random; ``ClassicGreedy`` plays classic Kniffel by a fast
one-look rule of thumb. ``ExtremeGreedy`` / ``ExtremeExpectimax`` and
``DuelGreedy`` / ``DuelExpectimax`` are the greedy and the strong players of
Kniffel Extreme and of the Duell. ``BoxSheetGreedy`` plays any game on a
plain box sheet (Yatzy) from the sheet its ``INFO.solitaire`` describes.
``WinProbabilityPlayer`` plays classic Kniffel against others to win, not for
the highest average (numpy).
"""

from collections.abc import Callable

from kniffel_rules.bots.boxsheet_greedy import BoxSheetGreedy
from kniffel_rules.bots.cards_bots import CardsGreedy, CardsPlanner
from kniffel_rules.bots.cards_ismcts import CardsISMCTS
from kniffel_rules.bots.classic_greedy import ClassicGreedy
from kniffel_rules.bots.duel_bots import DuelExpectimax, DuelGreedy, DuelHeuristic
from kniffel_rules.bots.extreme_bots import ExtremeExpectimax, ExtremeGreedy, ExtremeHeuristic
from kniffel_rules.bots.master_bots import MasterExpectimax, MasterGreedy, MasterHeuristic
from kniffel_rules.bots.optimal import OptimalSolitaire
from kniffel_rules.bots.simple import RandomBot
from kniffel_rules.bots.winning import WinProbabilityPlayer
from kniffel_rules.playing import Policy

BOTS: dict[str, dict[str, Callable[[], Policy]]] = {
    "classic": {"greedy": ClassicGreedy, "optimal": OptimalSolitaire, "win": WinProbabilityPlayer},
    "extreme": {"greedy": ExtremeGreedy, "strong": ExtremeExpectimax},
    "master": {"greedy": MasterGreedy, "strong": MasterExpectimax},
    "duel": {"greedy": DuelGreedy, "strong": DuelExpectimax},
    "cards": {"greedy": CardsGreedy, "strong": CardsPlanner, "ismcts": CardsISMCTS},
    "yatzy": {"greedy": BoxSheetGreedy, "optimal": OptimalSolitaire},
}
"""The bots of each game by the names the command line's ``--players`` knows.

Every game also takes ``"random"`` (`RandomBot`). A new game with bots adds
its entry here (``docs/protocol.md``, "Adding a game").
"""

__all__ = [
    "BOTS",
    "BoxSheetGreedy",
    "CardsGreedy",
    "CardsISMCTS",
    "CardsPlanner",
    "ClassicGreedy",
    "DuelExpectimax",
    "DuelGreedy",
    "DuelHeuristic",
    "ExtremeExpectimax",
    "ExtremeGreedy",
    "ExtremeHeuristic",
    "MasterExpectimax",
    "MasterGreedy",
    "MasterHeuristic",
    "OptimalSolitaire",
    "RandomBot",
    "WinProbabilityPlayer",
]
