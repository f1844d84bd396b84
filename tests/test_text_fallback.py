"""Characters the shipped DejaVu fonts have no glyph for (Chinese, Japanese, Korean) are drawn in
an installed system font that has them, in runs between the ones DejaVu draws, on one baseline;
a text field measures text the same way, so its cursor sits where the characters are drawn."""

from __future__ import annotations

import pygame
import pytest

from cardtable.app import theme


@pytest.fixture
def fonts():
    pygame.font.init()
    return theme.Fonts()


def test_a_glyph_the_font_lacks_is_drawn_in_the_fallback_and_the_width_matches(fonts, monkeypatch):
    """With DejaVu Serif standing in as the installed fallback and 'é' taken as missing from DejaVu
    Sans, the text renders in three runs whose widths add up to what ``text_width`` says."""
    monkeypatch.setattr(theme, "_fallback_path", lambda: fonts.path("serif"))
    monkeypatch.setattr(fonts, "missing", lambda style, text: [ch == "é" for ch in text])
    font, face = fonts.get(24), (fonts, "regular")
    mixed = theme.render_safely(font, "café au lait", (0, 0, 0), face)
    plain = font.render("café au lait", True, (0, 0, 0))
    assert theme._runs(face, "café au lait", 24) == [("caf", False), ("é", True), (" au lait", False)]
    fallback = fonts.fallback(24)
    expected = font.size("caf")[0] + fallback.size("é")[0] + font.size(" au lait")[0]
    assert mixed.get_width() == expected == theme.text_width(font, "café au lait", face)
    assert mixed.get_width() != plain.get_width()


def test_without_a_face_or_for_plain_ascii_nothing_is_looked_up(fonts, monkeypatch):
    monkeypatch.setattr(fonts, "missing", lambda style, text: pytest.fail("looked up"))
    font = fonts.get(20)
    assert theme._runs((fonts, "regular"), "Ada plays 7", 20) is None
    assert theme.render_safely(font, "Zoë", (0, 0, 0)).get_width() == font.size("Zoë")[0]


def test_a_name_dejavu_draws_is_drawn_by_dejavu_alone(fonts):
    """Accents, Greek and Cyrillic are DejaVu's own: no fallback, whatever is installed."""
    font, face = fonts.get(20), (fonts, "regular")
    for name in ("Zoë Ólafsdóttir", "Παύλος", "Сергей"):
        assert not any(fonts.missing("regular", name))
        assert theme._runs(face, name, 20) is None
        assert theme.text_width(font, name, face) == font.size(name)[0]


def test_cjk_is_missing_from_dejavu(fonts):
    assert fonts.missing("regular", "a山b") == [False, True, False]
