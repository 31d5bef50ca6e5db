"""The tests of Kniffel: Das Duell (``kniffel_rules.duel``)."""
