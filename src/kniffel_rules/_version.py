"""The version of kniffel-rules, single-sourced for the package metadata."""

__version__ = "0.1.0"
