"""JSON Schemas of the score-sheet documents (data files)."""
