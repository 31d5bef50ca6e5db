"""Score-sheet verification: the report types and the dispatcher.

A score sheet is a JSON document (see ``docs/sheets.md`` and the JSON Schemas
shipped in ``kniffel_rules/schemas/``). `verify_sheet` reads its
``variant`` and hands it to that game's ``verify_sheet``
(`kniffel_rules.classic.verify_sheet`, `kniffel_rules.extreme.verify_sheet`,
`kniffel_rules.yatzy.verify_sheet`: the games whose ``INFO.score_sheet`` is
set), which returns a `Report` listing every problem it finds. A wrong but
well-formed sheet never raises; a document that cannot be read raises
`InvalidStateError` naming the field path.

It also reads a game record of such a game (classic, Extreme, Yatzy)
(`kniffel_rules.record_to_json`, ``"format": "kniffel-rules/record"``): the
record is replayed, an action that is not legal where it stands is a
finding (field ``actions[i]``), and the sheet the replay writes, with every
roll, is verified like any other sheet.

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
from kniffel_rules._i18n import N_, Text
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.records import FORMAT as RECORD_FORMAT
from kniffel_rules.records import Replayed, read_record
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

    A game record of a game with a score sheet (classic, Extreme, Yatzy;
    ``"format": "kniffel-rules/record"``,
    see ``docs/records.md``) is verified too: it is replayed; the first
    action that is not legal where it stands is a finding naming
    ``actions[i]`` and the rule, and the replay stops there; ``finished`` and
    ``scores`` that differ from the replay are findings; and the sheet of the
    replayed game (every roll recorded, as ``write_sheet`` writes it) is
    verified like any sheet. An object in ``actions`` that is not an action
    of the game makes the record malformed (`InvalidStateError`), as a
    non-integer value does on a sheet.

    Args:
        doc: The sheet (or record) as a dict or JSON text.

    Returns:
        The report listing every problem.

    Raises:
        InvalidStateError: The document is malformed (the message names the
            field path), or its ``variant`` has no sheet (for a record of
            another game: read it with `kniffel_rules.record_from_json`).
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
                variant=repr(variant),
                known=known,
            ),
        )
    module: Any = get_variant(variant)
    report: Report = module.sheet.verify_checked(data)  # read once: not checked twice
    return report


def _verify_record(data: dict[str, Any]) -> Report:
    """Replay a record of a game with a sheet and verify it as a sheet with every roll."""
    variant = data.get("variant")
    if isinstance(variant, str) and variant in VARIANTS and not _has_sheet(variant):
        known = _sheet_games()  # a tuple: joined by commas in every language
        raise InvalidStateError(
            "variant",
            Text.of(
                N_(
                    "a record of {variant} is not a score sheet: verify_sheet reads records of "
                    "{known} only; record_from_json reads and checks records of every game"
                ),
                variant=variant,
                known=known,
            ),
        )
    replayed = read_record(data, stop_at_illegal=False)
    rec = replayed.record
    module: Any = get_variant(rec.variant)
    findings = _record_findings(module, replayed, data["actions"])
    sheet = module.write_sheet(rec, rolls=True, derived=False)  # the record has no sums
    findings.extend(module.verify_sheet(sheet).findings)
    return Report(rec.variant, tuple(findings))


def _record_findings(module: Any, replayed: Replayed, actions: list[Any]) -> list[Finding]:
    """The findings of the record itself: an illegal action, or a wrong result."""
    rec = replayed.record
    state = rec.final
    names = rec.initial.names
    ids = module.sheet.spec(state.rules).rules
    game = getattr(state, "game", 0)
    error = replayed.error
    if error is not None:
        seat = getattr(state, "player", 0)
        return [
            Finding(
                seat,
                game,
                error.path,
                actions[error.index],
                "an action the rules allow here",
                error.rule,
                Text.of(
                    N_("{name}, game {game}: action {index} ({text}) is not legal: {reason}."),
                    name=names[seat],
                    game=game + 1,
                    index=error.index + 1,
                    text=error.text,
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
            Finding(
                0,
                game,
                "finished",
                replayed.finished,
                finished,
                ids["filled"],
                text,
            )
        )
    if getattr(state.rules, "games", 1) > 1:
        rule = ids["series" if state.rules.ranking == "total" else "placement"]
    else:
        rule = ids["totals"]
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
                        name=names[p],
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
        raise InvalidStateError("variant", f"no sheet schema for {variant!r}")
    text = resources.files("kniffel_rules.schemas").joinpath(f"{variant}-sheet.schema.json")
    result: dict[str, Any] = json.loads(text.read_text(encoding="utf-8"))
    return result
