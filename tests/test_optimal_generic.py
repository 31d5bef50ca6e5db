"""The exact solitaire solver is driven by a game's sheet as data (``INFO.solitaire``).

A tiny box-sheet game (five dice, three throws, four boxes: Ones and Sixes
in the upper section with a bonus, Chance, and a five-of-a-kind box whose
filling arms a joker) is registered for the test only. Its optimum and every
piece of advice are checked against a plain expectimax written here from
the game's description, with no code of the solver; the forced order against
a DP over (next box, upper sum) in the manner of ``research/yatzy/forced_dp.py``.
"""

from __future__ import annotations

import itertools
import random
import sys
import types
from collections import Counter
from collections.abc import Iterator
from functools import cache
from typing import Any

import attrs
import numpy as np
import pytest

from kniffel_rules import KniffelError, variant
from kniffel_rules.bots import OptimalSolitaire
from kniffel_rules.bots.optimal import ValueTable, simulate
from kniffel_rules.bots.optimal._model import Model
from kniffel_rules.bots.optimal._turn import ExtraCache, Kernel, Turn
from kniffel_rules.boxsheet import Layout, Solitaire
from kniffel_rules.game import GameInfo

MODULE = "tiny_box_sheet_game"
KEYS = ("ones", "sixes", "chance", "five")
THRESHOLD = 8
BONUS = 7
FIVE = 20
"""Five of a kind in the ``five`` box."""
EXTRA = 10
"""The bonus of an extra five of a kind while the ``five`` box holds its 20."""


@attrs.frozen
class Rules:
    """The tiny game's options."""

    forced_order: bool = False
    jokers: bool = True

    def to_dict(self) -> dict[str, Any]:
        return attrs.asdict(self)

    @classmethod
    def from_dict(cls, doc: Any, path: str = "rules") -> Rules:
        return cls(**doc)


Rules.__module__ = MODULE


def points(box: int, dice: tuple[int, ...]) -> int:
    """What five dice score in a box of the tiny sheet."""
    if box == 0:
        return dice.count(1)
    if box == 1:
        return 6 * dice.count(6)
    if box == 2:
        return sum(dice)
    return FIVE if len(set(dice)) == 1 else 0


def joker(entries: Any, dice: tuple[int, ...]) -> tuple[tuple[int, int, int], ...]:
    """An extra five of a kind: any open box, natural points, the bonus while ``five`` holds 20."""
    bonus = EXTRA if entries[3] == FIVE else 0
    return tuple((b, points(b, dice), bonus) for b in range(4) if entries[b] is None)


def solitaire(rules: Rules) -> Solitaire:
    layout = Layout(
        keys=KEYS,
        boxes=(0, 1, 2, 3),
        upper=(0, 1),
        lower=(2, 3),
        threshold=THRESHOLD,
        bonus=BONUS,
        extra_bonus=rules.jokers,
    )
    return Solitaire(
        layout=layout,
        points=points,
        forced_order=rules.forced_order,
        joker=joker if rules.jokers else None,
        kniffel_box=3,
    )


# --- a minimal engine of the tiny game: what the player reads through the protocol ---


@attrs.frozen
class Sheet:
    entries: tuple[int | None, ...] = (None,) * 4
    extra_bonus: int = 0


@attrs.frozen
class State:
    rules: Rules
    sheets: tuple[Sheet, ...]
    player: int = 0
    dice: tuple[int, ...] = ()
    rolls: int = 0


def open_boxes(state: State) -> list[int]:
    found = [b for b in range(4) if state.sheets[0].entries[b] is None]
    return found[:1] if state.rules.forced_order else found


def legal_actions(state: State) -> tuple[tuple[Any, ...], ...]:
    if state.rolls == 0:
        return (("roll", ()),)
    actions: list[tuple[Any, ...]] = []
    if state.rolls < 3:
        subs = {tuple(sorted(c)) for n in range(5) for c in itertools.combinations(state.dice, n)}
        actions += [("roll", keep) for keep in sorted(subs)]
    actions += [("score", KEYS[b]) for b in open_boxes(state)]
    return tuple(actions)


def action_to_dict(action: tuple[Any, ...]) -> dict[str, Any]:
    if action[0] == "roll":
        return {"type": "roll", "keep": list(action[1])}
    if action[0] == "dice":
        return {"type": "dice", "values": list(action[1])}
    return {"type": "score", "box": action[1]}


def action_from_dict(doc: dict[str, Any]) -> tuple[Any, ...]:
    kind = doc["type"]
    if kind == "score":
        return (kind, doc["box"])
    return (kind, tuple(doc["keep"] if kind == "roll" else doc["values"]))


@pytest.fixture(autouse=True)
def tiny_game(monkeypatch: pytest.MonkeyPatch) -> types.ModuleType:
    """The tiny game, registered as ``"tiny"`` for one test."""
    module = types.ModuleType(MODULE)
    module.Rules = Rules  # type: ignore[attr-defined]
    module.INFO = GameInfo(  # type: ignore[attr-defined]
        name="tiny",
        titles={"en": "Tiny", "de": "Winzig"},
        min_players=1,
        max_players=1,
        solitaire=solitaire,
    )
    module.GAME = types.SimpleNamespace(state_class=State)  # type: ignore[attr-defined]
    module.legal_actions = legal_actions  # type: ignore[attr-defined]
    module.current_player = lambda state: 0  # type: ignore[attr-defined]
    module.action_to_dict = action_to_dict  # type: ignore[attr-defined]
    module.action_from_dict = action_from_dict  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, MODULE, module)
    monkeypatch.setitem(variant._MODULES, "tiny", MODULE)
    monkeypatch.setattr(variant, "VARIANTS", (*variant.VARIANTS, "tiny"))
    return module


# --- plain expectimax, from the game's description only ---

ROLLS = sorted({tuple(sorted(r)) for r in itertools.product(range(1, 7), repeat=5)})


@cache
def throws(n: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    """Every sorted result of throwing ``n`` dice, with its probability."""
    counts = Counter(tuple(sorted(r)) for r in itertools.product(range(1, 7), repeat=n))
    return tuple((r, c / 6**n) for r, c in sorted(counts.items()))


@cache
def keeps(roll: tuple[int, ...]) -> frozenset[tuple[int, ...]]:
    """Every multiset a player may keep of ``roll`` and throw the rest."""
    return frozenset(tuple(sorted(c)) for n in range(5) for c in itertools.combinations(roll, n))


KEEPS = sorted({k for roll in ROLLS for k in keeps(roll)})


@cache
def expectimax(rules: Rules) -> Expectimax:
    """One expectimax per rule set, its values remembered."""
    return Expectimax(rules)


class Expectimax:
    """The tiny game's values: a state is (open boxes, upper sum capped, the five box's entry)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules

    def choices(
        self, open_: frozenset[int], five: int | None, roll: tuple[int, ...]
    ) -> list[tuple[int, int, int]]:
        order = sorted(open_)
        allowed = order[:1] if self.rules.forced_order else order
        extra = self.rules.jokers and len(set(roll)) == 1 and 3 not in open_
        bonus = EXTRA if extra and five == FIVE else 0
        return [(b, points(b, roll), bonus) for b in allowed]

    @cache  # noqa: B019 - one instance per rule set, kept for the test session
    def value(self, open_: frozenset[int], upper: int, five: int | None) -> float:
        """The expected points still to come at the start of a turn (the bonus included)."""
        if not open_:
            return BONUS if upper >= THRESHOLD else 0.0
        final, second = self.turn(open_, upper, five)
        first = self.roll_values(self.keep_values(second), final)
        return sum(p * first[r] for r, p in throws(5))

    def turn(
        self, open_: frozenset[int], upper: int, five: int | None
    ) -> tuple[dict[tuple[int, ...], float], dict[tuple[int, ...], float]]:
        """Each final roll's value, and each roll's value with one throw left."""
        final = {roll: self.final(open_, upper, five, roll) for roll in ROLLS}
        return final, self.roll_values(self.keep_values(final), final)

    def after(
        self, open_: frozenset[int], upper: int, five: int | None, box: int, pts: int
    ) -> float:
        nu = min(THRESHOLD, upper + pts) if box < 2 else upper
        return self.value(open_ - {box}, nu, pts if box == 3 else five)

    def final(
        self, open_: frozenset[int], upper: int, five: int | None, roll: tuple[int, ...]
    ) -> float:
        return max(
            pts + bonus + self.after(open_, upper, five, b, pts)
            for b, pts, bonus in self.choices(open_, five, roll)
        )

    @staticmethod
    def keep_values(later: dict[tuple[int, ...], float]) -> dict[tuple[int, ...], float]:
        """The value of keeping each multiset and throwing the rest once."""
        return {
            keep: sum(p * later[tuple(sorted(keep + r))] for r, p in throws(5 - len(keep)))
            for keep in KEEPS
        }

    @staticmethod
    def roll_values(
        kept: dict[tuple[int, ...], float], final: dict[tuple[int, ...], float]
    ) -> dict[tuple[int, ...], float]:
        """Each roll's value: score it now, or the best keep."""
        return {roll: max([final[roll], *(kept[k] for k in keeps(roll))]) for roll in ROLLS}


def key(entries: tuple[int | None, ...]) -> tuple[frozenset[int], int, int | None]:
    upper = min(THRESHOLD, sum(e for e in entries[:2] if e is not None))
    return frozenset(b for b in range(4) if entries[b] is None), upper, entries[3]


RULE_SETS = [Rules(), Rules(jokers=False), Rules(forced_order=True), Rules(True, False)]


@pytest.mark.parametrize("rules", RULE_SETS, ids=str)
def test_the_optimum_is_plain_expectimax_over_the_description(rules: Rules) -> None:
    bot = OptimalSolitaire(rules, progress=False)
    expected = expectimax(rules).value(frozenset(range(4)), 0, None)
    assert bot.expected_score() == pytest.approx(expected, abs=1e-9)
    # The five box's value matters only while a box is open after it.
    assert bot.table.model.flags == (2 if rules.jokers and not rules.forced_order else 1)


def forced_dp(rules: Rules) -> float:
    """``research/yatzy/forced_dp.py``'s method: state (next box, upper sum), keeps as a matrix."""
    hands = ROLLS
    hidx = {h: i for i, h in enumerate(hands)}
    kept = sorted({k for h in hands for k in keeps(h)} | set(hands), key=lambda k: (len(k), k))
    kidx = {k: i for i, k in enumerate(kept)}
    prob = np.zeros((len(kept), len(hands)))
    for k in kept:
        for r, p in throws(5 - len(k)):
            prob[kidx[k], hidx[tuple(sorted(k + r))]] += p
    sub = [np.array([kidx[k] for k in keeps(h) | {h}]) for h in hands]
    first = prob[kidx[()]]

    def turn(final: Any) -> float:
        v = final
        for _ in range(2):
            ek = prob @ v
            v = np.array([ek[s].max() for s in sub])
        return float(first @ v)

    after = np.array([BONUS if u >= THRESHOLD else 0.0 for u in range(THRESHOLD + 1)])
    for b in reversed(range(4)):
        sc = np.array([points(b, h) for h in hands], dtype=float)
        now = np.zeros(THRESHOLD + 1)
        for u in range(THRESHOLD + 1):
            nu = np.minimum(u + sc, THRESHOLD).astype(int) if b < 2 else np.full(len(hands), u)
            now[u] = turn(sc + after[nu])
        after = now
    return float(after[0])


def test_the_forced_order_is_the_dp_over_the_next_box() -> None:
    rules = Rules(forced_order=True, jokers=False)
    table = OptimalSolitaire(rules, progress=False).table
    assert table.expected_score == pytest.approx(forced_dp(rules), abs=1e-9)
    # Only the prefixes of the sheet are positions: five masks.
    model = table.model
    assert [m for m in range(16) if model.states(m)] == [0, 1, 3, 7, 15]


def states(rules: Rules, seed: int) -> Iterator[State]:
    """Decisions of the tiny game, played at random."""
    rng = random.Random(seed)
    for _ in range(6):
        state = State(rules, (Sheet(),))
        while any(e is None for e in state.sheets[0].entries):
            yield state
            action = rng.choice(legal_actions(state))
            if action[0] == "roll":
                thrown = tuple(rng.randint(1, 6) for _ in range(5 - len(action[1])))
                dice = tuple(sorted(action[1] + thrown))
                state = attrs.evolve(state, dice=dice, rolls=state.rolls + 1)
                continue
            sheet = state.sheets[0]
            box = KEYS.index(action[1])
            extra = rules.jokers and len(set(state.dice)) == 1 and sheet.entries[3] is not None
            pts = points(box, state.dice)
            bonus = EXTRA if extra and sheet.entries[3] == FIVE else 0
            entries = list(sheet.entries)
            entries[box] = pts
            state = State(rules, (Sheet(tuple(entries), sheet.extra_bonus + bonus),))


def brute_values(rules: Rules, state: State) -> dict[tuple[Any, ...], float]:
    """The expected final score after each legal action, by plain expectimax."""
    em = expectimax(rules)
    sheet = state.sheets[0]
    open_, upper, five = key(sheet.entries)
    base = sum(e for e in sheet.entries if e is not None) + sheet.extra_bonus
    out: dict[tuple[Any, ...], float] = {}
    if state.rolls == 0:
        return {("roll", ()): base + em.value(open_, upper, five)}
    final, second = em.turn(open_, upper, five)
    kept = em.keep_values(second if state.rolls == 1 else final)
    for action in legal_actions(state):
        if action[0] == "roll":
            out[action] = base + kept[action[1]]
            continue
        box = KEYS.index(action[1])
        for b, pts, bonus in em.choices(open_, five, state.dice):
            if b == box:
                out[action] = base + pts + bonus + em.after(open_, upper, five, b, pts)
    return out


@pytest.mark.parametrize("rules", [Rules(), Rules(forced_order=True)], ids=str)
@pytest.mark.parametrize("numpy", [False, True])
def test_every_advice_is_plain_expectimax_and_the_policy_takes_the_best(
    rules: Rules, numpy: bool
) -> None:
    bot = OptimalSolitaire(rules, progress=False, numpy=numpy)
    for n, state in enumerate(states(rules, seed=5)):
        if n % 3:
            continue
        advice = bot.advise(state)
        expected = brute_values(rules, state)
        assert {a.action for a in advice} == set(expected)
        for a in advice:
            assert a.value == pytest.approx(expected[a.action], abs=1e-9)
        assert advice[0].value == pytest.approx(max(expected.values()), abs=1e-9)
        choice = bot(state, legal_actions(state), random.Random(0))
        assert expected[choice] == pytest.approx(max(expected.values()), abs=1e-9)


def test_numpy_turns_are_the_pure_python_turns() -> None:
    table = OptimalSolitaire(Rules(), progress=False).table
    kernel = Kernel(np, table)
    extra = ExtraCache(table)
    model = table.model
    for mask in range(15):
        for upper, fifty in model.states(mask):
            a = Turn(table, mask, upper, fifty, extra)
            b = Turn(table, mask, upper, fifty, extra, kernel)
            assert (a.final, a.keep1, a.keep2) == (b.final, b.keep1, b.keep2)


def test_tables_name_their_game_and_read_back() -> None:
    table = OptimalSolitaire(Rules(forced_order=True), progress=False).table
    data = table.to_bytes()
    assert b'"game": "tiny"' in data.partition(b"\n")[0]
    again = ValueTable.from_bytes(data)
    assert again.rules == Rules(forced_order=True)
    x, y = np.frombuffer(again.values), np.frombuffer(table.values)
    assert (np.isnan(x) == np.isnan(y)).all() and np.nanmax(np.abs(x - y)) <= 2.0**-25
    assert np.count_nonzero(~np.isnan(x)) == sum(
        len(model_states) for model_states in (table.model.states(m) for m in table.model.masks())
    )


def test_simulated_games_average_the_optimum_and_replay() -> None:
    rules = Rules()
    bot = OptimalSolitaire(rules, progress=False)
    sim = simulate(2000, rules=rules, seed=3, record=True, batch=500)
    assert abs(sim.mean - bot.expected_score()) < 4 * sim.standard_error
    for record, score in zip(sim.records[:20], sim.scores[:20], strict=True):
        state = State(rules, (Sheet(),))
        for action in record:
            if action[0] == "dice":
                dice = tuple(sorted(state.dice + action[1]))
                state = attrs.evolve(state, dice=dice, rolls=state.rolls + 1)
            elif action[0] == "roll":
                assert action in legal_actions(state)
                state = attrs.evolve(state, dice=action[1])
            else:
                assert action in legal_actions(state)
                best = max(a.value for a in bot.advise(state))
                assert dict(bot.advise(state))[action] == pytest.approx(best, abs=1e-9)
                box = KEYS.index(action[1])
                sheet = state.sheets[0]
                extra = len(set(state.dice)) == 1 and sheet.entries[3] is not None
                pts = points(box, state.dice)
                bonus = EXTRA if extra and sheet.entries[3] == FIVE else 0
                entries = list(sheet.entries)
                entries[box] = pts
                state = State(rules, (Sheet(tuple(entries), sheet.extra_bonus + bonus),))
        done = state.sheets[0].entries
        upper = sum(e for e in done[:2] if e is not None)
        total = sum(e for e in done if e is not None) + state.sheets[0].extra_bonus
        assert score == total + (BONUS if upper >= THRESHOLD else 0)


def test_rules_of_no_solitaire_game_are_refused_by_name() -> None:
    with pytest.raises(KniffelError, match=r"classic\.Rules.*tiny\.Rules"):
        Model(3)


def test_the_solver_imports_no_game_package() -> None:
    """It reads games through the registry and ``INFO.solitaire`` only (issue 28)."""
    import ast
    from pathlib import Path

    import kniffel_rules.bots.optimal as optimal

    games = [f"kniffel_rules.{name}" for name in variant.VARIANTS]
    for path in Path(optimal.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = (
                [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else []
            )
            if isinstance(node, ast.ImportFrom) and node.module == "kniffel_rules":
                names = [f"kniffel_rules.{a.name}" for a in node.names]
            bad = [n for n in names if any(n == g or n.startswith(g + ".") for g in games)]
            assert not bad, f"{path.name} imports {bad}"
