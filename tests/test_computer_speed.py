"""How fast computers play: a Table setting a player can follow them by."""

from __future__ import annotations

from cardtable.app.scenes.settings import TABLE, SettingsScene
from cardtable.settings import COMPUTER_SPEEDS, Settings
from tests.ui import click, make_app, run, table_game, until


def test_slower_computers_wait_longer_before_each_move():
    pauses = [Settings(animation_speed="fast", computer_speed=s).computer_pause for s in COMPUTER_SPEEDS]
    assert pauses == sorted(pauses) and pauses[0] < pauses[-1]
    assert Settings(animation_speed="instant", computer_speed="slow").computer_pause > 0.2


def _moves_in(speed: str, seconds: float) -> int:
    """Moves a table of computers makes in ``seconds`` once the deal has played."""
    app = make_app("fast")
    app.settings.computer_speed = speed
    scene = table_game(app, [("Ann", False), ("Bo", False), ("Cy", False)], game="ugh")
    until(app, lambda: len(scene.session.match.game.history) > 0, limit=30)
    start = len(scene.session.match.game.history)
    run(app, seconds, dt=0.05)
    return len(scene.session.match.game.history) - start


def test_the_table_waits_as_the_setting_says():
    fast, slow = _moves_in("fast", 6.0), _moves_in("very slow", 6.0)
    assert fast >= 2 * slow + 2, (fast, slow)


def test_the_setting_is_saved_read_back_and_checked(config_folder):
    app = make_app()
    scene = SettingsScene(app, TABLE)
    app.push(scene)
    run(app, 0.1)
    page = scene.page
    rect = page.pace.rect
    click(app, (rect.right - 6, rect.centery))  # the selector's right arrow
    assert app.settings.computer_speed == "slow"
    app.save_settings(only_if_changed=False)
    assert "computer_speed: slow" in (config_folder / "settings.yaml").read_text()
    assert make_app().settings.computer_speed == "slow"
    (config_folder / "settings.yaml").write_text("computer_speed: warp\n")
    again = make_app()
    assert again.settings.computer_speed == "normal"
    assert any("settings.yaml" in n and "line 1" in n and "computer_speed" in n for n in again.notices())
