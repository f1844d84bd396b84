"""Variants: named presets of a game's house rules, read from YAML.

``config/variants/<game>.yaml`` maps each variant's name to a description and
the options it changes. Every option is checked against the game's schema;
a mistake is a :class:`~cardtable.yamlfile.ConfigError` naming the file, the
line and the key.
"""

from __future__ import annotations

import re
from pathlib import Path

from cardtable.engine import GameSpec, OptionError, Variant
from cardtable.resources import config_file
from cardtable.yamlfile import ConfigError, YamlDoc, load_yaml

STANDARD = "standard"
_NAME = re.compile(r"^[a-z0-9][a-z0-9-]*$")
_FIELDS = ("description", "options")


def variant_title(name: str) -> str:
    """``"short-game"`` -> ``"Short game"``."""
    return name.replace("-", " ").capitalize()


def parse_variants(spec: GameSpec, doc: YamlDoc, builtin: bool) -> dict[str, Variant]:
    """Check a parsed variants document against ``spec``'s schema."""
    data = doc.data
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise doc.error((), "must be a mapping of variant names to their description and options")
    out: dict[str, Variant] = {}
    for name, body in data.items():
        if not isinstance(name, str) or not _NAME.match(name):
            raise doc.error((name,), "variant names use lowercase letters, digits and dashes")
        if not isinstance(body, dict):
            raise doc.error((name,), "must be a mapping with a description and options")
        for key in body:
            if key not in _FIELDS:
                raise doc.error((name, key), f"unknown field; expected {' or '.join(_FIELDS)}")
        description = body.get("description", "")
        if not isinstance(description, str):
            raise doc.error((name, "description"), "must be text")
        options = body.get("options") or {}
        if not isinstance(options, dict):
            raise doc.error((name, "options"), "must be a mapping of option names to values")
        try:
            spec.schema.validate(options)
        except OptionError as exc:
            raise doc.error((name, "options", *exc.key.split(".")), exc.message) from None
        out[name] = Variant(name, description.strip(), dict(options), builtin, doc.path)
    return out


def load_variant_file(spec: GameSpec, path: str | Path, builtin: bool = False) -> dict[str, Variant]:
    """Read and check one variants file; raises :class:`ConfigError`."""
    return parse_variants(spec, load_yaml(path), builtin)


def load_builtin(spec: GameSpec) -> dict[str, Variant]:
    """The variants shipped in ``config/variants/<id>.yaml``, "standard" first."""
    path = config_file("variants", f"{spec.id}.yaml")
    variants = load_variant_file(spec, path, builtin=True) if path.exists() else {}
    standard = variants.pop(STANDARD, None) or Variant(STANDARD, "The rules as written.", {}, True)
    if standard.options:
        raise ConfigError(path, None, STANDARD, "the standard variant must not change any option")
    return {STANDARD: standard, **variants}
