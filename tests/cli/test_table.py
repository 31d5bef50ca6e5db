"""The play loop's branches: groups and submenus, ambiguity, saving, people passing the keyboard."""

from __future__ import annotations

import io
import json
import types
from pathlib import Path
from typing import Any, cast

import pytest

from cli.driver import Typist
from cli.test_play import Keyboard
from kniffel_rules import AmbiguousActionError, cards, classic, record_from_json
from kniffel_rules.cli import main
from kniffel_rules.cli import play as play_module
from kniffel_rules.cli.play import Leave, Table
from kniffel_rules.cli.players import Seat, parse_players, seats_from_names
from kniffel_rules.variant import Variant


def typed(argv: list[str], text: str) -> tuple[int, str]:
    out = io.StringIO()
    status = main(["play", *argv], out=out, stdin=io.StringIO(text))
    return status, out.getvalue()


def _joker_group() -> tuple[list[str], str]:
    """A Duell seed where Ann can declare a miss, and the joker entry of her next menu."""
    for seed in range(1, 80):
        args = ["--game", "duel", "--players", "Ann,greedy", "--seed", str(seed)]
        _, text = typed(args, "miss\nq\n")
        if "Ann: miss" not in text:
            continue
        menu = [x for x in text.split("Ann: miss")[1].splitlines() if x[:6].strip()[:1].isdigit()]
        group = [x for x in menu if "choices)" in x]
        if group:
            return args, group[0].split(".")[0].strip()
    raise AssertionError("no seed with a joker group")


def test_a_group_opens_a_submenu_and_enter_goes_back() -> None:
    args, number = _joker_group()
    status, text = typed(args, f"miss\n{number}\n\n{number}\n999\n1\nq\n")
    assert status == 0
    assert text.count("which one (number or action; Enter to go back): ") >= 3
    assert "type a number from 1 to" in text
    assert "Ann: " in text.split("which one")[-1]  # the joker was played


def test_an_ambiguous_text_asks_which_one(monkeypatch: pytest.MonkeyPatch) -> None:
    state = classic.new_game(["Ann"], first_player=0)
    fake = types.SimpleNamespace(**{n: getattr(classic, n) for n in dir(classic)
                                    if not n.startswith("_")})  # fmt: skip
    seen: list[Any] = []

    def parse(view: Any, text: str) -> Any:
        actions = classic.legal_actions(view)
        seen.append(text)
        raise AmbiguousActionError("'x' fits two actions", text=text,
                                   candidates=(actions[0], actions[1]))  # fmt: skip

    fake.parse_action = parse
    out = io.StringIO()
    table = Table(cast(Variant, fake), "classic", [Seat("Ann", None)], seed=1, out=out,
                  stdin=io.StringIO("x\n2\nq\n"), record=None)  # fmt: skip
    assert table.state.names == state.names
    with pytest.raises(Leave):
        table.play()
    text = out.getvalue()
    assert "'x' fits two actions" in text and "which one did you mean?" in text
    assert len(table.actions) > 2 and seen == ["x"]


def test_save_without_a_file_and_to_a_bad_place(tmp_path: Path) -> None:
    bad = tmp_path / "no" / "such" / "dir.json"
    _, text = typed(["--players", "Ann", "--seed", "1"], f"save\nsave {bad}\nq\n")
    assert "save needs a file name: save FILE" in text
    assert "cannot save:" in text


def test_json_file_is_written_when_leaving_too(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    status, text = typed(["--players", "Ann,greedy", "--seed", "1", "--json", str(path)], "q\n")
    assert status == 0 and f"game record written to {path}" in text
    record = record_from_json(path.read_text(encoding="utf-8"))
    assert record.final.names == ("Ann", "greedy (2)")


def test_only_bots_in_play_is_a_shown_game() -> None:
    status, text = typed(["--players", "greedy,random", "--seed", "7"], "")
    assert status == 0 and "Winner" in text and "your choice" not in text


def test_resume_with_other_players_and_a_wrong_count(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "g.json"
    typed(["--game", "master", "--players", "Ann,greedy", "--seed", "2"], f"save {path}\nq\n")
    status, text = typed(["--resume", str(path), "--players", "greedy,strong", "--seed", "3"], "")
    assert status == 0 and "Kniffel Master (master): Ann, greedy (2)" in text and "Winner" in text
    assert "the dice from here on: seed 3" in text
    assert "your choice" not in text  # both seats are bots now; the names stay the saved ones
    assert typed(["--resume", str(path), "--players", "Ann"], "")[0] == 2
    assert "the saved game has 2 players, not 1" in capsys.readouterr().err


def test_pass_screen_clears_and_the_end_of_input_there_leaves(tmp_path: Path) -> None:
    out = io.StringIO()
    seats = [Seat("Ann", None), Seat("Ben", None)]
    keys = "token full_house\ntoken colour\ntoken straight\n"  # 3 tokens, then the other's turn
    table = Table(cards, "cards", seats, seed=1, out=out, stdin=io.StringIO(keys))
    with pytest.raises(Leave) as leave:
        table.play()
    assert leave.value.how == "eof"
    text = out.getvalue()
    before, _ = text.split("Pass to ", 1)
    # the screen and the scrollback cleared (blank lines first where ESC[3J is not known)
    assert before.endswith("\n" * 50 + "\x1b[2J\x1b[3J\x1b[H")


class _HintLater(Typist):
    """Plays ``moves`` actions, then asks for a hint, then ends the input."""

    def answer(self, screen: str) -> str | None:
        if self.moves >= self.max_moves and "press Enter" not in screen[-40:]:
            if self.extra == ["done"]:
                return None
            self.extra = ["done"]
            return "hint"
        return super().answer(screen)


def test_the_card_hint_sees_only_the_seat_s_view(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    views: list[Any] = []

    def spy(state: Any, actions: tuple[Any, ...], rng: Any) -> Any:
        views.append(state)
        return actions[0]

    monkeypatch.setattr(play_module, "make_bot", lambda game, name, lang, rules: spy)
    typist = _HintLater(tmp_path / "g.json", "cards", max_moves=8, follow=(("Ann", "Ben"), 2))
    out = io.StringIO()
    keys = Keyboard(typist, out)
    table = Table(cards, "cards", [Seat("Ann", None), Seat("Ben", None)], seed=2, out=out,
                  stdin=keys)  # fmt: skip
    with pytest.raises(Leave):
        table.play()
    assert len(views) == 1
    me = cards.current_player(table.state)
    others = [h for p, h in enumerate(views[0].hands) if p != me]
    real = [h for p, h in enumerate(table.state.hands) if p != me]
    assert all(real) and others != real  # the bot got a stand-in, not the other hand
    assert views[0].hands[me] == table.state.hands[me]


def test_player_lists() -> None:
    seats = parse_players("classic", "Ann, bot:optimal ,greedy,random", humans=True)
    assert [(s.label, s.human, s.bot_name) for s in seats] == [
        ("Ann", True, ""), ("optimal (2)", False, "optimal"), ("greedy (3)", False, "greedy"),
        ("random (4)", False, "random")]  # fmt: skip
    again = seats_from_names("classic", tuple(s.label for s in seats))
    assert [(s.label, s.bot_name) for s in again] == [(s.label, s.bot_name) for s in seats]
    with pytest.raises(Exception, match="at least one player"):
        parse_players("classic", " , ")
    with pytest.raises(Exception, match="a player's name has at most"):
        parse_players("classic", "x" * 200, humans=True)
    assert json.dumps([s.label for s in parse_players("duel", "Player,Player", humans=True)]) == (
        '["Player 1", "Player 2"]')  # fmt: skip


@pytest.mark.rule("KA-62")
def test_a_card_play_is_begun_then_laid_down_card_by_card() -> None:
    args = ["--game", "cards", "--players", "Ann,greedy", "--seed", "5"]
    moves = "token full_house\ntoken straight\ntoken straight\ndraw\n1\nDreierpasch\nq\n"
    status, text = typed(args, moves)
    assert status == 0
    assert "Ann: play Three of a kind (its cards next)" in text
    # each next card in card order is the only one: laid down without asking (issue 29)
    assert "card by card" not in text
    laid = text.split("Ann: play Three of a kind (its cards next)")[1].splitlines()[1:4]
    assert [x.strip() for x in laid[:2]] == ["Ann: lay down blue 1", "Ann: lay down green 1"]
    assert "Ann: lay down yellow 1  [score +1]" in text


def test_a_group_opens_by_its_line_and_takes_a_move_typed_in_it() -> None:
    """The group's line typed back opens it; in the submenu a move typed in full is taken."""
    args, number = _joker_group()
    _, menu = typed(args, "miss\nq\n")
    line = next(x for x in menu.split("Ann: miss")[1].splitlines()
                if x.strip().startswith(f"{number}."))  # fmt: skip
    title = line.split(".", 1)[1].strip()  # "spend a joker (15 choices)"
    for opened in (title, title.split(" (")[0]):
        status, text = typed(args, f"miss\n{opened}\n\nq\n")
        assert status == 0
        assert "which one (number or action; Enter to go back): " in text, opened
    _, text = typed(args, f"miss\n{number}\nq\n")
    submenu = text.split("which one")[0].rsplit("your choice: ", 1)[1]
    first = next(x for x in submenu.splitlines() if x.strip().startswith("1."))
    move = first.split("1.", 1)[1].split("  ")[0].strip()  # "joker: turn a 2 into a 1"
    status, text = typed(args, f"miss\n{number}\n{move}\nq\n")
    assert status == 0
    after = text.split("which one (number or action; Enter to go back): ")[1]
    echoed, played = after.splitlines()[:2]  # the typed line, then the move made
    assert (echoed, played.strip()) == (move, f"Ann: {move}"), after[:200]


def test_a_menu_number_is_read_with_its_full_stop() -> None:
    """``2.`` copied from the menu line ``2. Twos ...`` is menu entry 2, not a keep of a 2."""
    args = ["--players", "Ann", "--seed", "3"]
    _, shown = typed(args, "roll\nq\n")
    _, numbered = typed(args, "roll\n2\nq\n")
    _, dotted = typed(args, "roll\n2.\nq\n")
    assert dotted.split("Ann, your choice: 2.")[1] == numbered.split("Ann, your choice: 2")[1]
    assert "Roll 2 of 3" not in dotted.split("Ann, your choice: 2.")[1].split("\n\n")[0]
    assert shown


def test_a_hint_in_a_group_names_both_numbers_as_they_are_typed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A hint for a move in a submenu: "menu number N, then M", and N then M plays it."""
    args, number = _joker_group()
    _, text = typed(args, f"miss\n{number}\nq\n")
    submenu = text.split("which one")[0].rsplit("your choice: ", 1)[1]
    third = next(x for x in submenu.splitlines() if x.strip().startswith("3."))
    move = third.split("3.", 1)[1].split("  ")[0].strip()

    def hinter(state: Any, actions: tuple[Any, ...], rng: Any) -> Any:
        return next(a for a in actions if play_module.say_action(duel_module, a, "en") == move)

    from kniffel_rules import duel as duel_module

    monkeypatch.setattr(play_module, "make_bot", lambda game, name, lang, rules: hinter)
    status, text = typed(args, f"miss\nhint\n{number}\n3\nq\n")
    assert status == 0
    assert f"{move} (menu number {number}, then 3)" in text
    assert f"Ann: {move}" in text


def test_a_piped_line_is_echoed_without_control_characters_and_cut(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Input from a pipe is echoed after the prompt: never an escape sequence, never a screenful."""
    monkeypatch.setenv("COLUMNS", "80")
    _, text = typed(["--players", "Ann", "--seed", "1"], "a\x1b[2Jb\n" + "x" * 500 + "\nq\n")
    assert "\x1b" not in text
    assert "a\ufffd[2Jb" in text
    echoed = [x for x in text.splitlines() if "your choice: x" in x]
    assert echoed and all(len(x) < 80 and x.endswith("\u2026") for x in echoed)


def test_undo_hides_nothing_seen_again_in_the_card_game() -> None:
    """A drawn card was seen: undo would put it back in the pile and let the player draw again."""
    for seed in range(1, 6):
        status, text = typed(["--game", "cards", "--players", "Ann,greedy", "--seed", str(seed)],
                             "1\n1\n1\ndraw\nundo\nq\n")  # three setup tokens first; fmt: skip
        assert status == 0
        if "Ann: draw" not in text:
            continue
        after = text.split("Ann, your choice: undo")[1]
        assert "cannot undo: in a game with hidden cards" in after
        assert all(len(line) < 80 for line in after.splitlines())
        assert "undone:" not in after
        return
    raise AssertionError("no seed where Ann draws first")
