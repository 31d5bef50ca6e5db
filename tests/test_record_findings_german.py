"""A record's refused action is named the way its reader speaks: canonical text, or the menu line.

`verify_sheet` of a record (``kniffel verify``) reports the first action that
is not legal where it stands. In English it quotes the action's canonical
text (``score chance``, what the wire and `parse_action` read); German used
to quote the same English words inside a German sentence. It now quotes the
line the game's menu shows in German (``Chance eintragen``), which
`parse_action` reads back as well. `RecordError`'s message does the same.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from kniffel_rules import VARIANTS, get_variant, record, record_from_json, record_to_json
from kniffel_rules.bots import RandomBot
from kniffel_rules.records import RecordError
from kniffel_rules.sheets import verify_sheet


def _misplaced(variant: str) -> tuple[dict[str, Any], int]:
    """A seeded record with one action moved to a place where it is refused, and that place."""
    game = get_variant(variant)
    seats = max(2, game.INFO.min_players)
    doc = json.loads(record_to_json(record(variant, [RandomBot()] * seats, seed=3)))
    actions = doc["actions"]
    for k in range(1, len(actions)):
        for j in range(k + 1, min(len(actions), k + 30)):
            if actions[j] == actions[k] or actions[j].get("type") == actions[k].get("type"):
                continue
            trial = copy.deepcopy(doc)
            trial["actions"][k] = actions[j]
            if any(f.field == f"actions[{k}]" and f.rule for f in verify_sheet(trial).findings):
                return trial, k
    raise AssertionError(f"no misplaced action found in a {variant} record")


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_refused_action_is_quoted_as_each_language_names_it(variant: str) -> None:
    game = get_variant(variant)
    doc, k = _misplaced(variant)
    action = game.action_from_dict(doc["actions"][k])
    (finding,) = [f for f in verify_sheet(doc).findings if f.field == f"actions[{k}]"]
    english, german = finding.localized("en"), finding.localized("de")
    assert f"({game.action_to_text(action)})" in english
    assert f"({game.render_action(action, lang='de')})" in german
    with pytest.raises(RecordError) as info:
        record_from_json(json.dumps(doc))
    assert str(info.value).startswith(f"actions[{k}]: {game.action_to_text(action)}: ")
    assert f"{game.render_action(action, lang='de')}: " in info.value.localized("de")


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_a_wrong_score_names_a_default_seat_in_the_readers_language(variant: str) -> None:
    """"Spieler 1" and the Duell's "Rot" in German, as the sentence after them says."""
    game = get_variant(variant)
    seats = max(2, game.INFO.min_players)
    doc = json.loads(record_to_json(record(variant, [RandomBot()] * seats, seed=3)))
    doc["scores"] = [s + 1 for s in doc["scores"]]
    findings = [f for f in verify_sheet(doc).findings if f.field == "scores"]
    assert len(findings) == seats
    english = game.new_game(seats).names
    german = {"Player 1": "Spieler 1", "Player 2": "Spieler 2", "Blue": "Blau", "Red": "Rot"}
    for finding in findings:
        name = english[finding.player]
        assert finding.localized("en").startswith(f"{name}: ")
        assert finding.localized("de").startswith(f"{german[name]}: ")
