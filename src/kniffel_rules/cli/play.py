"""``kniffel show`` (bots only, narrated) and ``kniffel play`` (people at the keyboard).

Both run a `Table`: the game's state, every action so far (a game record)
and the seats. A person's screen is the game's ``render`` of their
``observation`` (never a state of the card game), a short menu (the keeps
of the dice games in one line, score options with their points, the card
plays grouped by combination) and a prompt that takes a menu number or any
text ``parse_action`` understands, and the commands (English or German):
``hint``/``tipp``, ``undo``/``zurück``, ``save FILE``/``speichern DATEI``,
``sheet``/``blatt`` (the whole picture), ``help``/``hilfe``, ``+``/``mehr``
(the next page of a long menu) and ``quit``/``beenden``.

The screen fits the terminal (`kniffel_rules.cli.screen`): whose turn, the
dice and the decision first, as much of the sheets or boards as the menu and
the prompt leave, the menu in columns and pages. A decision with one legal
action is taken without asking. In a game with hidden information played by
two people at one keyboard, the screen and its scrollback are cleared before
the keyboard passes; ``undo`` takes back only the asking person's own last
decision, never another person's.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import Any, TextIO, cast

from kniffel_rules import CHANCE
from kniffel_rules._common import shown_names
from kniffel_rules._i18n import localize
from kniffel_rules._labels import label
from kniffel_rules._text import display_width, pad, short, wrap
from kniffel_rules.cli.arguments import choice
from kniffel_rules.cli.players import Seat, advisor, make_bot, strongest_bot
from kniffel_rules.cli.screen import CLEAR, columns, fit_body, height, split_picture, terminal_size
from kniffel_rules.cli.words import WORDS, command, decimal, percent, say, system_reason
from kniffel_rules.errors import ActionParseError, AmbiguousActionError, KniffelError
from kniffel_rules.lang import Lang
from kniffel_rules.playing import GameRecord, Policy, game_generators
from kniffel_rules.records import record_to_json
from kniffel_rules.variant import Variant

__all__ = ["Leave", "Table", "render_view", "say_action"]

_SCROLL = 60  # blank lines that push one person's hand off the screen before the next one's
_GROUP_AT = 9  # in a long menu, a kind of action with more entries is one entry (a submenu)
_LONG = 14  # a menu of more entries than this is long


class Leave(Exception):
    """A person left the game: ``quit`` (``how == "quit"``) or the end of the input (``"eof"``)."""

    def __init__(self, how: str) -> None:
        self.how = how
        super().__init__(how)


class _Undo(Exception):
    """The person asked to take back their previous decision."""


def render_view(game: Variant, view: Any, lang: Lang) -> str:
    """The game's text picture of ``view`` (a state or an observation) in ``lang``."""
    return game.render(view, lang=lang)


def say_action(game: Variant, action: Any, lang: Lang) -> str:
    """The player-facing phrase of one action (the game's ``render_action``)."""
    return game.render_action(action, lang=lang)


def _text(game: Variant, action: Any) -> str:
    return game.action_to_text(action)


def _is_roll(game: Variant, action: Any) -> bool:
    return _text(game, action).split()[:1] == ["roll"]


class _Entry:
    """One line of a menu: one action, or a group of them (a submenu).

    ``points`` is what the action brings now, written after the text in a
    column of its own (``""``: nothing to say).
    """

    def __init__(self, text: str, actions: tuple[Any, ...], points: str = "",
                 title: str = "") -> None:  # fmt: skip
        self.text = text
        self.actions = actions
        self.points = points
        self.title = title  # a group's title without its count ("spend a joker")

    def names(self, text: str) -> bool:
        """Whether ``text`` (lower case) is this group's line or title, typed back."""
        return bool(self.title) and text in (self.title.lower(), self.text.lower())


class _Decision:
    """One person's earlier decision, for ``undo``: who, the state before, the record's length."""

    def __init__(self, player: int, state: Any, count: int, throws: list[str]) -> None:
        self.player = player
        self.state = state
        self.count = count
        self.throws = throws


def _items(entries: Sequence[_Entry]) -> list[str]:
    """The menu's lines, numbered, the points of every entry in one column."""
    width = max((display_width(e.text) for e in entries if e.points), default=0)
    out = []
    for i, e in enumerate(entries, 1):
        text = f"{pad(e.text, width)} {e.points}" if e.points else e.text
        out.append(f"  {i:>2}. {text}")
    return out


class Table:
    """A game in progress at the command line: state, record, seats, screen.

    Attributes:
        game: The game module.
        name: Its registry name.
        seats: The seats, in order.
        state: The current state.
        initial: The state the game started from.
        actions: Every action and chance outcome so far.
        lang: The language of the screen.
        size: The screen's columns and lines (``None``: the terminal's,
            `kniffel_rules.cli.screen.terminal_size`, read at each decision).
    """

    def __init__(self, game: Variant, name: str, seats: Sequence[Seat], *, seed: int,
                 rules: Any = None, lang: Lang = "en", out: TextIO,
                 stdin: TextIO | None = None, record: GameRecord | None = None,
                 size: tuple[int, int] | None = None) -> None:  # fmt: skip
        self.game = game
        self.name = name
        self.seats = list(seats)
        self.lang: Lang = lang
        self.out = out
        self.stdin = stdin
        # chance and each bot draw from their own streams (common random numbers)
        self.rng, self.seat_rngs = game_generators(seed, len(self.seats))
        self.hint_rng = random.Random(seed ^ 0x5EED)
        if record is None:
            self.initial = game.new_game(players=[s.label for s in seats], rules=rules)
            self.actions: list[Any] = []
            self.state = self.initial
        else:
            self.initial = record.initial
            self.actions = list(record.actions)
            self.state = record.final
        # as the pictures show them: a default name in the session's language ("Spieler 2", "Rot")
        defaults = cast(Any, game).GAME.default_names  # the game's own (the Duell's colours)
        self.names: tuple[str, ...] = shown_names(self.state.names, lang, defaults)
        self.size = size
        self._history: list[_Decision] = []
        self._throws: list[str] = []
        self._pending: tuple[int, str] | None = None
        self._shown: int | None = None
        self._hinter: Policy | None = None
        self._win: Any = None  # multi-player classic hints: a WinProbabilityPlayer, built once
        self._humans = sum(s.human for s in self.seats)
        isatty = getattr(stdin, "isatty", None)
        self._echoed = bool(isatty is not None and isatty())

    # -- the record ------------------------------------------------------
    def record(self) -> GameRecord:
        """The game so far as a record (the whole table's: every hand of the card game)."""
        return GameRecord(self.initial, tuple(self.actions), self.state, self.name)

    def secret(self) -> bool:
        """Whether a record written now would show a person another person's secrets.

        In a game with hidden information (the card game's hands) at a table
        of two or more people, until the game is over.
        """
        return (
            self.game.INFO.hidden_information
            and self._humans >= 2
            and not self.game.is_terminal(self.state)
        )

    def save(self, path: str) -> None:
        """Write the game record to ``path`` (`kniffel_rules.record_to_json`)."""
        text = record_to_json(self.record())
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text + "\n")

    # -- the game loop ---------------------------------------------------
    def _step(self, action: Any) -> None:
        self.state = self.game.apply(self.state, action)
        self.actions.append(action)

    def play(self) -> Any:
        """Play to the end; returns the final state.

        Raises:
            Leave: A person typed ``quit`` or the input ended.
        """
        game = self.game
        while not game.is_terminal(self.state):
            player = game.current_player(self.state)
            before = self.state
            if player == CHANCE:
                outcome = game.sample_chance(before, self.rng)
                self._step(outcome)
                self._chance(before, outcome)
                continue
            actions = game.legal_actions(before)
            seat = self.seats[player]
            if seat.bot is not None:
                action = seat.bot(before, actions, self.seat_rngs[player])
            elif len(actions) == 1:
                action = actions[0]  # the first roll, a card play's only completion: no question
            else:
                try:
                    action = self._decide(player, actions)
                except _Undo:
                    self._undo(player)
                    continue
                self._history.append(_Decision(player, before, len(self.actions),
                                               list(self._throws)))  # fmt: skip
            self._step(action)
            self._narrate(player, before, action)
        return self.state

    def _undo(self, player: int) -> None:
        """Back to ``player``'s own last decision, unless another person decided since."""
        mine = [i for i, d in enumerate(self._history) if d.player == player]
        if not mine:
            print(say("nothing_to_undo", self.lang), file=self.out)
            return
        last = mine[-1]
        others = [d.player for d in self._history[last + 1 :] if d.player != player]
        if others:
            names = ", ".join(dict.fromkeys(self.names[p] for p in others))
            self._tell(say("undo_not_theirs", self.lang, names=names))
            return
        decision = self._history[last]
        if not _only_theirs(self.game, decision.state, self.actions[decision.count :], player):
            self._tell(say("undo_hidden", self.lang))
            return
        del self._history[last:]
        self.state, self._throws = decision.state, decision.throws
        del self.actions[decision.count :]
        self._tell(say("undone", self.lang, name=self.names[player]))

    # -- narration -------------------------------------------------------
    def _chance(self, before: Any, outcome: Any) -> None:
        after = self.state
        roll_off = getattr(before, "roll_off", None)
        values = getattr(outcome, "values", None)
        if roll_off is not None and values:
            name = self.names[roll_off.thrower]
            self._tell(f"  {say('roll_off', self.lang, name=name, face=values[0])}")
            if getattr(after, "roll_off", None) is None:
                self._tell(f"  {say('starts', self.lang, name=self.names[after.player])}")
        elif self.game.INFO.score_sheet:
            self._throws.append(_throw(after))
        elif self._pending and values is not None:
            who, phrase = self._pending
            dice = " ".join(map(str, values))
            print(f"{self._column(who)}: {phrase} -> {dice}", file=self.out)
        self._pending = None

    def _column(self, player: int) -> str:
        """The narration's name column: the name cut and right-aligned in 12 terminal columns."""
        return pad(short(self.names[player], 12), 12, ">")

    def _narrate(self, player: int, before: Any, action: Any) -> None:
        if not _is_roll(self.game, action):
            gained = self.game.scores(self.state)[player] - self.game.scores(before)[player]
            phrase = say_action(self.game, action, self.lang)
            name = self._column(player)
            if self.game.INFO.score_sheet:
                dice = " ".join(self._throws)
                print(f"{name}: {dice:<32} {pad(phrase, 26)} {gained:+4d}", file=self.out)
                self._throws = []
            else:
                points = f"  [{say('score_gain', self.lang, points=gained)}]" if gained else ""
                print(f"{name}: {phrase}{points}", file=self.out)
        elif not self.game.INFO.score_sheet:
            self._pending = (player, say_action(self.game, action, self.lang))

    # -- a person's decision ---------------------------------------------
    def _ask(self, prompt: str) -> str:
        """Print ``prompt`` and read a line (a pipe's echoed beside it, cut to fit the screen)."""
        assert self.stdin is not None
        print(prompt, end="", file=self.out, flush=True)
        line = self.stdin.readline()
        if not line:
            raise Leave("eof")
        if not self._echoed:  # a terminal shows what was typed; a pipe does not
            width, _ = self._size()
            shown = "".join(c if c.isprintable() else "\ufffd" for c in line.rstrip("\r\n"))
            # no control character reaches the screen, and a long line is cut to
            # what is left of the prompt's last screen line (the next line when little is)
            room = width - 1 - display_width(prompt) % width
            if room < min(8, display_width(shown)):
                print("", file=self.out)
                room = width - 1
            print(short(shown, room), file=self.out)
        return line.strip()

    def _pass_screen(self, player: int) -> None:
        """Before a person sees their hand, the previous one's is cleared away (the card game).

        The screen and the terminal's scrollback are cleared (`CLEAR`) before
        the keyboard passes and again before the next hand is shown; blank
        lines first push the hand up where a terminal keeps its scrollback.
        """
        hidden = self.game.INFO.hidden_information
        if not hidden or self._humans < 2 or self._shown in (None, player):
            self._shown = player
            return
        print("\n" * _SCROLL + CLEAR, end="", file=self.out)
        name = short(self.names[player], 24)  # a prompt: the name cut, as at the move prompt
        self._ask(say("pass_to", self.lang, name=name) + " ")
        print(CLEAR, end="", file=self.out, flush=True)
        self._shown = player

    def _size(self) -> tuple[int, int]:
        return self.size if self.size is not None else terminal_size()

    def _decide(self, player: int, actions: tuple[Any, ...]) -> Any:
        self._pass_screen(player)
        game, lang, out = self.game, self.lang, self.out
        view = game.observation(self.state, player)
        status, body = split_picture(render_view(game, view, lang))
        entries, keep_line = self._menu(player, actions)
        page = 0
        self._screen(status, body, entries, keep_line, page)
        name = short(self.names[player], 24)  # leaves room to type (the status names them whole)
        while True:
            text = self._ask(say("prompt", lang, name=name))
            low = text.lower()
            if not low:
                continue
            word, rest = command(text)
            if word == "quit":
                raise Leave("quit")
            if word == "hint":
                self._hint(player, actions, entries)
                continue
            if word == "undo":
                raise _Undo
            if word == "save":
                self._save_command(rest)
                continue
            if word == "sheet":
                self._whole(status, body)
                continue
            if word == "help":
                print(say("help", lang), file=out)
                continue
            if word == "more":
                page += 1
                page = self._screen(status, body, entries, keep_line, page)
                continue
            picked = choice(low, len(entries))
            if picked is None:  # a group's line typed back opens it as its number does
                picked = next((i for i, e in enumerate(entries, 1) if e.names(low.strip())), None)
            if picked is not None:
                chosen = self._pick(entries[picked - 1], status, view)
                if chosen is not None:
                    return chosen
                continue
            try:
                return game.parse_action(view, text)
            except AmbiguousActionError as exc:
                self._tell(_message(exc, text, lang))
                print(say("ambiguous", lang), file=out)
                chosen = self._pick(_Entry("", tuple(exc.candidates)), status, view)
                if chosen is not None:
                    return chosen
            except ActionParseError as exc:
                self._tell(self._refusal(exc, text))
                if low.strip().lstrip("-+\u2212").isdigit():  # "99", "-1": a menu number meant
                    self._tell(say("pick_range", lang, count=len(entries)))  # wrapped to fit
            except KniffelError as exc:
                self._tell(_message(exc, text, lang))

    def _tell(self, message: str) -> None:
        """A message, wrapped to the screen's width (a legal list, a long name)."""
        width, _ = self._size()
        for line in wrap(message, width - 1):
            print(line, file=self.out)

    def _refusal(self, exc: ActionParseError, text: str) -> str:
        """The reader's message; a keep of more dice than there are says so."""
        keep = getattr(exc.understood, "keep", None)
        dice = getattr(self.state, "dice", None)
        if isinstance(keep, tuple) and isinstance(dice, tuple) and dice and len(keep) > len(dice):
            return say("too_many_dice", self.lang, text=text, count=len(dice))
        return _message(exc, text, self.lang)

    def _screen(self, status: list[str], body: list[str], entries: list[_Entry],
                keep_line: str, page: int) -> int:  # fmt: skip
        """Print a decision's screen within the terminal; returns the page of the menu shown.

        Whose turn, the dice and the decision first; then as much of the
        sheets or boards as fits; the menu (in columns, a page of it when it
        is longer than the room left); the keep line and the commands.
        """
        width, lines = self._size()
        lang = self.lang
        tail = ([keep_line] if keep_line else []) + [f"  ({say('commands', lang)})"]
        fixed = 1 + height(status, width) + height(tail, width) + 1  # the blank, the prompt
        items = _items(entries)
        shown = items  # one column when everything fits, else as many as the width takes
        if fixed + height(items, width) + 1 + height(body, width) > lines:
            shown = columns(items, width)
        free = lines - fixed
        menu_room = max(free - 1, min(3, free), 1)
        more = ""
        if height(shown, width) > menu_room:  # a line wider than the screen takes two
            n = len(items)  # the note under a page, at its longest
            note = height([f"  ({say('more_entries', lang, first=n, last=n, count=n)})"], width)
            squeezed = menu_room - note < 1  # no room for a long note: cut to one line
            per_page = self._page_size(items, width, max(menu_room - (1 if squeezed else note), 1))
            pages = -(-len(items) // per_page)
            page %= pages
            first = page * per_page
            shown = columns(items[first : first + per_page], width)
            last = min(first + per_page, len(items))
            more = f"  ({say('more_entries', lang, first=first + 1, last=last, count=len(items))})"
            more = short(more, width - 1) if squeezed else more
        else:
            page = 0
        room = lines - fixed - height(shown, width) - (height([more], width) if more else 0)
        picture: list[str] = []
        cut = False
        cut_note = f"  ({say('sheet_cut', lang)})"
        if body and room >= 2:  # a blank line, then the picture
            picture, cut = fit_body(body, width, room - 1)
            if cut:  # and a line that says how to see it all (two on a narrow screen)
                picture, _ = fit_body(body, width, room - 1 - height([cut_note], width))
        out = self.out
        print("", file=out)
        for line in status:
            print(line, file=out)
        if picture:
            print("", file=out)
            for line in picture:
                print(line, file=out)
            if cut:
                print(cut_note, file=out)
        for line in shown:
            print(line, file=out)
        if more:
            print(more, file=out)
        for line in tail:
            print(line, file=out)
        return page

    @staticmethod
    def _page_size(items: list[str], width: int, rows: int) -> int:
        """How many menu items fit in ``rows`` lines at ``width`` (in as many columns as fit)."""
        rows = max(rows, 1)
        size = max(min(rows, len(items)), 1)
        while size > 1 and height(columns(items[:size], width), width) > rows:
            size -= 1  # lines wider than the screen: fewer items
        while size < len(items) and height(columns(items[: size + 1], width), width) <= rows:
            size += 1
        return size

    def _whole(self, status: list[str], body: list[str]) -> None:
        """``sheet``: the whole picture, then whose turn and the dice again above the prompt."""
        print("", file=self.out)
        for line in body:
            print(line, file=self.out)
        print("", file=self.out)
        for line in status:
            print(line, file=self.out)

    def _pick(self, entry: _Entry, status: Sequence[str] = (), view: Any = None) -> Any:
        """The entry's action, asking which one for a group; None to go back.

        The group is listed under whose turn it is and the dice, in columns,
        a page at a time when it is longer than the screen (``+`` or
        ``mehr`` for the next page). A line is picked by its number or typed
        as a move (read on ``view``, the mover's view) that is one of the group's.
        """
        if len(entry.actions) == 1:
            return entry.actions[0]
        width, lines = self._size()
        items = [f"{i:>6}. {self._phrase(a)}" for i, a in enumerate(entry.actions, 1)]
        n = len(items)  # the blank line, the note under a page at its longest, the prompt
        note = f"  ({say('more_entries', self.lang, first=n, last=n, count=n)})"
        below = height([note, "    " + say("sub_prompt", self.lang)], width)
        per_page = self._page_size(items, width, max(lines - height(status, width) - 1 - below, 2))
        page = 0
        while True:
            first = page * per_page
            print("", file=self.out)
            for line in status:
                print(line, file=self.out)
            for line in columns(items[first : first + per_page], width):
                print(line, file=self.out)
            if per_page < len(items):
                last = min(first + per_page, len(items))
                more = say("more_entries", self.lang, first=first + 1, last=last,
                           count=len(items))  # fmt: skip
                print(f"  ({more})", file=self.out)
            while True:
                text = self._ask("    " + say("sub_prompt", self.lang))
                if not text:
                    return None
                word, _ = command(text)
                if word == "quit":
                    raise Leave("quit")
                if word == "more":
                    page = (page + 1) % -(-len(items) // per_page)
                    break
                picked = choice(text.lower(), len(entry.actions))
                if picked is not None:
                    return entry.actions[picked - 1]
                typed = self._typed(view, text)
                if typed in entry.actions:
                    return typed
                self._tell(say("pick_range", self.lang, count=len(entry.actions)))

    def _typed(self, view: Any, text: str) -> Any:
        """The move ``text`` names on ``view``, or ``None`` (unread, ambiguous or no view)."""
        if view is None:
            return None
        try:
            return self.game.parse_action(view, text)
        except KniffelError:
            return None

    def _save_command(self, path: str) -> None:
        if not path:
            print(say("save_needs_file", self.lang), file=self.out)
            return
        if self.secret():
            print(say("secret_save", self.lang), file=self.out)
            return
        try:
            self.save(path)
        except (OSError, KniffelError) as exc:
            lang = self.lang
            why = localize(exc, lang) if isinstance(exc, KniffelError) else system_reason(exc, lang)
            print(say("cannot_save", lang, reason=why), file=self.out)
            return
        print(say("saved", self.lang, file=path), file=self.out)

    # -- menus -----------------------------------------------------------
    def _points(self, action: Any) -> str:
        """The points an action brings its player now ('25'; '8 +35 bonus'; '+1' off the sheets)."""
        before = self.state
        player = self.game.current_player(before)
        try:
            after = self.game.apply(before, action)
        except KniffelError:  # pragma: no cover - the actions are legal
            return ""
        gained = self.game.scores(after)[player] - self.game.scores(before)[player]
        if self.game.INFO.score_sheet:
            bonus = _bonus(before, after, player)
            if bonus:
                return f"{gained - bonus:>3} " + say("plus_bonus", self.lang, points=bonus)
            return f"{gained:>3}"
        return f"[{say('score_gain', self.lang, points=gained)}]" if gained else ""

    def _phrase(self, action: Any) -> str:
        points = self._points(action)
        phrase = say_action(self.game, action, self.lang)
        return f"{phrase}  {points}" if points else phrase

    def _menu(self, player: int, actions: tuple[Any, ...]) -> tuple[list[_Entry], str]:
        game = self.game
        keeps = [a for a in actions if _is_roll(game, a) and _text(game, a) != "roll"]
        throws_all = any(_text(game, a) == "roll" for a in actions)
        others = [a for a in actions if not _is_roll(game, a)]
        groups: dict[str, list[Any]] = {}
        for action in others:
            groups.setdefault(self._kind(action), []).append(action)
        entries: list[_Entry] = []
        for kind, members in groups.items():
            many = len(members) > _GROUP_AT and len(others) > _LONG and kind != "score"
            grouped = many and len(groups) > 1  # one kind alone (the card game's picks): a list
            if grouped:
                title = self._group_title(members[0])
                count = say("choices", self.lang, count=len(members))
                entries.append(_Entry(f"{title} ({count})", tuple(members), title=title))
            else:
                entries.extend(
                    _Entry(say_action(game, a, self.lang), (a,), self._points(a)) for a in members
                )
        keep_line = ""
        if keeps:
            example = _keep_example(game, keeps)
            key = "keep_line" if throws_all else "keep_line_no_all"
            keep_line = "  " + say(
                key, self.lang, example=example, compact=example.replace(" ", "")
            )
        elif throws_all:
            entries.append(_Entry(say_action(game, _first_roll(game, actions), self.lang),
                                  (_first_roll(game, actions),)))  # fmt: skip
        return entries, keep_line

    def _kind(self, action: Any) -> str:
        words = _text(self.game, action).split()
        return " ".join(words[:2]) if words[:1] == ["play"] else words[0]

    def _group_title(self, action: Any) -> str:
        combination = getattr(action, "combination", None)
        if combination is not None:  # the card game's plays, grouped by combination
            return label(combination, self.lang)
        kind = self._kind(action)
        if f"group_{kind}" in WORDS:
            return say(f"group_{kind}", self.lang)
        return say_action(self.game, action, self.lang).split(" ")[0].rstrip(":")

    # -- hints -----------------------------------------------------------
    def _hint(self, player: int, actions: tuple[Any, ...], entries: list[_Entry]) -> None:
        out, lang = self.out, self.lang
        try:
            win, optimal = advisor(self.name, "win"), advisor(self.name, "optimal")
            if win and self.state.num_players > 1 and self._hint_to_win(win, entries):
                return
            if optimal is not None:
                advice = optimal(self.state.rules, lang=lang).advise(self.state)
                print(say("hint_header", lang), file=out)
                for item in advice[:5]:
                    number = _number(item.action, entries, lang)
                    text = say_action(self.game, item.action, lang) + number
                    value = decimal(item.value, 2, lang)
                    print(say("hint_classic", lang, value=value, action=text), file=out)
                return
            if self._hinter is None:
                self._hinter = make_bot(self.name, strongest_bot(self.name), lang, self.state.rules)
            view = self.state
            stand_in = getattr(self.game, "stand_in", None)
            if stand_in is not None:  # the card game: the bot sees only this seat's view
                view = stand_in(self.game.observation(self.state, player))
            choice = self._hinter(view, actions, self.hint_rng)
        except KniffelError as exc:
            self._tell(say("no_hint", lang, reason=localize(exc, lang)))  # wrapped to the screen
            return
        text = say_action(self.game, choice, lang) + _number(choice, entries, lang)
        print(say("hint_bot", lang, bot=strongest_bot(self.name), action=text), file=out)

    def _hint_to_win(self, win: Any, entries: list[_Entry]) -> bool:
        """Several players: the best actions by the chance to win (issue 19), by the ``win`` bot.

        Returns ``False`` (the caller falls back to the optimal player's
        expected scores) where the bot does not cover the rules (classic's
        `WinProbabilityPlayer` and the Croatian variant).
        """
        out, lang = self.out, self.lang
        if self._win is None:
            try:
                self._win = win(self.state.rules)
            except KniffelError:
                return False
            print(say("hint_win_first", lang), file=out, flush=True)
        print(say("hint_header_win", lang), file=out)
        for item in self._win.advise(self.state)[:5]:
            text = say_action(self.game, item.action, lang) + _number(item.action, entries, lang)
            chance, value = percent(item.win, 2, lang), decimal(item.score, 2, lang)
            print(say("hint_classic_win", lang, win=chance, value=value, action=text), file=out)
        return True


_REPR = re.compile(r"\b[A-Z]\w*\((?:\w+=|\w*\)|'|\d)|\b[A-Z][a-z]+\.[A-Z_]{2,}\b")


def _message(exc: Exception, text: str, lang: Lang) -> str:
    """The reader's message, or a plain one where the message would show Python's notation.

    The message is in ``lang`` where the error can say it so (a
    ``localized(lang)`` method), else as the library words it.
    """
    localized = getattr(exc, "localized", None)
    message = str(localized(lang)) if callable(localized) else str(exc)
    if _REPR.search(message):
        return say("not_legal", lang, text=text)
    return message


def _number(action: Any, entries: list[_Entry], lang: Lang) -> str:
    for i, entry in enumerate(entries, 1):
        if action in entry.actions:
            inner = entry.actions.index(action) + 1
            if len(entry.actions) == 1:
                return say("hint_number", lang, number=i)
            return say("hint_number_group", lang, number=i, inner=inner)  # its submenu's line
    return ""


def _only_theirs(game: Variant, state: Any, actions: Sequence[Any], player: int) -> bool:
    """Whether taking back ``actions`` (played from ``state``) hides nothing ``player`` saw.

    In a game with hidden information, a card drawn or dealt after the
    decision, or another player's move, showed what undo would hide again
    (a redraw would meet other cards, and the first ones are known): only
    the player's own decisions in a row are taken back there.
    """
    if not game.INFO.hidden_information:
        return True
    for action in actions:
        if game.current_player(state) != player:
            return False
        state = game.apply(state, action)
    return True


def _bonus(before: Any, after: Any, player: int) -> int:
    """The bonus points a box entry brings beside its own (the upper bonus, an extra Kniffel)."""
    total = 0
    for name in ("upper_bonus", "extra_bonus"):
        values = []
        for state in (before, after):
            sheets = getattr(state, "sheets", None)
            value = getattr(sheets[player], name, 0) if sheets is not None else 0
            values.append(value(state.rules) if callable(value) else value)
        if all(isinstance(v, int) for v in values):
            total += values[1] - values[0]
    return total


def _first_roll(game: Variant, actions: tuple[Any, ...]) -> Any:
    return next(a for a in actions if _text(game, a) == "roll")


def _keep_example(game: Variant, keeps: list[Any]) -> str:
    """The dice of a typical keep (two dice if possible) as the player would type them."""
    texts = [_text(game, a).split()[2:] for a in keeps]
    digits = [t for t in texts if t and all(w.isdigit() for w in t)]
    pool = digits or texts
    best = min(pool, key=lambda t: (abs(len(t) - 2), len(set(t)), t))
    return " ".join(best)


def _throw(state: Any) -> str:
    """One throw of a sheet game as digits; Extreme's ten-sided die after a colon."""
    d6 = getattr(state, "d6", None)
    if d6 is not None:
        d10 = getattr(state, "d10", None)
        return "".join(map(str, d6)) + ("" if d10 is None else f":{d10}")
    return "".join(map(str, state.dice))
