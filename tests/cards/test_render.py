"""The card game's names in two languages and its text rendering (`cards.render`)."""

from __future__ import annotations

import random
import re

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kniffel_rules import CHANCE, cards, master
from kniffel_rules.cards import Combination, PlaceToken, Row, notation
from kniffel_rules.cards.notation import COLOUR_NAMES, COMBINATION_NAMES, ROW_NAMES
from kniffel_rules.cards.pieces import CARDS, Colour
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.lang import LANGS, Lang, UnknownLanguageError
from kniffel_rules.notation import words

from .helpers import greedy, hand, position, random_nodes, tokens

COLOUR_LABELS = {
    Colour.BLUE: ("blue", "blau"),
    Colour.GREEN: ("green", "grün"),
    Colour.PURPLE: ("purple", "lila"),
    Colour.RED: ("red", "rot"),
    Colour.YELLOW: ("yellow", "gelb"),
}
COMBINATION_LABELS = {
    Combination.FULL_HOUSE: ("Full House", "Full House"),
    Combination.COLOUR: ("Colour", "Farbe"),
    Combination.THREE_OF_A_KIND: ("Three of a kind", "Dreierpasch"),
    Combination.STRAIGHT: ("Straight", "Straße"),
    Combination.TWO_PAIRS: ("Two pairs", "Zwei Paare"),
    Combination.FOUR_OF_A_KIND: ("Four of a kind", "Viererpasch"),
    Combination.KNIFFEL: ("Kniffel", "Kniffel"),
}


def test_every_colour_row_and_combination_has_both_labels() -> None:
    assert {c: (c.labels["en"], c.labels["de"]) for c in Colour} == COLOUR_LABELS
    assert {c: (c.labels["en"], c.labels["de"]) for c in Combination} == COMBINATION_LABELS
    assert {r: (r.labels["en"], r.labels["de"]) for r in Row} == {
        r: COMBINATION_LABELS[Combination(r.value)] for r in Row
    }
    for item in (*Colour, *Row, *Combination):
        assert set(item.labels) == set(LANGS)
    for item in (*Row, *Combination):
        assert item.label == item.labels["en"]


def test_the_name_tables_hold_both_labels() -> None:
    for table in (COLOUR_NAMES, COMBINATION_NAMES, ROW_NAMES):
        for item, names in table.items():
            assert set(item.labels.values()) <= set(names)


@pytest.mark.parametrize("row", list(Row))
def test_setup_reads_the_row_labels_of_both_languages(row: Row) -> None:
    s = cards.new_game(2, first_player=0)
    for label in row.labels.values():
        assert notation._read_token(words(label)) == [PlaceToken(row)]
        if row is not Row.TWO_PAIRS:  # setup tokens go on 1-space levels (KA-04)
            assert cards.parse_action(s, label) == PlaceToken(row)


@pytest.mark.parametrize("colour", list(Colour))
def test_cards_are_read_by_both_colour_labels(colour: Colour) -> None:
    mine = hand(f"{colour.value} 7", "blue 1", "green 2")
    s = position([mine, hand("red 13")])
    for name in colour.labels.values():
        assert cards.parse_action(s, f"tausche {name} 7") == cards.Exchange(cards.Card(7, colour))


def test_plays_are_read_by_the_german_combination_labels() -> None:
    straight = hand("blue 2", "red 3", "red 4", "green 5", "red 6")
    s = position([straight, hand("red 13")])
    assert cards.parse_action(s, "Straße") == cards.Begin(Combination.STRAIGHT)
    s = position([hand("yellow 9", "red 9", "blue 9"), hand("red 13")])
    assert cards.parse_action(s, "Dreierpasch") == cards.Begin(Combination.THREE_OF_A_KIND)
    assert cards.parse_action(s, "ansagen Dreierpasch") == cards.Begin(Combination.THREE_OF_A_KIND)


# --- render and render_action ------------------------------------------------------

REPR = re.compile(r"\b[A-Z]\w*\(|\w+\.[A-Z_]{2,}\b")
NAMES = ["Ann", "Ben", "Cleopatra Longname", "Dieter"]


def _playout(seed: int, players: int, rules: cards.Rules, steps: int) -> list[cards.State]:
    rng = random.Random(seed)
    s = cards.new_game(NAMES[:players], rules=rules)
    seen = [s]
    for _ in range(steps):
        if cards.is_terminal(s):
            break
        if cards.current_player(s) == CHANCE:
            action: object = cards.sample_chance(s, rng)
        elif rng.random() < 0.7:
            action = greedy(s, cards.legal_actions(s), rng)
        else:
            action = rng.choice(cards.legal_actions(s))
        s = cards.apply(s, action)  # type: ignore[arg-type]
        seen.append(s)
    return seen


def _shown(card: cards.Card, text: str) -> bool:
    """Whether ``text`` names ``card`` in either language (``red 7``, ``rot 7``)."""
    return any(
        re.search(rf"\b{re.escape(name)} {card.value}\b", text)
        for name in card.colour.labels.values()
    )


@pytest.mark.parametrize(
    ("seed", "players", "rules"),
    [
        (0, 2, cards.Rules()),
        (1, 3, cards.Rules(simpler=True)),
        (2, 4, cards.Rules(trickier=True)),
        (3, 4, cards.Rules()),
    ],
)
def test_no_picture_shows_a_card_of_another_hand(
    seed: int, players: int, rules: cards.Rules
) -> None:
    for i, s in enumerate(_playout(seed, players, rules, 700)):
        if i % 17:
            continue
        for lang in LANGS:
            # laid down, or taken from the open display: seen by all
            public = set(s.display) | set(s.picked) | set(s.shown)
            whole = cards.render(s, lang=lang)
            for card in CARDS:
                if _shown(card, whole):
                    assert card in public, (card, whole)
            for card in s.shown:
                assert _shown(card, whole), (card, whole)
            for p in range(players):
                text = cards.render(cards.observation(s, p), lang=lang)
                for seat, held in enumerate(s.hands):
                    for card in held:
                        if card in s.shown:
                            assert _shown(card, text), (p, card, text)
                        elif card not in s.picked:
                            assert _shown(card, text) == (seat == p), (p, card, text)


@pytest.mark.parametrize("lang", LANGS)
def test_the_last_card_of_the_pile_is_one_card(lang: Lang) -> None:
    s = position([hand("red 7"), hand("blue 3")])
    s = attrs.evolve(s, pile=s.pile[:1], discards=s.discards + s.pile[1:])
    lines = cards.render(cards.observation(s, 0), lang=lang).splitlines()
    pile = "Pile: 1 card, discards: 58" if lang == "en" else "Stapel: 1 Karte, Ablage: 58"
    assert pile in lines


@pytest.mark.parametrize("lang", LANGS)
def test_the_picture_shows_the_hand_the_display_the_counts_and_the_boards(lang: Lang) -> None:
    mine = hand("red 7", "blue 3", "green 9")
    rows = {Row.STRAIGHT: 2, Row.COLOUR: 1}
    s = position(
        [mine, hand("yellow 13", "red 13")],
        [tokens(rows, active=3), tokens()],
        display=hand("blue 1", "blue 2", "green 4", "purple 5"),
        discards=hand("yellow 1"),
    )
    s = attrs.evolve(s, names=("Ann", "Ben"))
    text = cards.render(cards.observation(s, 0), lang=lang)
    lines = text.splitlines()
    en = lang == "en"
    own = "blue 3, red 7, green 9" if en else "blau 3, rot 7, grün 9"
    assert (f"Your hand (Ann): {own}" if en else f"Deine Hand (Ann): {own}") in lines
    display = "blue 1, blue 2, green 4, purple 5" if en else "blau 1, blau 2, grün 4, lila 5"
    assert f"{'Display' if en else 'Auslage'}: {display}" in lines
    assert ("Pile: 55 cards, discards: 1" if en else "Stapel: 55 Karten, Ablage: 1") in lines
    assert ("Ann (you) - to move" if en else "Ann (du) - am Zug") in lines
    assert "Ben" in lines
    tally = "hand 2, reserve 21, active 3, on the board 0"
    assert ("  " + tally if en else "  Hand 2, Reserve 21, aktiv 3, auf dem Brett 0") in lines
    straight = Row.STRAIGHT.labels[lang]
    limit = "hand limit 7" if en else "Handlimit 7"
    assert f"  {straight.ljust(18)}{'x|x|..|...'.ljust(16)}{limit}" in lines
    for row in Row:
        assert any(line.startswith("  " + row.labels[lang]) for line in lines)
    assert not any(_shown(c, text) for c in hand("yellow 13", "red 13", "yellow 1"))
    public = cards.render(s, lang=lang)
    assert "Ann (you)" not in public and "Ann (du)" not in public
    assert not any(_shown(c, public) for c in mine)


def test_every_phase_is_told_in_words() -> None:
    seen: dict[cards.Phase, str] = {}
    for s in _playout(4, 2, cards.Rules(), 3000):
        seen.setdefault(s.phase, " / ".join(cards.render(s).splitlines()[:2]))
    for s in _playout(5, 2, cards.Rules(simpler=True), 3000):
        seen.setdefault(s.phase, " / ".join(cards.render(s).splitlines()[:2]))
    four = hand("blue 5", "green 5", "red 5", "yellow 5")
    s = position([four, hand("red 13")])
    s = cards.apply(s, cards.Begin(Combination.FOUR_OF_A_KIND))
    s = cards.apply(s, cards.Pick(four[0]))
    seen[s.phase] = " / ".join(cards.render(s).splitlines()[:2])
    assert seen[cards.Phase.PICK] == (
        "Round 2: P0 to move / lay down the Four of a kind card by card: blue 5 so far"
    )
    for card in four[1:]:
        s = cards.apply(s, cards.Pick(card))
    seen[s.phase] = " / ".join(cards.render(s).splitlines()[:2])
    assert seen[cards.Phase.PLACE] == "Round 2: P0 to move / place the tokens of the Four of a kind"
    assert set(seen) == set(cards.Phase)
    assert seen[cards.Phase.START].startswith("Round 1: the start player is drawn / ")
    assert seen[cards.Phase.OVER].startswith("Game over. Winner: ")
    assert "discard down to the hand limit" in seen[cards.Phase.DISCARD]


@pytest.mark.parametrize("lang", LANGS)
def test_a_long_combination_laid_down_card_by_card_wraps_at_79(lang: Lang) -> None:
    """The decision line of a Full House laid but for one card names them all: it wraps."""
    full = hand("purple 4", "yellow 4", "green 8", "purple 8", "yellow 8")
    s = position([full, hand("red 13")])
    s = cards.apply(s, cards.Begin(Combination.FULL_HOUSE))
    for card in full[:4]:
        s = cards.apply(s, cards.Pick(card))
    lines = cards.render(s, lang=lang).splitlines()
    assert max(map(len, lines)) <= 79, lines
    said = " ".join(lines[1:3])
    named = [c.labels[lang] for c in (Colour.PURPLE, Colour.YELLOW, Colour.GREEN)]
    assert all(f"{colour} {v}" in said for colour, v in zip(named, (4, 4, 8), strict=True))


@pytest.mark.parametrize("players", [2, 4])
def test_terminal_states_and_seeded_playouts_render(players: int) -> None:
    states = _playout(6 + players, players, cards.Rules(trickier=players == 4), 4000)
    end = states[-1]
    assert cards.is_terminal(end)
    won = [end.names[i] for i in cards.winners(end)]
    for lang in LANGS:
        assert won[0][:29] in cards.render(end, lang=lang).splitlines()[0]
    for i, s in enumerate(states):
        if i % 11 and s is not end:
            continue
        for lang in LANGS:
            views: list[cards.State | cards.Observation] = [s]
            views += [cards.observation(s, p) for p in range(players)]
            for view in views:
                text = cards.render(view, lang=lang)
                assert not REPR.search(text), text
                assert all(len(line) <= 79 for line in text.splitlines()), text
                assert all(name[:20] in text for name in s.names)
            for action in cards.legal_actions(s)[:40]:
                phrase = cards.render_action(action, lang=lang)
                assert phrase and not REPR.search(phrase) and "\n" not in phrase


ACTIONS = [
    (cards.StartPlayer(1), "player 2 starts", "Spieler 2 beginnt"),
    (cards.Card(7, "red"), "card: red 7", "Karte: rot 7"),
    (PlaceToken(Row.STRAIGHT), "place a token on Straight", "Stein auf Straße setzen"),
    (cards.Draw(), "draw cards", "Karten ziehen"),
    (
        cards.Take(cards.Card(3, "green")),
        "take green 3 from the display",
        "grün 3 aus der Auslage nehmen",
    ),
    (
        cards.Play(Combination.TWO_PAIRS, hand("red 4", "blue 4", "red 8", "purple 8")),
        "play Two pairs: blue 4, red 4, purple 8, red 8",
        "Zwei Paare ausspielen: blau 4, rot 4, lila 8, rot 8",
    ),
    (
        cards.Place(Row.TWO_PAIRS, from_reserve=1, levels=2),
        "place tokens on Two pairs (1 from the reserve, 2 columns)",
        "Steine auf Zwei Paare setzen (1 aus der Reserve, 2 Spalten)",
    ),
    (
        cards.Place(Row.COLOUR),
        "place tokens on Colour (0 from the reserve)",
        "Steine auf Farbe setzen (0 aus der Reserve)",
    ),
    (
        cards.Exchange(cards.Card(13, "yellow")),
        "exchange yellow 13 for a token",
        "gelb 13 gegen einen Stein tauschen",
    ),
    (cards.Stop(), "stop", "aufhören"),
    (cards.Discard(cards.Card(1, "blue")), "discard blue 1", "blau 1 abwerfen"),
]


@pytest.mark.parametrize(("action", "en", "de"), ACTIONS)
def test_render_action_in_both_languages(action: object, en: str, de: str) -> None:
    assert cards.render_action(action) == en  # type: ignore[arg-type]
    assert cards.render_action(action, lang="de") == de  # type: ignore[arg-type]


def test_bad_languages_and_objects_of_other_games_are_refused() -> None:
    s = cards.new_game(2, first_player=0)
    with pytest.raises(UnknownLanguageError):
        cards.render(s, lang="fr")  # type: ignore[arg-type]
    with pytest.raises(UnknownLanguageError):
        cards.render_action(cards.Draw(), lang="english")  # type: ignore[arg-type]
    for other in (master.new_game(), "state", None, master.observation(master.new_game(), 0)):
        with pytest.raises(InvalidStateError):
            cards.render(other)  # type: ignore[arg-type]
    broken = attrs.evolve(cards.observation(s, 0), pile_size=3)
    with pytest.raises(InvalidStateError):
        cards.render(broken)
    for action in (master.Pass(), "draw", None, master.DiceRoll((1, 2))):
        with pytest.raises(InvalidStateError):
            cards.render_action(action)  # type: ignore[arg-type]


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4), lang=st.sampled_from(LANGS))
def test_any_seeded_view_hides_the_other_hands(seed: int, players: int, lang: Lang) -> None:
    states = _playout(seed, players, cards.Rules(trickier=seed % 2 == 1), 300)
    s = states[random.Random(seed).randrange(len(states))]
    for p in range(players):
        text = cards.render(cards.observation(s, p), lang=lang)
        assert all(len(line) <= 79 for line in text.splitlines())
        for seat, held in enumerate(s.hands):
            assert all(
                _shown(c, text) == (seat == p or c in s.shown) for c in held if c not in s.picked
            )


def test_the_picture_shows_the_cards_others_took_from_the_display() -> None:
    state = next(
        s
        for s in random_nodes(cards.new_game(["Ann", "Ben", "Cy"]), random.Random(5))
        if any(cards.observation(s, 0).shown[1:])
    )
    seen_by = {p: cards.observation(state, p) for p in range(3)}
    holder = next(p for p in (1, 2) if seen_by[0].shown[p])
    known = seen_by[0].shown[holder]
    listed = ", ".join(cards.render_action(cards.Pick(c)).removeprefix("lay down ") for c in known)
    heads: dict[Lang, str] = {"en": "taken from the display: ", "de": "aus der Auslage genommen: "}
    for lang, head in heads.items():
        for viewer in range(3):
            text = cards.render(seen_by[viewer], lang=lang)
            others = [p for p in range(3) if p != viewer and seen_by[viewer].shown[p]]
            assert text.count(head) == len(others)  # never the viewer's own: the hand is drawn
        assert cards.render(state, lang=lang).count(head) == sum(bool(k) for k in seen_by[0].shown)
    assert "taken from the display: " + listed in cards.render(seen_by[0]).replace("\n  ", " ")
