"""`kniffel_rules.simulate`: one set of games in any executor and split; shards; JSON; bad input."""

from __future__ import annotations

import io
import json
import multiprocessing
import random
import sys
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kniffel_rules import (
    VARIANTS,
    GameRecord,
    IllegalActionError,
    InvalidStateError,
    Simulation,
    UnknownVariantError,
    classic,
    random_policy,
    replay,
    simulate,
)
from kniffel_rules.cli import main
from kniffel_rules.simulation import MAX_SEED, game_generators, game_seed, wilson

PLAYERS = ["greedy", "random"]


def run(**kwargs: Any) -> Simulation:
    game = kwargs.pop("game", "classic")
    players = kwargs.pop("players", PLAYERS)
    return simulate(game, players, **{"games": 12, "seed": 5, **kwargs})


def test_a_process_pool_and_threads_give_the_games_of_one_process() -> None:
    here = simulate("classic", PLAYERS, games=30, seed=11)
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(2, mp_context=spawn) as pool:
        pooled = simulate("classic", PLAYERS, games=30, seed=11, executor=pool, chunksize=4)
        # a policy that is no bot's name travels to the workers too
        mixed = simulate("classic", ["greedy", random_policy], games=30, seed=11, executor=pool)
    with ThreadPoolExecutor(2) as threads:
        threaded = simulate("classic", PLAYERS, games=30, seed=11, executor=threads, chunksize=7)
    assert pooled == here == threaded
    assert [g.index for g in here.games] == list(range(30))
    assert [g.seed for g in here.games] == [game_seed(11, i) for i in range(30)]
    assert mixed.players == ("greedy", "random_policy")
    assert [g.scores[0] for g in mixed.games] == [g.scores[0] for g in here.games]


def test_game_i_depends_only_on_seed_and_i() -> None:
    whole = simulate("duel", ["strong", "greedy"], games=10, seed=3)
    for i in (0, 4, 9):
        (alone,) = simulate("duel", ["strong", "greedy"], games=1, seed=3, first=i).games
        assert alone == whole.games[i]
    other = simulate("duel", ["strong", "greedy"], games=10, seed=4)
    assert [g.scores for g in other.games] != [g.scores for g in whole.games]


def _first(state: Any, actions: tuple[Any, ...], rng: random.Random) -> Any:
    return actions[0]


def _first_after_draws(state: Any, actions: tuple[Any, ...], rng: random.Random) -> Any:
    for _ in range(3):
        rng.random()  # draws of its own: they must not move the dice
    return actions[0]


def test_a_policys_draws_do_not_change_the_dice() -> None:
    plain = simulate("classic", [_first, _first], games=5, seed=8)
    drawing = simulate("classic", [_first_after_draws, _first], games=5, seed=8)
    assert [g.scores for g in plain.games] == [g.scores for g in drawing.games]


def test_the_generators_are_documented_ones() -> None:
    chance, seats = game_generators(game_seed(1, 2), 2)
    assert chance.random() == random.Random(f"{game_seed(1, 2)}:chance").random()
    assert seats[1].random() == random.Random(f"{game_seed(1, 2)}:seat:1").random()
    assert len({game_seed(1, i) for i in range(1000)}) == 1000
    assert 0 <= game_seed(MAX_SEED, 2**62) < 2**64


def test_shards_merged_are_one_run() -> None:
    whole = run(games=20)
    shards = [run(games=7, first=13), run(games=5), run(games=8, first=5)]
    assert Simulation.merge(shards) == whole
    assert Simulation.merge(iter(shards[1:])) == run(games=13)
    tail = Simulation.merge([shards[0]])
    assert tail.first == 13 and [g.index for g in tail.games] == list(range(13, 20))


@pytest.mark.parametrize(
    ("shards", "path"),
    [
        ([], "shards"),
        ("abc", "shards"),
        ([run(games=3), "x"], "shards[1]"),
        ([run(games=3), run(games=3, first=4)], "shards[1].first"),  # a gap
        ([run(games=3), run(games=3, first=2)], "shards[1].first"),  # an overlap
        ([run(games=3), run(games=3)], "shards[1].first"),  # the same games twice
        ([run(games=3), run(games=3, first=3, seed=6)], "shards[1].seed"),
        ([run(games=3), run(games=3, first=3, players=["random", "greedy"])], "shards[1].players"),
        ([run(games=3), run(games=3, first=3, rules={"joker": "free"})], "shards[1].rules"),
        (
            [run(games=3), run(game="extreme", players=PLAYERS, games=3, first=3)],
            "shards[1].game",
        ),
    ],
)
def test_merge_refuses_what_is_not_one_run(shards: Any, path: str) -> None:
    with pytest.raises(InvalidStateError) as caught:
        Simulation.merge(shards)
    assert caught.value.path == path


def test_summary_is_the_table_of_the_games() -> None:
    sim = run(games=40)
    greedy, rand = sim.summary()
    assert (greedy.bot, rand.bot) == ("greedy (1)", "random (2)")
    ties = sum(1 for g in sim.games if len(g.winners) > 1)
    wins = sum(1 for g in sim.games if g.winners == (0,))
    assert greedy.win_rate == pytest.approx((wins + ties / 2) / 40)
    assert greedy.win_rate + rand.win_rate == pytest.approx(1)
    low, high = greedy.win_rate_ci95
    assert low <= greedy.win_rate <= high
    scores = [g.scores[1] for g in sim.games]
    assert (rand.min, rand.max) == (min(scores), max(scores))
    assert rand.mean == pytest.approx(sum(scores) / 40)


@given(n=st.integers(1, 10**6), data=st.data())
def test_the_wilson_interval_holds_the_rate(n: int, data: st.DataObject) -> None:
    wins = data.draw(st.integers(0, 2 * n)) / 2  # ties count half
    low, high = wilson(wins, n)
    assert 0.0 <= low <= wins / n <= high <= 1.0
    assert wilson(n, n)[1] == 1.0 and wilson(0, n)[0] == 0.0


@settings(max_examples=10, deadline=None)
@given(
    game=st.sampled_from(VARIANTS),
    seed=st.integers(0, MAX_SEED),
    first=st.integers(0, 10**12),
    games=st.integers(1, 3),
)
def test_json_round_trip(game: str, seed: int, first: int, games: int) -> None:
    sim = simulate(game, ["random", "random"], games=games, seed=seed, first=first)
    text = sim.to_json()
    assert Simulation.from_json(text) == sim
    assert Simulation.from_json(text.encode()) == sim
    assert json.loads(text)["players"] == [row.to_dict() for row in sim.summary()]


def _doc() -> dict[str, Any]:
    return json.loads(run(games=3).to_json())  # type: ignore[no-any-return]


def _set(path: list[Any], value: Any) -> str:
    doc = _doc()
    node = doc
    for key in path[:-1]:
        node = node[key]
    if value is KeyError:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return json.dumps(doc)


@pytest.mark.parametrize(
    ("where", "value", "path"),
    [
        (["format"], "kniffel-state", "format"),
        (["version"], 2, "version"),
        (["game"], "chess", "game"),
        (["rules"], {"joker": "wild"}, "rules.joker"),
        (["seed"], -1, "seed"),
        (["seed"], 1.5, "seed"),
        (["first"], True, "first"),
        (["games"], 4, "scores"),
        (["seats"], [], "seats"),
        (["seats"], ["a"] * 1001, "seats"),
        (["seats", 0], "", "seats[0]"),
        (["scores", 1], [1], "scores[1]"),
        (["scores", 1, 0], "7", "scores[1][0]"),
        (["scores", 2, 1], 10**30, "scores[2][1]"),
        (["winners", 0], [], "winners[0]"),
        (["winners", 0], [1, 0], "winners[0]"),
        (["winners", 0], [2], "winners[0][0]"),
        (["players", 0, "mean"], 1e6, "players[0].mean"),
        (["players", 1, "bot"], "greedy (2)", "players[1].bot"),
        (["players", 1, "min"], 1.0, "players[1].min"),
        (["players", 1], KeyError, "players"),
        (["extra"], 1, ""),
        (["winners"], KeyError, ""),
    ],
)
def test_from_json_names_the_bad_field(where: list[Any], value: Any, path: str) -> None:
    with pytest.raises(InvalidStateError) as caught:
        Simulation.from_json(_set(where, value))
    assert caught.value.path == path


@pytest.mark.parametrize("text", ["", "[]", "{", "null", '{"format": 1}', "x" * 30])
def test_from_json_refuses_junk(text: str) -> None:
    with pytest.raises(InvalidStateError):
        Simulation.from_json(text)


def _lambda_policy() -> Any:
    return lambda state, actions, rng: actions[0]


@pytest.mark.parametrize(
    ("kwargs", "path"),
    [
        ({"games": 0}, "games"),
        ({"games": True}, "games"),
        ({"games": "3"}, "games"),
        ({"games": 10**12}, "games"),
        ({"first": -1}, "first"),
        ({"first": 2.0}, "first"),
        ({"seed": -1}, "seed"),
        ({"seed": 2**64}, "seed"),
        ({"seed": None}, "seed"),
        ({"seed": False}, "seed"),
        ({"players": "greedy"}, "players"),
        ({"players": []}, "players"),
        ({"players": ["greedy"] * 1001}, "players"),
        ({"players": ["greedy", "chess"]}, "players[1]"),
        ({"players": ["greedy", "optimal"], "game": "duel"}, "players[1]"),
        ({"players": ["greedy", 3]}, "players[1]"),
        ({"players": ["greedy"] * 5, "game": "duel"}, "players"),
        ({"rules": "free"}, "rules"),
        ({"rules": {"joker": "wild"}}, "rules.joker"),
        ({"rules": classic.Rules(), "game": "duel", "players": ["greedy", "greedy"]}, "rules"),
        ({"executor": object()}, "executor"),
        ({"progress": "yes"}, "progress"),
        ({"chunksize": 0}, "chunksize"),
        ({"game": classic.Rules}, "game"),
    ],
)
def test_bad_arguments_are_named(kwargs: dict[str, Any], path: str) -> None:
    with pytest.raises(InvalidStateError) as caught:
        run(**kwargs)
    assert caught.value.path == path


def test_a_table_the_game_refuses_is_said_once_in_the_games_words() -> None:
    with pytest.raises(InvalidStateError) as caught:
        run(game="duel", players=["greedy"])
    assert str(caught.value) == "players: this game needs exactly 2 players, got 1"
    assert caught.value.localized("de") == (
        "players: Dieses Spiel braucht genau 2 Spieler, erhalten: 1"
    )


def test_an_unpicklable_policy_is_refused_before_any_work_goes_out() -> None:
    with ProcessPoolExecutor(1) as pool, pytest.raises(InvalidStateError) as caught:
        run(players=["greedy", _lambda_policy()], executor=pool)
    assert caught.value.path == "players[1]" and "picklable" in str(caught.value)
    with ThreadPoolExecutor(1) as threads:  # threads need no pickling
        assert len(run(players=["greedy", _lambda_policy()], executor=threads).games) == 12


class _RefusingPolicy:
    """A module-level policy (it travels to a worker) that refuses every state it is given."""

    def __call__(self, state: Any, actions: tuple[Any, ...], rng: random.Random) -> Any:
        raise InvalidStateError("state", "this policy refuses")


def test_an_error_in_a_worker_reaches_the_caller_as_itself() -> None:
    """The worker's InvalidStateError is pickled back whole (it broke the pool before)."""
    spawn = multiprocessing.get_context("spawn")  # no fork of a threaded process
    refused = pytest.raises(InvalidStateError)
    with ProcessPoolExecutor(1, mp_context=spawn) as pool, refused as caught:
        run(players=[_RefusingPolicy(), "greedy"], executor=pool)
    assert caught.value.path == "state"
    assert str(caught.value) == "state: this policy refuses"


class _Cheat:
    """A module-level policy (it travels to a worker) that enters Chance before rolling."""

    def __call__(self, state: Any, actions: tuple[Any, ...], rng: random.Random) -> Any:
        return classic.Score(classic.Box.CHANCE)


@pytest.mark.parametrize("pooled", [False, True])
def test_a_policys_illegal_action_says_which_game_of_the_run(pooled: bool) -> None:
    """The refusal carries the seat, the game so far and (3.11+) the game's index in the run."""
    spawn = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(1, mp_context=spawn) if pooled else None
    try:
        with pytest.raises(IllegalActionError) as caught:
            run(players=["greedy", _Cheat()], executor=pool, first=7)
    finally:
        if pool is not None:
            pool.shutdown()
    err = caught.value
    assert err.seat == 1 and err.rule == "CL-47"
    assert isinstance(err.record, GameRecord)
    assert classic.current_player(err.record.final) == 1
    assert replay("classic", err.record.initial, err.record.actions) == err.record.final
    if sys.version_info >= (3, 11):
        assert err.__notes__[-1] == "in game 7 of the run with seed 5 (first=7, games=1)"


def test_an_unknown_game() -> None:
    with pytest.raises(UnknownVariantError):
        run(game="chess")


def test_progress_is_drawn_where_asked() -> None:
    stream = io.StringIO()
    run(games=10, progress=stream)
    assert stream.getvalue().endswith("] 10/10\n")
    with ThreadPoolExecutor(2) as threads:
        stream = io.StringIO()
        run(games=10, progress=stream, executor=threads, chunksize=3)
        assert stream.getvalue().endswith("] 10/10\n")


def _cli(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(argv), out=out), out.getvalue()


def test_the_command_line_prints_the_simulation_and_its_shards_merge() -> None:
    base = ["simulate", "--players", "greedy,random", "--seed", "4", "--json"]
    status, text = _cli(*base, "--games", "9")
    assert status == 0
    whole = Simulation.from_json(text)
    assert whole == simulate("classic", PLAYERS, games=9, seed=4)
    shards = [Simulation.from_json(_cli(*base, "--games", n, "--first", f)[1])
              for n, f in (("4", "5"), ("5", "0"))]  # fmt: skip
    assert Simulation.merge(shards) == whole


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--first", "-1"], "--first"),
        (["--seed", "-3"], "--seed"),
        (["--games", "20000000"], "--games"),
        (["--workers", "100000"], "--workers"),
        (["--workers", "2", "--scheduler", "tcp://127.0.0.1:1"], "--workers and --scheduler"),
    ],
)
def test_the_command_line_names_a_bad_option(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _cli("simulate", *argv)[0] == 2
    err = capsys.readouterr().err
    assert err.startswith("kniffel: error: ") and message in err


def test_scheduler_without_dask_gives_the_install_hint(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    assert _cli("simulate", "--scheduler", "tcp://127.0.0.1:8786")[0] == 2
    err = capsys.readouterr().err
    assert err == (  # the package is not on PyPI yet: the checkout's way first
        "kniffel: error: --scheduler needs dask: from a checkout of the source: "
        "pip install -e '.[dask]'; the extra comes with a release: "
        "pip install 'kniffel-rules[dask]'\n"
    )


def test_the_bots_kept_between_runs_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker that runs many rule sets kept every bot it built (tens of MB for a solved one)."""
    from collections import OrderedDict

    from kniffel_rules import simulation

    monkeypatch.setattr(simulation, "_MOST_BOTS", 3)
    monkeypatch.setattr(simulation, "_BOTS", OrderedDict())
    rule_sets = [classic.Rules(upper_bonus=bonus) for bonus in range(30, 36)]

    def runs() -> list[Simulation]:
        return [simulate("classic", ["greedy"] * 2, games=2, seed=1, rules=r) for r in rule_sets]

    first = runs()
    assert len(simulation._BOTS) == 3  # the least recently used gave way
    assert runs() == first  # a bot built again plays as the one that gave way
