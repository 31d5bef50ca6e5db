"""``kniffel simulate --workers``: the same results, and no worker outlives the command."""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import subprocess
import sys
import time
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pytest

from kniffel_rules._i18n import localize
from kniffel_rules.cli import main
from kniffel_rules.cli import simulate as simulate_command
from kniffel_rules.cli.simulate import WorkersLost, run_games

_LINUX_PROC = Path("/proc/self/task").is_dir()


def _alive(pid: int) -> bool:
    """Whether ``pid`` is a running process (a zombie is not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def _wait_gone(pids: list[int], seconds: float = 30.0) -> list[int]:
    deadline = time.monotonic() + seconds
    while (alive := [p for p in pids if _alive(p)]) and time.monotonic() < deadline:
        time.sleep(0.05)
    return alive


def test_workers_give_the_results_of_one_process() -> None:
    one = run_games("classic", ["greedy", "random"], 9, 5, workers=1)
    two = run_games("classic", ["greedy", "random"], 9, 5, workers=2)
    three = run_games("classic", ["greedy", "random"], 9, 5, workers=3)
    assert one == two == three
    assert [g.index for g in one.games] == list(range(9))
    assert multiprocessing.active_children() == []


class _Boom(Exception):
    pass


class _FailingStream:
    """A progress stream that raises once some games are in (as a full disk would)."""

    def __init__(self) -> None:
        self.workers: list[int] = []
        self.writes = 0

    def write(self, text: str) -> int:
        self.workers = [p.pid for p in multiprocessing.active_children() if p.pid is not None]
        self.writes += 1
        if self.writes >= 2:
            raise _Boom
        return len(text)

    def flush(self) -> None:
        pass


@pytest.mark.skipif(not _LINUX_PROC, reason="reads /proc")
def test_an_exception_ends_every_worker() -> None:
    stream = _FailingStream()
    with pytest.raises(_Boom):
        run_games("classic", ["random", "random"], 400, 1, workers=2, progress=stream)  # type: ignore[arg-type]
    assert stream.workers, "the workers were running"
    assert _wait_gone(stream.workers) == []
    assert multiprocessing.active_children() == []


class _KillingStream(_FailingStream):
    """A progress stream that kills a worker once some games are in (as the OOM killer would)."""

    def write(self, text: str) -> int:
        self.workers = [p.pid for p in multiprocessing.active_children() if p.pid is not None]
        self.writes += 1
        if self.writes == 2 and self.workers:
            os.kill(self.workers[0], signal.SIGKILL)
        return len(text)


@pytest.mark.skipif(not _LINUX_PROC, reason="reads /proc")
def test_a_worker_that_dies_is_one_clear_error_and_the_others_end() -> None:
    stream = _KillingStream()
    with pytest.raises(WorkersLost) as error:
        run_games("classic", ["random", "random"], 2000, 1, workers=2, progress=stream)  # type: ignore[arg-type]
    assert str(error.value) == (
        "--workers: the workers went away before the games were played (BrokenProcessPool)"
    )
    assert "Rechenprozesse sind weggefallen" in localize(error.value, "de")
    assert _wait_gone(stream.workers) == []
    assert multiprocessing.active_children() == []


@pytest.mark.parametrize(("lang", "said"), [("en", "error:"), ("de", "Fehler:")])
def test_the_command_says_a_lost_worker_in_one_line_and_exits_1(
    lang: str, said: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def lost(*args: object, **kwargs: object) -> None:
        raise BrokenProcessPool("A process in the process pool was terminated abruptly")

    monkeypatch.setattr(simulate_command, "simulate", lost)
    argv = ["simulate", "--players", "greedy,greedy", "--games", "9", "--workers", "2"]
    assert main([*argv, "--lang", lang]) == 1
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and said in err and "BrokenProcessPool" in err
    assert "Traceback" not in err and "abruptly" not in err
    # a game's own error is not the executor's: it is not called a lost worker
    monkeypatch.setattr(simulate_command, "simulate", _raise_value_error)
    with pytest.raises(ValueError, match="a bug"):
        main([*argv, "--lang", lang])


def _raise_value_error(*args: object, **kwargs: object) -> None:
    raise ValueError("a bug")


def _children(pid: int) -> list[int]:
    out: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(FileNotFoundError):
            out.extend(int(c) for c in (task / "children").read_text().split())
    return out


@pytest.mark.skipif(
    not _LINUX_PROC or not Path("/proc/self/task").joinpath(str(os.getpid()), "children").exists(),
    reason="reads /proc/<pid>/task/<tid>/children",
)
def test_ctrl_c_ends_every_worker() -> None:
    # a Ctrl-C handler even when this test runs where SIGINT is ignored (in the background)
    script = (
        "import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
        "from kniffel_rules.cli import run; sys.argv = ['kniffel', 'simulate', '--game', "
        "'classic', '--players', 'greedy,greedy', '--games', '100000', '--workers', '2']; run()"
    )
    cmd = [sys.executable, "-c", script]
    proc = subprocess.Popen(
        cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True
    )
    try:
        deadline = time.monotonic() + 120
        kids: list[int] = []
        while time.monotonic() < deadline and proc.poll() is None:
            kids = _children(proc.pid)
            if len(kids) >= 2:
                break
            time.sleep(0.1)
        assert len(kids) >= 2, "the workers started"
        time.sleep(1.0)  # the workers are playing
        os.killpg(proc.pid, signal.SIGINT)  # Ctrl-C reaches the whole process group
        _, err = proc.communicate(timeout=60)
        assert proc.returncode == 130  # the shell's status for Ctrl-C
        assert b"Traceback" not in err, err.decode()
        assert b"spawn_main" not in err, err.decode()  # the workers leave Ctrl-C to the parent
        assert _wait_gone(kids) == []
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
