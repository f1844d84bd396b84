"""The bottom of the input: the table's own keys, heard when no layer above took the key.

Escape pauses (the layers above first close what they show, put a drag back or drop a pick),
Ctrl+Z undoes, H asks for a hint (or says why there is none), F1 opens the rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from cardtable.i18n import _

from . import Layer

if TYPE_CHECKING:
    from ...scenes.table import TableScene


class KeysLayer(Layer):
    def __init__(self, table: TableScene) -> None:
        self.table = table

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.KEYDOWN:
            return False
        t = self.table
        if event.key == pygame.K_ESCAPE:
            t.exits.pause_menu()
        elif event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            if not t.undo():
                t.complain(
                    _("Nothing to undo") if len(t.session.humans) == 1 else _("No undo in pass-and-play")
                )
        elif event.key == pygame.K_h and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            if t.session.demo:
                return False
            t.hint()  # says why when there is no hint to be had (not your turn, pass-and-play)
        elif event.key == pygame.K_F1:
            t.exits.open_rules()  # the rules (U-G-O's card roles) one key away, as the sources ask
        else:
            return False
        return True
