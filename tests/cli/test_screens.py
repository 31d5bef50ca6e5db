"""Issue 29 at the keyboard: screens that fit, hot-seat privacy, German commands, small items."""

from __future__ import annotations

import contextlib
import io
import itertools
import random
import re
from pathlib import Path

import pytest

from kniffel_rules import CHANCE, cards, classic
from kniffel_rules._i18n import translate
from kniffel_rules._text import display_width
from kniffel_rules.cli import main
from kniffel_rules.cli.play import Leave, Table
from kniffel_rules.cli.players import Seat
from kniffel_rules.cli.screen import CLEAR, columns, fit_body, height, split_picture
from kniffel_rules.cli.words import COMMANDS, WORDS, command
from kniffel_rules.lang import LANGS
from kniffel_rules.variant import VARIANTS, get_variant


@pytest.fixture(autouse=True)
def _terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "24")


def _table(game: str, names: str, keys: str, size: tuple[int, int] = (80, 24),
           lang: str = "en") -> tuple[Table, str]:  # fmt: skip
    out = io.StringIO()
    seats = [Seat(n, None) for n in names.split(",")]
    table = Table(get_variant(game), game, seats, seed=3, out=out, stdin=io.StringIO(keys),
                  size=size, lang=lang)  # type: ignore[arg-type]  # fmt: skip
    with pytest.raises(Leave):
        table.play()
    return table, out.getvalue()


@pytest.mark.parametrize("game", VARIANTS)
@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
def test_every_screen_fits_with_the_status_first(game: str, size: tuple[int, int]) -> None:
    keys = "quit\n"
    out = io.StringIO()
    table = Table(get_variant(game), game, [Seat("Ann", None), Seat("greedy", None)], seed=5,
                  out=out, stdin=io.StringIO(keys), size=size)  # fmt: skip
    with pytest.raises(Leave):
        table.play()
    variant = get_variant(game)
    view = variant.observation(table.state, variant.current_player(table.state))
    status, _ = split_picture(variant.render(view))
    text = out.getvalue().split("your choice: ")[0]
    lines = text[text.rindex("\n" + status[0] + "\n") + 1 :].split("\n")
    assert lines[: len(status)] == status
    # the screen from the status to the prompt: no taller than the terminal, no line wider
    assert height(lines, size[0]) <= size[1] - 1
    assert max(len(line) for line in lines) < size[0]


@pytest.mark.parametrize(
    ("word", "lang", "row"),
    [("sheet", "en", "Ones"), ("blatt", "de", "Einser"), ("Blatt", "de", "Einser")],
)
def test_the_sheet_command_shows_the_whole_sheet_in_both_languages(
    word: str, lang: str, row: str
) -> None:
    _, text = _table("extreme", "Ann,Ben", f"{word}\nquit\n", lang=lang)
    before, after = text.split(f": {word}\n", 1)
    open_row = re.compile(rf"^{row} +- +-$", re.MULTILINE)
    assert not open_row.search(before)  # the compact sheet leaves out rows nobody wrote in
    assert open_row.search(after)
    whole, status = after.split("\n\n")[0:2]
    assert len(whole.splitlines()) > 24
    assert status.splitlines()[1].startswith("Dice" if lang == "en" else "Würfel")


def test_a_compact_sheet_folds_or_shortens_and_says_how_to_see_it_all() -> None:
    game = get_variant("extreme")
    state = game.new_game(players=["Ann", "Ben"])
    status, body = split_picture(game.render(state))
    assert status and len(body) > 20
    folded, cut = fit_body(body, 80, 18)
    assert not cut and len(folded) <= 18  # two columns hold it all
    short, cut = fit_body(body, 80, 6)
    assert cut and height(short, 80) <= 6
    assert any(re.search(r"\bTotal\b", line) for line in short)  # the totals stay
    assert fit_body(body, 200, 100) == (body, False)


def test_menus_stand_in_columns_within_the_width() -> None:
    items = [f"{i:>4}. score box {i}" for i in range(1, 23)]
    lines = columns(items, 80)
    assert len(lines) < len(items) and max(map(len, lines)) < 80
    assert columns(items, 20) == items


def test_a_long_menu_is_paged_and_more_shows_the_next_page() -> None:
    # a screen of 16 lines: Extreme's 22 score options cannot all stand
    _, text = _table("extreme", "Ann", "+\nmehr\n+\nquit\n", size=(60, 16))
    assert "(1 to 6 of 22 shown; + or more: the next page)" in text
    first = text.split("choice: ")[0]
    assert "22. " not in first  # the last option is on a later page
    assert "22. " in text


def test_hot_seat_undo_takes_back_only_the_asking_person_s_decision() -> None:
    # Ben starts (seed 3): he rolls and undoes (his own); Ann then cannot undo Ben's move,
    # and Ben cannot undo once Ann has decided since
    keys = "undo\nroll\nundo\nscore chance\nundo\nscore chance\nundo\nroll\nundo\nquit\n"
    table, text = _table("classic", "Ann,Ben", keys, size=(80, 60))
    assert text.count("undone: back to Ben's previous decision") == 2
    assert "nothing to undo yet" in text  # Ann at her first decision: Ben's move stays
    assert "cannot undo: Ann decided since your last decision" in text
    assert "undone: back to Ann" not in text
    assert table.state.sheets[0].entries != classic.new_game(["Ann", "Ben"]).sheets[0].entries
    assert table.state.sheets[1].entries != classic.new_game(["Ann", "Ben"]).sheets[1].entries


def test_the_undo_messages_in_german_fit_the_screen() -> None:
    keys = "undo\nroll\nundo\nscore chance\nundo\nscore chance\nundo\nroll\nundo\nquit\n"
    _, text = _table("classic", "Ann,Ben", keys, size=(80, 60), lang="de")
    said = [line for line in text.splitlines() if line.startswith("zurück")]
    assert "zurücknehmen geht nicht, seither entschieden: Ann; nur eigene Züge gehen zurück" in said
    assert "zurückgenommen: zurück zur letzten Entscheidung von Ben" in said
    assert all(len(line) < 80 for line in said)


def test_the_pass_screen_clears_the_scrollback_before_and_after() -> None:
    keys = "token full_house\ntoken colour\ntoken straight\n\nquit\n"
    out = io.StringIO()
    table = Table(cards, "cards", [Seat("Ann", None), Seat("Ben", None)], seed=1, out=out,
                  stdin=io.StringIO(keys))  # fmt: skip
    with pytest.raises(Leave):
        table.play()
    before, after = re.split(r"Pass to (?:Ann|Ben), press Enter\. ", out.getvalue(), maxsplit=1)
    assert before.endswith(CLEAR) and after.lstrip("\n").startswith(CLEAR)  # a pipe: echoed


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("tipp", "would play"),
        ("zurück", "nothing to undo yet"),
        ("hilfe", "hint: the best moves"),
        ("speichern", "save needs a file name"),
        ("blatt", "Highway           -"),
        ("beenden", "Game left. Bye."),
    ],
)
def test_the_prompt_understands_german_commands(typed: str, said: str) -> None:
    out = io.StringIO()
    status = main(["play", "--game", "extreme", "--players", "Ann,greedy", "--seed", "2"],
                  out=out, stdin=io.StringIO(f"{typed}\nquit\n"))  # fmt: skip
    assert status == 0 and said in out.getvalue()


def test_every_command_word_is_a_command_and_no_move() -> None:
    for name, calls in COMMANDS.items():
        for call in calls:
            assert command(call.upper() if call.isalpha() else call)[0] == name
    assert command("speichern x.json") == ("save", "x.json")
    assert command("blatt 3") == (None, "blatt 3")
    for game in VARIANTS:
        variant = get_variant(game)
        state = variant.new_game(players=["Ann", "Ben"])
        rng = random.Random(1)
        while variant.current_player(state) == CHANCE or len(variant.legal_actions(state)) == 1:
            if variant.current_player(state) == CHANCE:
                state = variant.apply(state, variant.sample_chance(state, rng))
            else:
                state = variant.apply(state, variant.legal_actions(state)[0])
        for calls in COMMANDS.values():
            for call in calls:
                with pytest.raises(Exception):  # noqa: B017, PT011 - any refusal: not a move
                    variant.parse_action(state, call)


def test_every_phrase_has_both_languages() -> None:
    for key, template in WORDS.items():
        assert all(translate(template, lang) for lang in LANGS), key


def test_german_play_screens_say_the_cli_s_words_in_german() -> None:
    out = io.StringIO()
    main(["play", "--players", "Ann,greedy", "--seed", "3", "--lang", "de"], out=out,
         stdin=io.StringIO("keep 6 6 6 6 6 6\nhilfe\nbeenden\n"))  # fmt: skip
    text = out.getvalue()
    for english in ("your choice", "keep: type", "a number or a move", "Game left", "there are"):
        assert english not in text
    assert "es gibt nur 5 Würfel" in text and "tipp, zurück, blatt" in text


def test_keeping_more_dice_than_there_are_is_refused_as_such() -> None:
    out = io.StringIO()
    main(["play", "--players", "Ann", "--seed", "3"], out=out,
         stdin=io.StringIO("keep 6 6 6 6 6 6\nquit\n"))  # fmt: skip
    text = out.getvalue()
    assert "'keep 6 6 6 6 6 6': there are only 5 dice" in text
    assert "keeping all five" not in text


def test_a_score_with_the_upper_bonus_says_so() -> None:
    # Ann has 59 in the upper section and throws four fours: Fours brings 16 +35
    state = classic.new_game(["Ann"])
    table = Table(classic, "classic", [Seat("Ann", None)], seed=1, out=io.StringIO())
    for box, dice in ((classic.Box.ONES, (1, 1, 1, 2, 3)), (classic.Box.TWOS, (2, 2, 2, 3, 4)),
                      (classic.Box.THREES, (3, 3, 3, 1, 2)), (classic.Box.FIVES, (5, 5, 5, 1, 2)),
                      (classic.Box.SIXES, (6, 6, 6, 6, 1))):  # fmt: skip
        state = classic.apply(state, classic.Roll())
        state = classic.apply(state, classic.DiceRoll(tuple(sorted(dice))))
        state = classic.apply(state, classic.Score(box))
    state = classic.apply(state, classic.Roll())
    state = classic.apply(state, classic.DiceRoll((1, 4, 4, 4, 4)))
    table.state = state
    assert table._points(classic.Score(classic.Box.FOURS)).split() == ["16", "+35", "bonus"]
    table.lang = "de"
    assert table._points(classic.Score(classic.Box.FOURS)).split() == ["16", "+35", "Bonus"]


def test_resume_refuses_another_game_naming_both(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "classic.json"
    main(["play", "--players", "Ann", "--seed", "3"], out=io.StringIO(),
         stdin=io.StringIO(f"save {saved}\nquit\n"))  # fmt: skip
    status = main(["play", "--game", "duel", "--resume", str(saved)], out=io.StringIO(),
                  stdin=io.StringIO(""))  # fmt: skip
    assert status == 2
    err = capsys.readouterr().err
    assert "is a game of classic, not of duel" in err
    out = io.StringIO()
    assert main(["play", "--game", "classic", "--resume", str(saved)], out=out,
                stdin=io.StringIO("quit\n")) == 0  # fmt: skip


def test_a_two_player_game_says_exactly(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "--game", "duel", "--players", "greedy"], out=io.StringIO()) == 2
    assert "this game needs exactly 2 players, got 1" in capsys.readouterr().err
    assert main(["show", "--game", "duel", "--players", "greedy", "--lang", "de"],
                out=io.StringIO()) == 2  # fmt: skip
    assert "genau 2 Spieler" in capsys.readouterr().err


def test_simulate_numbers_seats_from_one_and_says_spieler() -> None:
    for lang, word in (("en", "seat"), ("de", "Spieler")):
        out = io.StringIO()
        main(["simulate", "--game", "duel", "--players", "greedy,random", "--games", "2",
              "--lang", lang], out=out)  # fmt: skip
        rows = out.getvalue().splitlines()
        assert rows[1].split()[0] == word and "Platz" not in out.getvalue()
        assert [r.split()[:2] for r in rows[2:]] == [["1", "greedy"], ["2", "random"]]


def test_the_winner_is_named_once() -> None:
    out = io.StringIO()
    main(["show", "--game", "duel", "--seed", "2"], out=out)
    assert out.getvalue().count("Winner") == 1


def test_help_gives_each_default_once(capsys: pytest.CaptureFixture[str]) -> None:
    for name in ("play", "simulate", "show", "advise"):
        with pytest.raises(SystemExit):
            main([name, "--help"])
        text = " ".join(capsys.readouterr().out.split())
        assert "(default: None)" not in text
        for option in re.split(r"\s--", text):
            assert option.count("default") <= 1, option


def _english_fragments() -> set[str]:
    """The English words of the command line's own sentences (without their placeholders)."""
    german = {
        frag for t in WORDS.values() for frag in re.split(r"\{[^}]*\}", translate(t, "de"))
    }
    out = set()
    for template in WORDS.values():
        for fragment in re.split(r"\{[^}]*\}", template):
            fragment = fragment.strip(" ()':;,.\n")
            if len(fragment) >= 8 and not any(fragment in g for g in german):
                out.add(fragment)
    return out


@pytest.mark.parametrize("game", VARIANTS)
def test_german_play_prints_none_of_the_cli_s_english_sentences(game: str, tmp_path: Path) -> None:
    from cli.driver import Typist
    from cli.test_play import play

    typist = Typist(tmp_path / "g.json", game, seed=1, max_moves=8, extra=("hilfe", "zurück"))
    status, text, _ = play(["--game", game, "--players", "Ann,greedy", "--seed", "4",
                            "--lang", "de"], typist)  # fmt: skip
    assert status == 0
    typed = {line.split(": ", 1)[1] for line in text.splitlines() if "deine Wahl: " in line}
    shown = "\n".join(line for line in text.splitlines() if line.split(": ", 1)[-1] not in typed)
    found = sorted(f for f in _english_fragments() if f in shown)
    assert not found, found


class _Keys(io.StringIO):
    """A pipe of keys that cuts the output into what each read found on the screen."""

    def __init__(self, out: io.StringIO, keys: list[str]) -> None:
        super().__init__()
        self.out, self.keys, self.seen = out, keys, 0
        self.chunks: list[str] = []

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        text = self.out.getvalue()
        self.chunks.append(text[self.seen :])
        self.seen = len(text)
        return self.keys.pop(0) + "\n" if self.keys else ""


@pytest.mark.parametrize("game", VARIANTS)
@pytest.mark.parametrize("size", [(40, 15), (60, 20)])
@pytest.mark.parametrize("lang", LANGS)
def test_every_screen_fits_a_narrow_terminal(game: str, size: tuple[int, int], lang: str) -> None:
    """Menu lines wider than the screen wrap and are counted so: no screen is taller than it.

    A piped key is echoed beside its prompt, cut to what the prompt's last
    line leaves, or on the next line (two keys are long lines of junk).
    """
    rng = random.Random(7)
    keys = [rng.choice(["1", "2", "3", "+"]) for _ in range(120)]
    keys[5] = keys[40] = "y" * 300
    out = io.StringIO()
    stdin = _Keys(out, keys)
    seats = [Seat("Bartholomäus", None), Seat("Ann", None)]
    table = Table(get_variant(game), game, seats, seed=5, out=out, stdin=stdin, size=size,
                  lang=lang)  # type: ignore[arg-type]  # fmt: skip
    with contextlib.suppress(Leave):  # the keys run out, or the game ends first
        table.play()
    width, lines = size
    screens = 0
    for before, after in itertools.pairwise(stdin.chunks):
        prompt = before.split("\n")[-1]
        echo, below = [*after.split("\n"), ""][:2]
        if echo:
            assert display_width(prompt) % width + display_width(echo) < width, (prompt, echo)
        else:  # too little room beside the prompt: the echo stands on the next line
            assert 0 < display_width(below) < width, (prompt, below)
    for chunk in stdin.chunks:
        shown = chunk.split(CLEAR)[-1].split("\n")  # a hand passed on: the screen was cleared
        if "" not in shown[:-1]:
            continue  # no new screen: a refusal under the last one, or the pass prompt
        screen = shown[shown.index("") :]  # from the blank line that starts it to the prompt
        assert height(screen, width) <= lines, "\n".join(screen)
        screens += 1
    assert screens > 10


def test_the_menus_range_is_told_within_a_narrow_screen() -> None:
    """"tippe eine Nummer von 1 bis 13 oder einen Zug" ran past 40 columns: wrapped now."""
    _, text = _table("classic", "Ann", "99\n-1\nquit\n", size=(40, 15), lang="de")
    for typed in ("99", "-1"):  # the refusal and the range, up to the next prompt
        told = text.split(f"Wahl: {typed}\n")[1].split("Ann, deine Wahl: ")[0].splitlines()
        assert any(line.startswith("tippe eine Nummer von 1 bis 13") for line in told), told
        assert all(display_width(line) < 40 for line in told), told
