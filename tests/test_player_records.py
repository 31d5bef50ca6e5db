"""`player_record_from_json` reads the card game's ``initial`` view like `observation_from_dict`.

A record cut down to one player of the card game carries that player's
observation as ``initial``. It is read with every check of
``cards.observation_from_dict`` (and its seat, names and rules must be those
of the header), as docs/records.md promises (issue 26, item 4).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kniffel_rules
from _breaking import paths, replaced
from kniffel_rules import (
    GameRecord,
    InvalidStateError,
    RecordError,
    player_record_from_json,
    record,
    record_to_json,
)

CARDS = kniffel_rules.get_variant("cards")


def _mid_game(seed: int, steps: int) -> Any:
    state = CARDS.new_game(["Ann", "Ben", "Cem"], first_player=0)
    rng = random.Random(seed)
    for _ in range(steps):
        if CARDS.is_terminal(state):
            break
        state = CARDS.apply(state, rng.choice(CARDS.legal_actions(state)))
    return state


def _document(seed: int = 1, steps: int = 40, viewer: int = 0) -> dict[str, Any]:
    """A player record of a card game that starts mid-game (so hands hold cards)."""
    start = _mid_game(seed, steps)
    rng = random.Random(seed)
    state, actions = start, []
    for _ in range(30):
        if CARDS.is_terminal(state):
            break
        action = rng.choice(CARDS.legal_actions(state))
        actions.append(action)
        state = CARDS.apply(state, action)
    doc: dict[str, Any] = json.loads(
        record_to_json(GameRecord(start, tuple(actions), state, "cards"), player=viewer)
    )
    return doc


DOC = _document()


def _with_initial(**changes: Any) -> dict[str, Any]:
    return {**DOC, "initial": {**DOC["initial"], **changes}}


def _refused(doc: Any) -> InvalidStateError:
    with pytest.raises(InvalidStateError) as info:
        player_record_from_json(json.dumps(doc))
    return info.value


def test_the_real_document_is_read() -> None:
    seen = player_record_from_json(json.dumps(DOC))
    assert (seen.viewer, seen.players, seen.initial) == (0, ("Ann", "Ben", "Cem"), DOC["initial"])
    assert seen.rules == CARDS.observation_from_dict(DOC["initial"]).rules


def test_a_bare_initial_is_refused() -> None:
    error = _refused({**DOC, "initial": {"variant": "cards", "player": 0}})
    assert error.path == "initial"
    assert "missing field" in error.detail


def test_a_hand_with_the_same_card_twice_is_refused() -> None:
    hand = DOC["initial"]["hand"]
    assert len(hand) >= 2
    error = _refused(_with_initial(hand=[hand[0], *hand]))
    assert error.path.startswith("initial.hand"), error


def test_a_pile_size_that_does_not_add_up_is_refused() -> None:
    error = _refused(_with_initial(pile_size=DOC["initial"]["pile_size"] - 1))
    assert error.path == "initial.pile_size", error


def test_an_unknown_key_is_refused() -> None:
    error = _refused(_with_initial(secret=1))
    assert error.path == "initial", error
    assert "secret" in error.detail


def test_missing_rules_are_refused() -> None:
    initial = {k: v for k, v in DOC["initial"].items() if k != "rules"}
    error = _refused({**DOC, "initial": initial})
    assert error.path == "initial"
    assert "rules" in error.detail


@pytest.mark.parametrize("player", [0.0, 1.0, True, False, "0"])
def test_a_player_that_is_not_an_integer_is_refused(player: Any) -> None:
    error = _refused(_with_initial(player=player))
    assert error.path == "initial.player", error


def test_names_that_differ_from_the_observation_are_refused() -> None:
    error = _refused({**DOC, "players": ["Ann", "Ben", "Dora"]})
    assert error.path == "players", error
    seats = [dict(s) for s in DOC["initial"]["players"]]
    seats[2]["name"] = "Dora"
    error = _refused(_with_initial(players=seats))
    assert error.path == "players", error


def test_a_name_with_a_control_character_is_refused_in_the_view() -> None:
    seats = [dict(s) for s in DOC["initial"]["players"]]
    seats[1]["name"] = "Ben\x1b[2J"
    error = _refused(_with_initial(players=seats))
    assert error.path == "initial.players[1].name", error


def test_the_view_of_another_seat_is_refused() -> None:
    other = _document(viewer=1)
    error = _refused({**DOC, "initial": other["initial"]})
    assert error.path == "initial.player", error


_DOCS = [DOC, _document(seed=2, steps=0, viewer=2), _document(seed=3, steps=90, viewer=1)]
_JUNK = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | st.floats(allow_nan=False)
    | st.text(max_size=8)
    | st.sampled_from(["red 7", "blue 12", "hidden", "refill", -1, 0, 1, 2, 65]),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=8,
)


@settings(max_examples=300, deadline=None)
@given(pick=st.randoms(use_true_random=False), junk=_JUNK)
def test_one_junk_field_is_refused_with_its_path_or_read(pick: random.Random, junk: Any) -> None:
    doc = pick.choice(_DOCS)
    path = pick.choice(paths(doc))
    changed = replaced(doc, path, junk)
    refused: InvalidStateError | None = None
    seen: Any = None
    try:
        seen = player_record_from_json(json.dumps(changed))
    except InvalidStateError as error:  # RecordError included
        refused = error
    if refused is not None:  # the path names a field of the document
        assert refused.path.split(".")[0].split("[")[0] in {*doc, ""}, refused
        assert not isinstance(refused, RecordError) or refused.path.startswith("actions[")
        assert refused.detail, refused
    else:  # still a valid player record: its view is one observation_from_dict reads
        initial = CARDS.observation_from_dict(seen.initial)
        assert initial.player == seen.viewer
        assert initial.names == seen.players
        assert initial.rules == seen.rules


def test_a_dice_game_player_record_is_still_a_full_record() -> None:
    rec = record("classic", [kniffel_rules.random_policy] * 2, seed=4)
    seen = player_record_from_json(record_to_json(rec, player=1))
    assert seen.viewer == 1
    classic = kniffel_rules.get_variant("classic")
    assert seen.initial == classic.observation_to_dict(classic.observation(rec.initial, 1))
