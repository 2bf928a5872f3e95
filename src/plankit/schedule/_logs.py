"""Sharing log reads between on-chain triggers: one read per (chain, contract, event, block range) per tick,
and an index of the logs by topic, so each trigger's topic filters pick their logs by look-up.

Triggers on the same contract and event read the same blocks in the same tick (after their first poll they all
stand at the confirmed head), so a worker with thousands of them makes one ``eth_getLogs`` call, not thousands,
and matching costs each trigger the logs it matches rather than every log.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..feeds import ChainFeed, LogEntry


class LogIndex:
    """The logs of one read, found by (topic position, topic value)."""

    def __init__(self, logs: list[LogEntry]):
        self.logs = logs
        self._by_topic: dict[tuple[int, str], list[int]] = {}
        for number, entry in enumerate(logs):
            for position, topic in enumerate(entry.topics[1:], start=1):
                self._by_topic.setdefault((position, topic.lower()), []).append(number)

    def matching(self, filters: list[str | None]) -> list[LogEntry]:
        """The logs whose topics 1.. match ``filters`` (None: any), in chain order."""
        wanted = [(position, topic.lower()) for position, topic in enumerate(filters, start=1) if topic is not None]
        if not wanted:
            return list(self.logs)
        # Start from the rarest filtered topic; check the others on those logs only.
        smallest = min((self._by_topic.get(key, []) for key in wanted), key=len)
        found = []
        for number in smallest:
            topics = self.logs[number].topics
            if all(position < len(topics) and topics[position].lower() == value for position, value in wanted):
                found.append(self.logs[number])
        return found


@dataclass
class LogReads:
    """The log reads of one tick, shared by every on-chain trigger decided in it."""

    reads: dict[tuple[int, str, str, int, int], LogIndex] = field(default_factory=dict)
    calls: int = 0
    """How many reads reached a chain (the rest were shared)."""

    async def matching(
        self, chain: ChainFeed, address: str, signature: str, filters: list[str | None], first: int, last: int
    ) -> list[LogEntry]:
        """The logs of ``address`` for ``signature`` in blocks ``first..last`` that match ``filters``."""
        key = (chain.chain_id, address.lower(), signature.replace(" ", ""), first, last)
        index = self.reads.get(key)
        if index is None:
            self.calls += 1
            index = self.reads[key] = LogIndex(await chain.logs(address, signature, [], first, last))
        return index.matching(filters)
