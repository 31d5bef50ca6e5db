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


# How wide each character sets, in ems, rounded up to 0.05: the wider of the two
# weights of the pictures' first font, DejaVu Sans, as Chromium measures it
# (Helvetica and Arial, the fallbacks, set narrower). Measured by tools/glyph_widths.py
# for every character of the Basic Multilingual Plane a name may hold (55,522), with
# DejaVu Sans and Liberation as the only fonts: the narrow ones listed for a closer
# fit, and every one wider than the default below.
# Others: at most 0.85 em up to U+024F (Latin), 1.15 em above (W's width), 1.3 em
# beyond the BMP (emoji, whose fonts set about 1.2 to 1.3 em). A character that
# DejaVu lacks is drawn by whatever font the viewer has: there these are estimates.
_EMS: Final = {
    c: em
    for em, chars in (
        (0.35, " 'ijl"),
        (0.4, ",./:;IJ\\|·"),
        (0.45, "-f"),
        (0.5, "!()[]_`rt"),
        (0.55, "\"*"),
        (0.6, "?cszç"),
        (0.65, "Lx"),
        (0.7, "$0123456789EFaekovyàäèéö"),
        (0.75, "CPSTYZbdghnpqu{}ßü"),
        (0.8, "ABKRVXÄ"),
        (0.85, "#+<=>DGHNOQU^~ÖÜ"),
        (0.9, "&\u018a\u01af\u0221\u0235\u024a"),
        (0.95, "w\u0175\u01a0\u01a3"),
        (1.0, "@M©®\u0126\u0149\u01c8…"),
        (1.05, "%m¼½¾æ\u0195\u019c\u01c7\u01e3\u01fd"),
        (1.1, "Æ\u0153\u01a2\u01cc\u01e2\u01fc\u0238\u0239"),
        (1.15, "W\u0174"),
        (
            1.2,
            "\u0152\u01cb\u02a3\u02a5\u0409\u042e\u047d\u0502\u060a\u0641\u06a1"
            "\u06a2\u06a3\u06a4\u06a5\u06a6\u0e33\u14cb\u14cd\u155b\u168d\u1f2c"
            "\u1f5b\u1f5d\u1f9c\u2101\u2133\u22f2\u22fa\u2324\u2325\u2327\u2387"
            "\u26a4\u27f4\ua64d\ua654\ufb6a\ufb6b\ufb6e\ufb6f\ufed1\ufed2"
        ),
        (
            1.25,
            "\u01ca\u02a4\u0416\u0428\u046c\u0496\u04c1\u04dc\u0508\u142b\u142d"
            "\u14c9\u14ca\u14cc\u14ce\u14dc\u14dd\u14df\u14e1\u14e2\u14e3\u14e4"
            "\u14e5\u14e7\u14e9\u1517\u1518\u1519\u151a\u151b\u151c\u157e\u157f"
            "\u1580\u1581\u1582\u1583\u1584\u166f\u1692\u1698\u1f2a\u1f2b\u1f2d"
            "\u1f4a\u1f4b\u1f6a\u1f9a\u1f9b\u1f9d\u1faa\u20a8\u2103\u2116\u2176"
            "\u217b\u260e\u260f\u2c72\ua650\ua736"
        ),
        (
            1.3,
            "\u01c6\u01f3\u01f6\u04a6\u050a\u0514\u0520\u0522\u06aa\u142e\u14de"
            "\u14e0\u14e6\u14e8\u1591\u1592\u1596\u1683\u1688\u1f6b\u1fab\u2121"
            "\u2180\u2182\u222d\u27da\u27db\ua666\ua734"
        ),
        (1.35, "\u0429\u0635\u0636\u069d\u069e\u213b\u2230\ua732\ua7ff\ufeb9\ufebd"),
        (
            1.4,
            "\u0468\u0633\u0634\u069a\u069b\u069c\u0edc\u0edd\u20af\u2166\ufb13"
            "\ufb14\ufb15\ufb16\ufeb1\ufeb5\ufeba\ufebe"
        ),
        (
            1.45,
            "\u01c5\u01f2\u047c\u151d\u151e\u151f\u1520\u1521\u1522\u1523\u1524"
            "\u2030\u216b\u22d8\u22d9\u2326\u2328\u232b\u23b2\u23b3\u27dd\u27de"
            "\u27f5\u27f6\u27f7\u27f8\u27f9\u27fa\u27fb\u27fc\u27fd\u27fe\u27ff"
            "\u2b33\ua64c\ua66c\ua698\ua74e\ufeb2\ufeb6"
        ),
        (
            1.5,
            "\u07fd\u168e\u17b6\u17b7\u17b8\u17b9\u17ba\u17bb\u17bc\u17bd\u17be"
            "\u17bf\u17c0\u17c1\u17c2\u17c3\u17c4\u17c5\u17c6\u17c7\u17c8\u17c9"
            "\u17ca\u17cb\u17cc\u17cd\u17ce\u17cf\u17d0\u17d1\u17d2\u17d3\u17dd"
            "\u2152\u2177\u2d7f\u302e\u302f"
        ),
        (1.55, "\u20a7"),
        (
            1.6,
            "\u01c4\u01f1\u158e\u158f\u1590\u1593\u1594\u1670\u1684\u1689\u1693"
            "\u1699"
        ),
        (1.7, "\u1674\u2167\u2a0c"),
        (1.75, "\u1673\ufb17"),
        (1.85, "\u168f"),
        (1.9, "\u1685\u168a\u1694\u2031"),
        (2.05, "\u1671\u1672\u1675\u1676"),
    )
    for c in chars
}


def text_width(text: str, size: float) -> float:
    """At most how wide ``text`` sets at font ``size`` (bold or not), in user units."""
    ems = _EMS.get
    return size * sum(
        ems(c, 0.85 if c <= "\u024f" else 1.15 if c <= "\uffff" else 1.3) for c in text
    )


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
