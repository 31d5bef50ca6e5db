"""The shipped JSON Schemas agree with the code: no second copy of the rule options drifts."""

from __future__ import annotations

import importlib
import json
import os
from pathlib import Path
from typing import Any, cast

import attrs
import jsonschema
import pytest

from kniffel_rules import VARIANTS, InvalidStateError, get_variant
from kniffel_rules._common import _OneOf
from kniffel_rules._fields import _Int
from kniffel_rules.sheets import SHEET_VARIANTS, schema
from kniffel_rules.wire import action_schema


def _validators(field: attrs.Attribute[Any]) -> list[Any]:
    v = field.validator
    inner = getattr(v, "_validators", None)
    return list(inner) if inner is not None else [v]


@pytest.mark.parametrize("variant", SHEET_VARIANTS)
def test_the_sheet_schema_lists_exactly_the_rule_options(variant: str) -> None:
    rules_cls = get_variant(variant).Rules
    options = schema(variant)["properties"]["rules"]["properties"]
    fields = {f.name: f for f in attrs.fields(rules_cls)}
    assert set(options) == set(fields)
    defaults = rules_cls()
    for name, field in fields.items():
        option = options[name]
        assert option["default"] == getattr(defaults, name), name
        for check in _validators(field):
            if isinstance(check, _OneOf):
                assert option["enum"] == list(check.options), name
            elif isinstance(check, _Int):
                assert option["type"] == "integer", name
                assert (option.get("minimum"), option.get("maximum")) == (check.lo, check.hi), name
        if isinstance(getattr(defaults, name), bool):
            assert option["type"] == "boolean", name


# The action schemas are written from each game's codec: the shipped file is
# exactly what the codec describes. After changing a codec, rewrite them with
# ``KNIFFEL_WRITE_SCHEMAS=1 pytest tests/test_schemas.py``.
_SCHEMAS = Path(__file__).resolve().parent.parent / "src" / "kniffel_rules" / "schemas"


def _codec(variant: str) -> Any:
    """The game's codec: its ``GAME.codec`` (a game on a shared kit), else its ``wire.CODEC``."""
    codec = getattr(cast(Any, get_variant(variant)).GAME, "codec", None)
    return codec or importlib.import_module(f"kniffel_rules.{variant}.wire").CODEC


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_action_schema_is_the_codec_s(variant: str) -> None:
    expected = _codec(variant).schema()
    path = _SCHEMAS / f"{variant}-action.schema.json"
    if os.environ.get("KNIFFEL_WRITE_SCHEMAS"):
        path.write_text(json.dumps(expected, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    assert action_schema(variant) == expected
    jsonschema.Draft202012Validator.check_schema(expected)


def test_action_schema_refuses_unknown_games() -> None:
    with pytest.raises(InvalidStateError) as info:
        action_schema("chess")
    assert info.value.path == "variant"
