"""A value table for rules that ship none: computed once per process, in the asker's language.

The tables of Yatzy's house rules do not ship: each `OptimalSolitaire` used
to compute its own (about ten seconds without the forced order), so every
hint of ``kniffel play --game yatzy`` and every optimal seat of a table
computed it again, and the progress line was English whatever ``--lang``
said. The forced order solves in well under a second, so the tests use it.
"""

from __future__ import annotations

import io
from collections import OrderedDict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kniffel_rules
from kniffel_rules import KniffelError, master, yatzy
from kniffel_rules.bots import OptimalSolitaire, make_bot
from kniffel_rules.bots.optimal import build, computed_table
from kniffel_rules.cli import main
from kniffel_rules.lang import UnknownLanguageError

FORCED = [
    yatzy.Rules(
        forced_order=True, yatzy_counts_as_full_house=a, four_of_a_kind_counts_as_two_pairs=b
    )
    for a in (False, True)
    for b in (False, True)
]


@pytest.fixture
def no_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    """No table computed yet in this process (the tests of a worker share it)."""
    monkeypatch.setattr(build, "_kept", OrderedDict())


@pytest.mark.usefixtures("no_tables")
def test_the_players_of_a_process_share_one_computed_table() -> None:
    first = OptimalSolitaire(FORCED[0], progress=False)
    second = OptimalSolitaire(FORCED[0], progress=False, lang="de")
    assert second.table is first.table
    assert OptimalSolitaire(FORCED[1], progress=False).table is not first.table


@pytest.mark.usefixtures("no_tables")
def test_the_tables_kept_are_those_of_the_rules_asked_for_last() -> None:
    assert build.KEPT_TABLES == 2
    tables = [computed_table(rules, progress=False) for rules in FORCED[:3]]
    assert computed_table(FORCED[2], progress=False) is tables[2]
    assert computed_table(FORCED[1], progress=False) is tables[1]  # now the last asked for
    again = computed_table(FORCED[0], progress=False)  # had given way: computed anew
    assert again is not tables[0] and again.to_bytes() == tables[0].to_bytes()
    assert computed_table(FORCED[1], progress=False) is tables[1]
    assert computed_table(FORCED[2], progress=False) is not tables[2]  # gave way to FORCED[0]


@pytest.mark.usefixtures("no_tables")
def test_a_computation_reports_once_in_the_language_asked(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for lang in ("de", "en"):  # the second finds the table the first computed
        bot = make_bot("yatzy", "optimal", FORCED[0], lang=lang)
        assert isinstance(bot, OptimalSolitaire)
        assert bot.table.expected_score > 100
    err = capsys.readouterr().err
    assert "Yatzy wird berechnet" in err and "solving" not in err
    assert err.count("100%") == 1


def test_a_bot_is_made_only_in_a_language_of_the_library() -> None:
    with pytest.raises(UnknownLanguageError, match="fr"):
        make_bot("yatzy", "greedy", lang="fr")  # type: ignore[arg-type]
    with pytest.raises(UnknownLanguageError):
        kniffel_rules.simulate("yatzy", ["greedy"], games=1, seed=1, lang="fr")  # type: ignore[arg-type]


@pytest.mark.usefixtures("no_tables")
def test_simulate_and_the_command_line_report_in_their_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    kniffel_rules.simulate(
        "yatzy", ["optimal", "optimal"], games=2, seed=1, rules=FORCED[0], lang="de"
    )
    err = capsys.readouterr().err
    assert "Yatzy wird berechnet" in err and err.count("100%") == 1  # two seats, one table
    out = io.StringIO()
    argv = ["--lang", "de", "--game", "yatzy", "--players", "optimal", "--seed", "2",
            "--rules", '{"forced_order": true, "yatzy_counts_as_full_house": true}']  # fmt: skip
    assert main(["simulate", *argv, "--games", "2"], out=out) == 0
    assert main(["show", *argv], out=out) == 0
    err = capsys.readouterr().err
    assert "Yatzy wird berechnet" in err and "solving" not in err
    assert err.count("100%") == 1  # `show` found the table `simulate` computed


JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**30), 10**30),
    st.floats(),
    st.text(max_size=12),
    st.sampled_from(["x" * 100_000, "de\x00", "DE", " en ", "\ud800", b"de", ("de",)]),
    st.lists(st.integers(), max_size=4),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=3),
    st.recursive(st.integers(), lambda inner: st.lists(inner, max_size=2), max_leaves=50),
    st.just(master.Rules()),  # rules, but of a game without an exact solitaire player
    st.just(object()),
)


@settings(max_examples=150, deadline=None)
@given(junk=JUNK)
def test_hostile_rules_and_languages_are_refused_by_name(junk: object) -> None:
    """No junk crashes a new entry point: each raises a `KniffelError` naming what is wrong."""
    with pytest.raises(KniffelError, match="Rules"):
        computed_table(junk, progress=False)
    if isinstance(junk, str) and junk.strip().lower() in ("en", "de"):
        return  # a language code, in any case and spacing: taken (the tests above)
    with pytest.raises(KniffelError, match="language"):
        make_bot("yatzy", "greedy", lang=junk)  # type: ignore[arg-type]
    with pytest.raises(KniffelError, match="language"):
        kniffel_rules.simulate("yatzy", ["random"], games=1, seed=0, lang=junk)  # type: ignore[arg-type]
