"""Run a benchmark script's ``--one`` step in another tree (the before/after tables).

Shared by ``frames.py`` and ``playout.py``, which import it as a sibling
module (a script's own folder is on ``sys.path``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any


def in_tree(src: str, script: str, name: str, *args: str) -> Any:
    """``script --one name *args`` with ``PYTHONPATH=src``: its JSON answer.

    Returns ``None`` when that tree does not know the game (a game added since).

    Raises:
        RuntimeError: The run failed for another reason (its stderr says why).
    """
    run = subprocess.run(
        [sys.executable, script, "--one", name, *args],
        env=dict(os.environ, PYTHONPATH=src),
        capture_output=True,
        text=True,
    )
    if run.returncode != 0:
        if "UnknownVariantError" in run.stderr:
            return None
        raise RuntimeError(f"{src}: {name}: {run.stderr.strip()}")
    return json.loads(run.stdout)
