"""Extract, update and compile Card Table's message catalogs (Babel, at build time only).

    python packaging/i18n.py extract   # locale/cardtable.pot from the code, the rules texts and config/
    python packaging/i18n.py update    # merge the template into every locale/<code>/LC_MESSAGES/cardtable.po
    python packaging/i18n.py compile   # the .mo files beside them (the build does this too)
    python packaging/i18n.py init CODE # start a new language
    python packaging/i18n.py desktop   # write the translated name and summary into packaging/linux/

Messages come from three kinds of source:
- Python: ``_``, ``N_``, ``ngettext``, ``pgettext``, ``say`` and ``say_n``;
  a sentence with a ``{seat...}`` placeholder also gets one entry per such
  placeholder with the context ``"{seat} is you"``: the same sentence as it
  reads to that seat's player;
- the rules texts ``assets/rules/*.md``, one message per heading, paragraph
  or bullet (as :mod:`cardtable.rules_text` reads them);
- ``config/``'s YAML: the words a table shows (titles, descriptions, names,
  buttons, the texts of a badge's values);
- the desktop entry's Name, GenericName and Comment and the metainfo's name
  and summary, whose translations ``desktop`` writes back into those files
  (``Name[de]=...``, ``<summary xml:lang="de">``).
"""

from __future__ import annotations

import html
import re
import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
APP_ID = "io.github.cardtable.CardTable"
DESKTOP = ROOT / "packaging" / "linux" / f"{APP_ID}.desktop"
METAINFO = ROOT / "packaging" / "linux" / f"{APP_ID}.metainfo.xml"
DESKTOP_KEYS = ("Name", "GenericName", "Comment")
METAINFO_TAGS = ("name", "summary")
LOCALE = ROOT / "locale"
TEMPLATE = LOCALE / "cardtable.pot"
DOMAIN = "cardtable"
KEYWORDS = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "say": None,
    "say_n": (1, 2),
}
YAML_TEXT_KEYS = frozenset(
    {"title", "description", "name", "button", "label", "text", "mode", "won", "received", "say", "wrong"}
)
LAYOUT_SEATS = frozenset({"who", "to", "from"})
"""The seats a layout's log phrases name ("{who} plays {cards}"): said to that seat as well."""
YAML_TEXT_GROUPS = frozenset({"values", "lines", "moves", "handover", "words", "seats"})
PLURAL_FORMS = {
    "de": "nplurals=2; plural=(n != 1);",
    "fr": "nplurals=2; plural=(n > 1);",
}

sys.path.insert(0, str(ROOT))


def extract_markdown(fileobj, keywords, comment_tags, options) -> Iterator[tuple]:
    """Babel extractor for the rules texts: each block a message."""
    from cardtable.rules_text import parse_blocks

    text = fileobj.read().decode("utf-8")
    for line, _kind, words in parse_blocks(text.splitlines()):
        yield line, None, words, []


def extract_yaml(fileobj, keywords, comment_tags, options) -> Iterator[tuple]:
    """Babel extractor for config/ YAML: the scalar values of the keys a table shows, and a
    built-in variant's title, made from its name ("short-game": "Short game")."""
    import yaml

    from cardtable.engine.options import variant_title

    root = yaml.compose(fileobj.read().decode("utf-8"), Loader=yaml.SafeLoader)
    if "variants" in Path(getattr(fileobj, "name", "")).parts and isinstance(root, yaml.MappingNode):
        for key, _value in root.value:
            yield key.start_mark.line + 1, None, variant_title(key.value), []
    yield from _yaml_texts(root, None)


def _yaml_texts(node, key: str | None) -> Iterator[tuple]:
    import yaml

    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            name = k.value if isinstance(k, yaml.ScalarNode) else None
            if name in YAML_TEXT_GROUPS and not (name == "seats" and isinstance(v, yaml.MappingNode)):
                yield from _yaml_group(v)  # a lesson's seats (a layout's seats: is not words)
            else:
                yield from _yaml_texts(v, name)
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            yield from _yaml_texts(item, key)
    elif _is_text(node) and key in YAML_TEXT_KEYS:
        yield node.start_mark.line + 1, None, node.value, []


def _yaml_group(node) -> Iterator[tuple]:
    """Every text of a group of words (a badge's values, the log's phrases, a plate's lines)."""
    import yaml

    items = [v for _k, v in node.value] if isinstance(node, yaml.MappingNode) else None
    if isinstance(node, yaml.SequenceNode):
        items = node.value
    if items is None:
        if _is_text(node):
            yield node.start_mark.line + 1, None, node.value, []
        return
    for item in items:
        if isinstance(item, yaml.MappingNode) and any(k.value == "text" for k, _v in item.value):
            yield from _yaml_texts(item, None)
        else:
            yield from _yaml_group(item)


def _is_text(node) -> bool:
    import yaml

    return isinstance(node, yaml.ScalarNode) and node.tag.endswith(":str") and bool(node.value.strip())


def desktop_messages() -> list[tuple[str, int, str]]:
    """(file, line, words) of the desktop entry and the metainfo that are translated."""
    out = []
    for number, line in enumerate(DESKTOP.read_text(encoding="utf-8").splitlines(), start=1):
        key, _eq, value = line.partition("=")
        if key in DESKTOP_KEYS:
            out.append((str(DESKTOP.relative_to(ROOT)), number, value))
    for number, line in enumerate(METAINFO.read_text(encoding="utf-8").splitlines(), start=1):
        for tag in METAINFO_TAGS:
            m = re.fullmatch(rf"  <{tag}>(.*)</{tag}>", line)
            if m:
                out.append((str(METAINFO.relative_to(ROOT)), number, html.unescape(m.group(1))))
    return out


def desktop_translations() -> dict[str, dict[str, str]]:
    """For each language with a catalog: English words of the desktop files -> their translation."""
    found: dict[str, dict[str, str]] = {}
    for po in sorted(LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        with po.open("rb") as f:
            catalog = read_po(f)
        words = {}
        for _file, _line, english in desktop_messages():
            message = catalog.get(english)
            if message is not None and message.string and not message.fuzzy:
                words[english] = message.string
        found[po.parent.parent.name] = words
    return found


def write_desktop() -> None:
    """Write every language's Name/GenericName/Comment into the entry and name/summary into the metainfo."""
    tr = desktop_translations()
    lines = [
        line
        for line in DESKTOP.read_text(encoding="utf-8").splitlines()
        if line.startswith("[") or "[" not in line.split("=")[0]  # a group, or a key in English
    ]
    out = []
    for line in lines:
        out.append(line)
        key, _eq, value = line.partition("=")
        if key in DESKTOP_KEYS:
            out += [f"{key}[{code}]={words[value]}" for code, words in tr.items() if value in words]
    DESKTOP.write_text("\n".join(out) + "\n", encoding="utf-8")
    text = METAINFO.read_text(encoding="utf-8")
    text = re.sub(r'\n  <(name|summary) xml:lang="[^"]+">.*</\1>', "", text)
    for tag in METAINFO_TAGS:
        m = re.search(rf"\n  <{tag}>(.*)</{tag}>", text)
        if m is None:
            continue
        english = html.unescape(m.group(1))
        extra = "".join(
            f'\n  <{tag} xml:lang="{code}">{html.escape(words[english], quote=False)}</{tag}>'
            for code, words in tr.items()
            if english in words
        )
        text = text[: m.end()] + extra + text[m.end() :]
    METAINFO.write_text(text, encoding="utf-8")
    print(f"{DESKTOP.relative_to(ROOT)} and {METAINFO.relative_to(ROOT)}: {', '.join(tr)}")


def you_contexts(message: str) -> list[str]:
    """The "{seat} is you" contexts a sentence gets: one per single-seat placeholder."""
    from cardtable.engine.words import placeholders

    names = [p for p in placeholders(message) if (p.startswith("seat") and p != "seats") or p in LAYOUT_SEATS]
    return [f"{{{name}}} is you" for name in dict.fromkeys(names)]


def extract() -> Catalog:
    catalog = Catalog(project="Card Table", domain=DOMAIN, charset="utf-8", fuzzy=False)
    sources = [
        (ROOT / "cardtable", [("**.py", "python")], {}),
        (ROOT / "assets" / "rules", [("*.md", extract_markdown)], {}),
        (ROOT / "config", [("**.yaml", extract_yaml)], {}),
    ]
    for folder, method_map, _options in sources:
        for filename, lineno, message, comments, context in extract_from_dir(
            str(folder), method_map, {}, KEYWORDS, ["Translators:"], strip_comment_tags=True
        ):
            where = (str((folder / filename).relative_to(ROOT)), lineno)
            catalog.add(message, locations=[where], auto_comments=comments, context=context)
            msgid = message[0] if isinstance(message, tuple) else message
            if context is None:
                for you in you_contexts(msgid):
                    catalog.add(message, locations=[where], context=you)
    for file, line, words in desktop_messages():
        catalog.add(words, locations=[(file, line)])
    return catalog


def write_template() -> Catalog:
    catalog = extract()
    LOCALE.mkdir(exist_ok=True)
    with TEMPLATE.open("wb") as out:
        write_po(out, catalog, width=100, omit_header=False, sort_output=True)
    print(f"{TEMPLATE.relative_to(ROOT)}: {len(catalog)} messages")
    return catalog


def po_path(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def update() -> None:
    template = write_template()
    for po in sorted(LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        with po.open("rb") as f:
            catalog = read_po(f)
        catalog.update(template, update_header_comment=False, no_fuzzy_matching=True)
        with po.open("wb") as out:
            write_po(out, catalog, width=100, sort_output=True, ignore_obsolete=True)
        missing = sum(1 for m in catalog if m.id and not m.string)
        print(f"{po.relative_to(ROOT)}: {len(catalog)} messages, {missing} untranslated")


def compile_catalogs(out_root: Path = LOCALE) -> list[Path]:
    """Compile every .po into a .mo under ``out_root``; a catalog with errors stops the build."""
    written = []
    for po in sorted(LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        with po.open("rb") as f:
            catalog = read_po(f, abort_invalid=True)
        errors = [(m.id, err) for m, errs in catalog.check() for err in errs]
        if errors:
            raise SystemExit(f"{po}: {errors[0][0]!r}: {errors[0][1]}")
        mo = out_root / po.relative_to(LOCALE).with_suffix(".mo")
        mo.parent.mkdir(parents=True, exist_ok=True)
        with mo.open("wb") as out:
            write_mo(out, catalog, use_fuzzy=False)
        written.append(mo)
    return written


def init(code: str) -> None:
    template = extract()
    po = po_path(code)
    po.parent.mkdir(parents=True, exist_ok=True)
    catalog = Catalog(
        locale=code,
        project="Card Table",
        domain=DOMAIN,
        copyright_holder="Card Table contributors",
        fuzzy=False,
    )
    for message in template:
        if message.id:
            catalog.add(
                message.id,
                "" if isinstance(message.id, str) else ("", ""),
                locations=message.locations,
                auto_comments=message.auto_comments,
                flags=message.flags,
                context=message.context,
            )
    with po.open("wb") as out:
        write_po(out, catalog, width=100, sort_output=True)
    if code in PLURAL_FORMS:  # the form gettext has always used (Babel's CLDR rules give French three)
        header = f'"Plural-Forms: {PLURAL_FORMS[code]}\\\\n"'
        text = re.sub(r'"Plural-Forms: [^"]*"', header, po.read_text("utf-8"))
        po.write_text(text, encoding="utf-8")
    print(f"{po.relative_to(ROOT)}: {len(catalog)} messages to translate")


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("extract", "update", "compile", "init", "desktop"):
        print(__doc__)
        return 2
    if argv[0] == "extract":
        write_template()
    elif argv[0] == "update":
        update()
    elif argv[0] == "compile":
        for mo in compile_catalogs():
            print(mo.relative_to(ROOT))
    elif argv[0] == "desktop":
        write_desktop()
    else:
        init(argv[1])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
