"""A compiled checker for the JSON Schema subset Discord's OpenAPI description uses.

A schema is compiled once into nested closures; a check appends `FieldError`s (Discord's paths and error codes,
for its 400 "Invalid Form Body" answer) and allocates nothing else on the way. Keywords: $ref (lazily, so recursive
schemas compile), allOf/anyOf/oneOf, type (lists with "null" too), properties, required, additionalProperties,
items, enum, const, pattern, min/maxLength, minimum/maximum, min/maxItems, uniqueItems, min/maxProperties; and
"x-digits-or-integer" (set by openapi.py), which takes an integer where a string of digits is due and the reverse.

Unions: oneOf is checked like anyOf (any branch will do), as Discord parses unions by their type field; branches
of the description overlap in places, where strict oneOf would refuse bodies Discord takes. Branches that are
objects told apart by a "type" field (components, command options, callbacks) are picked by it, so errors point
inside the chosen branch, as Discord's do. Other unions of objects are judged by the branches that declare every
key of the body (objects of the description take unknown keys, so any branch would accept a bad known one).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sized
from typing import Any

from .limits import FieldError

Json = dict[str, Any]
Path_ = tuple[str | int, ...]
Check = Callable[[Any, Path_, list[FieldError]], None]

_DIGITS = re.compile(r"^(0|[1-9][0-9]*)$")
_PY_TYPES: dict[str, tuple[type, ...]] = {  # exact types of parsed JSON: type(True) is bool, never int
    "null": (type(None),),
    "boolean": (bool,),
    "integer": (int,),
    "number": (int, float),
    "string": (str,),
    "array": (list,),
    "object": (dict,),
}
_TYPE_ERRORS = {
    "boolean": ("BASE_TYPE_BOOLEAN", "Must be either true or false."),
    "integer": ("NUMBER_TYPE_COERCE", "Value {v} is not int."),
    "number": ("NUMBER_TYPE_COERCE", "Value {v} is not double."),
    "string": ("BASE_TYPE_STRING", "Could not interpret {v} as string."),
    "array": ("LIST_TYPE_CONVERT", "Only iterables may be used in a ListType"),
    "object": ("DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType"),
    "null": ("BASE_TYPE_REQUIRED", "This field is required"),
}


def _type_error(expected: str, value: Any) -> tuple[str, str]:
    code, message = _TYPE_ERRORS[expected]
    return code, message.format(v=json.dumps(value)[:50])


class Compiler:
    """Turns schema nodes into checks; `$ref`s resolve lazily, so recursive schemas compile."""

    def __init__(self, spec: Json) -> None:
        self.schemas: Json = spec.get("components", {}).get("schemas", {})
        self._refs: dict[str, Check] = {}

    def resolve(self, node: Json) -> Json:
        while "$ref" in node:
            node = self.schemas[node["$ref"].rsplit("/", 1)[1]]
        return node

    def ref(self, ref: str) -> Check:
        name = ref.rsplit("/", 1)[1]
        found = self._refs.get(name)
        if found is not None:
            return found
        compiled: list[Check] = []

        def check(value: Any, path: Path_, errors: list[FieldError]) -> None:
            compiled[0](value, path, errors)

        self._refs[name] = check
        compiled.append(self.compile(self.schemas[name]))
        return check

    def compile(self, node: Json) -> Check:
        checks: list[Check] = []
        if "$ref" in node:
            checks.append(self.ref(node["$ref"]))
        for sub in node.get("allOf", ()):
            checks.append(self.compile(sub))
        for key in ("oneOf", "anyOf"):
            if key in node:
                checks.append(self._union(node[key]))
        checks.extend(self._value_checks(node))
        types = node.get("type")
        allowed = [types] if isinstance(types, str) else list(types or [])
        exact = frozenset(t for name in allowed if name != "null" for t in _PY_TYPES.get(name, ()))
        lenient = bool(node.get("x-digits-or-integer"))
        nullable = "null" in allowed

        def check(value: Any, path: Path_, errors: list[FieldError]) -> None:
            if type(value) not in exact:
                if value is None and nullable:
                    return
                if not (lenient and _lenient_ok(value, allowed)):
                    code, message = _type_error(next(t for t in allowed if t != "null"), value)
                    errors.append(FieldError(path, code, message))
                    return
            for sub in checks:
                sub(value, path, errors)

        def untyped(value: Any, path: Path_, errors: list[FieldError]) -> None:
            for sub in checks:
                sub(value, path, errors)

        if allowed:
            return check
        if len(checks) == 1:
            return checks[0]
        return untyped if checks else _accept

    def _value_checks(self, node: Json) -> list[Check]:
        checks: list[Check] = []
        if "enum" in node or "const" in node:
            choices = list(node["enum"]) if "enum" in node else [node["const"]]
            checks.append(_choices(choices))
        low, high = node.get("minLength"), node.get("maxLength")
        if low is not None or high is not None:
            checks.append(_length(low, high, str, "BASE_TYPE"))
        low, high = node.get("minItems"), node.get("maxItems")
        if low is not None or high is not None:
            checks.append(_length(low, high, list, "BASE_TYPE"))
        low, high = node.get("minProperties"), node.get("maxProperties")
        if low is not None or high is not None:
            checks.append(_length(low, high, dict, "BASE_TYPE"))
        if "minimum" in node or "maximum" in node:
            checks.append(_bounds(node.get("minimum"), node.get("maximum")))
        if "pattern" in node:
            checks.append(_pattern(node["pattern"]))
        if node.get("uniqueItems"):
            checks.append(_unique)
        if "items" in node and isinstance(node["items"], dict):
            checks.append(_items(self.compile(node["items"])))
        if "properties" in node or "required" in node or "additionalProperties" in node:
            checks.append(self._object(node))
        return checks

    def _object(self, node: Json) -> Check:
        properties = {name: self.compile(sub) for name, sub in (node.get("properties") or {}).items()}
        required = tuple(node.get("required") or ())
        extra = node.get("additionalProperties", True)
        extra_check = self.compile(extra) if isinstance(extra, dict) else None

        def check(value: Any, path: Path_, errors: list[FieldError]) -> None:
            if not isinstance(value, dict):
                return
            for name in required:
                if name not in value:
                    errors.append(FieldError((*path, name), "BASE_TYPE_REQUIRED", "This field is required"))
            for name, item in value.items():
                sub = properties.get(name)
                if sub is not None:
                    sub(item, (*path, name), errors)
                elif extra is False:
                    errors.append(FieldError((*path, name), "BASE_TYPE_UNKNOWN_FIELD", "Unknown field"))
                elif extra_check is not None:
                    extra_check(item, (*path, name), errors)

        return check

    def _union(self, branches: list[Json]) -> Check:
        """Any branch will do. Branches that are objects told apart by their "type" field (components, options,
        callbacks) are picked by it, so errors point inside the chosen one, as Discord's do."""
        resolved = [self.resolve(b) for b in branches]
        if all(set(b) <= {"const", "title", "description"} and "const" in b for b in resolved):
            return _choices([b["const"] for b in resolved])  # an enum spelt as a union of consts
        checks = [self.compile(b) for b in branches]
        kinds = [_json_types(b) for b in resolved]
        keys = [_declared_keys(b) for b in resolved]
        tags: dict[Any, Check] = {}
        tagged = True
        for branch, sub, accepts in zip(resolved, checks, kinds, strict=True):
            if accepts == {"null"}:
                continue
            values = _tag_values(branch)
            if values is None:
                tagged = False
                break
            tags.update((v, sub) for v in values if v not in tags)

        def check(value: Any, path: Path_, errors: list[FieldError]) -> None:
            if tagged and isinstance(value, dict):
                if "type" not in value:
                    errors.append(FieldError((*path, "type"), "BASE_TYPE_REQUIRED", "This field is required"))
                    return
                sub = tags.get(value["type"]) if isinstance(value["type"], int | str) else None
                if sub is None:
                    allowed = ", ".join(str(t) for t in tags)
                    errors.append(FieldError((*path, "type"), "UNION_TYPE_CHOICES",
                                             f'Value of field "type" must be one of ({allowed}).'))
                    return
                sub(value, path, errors)
                return
            candidates = [sub for sub, accepts in zip(checks, kinds, strict=True)
                          if accepts is None or _type_ok(value, accepts, True)]
            if isinstance(value, dict) and len(candidates) > 1:
                # Open objects accept any extra key, so judge a body by the branches that declare all its keys.
                covering = [sub for sub, known in zip(checks, keys, strict=True)
                            if sub in candidates and (known is None or value.keys() <= known)]
                candidates = covering or candidates
            if not candidates:
                errors.append(FieldError(path, "UNION_TYPE_CHOICES", "Value does not match any allowed type."))
                return
            best: list[FieldError] | None = None
            for sub in candidates:
                found: list[FieldError] = []
                sub(value, path, found)
                if not found:
                    return
                if best is None or len(found) < len(best):
                    best = found
            errors.extend(best or ())

        return check


def _accept(value: Any, path: Path_, errors: list[FieldError]) -> None:
    return None


def _type_ok(value: Any, allowed: list[str] | set[str], lenient: bool) -> bool:
    if any(type(value) in _PY_TYPES.get(t, ()) for t in allowed):
        return True
    return lenient and _lenient_ok(value, allowed)


def _lenient_ok(value: Any, allowed: list[str] | set[str]) -> bool:
    """The snowflake leniency of the module docstring: an integer where digits are due, or digits for an integer."""
    if "string" in allowed:
        return type(value) is int and value >= 0
    return "integer" in allowed and type(value) is str and bool(_DIGITS.match(value))


def _json_types(node: Json) -> set[str] | None:
    types = node.get("type")
    if types is None:
        return None
    return {types} if isinstance(types, str) else set(types)


def _declared_keys(node: Json) -> frozenset[str] | None:
    """The keys an object schema declares; None when it takes any (a map, or no properties listed)."""
    if "properties" not in node or isinstance(node.get("additionalProperties"), dict):
        return None
    return frozenset(node["properties"])


def _tag_values(node: Json) -> list[Any] | None:
    """The values of an object schema's "type" property (enum or const), if it has them."""
    field = (node.get("properties") or {}).get("type")
    if not isinstance(field, dict) or "type" not in (node.get("required") or ()):
        return None
    if "enum" in field:
        return list(field["enum"])
    if "const" in field:
        return [field["const"]]
    return None


def _choices(choices: list[Any]) -> Check:
    allowed = frozenset(choices) if all(type(c) in (int, str) for c in choices) else None
    shown = ", ".join(json.dumps(c) for c in choices)

    def check(value: Any, path: Path_, errors: list[FieldError]) -> None:
        if allowed is not None:
            ok = type(value) in (int, str) and value in allowed  # True == 1 in Python, not in JSON
        else:
            ok = any(type(value) is type(c) and value == c for c in choices)
        if not ok:
            errors.append(FieldError(path, "BASE_TYPE_CHOICES", f"Value must be one of ({shown})."))

    return check


def _length(low: int | None, high: int | None, kind: type[Sized], prefix: str) -> Check:
    if low is not None and high is not None:
        code, message = f"{prefix}_BAD_LENGTH", f"Must be between {low} and {high} in length."
    elif high is not None:
        code, message = f"{prefix}_MAX_LENGTH", f"Must be {high} or fewer in length."
    else:
        code, message = f"{prefix}_MIN_LENGTH", f"Must be {low} or more in length."
    lowest, highest = low or 0, high if high is not None else float("inf")

    def check(value: Any, path: Path_, errors: list[FieldError]) -> None:
        if isinstance(value, kind) and not lowest <= len(value) <= highest:
            errors.append(FieldError(path, code, message))

    return check


def _bounds(low: float | None, high: float | None) -> Check:
    def check(value: Any, path: Path_, errors: list[FieldError]) -> None:
        if isinstance(value, str) and _DIGITS.match(value):
            value = int(value)
        if not isinstance(value, int | float) or isinstance(value, bool):
            return
        if low is not None and value < low:
            errors.append(FieldError(path, "NUMBER_TYPE_MIN", f"Value should be greater than or equal to {low}."))
        if high is not None and value > high:
            errors.append(FieldError(path, "NUMBER_TYPE_MAX", f"Value should be less than or equal to {high}."))

    return check


def _pattern(pattern: str) -> Check:
    regex = re.compile(pattern)

    def check(value: Any, path: Path_, errors: list[FieldError]) -> None:
        if isinstance(value, str) and not regex.search(value):
            errors.append(FieldError(path, "STRING_TYPE_REGEX", "String value did not match validation regex."))

    return check


def _unique(value: Any, path: Path_, errors: list[FieldError]) -> None:
    if isinstance(value, list) and len({json.dumps(v, sort_keys=True) for v in value}) != len(value):
        errors.append(FieldError(path, "LIST_ITEM_VALUE_DUPLICATE", "Items must be unique."))


def _items(sub: Check) -> Check:
    def check(value: Any, path: Path_, errors: list[FieldError]) -> None:
        if isinstance(value, list):
            for index, item in enumerate(value):
                sub(item, (*path, index), errors)

    return check
