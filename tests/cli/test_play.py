"""``kniffel play`` and ``kniffel show`` in-process, through ``main(argv, out, stdin)``."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from cli.driver import REPR, Typist
from kniffel_rules import record_from_json, record_to_json
from kniffel_rules._text import display_width
from kniffel_rules.cli import main
from kniffel_rules.playing import GameRecord
from kniffel_rules.variant import VARIANTS, get_variant


class Keyboard(io.StringIO):
    """Standard input typed by a `Typist` that reads what was printed so far."""

    def __init__(self, typist: Typist, screen: io.StringIO) -> None:
        super().__init__()
        self.typist = typist
        self.screen = screen
        self.typed: list[str] = []

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        line = self.typist.answer(self.screen.getvalue())
        if line is None:
            return ""  # the end of the input
        self.typed.append(line)
        return line + "\n"


def play(argv: list[str], typist: Typist) -> tuple[int, str, Keyboard]:
    out = io.StringIO()
    keys = Keyboard(typist, out)
    status = main(["play", *argv], out=out, stdin=keys)
    return status, out.getvalue(), keys


class Terminal(io.StringIO):
    """Input from a terminal: it shows what is typed itself, so the game does not echo it."""

    def isatty(self) -> bool:
        return True


@pytest.fixture(autouse=True)
def _an_80_column_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    """The screen these tests measure against, whatever terminal runs them."""
    monkeypatch.setenv("COLUMNS", "80")


def typed(argv: list[str], text: str, *, tty: bool = False) -> tuple[int, str]:
    out = io.StringIO()
    stdin = Terminal(text) if tty else io.StringIO(text)
    status = main(["play", *argv], out=out, stdin=stdin)
    return status, out.getvalue()


@pytest.mark.parametrize("game", ["classic", "duel", "yatzy"])
def test_a_whole_game_typed_in_words(game: str, tmp_path: Path) -> None:
    typist = Typist(tmp_path / "g.json", game, seed=1)
    final = tmp_path / "final.json"
    status, text, keys = play(["--game", game, "--players", "Ann,greedy", "--seed", "5",
                               "--json", str(final)], typist)  # fmt: skip
    assert status == 0
    assert "Final scores: Ann:" in text and "Winner" in text
    assert not REPR.search(text), REPR.search(text)
    assert typist.moves > 5
    assert not any(line.isdigit() for line in keys.typed)  # words only
    record = record_from_json(final.read_text(encoding="utf-8"))
    assert get_variant(game).is_terminal(record.final)
    assert record.final.names == ("Ann", "greedy (2)")


@pytest.mark.slow
@pytest.mark.parametrize("game", ["extreme", "master", "cards"])
def test_a_whole_game_typed_in_words_slow(game: str, tmp_path: Path) -> None:
    typist = Typist(tmp_path / "g.json", game, seed=1, check_hidden=game == "cards")
    status, text, _ = play(["--game", game, "--players", "Ann,greedy", "--seed", "5"], typist)
    assert status == 0 and "Winner" in text
    assert not REPR.search(text)


def test_two_people_at_one_keyboard_in_the_card_game(tmp_path: Path) -> None:
    typist = Typist(tmp_path / "g.json", "cards", seed=2, check_hidden=True, max_moves=40,
                    follow=(("Ann", "Ben"), 3))  # two people cannot save before the end
    status, text, _ = play(["--game", "cards", "--players", "Ann,Ben", "--seed", "3"], typist)
    assert status == 0
    assert "Pass to Ben, press Enter." in text and "Pass to Ann, press Enter." in text
    assert typist.checked_hands >= 30
    assert "Input ended" in text
    assert not REPR.search(text)


def test_first_roll_is_automatic_and_menus_are_short() -> None:
    status, text = typed(["--players", "Ann", "--seed", "3"], "quit\n")
    assert status == 0
    assert "Ann, your choice" in text
    menu = [line for line in text.splitlines() if line[:6].strip().rstrip(".").isdigit()]
    assert 1 <= len(menu) <= 14  # the score options; the keeps are one line
    assert "keep: type the dice to keep, e.g. 'keep" in text
    assert "Game left. Bye." in text
    assert "roll" not in menu[0]


def _dice(text: str) -> list[int]:
    match = re.search(r"\b(\d(?: \d){4})\b", text.split("Dice")[1])
    assert match
    return [int(x) for x in match[1].split()]


def test_score_options_show_their_points() -> None:
    _, text = typed(["--players", "Ann", "--seed", "3"], "quit\n")
    points = re.search(r"\d+\. score Chance +(\d+)", text)
    assert points and points[1] == str(sum(_dice(text)))


def test_numbers_and_words_pick_the_same_action() -> None:
    args = ["--players", "Ann", "--seed", "3"]
    _, by_word = typed(args, "score chance\nquit\n", tty=True)
    _, menu = typed(args, "quit\n")
    number = re.search(r"(\d+)\. score Chance", menu)  # the menu may stand in columns
    assert number
    _, by_number = typed(args, number[1] + "\nquit\n", tty=True)
    assert by_word == by_number
    assert "score chance\n" in typed(args, "score chance\nquit\n")[1]  # a pipe is echoed
    assert f"+{sum(_dice(menu))}" in by_word


def test_a_bad_word_shows_the_parse_error_and_asks_again() -> None:
    status, text = typed(["--players", "Ann", "--seed", "3"], "keep 3 3 3 3\n99\nquit\n")
    assert status == 0
    assert "'keep 3 3 3 3': cannot keep" in text
    assert "type a number from 1 to" in text


def test_a_negative_menu_number_is_refused_not_played() -> None:
    """``-1`` was read as ``keep 1`` and the dice thrown: now refused, the menu's range told."""
    status, text = typed(["--players", "Ann", "--seed", "2"], "-1\nquit\n")
    assert status == 0
    assert "'-1': write numbers without a sign" in text
    assert "type a number from 1 to" in text
    assert "roll 2 of 3" not in text


def test_hint_names_the_best_actions_with_menu_numbers() -> None:
    _, text = typed(["--players", "Ann", "--seed", "3"], "hint\nquit\n")
    assert "expected final score" in text
    hints = text.split("(the optimal player):")[1].splitlines()[1:6]
    values = [float(line.split()[0]) for line in hints]
    assert values == sorted(values, reverse=True) and len(values) == 5


@pytest.mark.slow  # the first hint builds the win player's moment table (~20 s of CPU)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_multi_player_classic_hint_ranks_by_the_chance_to_win(lang: str) -> None:
    status, text = typed(
        ["--players", "Ann,optimal", "--seed", "3", "--lang", lang], "hint\nquit\n"
    )
    assert status == 0
    header = {"en": "(the player to win):", "de": "(der Bot, der auf Sieg spielt):"}[lang]
    assert header in text
    lines = text.split(header)[1].splitlines()[1:6]
    numbers = [line.replace(" %", "%").split()[:2] for line in lines]  # German: "61,53 %"
    point = "," if lang == "de" else "."
    assert all(point in chance and point in score for chance, score in numbers), lines
    chances = [float(chance.rstrip("%").replace(",", ".")) for chance, _ in numbers]
    scores = [float(score.replace(",", ".")) for _, score in numbers]
    assert chances == sorted(chances, reverse=True) and len(chances) == 5
    assert all(0 <= c <= 100 for c in chances) and all(100 < v < 400 for v in scores)
    assert not REPR.search(text)


@pytest.mark.parametrize(
    ("game", "bot"),
    [("extreme", "strong"), ("master", "strong"), ("duel", "strong"), ("cards", "ismcts")],
)
def test_hint_for_every_game_from_its_strongest_bot(game: str, bot: str) -> None:
    status, text = typed(["--game", game, "--players", "Ann,greedy", "--seed", "4"], "hint\nq\n")
    assert status == 0
    assert f"the {bot} bot would play: " in text
    assert not REPR.search(text)


@pytest.mark.slow  # the first Yatzy hint solves the game's solitaire table (~10 s of CPU)
def test_the_yatzy_hint_comes_from_the_optimal_player() -> None:
    status, text = typed(["--game", "yatzy", "--players", "Ann,greedy", "--seed", "4"], "hint\nq\n")
    assert status == 0
    hints = text.split("(the optimal player):")[1].splitlines()[1:6]
    values = [float(line.split()[0]) for line in hints]
    assert values == sorted(values, reverse=True) and len(values) == 5
    assert not REPR.search(text)


def test_undo_goes_back_to_the_previous_decision(tmp_path: Path) -> None:
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    _, text = typed(["--players", "Ann", "--seed", "3"],
                    f"save {first}\nscore chance\nundo\nsave {second}\nundo\nquit\n")  # fmt: skip
    assert "undone: back to Ann's previous decision" in text
    assert "nothing to undo yet" in text
    assert first.read_text() == second.read_text()  # the same dice: nothing re-sampled


def test_save_and_resume(tmp_path: Path) -> None:
    saved = tmp_path / "g.json"
    status, text = typed(["--game", "duel", "--players", "Ann,strong", "--seed", "8"],
                         f"miss\nsave {saved}\nquit\n")  # fmt: skip
    assert status == 0 and f"saved the game to {saved}" in text
    count = len(json.loads(saved.read_text())["actions"])
    status, text = typed(["--resume", str(saved), "--seed", "2"], "quit\n")
    assert status == 0
    assert f"resumed from {saved} after action {count}; the dice from here on: seed 2" in text
    assert "Kniffel: The Duel (duel): Ann, strong (2)" in text and "(duel), seed" not in text


def test_resume_refuses_a_file_that_is_not_a_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    assert typed(["--resume", str(bad)], "")[0] == 2
    assert "is not a game record" in capsys.readouterr().err
    assert typed(["--resume", str(tmp_path / "none.json")], "")[0] == 2


def test_end_of_input_leaves_cleanly() -> None:
    status, text = typed(["--players", "Ann", "--seed", "3"], "")
    assert status == 0 and "Input ended: game left. Bye." in text


def test_german() -> None:
    status, text = typed(["--players", "Ann", "--seed", "3", "--lang", "de"], "hint\nquit\n")
    assert status == 0
    assert "Ann, deine Wahl" in text and "Partie verlassen. Tschüss." in text
    assert "erwartete Endsumme" in text


@pytest.mark.parametrize(
    ("players", "message"),
    [
        ("optimal", "is not a bot of duel"),
        ("bot:nobody", "unknown bot 'nobody'"),
        ("Ann,Ann", "two people named 'Ann'"),
        ("strong (2)", "is not a bot of duel"),
    ],
)
def test_bad_player_lists(players: str, message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert typed(["--game", "duel", "--players", players], "")[0] == 2
    assert message in capsys.readouterr().err


def test_two_default_names_are_numbered() -> None:
    _, text = typed(["--game", "duel", "--players", "Player,Player", "--seed", "1"], "q\n")
    assert "Kniffel: The Duel (duel), seed 1: Player 1, Player 2" in text


def test_the_default_person_is_named_in_the_players_language() -> None:
    _, text = typed(["--seed", "1", "--lang", "de"], "q\n")
    assert text.startswith("Kniffel (classic), Startwert 1: Spieler, greedy (2)\n")
    assert "Player" not in text
    _, text = typed(["--seed", "1"], "q\n")
    assert text.startswith("Kniffel (classic), seed 1: Player, greedy (2)\n")
    _, text = typed(["--game", "duel", "--players", "Spieler,Spieler", "--lang", "de"], "q\n")
    assert ": Spieler 1, Spieler 2\n" in text.splitlines(keepends=True)[0]


def test_show_every_game_has_no_repr() -> None:
    for game in VARIANTS:
        out = io.StringIO()
        assert main(["show", "--game", game, "--players", "greedy,random"], out=out) == 0
        text = out.getvalue()
        assert not REPR.search(text), (game, REPR.search(text))
        assert "Final scores:" in text


def test_show_extreme_columns_hold_four_throws() -> None:
    out = io.StringIO()
    main(["show", "--game", "extreme", "--players", "strong,strong", "--seed", "1"], out=out)
    turns = [line for line in out.getvalue().splitlines() if line.count(":") >= 2 and "+" in line]
    assert any(len(re.findall(r"\b\d{5}:\d+\b", line)) == 4 for line in turns)
    assert len({len(line) for line in turns}) == 1  # the points stand in one column
    assert max(len(line) for line in out.getvalue().splitlines()) <= 79


def test_show_json_is_the_game_record() -> None:
    out = io.StringIO()
    assert main(["show", "--game", "master", "--seed", "3", "--json"], out=out) == 0
    record = record_from_json(out.getvalue())
    assert get_variant("master").is_terminal(record.final)


def test_undo_keeps_the_turn_s_throws_for_its_line() -> None:
    _, text = typed(["--players", "Ann", "--seed", "3"], "roll\nundo\nscore chance\nquit\n")
    line = next(x for x in text.splitlines() if x.strip().startswith("Ann: "))
    assert len(re.findall(r"\b\d{5}\b", line)) == 1  # the first throw, not the undone one


def test_the_lines_that_list_every_player_fold_at_79(tmp_path: Path) -> None:
    """The header, the final scores and the winners name every player: long names fold."""
    names = ["Wolfgang-Amadeus Mozartmann von Salzburg", "Bartholomäus-Maximilian von Ötzingen"]
    typist = Typist(tmp_path / "g.json", "classic", seed=1)
    status, text, _ = play(["--players", ",".join(names), "--seed", "5"], typist)
    assert status == 0
    assert "Final scores: " in text and "Winner" in text
    # what the typist typed after a prompt, and the save file's (long) path, aside
    printed = [
        line
        for line in text.splitlines()
        if ", your choice: " not in line and not line.startswith("saved the game to ")
    ]
    assert max(len(line) for line in printed) <= 79, text
    choice = ", your choice: "
    prompts = [line.split(choice)[0] for line in text.splitlines() if choice in line]
    assert prompts and {len(p) for p in prompts} == {24}  # cut, leaving room to type
    four = ",".join([*names, "Cleo von Wolkenstein-Trostburg", "Dora Annabella Longname"])
    _, german = typed(["--lang", "de", "--players", four, "--seed", "5"], "quit\n")
    head = german.splitlines()
    assert head[0].startswith("Kniffel (classic), Startwert 5: Wolfgang") and len(head[0]) <= 79
    printed = [line for line in head if ", deine Wahl: " not in line]
    assert max(len(line) for line in printed) <= 79, german


def test_refusals_speak_the_players_language_and_fit_the_screen() -> None:
    """An ambiguous move is named in German, a long refusal wraps within 79 columns."""
    argv = ["--lang", "de", "--game", "master", "--players", "Ann", "--seed", "2"]
    _, text = typed(argv, "würfeln\nmünzen\n\nbeenden\n")
    assert "'münzen' kann 2 Züge bedeuten: Münzreihe: Paar (+1); Münzreihe: zwei Paare" in text
    assert "can mean" not in text
    _, text = typed(argv, "würfeln\nxyz\nbeenden\n")
    refusal = [line for line in text.splitlines() if line.startswith("'xyz': nicht verstanden")]
    assert refusal
    printed = [line for line in text.splitlines() if ", deine Wahl: " not in line]
    assert max(map(display_width, printed)) <= 79, text


@pytest.mark.parametrize("game", ["classic", "duel"])
def test_wide_names_keep_the_columns(game: str, tmp_path: Path) -> None:
    """CJK names take two columns a character: the narration's name column is 12 columns wide."""
    names = ["山田太郎山田太郎", "李小龍"]
    typist = Typist(tmp_path / "g.json", game, seed=1)
    status, text, _ = play(["--game", game, "--players", ",".join(names), "--seed", "5"], typist)
    assert status == 0 and "Final scores: " in text
    printed = [
        line
        for line in text.splitlines()
        if ", your choice: " not in line and not line.startswith("saved the game to ")
    ]
    assert max(map(display_width, printed)) <= 79, text
    narrated = [line for line in printed if line.lstrip().startswith(("山田太郎山…:", "李小龍:"))]
    assert len(narrated) > 5
    for line in narrated:
        assert display_width(line[: line.index(":")]) == 12, line


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game", list(VARIANTS))
def test_long_wide_names_and_the_help_fit_the_screen(game: str, lang: str) -> None:
    """The roll-off's narration wraps a name of 99 CJK characters; the help fits 79 columns."""
    name = "李小龍" * 33
    argv = ["--lang", lang, "--game", game, "--players", f"{name},greedy", "--seed", "1"]
    _, text = typed(argv, "help\nundo\nquit\n")
    assert max(map(display_width, text.splitlines())) <= 79, text
    assert "李小龍" in text
    help_first = "  a menu number" if lang == "en" else "  eine Menünummer"
    assert help_first in text


def test_default_seat_names_read_in_the_sessions_language(tmp_path: Path) -> None:
    """The command line's own lines name a seat as its pictures do: "Spieler 2", "Rot" in German."""
    status, text = typed(["--lang", "de", "--seed", "1", "--players", "Player,Player"], "quit\n")
    assert status == 0 and "Spieler 2" in text
    assert "Player" not in text
    duel = get_variant("duel")
    start = duel.new_game(players=2)  # the Duell's own names: Blue and Red
    saved = tmp_path / "duel.json"
    saved.write_text(record_to_json(GameRecord(start, (), start, "duel")), encoding="utf-8")
    status, text = typed(["--resume", str(saved), "--lang", "de", "--seed", "2"], "quit\n")
    assert status == 0 and "Blau" in text and "Rot" in text
    assert "Red" not in text and "Blue" not in text


class _CtrlC(io.StringIO):
    """Keys, then Ctrl-C (Python's KeyboardInterrupt) at the next prompt."""

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        line = super().readline()
        if not line:
            raise KeyboardInterrupt
        return line


def test_ctrl_c_leaves_the_game_and_keeps_its_record(tmp_path: Path) -> None:
    """Ctrl-C leaves the game as ``quit`` does: ``--json FILE`` gets the record of its moves."""
    path = tmp_path / "left.json"
    out = io.StringIO()
    args = ["play", "--players", "Ann", "--seed", "3", "--json", str(path)]
    assert main(args, out=out, stdin=_CtrlC("roll\n")) == 130
    record = record_from_json(path.read_text(encoding="utf-8"))
    assert len(record.actions) >= 2 and not get_variant("classic").is_terminal(record.final)


# --- what the screen and the files must not give away ---------------------------------


def test_a_seed_the_program_draws_is_not_shown() -> None:
    """It would tell every throw to come (and the card game's hands and pile)."""
    status, text = typed(["--players", "Ann"], "q\n")
    assert status == 0 and text.startswith("Kniffel (classic): Ann\n")
    assert "seed" not in text
    _, text = typed(["--players", "Ann", "--lang", "de"], "q\n")
    assert text.startswith("Kniffel (classic): Ann\n") and "Startwert" not in text


def test_a_resumed_game_names_only_a_seed_that_was_given(tmp_path: Path) -> None:
    saved = tmp_path / "g.json"
    typed(["--players", "Ann", "--seed", "8"], f"save {saved}\nquit\n")
    count = len(json.loads(saved.read_text())["actions"])
    status, text = typed(["--resume", str(saved)], "quit\n")
    assert status == 0 and f"resumed from {saved} after action {count}\n" in text
    assert "seed" not in text


SECRET = (
    "not saved: the record would show every hand; with two or more people at the keyboard "
    "it is written once the game is over"
)


def test_two_people_cannot_save_a_card_game_before_its_end(tmp_path: Path) -> None:
    """Whoever opened the file would read the other hands and the pile."""
    saved, left = tmp_path / "mid.json", tmp_path / "left.json"
    argv = ["--game", "cards", "--players", "Ann,Ben", "--seed", "7", "--json", str(left)]
    status, text = typed(argv, f"1\nsave {saved}\nquit\n")
    assert status == 0
    assert text.count(SECRET) == 2  # the save, and --json on leaving
    assert not saved.exists() and not left.exists()
    _, text = typed([*argv[:4], "--seed", "7", "--lang", "de"], f"speichern {saved}\nq\n")
    assert "nicht gespeichert: die Aufzeichnung zeigte jede Hand" in text
    assert not saved.exists()


def test_one_person_against_bots_saves_a_card_game(tmp_path: Path) -> None:
    saved = tmp_path / "mid.json"
    status, text = typed(["--game", "cards", "--players", "Ann,greedy", "--seed", "7"],
                         f"save {saved}\nquit\n")  # fmt: skip
    assert status == 0 and f"saved the game to {saved}" in text and SECRET not in text
    assert record_from_json(saved.read_text()).variant == "cards"


def test_a_finished_card_game_of_two_people_is_written(tmp_path: Path) -> None:
    finished = tmp_path / "done.json"
    whole = main(["show", "--game", "cards", "--players", "greedy,greedy", "--seed", "3",
                  "--json"], out=(shown := io.StringIO()))  # fmt: skip
    assert whole == 0
    rec = record_from_json(shown.getvalue())
    names = ("Ann", "Ben")
    rec = GameRecord(
        _renamed(rec.initial, names), rec.actions, _renamed(rec.final, names), rec.variant
    )
    finished.write_text(record_to_json(rec))
    out_file = tmp_path / "out.json"
    status, text = typed(["--resume", str(finished), "--json", str(out_file)], "")
    assert status == 0 and SECRET not in text
    assert record_from_json(out_file.read_text()).final == rec.final


def _renamed(state: object, names: tuple[str, ...]) -> object:
    import attrs

    return attrs.evolve(state, names=names)  # type: ignore[misc]
