"""The tests of Kniffel Extreme (kniffel_rules.extreme), by aspect."""
