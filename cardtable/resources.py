"""Where the shipped data lives: ``config/``, ``assets/``, the translations and the desktop files.

In a source checkout they sit beside the package; in an installed wheel they
are packed inside it as ``cardtable/_data/`` (see ``pyproject.toml``). This
is the one place that knows both, so nothing else hard-codes a path.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def _data_root(name: str, in_checkout: str | None = None) -> Path:
    installed = resources.files("cardtable") / "_data" / name
    if installed.is_dir():
        return Path(str(installed))
    checkout = _PACKAGE.parent / (in_checkout or name)
    if checkout.is_dir():
        return checkout
    raise FileNotFoundError(
        f"cannot find the {name}/ folder (looked in {installed} and {checkout}); reinstall Card Table"
    )


def config_dir() -> Path:
    """The built-in ``config/`` folder (layouts, variants, decks)."""
    return _data_root("config")


def assets_dir() -> Path:
    """The built-in ``assets/`` folder (fonts, icons, sounds)."""
    return _data_root("assets")


def desktop_dir() -> Path:
    """The desktop entry, metainfo and icons (``packaging/linux/`` in a checkout)."""
    return _data_root("desktop", "packaging/linux")


def locale_dir() -> Path:
    """The compiled translation catalogs: ``<code>/LC_MESSAGES/cardtable.mo``.

    In a checkout they are compiled beside their ``.po`` files in ``locale/``
    by the build (``pip install -e .`` does it)."""
    return _data_root("locale")


def config_file(*parts: str) -> Path:
    """A file under ``config/``, e.g. ``config_file("variants", "ugly.yaml")``."""
    return config_dir().joinpath(*parts)


def asset_file(*parts: str) -> Path:
    """A file under ``assets/``, e.g. ``asset_file("icons", "cardtable.svg")``."""
    return assets_dir().joinpath(*parts)
