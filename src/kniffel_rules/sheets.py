"""Score-sheet verification: the report types and the dispatcher.

A score sheet is a JSON document (see ``docs/sheets.md`` and the JSON Schemas
shipped in ``kniffel_rules/schemas/``). `verify_sheet` reads its
``variant`` and hands it to that game's ``verify_sheet``
(`kniffel_rules.classic.verify_sheet`, `kniffel_rules.extreme.verify_sheet`,
`kniffel_rules.yatzy.verify_sheet`: the games whose ``INFO.score_sheet`` is
set), which returns a `Report` listing every problem it finds. A wrong but
well-formed sheet never raises; a document that cannot be read raises
`InvalidStateError` naming the field path.

It also reads a game record of any game (`kniffel_rules.record_to_json`,
``"format": "kniffel-rules/record"``): the record is replayed, an action
that is not legal where it stands is a finding (field ``actions[i]``), so is
a written ``finished`` or ``scores`` that the replay contradicts, and for a
game with a sheet (classic, Extreme, Yatzy) the sheet the replay writes,
with every roll, is verified like any other sheet.

Examples:
    >>> from kniffel_rules import verify_sheet
    >>> report = verify_sheet({"variant": "classic", "players": [
    ...     {"name": "Ann", "games": [{"twos": 7, "full_house": 25}]}]})
    >>> report.ok
    False
    >>> print(report.findings[0].message)
    Ann, game 1: Twos holds 7, but Twos can only hold 0, 2, 4, 6, 8 or 10.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any

from kniffel_rules._boxsheetcheck import Finding, Report, read_document
from kniffel_rules._common import seat_name
from kniffel_rules._i18n import N_, Text
from kniffel_rules._text import brief
from kniffel_rules.errors import InvalidStateError, KniffelError
from kniffel_rules.records import FORMAT as RECORD_FORMAT
from kniffel_rules.records import Replayed, _named_action, _replay_document
from kniffel_rules.variant import VARIANTS, get_variant

__all__ = ["SHEET_VARIANTS", "Finding", "Report", "read_document", "schema", "verify_sheet"]

SHEET_VARIANTS: tuple[str, ...]
"""The games whose score sheets can be verified: every registered game whose
`kniffel_rules.GameInfo` has ``score_sheet`` (read on first use, so that
importing this module imports no game)."""


@cache
def _sheet_games() -> tuple[str, ...]:
    return tuple(name for name in VARIANTS if get_variant(name).INFO.score_sheet)


def _has_sheet(variant: object) -> bool:
    """Whether ``variant`` names a registered game scored on a box sheet."""
    return (
        isinstance(variant, str) and variant in VARIANTS and get_variant(variant).INFO.score_sheet
    )


def __getattr__(name: str) -> Any:
    if name == "SHEET_VARIANTS":
        return _sheet_games()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def verify_sheet(doc: Mapping[str, Any] | str | bytes) -> Report:
    """Verify a score sheet of any game, dispatching on its ``variant``.

    A game record of any game (``"format": "kniffel-rules/record"``, see
    ``docs/records.md``) is verified too: it is replayed; the first action
    that is not legal where it stands is a finding naming ``actions[i]`` and
    the rule, and the replay stops there; ``finished`` and ``scores`` that
    differ from the replay are findings (citing the game's
    ``INFO.end_rule`` and ``INFO.score_rule``); and for a game with a score
    sheet (classic, Extreme, Yatzy) the sheet of the replayed game (every
    roll recorded, as ``write_sheet`` writes it) is verified like any
    sheet. An object in ``actions`` that is not an action of the game makes
    the record malformed (`InvalidStateError`), as a non-integer value does
    on a sheet; so does a card-game record cut down to one player's view,
    which cannot be replayed.

    Args:
        doc: The sheet (or record) as a dict or JSON text.

    Returns:
        The report listing every problem.

    Raises:
        InvalidStateError: The document is malformed (the message names the
            field path), or it is a sheet of a game that has none.
    """
    data = read_document(doc)
    if data.get("format") == RECORD_FORMAT:
        return _verify_record(data)
    if "variant" not in data:
        raise InvalidStateError("", Text.of(N_("missing field {key}"), key=repr("variant")))
    variant = data["variant"]
    if not _has_sheet(variant):
        known = _sheet_games()
        raise InvalidStateError(
            "variant",
            Text.of(
                N_("{variant} has no score sheet; sheets exist for {known}"),
                variant=brief(variant),
                known=known,
            ),
        )
    module: Any = get_variant(variant)
    report: Report = module.sheet.verify_checked(data)  # read once: not checked twice
    return report


def _verify_record(data: dict[str, Any]) -> Report:
    """Replay a record; a game with a sheet is then verified as a sheet with every roll."""
    replayed = _replay_document(data, stop_at_illegal=False)  # read_document checked it
    rec = replayed.record
    module: Any = get_variant(rec.variant)
    findings = _record_findings(module, replayed, data["actions"])
    if module.INFO.score_sheet:
        sheet = module.write_sheet(rec, rolls=True, derived=False)  # the record has no sums
        findings.extend(module.verify_sheet(sheet).findings)
    return Report(rec.variant, tuple(findings))


def _action_named(module: Any, raw: Any, text: str) -> object:
    """The refused action of a record as a finding names it (`records._named_action`)."""
    try:
        action = module.action_from_dict(raw)
    except KniffelError:
        return text
    return _named_action(module, action, text)


def _record_findings(module: Any, replayed: Replayed, actions: list[Any]) -> list[Finding]:
    """The findings of the record itself: an illegal action, or a wrong result.

    The rules cited: the one that refuses the action; the game's end
    (``INFO.end_rule``) for ``finished``; its scores (``INFO.score_rule``,
    or a sheet series' ranking) for ``scores``.
    """
    rec = replayed.record
    state = rec.final
    names = rec.initial.names
    defaults = module.GAME.default_names  # a default name is said in the reader's language
    info = module.INFO
    series = info.score_sheet and getattr(state.rules, "games", 1) > 1  # a sheet's series
    game = getattr(state, "game", 0) if info.score_sheet else 0
    error = replayed.error
    if error is not None:
        seat = state.player
        if info.score_sheet:
            said = N_("{name}, game {game}: action {index} ({text}) is not legal: {reason}.")
        else:
            said = N_("{name}: action {index} ({text}) is not legal: {reason}.")
        return [
            Finding(
                seat,
                game,
                error.path,
                actions[error.index],
                "an action the rules allow here",
                error.rule,
                Text.of(
                    said,
                    name=seat_name(names, seat, defaults),
                    game=game + 1,
                    index=error.index + 1,
                    text=_action_named(module, actions[error.index], error.text),
                    reason=Text(error.reason),
                ),
            )
        ]
    findings: list[Finding] = []
    finished = module.is_terminal(state)
    if replayed.finished != finished:
        if replayed.finished:
            text = Text(N_("the record says the game is over, but its actions do not end it."))
        else:
            text = Text(N_("the record says the game goes on, but its actions end it."))
        findings.append(
            Finding(0, game, "finished", replayed.finished, finished, info.end_rule, text)
        )
    if series:
        ids = module.sheet.spec(state.rules).rules
        rule = ids["series" if state.rules.ranking == "total" else "placement"]
    else:
        rule = info.score_rule
    for p, (found, score) in enumerate(zip(replayed.scores, module.scores(state), strict=True)):
        if found != score:
            findings.append(
                Finding(
                    p,
                    game,
                    "scores",
                    found,
                    score,
                    rule,
                    Text.of(
                        N_(
                            "{name}: the record gives a score of {found}, but the actions "
                            "give {score}."
                        ),
                        name=seat_name(names, p, defaults),
                        found=found,
                        score=score,
                    ),
                )
            )
    return findings


def schema(variant: str) -> dict[str, Any]:
    """The JSON Schema of a game's score sheet (shipped with the package).

    Args:
        variant: The name of a game scored on a box sheet (its ``INFO.score_sheet``:
            ``"classic"``, ``"extreme"``, ``"yatzy"``).

    Raises:
        InvalidStateError: No sheet schema for that game.
    """
    if not _has_sheet(variant):
        raise InvalidStateError("variant", f"no sheet schema for {brief(variant)}")
    text = resources.files("kniffel_rules.schemas").joinpath(f"{variant}-sheet.schema.json")
    result: dict[str, Any] = json.loads(text.read_text(encoding="utf-8"))
    return result
