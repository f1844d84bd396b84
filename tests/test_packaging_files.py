"""The files that put Card Table on a desktop (packaging/) are valid and agree with each other.

The freedesktop validators check the .desktop entry and the AppStream metainfo;
the rest checks what no validator sees: one app id everywhere, one version
from the package to the store page, icons that are really made from the
drawing, a Flatpak manifest that installs files that exist, and a PyInstaller
spec that carries the data the app reads. CI sets CARDTABLE_REQUIRE_VALIDATORS
so that a missing validator fails instead of skipping.
"""

import ast
import importlib.metadata
import importlib.util
import os
import re
import shlex
import shutil
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
from datetime import date
from pathlib import Path

import pygame
import pytest
import yaml

import cardtable
from cardtable import gui

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"
APP_ID = "io.github.cardtable.CardTable"
DESKTOP = PACKAGING / "linux" / f"{APP_ID}.desktop"
METAINFO = PACKAGING / "linux" / f"{APP_ID}.metainfo.xml"
ICONS = PACKAGING / "linux" / "icons"
MANIFEST = PACKAGING / "flatpak" / f"{APP_ID}.yml"
SPEC = PACKAGING / "pyinstaller" / "cardtable.spec"
REQUIRE_ENV = "CARDTABLE_REQUIRE_VALIDATORS"


def _tool(name: str, package: str) -> str:
    path = shutil.which(name)
    if path is None:
        if os.environ.get(REQUIRE_ENV):
            pytest.fail(f"{name} is not installed and {REQUIRE_ENV} is set (Debian package: {package})")
        pytest.skip(f"{name} is not installed (Debian package: {package})")
    return path


def _validate_desktop(path: Path) -> subprocess.CompletedProcess:
    tool = _tool("desktop-file-validate", "desktop-file-utils")
    return subprocess.run([tool, str(path)], capture_output=True, text=True, timeout=60)


def _validate_metainfo(path: Path) -> subprocess.CompletedProcess:
    tool = _tool("appstreamcli", "appstream")
    return subprocess.run(
        [tool, "validate", "--no-net", str(path)], capture_output=True, text=True, timeout=60
    )


def _desktop_entry() -> dict[str, str]:
    lines = DESKTOP.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "[Desktop Entry]"
    return dict(line.split("=", 1) for line in lines[1:] if line and not line.startswith("#"))


def _metainfo() -> ET.Element:
    return ET.parse(METAINFO).getroot()


def _manifest() -> dict:
    return yaml.safe_load(MANIFEST.read_text(encoding="utf-8"))


def _gui_script() -> str:
    """The launcher command pyproject declares, e.g. ``cardtable-gui``."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    section = text.split("[project.gui-scripts]", 1)[1].split("\n[", 1)[0]
    (name,) = re.findall(r'^([\w-]+)\s*=\s*"cardtable\.gui:main"', section, re.M)
    return name


# -- the validators --------------------------------------------------------------


def test_desktop_entry_passes_desktop_file_validate():
    result = _validate_desktop(DESKTOP)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "error" not in (result.stdout + result.stderr).lower()


def test_metainfo_passes_appstreamcli_validate():
    result = _validate_metainfo(METAINFO)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_validators_catch_a_broken_file(tmp_path):
    """A validator that passed anything would prove nothing."""
    desktop = tmp_path / DESKTOP.name
    desktop.write_text(
        DESKTOP.read_text(encoding="utf-8").replace("Type=Application\n", ""), encoding="utf-8"
    )
    assert _validate_desktop(desktop).returncode != 0
    metainfo = tmp_path / METAINFO.name
    broken = re.sub(r"<summary>.*?</summary>", "", METAINFO.read_text(encoding="utf-8"))
    metainfo.write_text(broken, encoding="utf-8")
    assert _validate_metainfo(metainfo).returncode != 0


# -- one id, one command, one version -----------------------------------------------


def test_one_app_id_across_desktop_metainfo_and_flatpak():
    entry = _desktop_entry()
    assert DESKTOP.stem == APP_ID
    assert entry["Icon"] == APP_ID
    root = _metainfo()
    assert root.findtext("id") == APP_ID
    launchable = root.find("launchable")
    assert launchable is not None and launchable.get("type") == "desktop-id"
    assert launchable.text == DESKTOP.name
    assert METAINFO.name == f"{root.findtext('id')}.metainfo.xml"
    manifest = _manifest()
    assert manifest["id"] == APP_ID
    assert MANIFEST.stem == APP_ID


def test_desktop_and_flatpak_start_the_gui_entry_point():
    command = _gui_script()
    assert _desktop_entry()["Exec"].split()[0] == command
    assert _manifest()["command"] == command
    provided = {b.text for b in _metainfo().iter("binary")}
    assert command in provided and "cardtable" in provided


def test_gui_entry_point_is_installed():
    (point,) = [p for p in importlib.metadata.entry_points(group="gui_scripts") if p.name == _gui_script()]
    assert point.value == "cardtable.gui:main"
    console = [p for p in importlib.metadata.entry_points(group="console_scripts") if p.name == "cardtable"]
    assert [p.value for p in console] == ["cardtable.cli:main"]


def test_newest_release_is_the_package_version():
    releases = _metainfo().find("releases")
    assert releases is not None
    versions = [r.get("version") for r in releases.findall("release")]
    assert versions, "the metainfo lists no release"

    def key(v: str) -> tuple[int, ...]:
        return tuple(int(part) for part in v.split("."))

    assert versions[0] == max(versions, key=key), "releases go newest first"
    assert versions[0] == cardtable.__version__ == importlib.metadata.version("cardtable")
    newest = date.fromisoformat(releases.find("release").get("date"))
    assert newest <= date.today()


def test_the_version_is_written_once():
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'dynamic = ["version"]' in text
    assert re.search(r'\[tool\.hatch\.version\]\s*path = "cardtable/__init__\.py"', text)
    assert not re.search(r"^version\s*=", text, re.M)


def test_cardtable_version_prints_the_package_version():
    result = subprocess.run(
        [sys.executable, "-m", "cardtable.cli", "--version"], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"cardtable {cardtable.__version__}"


def test_gui_entry_survives_having_no_console(monkeypatch):
    """Under pythonw or a windowed build stdout/stderr are None; a print must not crash the app."""
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    try:
        with pytest.raises(SystemExit) as exit_:
            gui.main(["--version"])  # argparse prints the version, then exits
        assert exit_.value.code == 0
        assert sys.stdout is not None and sys.stderr is not None
        print("nobody sees this", file=sys.stderr)
    finally:
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                stream.close()


# -- icons ---------------------------------------------------------------------------


def _make_icons():
    spec = importlib.util.spec_from_file_location("make_icons", PACKAGING / "linux" / "make_icons.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_committed_icons_are_made_from_the_drawing(tmp_path):
    written = _make_icons().write_hicolor(tmp_path)
    fresh = sorted(p.relative_to(tmp_path).as_posix() for p in written)
    committed = sorted(p.relative_to(ICONS).as_posix() for p in ICONS.rglob("*") if p.is_file())
    assert fresh == committed
    assert len(committed) == 4
    svg = f"hicolor/scalable/apps/{APP_ID}.svg"
    assert (ICONS / svg).read_bytes() == (ROOT / "assets" / "icons" / "cardtable.svg").read_bytes()
    for size in (64, 128, 256):
        name = f"hicolor/{size}x{size}/apps/{APP_ID}.png"
        old, new = pygame.image.load(str(ICONS / name)), pygame.image.load(str(tmp_path / name))
        assert old.get_size() == new.get_size() == (size, size)
        a, b = pygame.image.tobytes(old, "RGBA"), pygame.image.tobytes(new, "RGBA")
        differences = [abs(x - y) for x, y in zip(a, b, strict=True) if x != y]
        # Equal with the same SVG renderer; another version may round an edge pixel differently.
        assert len(differences) <= len(a) // 100 and max(differences, default=0) <= 48, name


def test_windows_and_macos_icons_hold_pngs_of_the_drawing(tmp_path):
    icons = _make_icons()
    ico = icons.write_ico(tmp_path / "cardtable.ico", sizes=(32, 256)).read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", ico)
    assert (reserved, kind, count) == (0, 1, 2)
    sides = [struct.unpack_from("<BB", ico, 6 + 16 * i) for i in range(count)]
    assert sides == [(32, 32), (0, 0)]  # 0 stands for 256
    size, offset = struct.unpack_from("<II", ico, 6 + 8)
    assert ico[offset : offset + 8] == b"\x89PNG\r\n\x1a\n" and offset + size <= len(ico)
    icns = icons.write_icns(tmp_path / "cardtable.icns", sizes=(128, 256)).read_bytes()
    assert icns[:4] == b"icns" and struct.unpack_from(">I", icns, 4)[0] == len(icns)
    assert icns[8:12] == b"ic07" and icns[16:24] == b"\x89PNG\r\n\x1a\n"


# -- Flatpak ---------------------------------------------------------------------------


def _install_commands(manifest: dict) -> list[list[str]]:
    commands = []
    for module in manifest["modules"]:
        for line in module.get("build-commands", []):
            words = shlex.split(line)
            if words[:2] == ["install", "-Dm644"]:
                commands.append(words[2:])
    return commands


def test_flatpak_installs_the_desktop_files_under_the_app_id():
    manifest = _manifest()
    installs = _install_commands(manifest)
    sources = {source for source, _ in installs}
    wanted = {DESKTOP, METAINFO, *(p for p in ICONS.rglob("*") if p.is_file())}
    assert {ROOT / s for s in sources} == wanted
    for source, dest in installs:
        assert (ROOT / source).is_file(), source
        assert dest.startswith("${FLATPAK_DEST}/share/")
        assert Path(dest).name.startswith(APP_ID)
        assert Path(dest).name == Path(source).name
        if "/icons/" in dest:
            assert dest.endswith(source.split("packaging/linux/icons/", 1)[1])
    assert {dest.split("/")[2] for _, dest in installs} == {"applications", "metainfo", "icons"}
    app = manifest["modules"][-1]
    assert app["sources"] == [{"type": "dir", "path": "../..", "skip": app["sources"][0]["skip"]}]
    assert (MANIFEST.parent / "../..").resolve() == ROOT


def test_flatpak_fetches_pinned_wheels_for_every_dependency():
    manifest = _manifest()
    assert manifest["runtime"] == "org.freedesktop.Platform" and manifest["sdk"] == "org.freedesktop.Sdk"
    assert manifest["runtime-version"] == "25.08"
    for arg in ("--socket=wayland", "--socket=fallback-x11", "--socket=pulseaudio", "--device=dri"):
        assert arg in manifest["finish-args"]
    wheels = {}
    for module in manifest["modules"]:
        for source in module.get("sources", []):
            if source["type"] != "file":
                continue
            assert source["url"].startswith("https://files.pythonhosted.org/packages/")
            assert re.fullmatch(r"[0-9a-f]{64}", source["sha256"])
            name = source["url"].rsplit("/", 1)[1]
            assert name.endswith(".whl")
            project, version, *_, abi, platform = name[: -len(".whl")].split("-")
            if platform != "any":  # compiled: the runtime's Python 3.13 on x86_64
                assert abi == "cp313" and "manylinux" in platform and "x86_64" in platform, name
            wheels[project.lower().replace("_", "-")] = version
    for dependency in ("pygame-ce", "pyyaml", "platformdirs", "hatchling", "babel"):
        assert dependency in wheels
    runtime = next(m for m in manifest["modules"] if m["name"] == "python3-dependencies")
    assert "--no-index" in runtime["build-commands"][0]
    for dependency in ("pygame-ce", "pyyaml", "platformdirs"):
        assert dependency in runtime["build-commands"][0].split()


# -- PyInstaller ----------------------------------------------------------------------


def _spec_call(tree: ast.Module, name: str) -> ast.Call:
    (call,) = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == name
    ]
    return call


def _keyword(call: ast.Call, name: str) -> ast.expr:
    (value,) = [k.value for k in call.keywords if k.arg == name]
    return value


def test_pyinstaller_spec_builds_a_windowed_folder_carrying_the_data():
    source = SPEC.read_text(encoding="utf-8")
    tree = ast.parse(source)
    compile(tree, str(SPEC), "exec")
    (datas,) = [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["datas"]
    ]
    destinations = {ast.literal_eval(pair.elts[1]) for pair in datas.elts}
    sources = {ast.unparse(pair.elts[0]) for pair in datas.elts}
    # The same places an installed wheel keeps them (pyproject's force-include), where resources.py looks.
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    for name in ("config", "assets"):
        assert f'"{name}" = "cardtable/_data/{name}"' in pyproject
        assert f"cardtable/_data/{name}" in destinations
        assert f"str(ROOT / '{name}')" in sources
    exe = _spec_call(tree, "EXE")
    assert ast.literal_eval(_keyword(exe, "console")) is False
    assert ast.literal_eval(_keyword(exe, "exclude_binaries")) is True  # one folder, not one file
    assert ast.literal_eval(_keyword(exe, "name")) == "cardtable"
    _spec_call(tree, "COLLECT")
    assert ast.unparse(_keyword(_spec_call(tree, "BUNDLE"), "bundle_identifier")) == "APP_ID"
    assert f'APP_ID = "{APP_ID}"' in source
    assert 'collect_submodules("cardtable")' in source
    analysis = _spec_call(tree, "Analysis")
    assert ast.unparse(analysis.args[0]) == "[str(HERE / 'launch.py')]"
    launcher = (SPEC.parent / "launch.py").read_text(encoding="utf-8")
    assert "multiprocessing.freeze_support()" in launcher
    assert "from cardtable.gui import main" in launcher


def test_the_readme_opens_with_the_screenshot_the_metainfo_shows():
    """One small picture of a game in progress: first thing in the README, and the store page's."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    first = next(line for line in readme[1:] if line.strip())
    picture = re.fullmatch(r"!\[[^\]]+\]\(([^)]+\.png)\)", first.strip())
    assert picture, f"the README's first line after the title is not a picture: {first!r}"
    path = ROOT / picture.group(1)
    assert path.is_file() and path.stat().st_size < 150_000  # kept small
    urls = [e.text for e in ET.parse(METAINFO).getroot().iter("image")]
    assert urls and all(url.endswith("/" + picture.group(1)) for url in urls)
    pygame.display.init()
    image = pygame.image.load(str(path))
    width, height = image.get_size()
    assert (width, height) == (960, 540)
    points = [(x, y) for x in range(0, width, 8) for y in range(0, height, 8)]
    faces = sum(min(image.get_at(p)[:3]) > 225 for p in points)  # the paper of face-up cards
    assert faces > len(points) * 0.08  # a table with cards open on it, not a blank frame


def test_the_store_page_links_to_the_projects_homepage():
    """The metainfo's homepage, bug tracker and screenshot live where pyproject says the project is."""
    import tomllib

    homepage = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["urls"]["Homepage"]
    root = ET.parse(METAINFO).getroot()
    urls = {u.get("type"): u.text for u in root.iter("url")}
    assert urls["homepage"] == homepage and urls["bugtracker"].startswith(homepage + "/")
    raw = homepage.replace("https://github.com/", "https://raw.githubusercontent.com/")
    assert all(image.text.startswith(raw + "/") for image in root.iter("image"))
    assert importlib.metadata.metadata("cardtable").get_all("Project-URL") == [f"Homepage, {homepage}"]
