"""Build the compiled core; everything else is declared in pyproject.toml.

Set ``RENJU_NO_EXT=1`` to skip the extension (the pure-Python core is then used).
"""

from __future__ import annotations

import os

from setuptools import setup

ext_modules = []
if os.environ.get("RENJU_NO_EXT", "") in ("", "0"):
    from Cython.Build import cythonize

    ext_modules = cythonize(
        ["solver/_core.pyx", "solver/_dfpn.pyx"],
        compiler_directives={"language_level": "3"},
        quiet=True,
    )
    for ext in ext_modules:
        ext.extra_compile_args = ["-O3"]

setup(ext_modules=ext_modules)
