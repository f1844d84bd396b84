"""Nothing lost when anything fails: a client whose line is cut comes back to its seat and plays on;
a server killed with SIGKILL mid-game restarts, every table resumes, and every game ends exactly as
a local replay of its seed and actions."""

from __future__ import annotations

import asyncio

from net_support import play_table, record, server, witness

from cardtable import games


def _started_moves(data) -> list[int]:
    import sqlite3

    db = sqlite3.connect(data / "tables.sqlite3")
    try:
        counts = dict(db.execute("SELECT code, COUNT(*) FROM moves GROUP BY code").fetchall())
        codes = [c for (c,) in db.execute("SELECT code FROM tables")]
    finally:
        db.close()
    return [counts.get(c, 0) for c in codes] if len(codes) == 4 else [0]


def _moves(rec: dict) -> int:
    return len(rec["moves"])


def test_a_client_whose_line_is_cut_comes_back_and_finishes(tmp_path):
    async def game(url: str) -> tuple[tuple[str, dict], int]:
        play = asyncio.ensure_future(play_table(url, "ugly", 3, gap=0.02))
        cut = 0
        while not play.done() and cut < 3:
            await asyncio.sleep(0.8)
            for link in _links[1:]:
                if link.ws is not None and not play.done():
                    link.ws.transport.abort()  # the line drops: no close, no goodbye
                    cut += 1
        return await play, cut

    _links.clear()
    with server(tmp_path) as srv, _tracking_links():
        (code, received), cut = asyncio.run(game(srv.url))
        rec = record(srv.data, code)
    assert cut >= 3
    assert any(m["type"] == "state" and m["since"] > 0 for msgs in received.values() for m in msgs)
    assert witness(rec, received)
    last = [m for m in received[1] if m["type"] in ("update", "state")][-1]
    assert last["view"]["over"]


_links: list = []


class _tracking_links:
    """Keeps every link the bots open, so the test can cut them."""

    def __enter__(self):
        from cardtable.net import client

        self.original = client.Link.__init__

        def init(link, *args, **kwargs):
            self.original(link, *args, **kwargs)
            _links.append(link)

        client.Link.__init__ = init
        return self

    def __exit__(self, *exc):
        from cardtable.net import client

        client.Link.__init__ = self.original


def test_a_server_killed_mid_game_resumes_every_table(tmp_path):
    tables = [("ugly", 3), ("ugo", 2), ("ugh", 3), ("ultimate-loser", 4)]

    async def games_through_a_crash(srv):
        plays = [asyncio.ensure_future(play_table(srv.url, g, n, gap=0.1)) for g, n in tables]
        await asyncio.sleep(0.5)
        while min(_started_moves(srv.data)) < 3:
            await asyncio.sleep(0.1)
        assert not any(p.done() for p in plays), "the games ended before the crash"
        srv.kill()
        await asyncio.sleep(0.5)
        srv.start(srv.port)  # the same address: the clients find it again by themselves
        return await asyncio.gather(*plays)

    with server(tmp_path) as srv:
        results = asyncio.run(games_through_a_crash(srv))
        records = [record(srv.data, code) for code, _ in results]
    for (_, received), rec, (game, players) in zip(results, records, tables, strict=True):
        witness(rec, received)  # every message equals the local replay of the record
        replay = games.get(game).new_game(players, rec["options"], rec["seed"])
        from cardtable.engine import Action

        for seat, raw in rec["moves"]:
            replay.apply(seat, Action.from_dict(raw, replay.catalog))
        assert replay.is_over()
        last = [m for m in received[None] if m["type"] in ("update", "state")][-1]
        assert last["view"]["over"] and last["move"] == _moves(rec)
        resumed = [m for msgs in received.values() for m in msgs if m["type"] == "state" and m["since"] > 0]
        assert resumed, f"{game}: nobody took the table up again after the crash"


def test_one_folder_belongs_to_one_server_until_it_ends_however_it_ends(tmp_path):
    import subprocess
    import sys

    from net_support import FAST, ServerProcess

    first = ServerProcess(tmp_path / "server", FAST)
    first.start()
    try:
        second = subprocess.run(
            [sys.executable, "-m", "cardtable", "serve", "--port", "0", "--data", str(first.data)],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert second.returncode == 1
        assert "another table server keeps its tables in" in second.stderr
        assert "Traceback" not in second.stderr
        # the first goes on serving: a whole game at it
        code, received = asyncio.run(play_table(first.url, "ugo", 2))
        assert witness(record(first.data, code), received) > 0
        first.kill()  # SIGKILL: no goodbye, yet the system lets the folder go
        again = ServerProcess(first.data, FAST)
        again.start()
        again.stop()
    finally:
        first.stop()


def test_the_apps_server_takes_another_port_when_its_own_is_taken(tmp_path):
    import socket

    from cardtable.net.host import LocalServer

    with socket.socket() as taken:
        taken.bind(("0.0.0.0", 0))
        taken.listen()
        port = taken.getsockname()[1]
        local = LocalServer(tmp_path / "hosted", port=port)
        try:
            url = local.start()
            assert not url.endswith(f":{port}")  # the folder was let go after the first try failed
        finally:
            local.stop()
