"""Issue 26, items 7 and 10: Croatian Maximum and Minimum, the Croatian floor, the fixed placement
table, the struck-Kniffel forced entry, and sums judged from the values as written."""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kniffel_rules
from kniffel_rules import InvalidStateError, classic, extreme, record
from kniffel_rules._sheetcheck import DERIVED
from kniffel_rules.bots import RandomBot
from kniffel_rules.boxsheet import placement_points
from kniffel_rules.classic import Box, DiceRoll, Roll, Rules, Score, State
from kniffel_rules.classic.engine import ranking_points
from kniffel_rules.classic.pieces import BOXES, UPPER, layout

from .helpers import boxes, position

CROATIAN = Rules(croatian=True)
FLOOR = Rules(croatian=True, croatian_floor=True)
ALL_DICE = sorted(set(itertools.combinations_with_replacement(range(1, 7), 5)))


def _sheet(games: list[dict[str, Any]], rules: dict[str, Any] | None = None) -> dict[str, Any]:
    doc: dict[str, Any] = {"variant": "classic", "players": [{"name": "Ann", "games": games}]}
    if rules is not None:
        doc["rules"] = rules
    return doc


def _findings(doc: dict[str, Any]) -> list[tuple[str, str, str]]:
    return [(f.field, f.rule, f.message) for f in kniffel_rules.verify_sheet(doc).findings]


# --- CL-52: Croatian Maximum and Minimum are never struck -----------------------------------


@pytest.mark.rule("CL-52", "CL-30")
@pytest.mark.parametrize("box", ["minimum", "maximum"])
def test_a_struck_zero_in_croatian_maximum_or_minimum_is_a_finding(box: str) -> None:
    doc = _sheet([{box: 0}], {"croatian": True})
    label = box.capitalize()
    assert _findings(doc) == [
        (
            box,
            "CL-30",
            f"Ann, game 1: {label} holds 0, but {label} can only hold the sum of five dice "
            f"(5 to 30), never a struck 0.",
        )
    ]


@pytest.mark.rule("CL-52", "CL-31")
def test_a_struck_minimum_is_blamed_once_not_on_the_bonus_it_inflates() -> None:
    # (27 - 0) x 3 = 81: the sums follow from the values as written, only Minimum is wrong
    game = {"ones": 3, "maximum": 27, "minimum": 0, "upper_sum": 3, "upper_bonus": 0}
    game |= {"upper_total": 3, "lower_total": 81, "total": 84}
    doc = _sheet([game], {"croatian": True})
    assert [(field, rule) for field, rule, _ in _findings(doc)] == [("minimum", "CL-30")]


@pytest.mark.rule("CL-52", "CL-07")
def test_other_boxes_of_a_paper_sheet_may_still_hold_a_struck_zero() -> None:
    assert _findings(_sheet([{"chance": 0, "kniffel": 0}])) == []
    assert _findings(_sheet([{"ones": 0, "sixes": 0}], {"croatian": True})) == []


@pytest.mark.rule("CL-52", "CL-30")
@pytest.mark.parametrize("rules", [CROATIAN, FLOOR, Rules(croatian=True, full_cup=True)])
def test_the_game_never_enters_zero_in_maximum_or_minimum(rules: Rules) -> None:
    start = classic.apply(classic.new_game(rules=rules, first_player=0), Roll())
    for dice in ALL_DICE:
        state = classic.apply(start, DiceRoll(dice))
        for box in (Box.MAXIMUM, Box.MINIMUM):
            assert Score(box) in classic.legal_actions(state)
            after = classic.apply(state, Score(box))
            assert after.sheets[0][box] == sum(dice) > 0


@pytest.mark.rule("CL-52")
def test_a_state_with_a_struck_minimum_is_refused() -> None:
    state = position({Box.ONES: 3}, rules=CROATIAN)
    doc = json.loads(classic.to_json(state))
    doc["players"][0]["sheet"]["minimum"] = 0
    with pytest.raises(InvalidStateError, match="minimum"):
        classic.from_json(json.dumps(doc))


# --- CL-53: the Croatian floor ----------------------------------------------------------------


def _croatian_game(rules: Rules) -> State:
    """One player: Ones 3, Maximum 6, Minimum 30 ((6 - 30) x 3 = -72), the rest 5 x face."""
    plan = [
        ((1, 1, 1, 2, 2), Box.ONES),
        ((1, 1, 1, 1, 2), Box.MAXIMUM),
        ((6, 6, 6, 6, 6), Box.MINIMUM),
        *(((face,) * 5, box) for face, box in zip(range(2, 7), UPPER[1:], strict=True)),
    ]
    state = classic.new_game(rules=rules, first_player=0)
    for dice, box in plan:
        state = classic.apply(state, Roll())
        state = classic.apply(state, DiceRoll(dice))
        state = classic.apply(state, Score(box))
    return state


@pytest.mark.rule("CL-53", "CL-31")
def test_the_croatian_floor_counts_a_negative_product_as_zero() -> None:
    upper = 3 + 10 + 15 + 20 + 25 + 30  # 103: the bonus too
    plain, floored = _croatian_game(CROATIAN), _croatian_game(FLOOR)
    assert classic.is_terminal(plain) and classic.is_terminal(floored)
    assert classic.scores(plain) == (upper + 35 - 72,)
    assert classic.scores(floored) == (upper + 35,)
    assert floored.sheets[0].lower_total(FLOOR) == 0
    # a positive product is the same either way
    assert layout(FLOOR).lower_total(
        [3, None, None, None, None, None] + [None] * 7 + [27, 5]
    ) == (27 - 5) * 3


@pytest.mark.rule("CL-53")
def test_the_croatian_floor_round_trips_and_checks_its_results() -> None:
    floored = _croatian_game(FLOOR)
    assert classic.from_json(classic.to_json(floored)) == floored
    doc = json.loads(classic.to_json(_croatian_game(CROATIAN)))
    doc["rules"]["croatian_floor"] = True  # the negative total no floored game gives
    with pytest.raises(InvalidStateError, match="results"):
        classic.from_json(json.dumps(doc))


@pytest.mark.rule("CL-53")
def test_the_croatian_floor_needs_the_croatian_sheet() -> None:
    with pytest.raises(InvalidStateError) as exc:
        Rules(croatian_floor=True)
    assert str(exc.value) == (
        "rules.croatian_floor: applies to the Croatian sheet only: set croatian too"
    )
    with pytest.raises(InvalidStateError, match="croatian_floor: expected True or False"):
        Rules.from_dict({"croatian": True, "croatian_floor": 1})
    assert Rules.from_dict({"croatian": True, "croatian_floor": True}) == FLOOR


@pytest.mark.rule("CL-53", "CL-24")
def test_the_sheet_verifier_honours_the_croatian_floor() -> None:
    game = {"ones": 3, "maximum": 6, "minimum": 30, "lower_total": -72}
    assert _findings(_sheet([game], {"croatian": True})) == []
    assert _findings(_sheet([game], {"croatian": True, "croatian_floor": True})) == [
        (
            "lower_total",
            "CL-31",
            "Ann, game 1: the lower total is -72, but should be 0 (the sum of the boxes above).",
        )
    ]
    game["lower_total"] = 0
    assert _findings(_sheet([game], {"croatian": True, "croatian_floor": True})) == []


# --- CL-54: the fixed placement table -----------------------------------------------------------


@pytest.mark.rule("CL-54", "CL-48")
def test_the_fixed_table_gives_8_7_6_whatever_the_number_of_players() -> None:
    fixed = Rules(ranking="placement_fixed")
    assert ranking_points((200, 250, 200)) == (2, 3, 2)
    assert ranking_points((200, 250, 200), fixed) == (7, 8, 7)
    assert ranking_points((1,), fixed) == (8,)
    ten = ranking_points(tuple(range(100, 110)), fixed)
    assert ten == (0, 0, 1, 2, 3, 4, 5, 6, 7, 8)
    assert ranking_points((5, 5, 5, 4), fixed) == (8, 8, 8, 5)
    with pytest.raises(InvalidStateError, match=r"rules: expected classic\.Rules"):
        ranking_points((1, 2), "placement_fixed")  # type: ignore[arg-type]


@pytest.mark.rule("CL-54")
@given(st.lists(st.integers(-100, 400), min_size=1, max_size=12))
def test_the_fixed_table_is_the_players_scale_shifted_to_eight(totals: list[int]) -> None:
    n = len(totals)
    fixed = placement_points(totals, 8)
    assert fixed == tuple(max(p + 8 - n, 0) for p in placement_points(totals))


@pytest.mark.rule("CL-54", "CL-28")
def test_a_series_ranked_on_the_fixed_table() -> None:
    rules = Rules(games=2, ranking="placement_fixed")
    rec = record("classic", [RandomBot()] * 3, seed=7, rules=rules)
    state = rec.final
    expected = [0, 0, 0]
    for result in state.results:
        for p, pts in enumerate(placement_points(result, 8)):
            expected[p] += pts
    assert classic.scores(state) == tuple(expected)
    assert max(classic.scores(state)) >= 8  # 8 for a first place, not 3
    sheet = classic.write_sheet(rec)
    assert kniffel_rules.verify_sheet(sheet).ok
    doc = json.loads(kniffel_rules.record_to_json(rec))
    assert not kniffel_rules.verify_sheet(doc).findings


@pytest.mark.rule("CL-54", "CL-28")
def test_the_sheet_verifier_reads_placement_points_on_the_fixed_table() -> None:
    players: list[dict[str, Any]] = [
        {"name": "Ann", "games": [{"chance": 20, "total": 20, "placement_points": 2}]},
        {"name": "Ben", "games": [{"chance": 10, "total": 10, "placement_points": 1}]},
    ]
    rules = {"ranking": "placement_fixed"}
    doc: dict[str, Any] = {"variant": "classic", "players": players, "rules": rules}
    # only Chance is filled: the game is not over, no points are checked
    assert kniffel_rules.verify_sheet(doc).ok
    full = {b.key: 0 for b in BOXES if b is not Box.CHANCE}
    for pl in players:
        pl["games"][0] |= full
    found = [(f.field, f.rule, f.message) for f in kniffel_rules.verify_sheet(doc).findings]
    assert found == [
        (
            "placement_points",
            "CL-28",
            "Ann, game 1: 2 placement points, but the totals give 8 (8 for first place, one "
            "less for each place below, at least 0; ties share the better place).",
        ),
        (
            "placement_points",
            "CL-28",
            "Ben, game 1: 1 placement points, but the totals give 7 (8 for first place, one "
            "less for each place below, at least 0; ties share the better place).",
        ),
    ]


# --- CL-55: an extra Kniffel after a struck Kniffel box ------------------------------------------


@pytest.mark.rule("CL-55", "CL-17", "CL-18", "CL-22")
def test_an_extra_kniffel_after_a_struck_kniffel_box_goes_to_its_upper_box() -> None:
    state = position({Box.KNIFFEL: 0}, dice=(4, 4, 4, 4, 4))
    assert boxes(state) == {Box.FOURS}
    after = classic.apply(state, Score(Box.FOURS))
    assert after.sheets[0][Box.FOURS] == 20 and after.sheets[0].extra_bonus == 0
    free = position({Box.KNIFFEL: 0}, dice=(4, 4, 4, 4, 4), rules=Rules(joker="free"))
    assert Box.CHANCE in boxes(free)


# --- item 7: sums are judged from the values as written ------------------------------------------


@pytest.mark.rule("CL-16", "CL-24")
@pytest.mark.parametrize("rolls", [True, False])
def test_one_wrong_entry_is_not_blamed_on_the_sums_below_it_classic(rolls: bool) -> None:
    game: dict[str, Any] = {"chance": 18, "three_of_a_kind": 24, "lower_total": 42, "total": 42}
    game |= {"upper_sum": 0, "upper_bonus": 0, "upper_total": 0}
    if rolls:
        game["turns"] = [
            {"box": "chance", "rolls": [{"dice": [1, 2, 3, 5, 6]}]},
            {"box": "three_of_a_kind", "rolls": [{"dice": [4, 4, 4, 6, 6]}]},
        ]
        why = "Chance holds 18, but the dice 1, 2, 3, 5, 6 score 17 there (turn 1)."
        expected: Any = 17
    else:
        game["chance"] = 4  # no five dice sum to 4
        game |= {"lower_total": 28, "total": 28}
        why = "Chance holds 4, but Chance can only hold 0 or the sum of five dice (5 to 30)."
        expected = "0 or the sum of five dice (5 to 30)"
    report = kniffel_rules.verify_sheet(_sheet([game]))
    assert [(f.field, f.found, f.expected, f.rule, f.message) for f in report.findings] == [
        ("chance", game["chance"], expected, "CL-16", f"Ann, game 1: {why}")
    ]


@pytest.mark.rule("EX-19", "EX-20")
def test_one_wrong_entry_is_not_blamed_on_the_sums_below_it_extreme() -> None:
    game: dict[str, Any] = {"chance": 25, "three_of_a_kind": 24, "lower_total": 49, "total": 49}
    game["turns"] = [
        {"box": "chance", "rolls": [{"d6": [1, 2, 3, 5, 6], "d10": 7}]},
        {"box": "three_of_a_kind", "rolls": [{"d6": [4, 4, 4, 6, 6], "d10": 0}]},
    ]
    doc = {"variant": "extreme", "players": [{"name": "Ann", "games": [game]}]}
    report = kniffel_rules.verify_sheet(doc)
    assert [(f.field, f.found, f.expected, f.rule, f.message) for f in report.findings] == [
        (
            "chance",
            25,
            24,
            "EX-19",
            "Ann, game 1: Chance holds 25, but the dice 1, 2, 3, 5, 6, 7 score 24 there (turn 1).",
        )
    ]


def _perturbed(doc: dict[str, Any], spec: Any, rng: random.Random) -> str:
    """Add 1 to one box of one game and write every sum from the values as written."""
    p = rng.randrange(len(doc["players"]))
    player = doc["players"][p]
    g = rng.randrange(len(player["games"]))
    game = player["games"][g]
    key: str = rng.choice([k for k in spec.key_order if k in game])
    game[key] += 1
    sheet = spec.layout
    e = sheet.entries_of({k: game[k] for k in spec.key_order if k in game})
    sums = (
        sheet.upper_sum(e),
        sheet.upper_bonus(e),
        sheet.upper_total(e),
        sheet.lower_total(e),
        sheet.total(e, game.get("extra_kniffel_bonus", 0)),
    )
    game.update(zip(DERIVED, sums, strict=True))
    player["series_total"] = sum(gm["total"] for gm in player["games"])
    for pl in doc["players"]:  # placement points may move with the total: not this test's
        pl.pop("series_points", None)
        for gm in pl["games"]:
            gm.pop("placement_points", None)
    return key


@pytest.mark.rule("CL-24", "CL-27", "EX-20")
@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(
        [
            ("classic", Rules()),
            ("classic", CROATIAN),
            ("classic", Rules(games=2)),
            ("classic", Rules(games=2, ranking="placement_fixed")),
            ("extreme", None),
        ]
    ),
    st.integers(0, 10_000),
    st.booleans(),
)
def test_a_wrong_entry_is_reported_once_whatever_the_mode(
    game_rules: tuple[str, Any], seed: int, rolls: bool
) -> None:
    variant, rules = game_rules
    module: Any = classic if variant == "classic" else extreme
    rec = record(variant, [RandomBot(), RandomBot()], seed=seed, rules=rules)
    doc = module.write_sheet(rec, rolls=rolls)
    spec = module.sheet.spec(rules if rules is not None else module.Rules())
    key = _perturbed(doc, spec, random.Random(seed))
    fields = {f.field for f in kniffel_rules.verify_sheet(doc).findings}
    assert fields <= {key, "extra_kniffel_bonus"}
    if rolls:  # the replay knows every box's value: the changed one is always reported
        assert key in fields


# --- the new options through the bots and the command line --------------------------------------


@pytest.mark.rule("CL-54", "CL-46")
def test_the_optimal_player_sets_the_placement_table_aside() -> None:
    from kniffel_rules.bots import OptimalSolitaire
    from kniffel_rules.bots.optimal._table import shipped_name

    rules = Rules(games=3, ranking="placement_fixed")
    assert shipped_name(rules) == shipped_name(Rules())
    assert OptimalSolitaire(rules, progress=False).rules == Rules()


@pytest.mark.rule("CL-53")
def test_the_optimal_player_refuses_the_floored_croatian_sheet_in_words() -> None:
    from kniffel_rules import KniffelError
    from kniffel_rules.bots import OptimalSolitaire

    with pytest.raises(KniffelError, match="Croatian"):
        OptimalSolitaire(FLOOR, progress=False)


@pytest.mark.rule("CL-53", "CL-54")
@pytest.mark.parametrize(
    ("rules", "status"),
    [
        ('{"croatian": true, "croatian_floor": true}', 0),
        ('{"games": 2, "ranking": "placement_fixed"}', 0),
        ('{"croatian_floor": true}', 2),
    ],
)
def test_the_command_line_plays_the_new_options(rules: str, status: int) -> None:
    import io

    from kniffel_rules.cli import main

    argv = ["show", "--players", "greedy,random", "--seed", "3", "--rules", rules]
    assert main(argv, out=io.StringIO()) == status
