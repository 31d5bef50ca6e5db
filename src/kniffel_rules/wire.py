"""Actions on the wire: one table per game gives its JSON form, its reader and its JSON Schema.

Every game describes each of its action and chance-outcome classes once, as
a `Form`: the ``"type"`` tag of its JSON object and a `Kind` for each field
(how the value is written, read back and described in JSON Schema). A
`Codec` built from the forms gives the game's ``action_to_dict`` and
``action_from_dict`` and the schema shipped in ``kniffel_rules/schemas/``,
so the three can never disagree.

Reading is as strict as ``from_json``: the object must have exactly the
type's keys, every value is checked, and any failure is an
`InvalidStateError` naming the field path (``action.keep[2]``); nothing
else escapes.

Examples:
    >>> from kniffel_rules import classic
    >>> classic.action_to_dict(classic.Roll(keep=(3, 3)))
    {'type': 'roll', 'keep': [3, 3]}
    >>> classic.action_from_dict({"type": "score", "box": "full_house"})
    Score(Box.FULL_HOUSE)
"""

from __future__ import annotations

import enum
import json
import operator
from collections.abc import Callable, Mapping, Sequence
from importlib import resources
from typing import Any, Generic, TypeVar

import attrs

from kniffel_rules import _json
from kniffel_rules._i18n import N_, Text
from kniffel_rules._text import brief
from kniffel_rules.errors import InvalidStateError

__all__ = [
    "Codec",
    "Form",
    "Kind",
    "action_schema",
    "boolean",
    "custom",
    "enum_kind",
    "faces",
    "integer",
    "list_of",
    "optional",
    "pair_list",
]

E = TypeVar("E", bound=enum.Enum)
T = TypeVar("T")

_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"


@attrs.frozen(slots=True)
class Kind:
    """How one field is written to JSON, read back and described.

    Attributes:
        encode: The field's value to a JSON-ready value.
        decode: A parsed JSON value and its path to the field's value; raises
            `InvalidStateError` naming the path for anything else.
        schema: The JSON Schema of the written value.
    """

    encode: Callable[[Any], Any]
    decode: Callable[[Any, str], Any]
    schema: Mapping[str, Any]


def _same(value: Any) -> Any:
    return value


def integer(lo: int | None = None, hi: int | None = None) -> Kind:
    """An integer (not a bool, not a float) within ``lo..hi``."""
    schema: dict[str, Any] = {"type": "integer"}
    if lo is not None:
        schema["minimum"] = lo
    if hi is not None:
        schema["maximum"] = hi
    return Kind(_same, lambda v, p: _json.check_int(v, p, lo, hi), schema)


def _decode_bool(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        raise InvalidStateError(
            path, Text.of(N_("expected true or false, got {type}"), type=brief(value))
        )
    return value


def boolean() -> Kind:
    """``true`` or ``false``."""
    return Kind(_same, _decode_bool, {"type": "boolean"})


def faces(lo: int, hi: int, max_length: int) -> Kind:
    """A sorted array of die faces within ``lo..hi``, at most ``max_length`` long.

    Writing checks the same bounds (an action built with a face 9 has no
    object to send): `InvalidStateError` at path ``action``.
    """
    item = {"type": "integer", "minimum": lo, "maximum": hi}

    def encode(values: Any) -> list[int]:
        if len(values) > max_length or not all(lo <= v <= hi for v in values):
            raise InvalidStateError(
                "action", Text.of(N_("no dice show {shown}"), shown=brief(values))
            )
        return list(values)

    return Kind(
        encode,
        lambda v, p: _json.check_faces(v, p, lo, hi, max_length),
        {"type": "array", "items": item, "maxItems": max_length},
    )


def enum_kind(cls: type[E], key: Callable[[E], str] = operator.attrgetter("key")) -> Kind:
    """A member of the enum ``cls``, written as its key string (``"full_house"``)."""
    by_key = {key(m): m for m in cls}

    def decode(value: Any, path: str) -> E:
        member = by_key.get(value) if type(value) is str else None
        if member is None:
            options = ", ".join(repr(k) for k in by_key)
            raise InvalidStateError(
                path,
                Text.of(N_("{value} is not one of {options}"), value=brief(value), options=options),
            )
        return member

    return Kind(key, decode, {"enum": list(by_key)})


def optional(kind: Kind) -> Kind:
    """``kind`` or ``null`` (the field's value ``None``)."""

    def encode(value: Any) -> Any:
        return None if value is None else kind.encode(value)

    def decode(value: Any, path: str) -> Any:
        return None if value is None else kind.decode(value, path)

    return Kind(encode, decode, {"anyOf": [dict(kind.schema), {"type": "null"}]})


def list_of(kind: Kind, max_length: int) -> Kind:
    """An array of ``kind`` values (a tuple in Python), at most ``max_length`` long."""

    def encode(value: Any) -> Any:
        return [kind.encode(v) for v in value]

    def decode(value: Any, path: str) -> tuple[Any, ...]:
        return _json.check_list(value, path, kind.decode, max_length=max_length)

    schema = {"type": "array", "items": dict(kind.schema), "maxItems": max_length}
    return Kind(encode, decode, schema)


def pair_list(first: Kind, second: Kind, max_length: int) -> Kind:
    """An array of ``[a, b]`` pairs (tuples of two in Python), at most ``max_length`` long."""

    def encode(value: Any) -> Any:
        return [[first.encode(a), second.encode(b)] for a, b in value]

    def pair(value: Any, path: str) -> tuple[Any, Any]:
        a, b = _json.check_list(value, path, lambda v, p: v, length=2)
        return first.decode(a, f"{path}[0]"), second.decode(b, f"{path}[1]")

    schema = {
        "type": "array",
        "items": {
            "type": "array",
            "prefixItems": [dict(first.schema), dict(second.schema)],
            "minItems": 2,
            "maxItems": 2,
        },
        "maxItems": max_length,
    }
    return Kind(encode, lambda v, p: _json.check_list(v, p, pair, max_length=max_length), schema)


def custom(
    encode: Callable[[Any], Any], decode: Callable[[Any, str], Any], schema: Mapping[str, Any]
) -> Kind:
    """A field kind of the game's own (a card written as ``"red 7"``)."""
    return Kind(encode, decode, schema)


@attrs.frozen(slots=True)
class Form:
    """The JSON form of one action or outcome class.

    Attributes:
        tag: The ``"type"`` tag (``"roll"``).
        cls: The class.
        fields: ``(name, kind)`` for each key besides ``"type"``, in order.
        get: Reads a field from an object (default: the attribute of that name).
        build: Makes the object from the decoded fields as keyword arguments
            (default: the class itself).
        title: What the form is, for the schema's ``description``.
    """

    tag: str
    cls: type
    fields: tuple[tuple[str, Kind], ...] = ()
    get: Callable[[Any, str], Any] = getattr
    build: Callable[..., Any] | None = None
    title: str = ""


class Codec(Generic[T]):
    """The JSON forms of one game's actions and chance outcomes (of type ``T``).

    A game binds its methods as its ``action_to_dict`` and
    ``action_from_dict`` (``action_to_dict = CODEC.to_dict``).

    Args:
        game: The game's name (``"classic"``), for messages and the schema.
        forms: One `Form` per class; type tags must be distinct.
    """

    def __init__(self, game: str, forms: Sequence[Form]) -> None:
        self.game = game
        self.forms = tuple(forms)
        self._by_type = {f.tag: f for f in self.forms}
        self._by_class = {f.cls: f for f in self.forms}
        if len(self._by_type) != len(self.forms) or len(self._by_class) != len(self.forms):
            raise ValueError("each form needs its own type tag and class")

    def to_dict(self, action: T) -> dict[str, Any]:
        """The JSON-ready object of ``action``, with its ``"type"`` first.

        Raises:
            InvalidStateError: ``action`` is no action or outcome of this game
                (path ``action``).
        """
        form = self._by_class.get(type(action))
        if form is None:
            raise InvalidStateError(
                "action",
                Text.of(
                    N_("not an action or outcome of {game}: {shown}"),
                    game=self.game,
                    shown=brief(action),
                ),
            )
        out: dict[str, Any] = {"type": form.tag}
        for name, kind in form.fields:
            out[name] = kind.encode(form.get(action, name))
        return out

    def from_dict(self, data: object, path: str = "action") -> T:
        """The action or outcome written by `to_dict`, validated like a state document.

        The object must have exactly the keys of its ``"type"``, each value
        of its field's kind; whether the action is legal in a position is
        ``why_illegal``'s question.

        Args:
            data: The parsed JSON object (a ``dict``).
            path: The field path of ``data`` in messages.

        Raises:
            InvalidStateError: Not such an object; the path names the field
                (or ``path`` itself is no text: path ``path``).
        """
        if type(path) is not str:
            raise InvalidStateError("path", f"expected the text of a field path, got {brief(path)}")
        # No walk of the whole tree first: every key is checked against the
        # form and every value by its kind, which looks no deeper than the
        # form allows, so junk of any depth or size is refused unread; and
        # each by its exact type before any method of it is asked, as parsed
        # text holds it (`kniffel_rules._json.get_object`).
        if type(data) is not dict:
            shown = type(data).__name__ if isinstance(data, dict) else brief(data)
            raise InvalidStateError(path, Text.of(N_("expected an object, got {type}"), type=shown))
        _json.check_keys(data, path)
        if "type" not in data:
            raise InvalidStateError(path, Text.of(N_("missing field {key}"), key=repr("type")))
        tag = data["type"]
        form = self._by_type.get(tag) if type(tag) is str else None
        if form is None:
            options = ", ".join(repr(t) for t in self._by_type)
            raise InvalidStateError(
                f"{path}.type",
                Text.of(
                    N_("{shown} is not an action of {game} ({options})"),
                    shown=brief(tag),
                    game=self.game,
                    options=options,
                ),
            )
        names = [name for name, _ in form.fields]
        _json.get_object(data, path, required=["type", *names])
        values = {name: kind.decode(data[name], f"{path}.{name}") for name, kind in form.fields}
        build = form.build or form.cls
        try:
            action: T = build(**values)
            return action
        except InvalidStateError as exc:
            where = f"{path}.{exc.path}" if exc.path else path
            raise InvalidStateError(where, exc.detail) from None

    def schema(self) -> dict[str, Any]:
        """The JSON Schema (draft 2020-12) of every object `to_dict` writes."""
        variants = []
        for form in self.forms:
            props: dict[str, Any] = {"type": {"const": form.tag}}
            for name, kind in form.fields:
                props[name] = dict(kind.schema)
            entry: dict[str, Any] = {
                "type": "object",
                "properties": props,
                "required": ["type", *(n for n, _ in form.fields)],
                "additionalProperties": False,
            }
            if form.title:
                entry["description"] = form.title
            variants.append(entry)
        return {
            "$schema": _SCHEMA_DIALECT,
            "$id": f"https://kniffel-rules.invalid/schemas/{self.game}-action.schema.json",
            "title": f"An action or chance outcome of {self.game}",
            "oneOf": variants,
        }


def action_schema(variant: str) -> dict[str, Any]:
    """The JSON Schema of a game's action objects, as shipped in ``kniffel_rules/schemas/``.

    Args:
        variant: A game name of ``kniffel_rules.VARIANTS``.

    Raises:
        InvalidStateError: Not a game name (path ``variant``).
    """
    from kniffel_rules.variant import VARIANTS  # the registry, not a game

    if variant not in VARIANTS:
        raise InvalidStateError(
            "variant", Text.of(N_("no action schema for {shown}"), shown=brief(variant))
        )
    text = resources.files("kniffel_rules.schemas").joinpath(f"{variant}-action.schema.json")
    result: dict[str, Any] = json.loads(text.read_text(encoding="utf-8"))
    return result
