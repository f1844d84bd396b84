"""The rules texts (``assets/rules/<game>.md``) as blocks: the screen draws them, translators translate each.

A tiny subset of Markdown: ``#`` and ``##`` headings, ``-`` bullets (a
continuation indented by two spaces) and paragraphs; ``**`` emphasis is
dropped. Each block is one message of the translation catalogs, so the
screen and the catalogs must read the file the same way: both use this.
"""

from __future__ import annotations

from collections.abc import Sequence


def parse_blocks(lines: Sequence[str]) -> list[tuple[int, str, str]]:
    """(line number, kind, text) blocks; kind is h1, h2, bullet or text."""
    blocks: list[tuple[int, str, str]] = []
    para: list[str] = []
    para_line = 0

    def flush() -> None:
        if para:
            blocks.append((para_line, "text", " ".join(para)))
            para.clear()

    for number, raw in enumerate(lines, start=1):
        line = raw.strip().replace("**", "")
        if not line:
            flush()
        elif line.startswith("## "):
            flush()
            blocks.append((number, "h2", line[3:]))
        elif line.startswith("# "):
            flush()
            blocks.append((number, "h1", line[2:]))
        elif line.startswith("- "):
            flush()
            blocks.append((number, "bullet", line[2:]))
        elif blocks and blocks[-1][1] == "bullet" and raw.startswith("  ") and not para:
            start, kind, text = blocks[-1]
            blocks[-1] = (start, kind, text + " " + line)
        else:
            if not para:
                para_line = number
            para.append(line)
    flush()
    return blocks
