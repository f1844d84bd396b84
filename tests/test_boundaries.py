"""The architecture's boundaries, checked on the source (see DESIGN.md)."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "cardtable"
SOURCES = sorted(PACKAGE.rglob("*.py"))


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: resolve against the module's package
                base = path.relative_to(ROOT).with_suffix("").parts[: -node.level]
                names.add(".".join((*base, node.module or "")).rstrip("."))
            elif node.module:
                names.add(node.module)
    return names


def _rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def test_sources_are_found():
    assert len(SOURCES) > 10


@pytest.mark.parametrize("path", SOURCES, ids=_rel)
def test_only_the_app_imports_pygame(path):
    if _rel(path).startswith("cardtable/app/"):
        return
    bad = {name for name in _imports(path) if name == "pygame" or name.startswith("pygame.")}
    assert not bad, f"{_rel(path)} imports {bad}; pygame belongs in cardtable/app/"


def test_the_pygame_check_would_catch_an_import(tmp_path):
    sample = tmp_path / "x.py"
    sample.write_text("from pygame import Surface\n")
    assert "pygame" in _imports(sample)


@pytest.mark.parametrize("path", sorted((PACKAGE / "engine").rglob("*.py")), ids=_rel)
def test_engine_is_pure(path):
    imports = _imports(path)
    io_modules = {"os", "io", "pathlib", "shutil", "yaml", "json", "pygame", "tempfile", "platformdirs"}
    assert not imports & io_modules, f"{_rel(path)} imports {imports & io_modules}"
    outside = {n for n in imports if n.startswith("cardtable") and not n.startswith("cardtable.engine")}
    assert not outside, f"{_rel(path)} reaches outside the engine: {outside}"
    calls = [
        n.func.id
        for n in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
    ]
    assert "open" not in calls, f"{_rel(path)} opens files"


@pytest.mark.parametrize("path", sorted((PACKAGE / "games").rglob("*.py")), ids=_rel)
def test_games_depend_only_on_the_engine(path):
    forbidden = ("cardtable.ai", "cardtable.app", "cardtable.match", "cardtable.cli", "cardtable.simulate")
    bad = {n for n in _imports(path) if n.startswith(forbidden)}
    assert not bad, f"{_rel(path)} imports {bad}"


@pytest.mark.parametrize("path", SOURCES, ids=_rel)
def test_nothing_outside_the_app_imports_the_app(path):
    if _rel(path).startswith("cardtable/app/") or _rel(path) == "cardtable/cli.py":
        return
    assert not {n for n in _imports(path) if n.startswith("cardtable.app")}


@pytest.mark.parametrize("path", SOURCES, ids=_rel)
def test_yaml_is_read_only_with_the_safe_loader(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    unsafe = {"load", "load_all", "unsafe_load", "unsafe_load_all", "full_load", "full_load_all"}
    loaders = {"Loader", "FullLoader", "UnsafeLoader", "CLoader", "CFullLoader", "CUnsafeLoader"}
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "yaml":
            assert node.attr not in unsafe | loaders, f"{_rel(path)} uses yaml.{node.attr}"


# -- scenes by name -------------------------------------------------------------------------------

SCENE_FILES = sorted((PACKAGE / "app" / "scenes").glob("*.py"))


def _runtime_imports(path: Path, text: str | None = None) -> set[str]:
    """What a module imports when it runs (imports under ``if TYPE_CHECKING:`` only name types)."""
    tree = ast.parse(text if text is not None else path.read_text(encoding="utf-8"), str(path))
    typing_only = {
        id(n)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING"
        for n in ast.walk(node)
    }
    names: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level:
            names.add(node.module or "")
        elif isinstance(node, ast.ImportFrom):
            base = path.relative_to(ROOT).with_suffix("").parts[: -node.level]
            names.add(".".join((*base, node.module or "")).rstrip("."))
    return names


def test_every_scene_is_registered_under_its_own_name():
    from cardtable.app.scene import SCENES, Scene, scene_class

    defined = {
        node.name
        for path in SCENE_FILES
        for node in ast.parse(path.read_text(encoding="utf-8")).body
        if isinstance(node, ast.ClassDef) and node.name.endswith("Scene")
    }
    assert {where.split(":")[1] for where in SCENES.values()} == defined
    for name in SCENES:
        cls = scene_class(name)
        assert issubclass(cls, Scene) and cls.scene_name == name


@pytest.mark.parametrize("path", SCENE_FILES, ids=lambda p: p.stem)
def test_a_scene_opens_another_by_name_never_by_import(path):
    """No import circle among the scenes: a module that holds a scene is imported by no other
    (the replay and the lesson, tables of their own, and hosting, a new game of its own, excepted),
    and nothing is imported inside a function."""
    holders = {
        f"cardtable.app.scenes.{p.stem}"
        for p in SCENE_FILES
        if any(
            isinstance(n, ast.ClassDef) and n.name.endswith("Scene")
            for n in ast.parse(p.read_text(encoding="utf-8")).body
        )
    }
    allowed = {"cardtable.app.scenes.table"} if path.stem in ("replay", "lesson") else set()
    if path.stem == "online":
        allowed = {"cardtable.app.scenes.newgame"}  # hosting is the new-game screen for a table others join
    assert (_runtime_imports(path) & holders) - allowed == set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    inner = [
        node.lineno
        for fn in ast.walk(tree)
        if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef)
        for node in ast.walk(fn)
        if isinstance(node, ast.Import | ast.ImportFrom)
    ]
    assert inner == [], f"imports inside functions at lines {inner}"


def test_the_scene_check_would_catch_an_import(tmp_path):
    """A runtime import of a scene is seen; one that only names a type is not."""
    probe = PACKAGE / "app" / "scenes" / "probe.py"  # resolved as if it stood among the scenes
    text = (
        "from typing import TYPE_CHECKING\n"
        "from .table import TableScene\n"
        "import cardtable.app.scenes.lab\n"
        "if TYPE_CHECKING:\n"
        "    from .results import ResultsScene\n"
    )
    assert _runtime_imports(probe, text) == {
        "typing",
        "cardtable.app.scenes.table",
        "cardtable.app.scenes.lab",
    }
