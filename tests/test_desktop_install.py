"""``cardtable desktop install`` / ``uninstall``: the menu entry of a pip or pipx installation,
written into the person's XDG data folder, valid, idempotent, and removed exactly."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from cardtable import desktop


def _files(root):
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file())


def _folders(root):
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_dir())


def test_install_writes_a_valid_entry_pointing_at_this_installation_and_uninstall_leaves_nothing(tmp_path):
    home = tmp_path / "share"
    home.mkdir()
    written = desktop.install(home, "/opt/my apps/bin/cardtable-gui")
    entry = home / "applications" / f"{desktop.APP_ID}.desktop"
    assert entry in written and (home / "metainfo" / f"{desktop.APP_ID}.metainfo.xml") in written
    assert any(p.suffix == ".svg" for p in written) and sum(p.suffix == ".png" for p in written) >= 3
    lines = entry.read_text().splitlines()
    assert 'Exec="/opt/my apps/bin/cardtable-gui"' in lines
    assert "TryExec=/opt/my apps/bin/cardtable-gui" in lines
    assert f"StartupWMClass={desktop.APP_ID}" in lines  # the window's class: the dock groups them
    tool = shutil.which("desktop-file-validate")
    if tool is not None or os.environ.get("CARDTABLE_REQUIRE_VALIDATORS"):
        assert tool is not None, "desktop-file-validate is not installed (Debian: desktop-file-utils)"
        checked = subprocess.run([tool, str(entry)], capture_output=True, text=True, timeout=60)
        assert checked.returncode == 0 and not checked.stdout.strip(), checked.stdout
    before = _files(home)
    assert desktop.install(home, "/opt/my apps/bin/cardtable-gui") == written  # idempotent
    assert _files(home) == before
    removed, kept = desktop.uninstall(home)
    assert sorted(removed) == sorted(written) and kept == []
    assert _files(home) == [] and _folders(home) == []  # the folders it made went too


def test_uninstall_keeps_what_was_there_before_and_what_the_person_changed(tmp_path):
    home = tmp_path / "share"
    mine = home / "applications" / "someone-else.desktop"
    mine.parent.mkdir(parents=True)
    mine.write_text("[Desktop Entry]\n")
    written = desktop.install(home, "/usr/bin/cardtable-gui")
    entry = home / "applications" / f"{desktop.APP_ID}.desktop"
    entry.write_text(entry.read_text() + "NoDisplay=true\n")  # changed by hand since
    removed, kept = desktop.uninstall(home)
    assert kept == [entry] and entry not in removed and len(removed) == len(written) - 1
    assert mine.read_text() == "[Desktop Entry]\n"
    assert _files(home) == sorted(
        ["applications/someone-else.desktop", f"applications/{desktop.APP_ID}.desktop"]
    )


def test_the_command_installs_into_xdg_data_home_and_elsewhere_says_it_is_not_needed(
    tmp_path, monkeypatch, capsys
):
    from cardtable.cli import main

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setattr(desktop, "launcher", lambda: "/usr/bin/cardtable-gui")
    assert main(["desktop", "install"]) == 0
    assert (tmp_path / "applications" / f"{desktop.APP_ID}.desktop").is_file()
    assert "applications menu" in capsys.readouterr().out
    assert main(["desktop", "uninstall"]) == 0
    assert _files(tmp_path) == []
    monkeypatch.setattr(sys, "platform", "win32")
    assert main(["desktop", "install"]) == 0
    assert "not needed on this system" in capsys.readouterr().out and _files(tmp_path) == []


def test_an_unwritable_data_folder_is_a_clear_error(tmp_path, monkeypatch, capsys):
    from cardtable.cli import main

    blocked = tmp_path / "share"
    blocked.write_text("a file where the folder should be")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocked))
    monkeypatch.setattr(desktop, "launcher", lambda: "/usr/bin/cardtable-gui")
    assert main(["desktop", "install"]) == 1
    assert f"cannot write {blocked}" in capsys.readouterr().err


@pytest.mark.parametrize("value", ["", "relative/path"])
def test_a_missing_or_relative_xdg_data_home_means_the_default(monkeypatch, value):
    monkeypatch.setenv("XDG_DATA_HOME", value)
    assert desktop.data_home() == desktop.Path.home() / ".local" / "share"
