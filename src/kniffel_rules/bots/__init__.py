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
from typing import Any

from kniffel_rules._text import brief
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
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.lang import Lang, check_lang
from kniffel_rules.playing import Policy
from kniffel_rules.variant import VARIANTS, get_variant

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
its entry here (``docs/protocol.md``, "Adding a game"). Build one with
`make_bot`, which gives the bots of `BUILT_FROM_RULES` the game's rules.
"""

BUILT_FROM_RULES: frozenset[Callable[..., Policy]] = frozenset(
    {OptimalSolitaire, WinProbabilityPlayer}
)
"""The bots whose first argument is the game's ``Rules``: they play those rules only
(their tables are solved for them); every other bot plays any rules of its game."""


def make_bot(game: str, name: str, rules: Any = None, *, lang: Lang = "en") -> Policy:
    """A fresh bot of ``game`` by its name in `BOTS` (or ``"random"``), for ``rules``.

    Args:
        game: A game of the registry (``"yatzy"``).
        name: The bot's name (``"optimal"``).
        rules: The game's ``Rules`` the bot will play (``None``: the
            rulebook's); a bot of `BUILT_FROM_RULES` is made for them.
        lang: The language of what the bot reports while it prepares
            (`OptimalSolitaire`'s progress while it computes a table).

    Raises:
        InvalidStateError: No registered game of that name (path ``game``), or
            no bot of that name for it (path ``name``).
        UnknownLanguageError: ``lang`` is not a language of the library.
    """
    lang = check_lang(lang)
    if not isinstance(game, str) or game not in VARIANTS:
        raise InvalidStateError("game", f"unknown game {brief(game)}")
    factories: dict[str, Callable[..., Policy]] = {"random": RandomBot, **BOTS.get(game, {})}
    factory = factories.get(name) if isinstance(name, str) else None
    if factory is None:
        raise InvalidStateError(
            "name", f"unknown bot {brief(name)} for {game}; known bots: {', '.join(factories)}"
        )
    if factory in BUILT_FROM_RULES:
        for_rules = get_variant(game).Rules() if rules is None else rules
        if factory is OptimalSolitaire:  # the bot that reports its work (a table computed)
            return OptimalSolitaire(for_rules, lang=lang)
        return factory(for_rules)
    return factory()


__all__ = [
    "BOTS",
    "BUILT_FROM_RULES",
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
    "make_bot",
]
