"""Readers for other programs' files, one module per format.

Each module has a ``parse_*`` function from bytes or text to the format's own data (a
RenLib tree, a list of games, ...), a ``read_*`` function doing the same from a path, and a
``*_puzzles`` function turning that data into a :class:`~puzzles.model.ReadResult`.
:mod:`puzzles.io` picks the right module for a file.
"""
