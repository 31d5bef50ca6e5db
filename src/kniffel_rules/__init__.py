"""kniffel-rules: the complete rules of the Schmidt Spiele Kniffel family.

The package root holds what every game shares: the errors, the special
players `CHANCE` and `TERMINAL`, the chance outcome
`DiceRoll`, the `Variant` protocol with its registry, `play` and
`record`, game records on the wire (`record_to_json`, `record_from_json`)
and the score-sheet verifier. Each game is a subpackage
(``kniffel_rules.classic``, ...).

Examples:
    >>> from kniffel_rules import play, random_policy, get_variant
    >>> classic = get_variant("classic")
    >>> final = play(classic, [random_policy, random_policy], seed=1)
    >>> len(classic.scores(final))
    2
"""

from kniffel_rules._types import CHANCE, TERMINAL
from kniffel_rules._version import __version__
from kniffel_rules.dice import DiceRoll
from kniffel_rules.errors import (
    ActionParseError,
    AmbiguousActionError,
    IllegalActionError,
    InvalidStateError,
    KniffelError,
    Rejection,
    StepLimitError,
)
from kniffel_rules.game import Game, GameInfo
from kniffel_rules.playing import GameRecord, Policy, play, random_policy, record, replay
from kniffel_rules.records import (
    PlayerRecord,
    RecordError,
    player_record_from_json,
    record_from_json,
    record_to_json,
)
from kniffel_rules.sheets import Finding, Report, verify_sheet
from kniffel_rules.simulation import Simulation, simulate
from kniffel_rules.variant import VARIANTS, UnknownVariantError, Variant, get_variant

__all__ = [
    "CHANCE",
    "TERMINAL",
    "VARIANTS",
    "ActionParseError",
    "AmbiguousActionError",
    "DiceRoll",
    "Finding",
    "Game",
    "GameInfo",
    "GameRecord",
    "IllegalActionError",
    "InvalidStateError",
    "KniffelError",
    "PlayerRecord",
    "Policy",
    "RecordError",
    "Rejection",
    "Report",
    "Simulation",
    "StepLimitError",
    "UnknownVariantError",
    "Variant",
    "__version__",
    "get_variant",
    "play",
    "player_record_from_json",
    "random_policy",
    "record",
    "record_from_json",
    "record_to_json",
    "replay",
    "simulate",
    "verify_sheet",
]
