"""Build the compiled core; everything else is declared in pyproject.toml.

``solver/dfpn.py`` (the df-pn node expansion) is plain Python that Cython compiles as it
is: the same source runs interpreted where there is no compiler. Set ``RENJU_NO_EXT=1``
to skip the extensions (the pure-Python core is then used).
"""

from __future__ import annotations

import os
import subprocess
import sysconfig

from setuptools import setup


def _accepted(flag: str) -> bool:
    """Whether the C compiler takes ``flag`` without a word (with ``-Werror``): a flag it
    does not know would otherwise fail the build, or be ignored with a warning."""
    cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()
    try:
        done = subprocess.run(
            [*cc, flag, "-Werror", "-x", "c", "-c", "-o", os.devnull, "-"],
            input=b"int renju;\n",
            capture_output=True,
            timeout=60,
        )
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 0


ext_modules = []
if os.environ.get("RENJU_NO_EXT", "") in ("", "0"):
    from Cython.Build import cythonize

    # -mtune=native schedules the code for this machine's processor and uses no
    # instruction it may lack, so the build still runs on any of its kind. On the
    # development machine (gcc 12, rocketlake): vct_game_white_l14_1 75 -> 68 ms,
    # vct_game_black_l17_1_short 10.4 -> 10.0 s. (-march=native did no better and would
    # tie the build to the processor; -march=x86-64-v3 and -mpopcnt alone gained nothing.)
    flags = ["-O3"] + [flag for flag in ("-mtune=native",) if _accepted(flag)]

    ext_modules = cythonize(
        ["solver/_core.pyx", "solver/_table.pyx", "solver/_dfpn.pyx", "solver/dfpn.py"],
        compiler_directives={"language_level": "3"},
        quiet=True,
    )
    for ext in ext_modules:
        ext.extra_compile_args = list(flags)
        if ext.name in ("solver._core", "solver._table"):
            ext.depends.append("solver/_alloc.h")
        if ext.name == "solver._dfpn":
            # it calls the core through the C interface Cython writes with _core.c
            ext.depends.append("solver/_core_api.h")

setup(ext_modules=ext_modules)
