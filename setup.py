"""The build: the package, the presets inside it, and the optional compiled deal kernel.

The kernel (scorepad/sim/_kernel.c) is plain C, built where a C compiler works; where it
does not (no compiler, `CC=false`), the build says so and goes on without it, and the
simulator plays every game on its pure-Python path. SCOREPAD_REQUIRE_KERNEL=1 makes a
failed kernel build fail the install instead (CI sets it).
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


class OptionalBuildExt(build_ext):
    """Build the kernel if this machine can; otherwise warn and leave it out."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # no compiler found at all, and the like
            self._skip(error)

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as error:  # the compiler failed (or is `false`)
            self._skip(error)

    def _skip(self, error: Exception) -> None:
        if os.environ.get("SCOREPAD_REQUIRE_KERNEL") == "1":
            raise error
        print(
            f"warning: the compiled deal kernel was not built ({error}); scorepad simulate"
            " will use its pure-Python path",
            file=sys.stderr,
        )


class BuildPyWithPresets(build_py):
    """The presets live at the top level for people to read and edit; the wheel carries a
    copy inside the package so an installed scorepad finds them. The gettext catalogs
    (scorepad/locale/*/LC_MESSAGES/scorepad.po) are compiled to .mo beside them: in the
    wheel, or in the checkout for an editable install."""

    def run(self) -> None:
        super().run()
        self._compile_catalogs()
        if self.editable_mode:
            return  # an editable install reads them from the checkout
        target = Path(self.build_lib) / "scorepad" / "presets"
        target.mkdir(parents=True, exist_ok=True)
        for preset in sorted((ROOT / "presets").glob("*.toml")):
            shutil.copyfile(preset, target / preset.name)

    def _compile_catalogs(self) -> None:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        locale_dir = ROOT / "scorepad" / "locale"
        target = locale_dir if self.editable_mode else Path(self.build_lib) / "scorepad" / "locale"
        for po in sorted(locale_dir.glob("*/LC_MESSAGES/scorepad.po")):
            language = po.parent.parent.name
            with po.open("rb") as source:
                catalog = read_po(source, locale=language, domain="scorepad")
            mo = target / language / "LC_MESSAGES" / "scorepad.mo"
            mo.parent.mkdir(parents=True, exist_ok=True)
            with mo.open("wb") as out:
                write_mo(out, catalog)


setup(
    ext_modules=[
        Extension("scorepad.sim._kernel", ["scorepad/sim/_kernel.c"], optional=True)
    ],
    cmdclass={"build_ext": OptionalBuildExt, "build_py": BuildPyWithPresets},
)
