"""Variants: named presets of a game's house rules, read from YAML.

``config/variants/<game>.yaml`` maps each variant's name to a description and
the options it changes. A player's own variant is one file,
``variants/<game>/<name>.yaml`` in the config folder, holding the same two
fields. Every option is checked against the game's schema; a mistake is a
:class:`~cardtable.yamlfile.ConfigError` naming the file, the line and the key.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cardtable.engine import ChoiceOption, GameSpec, OptionError, Variant
from cardtable.engine.options import variant_title  # noqa: F401 - offered with the other helpers
from cardtable.i18n import N_, _, ngettext
from cardtable.resources import config_file
from cardtable.yamlfile import (
    ConfigError,
    KeyPath,
    YamlDoc,
    as_said,
    load_yaml,
    mistake,
    parse_yaml,
    yaml_value,
)

STANDARD = "standard"
NAME_LENGTH = 40
DESCRIPTION_LENGTH = 200
_NAME = re.compile(r"^[a-z0-9][a-z0-9-]*$")
_FIELDS = ("title", "description", "options")


def variant_label(variant: Variant) -> str:
    """How a variant is listed: ``Short game``, or ``Pub Ugly (yours)``."""
    if variant.builtin:
        return variant.shown
    # Translators: a variant of the rules the player made, as it is listed.
    return _("{variant} (yours)").format(variant=variant.shown)


def is_variant_name(name: str) -> bool:
    """Whether ``name`` can name a variant file (lowercase letters, digits and dashes)."""
    return bool(_NAME.match(name)) and len(name) <= NAME_LENGTH


def parse_variants(spec: GameSpec, doc: YamlDoc, builtin: bool) -> dict[str, Variant]:
    """Check a parsed variants document against ``spec``'s schema."""
    data = doc.data
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise doc.error(
            (), mistake(N_("must be a mapping of variant names to their description and options"))
        )
    out: dict[str, Variant] = {}
    for name, body in data.items():
        if not isinstance(name, str) or not _NAME.match(name):
            raise doc.error((name,), mistake(N_("variant names use lowercase letters, digits and dashes")))
        out[name] = _parse_body(spec, doc, (name,), name, body, builtin)
    return out


def _parse_body(spec: GameSpec, doc: YamlDoc, keys: KeyPath, name: str, body: Any, builtin: bool) -> Variant:
    if not isinstance(body, dict):
        raise doc.error(keys, mistake(N_("must be a mapping with a description and options")))
    for key in body:
        if key not in _FIELDS:
            raise doc.error(
                (*keys, key), mistake(N_("unknown field; expected title or description or options"))
            )
    description = body.get("description", "")
    if description is None:
        description = ""
    if not isinstance(description, str):
        raise doc.error((*keys, "description"), _must_be_text())
    title = body.get("title") or ""
    if not isinstance(title, str):
        raise doc.error((*keys, "title"), _must_be_text())
    if len(title.strip()) > NAME_LENGTH:
        raise doc.error(
            (*keys, "title"), mistake(N_("must be at most {most} characters long"), most=NAME_LENGTH)
        )
    options = body.get("options") or {}
    if not isinstance(options, dict):
        raise doc.error((*keys, "options"), mistake(N_("must be a mapping of option names to values")))
    try:
        spec.schema.validate(options)
    except OptionError as exc:
        raise doc.error((*keys, "options", *exc.key.split(".")), as_said(exc.message)) from None
    return Variant(name, description.strip(), dict(options), builtin, doc.path, title.strip())


def parse_own_variant(spec: GameSpec, doc: YamlDoc, name: str) -> Variant:
    """A player's own variant: one file whose name is the variant's name."""
    if not _NAME.match(name):
        raise ConfigError(
            doc.path,
            None,
            None,
            mistake(N_("file names of variants use lowercase letters, digits and dashes")),
        )
    if doc.data is None:
        return Variant(name, "", {}, False, doc.path)
    return _parse_body(spec, doc, (), name, doc.data, builtin=False)


def load_variant_file(spec: GameSpec, path: str | Path, builtin: bool = False) -> dict[str, Variant]:
    """Read and check one variants file; raises :class:`ConfigError`."""
    return parse_variants(spec, load_yaml(path), builtin)


def load_builtin(spec: GameSpec) -> dict[str, Variant]:
    """The variants shipped in ``config/variants/<id>.yaml``, "standard" first."""
    path = config_file("variants", f"{spec.id}.yaml")
    variants = load_variant_file(spec, path, builtin=True) if path.exists() else {}
    standard = variants.pop(STANDARD, None) or Variant(STANDARD, N_("The rules as written."), {}, True)
    if standard.options:
        raise ConfigError(
            path, None, STANDARD, mistake(N_("the standard variant must not change any option"))
        )
    return {STANDARD: standard, **variants}


def _word(text: str) -> str:
    """An option's value in words (``on``, a choice's word), in the language in use; numbers as they are."""
    return _(text) if text else text


def _must_be_text() -> str:
    return mistake(N_("must be text"))


def playable_counts(spec: GameSpec, options: Mapping[str, Any]) -> list[int]:
    """The player counts a game can be played with under ``options``.

    Raises :class:`OptionError` (saying why) if the options are illegal, or if
    they fit no player count at all; the error of the largest table is given.
    """
    values = spec.schema.validate(options)
    fits: list[int] = []
    error: OptionError | None = None
    for players in spec.player_range:
        try:
            spec.game_class.check_options(players, values)
        except OptionError as exc:
            error = exc
        else:
            fits.append(players)
    if not fits and error is not None:
        raise error
    return fits


def salvage_variant(spec: GameSpec, text: str) -> tuple[str, str, dict[str, Any]]:
    """What can be read of a broken variant file: its title, description and each option that is
    right by itself (all of them together, if they fit some table; else none). Nothing readable
    gives the standard rules."""
    try:
        data = parse_yaml(text, "variant").data
    except ConfigError:
        data = None
    if not isinstance(data, dict):
        return "", "", {}
    title = data.get("title") if isinstance(data.get("title"), str) else ""
    description = data.get("description") if isinstance(data.get("description"), str) else ""
    options: dict[str, Any] = {}
    given = data.get("options")
    for key, value in given.items() if isinstance(given, dict) else ():
        try:
            spec.schema.validate({key: value})
        except OptionError:
            continue
        options[key] = value
    try:
        playable_counts(spec, options)
    except OptionError:
        options = {}
    title = title.strip() if len(title.strip()) <= NAME_LENGTH else ""
    return title, description.strip()[:DESCRIPTION_LENGTH], options


def variant_name(title: str) -> str:
    """The file name a title typed by a player becomes: ``"My Game!"`` -> ``"my-game"``.

    Raises :class:`ValueError` saying why when nothing usable is left.
    """
    plain = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode("ascii")
    name = re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")
    if not name:
        raise ValueError(_("a name needs at least one letter or digit"))
    if len(name) > NAME_LENGTH:
        raise ValueError(_("a name may be at most {most} characters long").format(most=NAME_LENGTH))
    return name


def change_list(spec: GameSpec, values: Mapping[str, Any]) -> str:
    """What ``values`` change from the standard rules, in words: ``Hands: 2; Loser penalty: 6``."""
    changes = spec.schema.changes(spec.schema.validate(values))
    # Translators: one changed house rule in a list of them: "Hands: 2".
    return "; ".join(
        _("{option}: {value}").format(option=_(o.title), value=_word(o.format(v))) for o, v in changes
    )


def describe_changes(spec: GameSpec, values: Mapping[str, Any]) -> str:
    """A description written from the changes (a variant must never keep text that no longer fits).

    Too many changes to list within :data:`DESCRIPTION_LENGTH` are counted instead.
    """
    changes = spec.schema.changes(spec.schema.validate(values))
    if not changes:
        return _("The standard rules.")
    text = _("The standard rules, changed \u2014 {changes}.").format(changes=change_list(spec, values))
    if len(text) > DESCRIPTION_LENGTH:
        n = len(changes)
        text = ngettext(
            "The standard rules with {n} change.", "The standard rules with {n} changes.", n
        ).format(n=n)
    return text


def variant_yaml(spec: GameSpec, description: str, options: Mapping[str, Any], title: str = "") -> str:
    """An own variant's file: a comment header, the description and the changed options.

    Each option gets a comment with its meaning and standard value, so the file
    can be edited by hand without looking anything up.
    """
    values = spec.schema.validate(options)
    changes = spec.schema.changes(values)
    lines = [
        f"# A variant of {spec.name}, made in Card Table. You may edit it by hand:",
        "# options left out keep their standard value, and",
        f"# `cardtable games --options {spec.id}` lists them all.",
        "# If something here is wrong, the app shows the variant greyed out with the line and",
        "# what is wrong, and offers to reset or delete it.",
        "",
        *([f"title: {yaml_value(title.strip())}"] if title.strip() else []),
        f"description: {yaml_value(description.strip())}",
        "options:" if changes else "options: {}",
    ]
    for option, value in changes:
        lines.append(f"  # {option.description} (standard: {yaml_value(option.default)})")
        if isinstance(option, ChoiceOption) and option.words and len(option.choices) <= 6:
            meanings = (f"{c} = {w}" for c, w in zip(option.choices, option.words, strict=True))
            lines.append(f"  # ({'; '.join(meanings)})")
        lines.append(f"  {option.key}: {yaml_value(value)}")
    return "\n".join(lines) + "\n"
