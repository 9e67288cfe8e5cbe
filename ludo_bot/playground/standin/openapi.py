"""Request bodies held to Discord's own OpenAPI description (`discord-openapi.json.gz` beside this module, 3.1,
from the public discord-api-spec repository; shipped with the package so that an installed stand-in checks too).

Each operation's JSON request schema is compiled on first use by schemacheck.py: about 70 us for a board update
with 12 buttons, where jsonschema (Draft 2020-12) took 20 ms, walking every branch of every oneOf; the load
benchmark pushes hundreds of requests a second through here.

Where the description and Discord disagree on something Discord accepts, Discord wins, narrowly:
- snowflakes: the description says strings of digits; Discord also takes integers, and discord.py sends attachment
  ids as integers (`{"id": 0}` for the first upload). Integers of format int64 likewise take strings of digits.
- `default_member_permissions`: the description says integer (what discord.py sends); Discord documents it as a
  string of digits, and takes both.
"""

from __future__ import annotations

import copy
import gzip
import json
import re
import warnings
from functools import cache
from pathlib import Path
from typing import Any

from .limits import FieldError
from .schemacheck import Check, Compiler

Json = dict[str, Any]

SPEC_FILE = Path(__file__).resolve().parent / "discord-openapi.json.gz"
_PARAMETER = re.compile(r"\{[^}]*\}")


def normalize(path: str) -> str:
    """A path template with its parameter names dropped: /channels/{}/messages."""
    return _PARAMETER.sub("{}", path)


def _quirks(spec: Json) -> None:
    """The narrow corrections listed in the module docstring, applied to the loaded description."""

    def visit(node: Any) -> None:
        if isinstance(node, dict):
            if node.get("format") == "snowflake" or node.get("format") == "int64":
                node["x-digits-or-integer"] = True
            permissions = (node.get("properties") or {}).get("default_member_permissions")
            if isinstance(permissions, dict):
                permissions["x-digits-or-integer"] = True
            for value in node.values():
                visit(value)
        elif isinstance(node, list):
            for value in node:
                visit(value)

    visit(spec)


class Operations:
    """The request-body check of every operation of the description, compiled on first use."""

    def __init__(self, spec: Json) -> None:
        self.spec = copy.deepcopy(spec)
        _quirks(self.spec)
        self.compiler = Compiler(self.spec)
        self._schemas: dict[tuple[str, str], Json | None] = {}
        for path, item in self.spec.get("paths", {}).items():
            for method, operation in item.items():
                if isinstance(operation, dict) and "requestBody" in operation:
                    content = operation["requestBody"].get("content", {})
                    media = content.get("application/json") or content.get("multipart/form-data") or {}
                    self._schemas[(method.upper(), normalize(path))] = media.get("schema")
        self._checks: dict[tuple[str, str], Check | None] = {}

    def check(self, method: str, path: str) -> Check | None:
        """The body check for `method` on `path` (a template; parameter names do not matter), None without one."""
        key = (method, normalize(path))
        if key not in self._checks:
            schema = self._schemas.get(key)
            self._checks[key] = None if schema is None else self.compiler.compile(schema)
        return self._checks[key]

    def validate(self, method: str, path: str, body: Any) -> list[FieldError]:
        check = self.check(method, path)
        if check is None:
            return []
        errors: list[FieldError] = []
        check(body, (), errors)
        unique: dict[str, FieldError] = {}
        for error in errors:
            unique.setdefault(f"{error.path}{error.code}", error)
        return list(unique.values())


def load(path: Path | None = None) -> Operations | None:
    """Discord's description (default: SPEC_FILE), loaded once; None, with a warning, when the file is missing."""
    return _load((path or SPEC_FILE).resolve())


@cache
def _load(path: Path) -> Operations | None:
    try:
        with gzip.open(path, "rt", encoding="utf-8") as handle:
            spec = json.load(handle)
    except FileNotFoundError:
        warnings.warn(f"{path} is missing: request bodies are not checked against Discord's OpenAPI description",
                      stacklevel=3)
        return None
    return Operations(spec)
