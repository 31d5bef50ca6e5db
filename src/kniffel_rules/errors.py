"""The exceptions the library raises on purpose.

Every error is a `KniffelError`; the two concrete kinds are also
`ValueError`, so code that already catches ``ValueError`` keeps working.
"""

from __future__ import annotations

from kniffel_rules._base import KniffelError
from kniffel_rules._i18n import N_, Text, localize
from kniffel_rules._text import brief

__all__ = [
    "ActionParseError",
    "AmbiguousActionError",
    "IllegalActionError",
    "InvalidStateError",
    "KniffelError",
    "Rejection",
    "StepLimitError",
]


class _Localized(Exception):
    """The ``localized`` method of the library's errors (see `kniffel_rules._i18n`)."""

    def localized(self, lang: str) -> str:
        """The message in ``lang`` (``"en"`` or ``"de"``); ``"en"`` gives ``str(self)``.

        A message without a catalogue entry stays English.

        Raises:
            UnknownLanguageError: ``lang`` is not a language the library speaks.
        """
        message = self.args[0] if len(self.args) == 1 else str(self)
        text = getattr(self, "message", message)
        return localize(text, lang)


class Rejection(Text):
    """A reason why the rules refuse something, carrying the clause id.

    It is a ``str`` (the English sentence a player reads) with a ``rule``
    attribute (the clause id on the game's docs page, ``"CL-07"``; ``""`` if
    none), and ``localized(lang)`` gives the sentence in another language
    (see `kniffel_rules._i18n`): ``Rejection.of(N_("box {box} is already
    filled ({filled})"), "CL-07", box=Box.TWOS, filled=4)``.
    """

    rule: str

    def __new__(cls, text: str = "", rule: str = "") -> Rejection:
        """Make the reason ``text`` for the clause ``rule`` (a `Text` keeps its template)."""
        obj: Rejection = super().__new__(cls, text)
        obj.rule = rule
        return obj

    @classmethod
    def of(cls, template: str, rule: str = "", /, **args: object) -> Rejection:
        """The reason ``template`` (an `N_` msgid) filled with ``args``, for the clause ``rule``."""
        obj: Rejection = cls._made(template, args)
        obj.rule = rule
        return obj


class IllegalActionError(_Localized, KniffelError, ValueError):
    """An action that the rules do not allow in the given state.

    Raised by ``apply`` for anything that is not in ``legal_actions`` (an
    object of the wrong type included), and by ``chance_outcomes``,
    ``sample_chance`` and ``winners`` when asked at the wrong moment. The
    message names the rule that forbids it, in words a player understands.

    Attributes:
        rule: The clause id of the rule broken (``"CL-04"``), or ``""``.
        seat: When a policy played by `kniffel_rules.play`, `kniffel_rules.record`
            or `kniffel_rules.simulate` chose the action: its seat; else ``None``.
        record: With ``seat``: the game up to the refused action (an
            unfinished `kniffel_rules.GameRecord`, which `kniffel_rules.replay`
            plays again); else ``None``.
    """

    seat: int | None = None
    record: object = None

    def __init__(self, message: str, rule: str | None = None) -> None:
        self.rule = rule if rule is not None else getattr(message, "rule", "")
        self.message = message
        super().__init__(str(message))


_PATH_LIMIT = 120
_PATH_HEAD = 60


class InvalidStateError(_Localized, KniffelError, ValueError):
    """Data that breaks an invariant of a state, a rule set or a document.

    Raised by ``from_json``, by constructors and by the score-sheet reader.
    The message starts with the path of the offending field, for example
    ``players[1].sheet.twos: 7 is not a value Twos can hold``.

    ``localized(lang)`` gives the message in another language: the path as
    it is, the detail from the catalogue (when it is a `kniffel_rules._i18n.Text`
    or a msgid; else it stays English).

    Attributes:
        path: The field path (``""`` for the document itself). A path longer
            than 120 characters (a document's own keys are in it) is cut in
            the middle, so a message stays a line long.
        detail: The message without the path.

    Examples:
        >>> from kniffel_rules._i18n import N_, Text
        >>> detail = Text.of(N_("expected an integer, got {type}"), type="str")
        >>> err = InvalidStateError("players[1].score", detail)
        >>> str(err)
        'players[1].score: expected an integer, got str'
        >>> err.localized("de")
        'players[1].score: Erwartet wird eine ganze Zahl, erhalten: str'
    """

    def __init__(self, path: str, message: str) -> None:
        if type(path) is not str:  # a caller's own path argument, whatever it was
            path = brief(path)
        if len(path) > _PATH_LIMIT:  # a document's own keys in it: cut in the middle
            path = f"{path[:_PATH_HEAD]}...{path[_PATH_HEAD + 3 - _PATH_LIMIT:]}"
        self.path = path
        self.detail = message
        super().__init__(f"{path}: {message}" if path else message)

    def localized(self, lang: str) -> str:
        """The message in ``lang``: the path as it is, the detail translated.

        Raises:
            UnknownLanguageError: ``lang`` is not a language the library speaks.
        """
        detail = localize(self.detail, lang)
        return f"{self.path}: {detail}" if self.path else detail


class StepLimitError(_Localized, KniffelError, RuntimeError):
    """A game played by `kniffel_rules.play` or `kniffel_rules.record` did not end in time.

    Not an illegal action: every action was legal, but the game was still
    going after ``max_steps`` actions (a policy that never finishes, or a
    bound set too low).

    Attributes:
        steps: The bound that was reached.
        state: The state after the last action.
    """

    def __init__(self, steps: int, state: object) -> None:
        self.steps = steps
        self.state = state
        self.message = Text.of(N_("the game did not end within {steps} steps"), steps=steps)
        super().__init__(str(self.message))


class ActionParseError(_Localized, KniffelError, ValueError):
    """``parse_action`` could not turn a player's text into a legal action.

    The message quotes the text, says what was understood of it and why that
    is not legal here (or that nothing was understood), and names some of
    the legal actions: ``'keep 6 6': there is no 6 among 2 3 3 3 5``.

    Attributes:
        text: The text given (shortened for the message when very long).
        understood: The action the text names when it was understood but is
            not legal in the state, else ``None``.
        rule: The clause id of the rule that refuses ``understood`` (``""``
            when nothing was understood).
        legal: The canonical texts of the legal actions of the state.
    """

    def __init__(
        self,
        message: str,
        *,
        text: str = "",
        understood: object = None,
        rule: str = "",
        legal: tuple[str, ...] = (),
    ) -> None:
        self.text = text
        self.understood = understood
        self.rule = rule
        self.legal = legal
        self.message = message
        super().__init__(str(message))


class AmbiguousActionError(ActionParseError):
    """A player's text names more than one legal action: the caller should ask which.

    For example ``"play straight 2 3 4 5 6"`` when two choices of colours are legal.

    Attributes:
        candidates: The legal actions the text may mean, in `legal_actions` order.
    """

    def __init__(
        self,
        message: str,
        *,
        text: str,
        candidates: tuple[object, ...],
        legal: tuple[str, ...] = (),
    ) -> None:
        self.candidates = candidates
        super().__init__(message, text=text, legal=legal)
