"""Tests of the learning-framework adapters (kniffel_rules.adapters)."""
