"""Old module paths that still import, with a `DeprecationWarning`.

When a game package renamed its modules to the common rooms (``docs/protocol.md``,
"Adding a game"), the old paths (``kniffel_rules.classic.game``) became
aliases of the new modules (``kniffel_rules.classic.engine``): importing one
warns and gives the new module itself, so every name it had is still there.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
import warnings
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import Any

__all__ = ["alias_modules", "moved_names"]

_ALIASES: dict[str, str] = {}


class _Loader(importlib.abc.Loader):
    def __init__(self, target: str) -> None:
        self.target = target

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        warnings.warn(
            f"{spec.name} is deprecated: import {self.target} (or the package) instead",
            DeprecationWarning,
            stacklevel=2,
        )
        return importlib.import_module(self.target)

    def exec_module(self, module: ModuleType) -> None:
        return None


class _Finder(importlib.abc.MetaPathFinder):
    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        new = _ALIASES.get(fullname)
        if new is None:
            return None
        return importlib.machinery.ModuleSpec(fullname, _Loader(new))


_FINDER = _Finder()


def alias_modules(package: str, moved: Mapping[str, str]) -> None:
    """Let ``package.<old>`` import as ``package.<new>``, warning, for each pair.

    Args:
        package: The package's dotted name (``__name__`` in its ``__init__``).
        moved: Old module name to new module name, both relative to ``package``.
    """
    for old, new in moved.items():
        _ALIASES[f"{package}.{old}"] = f"{package}.{new}"
    if _FINDER not in sys.meta_path:
        sys.meta_path.append(_FINDER)


def moved_names(module: str, moved: Mapping[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` serving names that moved to another module, warning.

    Args:
        module: The dotted name of the module the names used to live in.
        moved: Old name to ``"new.module"`` (same name) or ``"new.module:new_name"``.

    Returns:
        The function to assign to the module's ``__getattr__``.
    """

    def __getattr__(name: str) -> Any:
        target = moved.get(name)
        if target is None:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        where, _, new = target.partition(":")
        new = new or name
        warnings.warn(
            f"{module}.{name} is deprecated: use {where}.{new} (or the package)",
            DeprecationWarning,
            stacklevel=2,
        )
        return getattr(importlib.import_module(where), new)

    return __getattr__
