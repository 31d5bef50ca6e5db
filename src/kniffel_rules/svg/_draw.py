"""The drawing surface every picture of `kniffel_rules.svg` is made on.

Internal, and game-free: a `Canvas` collects SVG elements with escaped text
and rounded numbers, and writes one deterministic document with a viewBox
and a width and height. `die` draws a die face with its pips.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Final
from xml.sax.saxutils import escape

from kniffel_rules._text import brief, display_width, short
from kniffel_rules.errors import InvalidStateError

__all__ = [
    "CARD_SIZE",
    "HIGHLIGHT",
    "INK",
    "PAPER",
    "Canvas",
    "check_size",
    "clean",
    "fit_name",
    "short",
    "text_width",
]

INK: Final = "#222222"
"""The colour of lines and text."""
PAPER: Final = "#ffffff"
"""The background."""
HIGHLIGHT: Final = "#fff4c2"
"""The background of whatever belongs to the player to move."""
_GRID: Final = "#888888"
_CARD_W: Final = 34
_CARD_H: Final = 48
CARD_SIZE: Final = (_CARD_W, _CARD_H)
"""The width and height of a card."""

# Characters XML 1.0 does not allow (a name is user input): replaced, never passed on.
_NOT_XML: Final = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")

_ATTRIBUTE_ENTITIES: Final = {'"': "&quot;", "'": "&apos;"}

# The pips of each face on a 3 x 3 grid (column, row), 0..2.
_PIPS: Final[dict[int, tuple[tuple[int, int], ...]]] = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}


def clean(text: str) -> str:
    """``text`` with every character XML cannot hold replaced by U+FFFD."""
    return _NOT_XML.sub("\ufffd", text)


# How wide each character sets, in ems, rounded up to 0.05: the wider of the
# two weights of the pictures' first font, DejaVu Sans, as Chromium measures
# it (Helvetica and Arial, the fallbacks, set narrower). Other characters: a
# Latin letter at most 0.85 em, anything else at most 1.15 (the widest, W).
_EMS: Final = {
    c: em
    for em, chars in (
        (0.35, " 'ijl"),
        (0.4, ",./:;IJ\\|\u00b7"),
        (0.45, "-f"),
        (0.5, "!()[]_`rt"),
        (0.55, '"*'),
        (0.6, "?cszç"),
        (0.65, "Lx"),
        (0.7, "$0123456789EFSaekovyàäèéö"),
        (0.75, "CPTYZbdghnpqu{}ßü"),
        (0.8, "ABKRVXÄ"),
        (0.85, "#+<=>DGHNOQU^~ÖÜ"),
        (0.9, "&"),
        (0.95, "w"),
        (1.0, "@M\u2026"),
        (1.05, "%m"),
        (1.15, "W"),
    )
    for c in chars
}


def text_width(text: str, size: float) -> float:
    """At most how wide ``text`` sets at font ``size`` (bold or not), in user units."""
    ems = _EMS.get
    return size * sum(ems(c, 0.85 if c <= "\u024f" else 1.15) for c in text)


def fit_name(line: Callable[[str], str], name: str, room: float, size: float) -> str:
    """``line(name)`` with the name cut (to 24 columns at most, 3 at least) to fit ``room``.

    ``room`` is the width the line may take and ``size`` its font size, in
    user units (`text_width`): a long name is what makes a line run past the
    picture's edge or into its neighbour. Cut as `kniffel_rules._text.short`
    cuts, by terminal columns (a CJK character takes two, as it takes about
    twice a Latin letter's width in the picture too).
    """
    most = min(display_width(name), 24)
    text = line(short(name, most))
    while most > 3 and text_width(text, size) > room:
        most -= 1
        text = line(short(name, most))
    return text


def check_size(size: object) -> int | None:
    """``size`` as a width in pixels (a positive integer) or ``None``.

    Raises:
        InvalidStateError: Anything else (path ``size``).
    """
    if size is None:
        return None
    if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= 100_000:
        raise InvalidStateError(
            "size", f"expected a width in pixels 1..100000 or None, got {brief(size)}"
        )
    return size


def _attribute(value: object) -> str:
    if isinstance(value, (int, float)):
        return _num(value)
    return escape(clean(str(value)), _ATTRIBUTE_ENTITIES)


def _num(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


class Canvas:
    """An SVG picture under construction, in user units (1 unit = 1 pixel at natural size)."""

    def __init__(self, width: float, height: float) -> None:
        self.width = width
        self.height = height
        self._parts: list[str] = []

    def _element(self, tag: str, attributes: Sequence[tuple[str, object]], body: str = "") -> None:
        attrs_text = "".join(
            f' {name}="{_attribute(value)}"' for name, value in attributes if value is not None
        )
        if body:
            self._parts.append(f"<{tag}{attrs_text}>{body}</{tag}>")
        else:
            self._parts.append(f"<{tag}{attrs_text}/>")

    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        *,
        fill: str = "none",
        stroke: str | None = _GRID,
        width: float = 1,
        rx: float | None = None,
    ) -> None:
        """A rectangle (``stroke=None``: no outline)."""
        self._element(
            "rect",
            [
                ("x", x),
                ("y", y),
                ("width", w),
                ("height", h),
                ("rx", rx),
                ("fill", fill),
                ("stroke", stroke),
                ("stroke-width", width if stroke else None),
            ],
        )

    def circle(
        self,
        cx: float,
        cy: float,
        r: float,
        *,
        fill: str = INK,
        stroke: str | None = None,
        width: float = 1,
    ) -> None:
        """A circle."""
        self._element(
            "circle",
            [
                ("cx", cx),
                ("cy", cy),
                ("r", r),
                ("fill", fill),
                ("stroke", stroke),
                ("stroke-width", width if stroke else None),
            ],
        )

    def line(
        self, x1: float, y1: float, x2: float, y2: float, *, stroke: str = _GRID, width: float = 1
    ) -> None:
        """A straight line."""
        self._element(
            "line",
            [
                ("x1", x1),
                ("y1", y1),
                ("x2", x2),
                ("y2", y2),
                ("stroke", stroke),
                ("stroke-width", width),
            ],
        )

    def polygon(
        self,
        points: Sequence[tuple[float, float]],
        *,
        fill: str,
        stroke: str | None = INK,
        width: float = 1,
    ) -> None:
        """A closed polygon."""
        text = " ".join(f"{_num(x)},{_num(y)}" for x, y in points)
        self._element(
            "polygon",
            [
                ("points", text),
                ("fill", fill),
                ("stroke", stroke),
                ("stroke-width", width if stroke else None),
            ],
        )

    def text(
        self,
        x: float,
        y: float,
        content: str,
        *,
        size: float = 13,
        anchor: str = "start",
        bold: bool = False,
        fill: str = INK,
        italic: bool = False,
    ) -> None:
        """A line of text whose baseline starts (or centres, or ends) at ``x, y``; escaped."""
        if not content:
            return
        self._element(
            "text",
            [
                ("x", x),
                ("y", y),
                ("font-size", size),
                ("text-anchor", None if anchor == "start" else anchor),
                ("font-weight", "bold" if bold else None),
                ("font-style", "italic" if italic else None),
                ("fill", None if fill == INK else fill),
            ],
            escape(clean(content)),
        )

    def die(self, x: float, y: float, side: float, face: int, *, fill: str = PAPER) -> None:
        """A six-sided die showing ``face`` (1..6) as pips, its corner at ``x, y``."""
        self.rect(x, y, side, side, fill=fill, stroke=INK, width=1.5, rx=side / 6)
        step = side / 4
        for column, row in _PIPS.get(face, ()):
            self.circle(x + step * (column + 1), y + step * (row + 1), side / 11)

    def d10(self, x: float, y: float, side: float, face: int, *, fill: str = PAPER) -> None:
        """A ten-sided die showing ``face`` (0..9) as a numeral in a kite."""
        mid = x + side / 2
        self.polygon(
            [(mid, y), (x + side, y + side * 0.45), (mid, y + side), (x, y + side * 0.45)],
            fill=fill,
            width=1.5,
        )
        self.text(mid, y + side * 0.62, str(face), size=side * 0.42, anchor="middle", bold=True)

    def card(
        self, x: float, y: float, value: int, fill: str, caption: str, *, dark_text: bool = False
    ) -> None:
        """A playing card, face up: its value on its colour, ``caption`` as its title."""
        self._parts.append(f"<g><title>{escape(clean(caption))}</title>")
        self.rect(x, y, _CARD_W, _CARD_H, fill=fill, stroke=INK, width=1.2, rx=4)
        colour = INK if dark_text else "#ffffff"
        self.text(
            x + _CARD_W / 2,
            y + _CARD_H * 0.62,
            str(value),
            size=17,
            anchor="middle",
            bold=True,
            fill=colour,
        )
        self._parts.append("</g>")

    def star(self, cx: float, cy: float, r: float, *, filled: bool) -> None:
        """A five-pointed star, gold when ``filled``, an outline when not."""
        points = []
        for i in range(10):
            radius = r if i % 2 == 0 else r * 0.45
            # the angles of a star with one point up, as fixed fractions of the circle
            dx, dy = _STAR[i]
            points.append((cx + dx * radius, cy + dy * radius))
        self.polygon(points, fill="#f2b705" if filled else "none", stroke="#8a6a00", width=1)

    def to_svg(self, size: int | None, title: str) -> str:
        """The finished document: ``size`` is the width in pixels (``None``: natural size)."""
        width = self.width if size is None else size
        height = self.height * width / self.width
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" '
            f'viewBox="0 0 {_num(self.width)} {_num(self.height)}" '
            f'width="{_num(width)}" height="{_num(height)}" '
            f'font-family="DejaVu Sans, Helvetica, Arial, sans-serif">'
        )
        background = (
            f'<rect x="0" y="0" width="{_num(self.width)}" height="{_num(self.height)}" '
            f'fill="{PAPER}"/>'
        )
        return "".join(
            [head, f"<title>{escape(clean(title))}</title>", background, *self._parts, "</svg>\n"]
        )


def _star_points() -> tuple[tuple[float, float], ...]:
    import math

    return tuple((math.sin(math.pi * i / 5), -math.cos(math.pi * i / 5)) for i in range(10))


_STAR: Final = _star_points()
