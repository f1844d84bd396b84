"""Option schemas (a game's house rules, typed) and variants (named presets).

Every option has a key, a default (the rules as RULES.md states them), a
one-line description and a type with its bounds or choices. ``validate``
turns any mapping (from YAML, the command line or the settings screen) into a
complete, checked option dict or raises :class:`OptionError` naming the key.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .words import N_, say, say_n

AUTO = "auto"


class OptionError(ValueError):
    """A bad option value; ``key`` is the dotted key path that is wrong.

    ``message`` is for people (a :class:`~cardtable.engine.words.Said`, to be translated whole
    where it is shown)."""

    def __init__(self, key: str, message: str) -> None:
        super().__init__(f"{key}: {message}")
        self.key = key
        self.message = message


_TYPE_NAMES: dict[type, str] = {
    # Translators: what a wrong value is, as in "must be a whole number, not nothing (None)".
    type(None): N_("nothing"),
    bool: N_("true/false"),  # before int: a bool is an int too
    int: N_("a whole number"),
    float: N_("a decimal number"),
    # Translators: what a wrong value is, as in "must be a whole number, not text ('x')".
    str: N_("text"),
    list: N_("a list"),
    dict: N_("a mapping"),
}


def _type_name(value: Any) -> str:
    """What ``value`` is, in the words an error message uses for it."""
    return next((name for kind, name in _TYPE_NAMES.items() if isinstance(value, kind)), type(value).__name__)


def comma_list(items: Sequence[Any]) -> str:
    """``items`` as a list a person reads ("J♦ -3, 7♦ Ugly"): each item (a word to translate, a
    :class:`~cardtable.engine.words.Said`, a card) translated on its own, the list joined by a
    sentence a translator may punctuate; empty for no items, the one item alone."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0] if isinstance(items[0], str) else str(items[0])
    rest = comma_list(items[1:])
    # Translators: a list: its first item, then the rest of the list ("J♦ -3, 7♦ Ugly").
    return say("{first}, {rest}", first=items[0], rest=rest)


@dataclass(frozen=True)
class Option:
    """Base of the option types; subclasses check and normalize values."""

    key: str
    default: Any
    description: str
    label: str = ""

    kind = "option"

    @property
    def title(self) -> str:
        """The option's name for people: its ``label`` (marked to translate where it is written)."""
        return self.label or self.key.replace("_", " ").capitalize()

    def validate(self, value: Any) -> Any:  # pragma: no cover - abstract
        raise NotImplementedError

    def format(self, value: Any) -> str:
        """The value as a person reads it: words marked to translate, or a
        :class:`~cardtable.engine.words.Said` (show it through ``format_prompt``)."""
        return str(value)


@dataclass(frozen=True)
class BoolOption(Option):
    kind = "bool"

    def validate(self, value: Any) -> bool:
        if not isinstance(value, bool):
            raise OptionError(
                self.key,
                say("must be true or false, not {kind} ({value})", kind=_type_name(value), value=repr(value)),
            )
        return value

    def format(self, value: Any) -> str:
        # Translators: a house rule's value: switched on or off.
        return N_("on") if value else N_("off")


@dataclass(frozen=True)
class IntOption(Option):
    """A whole number within ``[minimum, maximum]``; ``"auto"`` if ``auto``."""

    minimum: int = 0
    maximum: int = 100
    auto: bool = False

    kind = "int"

    def validate(self, value: Any) -> int | str:
        if self.auto and value == AUTO:
            return AUTO
        if isinstance(value, bool) or not isinstance(value, int):
            kind, got = _type_name(value), repr(value)
            if self.auto:
                raise OptionError(
                    self.key,
                    say('must be a whole number or "auto", not {kind} ({value})', kind=kind, value=got),
                )
            raise OptionError(
                self.key, say("must be a whole number, not {kind} ({value})", kind=kind, value=got)
            )
        if value < self.minimum:
            raise OptionError(
                self.key, say("must be at least {minimum} (got {value})", minimum=self.minimum, value=value)
            )
        if value > self.maximum:
            raise OptionError(
                self.key, say("must be at most {maximum} (got {value})", maximum=self.maximum, value=value)
            )
        return value

    def format(self, value: Any) -> str:
        # Translators: a house rule's value: worked out from the number of players.
        return N_("auto") if value == AUTO else str(value)


@dataclass(frozen=True)
class ChoiceOption(Option):
    """One of a fixed list of strings; ``words`` says each as a player reads it (the strings are
    what files and the command line use)."""

    choices: tuple[str, ...] = ()
    words: tuple[str, ...] = ()
    """One per choice, in the same order."""

    kind = "choice"

    def __post_init__(self) -> None:
        if self.words and len(self.words) != len(self.choices):
            raise ValueError(f"{self.key}: one word per choice")

    @classmethod
    def worded(
        cls, key: str, default: str, description: str, /, label: str = "", **words: str
    ) -> ChoiceOption:
        """Choices given each beside its words (``left="always left"``), in order, so the two cannot
        drift apart as parallel tuples can; for choices that are names (not ``label``)."""
        return cls(key, default, description, label, choices=tuple(words), words=tuple(words.values()))

    def format(self, value: Any) -> str:
        if self.words and value in self.choices:
            return self.words[self.choices.index(value)]
        return str(value)

    def validate(self, value: Any) -> str:
        choices = ", ".join(self.choices)
        if not isinstance(value, str):
            raise OptionError(
                self.key,
                say(
                    "must be one of {choices}, not {kind} ({value})",
                    choices=choices,
                    kind=_type_name(value),
                    value=repr(value),
                ),
            )
        if value not in self.choices:
            raise OptionError(
                self.key, say("must be one of {choices} (got {value})", choices=choices, value=repr(value))
            )
        return value


@dataclass(frozen=True)
class TextOption(Option):
    """A short line of text (a label the table displays)."""

    max_length: int = 40

    kind = "text"

    def validate(self, value: Any) -> str:
        if not isinstance(value, str):
            raise OptionError(
                self.key, say("must be text, not {kind} ({value})", kind=_type_name(value), value=repr(value))
            )
        value = value.strip()
        if not value:
            raise OptionError(self.key, say("must not be empty"))
        if len(value) > self.max_length:
            raise OptionError(
                self.key,
                say_n(
                    "must be at most {n} character long",
                    "must be at most {n} characters long",
                    self.max_length,
                ),
            )
        return value


@dataclass(frozen=True)
class IntMapOption(Option):
    """A whole number for each of a fixed set of keys (e.g. a value per Jack).

    A partial mapping keeps the defaults for the keys it leaves out.
    """

    keys: tuple[str, ...] = ()
    minimum: int = 0
    maximum: int = 100

    kind = "intmap"

    def validate(self, value: Any) -> dict[str, int]:
        keys = ", ".join(self.keys)
        if not isinstance(value, Mapping):
            raise OptionError(
                self.key,
                say(
                    "must be a mapping of {keys} to whole numbers, not {kind}",
                    keys=keys,
                    kind=_type_name(value),
                ),
            )
        out = dict(self.default)
        for k, v in value.items():
            path = f"{self.key}.{k}"
            if k not in self.keys:
                raise OptionError(path, say("unknown key; expected one of {keys}", keys=keys))
            if isinstance(v, bool) or not isinstance(v, int):
                raise OptionError(
                    path,
                    say("must be a whole number, not {kind} ({value})", kind=_type_name(v), value=repr(v)),
                )
            if not self.minimum <= v <= self.maximum:
                raise OptionError(
                    path,
                    say(
                        "must be between {minimum} and {maximum} (got {value})",
                        minimum=self.minimum,
                        maximum=self.maximum,
                        value=v,
                    ),
                )
            out[k] = v
        return out

    def format(self, value: Any) -> str:
        # Translators: one key of a house rule and its number, in a list ("spades 1, clubs 2").
        return comma_list([say("{key} {number}", key=k, number=value[k]) for k in self.keys])


class OptionSchema:
    """The ordered options of one game."""

    def __init__(self, options: list[Option] | tuple[Option, ...]) -> None:
        self.options: tuple[Option, ...] = tuple(options)
        self._by_key = {o.key: o for o in self.options}
        if len(self._by_key) != len(self.options):
            raise ValueError("option keys must be unique")
        for o in self.options:
            o.validate(o.default)  # a schema with a bad default is a programming error

    def __iter__(self) -> Iterator[Option]:
        return iter(self.options)

    def __len__(self) -> int:
        return len(self.options)

    def __contains__(self, key: object) -> bool:
        return key in self._by_key

    def __getitem__(self, key: str) -> Option:
        return self._by_key[key]

    def defaults(self) -> dict[str, Any]:
        return {o.key: _copy(o.default) for o in self.options}

    def validate(self, values: Mapping[str, Any] | None) -> dict[str, Any]:
        """Defaults overlaid with ``values``, each checked; unknown keys are errors."""
        out = self.defaults()
        if values is None:
            return out
        if not isinstance(values, Mapping):
            raise OptionError(
                "options",
                say("must be a mapping of option names to values, not {kind}", kind=_type_name(values)),
            )
        for key, value in values.items():
            option = self._by_key.get(key)
            if option is None:
                raise OptionError(
                    str(key), say("unknown option; known options: {options}", options=", ".join(self._by_key))
                )
            out[key] = option.validate(value)
        return out

    def changes(self, values: Mapping[str, Any]) -> list[tuple[Option, Any]]:
        """The options whose value differs from the default, in schema order."""
        return [(o, values[o.key]) for o in self.options if o.key in values and values[o.key] != o.default]


def _copy(value: Any) -> Any:
    return dict(value) if isinstance(value, dict) else value


def variant_title(name: str) -> str:
    """``"short-game"`` -> ``"Short game"``: a variant's file name in words."""
    return name.replace("-", " ").capitalize()


@dataclass(frozen=True)
class Variant:
    """A named preset: a partial option mapping, validated against a schema."""

    name: str
    description: str
    options: Mapping[str, Any] = field(default_factory=dict)
    builtin: bool = True
    source: str | None = None
    title: str = ""
    """The name as its maker typed it ("Pub Ugly"); ``name`` is the file's ("pub-ugly")."""

    @property
    def shown(self) -> str:
        """The name a player reads: the typed title, else the file name in words."""
        return self.title or variant_title(self.name)
