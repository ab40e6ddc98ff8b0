"""The board and the rules: notation, geometry, patterns, Zobrist keys, the board,
forbidden points and their explanation, batch enumeration. Imports nothing of
``solver.search`` or ``solver.cli``; the board runs on the engine core
(``solver.engine.backend``)."""
