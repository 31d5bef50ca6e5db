"""Every named bot is made for the game and the rules it plays (`kniffel_rules.bots.make_bot`).

The bots solved for one set of rules (`BUILT_FROM_RULES`: the exact solitaire
player and the player to win) were made with no rules by the command line,
`simulate` and the Gymnasium opponents, so they played classic's rulebook
whatever the game: Yatzy's ``optimal`` stopped at its first decision
("expected a classic State"), and classic's under any house rule.
"""

from __future__ import annotations

import io
from typing import Any

import pytest

import kniffel_rules
from kniffel_rules import InvalidStateError, classic, yatzy
from kniffel_rules.bots import BOTS, BUILT_FROM_RULES, RandomBot, make_bot
from kniffel_rules.cli import main
from kniffel_rules.cli.players import parse_players, seats_from_names
from kniffel_rules.simulation import _policy

NAMES = [(g, name) for g in kniffel_rules.VARIANTS for name in ("random", *BOTS.get(g, {}))]


@pytest.mark.parametrize(("game", "name"), NAMES)
def test_every_named_bot_is_made_for_its_game_s_rules(game: str, name: str) -> None:
    bot: Any = make_bot(game, name)
    factory = RandomBot if name == "random" else BOTS[game][name]
    if factory in BUILT_FROM_RULES:
        assert bot.rules == kniffel_rules.get_variant(game).Rules()
    assert callable(bot) and type(bot) is factory


def test_a_bot_built_from_rules_plays_the_rules_given() -> None:
    free = classic.Rules(joker="free")
    for name in ("optimal", "win"):
        made: Any = make_bot("classic", name, free)
        assert made.rules.joker == "free"
    forced = yatzy.Rules(forced_order=True)
    made = make_bot("yatzy", "optimal", forced)
    assert made.rules == forced


@pytest.mark.parametrize("name", ["optimal", "", "greedy ", None, ["greedy"]])
def test_an_unknown_bot_is_named(name: Any) -> None:
    with pytest.raises(InvalidStateError) as info:
        make_bot("master", name)
    assert info.value.path == "name"
    assert str(info.value).endswith("for master; known bots: random, greedy, strong")


def test_the_simulation_and_the_command_line_make_bots_for_the_game_s_rules() -> None:
    forced = yatzy.Rules(forced_order=True)
    bot: Any = _policy("yatzy", "optimal", forced, 0, "en")
    assert bot.rules == forced
    seat = parse_players("yatzy", "Ann,optimal", humans=True, rules=forced)[1]
    made: Any = seat.bot
    assert seat.bot_name == "optimal" and made.rules == forced
    made = seats_from_names("yatzy", ("Ann", "optimal (2)"), rules=forced)[1].bot
    assert made.rules == forced
    made = parse_players("yatzy", "optimal")[0].bot
    assert made.rules == yatzy.Rules()


@pytest.mark.slow
def test_yatzy_s_optimal_player_plays_a_whole_game_at_the_command_line() -> None:
    out = io.StringIO()
    assert main(["show", "--game", "yatzy", "--players", "optimal", "--seed", "3"], out=out) == 0
    assert "Winner: optimal (1)" in out.getvalue()
    result = kniffel_rules.simulate("yatzy", ["optimal", "random"], games=2, seed=1)
    assert len(result.games) == 2


@pytest.mark.parametrize("game", ["nope", "", None, ["classic"], {"a": 1}])
def test_an_unknown_game_is_named(game: Any) -> None:
    with pytest.raises(InvalidStateError) as info:
        make_bot(game, "random")
    assert info.value.path == "game"
