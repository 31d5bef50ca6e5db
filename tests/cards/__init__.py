"""The tests of Kniffel: Das Kartenspiel (``kniffel_rules.cards``)."""
