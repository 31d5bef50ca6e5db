"""``python -m kniffel_rules``: the ``kniffel`` command line."""

from kniffel_rules.cli import run

if __name__ == "__main__":
    run()
