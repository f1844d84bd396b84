import pytest

from cardtable import games
from cardtable.resources import config_file
from cardtable.variants import load_builtin, load_variant_file
from cardtable.yamlfile import ConfigError, load_yaml


@pytest.mark.parametrize("game_id", games.ids())
def test_builtin_variants_are_valid_and_start_with_standard(game_id):
    spec = games.get(game_id)
    variants = load_builtin(spec)
    assert next(iter(variants)) == "standard"
    assert variants["standard"].options == {}
    for variant in variants.values():
        assert variant.description
        spec.schema.validate(variant.options)


def test_ugly_has_the_required_variants():
    names = set(games.get("ugly").variants)
    assert {"standard", "short-game", "alternate-passing", "no-no-trump"} <= names


@pytest.mark.parametrize("name", ["short-game", "alternate-passing", "no-no-trump", "flat-jacks"])
def test_each_ugly_variant_starts_a_game_with_its_options(name):
    spec = games.get("ugly")
    game = spec.new_game(4, seed=1, variant=name)
    for key, value in spec.variants[name].options.items():
        expected = spec.schema[key].validate(value)
        assert game.options[key] == expected


def _write(tmp_path, text):
    path = tmp_path / "ugly.yaml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "text, line, key, words",
    [
        ("fast:\n  description: x\n  options:\n    roundz: 3\n", 4, "fast.options.roundz", "unknown option"),
        ("fast:\n  description: x\n  options:\n    rounds: many\n", 4, "fast.options.rounds", "whole number"),
        ("fast:\n  description: x\n  options:\n    rounds: 12\n", 4, "fast.options.rounds", "at most 9"),
        (
            "a:\n  description: x\n\nb:\n  description: y\n  options:\n    jack_values: {hearts: 99}\n",
            7,
            "b.options.jack_values.hearts",
            "between 0 and 20",
        ),
        ("fast:\n  description: x\n  colour: red\n", 3, "fast.colour", "unknown field"),
        ("fast:\n  description: [1, 2]\n", 2, "fast.description", "must be text"),
        ("Fast Game:\n  description: x\n", 1, "Fast Game", "lowercase"),
        ("fast:\n  description: x\nfast:\n  description: y\n", 3, "fast", "appears twice"),
        ("- just\n- a list\n", 1, None, "must be a mapping"),
    ],
)
def test_mistakes_name_file_line_and_key(tmp_path, text, line, key, words):
    path = _write(tmp_path, text)
    with pytest.raises(ConfigError) as info:
        load_variant_file(games.get("ugly"), path)
    err = info.value
    assert err.path == str(path)
    assert err.line == line
    assert err.key == key
    assert words in str(err)
    assert str(err).startswith(f"{path}:{line}: ")


def test_yaml_syntax_error_names_the_line(tmp_path):
    path = _write(tmp_path, "fast:\n  description: x\n  options: {rounds: 3\n")
    with pytest.raises(ConfigError) as info:
        load_variant_file(games.get("ugly"), path)
    assert info.value.line is not None and info.value.line >= 3


def test_python_tags_are_refused_not_run(tmp_path):
    marker = tmp_path / "ran"
    path = _write(
        tmp_path,
        "fast:\n  description: x\n  options:\n"
        f"    rounds: !!python/object/apply:os.system ['touch {marker}']\n",
    )
    with pytest.raises(ConfigError) as info:
        load_variant_file(games.get("ugly"), path)
    assert info.value.line == 4
    assert "python/object/apply:os.system" in str(info.value)
    assert not marker.exists()


def test_unreadable_and_non_utf8_files_are_config_errors(tmp_path):
    with pytest.raises(ConfigError, match="cannot be read"):
        load_yaml(tmp_path / "missing.yaml")
    bad = tmp_path / "latin.yaml"
    bad.write_bytes(b"fast:\n  description: caf\xe9\n")
    with pytest.raises(ConfigError, match="not UTF-8"):
        load_yaml(bad)


def test_an_empty_file_has_no_variants(tmp_path):
    assert load_variant_file(games.get("ugly"), _write(tmp_path, "# nothing yet\n")) == {}


def test_the_file_is_not_changed_by_reading_it(tmp_path):
    text = "fast:\n  description: x\n  options:\n    rounds: 99\n"
    path = _write(tmp_path, text)
    with pytest.raises(ConfigError):
        load_variant_file(games.get("ugly"), path)
    assert path.read_text(encoding="utf-8") == text


def test_builtin_variants_file_is_found_through_resources():
    assert config_file("variants", "ugly.yaml").is_file()
