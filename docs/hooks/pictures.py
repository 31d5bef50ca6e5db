"""MkDocs hook: the pictures of the docs, drawn at build time by the library itself.

Declared under ``hooks:`` in ``mkdocs.yml``. When the build collects its
files (``on_files``) this plays one seeded game of each game with the bots
to a position worth looking at, draws it with `kniffel_rules.svg` and adds
the SVG to the site as ``pictures/<game>.svg`` (plus ``pictures/classic-de.svg``,
the German sheet). It also plays `GAMES` optimal solitaire games under the
rulebook's rules (``kniffel_rules.bots.optimal.simulate``, the batch form of
``OptimalSolitaire``: the same choices) and draws their final scores with
matplotlib as ``pictures/distribution.svg``; ``on_page_markdown`` writes the
figures into ``distributions.md`` where it says ``<!-- distribution -->``.

matplotlib and numpy come with the ``docs`` extra. Without them the build
fails in CI (``CI`` set) and otherwise says so on the page instead of the plot.
"""

from __future__ import annotations

import io
import logging
import os
import random
from collections.abc import Callable
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

import kniffel_rules as k
from kniffel_rules import svg
from kniffel_rules.bots import BOTS

log = logging.getLogger("mkdocs.hooks.pictures")

SEED = 2024
"""The seed of every game played for the pictures and the plot."""
GAMES = 10_000
"""Optimal solitaire games in the score distribution."""
MARKER = "<!-- distribution -->"

_NAMES = {
    "classic": ["Ann", "Ben", "Cleo"],
    "extreme": ["Ann", "Ben"],
    "master": ["Ann", "Ben", "Cleo"],
    "duel": ["Ann", "Ben"],
    "cards": ["Ann", "Ben", "Cleo"],
    "yatzy": ["Ann", "Ben"],
}


def _classic_worth(state: Any) -> bool:
    return bool(
        state.phase.value == "decide" and state.rolls == 2 and state.sheets[2].filled() >= 8
    )


def _extreme_worth(state: Any) -> bool:
    return bool(
        state.phase.value == "decide" and state.rolls == 2 and state.sheets[1].filled() >= 11
    )


def _master_worth(state: Any) -> bool:
    stars = sum(s.stars for s in state.sheets)
    return bool(state.phase.value == "decide" and state.rolls == 2 and stars >= 8)


def _duel_worth(state: Any) -> bool:
    moved = sum(1 for spot in state.board if spot.value != "centre")
    return bool(state.phase.value == "decide" and state.rolls >= 1 and moved >= 6)


def _box_sheet_worth(state: Any) -> bool:
    """A box-sheet game (Yatzy) in the middle: the last seat has filled eight boxes."""
    filled = sum(v is not None for v in state.sheets[-1])
    return bool(state.phase.value == "decide" and state.rolls == 2 and filled >= 8)


def _cards_worth(state: Any) -> bool:
    return bool(state.phase.value == "turn" and state.round >= 8)


_WORTH: dict[str, Callable[[Any], bool]] = {
    "classic": _classic_worth,
    "extreme": _extreme_worth,
    "master": _master_worth,
    "duel": _duel_worth,
    "cards": _cards_worth,
    "yatzy": _box_sheet_worth,
}


def position(game: str, seed: int = SEED) -> Any:
    """A seeded game of ``game`` by its greedy bots, up to the first position worth a picture.

    A game of hidden information gives the view of the player to move (their
    hand shown); a game that ends first gives its final position. A game
    without an entry in `_NAMES` and `_WORTH` (a new one) is played by two
    players (or as many as it takes) to half its longest game (``INFO.bounds``).
    """
    module: Any = k.get_variant(game)
    info = module.INFO
    rng = random.Random(seed)
    names = _NAMES.get(game) or ["Ann", "Ben", "Cleo", "Dan"][: max(min(2, info.max_players),
                                                                     info.min_players)]
    halfway = info.bounds(module.Rules(), len(names))[2] // 2
    worth = _WORTH.get(game, lambda state: False)
    bots = [BOTS[game]["greedy"]() for _ in names]
    state = module.new_game(players=names)
    for step in range(100_000):
        if module.is_terminal(state) or worth(state) or (game not in _WORTH and step >= halfway):
            break
        seat = module.current_player(state)
        if seat < 0:
            action = module.sample_chance(state, rng)
        else:
            action = bots[seat](state, module.legal_actions(state), rng)
        state = module.apply(state, action)
    if info.hidden_information and not module.is_terminal(state):
        return module.observation(state, module.current_player(state))
    return state


def _distribution() -> tuple[str, str] | None:
    """The plot of `GAMES` optimal games (SVG) and the page's table, or None without matplotlib."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        import numpy as np
    except ImportError as exc:
        if os.environ.get("CI"):
            raise PluginError(
                f"the score distribution needs the docs extra (matplotlib, numpy): {exc}"
            ) from exc
        log.info("pictures: no matplotlib, the distribution page says so")
        return None
    from kniffel_rules.bots.optimal import simulate

    sim = simulate(GAMES, seed=SEED)
    scores = sim.scores
    mean = float(scores.mean())
    sd = float(scores.std(ddof=1))
    se = sd / GAMES**0.5
    matplotlib.rcParams["svg.hashsalt"] = "kniffel-rules"
    fig, ax = plt.subplots(figsize=(8, 4.2))
    bins = list(range(int(scores.min()) // 10 * 10, int(scores.max()) + 11, 5))
    ax.hist(scores, bins=bins, color="#3a6fd8", edgecolor="white", linewidth=0.4)
    ax.axvline(mean, color="#d9342b", linewidth=1.5, label=f"mean of the games {mean:.1f}")
    ax.axvline(
        sim.expected,
        color="#222222",
        linestyle="--",
        linewidth=1.2,
        label=f"exact optimal expectation {sim.expected:.2f}",
    )
    ax.set_xlabel("final score")
    ax.set_ylabel(f"games (of {GAMES:,})")
    ax.set_title(f"Optimal solitaire, the rulebook's rules: {GAMES:,} games, seed {SEED}")
    ax.legend(frameon=False)
    ax.spines[["top", "right"]].set_visible(False)
    fig.tight_layout()
    out = io.StringIO()
    fig.savefig(out, format="svg", metadata={"Date": None})
    plt.close(fig)
    quartiles = np.percentile(scores, [25, 50, 75])
    over = float((scores >= 300).mean()) * 100
    table = "\n".join(
        [
            "| figure | value |",
            "|---|---|",
            f"| games | {GAMES:,} (seed {SEED}) |",
            f"| mean | **{mean:.2f}** (standard error {se:.2f}) |",
            f"| standard deviation | **{sd:.2f}** |",
            f"| exact optimal expectation (the solver's table) | {sim.expected:.4f} |",
            f"| z of the mean against it | {(mean - sim.expected) / se:+.2f} |",
            f"| lowest, highest | {int(scores.min())}, {int(scores.max())} |",
            f"| quartiles (25 %, median, 75 %) | {quartiles[0]:.0f}, {quartiles[1]:.0f}, "
            f"{quartiles[2]:.0f} |",
            f"| games of 300 points or more | {over:.1f} % |",
        ]
    )
    return out.getvalue(), table


_STATE: dict[str, str | None] = {}


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Add the pictures (``pictures/*.svg``) to the site's files, and leave this hook out."""
    hook = files.get_file_from_path("hooks/pictures.py")
    if hook is not None:
        files.remove(hook)
    pictures = {f"pictures/{game}.svg": svg.render(position(game)) for game in k.VARIANTS}
    pictures["pictures/classic-de.svg"] = svg.render(position("classic"), lang="de")
    made = _distribution()
    if made is not None:
        pictures["pictures/distribution.svg"], _STATE["table"] = made
    else:
        _STATE["table"] = None
    for path, content in pictures.items():
        files.append(File.generated(config, path, content=content))
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Put the plot and its figures where ``distributions.md`` has `MARKER`."""
    if MARKER not in markdown:
        return markdown
    table = _STATE.get("table")
    if table is None:
        text = (
            '!!! note "No plot in this build"\n'
            "    matplotlib is not installed: install the docs extra "
            "(`pip install -e '.[docs]'`) and build again."
        )
    else:
        text = (
            "![The final scores of optimal solitaire games](pictures/distribution.svg)\n\n" + table
        )
    return markdown.replace(MARKER, text)
