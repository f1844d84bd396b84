"""House rules a player can trust: variants that describe themselves, broken variant files shown and
mended in the app, name fields that behave, and every option value in words."""

from __future__ import annotations

import pygame
import pytest
import yaml
from test_app_settings import choose_game, editor, focus, open_settings, title_app, type_text

from cardtable import games
from cardtable.app import folders
from cardtable.app.layout import playable_games
from cardtable.app.scenes.broken_variant import BrokenEntry
from cardtable.app.scenes.dialogs import ConfirmScene, NameScene
from cardtable.app.scenes.newgame import NewGameScene
from cardtable.engine import ChoiceOption
from cardtable.variants import change_list, describe_changes
from cardtable.yamlfile import ConfigError, parse_yaml
from ui import click, key, make_app, tick

CTRL_A = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_CTRL, unicode="\x01", scancode=0)


def drawn(app) -> list[str]:
    return [k[0] for k in app.text._cache]


def first_changeable(scene):
    """The first option of the page that a right-arrow changes (a number or a choice)."""
    return next(e for e in scene.rules.editors if e.option.kind in ("int", "choice"))


def save_as_typed(app, scene, title: str) -> NameScene:
    """Save as new, typing ``title`` over the suggested name (it starts selected)."""
    focus(app, scene, scene.rules.save_as)
    key(app, pygame.K_RETURN)
    dialog = app.stack.top
    assert isinstance(dialog, NameScene)
    type_text(app, title)
    key(app, pygame.K_RETURN)
    return dialog


def own_file(folder, game: str, name: str, text: str):
    path = folder / "variants" / game / f"{name}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


# -- a description follows the changes --------------------------------------------------------


@pytest.mark.parametrize("game", playable_games())
def test_a_variant_saved_from_changes_is_described_by_them_not_by_inherited_text(config_folder, game):
    spec = games.get(game)
    app = title_app()
    scene = open_settings(app)
    choose_game(app, scene, game)
    page = scene.rules
    standard_text = page.description.value
    row = first_changeable(scene)
    focus(app, scene, row.controls[0][1])
    key(app, pygame.K_RIGHT)
    changed = page.values[row.option.key]
    assert changed != row.option.default
    written = describe_changes(spec, page.values)
    assert page.description.value == written  # shown as it will be saved
    save_as_typed(app, scene, "Pub Rules")
    assert app.stack.top is scene, getattr(app.stack.top, "error", "")
    data = yaml.safe_load((config_folder / "variants" / game / "pub-rules.yaml").read_text())
    assert data["description"] == written and data["title"] == "Pub Rules"
    assert f"{row.option.title}: {row.option.format(changed)}" in data["description"]
    assert standard_text not in data["description"]
    assert page.variant_sel.format(page.variant_sel.value) == "Pub Rules (yours)"

    click(app, scene.done.rect.center)  # New game says it once, in the list of changes
    title = app.stack.top
    click(app, next(b for b in title.buttons if b.label == "New game").rect.center)
    setup = app.stack.top
    assert isinstance(setup, NewGameScene)
    if setup.setup.game != game:
        setup.game_sel.set_options(setup.game_sel.options, game)
        setup._game_changed(game)
    setup.variant_sel.set_options(setup.variant_sel.options, "pub-rules")
    setup._variant_changed("pub-rules")
    assert setup.variant_notes() == [f"Changes: {change_list(spec, {row.option.key: changed})}"]


def test_words_the_player_typed_are_kept_when_options_change(config_folder):
    app = title_app()
    scene = open_settings(app)
    page = scene.rules
    focus(app, scene, page.description)
    tick(app, [CTRL_A])
    type_text(app, "Friday night at the pub")
    row = first_changeable(scene)
    focus(app, scene, row.controls[0][1])
    key(app, pygame.K_RIGHT)
    assert page.description.value == "Friday night at the pub"


def test_changing_an_option_back_restores_the_variant_s_own_description(config_folder):
    app = title_app()
    scene = open_settings(app)
    page = scene.rules
    own = page.description.value
    row = first_changeable(scene)
    focus(app, scene, row.controls[0][1])
    key(app, pygame.K_RIGHT)
    assert page.description.value != own
    key(app, pygame.K_LEFT)
    assert page.description.value == own and not page.dirty


def test_an_own_description_written_by_hand_stays_when_options_change(config_folder):
    own_file(config_folder, "ugly", "pub", "description: Our Friday rules.\noptions: {rounds: 3}\n")
    app = title_app()
    scene = open_settings(app)
    page = scene.rules
    page.variant_sel.set_options(page.variant_sel.options, "pub")
    page.load_variant("pub")
    focus(app, scene, editor(scene, "rounds").controls[0][1])
    key(app, pygame.K_RIGHT)
    assert page.values["rounds"] == 4 and page.description.value == "Our Friday rules."


# -- names keep their case; a suggested name is selected ------------------------------------


def test_a_suggested_name_is_replaced_by_typing_and_keeps_its_case_after_a_restart(config_folder):
    app = title_app()
    scene = open_settings(app)
    page = scene.rules
    page.variant_sel.set_options(page.variant_sel.options, "flat-jacks")
    page.load_variant("flat-jacks")
    dialog = save_as_typed(app, scene, "Pub Ugly")
    assert dialog.field.value == "Pub Ugly"
    assert (config_folder / "variants" / "ugly" / "pub-ugly.yaml").exists()
    assert page.variant.shown == "Pub Ugly"
    again = make_app()
    assert again.variants("ugly")["pub-ugly"].shown == "Pub Ugly"


def test_ctrl_a_selects_the_description_and_its_limit_shows_as_it_nears(config_folder):
    app = title_app()
    scene = open_settings(app)
    field = scene.rules.description
    focus(app, scene, field)
    tick(app, [CTRL_A])
    assert field.selected
    type_text(app, "x")
    assert field.value == "x" and field.count == ""
    type_text(app, "y" * (field.max_length + 20))
    assert len(field.value) == field.max_length and field.count == f"{field.max_length}/{field.max_length}"
    tick(app)
    assert f"{field.max_length}/{field.max_length}" in drawn(app)
    key(app, pygame.K_BACKSPACE)
    assert field.count == f"{field.max_length - 1}/{field.max_length}"


# -- option values in words -------------------------------------------------------------------


@pytest.mark.parametrize("game", games.ids())
def test_every_choice_a_player_sees_is_in_words(game):
    for option in games.get(game).schema:
        if isinstance(option, ChoiceOption):
            assert len(option.words) == len(option.choices), option.key
            for choice in option.choices:
                shown = option.format(choice)
                assert shown != choice or " " in shown, (option.key, choice)
                assert "_" not in shown, (option.key, shown)


def test_settings_and_new_game_show_the_words_not_the_code(config_folder):
    own_file(config_folder, "ultimate-loser", "drawn", "description: x\noptions: {lead_tiebreak: random}\n")
    app = title_app()
    scene = open_settings(app)
    choose_game(app, scene, "ultimate-loser")
    focus(app, scene, editor(scene, "lead_tiebreak").controls[0][1])  # scrolled into view
    tick(app)
    assert "rock-paper-scissors" in drawn(app) and "rps" not in drawn(app)
    setup = NewGameScene(app)
    setup._game_changed("ultimate-loser")
    setup.variant_sel.set_options(setup.variant_sel.options, "drawn")
    setup._variant_changed("drawn")
    assert setup.variant_notes()[-1] == "Changes: Lead tiebreak: a random draw"


# -- broken variants: listed greyed, with their mistake, and mended in the app -----------------

BROKEN = {
    "syntax": ("title: Mine\ndescription: x\noptions: {rounds: [3\n", 3, "never closed", {}),
    "unknown": ("description: x\noptions:\n  rounds: 3\n  roundz: 3\n", 4, "unknown option", {"rounds": 3}),
    "range": (
        "description: x\noptions:\n  rounds: 12\n  pass_direction: alternate\n",
        3,
        "at most 9",
        {"pass_direction": "alternate"},
    ),
    "type": ("description: x\noptions:\n  rounds: many\n", 3, "whole number", {}),
}


def _choose_broken(app, scene, name: str = "mine") -> None:
    page = scene.rules
    entry = BrokenEntry(name)
    assert entry in page.variant_sel.options
    sel = page.variant_sel
    for _ in range(len(sel.options)):
        if sel.value == entry:
            break
        click(app, (sel.rect.right - 5, sel.rect.centery))
    assert page.broken.entry == entry
    tick(app)


@pytest.mark.parametrize("kind", list(BROKEN))
def test_a_broken_variant_is_listed_greyed_with_its_mistake_and_can_be_reset(config_folder, kind):
    text, line, words, kept = BROKEN[kind]
    path = own_file(config_folder, "ugly", "mine", text)
    app = title_app()
    assert "mine" not in app.variants("ugly")
    scene = open_settings(app)
    _choose_broken(app, scene)
    page = scene.rules
    assert page.variant_sel.muted(page.variant_sel.value)
    shown = [s for s in drawn(app) if s.startswith("variants/ugly/mine.yaml, line ")]
    assert (
        shown and shown[0].startswith(f"variants/ugly/mine.yaml, line {line}:") and words in " ".join(shown)
    )
    assert not (page.save_as.enabled or page.duplicate.enabled or page.try_it.enabled)
    assert path.read_text() == text  # looking changes nothing

    click(app, page.broken.reset.rect.center)
    ask = app.stack.top
    assert isinstance(ask, ConfirmScene)
    click(app, ask.yes.rect.center)
    assert (path.parent / "mine.yaml.bak").read_text() == text
    message = scene.message[0]
    assert "mine.yaml.bak" in message, message
    variant = app.variants("ugly")["mine"]
    assert dict(variant.options) == kept and page.variant is variant
    assert app.notices() == []
    assert make_app().variants("ugly")["mine"].options == kept  # what was written can be read


def test_deleting_a_broken_variant_asks_then_removes_its_file(config_folder):
    path = own_file(config_folder, "ugly", "mine", BROKEN["range"][0])
    app = title_app()
    scene = open_settings(app)
    _choose_broken(app, scene)
    click(app, scene.rules.broken.delete.rect.center)
    ask = app.stack.top
    assert isinstance(ask, ConfirmScene) and path.exists()
    click(app, ask.yes.rect.center)
    assert not path.exists() and list(path.parent.iterdir()) == []
    assert BrokenEntry("mine") not in scene.rules.variant_sel.options and app.notices() == []


def test_open_its_folder_shows_the_variant_s_folder(config_folder, monkeypatch):
    path = own_file(config_folder, "ugly", "mine", BROKEN["type"][0])
    opened: list = []
    monkeypatch.setattr(folders.subprocess, "Popen", lambda args, **kw: opened.append(args))
    app = title_app()
    scene = open_settings(app)
    _choose_broken(app, scene)
    click(app, scene.rules.broken.folder.rect.center)
    assert opened and opened[0][-1] == str(path.parent)


def test_a_new_variant_cannot_take_a_broken_one_s_name(config_folder):
    path = own_file(config_folder, "ugly", "mine", BROKEN["range"][0])
    app = title_app()
    scene = open_settings(app)
    focus(app, scene, editor(scene, "rounds").controls[0][1])
    key(app, pygame.K_RIGHT)
    dialog = save_as_typed(app, scene, "Mine")
    assert app.stack.top is dialog and "mistake" in dialog.error
    assert path.read_text() == BROKEN["range"][0] and not (path.parent / "mine.yaml.bak").exists()


@pytest.mark.parametrize("game", playable_games())
def test_new_game_lists_a_broken_variant_greyed_and_will_not_start_it(config_folder, game):
    own_file(config_folder, game, "mine", "options: {rounds: 3\n")
    app = title_app()
    setup = NewGameScene(app)
    setup._game_changed(game)
    entry = BrokenEntry("mine")
    assert entry in setup.variant_sel.options and setup.variant_sel.muted(entry)
    setup.variant_sel.set_options(setup.variant_sel.options, entry)
    setup._variant_changed(entry)
    assert not setup.start.enabled and "mistake" in (setup.problem or "")
    assert setup.variant_notes()[0].startswith(f"variants/{game}/mine.yaml, line 1:")


# -- every notice can be read in full ---------------------------------------------------------


def test_notices_that_do_not_fit_can_all_be_read(config_folder):
    for i in range(14):
        own_file(config_folder, "ugly", f"broken-{i:02}", f"options:\n  rounds: {20 + i}\n")
    app = title_app()
    assert len(app.notices()) == 14
    scene = open_settings(app)
    tick(app)
    more = scene.board.more
    assert more.visible and any(s.endswith("more lines") for s in drawn(app))
    click(app, more.rect.center)
    full = app.stack.top
    assert full.scene_name == "log" and full.first == 0  # read from the top
    text = " ".join(line for line, _ in full.rows)
    for notice in app.notices():
        assert notice.split(": ")[0] in text
    assert full.last_first > 0 or len(full.rows) <= full.room
    key(app, pygame.K_END)
    assert full.first == full.last_first
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene


def test_a_syntax_error_is_reported_where_the_bracket_opens():
    lines = [f"key{i}: {i}" for i in range(1, 11)] + ["options: [1, 2", "other: 3", "last: 4"]
    with pytest.raises(ConfigError) as info:
        parse_yaml("\n".join(lines) + "\n", "mine.yaml")
    assert info.value.line == 11 and "[" in info.value.message


# -- a quick look from New game ---------------------------------------------------------------


def test_new_game_offers_a_quick_look_at_a_variant_and_none_at_the_standard_rules(config_folder):
    from cardtable.app.scenes.lab import LabScene

    app = title_app()
    setup = NewGameScene(app)
    app.push(setup)
    setup._game_changed("ugly")
    tick(app)
    assert not setup.preview.visible and setup.preview not in setup.widgets()
    sel = setup.variant_sel
    while setup.setup.variant != "short-game":
        click(app, (sel.rect.right - 5, sel.rect.centery))
    assert setup.preview.visible and setup.preview in setup.widgets()
    click(app, setup.preview.rect.center)
    lab = app.stack.top
    assert isinstance(lab, LabScene)
    try:
        assert lab.running and lab.games_sel.value == 20 and lab.players_sel.value == setup.setup.players
        assert lab.name == "Short game" and lab.against_sel.value == "standard"
    finally:
        lab.leave()
    assert app.stack.top is setup


@pytest.mark.parametrize("name", ["short-game", "Fast Game"])
def test_a_file_misnamed_for_a_variant_can_be_deleted_but_not_reset(config_folder, name):
    path = own_file(config_folder, "ugly", name, "description: x\n")
    app = title_app()
    scene = open_settings(app)
    _choose_broken(app, scene, name)
    assert not scene.rules.broken.reset.enabled
    click(app, scene.rules.broken.delete.rect.center)
    click(app, app.stack.top.yes.rect.center)
    assert not path.exists() and "short-game" in app.variants("ugly")
