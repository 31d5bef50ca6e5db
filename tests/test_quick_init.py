"""`kniffel_rules._quickinit.quick_init`: the faster ``__init__`` changes nothing but the time.

The classes it serves are found by the file name of their ``__init__``'s
code, so a class that gains or loses the decorator is checked (or missed
by the registry test) without a list to keep.
"""

from __future__ import annotations

import inspect
import pickle
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import kniffel_rules
from kniffel_rules import get_variant
from kniffel_rules._quickinit import quick_init
from kniffel_rules.rolloff import RollOff


def _quick_classes() -> list[type[Any]]:
    """Every class of the library whose ``__init__`` `quick_init` wrote."""
    import importlib
    import pkgutil

    found: dict[str, type[Any]] = {}
    for module_info in pkgutil.walk_packages(kniffel_rules.__path__, "kniffel_rules."):
        if ".adapters." in module_info.name or module_info.name.endswith("__main__"):
            continue
        module = importlib.import_module(module_info.name)
        for value in vars(module).values():
            init = getattr(value, "__init__", None)
            code = getattr(init, "__code__", None)
            if isinstance(value, type) and code is not None and code.co_filename.startswith(
                "<quick_init "
            ):
                found[f"{value.__module__}.{value.__qualname__}"] = value
    return [found[name] for name in sorted(found)]


QUICK = _quick_classes()


def _expected_signature(cls: type[Any]) -> inspect.Signature:
    """The ``__init__`` signature attrs writes for ``cls``'s fields."""
    parameters = [inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD)]
    for field in attrs.fields(cls):
        kind = (
            inspect.Parameter.KEYWORD_ONLY
            if field.kw_only
            else inspect.Parameter.POSITIONAL_OR_KEYWORD
        )
        default = inspect.Parameter.empty if field.default is attrs.NOTHING else field.default
        parameters.append(inspect.Parameter(field.alias, kind, default=default))
    return inspect.Signature(parameters)


def test_every_game_state_has_the_quick_init() -> None:
    """The state built on every move of every registered game is one of them."""
    for name in kniffel_rules.VARIANTS:
        state_class = type(get_variant(name).new_game(["a", "b"], first_player=0))
        assert state_class in QUICK, name
    assert RollOff in QUICK


@pytest.mark.parametrize("cls", QUICK, ids=lambda c: f"{c.__module__}.{c.__qualname__}")
def test_the_parameters_are_those_attrs_wrote(cls: type[Any]) -> None:
    """Names, order, defaults and keyword-only marks as attrs', annotations kept."""
    init = vars(cls)["__init__"]
    got = inspect.signature(init)
    want = _expected_signature(cls)
    assert [(p.name, p.kind, p.default) for p in got.parameters.values()] == [
        (p.name, p.kind, p.default) for p in want.parameters.values()
    ]
    names = {field.alias for field in attrs.fields(cls)}
    assert set(init.__annotations__) - {"return"} == names
    assert init.__qualname__ == f"{cls.__qualname__}.__init__"
    assert init.__module__ == cls.__module__


@pytest.mark.parametrize("cls", QUICK, ids=lambda c: f"{c.__module__}.{c.__qualname__}")
@given(data=st.data())
def test_the_object_holds_what_it_was_given(cls: type[Any], data: st.DataObject) -> None:
    """Any values, by position or by keyword, end in the fields; the class stays frozen."""
    fields = attrs.fields(cls)
    values = data.draw(st.lists(st.integers(), min_size=len(fields), max_size=len(fields)))
    by_name = {field.alias: value for field, value in zip(fields, values, strict=True)}
    made = cls(**by_name)
    assert [getattr(made, field.name) for field in fields] == values
    if not any(field.kw_only for field in fields):
        assert cls(*values) == made
    assert attrs.evolve(made) == made
    assert pickle.loads(pickle.dumps(made)) == made
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        setattr(made, fields[0].name, 0)


def test_defaults_are_used_when_left_out() -> None:
    """A field left out gets its default, as with attrs' own ``__init__``."""

    @quick_init
    @attrs.frozen(slots=True)
    class Point:
        x: int
        y: int = 7
        z: tuple[int, ...] = attrs.field(default=(), kw_only=True)

    assert (Point(1).x, Point(1).y, Point(1).z) == (1, 7, ())
    assert Point(1, 2, z=(3,)) == Point(x=1, y=2, z=(3,))
    with pytest.raises(TypeError):
        Point(1, 2, (3,))  # type: ignore[call-arg]  # z is keyword-only
    with pytest.raises(TypeError):
        Point()  # type: ignore[call-arg]


def _refused(make: Any) -> str:
    with pytest.raises(TypeError) as caught:
        make()
    return str(caught.value)


def test_a_class_with_more_than_plain_fields_is_refused() -> None:
    """Each thing the quick ``__init__`` would skip is refused when the class is made."""

    def validated() -> None:
        @quick_init
        @attrs.frozen(slots=True)
        class Checked:
            x: int = attrs.field(validator=attrs.validators.instance_of(int))

    def converted() -> None:
        @quick_init
        @attrs.frozen(slots=True)
        class Converted:
            x: int = attrs.field(converter=int)

    def factory() -> None:
        @quick_init
        @attrs.frozen(slots=True)
        class Made:
            x: list[int] = attrs.field(factory=list)

    def not_in_init() -> None:
        @quick_init
        @attrs.frozen(slots=True)
        class Hidden:
            x: int = attrs.field(default=0, init=False)

    def post_init() -> None:
        @quick_init
        @attrs.frozen(slots=True)
        class After:
            x: int

            def __attrs_post_init__(self) -> None:
                pass

    def pre_init() -> None:
        @quick_init
        @attrs.frozen(slots=True)
        class Before:
            x: int

            def __attrs_pre_init__(self) -> None:
                pass

    def cached_hash() -> None:
        @quick_init
        @attrs.frozen(slots=True, cache_hash=True)
        class Cached:
            x: int

    def no_slots() -> None:
        @quick_init
        @attrs.frozen(slots=False)
        class Loose:
            x: int

    def mutable() -> None:
        @quick_init
        @attrs.define(slots=True)
        class Mutable:
            x: int

    assert "Checked.x is not a plain field" in _refused(validated)
    assert "Converted.x is not a plain field" in _refused(converted)
    assert "Made.x is not a plain field" in _refused(factory)
    assert "Hidden.x is not a plain field" in _refused(not_in_init)
    assert "After has __attrs_post_init__" in _refused(post_init)
    assert "Before has __attrs_pre_init__" in _refused(pre_init)
    assert "Cached caches its hash" in _refused(cached_hash)
    assert "Loose.x has no slot" in _refused(no_slots)
    assert "Mutable is not a frozen attrs class" in _refused(mutable)


def test_a_field_shadowed_by_a_property_is_refused() -> None:
    """The slot must be what ``object.__setattr__`` would find first in the MRO."""

    @attrs.frozen(slots=True)
    class Base:
        x: int

    def shadowed() -> None:
        @quick_init
        @attrs.frozen(slots=True)
        class Child(Base):
            y: int

        setattr(Child, "x", property(lambda self: 0))  # noqa: B010 (mypy refuses the plain form)
        quick_init(Child)

    assert "Child.x has no slot" in _refused(shadowed)


def test_an_inherited_post_init_is_refused() -> None:
    """A hook of a base class runs in attrs' ``__init__`` of the subclass too."""

    @attrs.frozen(slots=True)
    class Base:
        x: int

        def __attrs_post_init__(self) -> None:
            pass

    def child() -> None:
        @quick_init
        @attrs.frozen(slots=True)
        class Child(Base):
            y: int

    assert "Child has __attrs_post_init__" in _refused(child)


def test_a_field_with_on_setattr_is_refused() -> None:
    """attrs 26 lets a frozen class's field carry ``on_setattr``; older attrs refuse it itself."""
    try:

        @attrs.frozen(slots=True)
        class Watched:
            x: int = attrs.field(on_setattr=attrs.setters.NO_OP)

    except ValueError:
        pytest.skip("this attrs refuses on_setattr on a frozen class itself")
    assert "Watched.x is not a plain field" in _refused(lambda: quick_init(Watched))
