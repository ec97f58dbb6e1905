"""A process's own bounded store of bytes by a content key: the least recently used dropped
once the bytes kept pass a limit.

For bytes whose key names their content (a hash, a strong ETag), so a kept value can never be
stale and each process may keep its own: the door's page bodies (web.page_door) and the
compressed public pages (config.compression).
"""

from __future__ import annotations

import threading
from collections import OrderedDict


class KeptBytes:
    """Bytes by key, at most `limit` bytes in all (a value larger than that is not kept)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.size = 0
        self._kept: OrderedDict[str, bytes] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: str) -> bytes | None:
        with self._lock:
            value = self._kept.get(key)
            if value is not None:
                self._kept.move_to_end(key)
            return value

    def keep(self, key: str, value: bytes) -> None:
        with self._lock:
            if key in self._kept or len(value) > self.limit:
                return
            self._kept[key] = value
            self.size += len(value)
            while self.size > self.limit:
                _, dropped = self._kept.popitem(last=False)
                self.size -= len(dropped)

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()
            self.size = 0
