"""``kniffel advise`` and ``kniffel simulate`` refuse bad arguments in the player's language.

Every refusal of the two commands (the options read by the command line, the
position built by hand and judged by its game, the win-probability coach's
opponents) is a catalogue sentence: with ``--lang de`` the line has no
English sentence, without it the English line is the one it always was.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

from kniffel_rules import get_variant
from kniffel_rules._i18n import N_, Text, localize
from kniffel_rules.classic.pieces import BOXES
from kniffel_rules.cli import main
from kniffel_rules.errors import InvalidStateError, KniffelError

EVERY_BOX = [box.key for box in BOXES]  # classic's standard sheet
ADVISE = ("advise", "--dice", "1,2,3,4,5", "--rolls-left", "1")
SIMULATE = ("simulate", "--players", "greedy,greedy")

# Words of the English sentences that no German one of ours contains (the
# options, the box keys and what a sentence quotes are taken out first).
_ENGLISH = re.compile(
    r"\b(the|is|are|not|expected|got|must|only|has|have|needs|give|cannot|unknown|like|"
    r"every|box|boxes|filled|while|open|within|one|of|a|an|no|for|reach|numbers|scores)\b"
)


def _refusal(argv: tuple[str, ...], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(list(argv)) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1, lines
    return lines[0]


def _words(line: str) -> str:
    """``line`` without what it quotes, its options, box keys, clause ids and install commands."""
    line = re.sub(r"'[^']*'|\"[^\"]*\"|--[\w-]+|\([A-Z]{2}-\d\d\)|pip install( -e)?", "", line)
    return re.sub(r"\b[a-z]+(_[a-z]+)+\b", "", line)


# (arguments, the English line (unchanged), the German line)
CASES: list[tuple[tuple[str, ...], str, str]] = [
    (
        ("advise", "--dice", "1,2", "--rolls-left", "1"),
        "--dice: '1,2' is not five numbers like 1,3,3,5,6",
        "--dice: '1,2' sind nicht fünf Zahlen wie 1,3,3,5,6",
    ),
    (
        ("advise", "--dice", "1,2,3,4,5", "--rolls-left", "5"),
        "--rolls-left is 0, 1 or 2 (after the third, second or first roll)",
        "--rolls-left ist 0, 1 oder 2 (nach dem dritten, zweiten oder ersten Wurf)",
    ),
    (
        (*ADVISE, "--filled", "foo=3"),
        "--filled: unknown box 'foo'; boxes: ones, twos, threes, fours, fives, sixes, "
        "three_of_a_kind, four_of_a_kind, full_house, small_straight, large_straight, kniffel, "
        'chance (or their English or German names, e.g. dreierpasch, "Kleine Straße")',
        "--filled: unbekanntes Feld 'foo'; Felder: ones, twos, threes, fours, fives, sixes, "
        "three_of_a_kind, four_of_a_kind, full_house, small_straight, large_straight, kniffel, "
        'chance (oder ihre deutschen oder englischen Namen, z. B. dreierpasch, "Kleine Straße")',
    ),
    (
        (*ADVISE, "--filled", "chance=99"),
        "--filled: Chance cannot hold 99 (CL-16)",
        "--filled: In Chance kann nicht 99 stehen (CL-16)",
    ),
    (
        (*ADVISE, "--filled", "chance=x"),
        "--filled: 'chance=x' needs a number, e.g. chance=12",
        "--filled: 'chance=x' braucht eine Zahl, z. B. chance=12",
    ),
    (
        (*ADVISE, "--filled", "chance=20,chance=21"),
        "--filled: chance is given twice (CL-07: one entry per box)",
        "--filled: chance ist doppelt angegeben (CL-07: ein Eintrag je Feld)",
    ),
    (
        (*ADVISE, "--extra-bonus", "7"),
        "--extra-bonus: 7 is not a multiple of 50, the bonus of one extra Kniffel (CL-44)",
        "--extra-bonus: 7 ist kein Vielfaches von 50, dem Bonus eines weiteren Kniffels (CL-44)",
    ),
    (
        (*ADVISE, "--opponents", "x"),
        "--opponents: 'x' is not scores like 231,198",
        "--opponents: 'x' ist keine Liste von Endsummen wie 231,198",
    ),
    (
        (*ADVISE, "--opponents", ",".join(["200"] * 1000)),
        "--opponents: expected 1 to 999 final scores like 231,198, got 1000",
        "--opponents: erwartet werden 1 bis 999 Endsummen wie 231,198, erhalten: 1000",
    ),
    (
        (*ADVISE, "--rules", "[1]"),
        '--rules is a JSON object of rule options, e.g. \'{"joker": "free"}\'',
        '--rules ist ein JSON-Objekt mit Regeloptionen, z. B. \'{"joker": "free"}\'',
    ),
    (
        (*ADVISE, "--game", "yatzy", "--extra-bonus", "50"),
        "--extra-bonus: the Yatzy sheet has no extra bonus (YA-17)",
        "--extra-bonus: Der Spielzettel von Yatzy hat keinen Extrabonus (YA-17)",
    ),
    (
        (*ADVISE, "--game", "yatzy", "--rules", '{"forced_order": true}', "--filled", "twos=4"),
        "--filled: the boxes are filled top to bottom: Twos is filled while Ones is open (YA-21)",
        "--filled: Die Felder werden von oben nach unten belegt: Zweier ist belegt, Einser aber "
        "noch frei (YA-21)",
    ),
    (
        (*SIMULATE, "--games", "0"),
        "--games must be within 1 .. 10000000, not 0",
        "--games muss zwischen 1 und 10000000 liegen, nicht 0",
    ),
    (
        (*SIMULATE, "--workers", "0"),
        "--workers must be within 1 .. 1024, not 0",
        "--workers muss zwischen 1 und 1024 liegen, nicht 0",
    ),
    (
        (*SIMULATE, "--seed", "-1"),
        "--seed must be within 0 .. 18446744073709551615, not -1",
        "--seed muss zwischen 0 und 18446744073709551615 liegen, nicht -1",
    ),
    (
        (*SIMULATE, "--workers", "2", "--scheduler", "tcp://127.0.0.1:1"),
        "--workers and --scheduler: give one of them",
        "--workers und --scheduler: nur eins von beiden angeben",
    ),
]

# Refusals whose English line is checked by other tests: here only that the German has none.
MORE: list[tuple[str, ...]] = [
    (*ADVISE, "--filled", "kniffel=0", "--extra-bonus", "50"),
    (*ADVISE, "--filled", "kniffel=50,chance=20", "--extra-bonus", "100"),
    (
        *ADVISE,
        "--rules",
        '{"joker": "free"}',
        "--filled",
        "kniffel=50,chance=20",
        "--extra-bonus",
        "100",
    ),
    (*ADVISE, "--extra-bonus", "-50"),
    (*ADVISE, "--rules", '{"extra_kniffel_bonus": 0}', "--extra-bonus", "50"),
    (*ADVISE, "--filled", "kniffel=50,chance=20", "--rules", '{"croatian": true}'),
    (*ADVISE, "--filled", ",".join(f"{b}=0" for b in EVERY_BOX)),
    (*ADVISE, "--game", "yatzy", "--filled", "chance=99"),
    (*ADVISE, "--game", "yatzy", "--filled", "bogus=1"),
    (*ADVISE, "--game", "yatzy", "--filled", "chance=20,chance=20"),
    (*ADVISE, "--top", "-1"),
]


@pytest.mark.parametrize(("argv", "english", "german"), CASES)
def test_refusals_in_english_and_german(
    argv: tuple[str, ...], english: str, german: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _refusal(argv, capsys) == f"kniffel: error: {english}"
    assert _refusal((*argv, "--lang", "en"), capsys) == f"kniffel: error: {english}"
    said = _refusal((*argv, "--lang", "de"), capsys)
    assert said == f"kniffel: Fehler: {german}"
    assert not _ENGLISH.search(_words(german)), german


@pytest.mark.parametrize("argv", MORE)
def test_more_refusals_have_no_english_sentence_in_german(
    argv: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    english = _refusal(argv, capsys)
    german = _refusal((*argv, "--lang", "de"), capsys)
    assert english.startswith("kniffel: error: ")
    assert german.startswith("kniffel: Fehler: ")
    assert german != english.replace("kniffel: error: ", "kniffel: Fehler: ")
    assert not _ENGLISH.search(_words(german.removeprefix("kniffel: Fehler: "))), german


def test_the_scheduler_without_dask_says_how_to_install_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    if importlib.util.find_spec("distributed") is not None:
        pytest.skip("dask is installed")
    argv = (*SIMULATE, "--scheduler", "tcp://127.0.0.1:1")
    english = _refusal(argv, capsys)
    assert english == (
        "kniffel: error: --scheduler needs dask: from a checkout of the source: "
        "pip install -e '.[dask]'; the extra comes with a release: "
        "pip install 'kniffel-rules[dask]'"
    )
    assert _refusal((*argv, "--lang", "de"), capsys) == (
        "kniffel: Fehler: --scheduler braucht dask: aus einem Checkout der Quellen: "
        "pip install -e '.[dask]'; mit einer veröffentlichten Version: "
        "pip install 'kniffel-rules[dask]'"
    )


@pytest.mark.parametrize("game", ["classic", "yatzy"])
def test_a_position_no_game_reaches_is_refused_in_both_languages(game: str) -> None:
    reader = get_variant(game).INFO.position
    assert reader is not None
    rules = get_variant(game).Rules()
    with pytest.raises(InvalidStateError) as caught:
        reader.build(rules, (1, 1, 1, 1, 7), 1, [], 0)
    error = caught.value
    assert str(error).endswith(" (no game reaches this position)")
    german = error.localized("de")
    assert german.endswith(" (keine Partie erreicht diese Stellung)")
    assert not _ENGLISH.search(_words(german)), german
    with pytest.raises(InvalidStateError) as caught:
        reader.build(object(), (1, 2, 3, 4, 5), 1, [], 0)
    assert str(caught.value) == f"rules: expected {game}.Rules, got object"
    assert caught.value.localized("de") == f"rules: Erwartet wird {game}.Rules, erhalten: object"


def test_a_knifflerror_of_a_text_is_localized_whole() -> None:
    error = KniffelError(Text.of(N_("--workers and --scheduler: give one of them")))
    assert localize(error, "en") == str(error) == "--workers and --scheduler: give one of them"
    assert localize(error, "de") == "--workers und --scheduler: nur eins von beiden angeben"
    quoted = Text.of(N_("{error} (no game reaches this position)"), error=error)
    assert quoted.localized("de") == (
        "--workers und --scheduler: nur eins von beiden angeben "
        "(keine Partie erreicht diese Stellung)"
    )
    plain = KniffelError("an English sentence of no catalogue")
    assert localize(plain, "de") == "an English sentence of no catalogue"


@pytest.mark.skipif(importlib.util.find_spec("numpy") is None, reason="the coach needs numpy")
@pytest.mark.parametrize(
    ("opponents", "english", "german"),
    [
        (
            "231",
            "opponents: expected a list of final scores, got str",
            "opponents: erwartet wird eine Liste von Endsummen, erhalten: str",
        ),
        (
            [],
            "opponents: expected one or more final scores, got none",
            "opponents: erwartet werden eine oder mehrere Endsummen, erhalten: keine",
        ),
        (
            [1] * 1000,
            "opponents: at most 999 opponents (a game has at most 1000 players), got 1000",
            "opponents: höchstens 999 Gegner (eine Partie hat höchstens 1000 Spieler), "
            "erhalten: 1000",
        ),
        (
            iter([1] * 1000),
            "opponents: at most 999 opponents (a game has at most 1000 players)",
            "opponents: höchstens 999 Gegner (eine Partie hat höchstens 1000 Spieler)",
        ),
    ],
)
def test_the_coachs_opponents_refused_in_both_languages(
    opponents: object, english: str, german: str
) -> None:
    from kniffel_rules.bots import WinProbabilityPlayer

    reader = get_variant("classic").INFO.position
    assert reader is not None
    rules = get_variant("classic").Rules()
    state = reader.build(rules, (1, 2, 3, 4, 5), 1, [], 0)
    with pytest.raises(KniffelError) as caught:
        WinProbabilityPlayer(rules).advise(state, opponents=opponents)  # type: ignore[arg-type]
    assert str(caught.value) == english
    assert localize(caught.value, "de") == german


def test_a_file_that_is_no_record_is_refused_with_the_reason_in_german(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "game.json"
    saved.write_text('{"a": 1}', encoding="utf-8")
    argv = ("play", "--resume", str(saved))
    assert _refusal(argv, capsys) == (
        f"kniffel: error: --resume: {saved} is not a game record: missing field 'format'"
    )
    assert _refusal((*argv, "--lang", "de"), capsys) == (
        f"kniffel: Fehler: --resume: {saved} ist kein Spielprotokoll: Der Eintrag 'format' fehlt"
    )
