"""``kniffel play`` at a real terminal: a child on a pseudo-terminal, typed to word by word.

The typist reads the screen up to each prompt and types words (``save
FILE``, then the canonical text of a bot's choice; ``hint``, ``undo``,
``quit``); Ctrl-C and Ctrl-D are the terminal's own keys. The long games
are marked slow; the default run plays a few moves of each game.
"""

from __future__ import annotations

import os
import select
import struct
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cli.driver import REPR, Typist
from kniffel_rules import record_from_json
from kniffel_rules.bots import BOTS
from kniffel_rules.cli.screen import CLEAR, split_picture
from kniffel_rules.variant import VARIANTS, get_variant

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX terminal")

_PROMPTS = ("your choice: ", "Enter to go back): ", "press Enter. ")
_TIMEOUT = 120.0


_CHILD = """\
import os, runpy, signal, sys
# a session leader that opens a terminal takes it as its controlling terminal: Ctrl-C
# typed there interrupts this program
os.close(os.open(os.ttyname(0), os.O_RDWR))
# a terminal starts a program with Ctrl-C's default action (Python's KeyboardInterrupt),
# even when this test run inherited SIGINT ignored or blocked (a job started in the
# background without job control; a blocked mask survives exec)
signal.signal(signal.SIGINT, signal.default_int_handler)
signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGINT])
runpy.run_module("kniffel_rules", run_name="__main__", alter_sys=True)
"""
"""The child's first lines, then ``python -m kniffel_rules`` (`runpy`, as ``-m`` runs it)."""


class Terminal:
    """A child ``python -m kniffel_rules ...`` on a pseudo-terminal.

    Started with `subprocess` (a new session, the terminal's side as its stdin,
    stdout and stderr), not `pty.fork`: a fork of this multi-threaded test
    process that runs Python before exec may deadlock (Python 3.12+ warns).
    """

    def __init__(self, *argv: str, size: tuple[int, int] | None = None) -> None:
        import fcntl
        import termios

        env = dict(os.environ, LANG="C", LC_ALL="C", PYTHONUNBUFFERED="1", COLUMNS="80")
        master, child_side = os.openpty()
        if size is not None:  # the terminal's own size, read by the program as a terminal's
            env.pop("COLUMNS", None)
            env.pop("LINES", None)
            columns, lines = size
            fcntl.ioctl(child_side, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
        try:
            self.process = subprocess.Popen(
                [sys.executable, "-c", _CHILD, *argv],
                stdin=child_side,
                stdout=child_side,
                stderr=child_side,
                env=env,
                start_new_session=True,
            )
        finally:
            os.close(child_side)  # the child's copies remain: the end of the game reads as EOF
        self.fd = master
        self.screen = ""
        self.mark = 0
        self.status: int | None = None

    def read_until_prompt(self) -> bool:
        """Read until a prompt or the end; whether a prompt came."""
        deadline = time.monotonic() + _TIMEOUT
        while time.monotonic() < deadline:
            if len(self.screen) > self.mark and self.screen.endswith(_PROMPTS):
                return True
            ready, _, _ = select.select([self.fd], [], [], 1.0)
            if not ready:
                continue
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:  # the child closed the terminal
                chunk = b""
            if not chunk:
                return False
            self.screen += chunk.decode("utf-8", "replace").replace("\r\n", "\n")
        raise AssertionError(f"no prompt within {_TIMEOUT} s; screen ends {self.screen[-500:]!r}")

    def type(self, text: str) -> None:
        """Type a line (or a control key without a newline when it starts with \\x03/\\x04)."""
        data = text if text[:1] in ("\x03", "\x04") else text + "\n"
        os.write(self.fd, data.encode())
        self.mark = len(self.screen)

    def reap(self) -> int:
        """Wait for the child to end, close the terminal; the exit status."""
        self.status = self.process.wait(timeout=_TIMEOUT)
        os.close(self.fd)
        return self.status

    def wait(self) -> int:
        """Read to the end and return the exit status."""
        while self.read_until_prompt():
            raise AssertionError(f"unexpected prompt: {self.screen[-300:]!r}")
        return self.reap()

    def close(self) -> None:
        """Kill the child if it is still running (a failed test)."""
        if self.status is None:
            self.process.kill()
            self.process.wait()


def play_out(term: Terminal, typist: Typist) -> int:
    """Answer every prompt with the typist until the game ends or it stops."""
    try:
        while term.read_until_prompt():
            line = typist.answer(term.screen)
            if line is None:
                term.type("quit")
                continue
            term.type(line)
        return term.reap()
    finally:
        term.close()


def _check_screen(text: str) -> None:
    assert not REPR.search(text), REPR.search(text)
    assert "Traceback" not in text


@pytest.mark.parametrize("game", VARIANTS)
def test_a_few_words_then_quit(game: str, tmp_path: Path) -> None:
    term = Terminal("play", "--game", game, "--players", "Ann,greedy", "--seed", "3")
    typist = Typist(tmp_path / "g.json", game, extra=("hint", "undo"), max_moves=3,
                    check_hidden=game == "cards")  # fmt: skip
    assert play_out(term, typist) == 0
    _check_screen(term.screen)
    assert "Ann, your choice" in term.screen
    assert "would play" in term.screen or "expected final score" in term.screen
    assert "nothing to undo yet" in term.screen
    assert "Game left. Bye." in term.screen


@pytest.mark.slow
@pytest.mark.parametrize("game", VARIANTS)
def test_a_whole_game_at_the_terminal(game: str, tmp_path: Path) -> None:
    # the table's strongest bot that needs no table built at start (classic's ships)
    bot = "optimal" if game == "classic" else "strong" if "strong" in BOTS[game] else "greedy"
    term = Terminal("play", "--game", game, "--players", f"Ann,{bot}", "--seed", "11")
    typist = Typist(tmp_path / "g.json", game, seed=2, check_hidden=game == "cards")
    assert play_out(term, typist) == 0
    _check_screen(term.screen)
    assert "Final scores: Ann:" in term.screen
    assert typist.moves >= 10


def test_ctrl_c_exits_130_without_a_traceback() -> None:
    term = Terminal("play", "--game", "duel", "--players", "Ann,greedy", "--seed", "1")
    try:
        assert term.read_until_prompt()
        term.type("\x03")
        assert term.wait() == 130
    finally:
        term.close()
    assert "Traceback" not in term.screen and "interrupted" in term.screen


def test_ctrl_d_exits_0_with_a_word() -> None:
    term = Terminal("play", "--game", "master", "--players", "Ann,greedy", "--seed", "1")
    try:
        assert term.read_until_prompt()
        term.type("\x04")
        assert term.wait() == 0
    finally:
        term.close()
    assert "Input ended: game left. Bye." in term.screen


def test_two_people_pass_the_keyboard_in_the_card_game(tmp_path: Path) -> None:
    term = Terminal("play", "--game", "cards", "--players", "Ann,Ben", "--seed", "4")
    typist = Typist(tmp_path / "g.json", "cards", check_hidden=True, max_moves=25,
                    follow=(("Ann", "Ben"), 4))  # two people cannot save before the end
    assert play_out(term, typist) == 0
    assert "Pass to Ben, press Enter." in term.screen
    assert typist.checked_hands >= 20
    # before each hand-over the screen and the scrollback are cleared, then again after it
    before, after = term.screen.split("Pass to Ben, press Enter.", 1)
    assert before.endswith(CLEAR) and CLEAR in after.split("your choice")[0]
    _check_screen(term.screen)


def visible(screen: str, columns: int, lines: int) -> list[str]:
    """What a terminal of ``columns`` x ``lines`` shows of ``screen`` (long lines wrap)."""
    rows: list[str] = []
    for line in screen.rsplit(CLEAR, 1)[-1].split("\n"):
        rows.extend(line[i : i + columns] for i in range(0, max(len(line), 1), columns))
    return rows[-lines:]


class ScreenTypist(Typist):
    """A `Typist` that checks, at every decision, what a small terminal showed at its prompt.

    At a decision's first prompt it keeps the visible lines; once it has
    saved the game (its second prompt) it checks that they held every line
    of the picture's status (whose turn, the dice, the decision) and ended
    with the prompt.
    """

    def __init__(self, *args: object, size: tuple[int, int], **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.size = size
        self.shown: list[str] = []
        self.screens = 0

    def answer(self, screen: str) -> str | None:
        tail = screen.rstrip(" ").splitlines()[-1] if screen.strip() else ""
        if tail.endswith("your choice:"):
            if not self.saved:  # the decision's first prompt: the typist saves now
                self.shown = visible(screen, *self.size)
            else:
                self._check()
        return super().answer(screen)

    def _check(self) -> None:
        game = get_variant(self.game)
        state = record_from_json(self.path.read_text(encoding="utf-8")).final
        view = game.observation(state, game.current_player(state))
        status, _ = split_picture(game.render(view, lang="en"))
        shown = "\n".join(self.shown)
        missing = [line for line in status if line not in self.shown]
        assert not missing, f"{missing} not on the screen:\n{shown}"
        assert self.shown[-1].endswith("your choice: "), shown
        self.screens += 1


def _small_screen_game(game: str, tmp_path: Path, moves: int) -> ScreenTypist:
    size = (80, 24)
    term = Terminal("play", "--game", game, "--players", "Ann,greedy", "--seed", "5", size=size)
    typist = ScreenTypist(tmp_path / "g.json", game, seed=3, max_moves=moves, size=size)
    assert play_out(term, typist) == 0
    _check_screen(term.screen)
    return typist


@pytest.mark.parametrize("game", VARIANTS)
def test_the_dice_and_the_prompt_stay_on_an_80x24_screen(game: str, tmp_path: Path) -> None:
    typist = _small_screen_game(game, tmp_path, 12)
    assert typist.screens >= 10


@pytest.mark.slow
@pytest.mark.parametrize("game", VARIANTS)
def test_a_whole_game_on_an_80x24_screen(game: str, tmp_path: Path) -> None:
    typist = _small_screen_game(game, tmp_path, 10_000)
    assert typist.screens >= 10 and typist.screens == typist.moves
