"""The shipped JSON Schemas agree with the code: no second copy of the rule options drifts."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from kniffel_rules import get_variant
from kniffel_rules._common import _IntRange, _OneOf
from kniffel_rules.sheets import SHEET_VARIANTS, schema


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
            elif isinstance(check, _IntRange):
                assert option["type"] == "integer", name
                assert (option.get("minimum"), option.get("maximum")) == (check.lo, check.hi), name
        if isinstance(getattr(defaults, name), bool):
            assert option["type"] == "boolean", name
