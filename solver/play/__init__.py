"""The engine that plays games: ``choose_move`` (``player``: its own forced win first, then
a defence against the opponent's, then the evaluation of shapes, ``shapes``) and the
Gomocup/Piskvork protocol (``gomocup``) that tournament managers speak.

Between the search and the command line: it uses ``solver.search``'s ``solve`` and the
engine core's primitives, and ``solver.cli`` offers it as ``renju move`` and
``renju engine``.
"""
