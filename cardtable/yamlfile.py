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

What is wrong is told as a :class:`~cardtable.engine.words.Said` made by
:func:`mistake`: English as it always read, and translated whole where it is
shown (:func:`located`, :func:`problem_text`), so a mistake in
``settings.yaml``, found before the language is known, still reads in it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from cardtable.engine.words import Said, say
from cardtable.i18n import N_, _, language, render

KeyPath = tuple[str | int, ...]


class Verbatim:
    """Words given to a mistake's sentence as they are (a key, a value, a file name): never translated."""

    __slots__ = ("text",)

    def __init__(self, text: object) -> None:
        self.text = str(text)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Verbatim({self.text!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Verbatim) and other.text == self.text

    def __hash__(self) -> int:
        return hash(self.text)


def mistake(template: str, /, **params: Any) -> Said:
    """What is wrong in a file, as a sentence translated whole where it is shown.

    ``template`` is marked ``N_("...")`` at the call. Text parameters are shown
    as they are (keys, values, names from the file); words that are to be
    translated themselves are passed as a :class:`Said`.
    """
    return say(template, **{k: Verbatim(v) if type(v) is str else v for k, v in params.items()})


def problem_text(message: str) -> str:
    """A mistake in the language in use: a :class:`Said` translated whole, other text as it is
    (PyYAML's own words, or a sentence already translated where it was made)."""
    if isinstance(message, Said) and language() != "en":
        return render(message, (), None)
    return str(message)


def as_said(message: str) -> Said:
    """A message from elsewhere (an option's or a game's check) as a :class:`Said`: a plain text is
    then looked up whole in the catalog where it is shown (it may be marked ``N_`` where it is made)."""
    return message if isinstance(message, Said) else Said(message)


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


def located(error: ConfigError, shown: str) -> str:
    """``error`` as the player reads it, in the language in use: ``shown`` is its file as it is named
    to the player; ``variants/ugly/fast.yaml, line 4: options.rounds: must be at most 9 (got 12)``."""
    what = problem_text(error.message)
    if error.line and error.key:
        # Translators: a mistake in one of the player's files. {file} is its name, {key} the setting
        # as written in the file (never translated), {problem} what is wrong ("must be at most 9").
        return _("{file}, line {line}: {key}: {problem}").format(
            file=shown, line=error.line, key=error.key, problem=what
        )
    if error.line:
        return _("{file}, line {line}: {problem}").format(file=shown, line=error.line, problem=what)
    if error.key:
        return _("{file}: {key}: {problem}").format(file=shown, key=error.key, problem=what)
    return _("{file}: {problem}").format(file=shown, problem=what)


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
            p, None, None, mistake(N_("is not a regular file (a folder or a device where a file should be)"))
        )
    with p.open("rb") as f:
        data = f.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise ConfigError(p, None, None, _too_large())
    return data


def parse_yaml(text: str, path: str | Path) -> YamlDoc:
    """Parse ``text`` (the contents of ``path``) with the safe loader, within the limits above."""
    if len(text) > MAX_BYTES:
        raise ConfigError(path, None, None, _too_large())
    loader = None
    try:
        loader = SAFE_LOADER(text)  # a NUL or other control character is refused already here
        node = loader.get_single_node()
        if node is not None:
            _measure(node, path)  # before anything walks the values an alias may repeat
        data = loader.construct_document(node) if node is not None else None
    except RecursionError:
        raise ConfigError(path, None, None, _too_deep()) from None
    except yaml.MarkedYAMLError as exc:
        line, problem = _where_and_what(exc)
        raise ConfigError(path, line, None, problem) from None
    except yaml.YAMLError as exc:
        raise ConfigError(
            path, None, None, mistake(N_("not valid YAML ({problem})"), problem=str(exc))
        ) from None
    finally:
        if loader is not None:
            loader.dispose()
    doc = YamlDoc(str(path), data)
    if node is not None:
        _record_lines(node, (), doc, set())
    return doc


def _too_large() -> Said:
    return mistake(N_("is larger than {size} MB: not a file of settings"), size=MAX_BYTES // 1_000_000)


def _too_deep() -> Said:
    return mistake(N_("is nested too deeply (more than {depth} levels)"), depth=MAX_DEPTH)


_NEVER_CLOSED = N_("this {opening} is never closed with a {closing}")
_NEVER_CLOSED_UNTIL = N_(
    "this {opening} is never closed with a {closing} (the file goes on to line {line} without it)"
)
_OPENED: dict[str, tuple[str, str, dict[str, str]]] = {
    "while parsing a flow sequence": (_NEVER_CLOSED, _NEVER_CLOSED_UNTIL, {"opening": "[", "closing": "]"}),
    "while parsing a flow mapping": (_NEVER_CLOSED, _NEVER_CLOSED_UNTIL, {"opening": "{", "closing": "}"}),
    "while scanning a quoted scalar": (
        N_("this quote is never closed"),
        N_("this quote is never closed (the file goes on to line {line} without it)"),
        {},
    ),
}
"""Mistakes found further on than they are made: reported where the bracket or quote opens (and,
where the file goes on past that line, the line it ends on without it)."""


def _where_and_what(exc: yaml.MarkedYAMLError) -> tuple[int | None, str]:
    """The line of a YAML mistake as a person would point at it, and what is wrong (PyYAML's own
    words where it has them: those are not translated)."""
    opened = _OPENED.get(exc.context or "")
    if opened is not None and exc.context_mark is not None:
        line = exc.context_mark.line + 1
        later = exc.problem_mark.line + 1 if exc.problem_mark is not None else None
        short, until, marks = opened
        if later is not None and later != line:
            return line, mistake(until, line=later, **marks)
        return line, mistake(short, **marks)
    mark = exc.problem_mark or exc.context_mark
    problem: str = exc.problem or exc.context or mistake(N_("not valid YAML"))
    if "could not determine a constructor" in (exc.problem or ""):
        problem = mistake(
            N_("tag {tag} is not allowed (only plain YAML values are)"), tag=_tag_of(exc.problem)
        )
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
                    path,
                    line,
                    None,
                    mistake(N_("repeats its aliases into more than {count} values"), count=f"{MAX_VALUES:,}"),
                )
            if depth[key] > MAX_DEPTH:
                raise ConfigError(path, line, None, _too_deep())
            continue
        if key in size:
            continue
        if key in open_:
            raise ConfigError(path, line, None, mistake(N_("an alias refers to a value that holds it")))
        if len(open_) > MAX_DEPTH:
            raise ConfigError(path, line, None, _too_deep())
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
        raise ConfigError(p, None, None, not_utf8(exc)) from None
    except OSError as exc:
        raise ConfigError(p, None, None, unreadable(exc)) from None
    return parse_yaml(text, p)


def not_utf8(exc: UnicodeDecodeError) -> Said:
    """Why a file is not read as text (the codec's reason, in its own words)."""
    return mistake(N_("not UTF-8 text ({reason})"), reason=exc.reason)


def unreadable(exc: OSError) -> Said:
    """Why a file or folder cannot be read (the system's reason, in its own words)."""
    return mistake(N_("cannot be read ({reason})"), reason=str(exc.strerror or exc))


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
                    mistake(N_("appears twice (first on line {line})"), line=seen[key]),
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
