"""How a sentence is said in another language: whole, with its parameters, and "you" for the viewer."""

from __future__ import annotations

import gettext
import pickle

import pytest

from cardtable import i18n
from cardtable.engine import Reason, format_prompt
from cardtable.engine.words import Said, Seat, Seats, say, say_n, speak_with

NAMES = ["Ada", "Bo", "Cy"]


class Catalog(gettext.NullTranslations):
    """A translation from a dict: (context, message) -> words, (context, message, form) for plurals."""

    def __init__(self, words: dict) -> None:
        super().__init__()
        self.words = words

    def gettext(self, message):
        return self.words.get((None, message), message)

    def pgettext(self, context, message):
        return self.words.get((context, message), message)

    def ngettext(self, singular, plural, n):
        return self.words.get((None, singular, 0 if n == 1 else 1), singular if n == 1 else plural)

    def npgettext(self, context, singular, plural, n):
        return self.words.get((context, singular, 0 if n == 1 else 1), singular if n == 1 else plural)


@pytest.fixture
def speak(monkeypatch):
    def use(words: dict) -> None:
        monkeypatch.setitem(i18n._state, "code", "xx")
        monkeypatch.setitem(i18n._state, "tr", Catalog(words))
        speak_with(i18n.render)

    yield use
    speak_with(None)


def test_a_said_sentence_reads_in_english_exactly_as_a_plain_one():
    said = say("{seat} must follow {suit}", seat=Seat(1), suit="hearts")
    assert said == "{seat:1} must follow hearts" and isinstance(said, str)
    assert format_prompt(said, NAMES, 1) == "You must follow hearts"
    assert format_prompt(said, NAMES, 0) == "Bo must follow hearts"
    assert say("Waiting for {players}", players=Seats([0, 2])) == "Waiting for {seat:0} and {seat:2}"
    assert say_n("{n} card", "{n} cards", 1) == "1 card" and say_n("{n} card", "{n} cards", 4) == "4 cards"


def test_a_reason_keeps_its_template_and_rule_through_pickling():
    reason = Reason(say("{seat} must follow {suit}", seat=Seat(0), suit="spades"), "follow_suit")
    back = pickle.loads(pickle.dumps(reason))
    assert (back, back.rule, back.template, back.params) == (
        reason,
        "follow_suit",
        reason.template,
        reason.params,
    )
    assert type(back) is Reason


def test_the_viewer_reads_the_you_form_and_others_read_the_name(speak):
    template = "{seat} must follow {suit}"
    speak(
        {
            (None, template): "{seat} muss {suit} bedienen",
            ("{seat} is you", template): "Du musst {suit} bedienen",
            (None, "hearts"): "Herz",
        }
    )
    said = say(template, seat=Seat(1), suit="hearts")
    assert format_prompt(said, NAMES, 1) == "Du musst Herz bedienen"
    assert format_prompt(said, NAMES, 0) == "Bo muss Herz bedienen"
    assert format_prompt(said, NAMES, None) == "Bo muss Herz bedienen"


def test_plurals_follow_the_language_and_nested_sentences_are_translated_too(speak):
    speak(
        {
            (None, "{seat} takes {n} card", 0): "{seat} nimmt eine Karte",
            (None, "{seat} takes {n} card", 1): "{seat} nimmt {n} Karten",
            (None, "Round {number}: {what}"): "Runde {number}: {what}",
        }
    )
    one = say_n("{seat} takes {n} card", "{seat} takes {n} cards", 1, seat=Seat(2))
    many = say_n("{seat} takes {n} card", "{seat} takes {n} cards", 3, seat=Seat(2))
    assert format_prompt(one, NAMES, 0) == "Cy nimmt eine Karte"
    assert format_prompt(many, NAMES, 0) == "Cy nimmt 3 Karten"
    assert (
        format_prompt(say("Round {number}: {what}", number=2, what=many), NAMES, 0)
        == "Runde 2: Cy nimmt 3 Karten"
    )


def test_a_broken_translation_says_the_english_sentence_instead(speak):
    template = "{seat} wins {n} points"
    speak({(None, template): "{seat} gewinnt {punkte} Punkte"})
    said = say(template, seat=Seat(0), n=4)
    assert format_prompt(said, NAMES, 2) == "Ada wins 4 points"


def test_plain_words_translate_whole_and_seat_placeholders_become_names(speak):
    speak({(None, "Pass"): "Passen"})
    assert format_prompt("Pass", NAMES, 0) == "Passen"
    assert format_prompt(Said("Pass"), NAMES, 0) == "Passen"
    assert format_prompt("{seat:1} left", NAMES, 0) == "Bo left"  # an unmarked sentence: English, with names


@pytest.mark.parametrize(
    ("env", "want"),
    [
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANGUAGE": "fr:de", "LANG": "de_DE.UTF-8"}, "fr"),
        ({"LC_ALL": "fr_CA.UTF-8", "LANG": "de_DE.UTF-8"}, "fr"),
        ({"LANG": "C"}, "en"),
        ({"LANG": "pt_BR.UTF-8"}, "en"),
        ({"LANGUAGE": "pt_BR:de_AT"}, "de"),
    ],
)
def test_the_system_language_is_the_first_one_card_table_speaks(monkeypatch, env, want):
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    for var, value in env.items():
        monkeypatch.setenv(var, value)
    monkeypatch.setattr(i18n.locale, "getlocale", lambda: (None, None))
    assert i18n.system_language() == want


def test_a_language_without_a_catalog_falls_back_to_english(monkeypatch, tmp_path):
    monkeypatch.setattr("cardtable.resources.locale_dir", lambda: tmp_path)
    try:
        assert i18n.use("de") == "en"
        assert i18n.use("klingon") == "en"
        assert i18n._("New game") == "New game"
    finally:
        monkeypatch.undo()
        i18n.use("en")
