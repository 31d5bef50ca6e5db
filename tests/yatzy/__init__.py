"""The tests of Scandinavian Yatzy (`kniffel_rules.yatzy`)."""
