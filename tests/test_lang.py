"""The languages: codes, the default from the locale, lookups."""

from __future__ import annotations

from collections.abc import Mapping

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kniffel_rules._labels import label, word
from kniffel_rules.errors import KniffelError
from kniffel_rules.lang import (
    LANGS,
    Lang,
    UnknownLanguageError,
    check_lang,
    default_lang,
)


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANG": "de_AT"}, "de"),
        ({"LANG": "en_GB.UTF-8"}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LANG": "C"}, "en"),
        ({"LANG": "POSIX"}, "en"),
        ({"LC_ALL": "en_US.UTF-8", "LANG": "de_DE.UTF-8"}, "en"),
        ({"LC_ALL": "", "LC_MESSAGES": "de_CH", "LANG": "en_US"}, "de"),
        ({"LANGUAGE": "de:en"}, "de"),
        ({"LANG": "de-DE"}, "de"),
    ],
)
def test_the_default_follows_the_first_locale_variable_set(
    environ: dict[str, str], expected: str
) -> None:
    assert default_lang(environ) == expected


def test_the_default_reads_the_process_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert default_lang() == "de"


@given(st.text(max_size=30))
def test_the_default_is_always_a_language(value: str) -> None:
    assert default_lang({"LANG": value}) in LANGS


def test_codes_are_checked_in_any_case() -> None:
    assert check_lang("EN") == "en"
    assert check_lang(" de ") == "de"
    for bad in ("fr", "", None, 1, "deutsch"):
        with pytest.raises(UnknownLanguageError, match="the library speaks en, de"):
            check_lang(bad)
    assert issubclass(UnknownLanguageError, KniffelError)
    assert issubclass(UnknownLanguageError, ValueError)


class _Item:
    @property
    def labels(self) -> Mapping[Lang, str]:
        return {"en": "Three of a kind", "de": "Dreierpasch"}


def test_labels_and_words_are_looked_up_by_language() -> None:
    assert label(_Item(), "de") == "Dreierpasch"
    assert label(_Item()) == "Three of a kind"
    table: dict[str, Mapping[Lang, str]] = {"total": {"en": "Total", "de": "Summe"}}
    assert word(table, "total") == "Total"
    assert word(table, "total", "de") == "Summe"
    with pytest.raises(UnknownLanguageError):
        label(_Item(), "fr")  # type: ignore[arg-type]
    with pytest.raises(UnknownLanguageError):
        word(table, "total", "xx")  # type: ignore[arg-type]
