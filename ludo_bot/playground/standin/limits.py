"""Discord's documented limits on what a bot may send, checked the way Discord checks them.

Each check returns a list of `FieldError`s (a path into the JSON body, Discord's error code, a message); the
REST layer turns them into Discord's 400 "Invalid Form Body" (code 50035) answer and records a violation.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .records import IS_COMPONENTS_V2, Json

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_EMBED_TOTAL = 6000
MAX_ROWS = 5
MAX_ROW_BUTTONS = 5
MAX_CUSTOM_ID = 100
MAX_BUTTON_LABEL = 80
MAX_SELECT_OPTIONS = 25
MAX_V2_COMPONENTS = 40
MAX_ATTACHMENTS = 10
DEFAULT_UPLOAD_LIMIT = 25 * 1024 * 1024
MAX_MODAL_TITLE = 45
MAX_THREAD_NAME = 100

SELECT_TYPES = (3, 5, 6, 7, 8)
ACTION_ROW, BUTTON, TEXT_INPUT, LABEL = 1, 2, 4, 18
LINK_STYLE, PREMIUM_STYLE = 5, 6
COMMAND_NAME = re.compile(r"^[-_\w]{1,32}$")
LOCALES = frozenset({"id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl", "no",
                     "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th", "zh-CN",
                     "ja", "zh-TW", "ko"})  # the locales Discord accepts in *_localizations


@dataclass
class FieldError:
    path: tuple[str | int, ...]
    code: str
    message: str

    def __str__(self) -> str:
        return f"{'.'.join(str(p) for p in self.path)}: {self.message} ({self.code})"


def form_errors(errors: list[FieldError]) -> Json:
    """Discord's nested `errors` object: {"components": {"0": {"custom_id": {"_errors": [...]}}}}."""
    root: Json = {}
    for error in errors:
        node = root
        for part in error.path:
            node = node.setdefault(str(part), {})
        node.setdefault("_errors", []).append({"code": error.code, "message": error.message})
    return root


def _max_length(value: Any, limit: int, path: tuple[str | int, ...], errors: list[FieldError]) -> None:
    if isinstance(value, str) and len(value) > limit:
        errors.append(FieldError(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length."))


def _length_between(value: Any, low: int, high: int, path: tuple[str | int, ...], errors: list[FieldError]) -> None:
    if not isinstance(value, str) or not low <= len(value) <= high:
        errors.append(FieldError(path, "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length."))


def _localizations(value: Any, high: int, path: tuple[str | int, ...], errors: list[FieldError],
                   names: bool = False) -> None:
    """A `name_localizations` / `description_localizations` map: known locales, texts of 1 to `high` characters
    (command and option names also follow the name rules)."""
    if value is None:
        return
    if not isinstance(value, dict):
        errors.append(FieldError(path, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType"))
        return
    for locale, text in value.items():
        if locale not in LOCALES:
            errors.append(FieldError((*path, locale), "ENUM_TYPE_COERCE", f"Value {locale!r} is not a valid locale."))
        _length_between(text, 1, high, (*path, locale), errors)
        if names and isinstance(text, str) and (not COMMAND_NAME.match(text) or text != text.lower()):
            errors.append(FieldError((*path, locale), "APPLICATION_COMMAND_INVALID_NAME", f"Name is invalid: {text!r}"))


def check_message(body: Json, *, prefix: tuple[str | int, ...] = ()) -> list[FieldError]:
    """Content, embeds, components and allowed_mentions of a message create/edit body."""
    errors: list[FieldError] = []
    flags = int(body.get("flags") or 0)
    content = body.get("content")
    _max_length(content, MAX_CONTENT, (*prefix, "content"), errors)
    embeds = body.get("embeds") or []
    errors.extend(check_embeds(embeds, prefix=(*prefix, "embeds")))
    components = body.get("components") or []
    if flags & IS_COMPONENTS_V2:
        if content or embeds:
            errors.append(FieldError((*prefix, "content"), "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                                     "The 'content' and 'embeds' fields cannot be used when using MessageFlags."
                                     "IS_COMPONENTS_V2"))
        errors.extend(check_components_v2(components, prefix=(*prefix, "components")))
    else:
        errors.extend(check_components(components, prefix=(*prefix, "components")))
    allowed = body.get("allowed_mentions")
    if isinstance(allowed, dict):
        parse = allowed.get("parse") or []
        for kind in ("users", "roles"):
            if kind in parse and allowed.get(kind):
                errors.append(FieldError((*prefix, "allowed_mentions", kind),
                                         "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
                                         f'parse:["{kind}"] and {kind}: [ids...] are mutually exclusive.'))
    return errors


def check_embeds(embeds: list[Json], *, prefix: tuple[str | int, ...]) -> list[FieldError]:
    errors: list[FieldError] = []
    if len(embeds) > MAX_EMBEDS:
        errors.append(FieldError(prefix, "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_EMBEDS} or fewer in length."))
    total = 0
    limits = {"title": 256, "description": 4096}
    for i, embed in enumerate(embeds):
        for key, limit in limits.items():
            _max_length(embed.get(key), limit, (*prefix, i, key), errors)
            total += len(embed.get(key) or "")
        fields = embed.get("fields") or []
        if len(fields) > 25:
            errors.append(FieldError((*prefix, i, "fields"), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."))
        for j, fld in enumerate(fields):
            _max_length(fld.get("name"), 256, (*prefix, i, "fields", j, "name"), errors)
            _max_length(fld.get("value"), 1024, (*prefix, i, "fields", j, "value"), errors)
            total += len(fld.get("name") or "") + len(fld.get("value") or "")
        footer = embed.get("footer") or {}
        _max_length(footer.get("text"), 2048, (*prefix, i, "footer", "text"), errors)
        total += len(footer.get("text") or "")
        author = embed.get("author") or {}
        _max_length(author.get("name"), 256, (*prefix, i, "author", "name"), errors)
        total += len(author.get("name") or "")
    if total > MAX_EMBED_TOTAL:
        errors.append(FieldError(prefix, "MESSAGE_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000"))
    return errors


def _check_interactive(component: Json, path: tuple[str | int, ...], errors: list[FieldError],
                       seen: dict[str, tuple[str | int, ...]]) -> None:
    """Checks of a button or select, wherever it sits."""
    kind = component.get("type")
    custom_id = component.get("custom_id")
    if kind == BUTTON:
        style = component.get("style")
        if style not in (1, 2, 3, 4, 5, 6):
            errors.append(FieldError((*path, "style"), "BASE_TYPE_CHOICES",
                                     f"Value must be one of (1..6), got {style}"))
        if style == LINK_STYLE:
            if not component.get("url"):
                errors.append(FieldError((*path, "url"), "BASE_TYPE_REQUIRED", "This field is required"))
            if custom_id is not None:
                errors.append(FieldError((*path, "custom_id"), "COMPONENT_LAYOUT_INVALID",
                                         "A link button cannot have a custom_id"))
        elif style != PREMIUM_STYLE and custom_id is None:
            errors.append(FieldError((*path, "custom_id"), "BASE_TYPE_REQUIRED", "This field is required"))
        _max_length(component.get("label"), MAX_BUTTON_LABEL, (*path, "label"), errors)
        if style not in (PREMIUM_STYLE,) and not component.get("label") and not component.get("emoji"):
            errors.append(FieldError((*path, "label"), "BASE_TYPE_REQUIRED", "A button needs a label or an emoji"))
    elif kind in SELECT_TYPES:
        if custom_id is None:
            errors.append(FieldError((*path, "custom_id"), "BASE_TYPE_REQUIRED", "This field is required"))
        _max_length(component.get("placeholder"), 150, (*path, "placeholder"), errors)
        if kind == 3:
            options = component.get("options") or []
            if not 1 <= len(options) <= MAX_SELECT_OPTIONS:
                errors.append(FieldError((*path, "options"), "BASE_TYPE_BAD_LENGTH",
                                         f"Must be between 1 and {MAX_SELECT_OPTIONS} in length."))
            for j, option in enumerate(options):
                for key in ("label", "value", "description"):
                    _max_length(option.get(key), 100, (*path, "options", j, key), errors)
        for key in ("min_values", "max_values"):
            value = component.get(key)
            if value is not None and not 0 <= int(value) <= 25:
                errors.append(FieldError((*path, key), "NUMBER_TYPE_MAX", "int value should be between 0 and 25."))
    if custom_id is not None:
        if not isinstance(custom_id, str) or not custom_id:
            errors.append(FieldError((*path, "custom_id"), "BASE_TYPE_BAD_LENGTH",
                                     "Must be between 1 and 100 in length."))
        else:
            _max_length(custom_id, MAX_CUSTOM_ID, (*path, "custom_id"), errors)
            if custom_id in seen:
                errors.append(FieldError((*path, "custom_id"), "COMPONENT_CUSTOM_ID_DUPLICATED",
                                         "Component custom id cannot be duplicated"))
            seen[custom_id] = path


def check_components(components: list[Json], *, prefix: tuple[str | int, ...]) -> list[FieldError]:
    """Classic layout: at most 5 action rows; a row holds 1-5 buttons or exactly one select."""
    errors: list[FieldError] = []
    if len(components) > MAX_ROWS:
        errors.append(FieldError(prefix, "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_ROWS} or fewer in length."))
    seen: dict[str, tuple[str | int, ...]] = {}
    for i, row in enumerate(components):
        path = (*prefix, i)
        if row.get("type") != ACTION_ROW:
            errors.append(FieldError((*path, "type"), "COMPONENT_LAYOUT_INVALID",
                                     "Top-level components must be action rows (without the components v2 flag)"))
            continue
        children = row.get("components") or []
        if not children:
            errors.append(FieldError((*path, "components"), "BASE_TYPE_BAD_LENGTH",
                                     "Must be between 1 and 5 in length."))
        if len(children) > MAX_ROW_BUTTONS:
            errors.append(FieldError((*path, "components"), "BASE_TYPE_MAX_LENGTH",
                                     f"Must be {MAX_ROW_BUTTONS} or fewer in length."))
        kinds = {c.get("type") for c in children}
        if kinds & set(SELECT_TYPES) and len(children) > 1:
            errors.append(FieldError((*path, "components"), "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                                     "The specified component exceeds the maximum width"))
        for j, child in enumerate(children):
            if child.get("type") not in (BUTTON, *SELECT_TYPES):
                errors.append(FieldError((*path, "components", j, "type"), "COMPONENT_LAYOUT_INVALID",
                                         f"Component type {child.get('type')} is not allowed in a message action row"))
                continue
            _check_interactive(child, (*path, "components", j), errors, seen)
    return errors


def check_components_v2(components: list[Json], *, prefix: tuple[str | int, ...]) -> list[FieldError]:
    """Components v2: at most 40 components in total; the per-button and per-select rules still apply."""
    errors: list[FieldError] = []
    seen: dict[str, tuple[str | int, ...]] = {}
    count = 0

    def visit(items: list[Json], path: tuple[str | int, ...]) -> None:
        nonlocal count
        for i, item in enumerate(items):
            count += 1
            here = (*path, i)
            if item.get("type") == ACTION_ROW and len(item.get("components") or []) > MAX_ROW_BUTTONS:
                errors.append(FieldError((*here, "components"), "BASE_TYPE_MAX_LENGTH",
                                         f"Must be {MAX_ROW_BUTTONS} or fewer in length."))
            _check_interactive(item, here, errors, seen)
            if isinstance(item.get("components"), list):
                visit(item["components"], (*here, "components"))
            if isinstance(item.get("accessory"), dict):
                visit([item["accessory"]], (*here, "accessory"))

    visit(components, prefix)
    if count > MAX_V2_COMPONENTS:
        errors.append(FieldError(prefix, "BASE_TYPE_MAX_LENGTH",
                                 f"Must be {MAX_V2_COMPONENTS} or fewer in length (all nested components)."))
    return errors


def check_modal(data: Json, *, prefix: tuple[str | int, ...] = ("data",)) -> list[FieldError]:
    errors: list[FieldError] = []
    _length_between(data.get("title"), 1, MAX_MODAL_TITLE, (*prefix, "title"), errors)
    _length_between(data.get("custom_id"), 1, MAX_CUSTOM_ID, (*prefix, "custom_id"), errors)
    components = data.get("components") or []
    if not 1 <= len(components) <= 5:
        errors.append(FieldError((*prefix, "components"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length."))
    seen: set[str] = set()
    for i, top in enumerate(components):
        path = (*prefix, "components", i)
        if top.get("type") == LABEL:
            _length_between(top.get("label"), 1, 45, (*path, "label"), errors)
            _max_length(top.get("description"), 100, (*path, "description"), errors)
            inner = [top.get("component") or {}]
        elif top.get("type") == ACTION_ROW:
            inner = top.get("components") or []
        else:
            continue
        for j, item in enumerate(inner):
            here = (*path, "components", j)
            custom_id = item.get("custom_id")
            if custom_id is not None:
                _length_between(custom_id, 1, MAX_CUSTOM_ID, (*here, "custom_id"), errors)
                if custom_id in seen:
                    errors.append(FieldError((*here, "custom_id"), "COMPONENT_CUSTOM_ID_DUPLICATED",
                                             "Component custom id cannot be duplicated"))
                seen.add(custom_id)
            if item.get("type") == TEXT_INPUT:
                _max_length(item.get("label"), 45, (*here, "label"), errors)
                _max_length(item.get("placeholder"), 100, (*here, "placeholder"), errors)
                _max_length(item.get("value"), 4000, (*here, "value"), errors)
    return errors


def check_commands(commands: list[Json]) -> list[FieldError]:
    """Application command payloads of a bulk overwrite."""
    errors: list[FieldError] = []
    if len(commands) > 100:
        errors.append(FieldError((), "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length."))
    names: set[tuple[int, str]] = set()
    for i, command in enumerate(commands):
        kind = int(command.get("type", 1))
        name = command.get("name")
        if not isinstance(name, str) or not COMMAND_NAME.match(name) or (kind == 1 and name != name.lower()):
            errors.append(FieldError((i, "name"), "APPLICATION_COMMAND_INVALID_NAME",
                                     f"Command name is invalid: {name!r}"))
        if (kind, str(name)) in names:
            errors.append(FieldError((i, "name"), "APPLICATION_COMMANDS_DUPLICATE_NAME",
                                     f"Application command names must be unique: {name!r}"))
        names.add((kind, str(name)))
        _localizations(command.get("name_localizations"), 32, (i, "name_localizations"), errors, names=kind == 1)
        if kind == 1:
            _length_between(command.get("description"), 1, 100, (i, "description"), errors)
            _localizations(command.get("description_localizations"), 100, (i, "description_localizations"), errors)
            errors.extend(_check_options(command.get("options") or [], (i, "options")))
    return errors


def _check_options(options: list[Json], path: tuple[str | int, ...]) -> list[FieldError]:
    errors: list[FieldError] = []
    if len(options) > 25:
        errors.append(FieldError(path, "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."))
    optional_seen = False
    for i, option in enumerate(options):
        here = (*path, i)
        name = option.get("name")
        if not isinstance(name, str) or not COMMAND_NAME.match(name) or name != name.lower():
            errors.append(FieldError((*here, "name"), "APPLICATION_COMMAND_INVALID_NAME",
                                     f"Option name is invalid: {name!r}"))
        _length_between(option.get("description"), 1, 100, (*here, "description"), errors)
        _localizations(option.get("name_localizations"), 32, (*here, "name_localizations"), errors, names=True)
        _localizations(option.get("description_localizations"), 100, (*here, "description_localizations"), errors)
        if len(option.get("choices") or []) > 25:
            errors.append(FieldError((*here, "choices"), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."))
        for j, choice in enumerate(option.get("choices") or []):
            _length_between(choice.get("name"), 1, 100, (*here, "choices", j, "name"), errors)
            _localizations(choice.get("name_localizations"), 100, (*here, "choices", j, "name_localizations"), errors)
        if option.get("type") in (1, 2):
            errors.extend(_check_options(option.get("options") or [], (*here, "options")))
        elif option.get("required"):
            if optional_seen:
                errors.append(FieldError((*here, "required"), "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                                         "Required options must be placed before non-required options"))
        else:
            optional_seen = True
    return errors
