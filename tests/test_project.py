"""The README's two commands are the whole truth, and CI runs the test one."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _readme_commands():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    head = text.split("## ", 1)[0]
    return re.findall(r"```sh\n(.+?)\n```", head)


def test_readme_opens_with_exactly_two_commands():
    commands = _readme_commands()
    assert len(commands) == 2
    app, tests = commands
    assert app.startswith("python3 -m venv .venv") and app.endswith(".venv/bin/cardtable")
    assert "pip install ." in app
    assert tests.startswith("python3 -m venv .venv") and "[test]" in tests and "pytest" in tests


def test_ci_runs_the_readme_test_command_and_ruff():
    """CI runs the README's test command as written, its tests in a network namespace of their
    own (tests/offline, which the README names too)."""
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    command = _readme_commands()[1]
    pytest_step = ".venv/bin/python -m pytest"
    assert command.endswith(pytest_step)
    assert command.replace(pytest_step, f"bash tests/offline {pytest_step}") in ci
    assert f"bash tests/offline {pytest_step}" in (ROOT / "README.md").read_text(encoding="utf-8").replace(
        "\n", " "
    )
    assert "ruff check" in ci


def test_pyproject_declares_the_runtime_dependencies_and_entry_point():
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    for dep in ("pygame-ce", "pyyaml", "platformdirs"):
        assert f'"{dep}' in text
    assert 'cardtable = "cardtable.cli:main"' in text


def test_no_function_is_longer_than_one_reader_holds_in_mind():
    """A function of more than 60 lines is split (each case of a sentence written whole for
    translation, too): a long one here fails with its file and name."""
    import ast
    from pathlib import Path

    package = Path(__file__).resolve().parent.parent / "cardtable"
    long = []
    for path in sorted(package.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = node.end_lineno - node.lineno + 1
                if lines > 60:
                    where = f"{path.relative_to(package.parent)}:{node.lineno}"
                    long.append(f"{where} {node.name} ({lines} lines)")
    assert not long, long
