"""``kniffel advise``: the position read in both languages, impossible ones refused by clause."""

from __future__ import annotations

import io
import re

import pytest

from kniffel_rules.classic import Box, Rules
from kniffel_rules.cli import main
from kniffel_rules.cli.advise import advise, position
from kniffel_rules.errors import KniffelError
from kniffel_rules.lang import UnknownLanguageError

DICE = "1,3,3,5,6"


def _refusal(filled: list[str], bonus: int = 0, rules: Rules | None = None) -> str:
    with pytest.raises(KniffelError) as caught:
        position(DICE, 1, filled, bonus, rules or Rules())
    return str(caught.value)


@pytest.mark.parametrize(
    ("typed", "box"),
    [
        ("dreierpasch=20", Box.THREE_OF_A_KIND),
        ("Kleine Straße=30", Box.SMALL_STRAIGHT),
        ("kleine strasse=30", Box.SMALL_STRAIGHT),
        ("Small straight=30", Box.SMALL_STRAIGHT),
        ("small_straight=30", Box.SMALL_STRAIGHT),
        ("FULL_HOUSE=25", Box.FULL_HOUSE),
        ("Fünfer=15", Box.FIVES),
        ("fuenfer=15", Box.FIVES),
        ("Einser=3", Box.ONES),
        ("fh=25", Box.FULL_HOUSE),
    ],
)
def test_filled_boxes_by_english_and_german_names(typed: str, box: Box) -> None:
    value = int(typed.rsplit("=", 1)[1])
    state = position(DICE, 1, [typed], 0, Rules())
    assert state.sheets[0][box] == value
    assert state.sheets[0].filled() == 1


def test_several_items_and_repeated_flags() -> None:
    state = position(DICE, 2, ["einser=3, Zweier=6", "chance=22"], 0, Rules())
    assert (state.sheets[0][Box.ONES], state.sheets[0][Box.TWOS]) == (3, 6)
    assert state.sheets[0][Box.CHANCE] == 22
    assert state.rolls == 1


def test_an_unknown_box_lists_the_keys() -> None:
    message = _refusal(["sevens=7"])
    assert message.startswith("--filled: unknown box 'sevens'; boxes: ones, twos")


def test_a_box_given_twice_is_refused() -> None:
    assert "(CL-07" in _refusal(["ones=1", "Einser=2"])


@pytest.mark.parametrize(
    ("filled", "clause"),
    [
        (["twos=7"], "CL-08"),
        (["full house=20"], "CL-12"),
        (["kniffel=40"], "CL-15"),
        (["dreierpasch=4"], "CL-10"),
    ],
)
def test_a_value_the_box_cannot_hold_names_the_scoring_clause(
    filled: list[str], clause: str
) -> None:
    message = _refusal(filled)
    assert message.startswith("--filled: ") and f"({clause})" in message


def test_every_box_filled_is_the_end_of_the_game() -> None:
    full = "ones=3,twos=6,threes=9,fours=12,fives=15,sixes=18,dreierpasch=20,viererpasch=0,"
    full += "fh=25,ks=30,gs=40,kniffel=50,chance=20"
    assert "(CL-23)" in _refusal([full])


@pytest.mark.parametrize(
    ("filled", "bonus", "clause"),
    [
        (["kniffel=50", "twos=10"], 30, "CL-44"),  # not a multiple of 50
        (["kniffel=50", "twos=10"], 75, "CL-44"),
        ([], 50, "CL-17"),  # no Kniffel yet
        (["kniffel=0", "twos=10"], 50, "CL-22"),  # a struck Kniffel box earns no bonus
        (["kniffel=50"], 50, "CL-18"),  # no box holds the extra Kniffel
        (["kniffel=50", "twos=10"], 100, "CL-18"),  # two bonuses, one box
        (["kniffel=50", "twos=8"], 50, "CL-18"),  # Twos 8 is no five of a kind
    ],
)
def test_impossible_extra_bonuses_name_the_clause(
    filled: list[str], bonus: int, clause: str
) -> None:
    message = _refusal(filled, bonus)
    assert message.startswith("--extra-bonus: "), message
    assert f"({clause})" in message, message


def test_the_bonus_clause_follows_the_joker_mode_and_the_options() -> None:
    free = Rules(joker="free")
    assert "(CL-42)" in _refusal(["kniffel=50"], 100, free)
    assert "(CL-44)" in _refusal(["kniffel=50", "twos=10"], 50, Rules(extra_kniffel_bonus=0))
    assert "(CL-44)" in _refusal(["kniffel=50", "twos=10"], 50, Rules(extra_kniffel_bonus=100))
    lax = Rules(extra_bonus_requires_fifty=False)
    assert position(DICE, 1, ["kniffel=0", "twos=10"], 50, lax).sheets[0].extra_bonus == 50


def test_croatian_positions() -> None:
    croatian = Rules(croatian=True)
    assert "(CL-30)" in _refusal(["dreierpasch=20"], 0, croatian)
    assert "(CL-31)" in _refusal(["ones=5"], 50, croatian)
    assert position(DICE, 1, ["maximum=25", "Minimum=7"], 0, croatian).sheets[0].filled() == 2


def test_a_negative_bonus_and_possible_bonuses() -> None:
    assert _refusal(["kniffel=50"], -50).startswith("--extra-bonus: -50 is negative")
    state = position(DICE, 1, ["kniffel=50", "twos=10", "Sechser=30"], 100, Rules())
    assert state.sheets[0].extra_bonus == 100


def test_bad_dice_and_rolls_are_refused() -> None:
    with pytest.raises(KniffelError, match="--dice"):
        position("1,2,3", 1, [], 0, Rules())
    with pytest.raises(KniffelError, match="--dice"):
        position("a,b", 1, [], 0, Rules())
    with pytest.raises(KniffelError, match="--rolls-left"):
        position(DICE, 3, [], 0, Rules())


def test_the_command_line_refuses_with_status_2_and_the_clause(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = io.StringIO()
    status = main(
        ["advise", "--dice", DICE, "--rolls-left", "1", "--filled", "kniffel=0",
         "--extra-bonus", "50"],
        out=out,
    )  # fmt: skip
    assert status == 2
    assert "CL-22" in capsys.readouterr().err
    assert out.getvalue() == ""


# --- the output (the optimal solver answers) ---

REPR = re.compile(r"\w+\(|Box\.")


@pytest.mark.parametrize(
    ("lang", "first", "head"),
    [
        ("en", "Dice 1 3 3 5 6, 2 rolls left", ["expected", "final", "score", "action"]),
        ("de", "Würfel 1 3 3 5 6, noch 2 Würfe", ["erwartete", "Endsumme", "Zug"]),
    ],
)
def test_the_columns_are_labelled_and_the_actions_phrased(
    lang: str, first: str, head: list[str]
) -> None:
    pytest.importorskip("kniffel_rules.bots.optimal")
    out = io.StringIO()
    assert advise(DICE, 2, ["dreierpasch=20"], 0, Rules(), 4, out, lang=lang) == 0  # type: ignore[arg-type]
    lines = out.getvalue().splitlines()
    assert lines[0] == first
    assert lines[1].split() == head
    rows = lines[2:]
    assert len(rows) == 4
    point = "," if lang == "de" else "."  # German writes a decimal comma
    values = [float(row.split()[0].replace(point, ".")) for row in rows]
    assert values == sorted(values, reverse=True)
    keep = "keep" if lang == "en" else "behalten"
    assert any(keep in row for row in rows)
    assert not REPR.search(out.getvalue())
    width = len(lines[1]) - len(lines[1].lstrip()) + len(" ".join(head[:-1]))
    assert all(row.index(point) + 3 == width for row in rows)


def test_all_actions_with_top_zero_and_score_phrases() -> None:
    pytest.importorskip("kniffel_rules.bots.optimal")
    out = io.StringIO()
    advise("6,6,6,6,6", 0, ["kniffel=50", "sechser=24"], 0, Rules(), 0, out, lang="de")
    rows = out.getvalue().splitlines()[2:]
    assert len(rows) == 6  # a joker: the open lower boxes (CL-19)
    assert all(row.endswith("eintragen") for row in rows)
    assert not any("Sechser" in row for row in rows)
    assert out.getvalue().splitlines()[0] == "Würfel 6 6 6 6 6, kein Wurf mehr"


def test_a_bad_language_is_refused() -> None:
    with pytest.raises(UnknownLanguageError):
        advise(DICE, 1, [], 0, Rules(), 3, io.StringIO(), lang="fr")  # type: ignore[arg-type]


def test_opponents_must_be_scores() -> None:
    with pytest.raises(KniffelError, match="--opponents: 'a,b' is not scores like 231,198"):
        advise(DICE, 1, [], 0, Rules(), 5, io.StringIO(), opponents="a,b")


@pytest.mark.slow  # the win player's moment table: about 20 s of CPU on first use
def test_against_finished_opponents_the_actions_rank_by_the_chance_to_win(
    capsys: pytest.CaptureFixture[str],
) -> None:
    filled = ["--filled", "ones=3,twos=6,threes=9,fours=12,fives=15,sixes=18,three_of_a_kind=20",
              "--filled", "four_of_a_kind=0,full_house=25,small_straight=30,large_straight=40,"
              "kniffel=0"]  # fmt: skip
    out = io.StringIO()
    assert main(["advise", "--dice", "6,6,6,5,5", "--rolls-left", "0", *filled,
                 "--opponents", "230", "--lang", "en"], out=out) == 0  # fmt: skip
    lines = out.getvalue().splitlines()
    assert lines[1].split() == ["P(win)", "expected", "final", "score", "action"]
    wins = [float(line.split("%")[0]) for line in lines[2:]]
    assert wins == sorted(wins, reverse=True) and len(wins) == 1  # only Chance is open
    # 3+6+9+12+15+18 = 63: bonus 35; lower 20+0+25+30+40+0 = 115; Chance 28: 241 > 230
    assert wins[0] == 100.0
    assert "Chance" in lines[2]
    assert "working out the chances to win" in capsys.readouterr().err  # the wait is announced
