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
        self.owed = 0.0  # messages refused since the bucket last had room

    def _fill(self, now: float) -> None:
        if self.at is not None:
            self.level = min(self.burst, self.level + (now - self.at) * self.rate)
            if self.level >= 1:
                self.owed = 0.0
        self.at = now

    def take(self, now: float) -> bool:
        self._fill(now)
        if self.level >= 1:
            self.level -= 1
            return True
        self.owed += 1
        return False

    def debt(self, now: float) -> float:
        """Messages refused in a row: a client far in debt is flooding, not hurrying."""
        self._fill(now)
        return self.owed


@dataclass(frozen=True)
class Limits:
    """What one server allows (the defaults suit people; a load test on loopback raises the
    per-address ones, since all its clients share one address)."""

    rate: float = 20.0
    burst: float = 40.0
    connections_per_address: int = 32
    address_rate: float = 200.0

    def bucket(self) -> Bucket:
        return Bucket(self.rate, self.burst)

    def address_bucket(self) -> Bucket:
        return Bucket(self.address_rate, self.address_rate * 2)
