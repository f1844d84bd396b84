"""A throwaway PostgreSQL cluster for the tests: Debian's own server binaries, started in a
temporary folder on a free port of 127.0.0.1 (as an unprivileged user when the tests run as
root), a fresh database for each test, and stopped at the end. Where PostgreSQL is not
installed the tests that need it are skipped, except where ``CARDTABLE_REQUIRE_SERVERS`` is set
(CI): there a missing server is a failure."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import pytest

REQUIRE = "CARDTABLE_REQUIRE_SERVERS"


def missing(what: str, package: str) -> None:
    """Skip, or fail where the real servers are required."""
    message = f"{what} is not installed (Debian: {package})"
    if os.environ.get(REQUIRE):
        pytest.fail(f"{message}, and {REQUIRE} says the tests need it", pytrace=False)
    pytest.skip(message)


def pg_bin() -> Path | None:
    """The folder of PostgreSQL's server binaries (the newest Debian has, else the PATH's)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).resolve().parent if initdb else None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Cluster:
    bin: Path
    folder: Path
    port: int
    user: str | None  # the user it runs as, when the tests run as root
    made: list[str] = field(default_factory=list)

    def _run(self, *args: str) -> None:
        cmd = [str(self.bin / args[0]), *args[1:]]
        if self.user:
            cmd = ["runuser", "-u", self.user, "--", *cmd]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=120)

    def init(self) -> None:
        self._run("initdb", "-D", str(self.folder / "data"), "-U", "cardtable", "--auth=trust", "-E", "UTF8")

    def start(self) -> None:
        options = f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.folder} -c max_connections=200"
        self._run(
            "pg_ctl",
            "-D",
            str(self.folder / "data"),
            "-l",
            str(self.folder / "log"),
            "-w",
            "-o",
            options,
            "start",
        )

    def stop(self, mode: str = "fast") -> None:
        self._run("pg_ctl", "-D", str(self.folder / "data"), "-m", mode, "-w", "stop")

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://cardtable@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A fresh, empty database; its URL."""
        import psycopg

        name = f"t{len(self.made)}_{os.getpid()}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        self.made.append(name)
        return self.url(name)


def start_cluster() -> Cluster:
    where = pg_bin()
    if where is None:
        missing("PostgreSQL", "postgresql")
    try:
        import psycopg  # noqa: F401
    except ImportError:
        missing("psycopg", "pip install -e '.[test]'")
    user = None
    folder = Path(tempfile.mkdtemp(prefix="cardtable-pg-"))
    if os.geteuid() == 0:  # PostgreSQL will not run as root
        user = "postgres" if _has_user("postgres") else "nobody"
        shutil.chown(folder, user)
        folder.chmod(0o700)
    assert where is not None
    cluster = Cluster(where, folder, free_port(), user)
    cluster.init()
    cluster.start()
    return cluster


def _has_user(name: str) -> bool:
    try:
        pwd.getpwnam(name)
    except KeyError:
        return False
    return True
