"""The base class of every error the library raises on purpose, imported by `kniffel_rules.errors`.

It lives apart so that `kniffel_rules.lang` (whose `UnknownLanguageError` is
one) and the message catalogue (`kniffel_rules._i18n`, which names that
error) need not import `kniffel_rules.errors`, which builds on the catalogue.
"""

from __future__ import annotations

from typing import Any

__all__ = ["KniffelError"]


class KniffelError(Exception):
    """Base class of every exception that kniffel-rules raises on purpose.

    Every one pickles and copies with its attributes (a process pool or a
    cluster sends a worker's error back to the caller that way).
    """

    def __reduce__(self) -> tuple[Any, ...]:
        """Read back without ``__init__``: most errors take other arguments than their ``args``."""
        return (_rebuilt, (type(self), self.args), self.__dict__)


def _rebuilt(cls: type[KniffelError], args: tuple[Any, ...]) -> KniffelError:
    """An error of ``cls`` with ``args``, its attributes still to be set (by pickle's state)."""
    error = cls.__new__(cls)
    error.args = args
    return error


KniffelError.__module__ = "kniffel_rules.errors"  # its public home, for reprs and pickles
