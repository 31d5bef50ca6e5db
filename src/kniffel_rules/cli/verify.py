"""``kniffel verify``: check score sheets, print every finding.

A file may also hold a game record of classic or Extreme
(`kniffel_rules.record_to_json`): it is replayed and verified as the sheet
of that game, with every roll (see `kniffel_rules.verify_sheet`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TextIO

from kniffel_rules.errors import KniffelError
from kniffel_rules.sheets import verify_sheet

__all__ = ["verify"]


def verify(files: Sequence[str], as_json: bool, out: TextIO) -> int:
    """Verify score sheets or game records: status 0 all right, 1 findings, 2 unreadable input."""
    results: list[dict[str, object]] = []
    status = 0
    for name in files:
        try:
            with open(name, encoding="utf-8") as handle:
                text = handle.read()
            report = verify_sheet(text)
        except (OSError, UnicodeDecodeError) as exc:
            results.append({"file": name, "error": f"cannot read the file: {exc}"})
            status = 2
            continue
        except KniffelError as exc:
            results.append({"file": name, "error": f"not a valid sheet or record: {exc}"})
            status = 2
            continue
        results.append({"file": name, **report.to_dict()})
        if not report.ok and status == 0:
            status = 1
    if as_json:
        print(json.dumps(results, indent=2, ensure_ascii=False), file=out)
        return status
    for r in results:
        if "error" in r:
            print(f"{r['file']}: {r['error']}", file=out)
        elif r["ok"]:
            print(f"{r['file']}: OK", file=out)
        else:
            findings = r["findings"]
            assert isinstance(findings, list)
            print(f"{r['file']}: {len(findings)} problem(s)", file=out)
            for f in findings:
                print(f"  - {f['message']} [{f['rule']}]", file=out)
    return status
