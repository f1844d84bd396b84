"""Reading YAML safely, remembering the line of every key for error messages.

Only PyYAML's safe loader is used: a ``!!python/...`` tag is an error, never
code. Files are read within limits nobody reaches by hand (:data:`MAX_BYTES`,
:data:`MAX_DEPTH`, :data:`MAX_VALUES` once aliases are expanded), so a file
made to hang or exhaust the app (a "billion laughs" of aliases, thousands of
nested brackets, 50 MB) is a problem reported in a blink like any other.
Every problem becomes a :class:`ConfigError` that names the file, the line
and (where there is one) the key, so a person can fix the file by hand.
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

MAX_BYTES = 4_000_000
"""The largest YAML file read: far beyond any file a person writes (or 1,000 games of statistics)."""
MAX_DEPTH = 60
"""How deeply values may nest (a layout nests six deep)."""
MAX_VALUES = 200_000
"""How many values a file may hold once its aliases are expanded."""


def read_limited(path: str | Path) -> bytes:
    """The bytes of a file to parse: a regular file of at most :data:`MAX_BYTES` (a larger one is
    not read through). :class:`ConfigError` if it is not such a file; ``OSError`` if it cannot be read."""
    p = Path(path)
    if p.exists() and not p.is_file():
        raise ConfigError(
            p, None, None, "is not a regular file (a folder or a device where a file should be)"
        )
    with p.open("rb") as f:
        data = f.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise ConfigError(
            p, None, None, f"is larger than {MAX_BYTES // 1_000_000} MB: not a file of settings"
        )
    return data


def parse_yaml(text: str, path: str | Path) -> YamlDoc:
    """Parse ``text`` (the contents of ``path``) with the safe loader, within the limits above."""
    if len(text) > MAX_BYTES:
        raise ConfigError(
            path, None, None, f"is larger than {MAX_BYTES // 1_000_000} MB: not a file of settings"
        )
    loader = None
    try:
        loader = SAFE_LOADER(text)  # a NUL or other control character is refused already here
        node = loader.get_single_node()
        if node is not None:
            _measure(node, path)  # before anything walks the values an alias may repeat
        data = loader.construct_document(node) if node is not None else None
    except RecursionError:
        raise ConfigError(path, None, None, f"is nested too deeply (more than {MAX_DEPTH} levels)") from None
    except yaml.MarkedYAMLError as exc:
        line, problem = _where_and_what(exc)
        raise ConfigError(path, line, None, problem) from None
    except yaml.YAMLError as exc:
        raise ConfigError(path, None, None, f"not valid YAML ({exc})") from None
    finally:
        if loader is not None:
            loader.dispose()
    doc = YamlDoc(str(path), data)
    if node is not None:
        _record_lines(node, (), doc, set())
    return doc


_OPENED = {
    "while parsing a flow sequence": "this [ is never closed with a ]",
    "while parsing a flow mapping": "this { is never closed with a }",
    "while scanning a quoted scalar": "this quote is never closed",
}
"""Mistakes found further on than they are made: reported where the bracket or quote opens."""


def _where_and_what(exc: yaml.MarkedYAMLError) -> tuple[int | None, str]:
    """The line of a YAML mistake as a person would point at it, and what is wrong."""
    opened = _OPENED.get(exc.context or "")
    if opened is not None and exc.context_mark is not None:
        line = exc.context_mark.line + 1
        later = exc.problem_mark.line + 1 if exc.problem_mark is not None else None
        if later is not None and later != line:
            opened += f" (the file goes on to line {later} without it)"
        return line, opened
    mark = exc.problem_mark or exc.context_mark
    problem = exc.problem or exc.context or "not valid YAML"
    if "could not determine a constructor" in (exc.problem or ""):
        problem = f"tag {_tag_of(exc.problem)} is not allowed (only plain YAML values are)"
    return (mark.line + 1 if mark is not None else None), problem


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.MappingNode):
        return [n for pair in node.value for n in pair]
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    return []


def _measure(root: yaml.Node, path: str | Path) -> None:
    """Refuse a document too deep, too large once its aliases are expanded, or holding itself.

    Each node is visited once (an alias is the same node again), so this takes
    time in proportion to the file, however much its aliases would expand.
    """
    size: dict[int, int] = {}
    depth: dict[int, int] = {}
    open_: set[int] = set()  # nodes on the path from the root: met again, a node holds itself
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, finished = stack.pop()
        key = id(node)
        line = node.start_mark.line + 1
        if finished:
            kids = _children(node)
            size[key] = 1 + sum(size[id(k)] for k in kids)
            depth[key] = 1 + max((depth[id(k)] for k in kids), default=0)
            open_.discard(key)
            if size[key] > MAX_VALUES:
                raise ConfigError(
                    path, line, None, f"repeats its aliases into more than {MAX_VALUES:,} values"
                )
            if depth[key] > MAX_DEPTH:
                raise ConfigError(path, line, None, f"is nested too deeply (more than {MAX_DEPTH} levels)")
            continue
        if key in size:
            continue
        if key in open_:
            raise ConfigError(path, line, None, "an alias refers to a value that holds it")
        if len(open_) > MAX_DEPTH:
            raise ConfigError(path, line, None, f"is nested too deeply (more than {MAX_DEPTH} levels)")
        open_.add(key)
        stack.append((node, True))
        stack.extend((k, False) for k in _children(node) if id(k) not in size)


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
        text = read_limited(p).decode("utf-8")
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


def _record_lines(node: yaml.Node, prefix: KeyPath, doc: YamlDoc, seen_nodes: set[int]) -> None:
    """The line of each key path; a node an alias repeats is walked once (its first path)."""
    doc.lines.setdefault(prefix, node.start_mark.line + 1)
    if id(node) in seen_nodes:
        return
    seen_nodes.add(id(node))
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
            _record_lines(value_node, (*prefix, str(key)), doc, seen_nodes)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            doc.lines[(*prefix, str(i))] = item.start_mark.line + 1
            _record_lines(item, (*prefix, str(i)), doc, seen_nodes)


def yaml_value(value: Any) -> str:
    """One value in YAML's flow style (``[1280, 720]``, ``'a: b'``), quoted where YAML needs it."""
    text = yaml.safe_dump([value], default_flow_style=True, allow_unicode=True, sort_keys=False, width=10**6)
    return text.strip()[1:-1]
