"""Tables on the local network, found without typing an address (DNS-SD over multicast DNS).

A server that announces itself registers one ``_cardtable._tcp`` service. Its TXT record lists
the tables it is gathering players for right now (not yet started, the host in the lobby, a seat
free): for each, the game, the table size, the seats still free and the host's name. Those are
the facts any passer-by may know; no seat, token or card is ever in it. The Join screen browses
for the service and lists what it finds; a player still needs nothing but the code to join.

Multicast may be blocked (a firewall, no network at all): then nothing is announced or found,
the reason is logged or shown, and playing by address and code works as before.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import os
import socket
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.settings import clean_name

from .protocol import VERSION

log = logging.getLogger(__name__)

SERVICE = "_cardtable._tcp.local."
MAX_TABLES = 12
"""Tables listed in one announcement: a TXT record stays well inside one multicast packet."""
TTL = 120
"""Seconds a browser believes an announcement: a server that died without its goodbye drops from
the list within about this (DNS-SD's usual 75 minutes suit printers, not a lobby)."""
SPACING = 1.1
"""Seconds between two updates: a browser drops a record it holds only once the newer one is a
second younger (RFC 6762's cache flush), so updates closer than that could leave both."""
NAME_BYTES = 60
"""The most of a host's name an announcement carries (each TXT string is at most 255 bytes)."""
LAN_ENV = "CARDTABLE_LAN"
"""Comma-separated IPv4 addresses of this computer's interfaces to announce and look on (unset:
every one). The tests set it to 127.0.0.1, so nothing they start speaks on a real network."""


def lan_interfaces(chosen: Sequence[str] = ()) -> list[str] | None:
    """The interfaces to announce and look on, by their addresses: ``chosen`` (``serve
    --announce-on``), else :data:`LAN_ENV`'s, else None for every one. A ``ValueError`` names an
    entry that is not an IPv4 address (zeroconf here speaks IPv4 only)."""
    wanted = list(chosen) or [a for a in os.environ.get(LAN_ENV, "").replace(" ", "").split(",") if a]
    for address in wanted:
        try:
            ipaddress.IPv4Address(address)
        except ValueError:
            raise ValueError(f"{address!r} is not an IPv4 address of this computer") from None
    return wanted or None


def _interfaces(chosen: list[str] | None) -> Any:
    from zeroconf import InterfaceChoice

    return chosen if chosen else InterfaceChoice.All


@dataclass(frozen=True, order=True)
class OpenTable:
    """A table gathering players: what the Join screen lists, and all a player needs to join."""

    host: str
    game: str
    code: str
    players: int
    free: int
    url: str = ""


def properties(tables: Iterable[OpenTable]) -> dict[str, str]:
    """The TXT record for ``tables``: ``v`` the protocol, then ``t.CODE = game;players;free;host``."""
    props = {"v": str(VERSION)}
    for table in list(tables)[:MAX_TABLES]:
        host = table.host.replace("\n", " ").encode()[:NAME_BYTES].decode(errors="ignore")
        props[f"t.{table.code}"] = f"{table.game};{table.players};{table.free};{host}"
    return props


def read_properties(props: dict[bytes | str, bytes | str | None], url: str) -> list[OpenTable]:
    """The tables in a TXT record (anything malformed or of another protocol is left out)."""

    def text(value: bytes | str | None) -> str:
        return value.decode("utf-8", "replace") if isinstance(value, bytes) else (value or "")

    fields = {text(k): text(v) for k, v in props.items()}
    if fields.get("v") != str(VERSION):
        return []
    found = []
    for key, value in fields.items():
        code = key[2:].upper()
        if not key.startswith("t.") or len(code) != 6 or not code.isalnum():
            continue
        parts = value.split(";", 3)
        if len(parts) != 4 or not parts[1].isdigit() or not parts[2].isdigit():
            continue
        game, players, free, host = parts[0], int(parts[1]), int(parts[2]), clean_name(parts[3])
        if 0 < free <= players <= 64:
            found.append(OpenTable(host, game, code, players, free, url))
    return found


def advertised_address(host: str, interfaces: list[str] | None = None) -> str:
    """The address to announce for a server listening on ``host``: when it listens on every network,
    the first interface it is announced on, or else this computer's address on its network."""
    if host in ("", "0.0.0.0", "::"):
        if interfaces:
            return interfaces[0]
        from .host import local_address

        return local_address()
    return host


class Announcer:
    """Keeps one server's announcement up to date from the asyncio loop the server runs in."""

    def __init__(self, address: str, port: int, scheme: str = "ws", interfaces: Sequence[str] = ()) -> None:
        self.address = address
        self.port = port
        self.scheme = scheme
        self.interfaces = interfaces
        self._zc: Any = None
        self._info: Any = None
        self._wanted: list[OpenTable] = []
        self._sent: list[OpenTable] | None = None
        self._task: asyncio.Task[None] | None = None
        self._serial = 0

    async def start(self) -> bool:
        """Begin announcing (False, logged, when multicast cannot be used here). Registering takes
        a second or two of probing the network for the name: it goes on meanwhile, not before
        the server opens."""
        try:
            from zeroconf import IPVersion, ServiceInfo
            from zeroconf.asyncio import AsyncZeroconf

            where = _interfaces(lan_interfaces(self.interfaces))
            self._zc = AsyncZeroconf(interfaces=where, ip_version=IPVersion.V4Only)
            computer = socket.gethostname().split(".")[0][:40] or "cardtable"
            self._info = ServiceInfo(
                SERVICE,
                f"{computer} {self.port}.{SERVICE}",
                port=self.port,
                properties=properties([]) | {"s": self.scheme},
                parsed_addresses=[self.address],
                server=f"{computer}-cardtable-{self.port}.local.",
                host_ttl=TTL,
                other_ttl=TTL,
            )
        except (OSError, ImportError, RuntimeError, ValueError) as exc:
            log.warning("tables here are not announced on the local network: %s", exc)
            await self.close()
            return False
        self._task = asyncio.get_running_loop().create_task(self._register())
        return True

    async def _register(self) -> None:
        from zeroconf import Error

        try:
            await (await self._zc.async_register_service(self._info, allow_name_change=True))
        except (OSError, RuntimeError, ValueError, Error) as exc:
            log.warning("tables here are not announced on the local network: %s", exc)
            self._info = None
            return
        self._sent = []
        await self._update()

    def show(self, tables: list[OpenTable]) -> None:
        """Announce ``tables`` soon (several changes in a row make one update)."""
        self._wanted = sorted(tables)
        if self._sent is not None and (self._task is None or self._task.done()):
            self._task = asyncio.get_running_loop().create_task(self._update())

    async def _update(self) -> None:
        from zeroconf import Error, ServiceInfo

        await asyncio.sleep(0.2)  # a join moves several seats at once
        while self._info is not None and self._wanted != self._sent:
            tables = self._wanted
            self._serial += 1  # a record seen before is no news to a browser: each one is new
            info = ServiceInfo(
                SERVICE,
                self._info.name,
                port=self.port,
                properties=properties(tables) | {"s": self.scheme, "n": str(self._serial)},
                parsed_addresses=[self.address],
                server=self._info.server,
                host_ttl=TTL,
                other_ttl=TTL,
            )
            try:
                await (await self._zc.async_update_service(info))
            except (OSError, RuntimeError, ValueError, Error) as exc:
                log.warning("the announcement could not be updated: %s", exc)
                return
            self._info, self._sent = info, tables
            await asyncio.sleep(SPACING)

    async def close(self) -> None:
        """Say goodbye (the service is removed from every browser at once) and stop."""
        zc, self._zc, self._info, self._sent = self._zc, None, None, None
        if self._task is not None:
            self._task.cancel()
        if zc is not None:
            try:
                await zc.async_unregister_all_services()
            finally:
                await zc.async_close()


class Finder:
    """Looks for tables on the local network on threads of its own; :meth:`tables` is what it
    has found so far. :attr:`error` says why it cannot look, if it cannot."""

    def __init__(self, interfaces: Sequence[str] = ()) -> None:
        self.interfaces = interfaces
        self.error: str | None = None
        self._lock = threading.Lock()
        self._found: dict[str, list[OpenTable]] = {}
        self._zc: Any = None
        self._browser: Any = None

    def start(self) -> None:
        try:
            from zeroconf import IPVersion, ServiceBrowser, Zeroconf

            where = _interfaces(lan_interfaces(self.interfaces))
            self._zc = Zeroconf(interfaces=where, ip_version=IPVersion.V4Only)
            self._browser = ServiceBrowser(self._zc, SERVICE, handlers=[self._changed])
        except (OSError, ImportError, RuntimeError, ValueError) as exc:
            self.error = str(exc) or type(exc).__name__
            log.warning("tables on the local network cannot be looked for: %s", exc)
            self.close()

    def _changed(self, zeroconf: Any, service_type: str, name: str, state_change: Any) -> None:
        tables: list[OpenTable] = []
        if state_change.name != "Removed":
            try:
                info = zeroconf.get_service_info(service_type, name, timeout=1500)
            except (OSError, RuntimeError, ValueError) as exc:  # a malformed answer: not a table
                log.info("an announcement could not be read: %s", exc)
                info = None
            addresses = info.parsed_addresses() if info is not None else []
            if info is not None and addresses and info.port:
                scheme = "wss" if (info.properties or {}).get(b"s") == b"wss" else "ws"
                url = f"{scheme}://{addresses[0]}:{info.port}"
                tables = read_properties(info.properties or {}, url)
        with self._lock:
            if tables:
                self._found[name] = tables
            else:
                self._found.pop(name, None)

    def tables(self) -> list[OpenTable]:
        """Every open table found, by host's name then game."""
        with self._lock:
            return sorted(t for found in self._found.values() for t in found)

    def close(self) -> None:
        browser, zc, self._browser, self._zc = self._browser, self._zc, None, None
        if browser is not None:
            browser.cancel()
        if zc is not None:
            zc.close()
