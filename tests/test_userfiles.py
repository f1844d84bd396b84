"""The player's files: settings.yaml, own variants, layout overrides; atomic writes and backups."""

import os

import pytest

from cardtable import games
from cardtable.app.layout import load_layout
from cardtable.engine import OptionError, Variant
from cardtable.settings import Settings, config_dir, parse_settings, settings_yaml
from cardtable.userfiles import UserFiles, atomic_write, backup_path
from cardtable.variants import playable_counts, variant_name
from cardtable.yamlfile import ConfigError, parse_yaml

UGLY = games.get("ugly")


def test_tests_use_their_own_config_folder(tmp_path):
    assert config_dir() == tmp_path / "config"


# -- settings.yaml -------------------------------------------------------------------


def test_settings_round_trip_through_the_file_format():
    s = Settings(animation_speed="slow", window_size=(1600, 900), volume=30, card_back="green")
    s.seats[1].name = "Zoë: the second"
    s.seats[2].human = True
    s.seats[3].level = "hard"
    text = settings_yaml(s)
    assert text.startswith("# Card Table settings.")
    assert parse_settings(parse_yaml(text, "settings.yaml")) == s


def test_the_volume_is_written_with_its_range_and_read_back():
    text = settings_yaml(Settings(volume=0))
    assert "volume: 0  # 0 (off) to 100\n" in text and "sound" not in text
    assert parse_settings(parse_yaml(text, "settings.yaml")).volume == 0
    assert Settings().volume == 70 and "volume: 70  # 0 (off) to 100\n" in settings_yaml(Settings())


@pytest.mark.parametrize(
    "text, volume",
    [
        ("sound: false\n", 0),
        ("sound: true\n", 70),
        ("sound: false\nvolume: 40\n", 40),
        ("volume: 40\nsound: false\n", 40),
        ("sound: true\nvolume: 0\n", 0),
    ],
)
def test_an_older_files_sound_switch_still_reads_as_a_volume(text, volume):
    assert parse_settings(parse_yaml(text, "settings.yaml")).volume == volume


def test_a_partial_settings_file_keeps_the_other_defaults():
    s = parse_settings(parse_yaml("card_back: blue\n", "settings.yaml"))
    assert s.card_back == "blue" and s.animation_speed == "normal" and len(s.seats) == 6


@pytest.mark.parametrize(
    "text, line, key, words",
    [
        ("animation_speed: warp\n", 1, "animation_speed", "one of instant"),
        ("volume: 50\nfullscreen: yes please\n", 2, "fullscreen", "true or false"),
        ("volume: 50\ncolour: red\n", 2, "colour", "unknown setting"),
        ("card_back: red\nvolume: 101\n", 2, "volume", "from 0 (off) to 100"),
        ("volume: -1\n", 1, "volume", "from 0 (off) to 100"),
        ("volume: loud\n", 1, "volume", "whole number"),
        ("volume: 50.5\n", 1, "volume", "whole number"),
        ("volume: true\n", 1, "volume", "whole number"),
        ("sound: maybe\n", 1, "sound", "true or false"),
        ("window_size: [100, 100]\n", 1, "window_size", "from 640 x 480"),
        ("window_size: big\n", 1, "window_size", "[width, height]"),
        ("card_back: plaid\n", 1, "card_back", "one of red"),
        ("seats:\n  - {name: Ann, human: true}\n  - {name: Bo, level: genius}\n", 3, "seats.1.level", "easy"),
        ("seats:\n  - {name: '', human: true}\n", 2, "seats.0.name", "needs a name"),
        ("seats:\n  - {name: Ann, age: 9}\n", 2, "seats.0.age", "unknown key"),
        ("volume: 5\nnew_game: ugo\n", 2, "new_game", "must be a mapping"),
        ("new_game: {game: ugo, players: 0}\n", 1, "new_game.players", "from 1 to 12"),
        ("new_game: {game: ugo, players: two}\n", 1, "new_game.players", "whole number"),
        ("new_game:\n  game: ugo\n  players: 2\n  seed: 4\n", 4, "new_game.seed", "unknown key"),
        ("new_game: {players: 2}\n", 1, "new_game.game", "must name a game"),
        ("new_game: {game: ugo, players: 2, variant: 3}\n", 1, "new_game.variant", "must name a variant"),
        ("- a list\n", 1, None, "must be a mapping"),
    ],
)
def test_settings_mistakes_name_line_and_key(text, line, key, words):
    with pytest.raises(ConfigError) as info:
        parse_settings(parse_yaml(text, "settings.yaml"))
    assert (info.value.line, info.value.key) == (line, key)
    assert words in str(info.value)


def test_load_settings_reports_a_broken_file_uses_defaults_and_leaves_it(tmp_path):
    path = tmp_path / "settings.yaml"
    path.write_bytes(b"volume: 0\nanimation_speed: [1\n")
    files = UserFiles(tmp_path)
    assert files.load_settings() == Settings()
    assert files.settings_broken
    (message,) = files.messages()
    assert message.startswith("settings.yaml, line ")
    assert path.read_bytes() == b"volume: 0\nanimation_speed: [1\n"


def test_no_settings_file_is_not_a_problem(tmp_path):
    files = UserFiles(tmp_path)
    assert files.load_settings() == Settings() and files.messages() == []


# -- writing ---------------------------------------------------------------------------


def test_atomic_write_replaces_the_whole_file_and_leaves_no_temporary(tmp_path):
    path = tmp_path / "sub" / "x.yaml"
    atomic_write(path, "one\n")
    atomic_write(path, "two\n")
    assert path.read_text() == "two\n"
    assert sorted(p.name for p in path.parent.iterdir()) == ["x.yaml"]


def test_a_failed_atomic_write_keeps_the_old_contents(tmp_path, monkeypatch):
    path = tmp_path / "x.yaml"
    path.write_text("old\n")

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        atomic_write(path, "new\n")
    assert path.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["x.yaml"]


def test_saving_over_a_broken_file_keeps_it_as_bak_first(tmp_path):
    broken = b"animation_speed: warp\n# my notes\n"
    (tmp_path / "settings.yaml").write_bytes(broken)
    files = UserFiles(tmp_path)
    files.load_settings()
    files.save_settings(Settings(animation_speed="fast"))
    assert (tmp_path / "settings.yaml.bak").read_bytes() == broken
    assert not files.settings_broken
    assert "settings.yaml.bak" in files.notes[0]
    again = UserFiles(tmp_path)
    assert again.load_settings().animation_speed == "fast" and again.messages() == []


def test_saving_over_a_file_the_app_read_makes_no_backup_but_a_changed_one_does(tmp_path):
    files = UserFiles(tmp_path)
    files.save_settings(Settings(volume=0))
    files.save_settings(Settings(volume=100))
    assert not backup_path(tmp_path / "settings.yaml").name.endswith(".1.bak")
    assert not (tmp_path / "settings.yaml.bak").exists()
    (tmp_path / "settings.yaml").write_text("volume: 0  # edited by hand meanwhile\n")
    files.save_settings(Settings(card_back="blue"))
    assert "edited by hand" in (tmp_path / "settings.yaml.bak").read_text()


def test_backups_never_overwrite_older_backups(tmp_path):
    path = tmp_path / "settings.yaml"
    for i in range(3):
        path.write_text(f"broken: {i}\n")
        files = UserFiles(tmp_path)
        files.load_settings()
        files.save_settings(Settings())
    kept = sorted(p.name for p in tmp_path.glob("*.bak"))
    assert kept == ["settings.yaml.1.bak", "settings.yaml.2.bak", "settings.yaml.bak"]
    assert {(tmp_path / k).read_text() for k in kept} == {f"broken: {i}\n" for i in range(3)}


# -- own variants ---------------------------------------------------------------------


def _files(tmp_path) -> UserFiles:
    files = UserFiles(tmp_path)
    files.load_variants(games.all_specs())
    return files


def test_an_own_variant_is_saved_as_a_readable_file_and_read_back(tmp_path):
    files = _files(tmp_path)
    v = files.save_variant(UGLY, "quick", "Three rounds.", {"rounds": 3, "pass_direction": "left"})
    path = tmp_path / "variants" / "ugly" / "quick.yaml"
    text = path.read_text()
    assert text.startswith("# A variant of Ugly, made in Card Table.")
    assert "rounds: 3" in text and "pass_direction" not in text  # only what differs from the standard
    assert v.options == {"rounds": 3} and not v.builtin
    again = _files(tmp_path)
    assert again.own["ugly"]["quick"].options == {"rounds": 3}
    assert again.own["ugly"]["quick"].description == "Three rounds."
    assert list(again.variants(UGLY))[0] == "standard" and "quick" in again.variants(UGLY)


def test_an_illegal_option_is_refused_with_the_reason_and_nothing_is_written(tmp_path):
    files = _files(tmp_path)
    with pytest.raises(OptionError, match="at most 9"):
        files.save_variant(UGLY, "long", "", {"rounds": 12})
    assert not (tmp_path / "variants").exists()


def test_built_in_variants_are_read_only(tmp_path):
    files = _files(tmp_path)
    with pytest.raises(ValueError, match="built-in"):
        files.save_variant(UGLY, "short-game", "", {"rounds": 3})
    with pytest.raises(ValueError, match="built-in"):
        files.delete_variant(UGLY, "standard")


def test_rename_duplicate_and_delete(tmp_path):
    files = _files(tmp_path)
    files.save_variant(UGLY, "quick", "x", {"rounds": 3})
    files.rename_variant(UGLY, "quick", "speedy")
    folder = tmp_path / "variants" / "ugly"
    assert [p.name for p in folder.iterdir()] == ["speedy.yaml"]
    with pytest.raises(ValueError, match="already have"):
        files.save_variant(UGLY, "speedy", "", {})
    copy = files.duplicate_variant(UGLY, files.own["ugly"]["speedy"])
    assert copy.name == "speedy-copy" and copy.options == {"rounds": 3}
    assert files.duplicate_variant(UGLY, UGLY.variants["short-game"]).name == "short-game-copy"
    files.delete_variant(UGLY, "speedy")
    assert sorted(p.name for p in folder.iterdir()) == ["short-game-copy.yaml", "speedy-copy.yaml"]
    assert "speedy" not in files.own["ugly"]


@pytest.mark.parametrize(
    "name, text, line, words",
    [
        ("fast.yaml", "description: x\noptions:\n  rounds: 12\n", 3, "at most 9"),
        ("fast.yaml", "description: x\noptions:\n  roundz: 3\n", 3, "unknown option"),
        ("fast.yaml", "description: x\noptions:\n  rounds: many\n", 3, "whole number"),
        ("fast.yaml", "description: x\ncolour: red\n", 2, "unknown field"),
        ("fast.yaml", "description: x\noptions: {rounds: 3\n", 2, "never closed"),
        ("fast.yaml", "options:\n  rounds: !!python/object/apply:os.system ['true']\n", 2, "not allowed"),
        ("Fast Game.yaml", "description: x\n", None, "lowercase"),
        ("short-game.yaml", "description: x\n", None, "built-in variant"),
    ],
)
def test_a_broken_variant_file_is_reported_and_left_out(tmp_path, name, text, line, words):
    folder = tmp_path / "variants" / "ugly"
    folder.mkdir(parents=True)
    (folder / name).write_text(text)
    (folder / "good.yaml").write_text("description: fine\noptions: {rounds: 2}\n")
    files = _files(tmp_path)
    assert list(files.own["ugly"]) == ["good"]
    (error,) = files.problems.values()
    assert error.line == line and words in error.message
    assert files.messages()[0].startswith(f"variants/ugly/{name}" + (f", line {line}" if line else ""))
    assert (folder / name).read_text() == text


def test_a_variant_folder_for_no_game_is_reported(tmp_path):
    (tmp_path / "variants" / "poker").mkdir(parents=True)
    files = _files(tmp_path)
    assert "no game called 'poker'" in files.messages()[0]


def test_a_broken_variant_is_never_saved_over_but_can_be_reset_keeping_a_backup(tmp_path):
    folder = tmp_path / "variants" / "ugly"
    folder.mkdir(parents=True)
    (folder / "fast.yaml").write_text("options: {rounds: 99, pass_direction: alternate}\n")
    files = _files(tmp_path)
    assert list(files.broken_variants(UGLY)) == ["fast"]
    with pytest.raises(ValueError, match="mistake"):
        files.save_variant(UGLY, "fast", "", {"rounds": 4})
    assert (folder / "fast.yaml").read_text() == "options: {rounds: 99, pass_direction: alternate}\n"
    variant, kept = files.reset_variant(UGLY, "fast")
    assert kept == "fast.yaml.bak"
    assert (folder / kept).read_text() == "options: {rounds: 99, pass_direction: alternate}\n"
    assert variant.options == {"pass_direction": "alternate"}  # what could be read; 99 rounds could not
    assert files.problems == {} and files.broken_variants(UGLY) == {} and files.notes == []
    assert _files(tmp_path).own["ugly"]["fast"].options == {"pass_direction": "alternate"}


def test_variant_names_from_what_a_player_types():
    assert variant_name("  My Quick Game! ") == "my-quick-game"
    assert variant_name("Über 2") == "uber-2"
    with pytest.raises(ValueError, match="letter or digit"):
        variant_name("!!!")
    with pytest.raises(ValueError, match="at most"):
        variant_name("x" * 41)


def test_playable_counts_say_which_tables_a_variant_fits():
    assert playable_counts(UGLY, {"rounds": 8}) == [3]
    assert playable_counts(UGLY, {}) == [3, 4]
    with pytest.raises(OptionError, match="must differ"):
        playable_counts(UGLY, {"charm_card": "7D"})
    assert isinstance(UGLY.variants["standard"], Variant)


# -- layout overrides -----------------------------------------------------------------


def test_a_layout_override_merges_over_the_built_in_layout():
    base = load_layout("ugly")
    doc = parse_yaml("card_width: 100\nzones:\n  hand:\n    viewer: {scale: 1.3}\n", "layouts/ugly.yaml")
    merged = load_layout("ugly", doc)
    assert merged.card_width == 100
    assert merged.zones["hand"].viewer_style.scale == 1.3
    assert merged.zones["hand"].style == base.zones["hand"].style  # untouched keys stay
    assert merged.zones["trick"] == base.zones["trick"] and merged.ring == base.ring


def test_an_empty_layout_override_changes_nothing():
    assert load_layout("ugly", parse_yaml("# nothing yet\n", "layouts/ugly.yaml")) == load_layout("ugly")


def test_a_mistake_in_a_layout_override_names_the_override_and_its_line():
    doc = parse_yaml("card_width: 90\nzones:\n  hand:\n    style: spiral\n", "layouts/ugly.yaml")
    with pytest.raises(ConfigError) as info:
        load_layout("ugly", doc)
    assert info.value.path == "layouts/ugly.yaml" and info.value.line == 4
    assert info.value.key == "zones.hand.style"


def test_a_refused_tag_is_named_as_it_is_written_in_the_file():
    with pytest.raises(ConfigError) as info:
        parse_yaml("volume: 70\ncard_back: !!python/object/apply:os.system ['true']\n", "settings.yaml")
    assert info.value.line == 2
    assert "tag !!python/object/apply:os.system is not allowed" in str(info.value)


def test_an_unreadable_variants_folder_is_a_problem_not_a_crash(tmp_path, monkeypatch):
    from pathlib import Path

    (tmp_path / "variants" / "ugly").mkdir(parents=True)
    real = Path.iterdir

    def iterdir(self):
        if self.name == "ugly":
            raise PermissionError(13, "Permission denied")
        return real(self)

    monkeypatch.setattr(Path, "iterdir", iterdir)
    files = _files(tmp_path)
    assert files.own["ugly"] == {}
    assert files.messages() == ["variants/ugly: cannot be read (Permission denied)"]
