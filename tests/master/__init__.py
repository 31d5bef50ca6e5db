"""The tests of Kniffel Master (``kniffel_rules.master``), by aspect."""
