"""``python -m kniffel_rules.bots.optimal DIR``: recompute the shipped tables."""

from kniffel_rules.bots.optimal.build import main

main()
