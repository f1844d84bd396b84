import os

# The app's tests run headless: pygame draws into memory, no window, no sound.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The app speaks the system's language by default; the tests read its English words, whatever
# language the machine running them speaks (tests of other languages choose theirs).
os.environ["LANGUAGE"] = "en"
# LAN discovery in the tests (announcing and looking, the servers they start too) speaks on the
# loopback interface only: nothing a test starts announces itself on a real network.
os.environ["CARDTABLE_LAN"] = "127.0.0.1"

from hypothesis import HealthCheck, settings

# Property tests play whole games per example: no per-example deadline, and a
# budget that keeps the suite within CI's few minutes. CARDTABLE_HYPOTHESIS=thorough
# runs many more examples locally.
settings.register_profile(
    "default",
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "thorough", max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("CARDTABLE_HYPOTHESIS", "default"))


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def english_again():
    """A test that switched language leaves the next one in English."""
    yield
    from cardtable import i18n

    if i18n.language() != "en":
        i18n.use("en")


@pytest.fixture(autouse=True)
def config_folder(tmp_path, monkeypatch):
    """Every test gets its own empty config folder: no test reads or writes the player's real files."""
    monkeypatch.setenv("CARDTABLE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "config"


@pytest.fixture(scope="session")
def postgres():
    """A PostgreSQL cluster of this test process's own (tests/pg_support.py), stopped at the end."""
    import shutil

    from pg_support import start_cluster

    cluster = start_cluster()
    try:
        yield cluster
    finally:
        try:
            cluster.stop("immediate")
        finally:
            shutil.rmtree(cluster.folder, ignore_errors=True)


@pytest.fixture
def postgres_url(postgres):
    """A fresh, empty database for one test."""
    return postgres.new_database()
