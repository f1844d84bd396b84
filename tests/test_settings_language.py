"""The language setting: read and written in settings.yaml like the others; a wrong one is said and not used.

A mistake in settings.yaml is found before the language is known (the language
is one of the settings), so the sentence that tells it is made when it is
shown, in the language in use then.
"""

from __future__ import annotations

import gettext

import pytest

from cardtable import i18n
from cardtable.settings import LANGUAGE_CHOICES, Settings, parse_settings, settings_yaml
from cardtable.userfiles import UserFiles
from cardtable.yamlfile import parse_yaml


class Catalog(gettext.NullTranslations):
    """A translation from a dict of messages."""

    def __init__(self, words: dict[str, str]) -> None:
        super().__init__()
        self.words = words

    def gettext(self, message):
        return self.words.get(message, message)


def test_the_language_follows_the_system_unless_set():
    assert Settings().language == "system"
    assert tuple(LANGUAGE_CHOICES) == ("system", *i18n.LANGUAGES)
    text = settings_yaml(Settings())
    assert "\nlanguage: system  # system (as the computer is set) or en (English), de (Deutsch)" in text
    assert parse_settings(parse_yaml("volume: 40\n", "settings.yaml")).language == "system"


@pytest.mark.parametrize("language", LANGUAGE_CHOICES)
def test_the_language_round_trips_through_settings_yaml(tmp_path, language):
    settings = Settings(language=language, volume=40)
    assert parse_settings(parse_yaml(settings_yaml(settings), "settings.yaml")) == settings
    files = UserFiles(tmp_path / "config")
    files.save_settings(settings)
    assert f"\nlanguage: {language}  # " in files.settings_path.read_text(encoding="utf-8")
    again = UserFiles(tmp_path / "config")
    assert again.load_settings() == settings and again.problems == {}


@pytest.mark.parametrize(
    "value, shown",
    [("klingon", "'klingon'"), ("EN", "'EN'"), ("de_DE", "'de_DE'"), ("3", "3"), ("[de]", "['de']")],
)
def test_a_wrong_language_is_said_with_its_line_and_the_defaults_are_used(tmp_path, value, shown):
    folder = tmp_path / "config"
    folder.mkdir()
    written = f"# mine\nvolume: 40\nlanguage: {value}\ncard_back: blue\n".encode()
    (folder / "settings.yaml").write_bytes(written)
    files = UserFiles(folder)
    assert files.load_settings() == Settings()  # the defaults, language and all
    assert files.settings_broken
    error = files.problems[files.settings_path]
    assert (error.line, error.key) == (3, "language")
    assert "system, en, de, fr" in files.messages()[0]
    assert files.messages() == [
        f"settings.yaml, line 3: language: must be one of {', '.join(LANGUAGE_CHOICES)} (got {shown})"
    ]
    assert (folder / "settings.yaml").read_bytes() == written  # reading never changes the file
    assert sorted(p.name for p in folder.iterdir()) == ["settings.yaml"]  # nor writes another


def test_a_mistake_found_before_the_language_is_chosen_is_told_in_it(tmp_path, monkeypatch):
    folder = tmp_path / "config"
    folder.mkdir()
    (folder / "settings.yaml").write_text("language: fr\nvolume: loud\n", encoding="utf-8")
    files = UserFiles(folder)
    files.load_settings()  # still in English here
    monkeypatch.setitem(i18n._state, "code", "xx")
    monkeypatch.setitem(
        i18n._state,
        "tr",
        Catalog(
            {
                "{file}, line {line}: {key}: {problem}": "{file} (Zeile {line}) {key}: {problem}",
                "must be a whole number from 0 (off) to 100 (got {value})": "ganze Zahl 0-100, nicht {value}",
            }
        ),
    )
    assert files.messages() == ["settings.yaml (Zeile 2) volume: ganze Zahl 0-100, nicht 'loud'"]
