"""``kniffel advise --game G``: every game with an exact solitaire player is advised.

The position is judged by the game (``INFO.position``); Yatzy refuses by its
``YA-`` clauses. Tables built here are forced-order Yatzy's (well under a
second); plain Yatzy's (seconds) is under ``slow``.
"""

from __future__ import annotations

import io

import pytest

from kniffel_rules import VARIANTS, classic, get_variant, yatzy
from kniffel_rules.boxsheet import SolitairePosition
from kniffel_rules.cli import main
from kniffel_rules.cli.advise import advisable, position
from kniffel_rules.errors import InvalidStateError, KniffelError

FORCED = '{"forced_order": true}'
DICE = "1,2,3,4,5"


def _advise(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    status = main(["advise", "--game", "yatzy", *args], out=out)
    return status, out.getvalue()


def _refusal(filled: list[str], bonus: int = 0, rules: yatzy.Rules | None = None) -> str:
    with pytest.raises(KniffelError) as caught:
        position(DICE, 1, filled, bonus, rules or yatzy.Rules())
    return str(caught.value)


def test_advise_serves_the_games_with_an_exact_solitaire_player() -> None:
    assert advisable() == [n for n in VARIANTS if get_variant(n).INFO.solitaire is not None]
    assert {"classic", "yatzy"} <= set(advisable())
    for name in advisable():
        assert isinstance(get_variant(name).INFO.position, SolitairePosition)


def test_the_choices_of_game_are_the_advised_games(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["advise", "--game", "nonesuch", "--dice", DICE, "--rolls-left", "1"])
    err = capsys.readouterr().err
    assert all(repr(name) in err for name in advisable())


@pytest.mark.parametrize(
    ("typed", "box"),
    [
        ("two_pairs=10", yatzy.Box.TWO_PAIRS),
        ("Zwei Paare=10", yatzy.Box.TWO_PAIRS),
        ("to par=10", yatzy.Box.TWO_PAIRS),
        ("kåk=17", yatzy.Box.FULL_HOUSE),
        ("Einser=3", yatzy.Box.ONES),
        ("YATZY=50", yatzy.Box.YATZY),
    ],
)
def test_yatzy_boxes_are_read_the_way_the_game_reads_them(typed: str, box: yatzy.Box) -> None:
    state = position(DICE, 1, [typed], 0, yatzy.Rules())
    assert isinstance(state, yatzy.State)
    assert state.sheets[0][box.value] == int(typed.rsplit("=", 1)[1])
    assert sum(v is not None for v in state.sheets[0]) == 1
    assert yatzy.from_json(yatzy.to_json(state)) == state
    assert (state.dice, state.rolls, state.phase) == ((1, 2, 3, 4, 5), 2, yatzy.Phase.DECIDE)


@pytest.mark.parametrize(
    ("filled", "clause"),
    [
        pytest.param(["twos=7"], "YA-07", marks=pytest.mark.rule("YA-07")),
        pytest.param(["one_pair=3"], "YA-09", marks=pytest.mark.rule("YA-09")),
        pytest.param(["two_pairs=9"], "YA-10", marks=pytest.mark.rule("YA-10")),
        pytest.param(["small_straight=20"], "YA-13", marks=pytest.mark.rule("YA-13")),
        pytest.param(["full_house=30"], "YA-15", marks=pytest.mark.rule("YA-15")),
        pytest.param(["yatzy=25"], "YA-17", marks=pytest.mark.rule("YA-17")),
        pytest.param(["ones=1", "Einser=2"], "YA-06", marks=pytest.mark.rule("YA-06")),
    ],
)
def test_a_value_no_dice_score_is_refused_by_the_box_clause(filled: list[str], clause: str) -> None:
    message = _refusal(filled)
    assert message.startswith("--filled: ")
    assert f"({clause}" in message


@pytest.mark.rule("YA-19")
def test_the_house_rules_widen_what_a_box_holds() -> None:
    assert "(YA-15)" in _refusal(["full_house=5"])
    state = position(DICE, 1, ["full_house=5"], 0, yatzy.Rules(yatzy_counts_as_full_house=True))
    assert state.sheets[0][yatzy.Box.FULL_HOUSE.value] == 5


@pytest.mark.rule("YA-17")
def test_yatzy_has_no_extra_bonus() -> None:
    message = _refusal(["yatzy=50"], 50)
    assert message.startswith("--extra-bonus: ") and "(YA-17)" in message


@pytest.mark.rule("YA-18")
def test_a_full_sheet_is_refused() -> None:
    every = [f"{box.key}=0" for box in yatzy.Box]
    message = _refusal(every)
    assert message.startswith("--filled: every box is filled") and "(YA-18)" in message


@pytest.mark.rule("YA-21")
def test_forced_order_refuses_a_box_filled_below_an_open_one() -> None:
    forced = yatzy.Rules(forced_order=True)
    message = _refusal(["ones=1", "threes=3"], 0, forced)
    assert message.startswith("--filled: ") and "(YA-21)" in message
    assert "Threes" in message and "Twos" in message
    state = position(DICE, 0, ["ones=1", "twos=2"], 0, forced)
    assert state.rolls == 3
    position(DICE, 0, ["ones=1", "threes=3"], 0, yatzy.Rules())  # free order: fine


def test_the_hook_refuses_rules_of_another_game_and_hostile_keys() -> None:
    build = yatzy.INFO.position.build  # type: ignore[union-attr]
    with pytest.raises(InvalidStateError) as caught:
        build(classic.Rules(), (1, 2, 3, 4, 5), 1, (), 0)
    assert caught.value.path == "rules"
    with pytest.raises(InvalidStateError) as caught:
        build(yatzy.Rules(), (1, 2, 3, 4, 5), 1, (("sevens", 7),), 0)
    assert caught.value.path == "filled"
    with pytest.raises(InvalidStateError) as caught:
        build(yatzy.Rules(), (1, 2, 3, 4, 9), 1, (), 0)
    assert caught.value.path == "" and "no game reaches this position" in str(caught.value)
    with pytest.raises(InvalidStateError) as caught:
        classic.INFO.position.build(yatzy.Rules(), (1, 2, 3, 4, 5), 1, (), 0)  # type: ignore[union-attr]
    assert caught.value.path == "rules"


def test_a_refusal_on_the_command_line_is_status_2_with_the_clause(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, text = _advise("--dice", DICE, "--rolls-left", "1", "--filled", "twos=7")
    assert (status, text) == (2, "")
    assert "(YA-07)" in capsys.readouterr().err


def _rows(text: str) -> list[tuple[float, str]]:
    rows = []
    for line in text.splitlines()[2:]:
        value, action = line.split(maxsplit=1)
        rows.append((float(value.replace(",", ".")), action))  # German: a decimal comma
    return rows


@pytest.mark.parametrize(
    ("lang", "first", "head"),
    [
        ("en", "Dice 1 2 3 4 5, 1 roll left", ["expected", "final", "score", "action"]),
        ("de", "Würfel 1 2 3 4 5, noch 1 Wurf", ["erwartete", "Endsumme", "Zug"]),
    ],
)
def test_a_forced_order_position_is_advised_by_the_optimal_player(
    lang: str, first: str, head: list[str]
) -> None:
    pytest.importorskip("kniffel_rules.bots.optimal")
    from kniffel_rules.bots import OptimalSolitaire

    status, text = _advise("--dice", DICE, "--rolls-left", "1", "--filled", "ones=1,Zweier=4",
                           "--rules", FORCED, "--top", "0", "--lang", lang)  # fmt: skip
    assert status == 0
    lines = text.splitlines()
    assert (lines[0], lines[1].split()) == (first, head)
    rules = yatzy.Rules(forced_order=True)
    state = position(DICE, 1, ["ones=1", "twos=4"], 0, rules)
    expected = OptimalSolitaire(rules, progress=False).advise(state)
    assert len(expected) == len(yatzy.legal_actions(state))
    assert _rows(text) == [
        (round(item.value, 2), yatzy.render_action(item.action, lang=lang))  # type: ignore[arg-type]
        for item in expected
    ]


def test_the_optimal_player_advises_a_kit_game_state() -> None:
    """Failed before: the player read ``sheet.entries``, classic's, of a kit game's tuple."""
    pytest.importorskip("kniffel_rules.bots.optimal")
    from kniffel_rules.bots import OptimalSolitaire

    rules = yatzy.Rules(forced_order=True)
    start = yatzy.new_game(1, rules=rules)
    bot = OptimalSolitaire(rules, progress=False)
    ((roll, value),) = bot.advise(start)
    assert roll == yatzy.Roll() and value == pytest.approx(bot.expected_score())
    state = yatzy.apply(yatzy.apply(start, roll), yatzy.DiceRoll((2, 2, 2, 5, 6)))
    advice = bot.advise(state)
    assert [a.action for a in advice] == sorted(
        yatzy.legal_actions(state), key=lambda a: -dict(advice)[a]
    )


@pytest.mark.parametrize("lang", ["en", "de"])
def test_opponents_are_refused_for_a_game_the_coach_does_not_play(
    lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, text = _advise("--dice", DICE, "--rolls-left", "1", "--opponents", "200",
                           "--lang", lang)  # fmt: skip
    assert (status, text) == (2, "")
    err = capsys.readouterr().err
    assert "--opponents" in err and "Yatzy" in err and "Kniffel" in err
    assert ("win-probability" in err) == (lang == "en")
    assert ("Sieg" in err) == (lang == "de")
    assert "solving" not in err  # refused before any table is built


@pytest.mark.slow  # plain Yatzy's value table: about 10-20 s with numpy on first use
def test_a_plain_yatzy_position_is_advised() -> None:
    from kniffel_rules.bots import OptimalSolitaire

    status, text = _advise("--dice", "2,2,5,6,6", "--rolls-left", "2", "--filled",
                           "chance=20", "--top", "3")  # fmt: skip
    assert status == 0
    state = position("2,2,5,6,6", 2, ["chance=20"], 0, yatzy.Rules())
    best = OptimalSolitaire(yatzy.Rules(), progress=False).advise(state)[:3]
    assert _rows(text) == [(round(a.value, 2), yatzy.render_action(a.action)) for a in best]
