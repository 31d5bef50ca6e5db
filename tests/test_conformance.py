"""The conformance suite: every game, through the Variant protocol only.

Checks at every state of seeded random playouts that chance is exact, that
the legal actions are legal and everything else is rejected with a reason,
that nothing is mutated, that JSON round-trips, and that replaying the
record reproduces the game.
"""

from __future__ import annotations

import copy
import importlib
import json
import math
import pickle
import random
import re
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import kniffel_rules
from conformance_cases import CASES, Case
from kniffel_rules import CHANCE, TERMINAL, IllegalActionError, InvalidStateError, Variant
from kniffel_rules.game import PROTOCOL_CLAUSES, Game
from kniffel_rules.variant import _MODULES

IDS = [f"{c.variant}-{c.id}" for c in CASES]
DOCS = Path(__file__).resolve().parent.parent / "docs"


def _shell(variant: str) -> Game[Any, Any, Any, Any]:
    """The game object (``GAME`` of its ``engine`` room), to reach the unoptimised listing."""
    engine = importlib.import_module(f"{_MODULES[variant]}.engine")
    game: Game[Any, Any, Any, Any] = engine.GAME
    assert isinstance(game, Game)
    return game


def _clauses(variant: str) -> set[str]:
    """The clause ids a refusal of ``variant`` may carry: its rules page and the protocol's."""
    page = (DOCS / "rules" / f"{variant}.md").read_text(encoding="utf-8")
    return set(re.findall(r"\b[A-Z]{2}-\d{2,3}\b", page)) | set(PROTOCOL_CLAUSES)


def test_every_registered_game_has_a_case() -> None:
    assert set(kniffel_rules.VARIANTS) <= {c.variant for c in CASES}


@pytest.mark.parametrize("variant", kniffel_rules.VARIANTS)
def test_every_registered_game_declares_itself(variant: str) -> None:
    """``INFO`` is the game's `GameInfo`; its player limits are the ones ``new_game`` keeps."""
    module = kniffel_rules.get_variant(variant)
    info = module.INFO
    assert isinstance(info, kniffel_rules.GameInfo)
    assert info.name == variant
    assert _shell(variant).info is info
    assert all(info.title(lang) for lang in ("en", "de"))
    for n in (info.min_players, info.max_players):
        assert module.scores(module.new_game(players=n)) is not None
    for n in (info.min_players - 1, info.max_players + 1):
        if n >= 1:
            with pytest.raises(InvalidStateError):
                module.new_game(players=n)


@pytest.mark.parametrize("variant", kniffel_rules.VARIANTS)
def test_a_game_pickles_and_copies_as_itself(variant: str) -> None:
    """The game object is one per module: a pickled or copied protocol function stays its method."""
    game = _shell(variant)
    assert pickle.loads(pickle.dumps(game)) is game
    assert copy.deepcopy(game) is game
    apply = pickle.loads(pickle.dumps(kniffel_rules.get_variant(variant).apply))
    assert apply.__self__ is game


def test_get_variant_rejects_unknown_names() -> None:
    with pytest.raises(kniffel_rules.KniffelError, match="unknown game"):
        kniffel_rules.get_variant("chess")


def _check_chance_node(game: Variant, state: Any, rng: random.Random) -> Any:
    outcomes = game.chance_outcomes(state)
    actions = [o for o, _ in outcomes]
    assert len(set(actions)) == len(actions), "duplicate chance outcomes"
    for _, p in outcomes:
        assert isinstance(p, Fraction)
        assert 0 < p <= 1
    assert sum(p for _, p in outcomes) == 1
    assert tuple(actions) == game.legal_actions(state)
    sampled = game.sample_chance(state, rng)
    assert sampled in set(actions)
    return sampled


def _check_rejections(game: Variant, state: Any, foreign: list[Any], clauses: set[str]) -> None:
    """Wrong types and actions legal elsewhere but not here raise, without mutation.

    ``apply`` raises exactly the reason ``why_illegal`` gives, and that reason
    names a clause of the game's rules page or of the protocol page.
    """
    legal = set(game.legal_actions(state))
    before = game.to_json(state)
    candidates: list[Any] = [None, "roll", 3, object(), *foreign]
    for action in candidates:
        if action in legal:
            continue
        reason = game.why_illegal(state, action)
        assert reason is not None, f"why_illegal lets {action!r} through, legal_actions does not"
        assert not game.is_legal(state, action)
        with pytest.raises(IllegalActionError) as info:
            game.apply(state, action)
        assert str(info.value), f"no reason given for rejecting {action!r}"
        assert str(info.value) == str(reason)
        assert info.value.rule == reason.rule
        assert reason.rule in clauses, f"refusal of {action!r} names no clause: {reason!r}"
    assert game.to_json(state) == before


def _playout(case: Case, seed: int) -> tuple[Any, list[Any], Any]:
    game = kniffel_rules.get_variant(case.variant)
    shell = _shell(case.variant)
    clauses = _clauses(case.variant)
    rng = random.Random(seed)
    start = case.start()
    state = start
    history: list[Any] = []
    foreign: list[Any] = []
    for _step in range(100_000):
        player = game.current_player(state)
        assert game.from_json(game.to_json(state)) == state
        hash(state)
        if game.is_terminal(state):
            assert player == TERMINAL
            assert game.legal_actions(state) == ()
            break
        assert player == CHANCE or 0 <= player < len(game.scores(state))
        with pytest.raises(IllegalActionError):
            game.winners(state)
        if player == CHANCE:
            action = _check_chance_node(game, state, rng)
        else:
            with pytest.raises(IllegalActionError):
                game.chance_outcomes(state)
            actions = game.legal_actions(state)
            assert actions, "a player node without legal actions"
            assert len(set(actions)) == len(actions), "duplicate legal actions"
            assert actions == shell.checked_actions(state), "the fast listing differs"
            assert all(game.why_illegal(state, a) is None for a in actions)
            snapshot = game.to_json(state)
            for a in rng.sample(actions, min(3, len(actions))):
                # every listed action is accepted; an equal object the game did
                # not offer is judged again and leads to the same state
                assert game.apply(state, copy.copy(a)) == game.apply(state, a)
            assert game.to_json(state) == snapshot, "apply mutated its input"
            action = actions[rng.randrange(len(actions))]
        if rng.random() < 0.2:
            _check_rejections(game, state, foreign[-8:], clauses)
        foreign.append(action)
        state = game.apply(state, action)
        history.append(action)
    else:
        pytest.fail("the playout did not end")
    return start, history, state


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_random_playouts_follow_the_protocol(case: Case) -> None:
    game = kniffel_rules.get_variant(case.variant)
    for seed in range(case.playouts):
        start, history, final = _playout(case, seed)
        assert game.is_terminal(final)
        winners = game.winners(final)
        scores = game.scores(final)
        assert winners
        assert all(scores[w] == max(scores) for w in winners)
        for action in (None, *history[-3:]):
            with pytest.raises(IllegalActionError) as info:
                game.apply(final, action)
            assert info.value.rule == "PR-05"
        with pytest.raises(IllegalActionError):
            game.chance_outcomes(final)
        assert kniffel_rules.replay(game, start, history) == final


@pytest.mark.parametrize("case", CASES, ids=IDS)
@given(seed=st.integers(0, 2**32 - 1))
def test_play_is_reproducible_from_a_seed(case: Case, seed: int) -> None:
    game = kniffel_rules.get_variant(case.variant)
    start = case.start()
    n = len(game.scores(start))
    rules = getattr(start, "rules", None)
    policies = [kniffel_rules.random_policy] * n
    one = kniffel_rules.record(game, policies, seed=seed, rules=rules)
    two = kniffel_rules.record(game, policies, seed=seed, rules=rules)
    assert one == two
    assert kniffel_rules.replay(game, one.initial, one.actions) == one.final
    assert game.from_json(game.to_json(one.final)) == one.final


def _first_chance_node(case: Case) -> Any:
    game = kniffel_rules.get_variant(case.variant)
    state = case.start()
    while game.current_player(state) != CHANCE:
        state = game.apply(state, game.legal_actions(state)[0])
    return state


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_sampled_outcomes_follow_the_distribution(case: Case) -> None:
    """A chi-square test at the first chance node (seeded, so deterministic).

    The critical value is the chi-square quantile at p = 1e-6 (Wilson-Hilferty),
    so a correct sampler fails only for a one-in-a-million seed, and a sampler
    that ignores the multinomial weights fails at once.
    """
    game = kniffel_rules.get_variant(case.variant)
    state = _first_chance_node(case)
    outcomes = game.chance_outcomes(state)
    rng = random.Random(12345)
    n = max(20_000, 40 * len(outcomes))
    counts = Counter(game.sample_chance(state, rng) for _ in range(n))
    chi2 = sum((counts[o] - n * p) ** 2 / (n * p) for o, p in outcomes)
    k = len(outcomes) - 1
    z = 4.753  # one-sided normal quantile for p = 1e-6
    critical = k * (1 - 2 / (9 * k) + z * math.sqrt(2 / (9 * k))) ** 3
    assert chi2 < critical


def _mutations(doc: Any) -> list[tuple[list[Any], Any]]:
    """Every path into a JSON document (leaves and containers)."""
    paths: list[tuple[list[Any], Any]] = []

    def walk(node: Any, path: list[Any]) -> None:
        paths.append((path, node))
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, [*path, k])
        elif isinstance(node, list):
            for i, v in enumerate(node):
                walk(v, [*path, i])

    walk(doc, [])
    return paths


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**6), 10**6) | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4)
    ),
    max_leaves=8,
)


@pytest.mark.parametrize("case", CASES, ids=IDS)
@given(seed=st.integers(0, 10_000), data=st.data())
def test_from_json_rejects_corrupted_documents_cleanly(
    case: Case, seed: int, data: st.DataObject
) -> None:
    """Replace one field anywhere by arbitrary JSON: a valid state or InvalidStateError."""
    game = kniffel_rules.get_variant(case.variant)
    rng = random.Random(seed)
    state = case.start()
    for _ in range(rng.randrange(60)):
        if game.is_terminal(state):
            break
        if game.current_player(state) == CHANCE:
            state = game.apply(state, game.sample_chance(state, rng))
        else:
            acts = game.legal_actions(state)
            state = game.apply(state, acts[rng.randrange(len(acts))])
    doc = json.loads(game.to_json(state))
    paths = _mutations(doc)
    path, _ = paths[data.draw(st.integers(0, len(paths) - 1))]
    new = data.draw(JSON_VALUES)
    if not path:
        doc = new
    else:
        node = doc
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = new
    try:
        back = game.from_json(json.dumps(doc))
    except InvalidStateError as exc:
        message = str(exc)
        assert message, "an InvalidStateError without a message"
    else:
        assert game.from_json(game.to_json(back)) == back


@pytest.mark.parametrize("case", CASES, ids=IDS)
@pytest.mark.parametrize("text", ["", "not json", "[]", "{}", "null", '{"format": 1}', b"\xff"])
def test_from_json_rejects_garbage(case: Case, text: str | bytes) -> None:
    game = kniffel_rules.get_variant(case.variant)
    with pytest.raises(InvalidStateError):
        game.from_json(text)


_NOT_CHANCE = {"cards": "no card is being drawn"}
_NO_WINNER = {"duel": "there is no winner"}


@pytest.mark.parametrize("variant", sorted(kniffel_rules.VARIANTS))
def test_protocol_misuse_says_what_is_wrong(variant: str) -> None:
    game = kniffel_rules.get_variant(variant)
    not_rules: Any = object()
    with pytest.raises(InvalidStateError) as bad_rules:
        game.new_game(2, rules=not_rules)
    assert (bad_rules.value.path, bad_rules.value.detail) == (
        "rules",
        f"expected {variant}.Rules, got object",
    )
    rng = random.Random(0)
    not_chance = "this is not a chance node: " + _NOT_CHANCE.get(
        variant, "no dice are being thrown"
    )
    state = game.new_game(2)
    while game.current_player(state) == CHANCE:
        state = game.apply(state, game.sample_chance(state, rng))
    not_over = "the game is not over yet: " + _NO_WINNER.get(variant, "there are no winners")
    early: list[tuple[Callable[[], object], str, str]] = [
        (lambda: game.chance_outcomes(state), not_chance, "PR-06"),
        (lambda: game.sample_chance(state, rng), not_chance, "PR-06"),
        (lambda: game.winners(state), not_over, "PR-07"),
    ]
    for call, message, rule in early:
        with pytest.raises(IllegalActionError) as info:
            call()
        assert (str(info.value), info.value.rule) == (message, rule)
    while not game.is_terminal(state):
        if game.current_player(state) == CHANCE:
            state = game.apply(state, game.sample_chance(state, rng))
        else:
            actions = game.legal_actions(state)
            state = game.apply(state, actions[rng.randrange(len(actions))])
    late: list[tuple[Callable[[], object], str, str]] = [
        (lambda: game.apply(state, None), "the game is over: no more actions", "PR-05"),
        (lambda: game.chance_outcomes(state), not_chance, "PR-06"),
        (lambda: game.sample_chance(state, rng), not_chance, "PR-06"),
    ]
    for call, message, rule in late:
        with pytest.raises(IllegalActionError) as info:
            call()
        assert (str(info.value), info.value.rule) == (message, rule)


@pytest.mark.rule("PR-01", "PR-02", "PR-03")
@pytest.mark.parametrize("variant", sorted(kniffel_rules.VARIANTS))
def test_misplaced_actions_and_outcomes_carry_protocol_clauses(variant: str) -> None:
    """An outcome where a player decides, a decision where chance decides, another game's action."""
    game = kniffel_rules.get_variant(variant)
    others = [kniffel_rules.get_variant(v) for v in kniffel_rules.VARIANTS if v != variant]
    rng = random.Random(5)
    state = game.new_game(2)
    decision: Any = None
    outcome: Any = None
    checked = set()
    own = (*_shell(variant).decisions, *_shell(variant).outcomes)
    # the first actions of every other game that are not of a class this game shares
    # (classic, Master and the Duell share the five-dice Roll)
    foreigners = [
        a
        for other in others
        for a in other.legal_actions(other.new_game(2, first_player=0))[:3]
        if not isinstance(a, own)
    ]
    assert foreigners
    for _ in range(400):
        if game.is_terminal(state):
            break
        if game.current_player(state) == CHANCE:
            if decision is not None:
                assert game.why_illegal(state, decision).rule == "PR-03"  # type: ignore[union-attr]
                checked.add("PR-03")
            action = game.sample_chance(state, rng)
            outcome = action
        else:
            if outcome is not None:
                assert game.why_illegal(state, outcome).rule == "PR-02"  # type: ignore[union-attr]
                checked.add("PR-02")
            actions = game.legal_actions(state)
            action = actions[rng.randrange(len(actions))]
            decision = action
        for foreign in foreigners:
            assert game.why_illegal(state, foreign).rule == "PR-01"  # type: ignore[union-attr]
        state = game.apply(state, action)
    assert checked == {"PR-02", "PR-03"}
