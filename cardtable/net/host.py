"""A table server inside the app, for a host who has none: it runs on a thread of its own, keeps its
tables in the data folder's ``hosted/`` (a table hosted again after the app closed is taken up where it was),
announces the tables gathering players on the local network, and stops with the app."""

from __future__ import annotations

import asyncio
import socket
import threading
from pathlib import Path

from .args import DEFAULT_PORT
from .server import TableServer, run


class LocalServer:
    """The app's own server; :attr:`url` once listening (on every network, so others can join)."""

    def __init__(self, data: Path, port: int = DEFAULT_PORT) -> None:
        self.data = data
        self.port = port
        self.url: str | None = None
        self.error: str | None = None
        self._ready = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._server: TableServer | None = None
        self._invitation: str | None = None
        self._thread = threading.Thread(target=self._run, name="table-server", daemon=True)

    def start(self, timeout: float = 10.0) -> str:
        """Start listening (another port if ours is taken); the address, or an ``OSError``."""
        self._thread.start()
        self._ready.wait(timeout)
        if self.url is None:
            raise OSError(self.error or "the table server did not start")
        return self.url

    def _run(self) -> None:
        def ready(url: str, server: TableServer) -> None:
            self.url = url.replace("0.0.0.0", "127.0.0.1")  # this app's own way in
            self._loop, self._server = asyncio.get_running_loop(), server
            self._ready.set()

        for port in (self.port, 0):
            try:
                asyncio.run(run("0.0.0.0", port, self.data, ready=ready, announce=True))
                return
            except OSError as exc:
                self.error = str(exc)
        self._ready.set()

    @property
    def announced(self) -> bool:
        """Whether the tables gathering players here are listed on the local network."""
        return self._server is not None and self._server.announcer is not None

    def stop(self, timeout: float = 3.0) -> None:
        """Close the server: its tables are kept, and its announcement is withdrawn at once."""
        loop, server = self._loop, self._server
        if loop is None or server is None or server.stopping is None:
            return
        try:
            loop.call_soon_threadsafe(server.stopping.set)
        except RuntimeError:  # its loop has already closed
            return
        self._thread.join(timeout)

    def invitation(self) -> str:
        """The address others type to join: this computer's on the local network (found once: the
        lobby draws it every frame)."""
        assert self.url is not None
        if self._invitation is None:
            port = self.url.rsplit(":", 1)[1]
            self._invitation = f"ws://{local_address()}:{port}"
        return self._invitation


def local_address() -> str:
    """This computer's address on its network (no packet is sent: a UDP socket only picks its route)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # a documentation address: never reached, only routed
            return str(s.getsockname()[0])
        except OSError:
            return "127.0.0.1"
