"""How much one connection, and one address, may send: token buckets, and the server's limits."""

from __future__ import annotations

from dataclasses import dataclass


class Bucket:
    """``rate`` messages a second, up to ``burst`` at once."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.level = burst
        self.at: float | None = None

    def _fill(self, now: float) -> None:
        if self.at is not None:
            self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now

    def take(self, now: float) -> bool:
        self._fill(now)
        if self.level >= 1:
            self.level -= 1
            return True
        return False

    def wait(self, now: float) -> float:
        """Seconds until the bucket has room for one more message."""
        self._fill(now)
        return max(0.0, (1 - self.level) / self.rate)


STRIKES = 3
"""Refusals in a row (each within :data:`CALM` of the last) after which a connection is closed:
a client that keeps sending faster than allowed through three pauses is flooding, not hurrying."""
CALM = 10.0
"""Seconds without a refusal after which a connection's strikes are forgotten."""
LONGEST_PAUSE = 2.0
"""The longest a connection over its limits goes unread at a time."""


@dataclass
class Throttle:
    """One connection's standing with the limits. A refused message is dropped and the connection
    is not read again for a while: the server spends nothing on what it would only drop, and the
    sender's own socket fills and slows it (TCP's flow control). Each refusal in a row doubles the
    pause; past :data:`STRIKES` the connection is closed."""

    strikes: int = 0
    refused_at: float = float("-inf")

    def refuse(self, now: float, wait: float) -> float | None:
        """A refusal now, ``wait`` seconds before the buckets have room: the pause before the
        connection is read again, or None when it is to be closed."""
        if now - self.refused_at > CALM:
            self.strikes = 0
        self.strikes += 1
        self.refused_at = now
        if self.strikes > STRIKES:
            return None
        return min(LONGEST_PAUSE, max(wait, 0.01) * 2 ** (self.strikes - 1))


@dataclass(frozen=True)
class Limits:
    """What one server allows (the defaults suit people; a load test on loopback raises the
    per-address ones, since all its clients share one address)."""

    rate: float = 20.0
    burst: float = 40.0
    connections_per_address: int = 32
    address_rate: float = 200.0
    connection_rate: float = 4.0
    """New connections one address may open a second, bursts of twice that (a household sitting
    down at two tables, or a player coming back, is well within it)."""
    server_rate: float = 500.0
    """Messages other than moves the whole server takes a second from all connections together,
    beyond each connection's first (the one that takes its seat, which people send and a flood
    repeats): however many addresses a flood comes from, it gets no more of the server than this."""

    def bucket(self) -> Bucket:
        return Bucket(self.rate, self.burst)

    def address_bucket(self) -> Bucket:
        return Bucket(self.address_rate, self.address_rate * 2)

    def arrival_bucket(self) -> Bucket:
        return Bucket(self.connection_rate, self.connection_rate * 2)

    def server_bucket(self) -> Bucket:
        return Bucket(self.server_rate, self.server_rate)
