"""The player's own files: ``settings.yaml``, ``variants/<game>/<name>.yaml``, ``layouts/<game>.yaml``.

Reading never changes a file and never stops the app: a broken file becomes
a *problem* (file, line, what is wrong) for the app to show, and the
defaults are used for that file. Writing is atomic (a temporary file in the
same folder, then ``os.replace``), and a file the app neither read
successfully nor wrote itself is first kept as a ``.bak`` copy, so saving
never loses what a person wrote by hand.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterable, Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

from cardtable.engine import GameSpec, Variant
from cardtable.i18n import N_, _
from cardtable.settings import Settings, parse_settings, settings_yaml
from cardtable.variants import (
    NAME_LENGTH,
    STANDARD,
    is_variant_name,
    parse_own_variant,
    salvage_variant,
    variant_name,
    variant_title,
    variant_yaml,
)
from cardtable.yamlfile import (
    ConfigError,
    YamlDoc,
    located,
    mistake,
    not_utf8,
    parse_yaml,
    read_limited,
    unreadable,
)

SETTINGS = "settings.yaml"
VARIANTS = "variants"
LAYOUTS = "layouts"


def atomic_write(path: Path, text: str) -> None:
    """Write ``text`` so that ``path`` holds either the old or the new contents, never half of one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def backup_path(path: Path) -> Path:
    """The first free name among ``x.yaml.bak``, ``x.yaml.1.bak``, ``x.yaml.2.bak`` ..."""
    candidate = path.with_name(path.name + ".bak")
    n = 1
    while candidate.exists() or candidate.is_symlink():
        candidate = path.with_name(f"{path.name}.{n}.bak")
        n += 1
    return candidate


def set_aside_path(path: Path, when: datetime | None = None) -> Path:
    """A free name to keep a file that cannot be used under: ``statistics.broken-20261123-074123.yaml``
    (``-2`` ... if taken)."""
    stamp = (when or datetime.now()).strftime("%Y%m%d-%H%M%S")
    candidate = path.with_name(f"{path.stem}.broken-{stamp}{path.suffix}")
    n = 2
    while candidate.exists() or candidate.is_symlink():
        candidate = path.with_name(f"{path.stem}.broken-{stamp}-{n}{path.suffix}")
        n += 1
    return candidate


class UserFiles:
    """The files under one config folder, and what went wrong reading them."""

    def __init__(self, root: str | Path) -> None:
        self.root = Path(root)
        self.problems: dict[Path, ConfigError] = {}
        """Files that could not be used, by path; each is shown to the player."""
        self.notes: list[str] = []
        """Other things the player should know (where a broken file was kept)."""
        self.own: dict[str, dict[str, Variant]] = {}
        """The player's variants per game id, by name."""
        self.broken: dict[str, dict[str, Path]] = {}
        """The player's variant files that cannot be used, per game id, by name: listed greyed, with
        their mistake (in ``problems``), to be mended or deleted."""
        self._known: dict[Path, bytes] = {}

    # -- paths and problems --------------------------------------------------------

    @property
    def settings_path(self) -> Path:
        return self.root / SETTINGS

    def variant_path(self, game: str, name: str) -> Path:
        return self.root / VARIANTS / game / f"{name}.yaml"

    def layout_path(self, game: str) -> Path:
        return self.root / LAYOUTS / f"{game}.yaml"

    def report(self, error: ConfigError) -> None:
        """Remember a problem with a file, to show the player; saving over it will keep a backup."""
        path = Path(error.path)
        self.problems[path] = error
        self._known.pop(path, None)

    def describe(self, error: ConfigError) -> str:
        """``variants/ugly/fast.yaml, line 4: options.rounds: must be at most 9 (got 12)``, in the
        language in use (made when it is shown: settings.yaml is read before the language is known)."""
        return located(error, self._shown(Path(error.path)))

    def messages(self, variants: bool | None = None) -> list[str]:
        """The problems as the player reads them; ``variants`` True or False keeps only the
        problems with variant files, or only the others (settings, layouts)."""
        out = []
        for path, error in self.problems.items():
            is_variant = self._shown(path).startswith(f"{VARIANTS}/")
            if variants is None or variants == is_variant:
                out.append(self.describe(error))
        return out

    def read(self, path: Path) -> YamlDoc | None:
        """Parse ``path``; a problem is reported and gives None. Nothing is ever written here."""
        try:
            raw = read_limited(path)
        except ConfigError as exc:
            self.report(exc)
            return None
        except OSError as exc:
            why = unreadable(exc)
            if path.is_symlink() and not path.exists():
                why = mistake(N_("is a link to {target}, which does not exist"), target=os.readlink(path))
            self.report(ConfigError(path, None, None, why))
            return None
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            self.report(ConfigError(path, None, None, not_utf8(exc)))
            return None
        try:
            doc = parse_yaml(text, path)
        except ConfigError as exc:
            self.report(exc)
            return None
        self._known[path] = raw
        return doc

    def _forget(self, path: Path) -> None:
        self.problems.pop(path, None)
        self._known.pop(path, None)

    # -- writing -------------------------------------------------------------------

    def write(self, path: Path, text: str) -> None:
        """Write atomically, first keeping a ``.bak`` of contents the app did not read or write.

        Raises :class:`OSError` if the file cannot be written (nothing is lost then either).
        """
        if path.is_symlink() and not path.exists():  # a link to nothing: the link is kept, not lost
            kept = backup_path(path)
            target = os.readlink(path)
            path.rename(kept)
            self.notes.append(
                _("{file} was a link to {target}, which does not exist; it is kept as {kept}").format(
                    file=self._shown(path), target=target, kept=kept.name
                )
            )
        try:
            current = path.read_bytes()
        except FileNotFoundError:
            current = None
        if current is not None and current != self._known.get(path):
            kept = backup_path(path)
            kept.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, kept)
            self.notes.append(_own_changes(self._shown(path), kept.name))
        atomic_write(path, text)
        self._known[path] = text.encode("utf-8")
        self.problems.pop(path, None)

    def remove(self, path: Path) -> None:
        """Delete a file the app wrote; contents it does not know are kept as ``.bak`` first."""
        try:
            current = path.read_bytes()
        except FileNotFoundError:
            self._forget(path)
            return
        if current != self._known.get(path):
            kept = backup_path(path)
            shutil.copy2(path, kept)
            self.notes.append(_own_changes(self._shown(path), kept.name))
        path.unlink()
        self._forget(path)

    def _shown(self, path: Path) -> str:
        try:
            return path.relative_to(self.root).as_posix()
        except ValueError:
            return str(path)

    # -- settings ------------------------------------------------------------------

    def load_settings(self) -> Settings:
        """The saved settings, or the defaults if there are none or the file has a problem."""
        path = self.settings_path
        if not path.exists() and not path.is_symlink():
            return Settings()
        doc = self.read(path)
        if doc is None:
            return Settings()
        try:
            return parse_settings(doc)
        except ConfigError as exc:
            self.report(exc)
            return Settings()

    def save_settings(self, settings: Settings) -> None:
        self.write(self.settings_path, settings_yaml(settings))

    @property
    def settings_broken(self) -> bool:
        return self.settings_path in self.problems

    # -- own variants --------------------------------------------------------------

    def load_variants(self, specs: Iterable[GameSpec]) -> None:
        """Read every ``variants/<game>/*.yaml``; broken files are reported and left out."""
        by_id = {spec.id: spec for spec in specs}
        self.own = {game: {} for game in by_id}
        self.broken = {game: {} for game in by_id}
        folder = self.root / VARIANTS
        if not folder.is_dir():
            return
        for sub in self.listing(folder):
            if not sub.is_dir():
                continue
            spec = by_id.get(sub.name)
            if spec is None:
                why = mistake(
                    N_("no game called {name}; the folders are {folders}"),
                    name=repr(sub.name),
                    folders=", ".join(by_id),
                )
                self.report(ConfigError(sub, None, None, why))
                continue
            for path in self.listing(sub, ".yaml"):
                variant = self._load_variant(spec, path)
                if variant is not None:
                    self.own[spec.id][variant.name] = variant
                elif path in self.problems:
                    self.broken[spec.id][path.stem] = path

    def listing(self, folder: Path, suffix: str = "") -> list[Path]:
        """A folder's entries ending in ``suffix``, sorted; an unreadable folder is a problem, not a crash."""
        try:
            return sorted(p for p in folder.iterdir() if p.name.endswith(suffix))
        except OSError as exc:
            self.report(ConfigError(folder, None, None, unreadable(exc)))
            return []

    def _load_variant(self, spec: GameSpec, path: Path) -> Variant | None:
        name = path.stem
        if name in spec.variants:
            why = mistake(
                N_("{variant} is a built-in variant of {game}; rename this file"),
                variant=variant_title(name),
                game=spec.name,
            )
            self.report(ConfigError(path, None, None, why))
            return None
        doc = self.read(path)
        if doc is None:
            return None
        try:
            return parse_own_variant(spec, doc, name)
        except ConfigError as exc:
            self.report(exc)
            return None

    def variants(self, spec: GameSpec) -> dict[str, Variant]:
        """The built-in variants of a game ("standard" first), then the player's own."""
        return {**spec.variants, **self.own.get(spec.id, {})}

    def check_new_name(self, spec: GameSpec, name: str, replacing: str | None = None) -> None:
        """Raise :class:`ValueError` saying why ``name`` cannot name a new own variant."""
        if name in spec.variants:
            raise ValueError(
                _("{variant} is a built-in variant; choose another name").format(variant=variant_title(name))
            )
        if name != replacing and name in self.own.get(spec.id, {}):
            raise ValueError(
                _("you already have a variant called {variant}").format(variant=variant_title(name))
            )
        if name in self.broken.get(spec.id, {}):
            raise ValueError(
                _(
                    "you have a variant called {variant} whose file has a mistake; "
                    "reset or delete it first (it is listed greyed in House rules)"
                ).format(variant=variant_title(name))
            )

    def save_variant(
        self,
        spec: GameSpec,
        name: str,
        description: str,
        options: Mapping[str, Any],
        replacing: str | None = None,
        title: str = "",
    ) -> Variant:
        """Write an own variant (a new one, or ``replacing`` that one); returns it as saved.

        An illegal option or name raises :class:`OptionError` / :class:`ValueError`
        saying why, and nothing is written.
        """
        if name == STANDARD or name in spec.variants:
            raise ValueError(
                _("{variant} is a built-in variant; it cannot be changed").format(variant=variant_title(name))
            )
        self.check_new_name(spec, name, replacing)
        values = spec.schema.validate(options)
        changed = {o.key: v for o, v in spec.schema.changes(values)}
        path = self.variant_path(spec.id, name)
        title = _title_of(name, title)
        self.write(path, variant_yaml(spec, description, changed, title))
        variant = Variant(name, description.strip(), changed, False, str(path), title)
        own = self.own.setdefault(spec.id, {})
        own[name] = variant
        self.broken.get(spec.id, {}).pop(name, None)
        self.own[spec.id] = dict(sorted(own.items()))
        return variant

    def rename_variant(self, spec: GameSpec, old: str, new: str, title: str = "") -> Variant:
        """``new`` is the file name; ``title`` the name as typed (its case kept)."""
        variant = self.own[spec.id][old]
        if new == old:
            if title.strip() == variant.title:
                return variant
            return self.save_variant(spec, old, variant.description, variant.options, old, title)
        self.check_new_name(spec, new)
        saved = self.save_variant(spec, new, variant.description, variant.options, title=title)
        self.delete_variant(spec, old)
        return saved

    def duplicate_variant(self, spec: GameSpec, source: Variant) -> Variant:
        """A copy of any variant as a new own one, named ``<name>-copy`` (``-copy-2`` ...)."""
        base = f"{source.name}-copy" if source.name != STANDARD else "my-rules"
        name, n = base, 2
        while name in spec.variants or name in self.own.get(spec.id, {}):
            name = f"{base}-{n}"
            n += 1
        title = f"{source.shown} copy" if source.title and len(source.title) < NAME_LENGTH - 5 else ""
        return self.save_variant(spec, name, source.description, source.options, title=title)

    def broken_variants(self, spec: GameSpec) -> dict[str, ConfigError]:
        """The player's variants of ``spec`` that cannot be used, by name, each with its mistake."""
        return {name: self.problems[path] for name, path in self.broken.get(spec.id, {}).items()}

    def reset_variant(self, spec: GameSpec, name: str) -> tuple[Variant, str]:
        """Rewrite a broken variant with what can be read of it (the rest at the standard rules);
        returns it and the name the old file is kept under (a ``.bak`` beside it)."""
        path = self.broken[spec.id][name]
        if name in spec.variants or not is_variant_name(name):
            raise ValueError(
                _("{file} cannot name a variant of yours; rename or delete the file").format(
                    file=f"{name}.yaml"
                )
            )
        try:
            text = read_limited(path).decode("utf-8", errors="replace")
        except (OSError, ConfigError):
            text = ""
        title, description, options = salvage_variant(spec, text)
        kept = backup_path(path)
        before = len(self.notes)
        self.broken[spec.id].pop(name)
        try:
            variant = self.save_variant(spec, name, description, options, title=title)
        except BaseException:
            self.broken[spec.id][name] = path
            raise
        del self.notes[before:]  # the player is told in the message instead
        return variant, kept.name

    def delete_variant(self, spec: GameSpec, name: str) -> None:
        broken = self.broken.get(spec.id, {}).pop(name, None)
        if broken is not None:  # asked for in so many words: nothing of it is wanted
            broken.unlink(missing_ok=True)
            self._forget(broken)
            return
        if name in spec.variants:
            raise ValueError(
                _("{variant} is a built-in variant; it cannot be deleted").format(variant=variant_title(name))
            )
        self.remove(self.variant_path(spec.id, name))
        self.own.get(spec.id, {}).pop(name, None)


def _own_changes(shown: str, kept: str) -> str:
    return _("{file} had changes of its own; they are kept in {kept}").format(file=shown, kept=kept)


def _title_of(name: str, title: str) -> str:
    """``title`` where it is how ``name`` was typed (its case kept), else nothing."""
    try:
        return title.strip() if variant_name(title) == name else ""
    except ValueError:
        return ""
