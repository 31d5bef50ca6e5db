"""Text measured, cut, padded and wrapped in terminal columns (`kniffel_rules._text`).

Names come from players, in any script: the text pictures and the command
line lay them out by the columns a terminal gives them (CJK and most emoji
two, combining accents and joiners none), never by counting characters.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from kniffel_rules._text import _end, cut, display_width, pad, short, shorts, wrap

ANY = st.text(st.characters(codec="utf-8"), max_size=40)  # no surrogates
# Latin, accented, CJK and emoji characters between spaces: a sentence with names.
WORDS = st.text(
    st.sampled_from("aBz\u00e9e\u0301\u5c71\u7530\u674e\U0001f3b2-\u2026 "), max_size=120
)


def test_the_columns_of_each_kind_of_character() -> None:
    assert display_width("Ann") == 3
    assert display_width("J\u00fcrgen") == 6  # a precomposed umlaut is one letter
    assert display_width("Jose\u0301") == 4  # a combining accent takes no column
    assert display_width("\u5c71\u7530") == 4  # CJK: two columns a character
    assert display_width("\U0001f3b2") == 2  # an emoji
    assert display_width("\uff21") == 2  # a fullwidth Latin letter
    assert display_width("Jo\u200dy") == 3  # a zero-width joiner
    assert display_width("") == 0


@given(ANY)
def test_ascii_is_one_column_a_character(text: str) -> None:
    ascii_text = text.encode("ascii", "replace").decode()
    assert display_width(ascii_text) == len(ascii_text)


@given(ANY, st.integers(0, 50))
def test_cut_is_the_longest_start_that_fits(text: str, most: int) -> None:
    start = cut(text, most)
    assert text.startswith(start)
    assert display_width(start) <= most
    if start != text:
        assert display_width(text[: len(start) + 1]) > most


def test_cut_never_splits_a_wide_character_or_an_accent() -> None:
    assert cut("\u5c71\u7530\u592a", 3) == "\u5c71"
    assert cut("Jose\u0301 Ann", 4) == "Jose\u0301"


@given(ANY, st.integers(1, 50))
def test_short_fits_and_marks_a_cut(text: str, most: int) -> None:
    shown = short(text, most)
    assert display_width(shown) <= most
    if display_width(text) <= most:
        assert shown == text
    else:
        assert shown.endswith("\u2026") and text.startswith(shown[:-1])


@given(ANY, st.integers(0, 60))
def test_pad_fills_to_the_columns(text: str, width: int) -> None:
    for align in ("<", ">"):
        padded = pad(text, width, align)
        assert display_width(padded) == max(width, display_width(text))
        assert (padded.startswith(text) if align == "<" else padded.endswith(text))


@given(WORDS, st.integers(2, 80))
def test_wrap_keeps_every_line_within_the_columns_and_loses_nothing(text: str, width: int) -> None:
    lines = wrap(text, width)
    assert lines
    assert all(display_width(line) <= width for line in lines)
    assert "".join("".join(line.split()) for line in lines) == "".join(text.split())


def test_wrap_is_textwrap_where_every_character_is_one_column() -> None:
    sentence = "Ann, Bartholomew, Cleo and Dan share the win with 245 points"
    lines = ["Ann, Bartholomew,", "Cleo and Dan share", "the win with 245", "points"]
    assert wrap(sentence, 20) == lines
    assert wrap("", 10) == [""]


NAMES = st.text(st.sampled_from("aBz\u00e9e\u0301\u5c71\u7530\u674e\U0001f3b2- "), max_size=30)


@given(st.lists(NAMES.filter(bool), min_size=1, max_size=6), st.integers(3, 12))
def test_shorts_fit_and_tell_alike_texts_apart(texts: list[str], width: int) -> None:
    heads = shorts(texts, [width] * len(texts))
    for text, head in zip(texts, heads, strict=True):
        assert display_width(head) <= width
        assert head == text or "\u2026" in head
    for i, a in enumerate(texts):
        for j, b in enumerate(texts[:i]):
            cut_alike = short(a, width) == short(b, width) != a and b != a
            if cut_alike and _end(a, width // 2) != _end(b, width // 2):  # the ends it keeps
                assert heads[i] != heads[j], (a, b, heads)


def test_shorts_keep_the_seat_numbers() -> None:
    assert shorts(["Spieler 7", "Spieler 8", "Ann"], [8, 8, 8]) == ["Spi…er 7", "Spi…er 8", "Ann"]
    assert shorts(["Player 1000", "Player 1001"], [8, 8]) == ["Pla…1000", "Pla…1001"]
    assert shorts(["山田太郎一", "山田太郎二"], [8, 8]) == ["山…郎一", "山…郎二"]
    assert shorts(["Jose\u0301ph 1", "Jose\u0301ph 2"], [6, 6]) == ["Jo…h 1", "Jo…h 2"]
