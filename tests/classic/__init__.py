"""The tests of classic Kniffel (`kniffel_rules.classic`) and its optimal player."""
