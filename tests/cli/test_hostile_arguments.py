"""Hostile command-line arguments: exit status 2 and one line on stderr, never a traceback.

Issue 26, item 5: every path of the ``kniffel`` command that reads JSON or a
number from its arguments (or a file, or the menu of ``play``) goes through
the library's readers: ``--rules`` through `kniffel_rules._json.loads` (its
depth and size limits), numbers through `kniffel_rules.cli.arguments`.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kniffel_rules.cli import main
from kniffel_rules.cli.arguments import MAX_DIGITS, choice, number, number_list
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.limits import MAX_DEPTH, MAX_DOCUMENT_LENGTH

ADVISE = ["advise", "--dice", "1,2,3,4,5", "--rolls-left", "1"]
SHOW = ["show", "--players", "random,random", "--seed", "3"]
DEEP_ARRAY = "[" * 100_000 + "]" * 100_000
DEEP_OBJECT = '{"a":' * 100_000 + "1" + "}" * 100_000
HUGE = "9" * 5_000
FIXTURE = HealthCheck.function_scoped_fixture


def run(argv: list[str], capsys: pytest.CaptureFixture[str], stdin: str = "") -> tuple[int, str]:
    """The exit status and standard error of the command (argparse's exits included)."""
    capsys.readouterr()
    try:
        status = main(argv, out=io.StringIO(), stdin=io.StringIO(stdin))
    except SystemExit as stop:
        status = int(stop.code or 0)
    return status, capsys.readouterr().err


def refused(argv: list[str], capsys: pytest.CaptureFixture[str], stdin: str = "") -> str:
    """The one line the command printed to stderr when it refused ``argv`` (status 2)."""
    status, err = run(argv, capsys, stdin)
    assert status == 2, err
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert "Traceback" not in err
    return err.rstrip("\n")


@pytest.mark.parametrize(
    "command",
    [
        SHOW,
        ADVISE,
        ["play", "--players", "greedy,greedy"],
        ["simulate", "--games", "1"],
    ],
    ids=["show", "advise", "play", "simulate"],
)
@pytest.mark.parametrize(
    ("rules", "message"),
    [
        (DEEP_ARRAY, f"kniffel: error: --rules: nested deeper than {MAX_DEPTH} levels"),
        (DEEP_OBJECT, f"kniffel: error: --rules: nested deeper than {MAX_DEPTH} levels"),
        ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "kniffel: error: --rules: "),
        ('{"a":' * (MAX_DEPTH + 1) + "1" + "}" * (MAX_DEPTH + 1), "kniffel: error: --rules: "),
        ('{"joker": "free", "joker": "none"}', "kniffel: error: --rules: the key 'joker' appears"),
        ('{"games": NaN}', "kniffel: error: --rules: not valid JSON (NaN is not a JSON number)"),
        ('{"games": ' + HUGE + "}", "kniffel: error: --rules: not valid JSON ("),
        (" " * (MAX_DOCUMENT_LENGTH + 1), "kniffel: error: --rules: the document is longer than"),
        ("[1]", "kniffel: error: --rules is a JSON object of rule options"),
        ("{nope", "kniffel: error: --rules: not valid JSON ("),
    ],
    ids=[
        "deep-array",
        "deep-object",
        "depth-33",
        "objects-33",
        "duplicate",
        "nan",
        "huge-int",
        "too-long",
        "array",
        "broken",
    ],
)
def test_bad_rules_json_exits_2_with_one_line(
    command: list[str], rules: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    line = refused([*command, "--rules", rules], capsys)
    assert line.startswith(message), line
    assert len(line) < 500


def test_the_deepest_allowed_rules_are_read_and_judged_as_rules(
    capsys: pytest.CaptureFixture[str],
) -> None:
    nested = '{"joker": ' + "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1) + "}"
    line = refused([*SHOW, "--rules", nested], capsys)
    assert line.startswith("kniffel: error: rules.joker: ")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["show", "--seed", HUGE], "kniffel show: error: argument --seed: expected a whole number"),
        (["show", "--seed", "1_000"], "kniffel show: error: argument --seed: expected a whole"),
        (
            ["show", "--seed", "\u0661\u0662"],
            "kniffel show: error: argument --seed: expected a whole number",
        ),
        (["simulate", "--games", HUGE], "kniffel simulate: error: argument --games: expected"),
        (["simulate", "--workers", "2.5"], "kniffel simulate: error: argument --workers: expected"),
        ([*ADVISE[:3], "--rolls-left", HUGE], "kniffel advise: error: argument --rolls-left: "),
        ([*ADVISE, "--rolls-left", "5"], "kniffel: error: --rolls-left is 0, 1 or 2"),
        ([*ADVISE, "--top", "-3"], "kniffel: error: --top: -3 is below the minimum 0"),
        ([*ADVISE, "--top", HUGE], "kniffel advise: error: argument --top: expected a whole"),
        ([*ADVISE, "--extra-bonus", HUGE], "kniffel advise: error: argument --extra-bonus: "),
        ([*ADVISE, "--filled", "ones=²"], "kniffel: error: --filled: 'ones=²' needs a number"),
        ([*ADVISE, "--filled", "ones=" + HUGE], "kniffel: error: --filled: 'ones=9999"),
        ([*ADVISE, "--filled", "ones=1e3"], "kniffel: error: --filled: 'ones=1e3' needs a number"),
        ([*ADVISE, "--filled", "x" * 10_000 + "=3"], "kniffel: error: --filled: unknown box 'xxx"),
        (["advise", "--rolls-left", "1", "--dice", "1,2,3,4," + HUGE], "kniffel: error: --dice: "),
        (["advise", "--rolls-left", "1", "--dice", "1,2,3,4,\u0665"], "kniffel: error: --dice: "),
        ([*ADVISE, "--opponents", HUGE + "0"], "kniffel: error: --opponents: '9999"),
        ([*ADVISE, "--opponents", "True"], "kniffel: error: --opponents: 'True' is not scores"),
        ([*ADVISE, "--opponents", "-5"], "kniffel: error: --opponents: '-5' is not scores"),
        ([*ADVISE, "--opponents", ","], "kniffel: error: --opponents: expected 1 to 999 final"),
        (
            [*ADVISE, "--opponents", ",".join(["200"] * 1000)],
            "kniffel: error: --opponents: expected 1 to 999 final scores like 231,198, got 1000",
        ),
        (
            ["show", "--players", ",".join(["random"] * 5000)],
            "kniffel: error: --players: this game",
        ),
    ],
)
def test_bad_numbers_exit_2_with_one_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    line = refused(argv, capsys)
    assert line.startswith(message), line
    assert len(line) < 500


@settings(max_examples=60, deadline=None, suppress_health_check=[FIXTURE])
@given(text=st.text(max_size=40) | st.from_regex(r"\A[-+ ]?[0-9\u0660-\u0669_]{0,120}\Z"))
def test_any_number_text_is_read_or_refused_in_one_line(
    text: str, capsys: pytest.CaptureFixture[str]
) -> None:
    for option in ("--top", "--extra-bonus", "--rolls-left"):
        status, err = run([*ADVISE, option, text], capsys)
        assert status in (0, 2)
        if status == 2:
            assert err.count("\n") == 1 and "Traceback" not in err, err


@settings(max_examples=60, deadline=None, suppress_health_check=[FIXTURE])
@given(text=st.text(max_size=60) | st.recursive(st.just("1"), lambda s: s.map(lambda t: f"[{t}]")))
def test_any_rules_text_is_read_or_refused_in_one_line(
    text: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, err = run([*ADVISE, "--rules", text], capsys)
    assert status in (0, 2)
    if status == 2:
        assert err.count("\n") == 1 and "Traceback" not in err, err


def test_the_menu_of_play_never_raises_on_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    moves = "\n".join(["²", HUGE, "\u0663", "0", "-1", "99999", "1_0", "quit"]) + "\n"
    status, err = run(["play", "--players", "you,greedy", "--seed", "1"], capsys, moves)
    assert status == 0, err
    assert err == ""


def test_verify_reads_no_more_than_a_document(capsys: pytest.CaptureFixture[str]) -> None:
    status, _ = run(["verify", "-"], capsys, " " * (MAX_DOCUMENT_LENGTH + 5))
    assert status == 2
    status, _ = run(["verify", "-"], capsys, DEEP_ARRAY)
    assert status == 2


def test_resume_reads_no_more_than_a_document(
    capsys: pytest.CaptureFixture[str], tmp_path: pytest.TempPathFactory
) -> None:
    path = tmp_path / "deep.json"  # type: ignore[operator]
    path.write_text(DEEP_ARRAY, encoding="utf-8")
    line = refused(["play", "--resume", str(path)], capsys)
    assert line.startswith("kniffel: error: --resume: ")


@pytest.mark.parametrize(
    ("text", "expected"),
    [("1", 1), ("+7", 7), ("-7", -7), (" 12 ", 12), ("9" * MAX_DIGITS, int("9" * MAX_DIGITS))],
)
def test_number_reads_ascii_whole_numbers(text: str, expected: int) -> None:
    assert number(text, "--x") == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("9" * (MAX_DIGITS + 1), "--x: expected a whole number of at most 100 digits, got '999"),
        ("1_0", "--x: expected a whole number of at most 100 digits, got '1_0'"),
        ("²", "--x: expected a whole number of at most 100 digits, got '²'"),
        ("", "--x: expected a whole number of at most 100 digits, got ''"),
        ("3\n4", "--x: expected a whole number of at most 100 digits, got '3\\n4'"),
        ("-1", "--x: -1 is below the minimum 0"),
    ],
)
def test_number_refuses_naming_the_option(text: str, message: str) -> None:
    with pytest.raises(InvalidStateError) as info:
        number(text, "--x", 0)
    assert str(info.value).startswith(message)
    assert "\n" not in str(info.value)


def test_number_list_names_the_item() -> None:
    assert number_list(" 1, 2,,3 ", "--d", example="1,2") == [1, 2, 3]
    with pytest.raises(
        InvalidStateError, match=r"^--d\[1\]: expected a whole number .* \(e\.g\. 1,2\)$"
    ):
        number_list("1,x", "--d", example="1,2")


@given(st.text(max_size=12), st.integers(0, 50))
def test_choice_is_a_menu_number_or_none(text: str, count: int) -> None:
    picked = choice(text, count)
    if picked is not None:
        assert 1 <= picked <= count and str(picked) == text.lstrip("0")


def test_lang_before_the_command_is_the_command_s(capsys: pytest.CaptureFixture[str]) -> None:
    """``kniffel --lang de show`` does what ``kniffel show --lang de`` does ("invalid choice")."""
    for before, after in (
        (["--lang", "de", *SHOW], [*SHOW, "--lang", "de"]),
        (["--lang=de", *SHOW], [*SHOW, "--lang=de"]),
    ):
        first, second = io.StringIO(), io.StringIO()
        assert main(before, out=first) == main(after, out=second) == 0
        assert first.getvalue() == second.getvalue()
        assert "Auswürfeln" in first.getvalue()
    out = io.StringIO()
    assert main(["--lang", "de"], out=out) == 0
    assert out.getvalue().startswith("Aufruf: kniffel")
    out = io.StringIO()
    assert main(["--version", "--lang", "de"], out=out) == 0
    assert out.getvalue().startswith("kniffel ")
    assert "invalid choice: 'xx'" in refused(["--lang", "xx", *SHOW], capsys)


def test_an_empty_players_list_is_refused_not_the_default(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--players ""`` named no seat: it played the default table (``play``) or a bot "Player"."""
    for command in ("show", "play"):
        line = refused([command, "--players", "", "--lang", "de"], capsys)
        assert line == "kniffel: Fehler: --players braucht mindestens einen Spieler"


def test_an_unwritable_json_file_is_refused_before_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``play --json`` into a missing folder or onto a folder: said at once, no game is lost."""
    for target, why in (
        (tmp_path / "no" / "such" / "game.json", "Datei oder Verzeichnis nicht gefunden"),
        (tmp_path, "das ist ein Verzeichnis"),
    ):
        out = io.StringIO()
        capsys.readouterr()
        status = main(["play", "--players", "Ann", "--json", str(target), "--lang", "de"],
                      out=out, stdin=io.StringIO("roll\nq\n"))  # fmt: skip
        assert status == 2
        assert out.getvalue() == ""  # nothing was played
        assert capsys.readouterr().err.rstrip("\n").endswith(why)
