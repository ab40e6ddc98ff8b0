"""Build the compiled core; everything else is declared in pyproject.toml.

The extensions are the compiled twins of the engine's reference modules (see
``docs/engine.md``): ``solver.engine.core_fast`` (the core), ``solver.search.dfpn_fast``
(the df-pn loop), ``solver.search.table_fast`` (its table) and
``solver.search.checker_fast`` (the proof checker's); and the reference proof checker,
``solver/search/checker.py``, plain Python that Cython compiles as it is (it names the
faults the compiled twin finds; the same source runs interpreted without a compiler). Set
``RENJU_NO_EXT=1`` to skip them (the pure-Python reference is then used).

With gcc the build is profile-guided: the extensions are built once with counters,
``solver.cli.training`` runs on the quintet cases (about 10 s), and the extensions are built
again with what it counted (which branches are taken, which calls are hot), which makes
the search faster (figures in ``docs/performance.md``). Set ``RENJU_PGO=0`` for a plain build; a build without the case files, or whose
training fails, is a plain one too (with a warning).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
TRAINING_CASES = HERE / "tests" / "data" / "quintet-cases"


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
    # instruction it may lack, so the build still runs on any of its kind: a little faster
    # (docs/performance.md). -march=native did no better and would tie the build to the
    # processor; -march=x86-64-v3 and -mpopcnt alone gained nothing.
    flags = ["-O3"] + [flag for flag in ("-mtune=native",) if _accepted(flag)]

    ext_modules = cythonize(
        [
            "solver/engine/core_fast.pyx",
            "solver/search/table_fast.pyx",
            "solver/search/dfpn_fast.pyx",
            "solver/search/checker.py",  # (plain Python compiled as it is: a third faster)
            "solver/search/checker_fast.pyx",
        ],
        compiler_directives={"language_level": "3"},
        quiet=True,
    )
    for ext in ext_modules:
        ext.extra_compile_args = list(flags)
        # (_alloc.h is the engine's, core_fast_api.h the C interface Cython writes with
        # core_fast.c: the df-pn loop calls the core through it)
        ext.include_dirs.append("solver/engine")
        if ext.name in ("solver.engine.core_fast", "solver.search.table_fast"):
            ext.depends.append("solver/engine/_alloc.h")
        if ext.name in ("solver.search.dfpn_fast", "solver.search.checker_fast"):
            ext.depends.append("solver/engine/core_fast_api.h")


class ProfiledBuild(build_ext):
    """``build_ext``, profile-guided with gcc (see the module's docstring)."""

    def build_extensions(self) -> None:
        if not self._profiled():
            super().build_extensions()

    def _profiled(self) -> bool:
        """Build the extensions profile-guided; False (nothing built) if this compiler
        or checkout cannot. A failed training gives a plain build (True too)."""
        if os.environ.get("RENJU_PGO", "") not in ("", "1"):
            return False
        # (-fprofile-partial-training: gcc 10 on; code the training does not run is
        # compiled as without a profile, not as cold)
        use = ["-fprofile-correction", "-fprofile-partial-training", "-Wno-missing-profile"]
        if not TRAINING_CASES.is_dir() or not all(_accepted(flag) for flag in use):
            return False
        saved = [(list(e.extra_compile_args), list(e.extra_link_args)) for e in self.extensions]
        with tempfile.TemporaryDirectory(prefix="renju-pgo-") as tmp:
            counts = os.path.join(tmp, "counts")
            try:
                trained = self._counting_build(tmp, counts)
            except Exception as error:  # (any failure: a plain build below)
                print(
                    f"renju: profile-guided build failed ({error}); a plain build", file=sys.stderr
                )
                trained = False
            finally:
                self._restore(saved)
            self.force = True  # (the objects in build_temp are the counting build's)
            if trained:
                for ext in self.extensions:
                    ext.extra_compile_args += [f"-fprofile-use={counts}", *use]
            try:
                super().build_extensions()
            finally:
                self._restore(saved)
        return True

    def _counting_build(self, tmp: str, counts: str) -> bool:
        """Build the extensions with counters (writing to ``counts``) in ``tmp``, beside a
        copy of the package's Python modules, and train them; whether the training ran."""
        generate = [f"-fprofile-generate={counts}", "-fprofile-update=single"]
        for ext in self.extensions:
            ext.extra_compile_args += generate
            ext.extra_link_args += generate
        inplace, build_lib = self.inplace, self.build_lib
        self.inplace, self.build_lib, self.force = False, os.path.join(tmp, "lib"), True
        try:
            shutil.copytree(
                HERE / "solver",
                os.path.join(self.build_lib, "solver"),
                ignore=shutil.ignore_patterns("*.so", "*.pyd", "*.c", "__pycache__"),
            )
            super().build_extensions()
            return self._train(self.build_lib)
        finally:
            self.inplace, self.build_lib = inplace, build_lib

    def _restore(self, saved: list[tuple[list[str], list[str]]]) -> None:
        """Put back the extensions' compile and link arguments."""
        for ext, (args, link) in zip(self.extensions, saved, strict=True):
            ext.extra_compile_args, ext.extra_link_args = list(args), list(link)

    def _train(self, lib: str) -> bool:
        """Run ``solver.cli.training`` on the counting build in ``lib``; whether it ran."""
        env = {**os.environ, "PYTHONPATH": lib}
        env.pop("RENJU_PURE", None)  # (the training is of the compiled core)
        try:
            done = subprocess.run(
                [sys.executable, "-m", "solver.cli.training", str(TRAINING_CASES)],
                cwd=lib,
                env=env,
                capture_output=True,
                text=True,
                timeout=600,
            )
        except (OSError, subprocess.SubprocessError) as error:
            print(f"renju: profile training did not run ({error}); a plain build", file=sys.stderr)
            return False
        if done.returncode != 0:
            tail = (done.stderr.strip().splitlines() or ["no message"])[-1]
            print(f"renju: profile training failed ({tail}); a plain build", file=sys.stderr)
            return False
        return True


setup(ext_modules=ext_modules, cmdclass={"build_ext": ProfiledBuild})
