"""`simulate` on a real Dask cluster: two worker processes on this machine, every game compared.

Skipped where dask is not installed (the ``dask`` extra); ``.ci/dask`` installs
it and sets ``KNIFFEL_DASK_REQUIRED=1``, which turns the skip into a failure.
"""

from __future__ import annotations

import importlib
import io
import os
from collections.abc import Iterator
from typing import Any

import pytest

from kniffel_rules import Simulation, simulate
from kniffel_rules.cli import main

distributed: Any = (
    importlib.import_module("distributed")  # .ci/dask: a missing dask fails
    if os.environ.get("KNIFFEL_DASK_REQUIRED")
    else pytest.importorskip("distributed")
)


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    """Two worker processes of one thread each, on 127.0.0.1, shut down at the end."""
    with (
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
        ) as local,
        distributed.Client(local) as client,
    ):
        yield client


def test_a_dask_cluster_plays_the_games_of_one_process(cluster: Any) -> None:
    players = ["optimal", "greedy", "random"]
    here = simulate("classic", players, games=24, seed=21)
    there = simulate("classic", players, games=24, seed=21, executor=cluster.get_executor())
    assert there == here
    shards = [
        simulate("classic", players, games=9, seed=21, first=f, executor=cluster.get_executor())
        for f in (15, 0)
    ]
    assert Simulation.merge([*shards, simulate("classic", players, games=6, seed=21, first=9)])\
        == here  # fmt: skip
    workers = cluster.run(os.getpid)
    assert len(set(workers.values())) == 2  # two processes played


def test_the_command_line_on_a_scheduler(cluster: Any) -> None:
    address = cluster.scheduler_info()["address"]
    argv = ["simulate", "--game", "extreme", "--players", "greedy,random", "--games", "12",
            "--seed", "6", "--json"]  # fmt: skip
    here, there = io.StringIO(), io.StringIO()
    assert main(argv, out=here) == 0
    assert main([*argv, "--scheduler", address], out=there) == 0
    assert Simulation.from_json(there.getvalue()) == Simulation.from_json(here.getvalue())


def test_an_unreachable_scheduler_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--games", "2", "--scheduler", "tcp://127.0.0.1:9"]
    assert main(argv, out=io.StringIO()) == 2
    assert "--scheduler: cannot reach 'tcp://127.0.0.1:9'" in capsys.readouterr().err


class _ClosingStream:
    """A progress stream that shuts the cluster down once some games are in."""

    def __init__(self, cluster: Any) -> None:
        self.cluster, self.writes = cluster, 0

    def write(self, text: str) -> int:
        self.writes += 1
        if self.writes == 2:
            self.cluster.close()
        return len(text)

    def flush(self) -> None:
        pass


def test_a_cluster_that_goes_away_mid_run_is_one_clear_error() -> None:
    from kniffel_rules.cli.simulate import WorkersLost, run_games

    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=True, host="127.0.0.1",
        dashboard_address=None,
    ) as local:  # fmt: skip
        stream = _ClosingStream(local)
        with pytest.raises(WorkersLost, match=r"^--scheduler: the workers went away"):
            run_games("classic", ["random", "random"], 3000, 1, scheduler=local.scheduler_address,
                      progress=stream)  # type: ignore[arg-type]  # fmt: skip
