"""Playing classic Kniffel to win: `WinProbabilityPlayer` (numpy, the ``solver`` extra).

`WinProbabilityPlayer` maximises its probability of finishing first rather
than its expected score; `WinAdvice` is one line of its advice. The model
behind it (``_moments``): the mean and variance of the points still to come
from every solitaire position under optimal play.
"""

from kniffel_rules.bots.winning.player import WinAdvice, WinProbabilityPlayer

__all__ = ["WinAdvice", "WinProbabilityPlayer"]
