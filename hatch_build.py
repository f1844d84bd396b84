"""Compiles the translation catalogs (``locale/*/LC_MESSAGES/cardtable.po``) into the wheel.

A build step, not a runtime one: Babel is needed only here. The ``.mo``
files are written beside their ``.po`` files (where a checkout, or an
editable install, finds them) and packed into the wheel as
``cardtable/_data/locale/``. A catalog with an error stops the build.
"""

from __future__ import annotations

import sys
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CatalogsHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict) -> None:
        if self.target_name != "wheel":
            return
        root = Path(self.root)
        sys.path.insert(0, str(root / "packaging"))
        try:
            from i18n import LOCALE, compile_catalogs
        finally:
            sys.path.pop(0)
        for mo in compile_catalogs():
            build_data["force_include"][str(mo)] = (
                "cardtable/_data/locale/" + mo.relative_to(LOCALE).as_posix()
            )
