"""The Flatpak manifest (packaging/flatpak/) is a well-formed manifest for the freedesktop 25.08 runtime.

25.08's Python is 3.13, so every compiled wheel must be a cp313 one (manylinux x86_64) and
every other one pure (py3-none-any), each pinned by its files.pythonhosted.org URL and sha256.
The wheels must cover what pyproject.toml asks for: the runtime dependencies, and for the build
hatchling and Babel (hatch_build.py compiles the translation catalogs with it), within their
ranges. Where flatpak-builder is installed it reads the manifest too (it is optional: the test
that runs it skips without it).
"""

import json
import re
import shlex
import subprocess
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
import yaml
from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version
from test_packaging_files import _tool

ROOT = Path(__file__).resolve().parent.parent
APP_ID = "io.github.cardtable.CardTable"
MANIFEST = ROOT / "packaging" / "flatpak" / f"{APP_ID}.yml"
PYPROJECT = ROOT / "pyproject.toml"
RUNTIME_VERSION = "25.08"
PYTHON_TAG = "cp313"  # freedesktop 25.08's Python is 3.13
URL = re.compile(
    r"https://files\.pythonhosted\.org/packages/[0-9a-f]{2}/[0-9a-f]{2}/[0-9a-f]{60}/(?P<file>[^/]+\.whl)"
)
BUILD_MODULE = "python3-build-tools"
RUNTIME_MODULE = "python3-dependencies"


def _manifest() -> dict:
    return yaml.safe_load(MANIFEST.read_text(encoding="utf-8"))


def _pyproject() -> dict:
    return tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))


def _module(name: str) -> dict:
    (module,) = [m for m in _manifest()["modules"] if m["name"] == name]
    return module


def _wheels(module: dict) -> dict[str, tuple[Version, str]]:
    """The module's wheels: canonical project name -> (version, file name)."""
    wheels = {}
    for source in module["sources"]:
        if source["type"] != "file":
            continue
        match = URL.fullmatch(source["url"])
        assert match, source["url"]
        name = match["file"]
        project, version = name.split("-")[:2]
        project = canonicalize_name(project)
        assert project not in wheels, f"{project} twice in {module['name']}"
        wheels[project] = (Version(version), name)
    return wheels


def _pip_installs(module: dict) -> list[str]:
    """The projects the module's `pip3 install --no-index` names."""
    (command,) = module["build-commands"]
    words = shlex.split(command)
    assert words[:2] == ["pip3", "install"] and "--no-index" in words, command
    return [canonicalize_name(w) for w in words[2:] if not w.startswith("-")]


def _python313_environment() -> dict[str, str]:
    env = default_environment()
    env.update(
        python_version="3.13",
        python_full_version="3.13.0",
        implementation_name="cpython",
        platform_python_implementation="CPython",
        sys_platform="linux",
        platform_system="Linux",
        platform_machine="x86_64",
        os_name="posix",
    )
    return env


# -- the manifest's shape ---------------------------------------------------------------


def test_manifest_has_the_required_keys():
    manifest = _manifest()
    assert manifest["id"] == APP_ID == MANIFEST.stem
    for key in ("runtime", "runtime-version", "sdk", "command"):
        assert isinstance(manifest[key], str) and manifest[key], key
    assert isinstance(manifest["finish-args"], list)
    modules = manifest["modules"]
    assert isinstance(modules, list) and modules
    names = [m["name"] for m in modules]
    assert len(names) == len(set(names))
    for module in modules:
        assert isinstance(module["name"], str) and module["name"]
        assert module["buildsystem"] == "simple", module["name"]
        assert module["build-commands"] and all(isinstance(c, str) for c in module["build-commands"])
        assert module["sources"], module["name"]
        for source in module["sources"]:
            assert source["type"] in {"file", "dir"}, source
    assert names[-1] == "cardtable"  # the app, built after everything it needs


def test_runtime_is_freedesktop_25_08():
    manifest = _manifest()
    assert manifest["runtime"] == "org.freedesktop.Platform"
    assert manifest["sdk"] == "org.freedesktop.Sdk"
    # Quoted in the YAML: unquoted, 25.08 is a float (and 25.10 would read as 25.1).
    assert manifest["runtime-version"] == RUNTIME_VERSION


# -- the wheels -------------------------------------------------------------------------


def test_every_wheel_is_pinned_on_pythonhosted_and_fits_python_3_13():
    files = []
    for module in _manifest()["modules"]:
        for source in module["sources"]:
            if source["type"] != "file":
                continue
            assert set(source) == {"type", "url", "sha256"}, source
            match = URL.fullmatch(source["url"])
            assert match, source["url"]
            assert re.fullmatch(r"[0-9a-f]{64}", source["sha256"]), source
            name = match["file"]
            files.append(name)
            python, abi, platform = name[: -len(".whl")].split("-")[-3:]
            if platform == "any":
                assert (python, abi) == ("py3", "none"), name
            else:
                assert (python, abi) == (PYTHON_TAG, PYTHON_TAG), name
                tags = platform.split(".")
                assert all(t.startswith("manylinux") and t.endswith("_x86_64") for t in tags), name
    assert len(files) == len(set(files))
    assert any(PYTHON_TAG in name for name in files)
    text = MANIFEST.read_text(encoding="utf-8")
    assert "cp312" not in text and "24.08" not in text


def test_runtime_wheels_cover_pyproject_dependencies():
    module = _module(RUNTIME_MODULE)
    wheels = _wheels(module)
    installs = _pip_installs(module)
    wanted = [Requirement(r) for r in _pyproject()["project"]["dependencies"]]
    for requirement in wanted:
        name = canonicalize_name(requirement.name)
        assert name in wheels, f"no wheel for {requirement}"
        assert name in installs, f"{module['name']} does not install {name}"
        version, file = wheels[name]
        assert requirement.specifier.contains(version, prereleases=True), f"{file} is outside {requirement}"
    assert set(installs) == {canonicalize_name(r.name) for r in wanted}


def test_build_wheels_have_hatchling_and_babel_and_are_cleaned_away():
    pyproject = _pyproject()
    module = _module(BUILD_MODULE)
    wheels = _wheels(module)
    backend = [Requirement(r) for r in pyproject["build-system"]["requires"]]
    hook = [Requirement(r) for r in pyproject["tool"]["hatch"]["build"]["hooks"]["custom"]["dependencies"]]
    assert {canonicalize_name(r.name) for r in backend} == {"hatchling"}
    assert {canonicalize_name(r.name) for r in hook} == {"babel"}
    for requirement in backend + hook:
        name = canonicalize_name(requirement.name)
        assert name in wheels, f"no wheel for {requirement}"
        version, file = wheels[name]
        assert requirement.specifier.contains(version, prereleases=True), f"{file} is outside {requirement}"
    assert set(_pip_installs(module)) == {"hatchling", "babel"}
    assert module["cleanup"] == ["*"]  # only for the build: none of it ships
    names = [m["name"] for m in _manifest()["modules"]]
    assert names.index(BUILD_MODULE) < names.index("cardtable")
    assert not set(wheels) & set(_wheels(_module(RUNTIME_MODULE)))
    (app_build, *_) = _module("cardtable")["build-commands"]
    assert "--no-build-isolation" in app_build and "--no-index" in app_build


@pytest.mark.parametrize("module_name", [BUILD_MODULE, RUNTIME_MODULE])
def test_each_module_carries_the_dependencies_of_its_wheels(module_name):
    """pip runs --no-index: what a pinned wheel needs on Python 3.13 must be pinned beside it.

    Read from the installed distributions at the manifest's version (the test extra has hatchling
    and Babel, the install the app's dependencies): a module with none of them means stale pins.
    """
    wheels = _wheels(_module(module_name))
    env = _python313_environment()
    checked = 0
    for name, (version, _) in wheels.items():
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue
        if Version(dist.version) != version:
            continue
        checked += 1
        for line in dist.requires or []:
            requirement = Requirement(line)
            if requirement.marker is not None and not requirement.marker.evaluate(env | {"extra": ""}):
                continue
            needed = canonicalize_name(requirement.name)
            assert needed in wheels, f"{name} needs {requirement}, which {module_name} does not carry"
            assert requirement.specifier.contains(wheels[needed][0], prereleases=True), requirement
    assert checked, (
        f"none of {module_name}'s wheels is installed here at the manifest's version: update the pins"
    )


# -- flatpak-builder, where it is installed ----------------------------------------------


def test_flatpak_builder_reads_the_manifest(tmp_path):
    tool = _tool("flatpak-builder", "flatpak-builder")  # CI installs it and requires it
    # Run in tmp_path: flatpak-builder makes a .flatpak-builder state folder where it runs.
    run = subprocess.run(
        [tool, "--show-manifest", str(MANIFEST)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )
    assert run.returncode == 0, run.stderr
    shown = json.loads(run.stdout)
    manifest = _manifest()
    for key in ("id", "runtime", "runtime-version", "sdk", "command"):
        assert shown[key] == manifest[key], key
    assert [m["name"] for m in shown["modules"]] == [m["name"] for m in manifest["modules"]]
    for seen, written in zip(shown["modules"], manifest["modules"], strict=True):
        assert seen["buildsystem"] == written["buildsystem"]
        urls = [s.get("url") for s in seen["sources"]]
        assert urls == [s.get("url") for s in written["sources"]]
        assert [s.get("sha256") for s in seen["sources"]] == [s.get("sha256") for s in written["sources"]]
