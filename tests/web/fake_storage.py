"""localStorage for the page model's tests (a module of its own: ``from conftest import`` found another
folder's conftest when tests of several folders ran in one pytest call)."""

from __future__ import annotations


class FakeStorage:
    """localStorage as a dict: getItem/setItem/removeItem/key/length, optionally with a size quota."""

    def __init__(self, quota: int | None = None) -> None:
        self.data: dict[str, str] = {}
        self.quota = quota

    def getItem(self, key: str) -> str | None:
        return self.data.get(key)

    def setItem(self, key: str, value: str) -> None:
        if self.quota is not None:
            used = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
            if used + len(key) + len(value) > self.quota:
                raise RuntimeError("QuotaExceededError")
        self.data[key] = value

    def removeItem(self, key: str) -> None:
        self.data.pop(key, None)

    def key(self, index: int) -> str | None:
        keys = list(self.data)
        return keys[index] if 0 <= index < len(keys) else None

    @property
    def length(self) -> int:
        return len(self.data)
