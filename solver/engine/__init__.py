"""The engine core: the reference in plain Python (``core_ref``, ``search_ref``) and its
compiled twin (``core_fast``), the contract both satisfy (``contract``) and the choice
of one (``backend``). See ``docs/engine.md``."""
