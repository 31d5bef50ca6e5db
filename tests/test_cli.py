"""The kniffel command line, end to end through main()."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from kniffel_rules import VARIANTS, get_variant
from kniffel_rules.cli import main


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    status = main(list(argv), out=out)
    return status, out.getvalue()


def test_show_prints_a_seeded_game_and_the_sheets() -> None:
    status, text = run("show", "--players", "greedy,random", "--seed", "7")
    assert status == 0
    assert "Kniffel (classic), seed 7" in text
    assert "Total" in text and "Winner:" in text
    assert text == run("show", "--players", "greedy,random", "--seed", "7")[1]


def test_show_with_rules() -> None:
    status, text = run("show", "--players", "greedy", "--rules", '{"croatian": true}')
    assert status == 0
    assert "Maximum" in text and "Full House" not in text


def test_simulate_table_and_json() -> None:
    status, text = run("simulate", "--players", "greedy,random", "--games", "30", "--seed", "3")
    assert status == 0 and "win rate" in text
    status, text = run(
        "simulate", "--players", "greedy,random", "--games", "30", "--seed", "3", "--json"
    )
    doc = json.loads(text)
    assert [p["bot"] for p in doc["players"]] == ["greedy (1)", "random (2)"]
    assert abs(sum(p["win_rate"] for p in doc["players"]) - 1) < 1e-9
    greedy = doc["players"][0]
    assert greedy["win_rate_ci95"][0] <= greedy["win_rate"] <= greedy["win_rate_ci95"][1]


@pytest.mark.parametrize(
    "argv",
    [
        ["show", "--players", "chess"],
        ["show", "--rules", "{nope"],
        ["show", "--rules", '{"joker": "wild"}'],
        ["simulate", "--games", "0"],
    ],
)
def test_bad_input_exits_2_with_a_message(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    status, _ = run(*argv)
    assert status == 2
    assert "kniffel: error:" in capsys.readouterr().err


def test_python_dash_m() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "kniffel_rules", "show", "--seed", "2"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0 and "Winner:" in proc.stdout


EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"


@pytest.mark.parametrize(
    ("name", "status", "problems"),
    [
        ("classic-ok.json", 0, 0),
        ("classic-rolls.json", 0, 0),
        ("extreme-rolls.json", 0, 0),
        ("classic-wrong.json", 1, 4),
        ("classic-rolls-wrong.json", 1, 2),
    ],
)
def test_verify_the_documented_examples(name: str, status: int, problems: int) -> None:
    code, text = run("verify", str(EXAMPLES / name))
    assert code == status
    assert text.startswith(str(EXAMPLES / name))
    assert ("OK" in text) == (problems == 0)
    assert text.count("\n  - ") == problems
    code, text = run("verify", "--json", str(EXAMPLES / name))
    (doc,) = json.loads(text)
    assert code == status and len(doc["findings"]) == problems


def test_verify_in_german_prints_every_finding_in_german() -> None:
    name = str(EXAMPLES / "classic-wrong.json")
    code, text = run("verify", "--lang", "de", name)
    findings = [line for line in text.splitlines() if line.startswith("  - ")]
    assert code == 1 and len(findings) == 4
    assert "In Full House steht 20, aber in Full House kann nur 0 oder 25 stehen. [CL-12]" in text
    assert not any(w in text for w in (" should ", " holds ", " but ", "game 1"))  # no English
    _, english = run("verify", name)
    assert english != text and "Full House holds 20" in english
    _, as_json = run("verify", "--lang", "de", "--json", name)  # the document stays the library's
    _, json_en = run("verify", "--json", name)
    assert as_json == json_en


def test_verify_several_files_and_unreadable_input(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"variant": "classic", "players": [{"name": "A", "games": [{"twos": "6"}]}]}')
    code, text = run("verify", str(EXAMPLES / "classic-ok.json"), str(bad), str(tmp_path / "no"))
    assert code == 2
    assert "players[0].games[0].twos" in text and "cannot read" in text
    code, _ = run("verify", str(EXAMPLES / "classic-ok.json"), str(EXAMPLES / "classic-wrong.json"))
    assert code == 1


def test_show_every_game() -> None:
    for game in VARIANTS:
        if get_variant(game).INFO.hidden_information:
            continue  # the card game's show is tested on its own
        status, text = run("show", "--game", game, "--players", "random,random", "--seed", "4")
        assert status == 0, game
        assert "Winner:" in text and "Final scores:" in text


def test_simulate_does_not_depend_on_the_number_of_workers() -> None:
    args = ["simulate", "--game", "classic", "--players", "greedy,random", "--games", "6",
            "--seed", "9", "--json"]  # fmt: skip
    one = json.loads(run(*args, "--workers", "1")[1])
    two = json.loads(run(*args, "--workers", "2")[1])
    assert one == two


def test_advise_lists_actions_best_first() -> None:
    pytest.importorskip("kniffel_rules.bots.optimal")
    status, text = run("advise", "--dice", "1,3,3,5,6", "--rolls-left", "2", "--top", "3")
    assert status == 0
    lines = text.splitlines()[2:]  # the position, the columns' labels, the actions
    values = [float(line.split()[0]) for line in lines]
    assert len(values) == 3 and values == sorted(values, reverse=True)
    status, text = run("advise", "--dice", "6,6,6,6,6", "--rolls-left", "0",
                       "--filled", "kniffel=50,sixes=24", "--top", "0")  # fmt: skip
    assert status == 0 and "score Sixes" not in text and "score Chance" in text


@pytest.mark.parametrize(
    "argv",
    [
        ["advise", "--dice", "1,2,3", "--rolls-left", "1"],
        ["advise", "--dice", "1,2,3,4,5", "--rolls-left", "3"],
        ["advise", "--dice", "1,2,3,4,5", "--rolls-left", "1", "--filled", "twos=7"],
        ["advise", "--dice", "1,2,3,4,5", "--rolls-left", "1", "--filled", "sevens=7"],
        ["show", "--game", "duel", "--players", "optimal"],
        ["simulate", "--players", "you"],
        ["simulate", "--workers", "0"],
    ],
)
def test_more_bad_input(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert run(*argv)[0] == 2
    assert "kniffel: error:" in capsys.readouterr().err
