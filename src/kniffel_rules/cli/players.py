"""The bots the command line knows, per game, and the ``--players`` list.

``--players`` is a comma-separated list of seats: a bot's name (``greedy``,
``bot:optimal``) seats that bot, any other name seats a human of that name
(``Ann``; ``you`` as before). A name that is a bot of another game, or a
``bot:`` name no game knows, is refused: it is neither a bot here nor
clearly meant as a person.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from kniffel_rules._common import check_name
from kniffel_rules._i18n import C_, translate
from kniffel_rules.cli.words import say
from kniffel_rules.errors import KniffelError
from kniffel_rules.lang import Lang
from kniffel_rules.playing import Policy
from kniffel_rules.variant import VARIANTS

__all__ = [
    "HUMAN",
    "Seat",
    "advisor",
    "all_bot_names",
    "bot_names",
    "human_name",
    "make_bot",
    "parse_players",
    "seats_from_names",
    "strongest_bot",
]

HUMAN = "Player"
"""The default name of a human seat in ``--players`` (English; see `human_name`)."""


def human_name(lang: Lang) -> str:
    """The default name of a human seat in ``lang`` ("Player"; German "Spieler")."""
    return translate(C_("default player name", "Player"), lang)

_BOT_LABEL = re.compile(r"^(?P<bot>[a-z]+) \((?P<seat>\d+)\)$")


def _bots(game: str) -> dict[str, Callable[[], Policy]]:
    from kniffel_rules.bots import BOTS, RandomBot  # the bots import every game: only when asked

    return {"random": RandomBot, **BOTS.get(game, {})}


def advisor(game: str, kind: str) -> Any:
    """The class of ``game``'s bot ``kind`` (``"optimal"``, ``"win"``) if it advises, else ``None``.

    A bot that advises is built from the rules (``Bot(rules)``) and ranks a
    state's actions (``advise(state)``): the hints of ``play`` ask the bots
    registry (`kniffel_rules.bots.BOTS`) which game has one.
    """
    found = _bots(game).get(kind)
    return found if callable(getattr(found, "advise", None)) else None


def bot_names(game: str) -> tuple[str, ...]:
    """The bot names usable in ``--players`` for ``game``."""
    return tuple(_bots(game))


def all_bot_names() -> frozenset[str]:
    """Every bot name of any game (a name no human may take)."""
    return frozenset(name for game in VARIANTS for name in bot_names(game))


def strongest_bot(game: str) -> str:
    """The name of the strongest bot of ``game``.

    "optimal" for classic, "ismcts" for the card game (it beats "strong",
    docs/benchmarks.md), "strong" for the other games.
    """
    names = bot_names(game)
    for name in ("optimal", "ismcts", "strong", "greedy"):
        if name in names:
            return name
    return names[-1]


def make_bot(game: str, name: str, lang: Lang = "en", rules: Any = None) -> Policy:
    """A fresh bot ``name`` for ``game`` and its ``rules`` (``None``: the rulebook's).

    Raises:
        KniffelError: No such bot for that game (said in ``lang``).
    """
    if name not in _bots(game):
        known = ", ".join(bot_names(game))
        raise KniffelError(say("unknown_bot", lang, name=name, game=game, known=known))
    from kniffel_rules.bots import make_bot as build  # the bots import every game

    return build(game, name, rules, lang=lang)


class Seat:
    """One entry of ``--players``: a bot or a human at the keyboard.

    Attributes:
        label: The name shown on the screen and written in the game
            ("greedy (2)" for a bot, "Ann" for a human).
        bot: The policy, or None for a human.
        bot_name: The bot's name ("greedy"), ``""`` for a human.
    """

    def __init__(self, label: str, bot: Policy | None, bot_name: str = "") -> None:
        self.label = label
        self.bot = bot
        self.bot_name = bot_name

    @property
    def human(self) -> bool:
        """Whether a person plays this seat."""
        return self.bot is None


def _bot_seat(game: str, name: str, seat: int, lang: Lang, rules: Any) -> Seat:
    return Seat(f"{name} ({seat + 1})", make_bot(game, name, lang, rules), name)


def parse_players(game: str, spec: str, *, humans: bool = False, lang: Lang = "en",
                  rules: Any = None) -> list[Seat]:  # fmt: skip
    """Read ``--players``: bot names (``bot:NAME`` forces a bot) and human names.

    Args:
        game: The game's registry name.
        spec: The comma-separated list.
        humans: Whether humans may play (``kniffel play``); elsewhere
            every name must be a bot.
        lang: The language of the refusals.
        rules: The game's rules the bots play (``None``: the rulebook's).

    Raises:
        KniffelError: An empty list, an unknown bot, a human where none can
            play, two humans of one name, or a name that is a bot of
            another game only.
    """
    names = [n.strip() for n in spec.split(",") if n.strip()]
    if not names:
        raise KniffelError(say("no_players", lang))
    here = bot_names(game)
    known = ", ".join(here)
    seats: list[Seat] = []
    people: list[str] = []
    for i, raw in enumerate(names):
        if raw.startswith("bot:"):
            seats.append(_bot_seat(game, raw.removeprefix("bot:").strip(), i, lang, rules))
        elif raw in here:
            seats.append(_bot_seat(game, raw, i, lang, rules))
        elif not humans:
            raise KniffelError(say("unknown_bot", lang, name=raw, game=game, known=known))
        elif raw.lower() in all_bot_names() or _BOT_LABEL.match(raw):
            raise KniffelError(say("bot_of_another_game", lang, name=raw, game=game, known=known))
        else:
            check_name(raw, "--players")
            people.append(raw)
            seats.append(Seat(raw, None))
    if humans:
        doubles = sorted({p for p in people if people.count(p) > 1})
        if len(doubles) == 1 and doubles[0] in (HUMAN, human_name(lang)):  # numbered: "Player 1"
            count = 0
            for seat in seats:
                if seat.human:
                    count += 1
                    seat.label = f"{doubles[0]} {count}"
        elif doubles:
            raise KniffelError(say("two_people", lang, name=doubles[0]))
    return seats


def seats_from_names(game: str, names: tuple[str, ...], lang: Lang = "en",
                     rules: Any = None) -> list[Seat]:  # fmt: skip
    """The seats of a saved game: a bot's label ("greedy (2)") is that bot, any other a human.

    ``rules`` are the saved game's, which its bots play (``None``: the rulebook's).

    Raises:
        KniffelError: A bot label naming no bot of ``game``.
    """
    seats = []
    for name in names:
        match = _BOT_LABEL.match(name)
        if match:
            seats.append(Seat(name, make_bot(game, match["bot"], lang, rules), match["bot"]))
        else:
            seats.append(Seat(name, None))
    return seats
