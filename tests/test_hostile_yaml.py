"""YAML made to hang or stop the app is a reported problem like any other: quickly, within limits
nobody writes by hand, with the file left as it was and the defaults in use."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from cardtable.yamlfile import MAX_BYTES, MAX_DEPTH, ConfigError, parse_yaml
from tests.ui import make_app

_SPEC = importlib.util.spec_from_file_location(
    "hostile_start", Path(__file__).parent / "benchmarks" / "hostile_start.py"
)
hostile_start = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(hostile_start)


HOSTILE = {
    "billion laughs": (hostile_start.laughs(), "aliases"),
    "deep nesting": ("[" * 500 + "]" * 500 + "\n", "nested too deeply"),
    "a NUL byte": ("volume: 70\x00\n", "not valid YAML"),
    "an alias inside itself": ("a: &a [1, *a]\n", "holds it"),
    "50 MB": ("seats: [" + "{name: x, human: false}, " * 2_200_000 + "]\n", "larger than"),
}


@pytest.mark.parametrize("kind", list(HOSTILE))
def test_a_hostile_document_is_a_located_problem(kind):
    text, words = HOSTILE[kind]
    with pytest.raises(ConfigError) as info:
        parse_yaml(text, "settings.yaml")
    assert words in str(info.value) and str(info.value).startswith("settings.yaml")


def test_the_limits_leave_real_files_alone():
    nested = "x: " + "[" * (MAX_DEPTH - 2) + "1" + "]" * (MAX_DEPTH - 2) + "\n"
    assert parse_yaml(nested, "ok.yaml").data["x"]
    shared = "a: &a [1, 2, 3]\nb: *a\nc: *a\n"  # aliases a person uses: fine
    assert parse_yaml(shared, "ok.yaml").data["c"] == [1, 2, 3]
    assert MAX_BYTES > 1_000_000


@pytest.mark.parametrize("kind", list(HOSTILE))
@pytest.mark.parametrize("where", ["settings.yaml", "variants/ugly/mine.yaml", "layouts/ugh.yaml"])
def test_the_app_starts_with_a_hostile_file_names_it_and_leaves_it(kind, where, config_folder):
    text, _ = HOSTILE[kind]
    path = config_folder / where
    path.parent.mkdir(parents=True, exist_ok=True)
    raw = text.encode("utf-8")
    path.write_bytes(raw)
    app = make_app()
    assert any(where in notice for notice in app.notices()), app.notices()
    if where == "settings.yaml":
        assert app.files.settings_broken and app.settings.seats[0].name == "Player"  # the defaults
    assert path.read_bytes() == raw  # left exactly as it was
