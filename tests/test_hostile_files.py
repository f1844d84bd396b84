"""Every kind of broken or hostile user file: the app starts, names the file, uses its defaults,
and leaves the file as it was (saving settings over a broken file keeps it as a .bak first)."""

from __future__ import annotations

import os

import pytest

from tests.ui import make_app

KINDS = {
    "settings.yaml": {
        "wrong type": "volume: maybe\n",
        "unknown key": "colour: blue\n",
        "huge": "window_size: [1e308, 1e308]\n",
    },
    "variants/ugly/mine.yaml": {
        "wrong type": "description: x\noptions: 5\n",
        "unknown key": "description: x\noptions: {colour: blue}\n",
        "huge": "description: x\noptions: {rounds: 99999999999999999999999}\n",
    },
    "layouts/ugly.yaml": {
        "wrong type": "card_width: wide\n",
        "unknown key": "colour: blue\n",
        "huge": "card_width: 1e400\n",
    },
}
COMMON = {
    "syntax": b"a: [1, 2\nb: {\n",
    "python tag": b"!!python/object/apply:os.system ['echo owned']\n",
    "invalid utf-8": b"volume: \xff\xfe\xfd\n",
}
CASES = [
    (where, fault)
    for where, faults in KINDS.items()
    for fault in [*faults, *COMMON, "directory", "device link", "dangling link", "empty"]
]


@pytest.mark.parametrize(("where", "fault"), CASES)
def test_a_broken_file_is_named_the_defaults_used_and_the_file_left(where, fault, config_folder):
    path = config_folder / where
    path.parent.mkdir(parents=True, exist_ok=True)
    raw: bytes | None
    if fault == "directory":
        path.mkdir()
        raw = None
    elif fault == "device link":
        os.symlink("/dev/zero", path)  # reading it through would never end
        raw = None
    elif fault == "dangling link":
        os.symlink(config_folder / "gone.yaml", path)  # a link to a file that is not there
        raw = None
    else:
        raw = COMMON[fault] if fault in COMMON else b"" if fault == "empty" else KINDS[where][fault].encode()
        path.write_bytes(raw)
    app = make_app()
    named = [n for n in app.notices() if where in n]
    if fault == "empty":
        assert app.running  # an empty file changes nothing and is no problem
    else:
        assert named, app.notices()
    if where == "settings.yaml":
        assert app.settings.seats[0].name == "Player" and app.settings.card_back == "red"  # the defaults
    if raw is not None:
        assert path.read_bytes() == raw
    elif fault == "directory":
        assert path.is_dir()
    elif fault == "dangling link":
        assert path.is_symlink() and os.readlink(path) == str(config_folder / "gone.yaml")
        assert any("gone.yaml, which does not exist" in n for n in named), named
    else:
        assert path.is_symlink() and os.readlink(path) == "/dev/zero"
    if where == "settings.yaml" and fault == "dangling link":
        app.settings.card_back = "blue"
        app.save_settings(only_if_changed=False)
        kept = config_folder / "settings.yaml.bak"
        assert kept.is_symlink() and os.readlink(kept) == str(config_folder / "gone.yaml"), "the link is kept"
        assert "card_back: blue" in path.read_text() and not path.is_symlink()
        assert any("settings.yaml.bak" in n for n in app.files.notes), app.files.notes
    if where == "settings.yaml" and raw and fault != "empty":
        app.settings.card_back = "blue"
        app.save_settings(only_if_changed=False)
        assert (config_folder / "settings.yaml.bak").read_bytes() == raw  # saved over: the old one kept
