"""The shipped translations are whole: every message translated, placeholders kept, plurals real.

The template is extracted afresh from the code, the rules texts, config/ and
the desktop files (``packaging/i18n.py``), so a message added anywhere without
its translations fails here, as does a catalog the build would not compile
or a compiled catalog older than its ``.po``.
"""

from __future__ import annotations

import gettext
import importlib.util
import string
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from cardtable import i18n

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "locale"
SHIPPED = ("de", "fr")
PLURALS = {"de": (2, [1, 0, 1, 1, 1]), "fr": (2, [0, 0, 1, 1, 1])}  # nplurals, form for n = 0, 1, 2, 5, 21


def _tool():
    spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "packaging" / "i18n.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def tool():
    return _tool()


@pytest.fixture(scope="module")
def template(tool):
    return tool.extract()


def _catalog(code: str):
    with (LOCALE / code / "LC_MESSAGES" / "cardtable.po").open("rb") as f:
        return read_po(f)


def _strings(message) -> list[str]:
    return list(message.string) if isinstance(message.string, (tuple, list)) else [message.string]


def _ids(message) -> list[str]:
    return list(message.id) if isinstance(message.id, (tuple, list)) else [message.id]


def _names(text: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}


def test_every_language_the_app_offers_ships_a_catalog():
    assert set(SHIPPED) <= set(i18n.LANGUAGES)
    for code in i18n.LANGUAGES:
        if code != "en":
            assert (LOCALE / code / "LC_MESSAGES" / "cardtable.po").is_file(), code


def test_the_template_finds_messages_in_every_kind_of_source(template):
    files = {loc[0].split("/")[0] for m in template for loc in m.locations}
    assert {"cardtable", "assets", "config", "packaging"} <= files
    contexts = {m.context for m in template if m.context}
    assert "{seat} is you" in contexts  # sentences about a seat also read as addressed to it


@pytest.mark.parametrize("code", SHIPPED)
def test_catalog_is_complete_and_nothing_is_fuzzy(code, template):
    catalog = _catalog(code)
    missing, fuzzy = [], []
    for message in template:
        if not message.id:
            continue
        found = catalog.get(message.id, context=message.context)
        if found is None or not all(_strings(found)):
            missing.append((message.context, _ids(message)[0]))
        elif found.fuzzy:
            fuzzy.append(_ids(message)[0])
    assert not missing, f"{code}: {len(missing)} messages untranslated, e.g. {missing[:5]}"
    assert not fuzzy, f"{code}: {len(fuzzy)} fuzzy messages, e.g. {fuzzy[:5]}"


@pytest.mark.parametrize("code", SHIPPED)
def test_placeholders_match_their_source(code):
    """A translation uses exactly its source's placeholders, except the seat it addresses as "you"
    (and a singular may say "one" instead of {n})."""
    bad = []
    for message in _catalog(code):
        if not message.id:
            continue
        source = set().union(*(_names(i) for i in _ids(message)))
        may_drop = set()
        if message.context and message.context.endswith(" is you"):
            may_drop.add(message.context.split("}")[0].lstrip("{"))
        for index, text in enumerate(_strings(message)):
            try:
                names = _names(text)
            except ValueError as broken:
                bad.append((_ids(message)[0], text, str(broken)))
                continue
            drop = may_drop | ({"n"} if index == 0 and isinstance(message.id, tuple) else set())
            if not (names <= source and source - names <= drop):
                bad.append((_ids(message)[0], text, sorted(source ^ names)))
    assert not bad, f"{code}: {len(bad)} translations with other placeholders, e.g. {bad[:3]}"


@pytest.mark.parametrize("code", SHIPPED)
def test_plural_forms_parse_and_every_plural_has_them(code):
    catalog = _catalog(code)
    nplurals, forms = PLURALS[code]
    assert catalog.num_plurals == nplurals
    choose = gettext.c2py(catalog.plural_expr)
    assert [choose(n) for n in (0, 1, 2, 5, 21)] == forms
    plurals = [m for m in catalog if m.id and isinstance(m.id, tuple)]
    assert plurals, "no plural message at all: counts are not going through ngettext"
    for message in plurals:
        assert len(message.string) == nplurals and all(message.string), message.id


@pytest.mark.parametrize("code", SHIPPED)
def test_the_build_compiles_the_catalog_and_the_app_reads_it_current(code, tool, tmp_path):
    """The build compiles this .po, and what the app loads is this .po: a catalog compiled before
    the .po changed fails here."""
    compiled = tool.compile_catalogs(tmp_path)  # as the build does, away from the app's own copy
    assert tmp_path / code / "LC_MESSAGES" / "cardtable.mo" in compiled
    try:
        assert i18n.use(code) == code
        stale = []
        for message in _catalog(code):
            if not message.id or message.fuzzy:
                continue
            ids, strings, context = _ids(message), _strings(message), message.context
            tr = i18n._state["tr"]
            if isinstance(message.id, tuple):
                got = tr.npgettext(context, ids[0], ids[1], 2) if context else tr.ngettext(ids[0], ids[1], 2)
                want = strings[PLURALS[code][1][2]]
            else:
                got = tr.pgettext(context, ids[0]) if context else tr.gettext(ids[0])
                want = strings[0]
            if got != want:
                stale.append(ids[0])
        assert not stale, (
            f"{len(stale)} messages differ from the .po, e.g. {stale[:3]} (reinstall to recompile)"
        )
    finally:
        i18n.use("en")


@pytest.mark.parametrize("code", SHIPPED)
def test_desktop_entry_and_metainfo_carry_the_translated_name_and_summary(code, tool):
    words = tool.desktop_translations()[code]
    entry = tool.DESKTOP.read_text(encoding="utf-8")
    for key in tool.DESKTOP_KEYS:
        english = next(line.split("=", 1)[1] for line in entry.splitlines() if line.startswith(f"{key}="))
        assert f"{key}[{code}]={words[english]}\n" in entry
    metainfo = tool.METAINFO.read_text(encoding="utf-8")
    for tag in tool.METAINFO_TAGS:
        assert f'<{tag} xml:lang="{code}">' in metainfo
    assert f'<summary xml:lang="{code}">' in metainfo
