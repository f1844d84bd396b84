"""No hidden card is ever sent: whole games of every game, at its smallest and largest table, over a
real server process, bots in every seat and a spectator; every message each received is checked
against what its seat may see (tests/net_support.py's witness)."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest
from net_support import play_table, record, server, witness

from cardtable import games
from cardtable.net.limits import Limits

TABLES = [(s.id, n) for s in games.all_specs() for n in sorted({s.min_players, s.max_players})]


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_every_message_holds_only_what_its_seat_may_see(tmp_path, game, players):
    with server(tmp_path) as srv:
        code, received = asyncio.run(play_table(srv.url, game, players))
        rec = record(srv.data, code)
    assert set(received) == {*range(players), None}
    checked = witness(rec, received)
    assert checked >= len(rec["moves"]) * (players + 1)  # an update per move for every seat and the spectator


async def _in_process_game(tmp_path, game: str, players: int):
    """The same game, the server on this loop (so a test can take a redaction out of it)."""
    from cardtable.net.server import run

    loop = asyncio.get_running_loop()
    ready: asyncio.Future = loop.create_future()
    limits = Limits(rate=2000, burst=4000, address_rate=100_000, connection_rate=100_000, server_rate=1e6)
    task = asyncio.ensure_future(
        run("127.0.0.1", 0, tmp_path / "srv", limits=limits, ready=lambda url, s: ready.set_result(url))
    )
    url = await ready
    try:
        code, received = await play_table(url, game, players)
    finally:
        task.cancel()
    return code, received


LEAKS = {
    "events sent unredacted": ("cardtable.net.server.redact", lambda events, seat: list(events)),
    "every hand in the view": (
        "cardtable.net.tables.ServerTable.view",
        lambda self, seat: replace(self.game.view(seat), zones=self.game.open_view().zones),
    ),
}


@pytest.mark.parametrize("leak", sorted(LEAKS))
@pytest.mark.parametrize(("game", "players"), [("ugly", 3), ("ugo", 2)])
def test_the_witness_catches_a_redaction_taken_out(tmp_path, monkeypatch, leak, game, players):
    target, replacement = LEAKS[leak]
    monkeypatch.setattr(target, replacement)
    code, received = asyncio.run(_in_process_game(tmp_path, game, players))
    rec = record(tmp_path / "srv", code)
    with pytest.raises(AssertionError, match="may not see|not redacted|not view"):
        witness(rec, received)
