"""Every error the library raises pickles and copies with its attributes.

A process pool or a Dask cluster sends an exception raised in a worker back
to the caller as a pickle. ``InvalidStateError`` (and so `RecordError`),
``StepLimitError`` and ``AmbiguousActionError`` take other arguments than
the ``args`` Python pickles them with, so reading one back raised TypeError
("missing 1 required positional argument"), and ``copy.deepcopy`` failed the
same way. `KniffelError.__reduce__` now reads every one back without its
``__init__`` and restores its attributes.
"""

from __future__ import annotations

import copy
import json
import pickle
from collections.abc import Callable
from typing import Any

import pytest

import kniffel_rules
from kniffel_rules import classic, random_policy, record
from kniffel_rules.adapters.space import UnsupportedGameError
from kniffel_rules.cli.simulate import WorkersLost
from kniffel_rules.errors import AmbiguousActionError, KniffelError
from kniffel_rules.lang import check_lang
from kniffel_rules.records import record_from_json, record_to_json


def _raised(call: Callable[[], object]) -> KniffelError:
    with pytest.raises(KniffelError) as caught:
        call()
    return caught.value


def _record_with_an_illegal_action() -> str:
    doc = json.loads(record_to_json(record("classic", [random_policy], seed=1)))
    doc["actions"][3] = {"type": "score", "box": "kniffel"}
    return json.dumps(doc)


def _errors() -> list[KniffelError]:
    state = classic.new_game(players=2)
    return [
        _raised(lambda: classic.new_game(players=0)),  # InvalidStateError
        _raised(lambda: classic.apply(state, classic.Score(classic.Box.ONES))),  # IllegalAction
        _raised(lambda: classic.parse_action(state, "score nothing")),  # ActionParseError
        _raised(lambda: kniffel_rules.get_variant("chess")),  # UnknownVariantError
        _raised(lambda: check_lang("xx")),  # UnknownLanguageError
        _raised(lambda: record("classic", [random_policy], seed=1, max_steps=3)),  # StepLimit
        _raised(lambda: record_from_json(_record_with_an_illegal_action())),  # RecordError
        AmbiguousActionError("which one?", text="play", candidates=(1, 2), legal=("a", "b")),
        UnsupportedGameError("no such game"),
        WorkersLost("--workers: the workers went away before the games were played (X)"),
    ]


def test_every_kind_of_error_is_covered() -> None:
    def kinds(cls: type) -> set[type]:
        found = {cls}
        sub: type
        for sub in cls.__subclasses__():
            found |= kinds(sub)
        return found

    library = {k for k in kinds(KniffelError) if k.__module__.startswith("kniffel_rules")}
    framework_bound = {k for k in library if k.__module__.startswith("kniffel_rules.adapters.gym")}
    assert library - framework_bound <= {type(e) for e in _errors()} | {KniffelError}


@pytest.mark.parametrize("error", _errors(), ids=lambda e: type(e).__name__)
@pytest.mark.parametrize("twin", [pickle.dumps, copy.deepcopy, copy.copy])
def test_an_error_reads_back_whole(error: Any, twin: Callable[[Any], Any]) -> None:
    back = twin(error)
    if isinstance(back, bytes):
        back = pickle.loads(back)
    assert type(back) is type(error)
    assert back.args == error.args and str(back) == str(error)
    assert vars(back).keys() == vars(error).keys()
    for name, value in vars(error).items():
        if name != "state":  # a game state compares by value below
            assert getattr(back, name) == value, name
    localized = getattr(error, "localized", None)
    if localized is not None:
        assert back.localized("de") == localized("de")
    if "state" in vars(error):
        assert back.state == error.state
