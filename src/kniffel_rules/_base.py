"""The base class of every error the library raises on purpose, imported by `kniffel_rules.errors`.

It lives apart so that `kniffel_rules.lang` (whose `UnknownLanguageError` is
one) and the message catalogue (`kniffel_rules._i18n`, which names that
error) need not import `kniffel_rules.errors`, which builds on the catalogue.
"""

from __future__ import annotations

__all__ = ["KniffelError"]


class KniffelError(Exception):
    """Base class of every exception that kniffel-rules raises on purpose."""


KniffelError.__module__ = "kniffel_rules.errors"  # its public home, for reprs and pickles
