"""localStorage for the page model's tests (a module of its own: ``from conftest import`` found another
folder's conftest when tests of several folders ran in one pytest call)."""

from __future__ import annotations

from app.storage import MemoryStorage


class FakeStorage(MemoryStorage):
    """The page's in-memory localStorage (``data`` holds it), optionally with a size quota, as a full browser
    storage refuses a write."""

    def __init__(self, quota: int | None = None) -> None:
        super().__init__()
        self.quota = quota

    def setItem(self, key: str, value: str) -> None:
        if self.quota is not None:
            used = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
            if used + len(key) + len(value) > self.quota:
                raise RuntimeError("QuotaExceededError")
        super().setItem(key, value)
