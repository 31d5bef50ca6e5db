"""A faster ``__init__`` for the frozen, slotted attrs classes built on every move.

attrs writes each field of a frozen class through ``object.__setattr__``
(its own ``__setattr__`` refuses), which looks the name up in the class's
MRO every time. `quick_init` swaps in an ``__init__`` that calls each slot's
descriptor directly: the same arguments, defaults and result, about a
quarter less time for an eleven-field state (``docs/benchmarks.md``).
Only classes whose fields are plain (no converter, validator, factory or
``on_setattr``, no pre/post-init hook, no cached hash) qualify; any other
is refused when the module is imported, so nothing is skipped in silence.
"""

from __future__ import annotations

import types
from typing import Any, TypeVar

import attrs
from attrs import AttrsInstance

__all__ = ["quick_init"]

T = TypeVar("T", bound=AttrsInstance)


def quick_init(cls: type[T]) -> type[T]:
    """Give the frozen, slotted attrs class ``cls`` an ``__init__`` that sets its slots directly.

    The new ``__init__`` takes the same parameters (names, order, defaults,
    keyword-only marks and annotations) as the one attrs wrote, and leaves
    the object with the same field values.

    Args:
        cls: A class made by ``attrs.frozen(slots=True)`` whose fields are
            all plain init arguments.

    Returns:
        ``cls`` itself, with its ``__init__`` replaced.

    Raises:
        TypeError: ``cls`` is not frozen, or has a field or hook the quick
            ``__init__`` would skip (a converter, validator, factory,
            ``on_setattr``, a pre/post-init hook, a cached hash) or a field
            without a slot.
    """
    for hook in ("__attrs_pre_init__", "__attrs_post_init__"):
        if hasattr(cls, hook):  # its own or inherited: attrs' __init__ calls either
            raise TypeError(f"quick_init: {cls.__qualname__} has {hook}")
    if getattr(cls.__setattr__, "__name__", "") != "_frozen_setattrs":
        raise TypeError(f"quick_init: {cls.__qualname__} is not a frozen attrs class")
    if any("_attrs_cached_hash" in getattr(klass, "__slots__", ()) for klass in cls.__mro__):
        raise TypeError(f"quick_init: {cls.__qualname__} caches its hash")
    namespace: dict[str, Any] = {}
    params: list[str] = []
    body: list[str] = []
    keyword_only = False
    for number, field in enumerate(attrs.fields(cls)):
        _check_plain(cls, field)
        slot = _slot(cls, field.name)
        namespace[f"_set{number}"] = slot.__set__
        if field.kw_only and not keyword_only:
            params.append("*")
            keyword_only = True
        if field.default is attrs.NOTHING:
            params.append(field.alias)
        else:
            namespace[f"_default{number}"] = field.default
            params.append(f"{field.alias}=_default{number}")
        body.append(f"    _set{number}(self, {field.alias})\n")
    source = "def __init__(self, " + ", ".join(params) + "):\n" + ("".join(body) or "    pass\n")
    exec(compile(source, f"<quick_init {cls.__module__}.{cls.__qualname__}>", "exec"), namespace)
    init = namespace["__init__"]
    old = vars(cls)["__init__"]
    init.__annotations__ = dict(old.__annotations__)
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    init.__doc__ = old.__doc__
    type.__setattr__(cls, "__init__", init)
    return cls


def _check_plain(cls: type, field: attrs.Attribute[Any]) -> None:
    """Refuse a field whose ``__init__`` does more than store the argument."""
    odd = (
        not field.init
        or field.converter is not None
        or field.validator is not None
        or field.on_setattr is not None
        or isinstance(field.default, attrs.Factory)
    )
    if odd:
        raise TypeError(f"quick_init: {cls.__qualname__}.{field.name} is not a plain field")


def _slot(cls: type, name: str) -> types.MemberDescriptorType:
    """The slot descriptor that ``object.__setattr__(obj, name, ...)`` would use."""
    for klass in cls.__mro__:
        found = vars(klass).get(name)
        if found is not None:
            if isinstance(found, types.MemberDescriptorType):
                return found
            break
    raise TypeError(f"quick_init: {cls.__qualname__}.{name} has no slot")
