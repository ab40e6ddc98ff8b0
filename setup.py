"""Build the compiled core; everything else is declared in pyproject.toml.

``solver/dfpn.py`` (the df-pn node expansion) is plain Python that Cython compiles as it
is: the same source runs interpreted where there is no compiler. Set ``RENJU_NO_EXT=1``
to skip the extensions (the pure-Python core is then used).
"""

from __future__ import annotations

import os

from setuptools import setup

ext_modules = []
if os.environ.get("RENJU_NO_EXT", "") in ("", "0"):
    from Cython.Build import cythonize

    ext_modules = cythonize(
        ["solver/_core.pyx", "solver/_table.pyx", "solver/_dfpn.pyx", "solver/dfpn.py"],
        compiler_directives={"language_level": "3"},
        quiet=True,
    )
    for ext in ext_modules:
        ext.extra_compile_args = ["-O3"]
        if ext.name in ("solver._core", "solver._table"):
            ext.depends.append("solver/_alloc.h")
        if ext.name == "solver._dfpn":
            # it calls the core through the C interface Cython writes with _core.c
            ext.depends.append("solver/_core_api.h")

setup(ext_modules=ext_modules)
