"""Build hook: installed builds compile the engine's hot modules with mypyc.

The modules are listed under [tool.ludo-bot] compiled in pyproject.toml. Editable installs
(`pip install -e .`) stay pure Python so that an edit takes effect at once; so does any build
with LUDO_PURE_ENGINE=1. The engine's source is the same pure-Python code either way.
"""

import os
import sys
import tomllib

from setuptools import setup


def compiled_modules() -> list:
    building = any(command in sys.argv for command in ("bdist_wheel", "build_ext", "build"))
    if not building or os.environ.get("LUDO_PURE_ENGINE") == "1":
        return []
    from mypyc.build import mypycify

    with open("pyproject.toml", "rb") as file:
        modules = tomllib.load(file)["tool"]["ludo-bot"]["compiled"]
    # The build's own environment (pip's build isolation) may lack the packages the picture's modules import
    # (Pillow, isal, regex's stubs): mypyc then treats them as untyped objects, which is how it compiles them anyway.
    return mypycify(["--ignore-missing-imports", *modules], opt_level="3")


setup(ext_modules=compiled_modules())
