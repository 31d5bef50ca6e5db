"""Score-sheet verification: the report types and the dispatcher.

A score sheet is a JSON document (see ``docs/sheets.md`` and the JSON Schemas
shipped in ``kniffel_rules/schemas/``). `verify_sheet` reads its
``variant`` and hands it to that game's ``verify_sheet``
(`kniffel_rules.classic.verify_sheet`, `kniffel_rules.extreme.verify_sheet`),
which returns a `Report` listing every problem it finds. A wrong but
well-formed sheet never raises; a document that cannot be read raises
`InvalidStateError` naming the field path.

It also reads a game record of classic or Extreme
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
from importlib import resources
from typing import Any

import attrs

from kniffel_rules import _json
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.records import FORMAT as RECORD_FORMAT
from kniffel_rules.records import Replayed, read_record
from kniffel_rules.variant import VARIANTS, get_variant

__all__ = ["SHEET_VARIANTS", "Finding", "Report", "read_document", "schema", "verify_sheet"]

SHEET_VARIANTS: tuple[str, ...] = ("classic", "extreme")
"""The games whose score sheets can be verified."""


@attrs.frozen(slots=True)
class Finding:
    """One problem on a score sheet.

    Attributes:
        player: The player's index (0-based, the order of ``players``).
        game: The game's index within the player's ``games`` (0-based).
        field: The box key (``"full_house"``) or derived key (``"upper_sum"``),
            or ``"turns[3]"`` for a problem with a recorded turn.
        found: What the sheet says.
        expected: What it should say: a value, the tuple of values a box can
            hold, or a description.
        rule: The clause id of the rule broken (``"CL-09"``), see ``docs/rules/``.
        message: The problem in words a player understands.
    """

    player: int
    game: int
    field: str
    found: Any
    expected: Any
    rule: str
    message: str

    def to_dict(self) -> dict[str, Any]:
        """The finding as a JSON-ready dict (tuples become lists)."""
        expected = list(self.expected) if isinstance(self.expected, tuple) else self.expected
        return {
            "player": self.player,
            "game": self.game,
            "field": self.field,
            "found": self.found,
            "expected": expected,
            "rule": self.rule,
            "message": self.message,
        }


@attrs.frozen(slots=True)
class Report:
    """The result of verifying one score sheet.

    Attributes:
        variant: The game of the sheet.
        findings: Every problem found, in sheet order (player, game, field).
    """

    variant: str
    findings: tuple[Finding, ...] = ()

    @property
    def ok(self) -> bool:
        """True when the sheet has no finding."""
        return not self.findings

    def to_dict(self) -> dict[str, Any]:
        """The report as a JSON-ready dict."""
        return {
            "variant": self.variant,
            "ok": self.ok,
            "findings": [f.to_dict() for f in self.findings],
        }

    def __str__(self) -> str:
        if self.ok:
            return "The sheet is right."
        lines = [f"{len(self.findings)} problem(s):"]
        lines.extend(f"- {f.message} [{f.rule}]" for f in self.findings)
        return "\n".join(lines)


def read_document(doc: Mapping[str, Any] | str | bytes) -> dict[str, Any]:
    """A sheet given as a dict or as JSON text, as a dict (not validated further).

    Raises:
        InvalidStateError: Not JSON, or not a JSON object.
    """
    if isinstance(doc, (str, bytes, bytearray)):
        data = _json.loads(doc)
    else:  # a mapping given directly: its items as a dict, with the checks of parsed text
        data = dict(doc) if isinstance(doc, Mapping) else doc
        _json.check_tree(data)
    if not isinstance(data, Mapping):
        raise InvalidStateError("", f"a sheet is a JSON object, got {type(data).__name__}")
    return dict(data)


def verify_sheet(doc: Mapping[str, Any] | str | bytes) -> Report:
    """Verify a score sheet of any game, dispatching on its ``variant``.

    A game record of classic or Extreme (``"format": "kniffel-rules/record"``,
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
        raise InvalidStateError("", "missing field 'variant'")
    variant = data["variant"]
    if variant not in SHEET_VARIANTS:
        known = ", ".join(SHEET_VARIANTS)
        raise InvalidStateError(
            "variant", f"{variant!r} has no score sheet; sheets exist for {known}"
        )
    module: Any = get_variant(variant)
    report: Report = module.sheet.verify_checked(data)  # read once: not checked twice
    return report


def _verify_record(data: dict[str, Any]) -> Report:
    """Replay a record of classic or Extreme and verify it as a sheet with every roll."""
    variant = data.get("variant")
    if isinstance(variant, str) and variant in VARIANTS and variant not in SHEET_VARIANTS:
        known = " and ".join(SHEET_VARIANTS)
        raise InvalidStateError(
            "variant",
            f"a record of {variant} is not a score sheet: verify_sheet reads records of "
            f"{known} only; record_from_json reads and checks records of every game",
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
                f"{names[seat]}, game {game + 1}: action {error.index + 1} ({error.text}) is "
                f"not legal: {error.reason}.",
            )
        ]
    findings: list[Finding] = []
    finished = module.is_terminal(state)
    if replayed.finished != finished:
        says = "is over" if replayed.finished else "goes on"
        really = "do not end it" if replayed.finished else "end it"
        findings.append(
            Finding(
                0,
                game,
                "finished",
                replayed.finished,
                finished,
                ids["filled"],
                f"the record says the game {says}, but its actions {really}.",
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
                    f"{names[p]}: the record gives a score of {found}, but the actions "
                    f"give {score}.",
                )
            )
    return findings


def schema(variant: str) -> dict[str, Any]:
    """The JSON Schema of a game's score sheet (shipped with the package).

    Args:
        variant: ``"classic"`` or ``"extreme"``.

    Raises:
        InvalidStateError: No sheet schema for that game.
    """
    if variant not in SHEET_VARIANTS:
        raise InvalidStateError("variant", f"no sheet schema for {variant!r}")
    text = resources.files("kniffel_rules.schemas").joinpath(f"{variant}-sheet.schema.json")
    result: dict[str, Any] = json.loads(text.read_text(encoding="utf-8"))
    return result
