"""Reading YAML safely, remembering the line of every key for error messages.

Only PyYAML's safe loader is used: a ``!!python/...`` tag is an error, never
code. Every problem becomes a :class:`ConfigError` that names the file, the
line and (where there is one) the key, so a person can fix the file by hand.
Files the app writes are plain text built with :func:`yaml_value`, so they
can carry comments for the people who edit them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

KeyPath = tuple[str | int, ...]


class ConfigError(ValueError):
    """A problem in a YAML file, located by file, line and key."""

    def __init__(self, path: str | Path, line: int | None, key: str | None, message: str) -> None:
        self.path = str(path)
        self.line = line
        self.key = key
        self.message = message
        where = self.path + (f":{line}" if line else "")
        what = f"{key}: {message}" if key else message
        super().__init__(f"{where}: {what}")


@dataclass
class YamlDoc:
    """A parsed document and the line (1-based) of each key path in it."""

    path: str
    data: Any
    lines: dict[KeyPath, int] = field(default_factory=dict)

    def line(self, keys: KeyPath) -> int | None:
        """The line of the deepest known prefix of ``keys``."""
        keys = tuple(str(k) for k in keys)
        for end in range(len(keys), -1, -1):
            if keys[:end] in self.lines:
                return self.lines[keys[:end]]
        return None

    def error(self, keys: KeyPath, message: str) -> ConfigError:
        dotted = ".".join(str(k) for k in keys) or None
        return ConfigError(self.path, self.line(keys), dotted, message)


SAFE_LOADER = yaml.CSafeLoader if yaml.__with_libyaml__ else yaml.SafeLoader
"""The safe loader, in C where PyYAML was built with libyaml (several times faster at start-up)."""


def parse_yaml(text: str, path: str | Path) -> YamlDoc:
    """Parse ``text`` (the contents of ``path``) with the safe loader."""
    loader = SAFE_LOADER(text)
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        problem = exc.problem or exc.context or "not valid YAML"
        if "could not determine a constructor" in (exc.problem or ""):
            problem = f"tag {_tag_of(exc.problem)} is not allowed (only plain YAML values are)"
        raise ConfigError(path, line, None, problem) from None
    except yaml.YAMLError as exc:
        raise ConfigError(path, None, None, f"not valid YAML ({exc})") from None
    finally:
        loader.dispose()
    doc = YamlDoc(str(path), data)
    if node is not None:
        _record_lines(node, (), doc)
    return doc


def overlay(base: YamlDoc, top: YamlDoc) -> YamlDoc:
    """``top``'s mappings merged over ``base``'s, key by key; any other value in ``top`` replaces.

    The result names ``top``'s file and lines: the base (a built-in file) is
    valid on its own, so whatever is wrong with the merge comes from ``top``.
    """
    data = base.data if top.data is None else _merge(base.data, top.data)  # an empty file changes nothing
    return YamlDoc(top.path, data, dict(top.lines))


def _merge(base: Any, top: Any) -> Any:
    if isinstance(base, dict) and isinstance(top, dict):
        out = dict(base)
        for key, value in top.items():
            out[key] = _merge(base[key], value) if key in base else value
        return out
    return top


def load_yaml(path: str | Path) -> YamlDoc:
    """Read and parse a YAML file; unreadable files are :class:`ConfigError` too."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise ConfigError(p, None, None, f"not UTF-8 text ({exc.reason})") from None
    except OSError as exc:
        raise ConfigError(p, None, None, f"cannot be read ({exc.strerror or exc})") from None
    return parse_yaml(text, p)


def _tag_of(problem: str | None) -> str:
    """The tag as it is written in the file: ``!!python/object/apply:os.system``."""
    if problem and "'" in problem:
        tag = problem.split("'")[1]
        return "!!" + tag.removeprefix("tag:yaml.org,2002:") if tag.startswith("tag:yaml.org,2002:") else tag
    return "?"


def _record_lines(node: yaml.Node, prefix: KeyPath, doc: YamlDoc) -> None:
    doc.lines.setdefault(prefix, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        seen: dict[Any, int] = {}
        for key_node, value_node in node.value:
            key = key_node.value if isinstance(key_node, yaml.ScalarNode) else str(key_node.value)
            line = key_node.start_mark.line + 1
            if key in seen:
                raise ConfigError(
                    doc.path,
                    line,
                    ".".join(str(k) for k in (*prefix, key)),
                    f"appears twice (first on line {seen[key]})",
                )
            seen[key] = line
            doc.lines[(*prefix, str(key))] = line
            _record_lines(value_node, (*prefix, str(key)), doc)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            doc.lines[(*prefix, str(i))] = item.start_mark.line + 1
            _record_lines(item, (*prefix, str(i)), doc)


def yaml_value(value: Any) -> str:
    """One value in YAML's flow style (``[1280, 720]``, ``'a: b'``), quoted where YAML needs it."""
    text = yaml.safe_dump([value], default_flow_style=True, allow_unicode=True, sort_keys=False, width=10**6)
    return text.strip()[1:-1]
