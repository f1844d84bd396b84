"""A plain (non-editable) install finds config/ and assets/ inside the wheel."""

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(out),
            str(ROOT),
        ],
        check=True,
        timeout=300,
    )
    (built,) = out.glob("cardtable-*.whl")
    return built


def test_wheel_carries_config_and_assets(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "cardtable/_data/config/variants/ugly.yaml" in names
    assert "cardtable/_data/config/decks/ugh.yaml" in names
    assert "cardtable/_data/assets/icons/cardtable.svg" in names
    assert "cardtable/_data/assets/sounds/deal.wav" in names  # the layouts' sounds travel too
    assert "cardtable/resources.py" in names
    # The menu entry travels too, for `cardtable desktop install` after pip or pipx.
    assert "cardtable/_data/desktop/io.github.cardtable.CardTable.desktop" in names
    assert "cardtable/_data/desktop/io.github.cardtable.CardTable.metainfo.xml" in names
    assert "cardtable/_data/desktop/icons/hicolor/scalable/apps/io.github.cardtable.CardTable.svg" in names
    # The translations, compiled by the build from locale/*.po.
    for code in ("de", "fr"):
        assert f"cardtable/_data/locale/{code}/LC_MESSAGES/cardtable.mo" in names
    assert not any(n.startswith(("tests/", "config/", "assets/", "locale/")) for n in names)


def test_installed_copy_finds_its_data_away_from_the_checkout(wheel, tmp_path):
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target), str(wheel)],
        check=True,
        timeout=300,
    )
    code = (
        "import cardtable, cardtable.resources as r\n"
        "from cardtable import games\n"
        "print(cardtable.__file__)\n"
        "print(r.config_dir())\n"
        "print(r.asset_file('icons', 'cardtable.svg').is_file())\n"
        "print(sorted(games.get('ugly').variants))\n"
        "print(len(games.get('ugh').new_game(4, seed=1).all_cards()))\n"
        "from cardtable import desktop\n"
        "print(len([rel for rel, _ in desktop.planned('/x/cardtable-gui')]))\n"
        "from cardtable import i18n\n"
        "print(i18n.use('de'), i18n.resources_in_use())\n"
    )
    env = {**os.environ, "PYTHONPATH": str(target)}
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    module, config, icon, variants, ugh_cards, desktop_files, german = result.stdout.splitlines()
    assert module.startswith(str(target))
    assert config.startswith(str(target)) and config.endswith(os.path.join("_data", "config"))
    assert icon == "True"
    assert "short-game" in variants
    assert ugh_cards == "110"  # the Ugh! deck file was found inside the wheel
    assert desktop_files == "6"  # the entry, the metainfo and four icons, from inside the wheel
    code, catalogs = german.split(" ", 1)
    assert code == "de" and catalogs.startswith(str(target))  # German, from the wheel's own catalogs
