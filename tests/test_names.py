"""The names of the boxes in both languages: one table per game, read everywhere."""

from __future__ import annotations

import enum
import io
import json
import pathlib
from collections.abc import Mapping

import pytest

from kniffel_rules import classic, extreme, sheets
from kniffel_rules._dicewire import COMMON_NAMES, named
from kniffel_rules._labels import label
from kniffel_rules.classic.notation import BOX_NAMES
from kniffel_rules.classic.pieces import BOXES
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.extreme import notation as extreme_notation
from kniffel_rules.extreme import pieces as extreme_pieces
from kniffel_rules.lang import LANGS, Labelled
from kniffel_rules.notation import normalize

SCHMIDT = {
    classic.Box.ONES: "Einser",
    classic.Box.TWOS: "Zweier",
    classic.Box.THREES: "Dreier",
    classic.Box.FOURS: "Vierer",
    classic.Box.FIVES: "Fünfer",
    classic.Box.SIXES: "Sechser",
    classic.Box.THREE_OF_A_KIND: "Dreierpasch",
    classic.Box.FOUR_OF_A_KIND: "Viererpasch",
    classic.Box.FULL_HOUSE: "Full House",
    classic.Box.SMALL_STRAIGHT: "Kleine Straße",
    classic.Box.LARGE_STRAIGHT: "Große Straße",
    classic.Box.KNIFFEL: "Kniffel",
    classic.Box.CHANCE: "Chance",
}


@pytest.mark.parametrize("box", list(SCHMIDT))
def test_classic_german_labels_are_the_schmidt_sheets(box: classic.Box) -> None:
    assert box.labels["de"] == SCHMIDT[box]
    assert label(box, "de") == SCHMIDT[box]


def test_classic_label_stays_english() -> None:
    assert classic.Box.THREE_OF_A_KIND.label == "Three of a kind"
    assert classic.Box.SMALL_STRAIGHT.label == "Small straight"
    assert all(b.label == b.labels["en"] for b in classic.Box)


def test_extreme_label_stays_german_and_english_names_exist() -> None:
    assert extreme.Box.TWO_TRIPLES.label == "Zwei Dreier"
    assert extreme.Box.TEN_OR_LESS.labels == {"en": "10 or less", "de": "10 oder weniger"}
    assert extreme.Box.SUPER_CHANCE.labels["en"] == "Super-Chance"
    assert all(b.label == b.labels["de"] for b in extreme.Box)


@pytest.mark.parametrize("members", [list(classic.Box), list(extreme.Box)])
def test_every_box_has_every_language_and_no_two_boxes_share_a_name(
    members: list[Labelled],
) -> None:
    for lang in LANGS:
        names = [normalize(m.labels[lang]) for m in members]
        assert all(names), lang
        assert len(set(names)) == len(names), lang
    assert all(set(m.labels) == set(LANGS) for m in members)


# --- parse_action reads both languages' labels (the names come from the one table) ---

def _classic_decide() -> classic.State:
    s = classic.apply(classic.new_game(), classic.Roll())
    return classic.apply(s, classic.DiceRoll((2, 3, 3, 3, 5)))


def _extreme_decide() -> extreme.State:
    s = extreme.apply(extreme.new_game(), extreme.Roll())
    return extreme.apply(s, extreme.parse_action(s, "3 3 4 5 6 w10 7"))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("box", list(BOXES))
def test_classic_parse_action_reads_every_label(box: classic.Box, lang: str) -> None:
    state = _classic_decide()
    text = box.labels[lang]  # type: ignore[index]
    for typed in (text, text.upper(), f"score {text}", f"eintragen {text.lower()}"):
        assert classic.parse_action(state, typed) == classic.Score(box), typed


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("box", list(extreme_pieces.BOXES))
def test_extreme_parse_action_reads_every_label(box: extreme.Box, lang: str) -> None:
    state = _extreme_decide()
    text = box.labels[lang]  # type: ignore[index]
    for typed in (text, text.lower(), f"score {text}"):
        assert extreme.parse_action(state, typed) == extreme.Score(box), typed


@pytest.mark.parametrize(
    ("typed", "box"),
    [
        ("Dreierpasch", classic.Box.THREE_OF_A_KIND),
        ("Kleine Straße", classic.Box.SMALL_STRAIGHT),
        ("Große Strasse", classic.Box.LARGE_STRAIGHT),
        ("Fünfer", classic.Box.FIVES),
        ("Fuenfer", classic.Box.FIVES),
    ],
)
def test_classic_german_names(typed: str, box: classic.Box) -> None:
    assert classic.parse_action(_classic_decide(), typed) == classic.Score(box)


@pytest.mark.parametrize(
    ("typed", "box"),
    [
        ("Zwei Dreier", extreme.Box.TWO_TRIPLES),
        ("two triples", extreme.Box.TWO_TRIPLES),
        ("10 oder weniger", extreme.Box.TEN_OR_LESS),
        ("10 or less", extreme.Box.TEN_OR_LESS),
        ("Super-Chance", extreme.Box.SUPER_CHANCE),
        ("Big Full House", extreme.Box.BIG_FULL_HOUSE),
    ],
)
def test_extreme_names_in_both_languages(typed: str, box: extreme.Box) -> None:
    assert extreme.parse_action(_extreme_decide(), typed) == extreme.Score(box)


@pytest.mark.parametrize("table", [BOX_NAMES, extreme_notation.BOX_NAMES])
def test_no_name_is_listed_twice_and_every_label_is_listed(
    table: Mapping[Labelled, tuple[str, ...]],
) -> None:
    for member, names in table.items():
        folded = [normalize(n) for n in names]
        assert len(set(folded)) == len(folded), member
        for lang in LANGS:
            assert normalize(member.labels[lang]) in folded, (member, lang)


def test_common_names_repeat_no_label_that_every_game_gives() -> None:
    from kniffel_rules.duel.pieces import Area
    from kniffel_rules.master.pieces import Combo, Task

    members: list[Labelled] = [*classic.Box, *extreme.Box, *Task, *Combo, *Area]
    for key, aliases in COMMON_NAMES.items():
        users = [m for m in members if getattr(m, "key", None) == key]
        assert users, key
        for alias in aliases:
            covered = [normalize(alias) in {normalize(t) for t in m.labels.values()} for m in users]
            assert not all(covered), (key, alias)


def test_named_adds_labels_once_in_language_order() -> None:
    class Thing(enum.Enum):
        A = 0

        @property
        def key(self) -> str:
            return "chance"

        @property
        def labels(self) -> Mapping[str, str]:
            return {"de": "Glück", "en": "Chance"}

    assert named(Thing, {Thing.A: ("luck", "Chance")}) == {
        Thing.A: (*COMMON_NAMES["chance"], "luck", "Chance", "gluck")
    }


def test_named_reads_a_lone_label_and_members_without_one() -> None:
    class Old(enum.Enum):
        A = 0
        B = 1

        @property
        def label(self) -> str:
            return "Über Alles" if self is Old.A else ""

    assert named(Old, {}) == {Old.A: ("uber alles",), Old.B: ()}


# --- score sheets: box keys by the English key or either language's label ---

def _sheet(
    game: Mapping[str, object], variant: str = "classic", rules: object = None
) -> dict[str, object]:
    doc: dict[str, object] = {"variant": variant, "players": [{"name": "Ann", "games": [game]}]}
    return doc if rules is None else {**doc, "rules": rules}


@pytest.mark.parametrize(
    "keys",
    [
        {"ones": 3, "three_of_a_kind": 20, "small_straight": 30},
        {"Einser": 3, "Dreierpasch": 20, "Kleine Straße": 30},
        {"EINSER": 3, "dreierpasch": 20, "kleine strasse": 30},
        {"Ones": 3, "Three of a kind": 20, "Small straight": 30},
        {"ONES": 3, "Three_Of_A_Kind": 20, "Kleine Strasse": 30},
    ],
)
def test_classic_sheets_read_keys_and_labels_in_any_case(keys: dict[str, int]) -> None:
    assert sheets.verify_sheet(_sheet(keys)).ok
    assert sheets.verify_sheet(_sheet({**keys, "upper_sum": 3})).ok
    wrong = sheets.verify_sheet(_sheet({**keys, "upper_sum": 4}))
    assert [f.field for f in wrong.findings] == ["upper_sum"]


def test_a_label_finding_names_the_box_by_its_key() -> None:
    report = sheets.verify_sheet(_sheet({"Zweier": 7}))
    assert [f.field for f in report.findings] == ["twos"]


def test_extreme_sheets_read_both_languages() -> None:
    game = {"Zwei Dreier": 0, "10 or less": 0, "Super-Chance": 0, "33 oder mehr": 0}
    assert sheets.verify_sheet(_sheet(game, "extreme")).ok
    assert extreme.verify_sheet(_sheet({"two triples": 0, "Highway": 0}, "extreme")).ok


def test_recorded_turns_name_their_box_by_label_too() -> None:
    turn = {"box": "Einser", "rolls": [{"dice": [1, 1, 1, 1, 1]}]}
    assert sheets.verify_sheet(_sheet({"ones": 5, "turns": [turn]})).ok
    turn = {"box": "Fünfer", "rolls": [{"dice": [1, 1, 1, 1, 1]}]}
    report = sheets.verify_sheet(_sheet({"fives": 0, "turns": [turn]}))
    assert report.ok
    turn = {"box": "Zwei Dreier", "rolls": [{"d6": [1, 1, 1, 2, 2], "d10": 2}]}
    assert sheets.verify_sheet(_sheet({"two_triples": 45, "turns": [turn]}, "extreme")).ok


def test_a_key_naming_no_box_is_refused_listing_the_keys() -> None:
    with pytest.raises(InvalidStateError) as caught:
        sheets.verify_sheet(_sheet({"Einser": 3, "Siebener": 7}))
    assert caught.value.path == "players[0].games[0]"
    message = str(caught.value)
    assert "unknown field 'Siebener'" in message
    assert "ones, twos" in message and "chance" in message and "upper_sum" in message
    turn = {"box": "Siebener", "rolls": [{"dice": [1, 1, 1, 1, 1]}]}
    with pytest.raises(InvalidStateError, match=r"turns\[0\]\.box"):
        sheets.verify_sheet(_sheet({"ones": 5, "turns": [turn]}))


def test_a_box_given_by_its_key_and_a_label_is_refused() -> None:
    with pytest.raises(InvalidStateError, match=r"games\[0\]\.(Einser|ones): names the box ones"):
        sheets.verify_sheet(_sheet({"ones": 3, "Einser": 3}))
    with pytest.raises(InvalidStateError, match="given twice"):
        sheets.verify_sheet(_sheet({"Einser": 3, "EINSER": 3}))


def test_a_box_off_the_croatian_sheet_stays_unknown() -> None:
    croatian = {"croatian": True}
    with pytest.raises(InvalidStateError, match="unknown field 'Chance'"):
        sheets.verify_sheet(_sheet({"Chance": 20}, rules=croatian))
    assert sheets.verify_sheet(_sheet({"Maximum": 20, "minimum": 7}, rules=croatian)).ok


def test_kniffel_verify_reads_a_german_sheet(tmp_path: pathlib.Path) -> None:
    from kniffel_rules.cli import main

    path = tmp_path / "sheet.json"
    game = {"Einser": 3, "Dreierpasch": 20, "Kleine Straße": 30, "upper_sum": 3}
    path.write_text(json.dumps(_sheet(game)), encoding="utf-8")
    out = io.StringIO()
    assert main(["verify", str(path)], out=out) == 0
    game["Siebener"] = 7
    path.write_text(json.dumps(_sheet(game)), encoding="utf-8")
    assert main(["verify", str(path)], out=io.StringIO()) == 2
