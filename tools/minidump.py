"""What a Chromium crash dump says: the process that crashed, the signal that stopped it, and Chromium's crash keys.

The browser tests start Chromium with its crash reporter writing dumps to a folder (tools/browser.py), and a test
whose tab crashed lists what its dumps say (tests/conftest.py): a renderer stopped by SIGSEGV is a fault in
Chromium, one stopped by SIGTRAP or SIGILL with an ``oom`` key or a V8 heap message ran out of memory, a SIGKILL
came from outside (the kernel's OOM killer). Read from the minidump format (Microsoft's, as Crashpad writes it on
Linux: the exception stream's code is the signal) and Crashpad's annotations; no symbols, no other tool.

    python -m tools.minidump DUMP...
"""

from __future__ import annotations

import struct
import sys
from dataclasses import dataclass, field
from pathlib import Path

EXCEPTION_STREAM = 6
CRASHPAD_INFO_STREAM = 0x43500001
SIGNALS = {
    1: "SIGHUP",
    4: "SIGILL",
    5: "SIGTRAP",
    6: "SIGABRT",
    7: "SIGBUS",
    8: "SIGFPE",
    9: "SIGKILL",
    11: "SIGSEGV",
    15: "SIGTERM",
}
ANNOTATION_STRING = 1  # crashpad::Annotation::Type::kString


class NotAMinidump(ValueError):
    """The file is not a minidump, or is cut short."""


@dataclass(frozen=True)
class Crash:
    signal: str  # "SIGSEGV", or "signal N"
    code: int  # the signal's si_code
    address: int  # the faulting address (for SIGSEGV and SIGBUS)
    keys: dict[str, str] = field(default_factory=dict)  # Chromium's crash keys, the command line's switches among them

    @property
    def process(self) -> str:
        """The crashed process's type (renderer, gpu-process, utility...), "browser" when it has none."""
        for key, value in self.keys.items():
            if key.startswith("switch-") and value.startswith("--type="):
                return value.removeprefix("--type=")
        return self.keys.get("ptype", "browser")

    def summary(self) -> str:
        memory = sorted(key for key in self.keys if "oom" in key.lower() or "heap" in key.lower())
        words = [f"{self.process} stopped by {self.signal} (code {self.code})"]
        if self.signal in ("SIGSEGV", "SIGBUS"):
            words.append(f"at {self.address:#x}")
        if memory:
            words.append("memory keys: " + ", ".join(f"{key}={self.keys[key]}" for key in memory))
        return " ".join(words)


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data = data

    def unpack(self, fmt: str, offset: int) -> tuple[int, ...]:
        try:
            return struct.unpack_from("<" + fmt, self.data, offset)
        except struct.error as exc:
            raise NotAMinidump(f"cut short at byte {offset}") from exc

    def bytes_at(self, rva: int) -> bytes:
        """A length-prefixed run of bytes (MinidumpByteArray; a MinidumpUTF8String is one, NUL after)."""
        (length,) = self.unpack("I", rva)
        return self.data[rva + 4 : rva + 4 + length]

    def utf8(self, rva: int) -> str:
        return self.bytes_at(rva).decode("utf-8", "replace")


def read(path: Path) -> Crash:
    """What the minidump at ``path`` says (NotAMinidump if it is none)."""
    r = _Reader(path.read_bytes())
    signature, _version, count, directory = r.unpack("4sIII", 0)
    if signature != b"MDMP":
        raise NotAMinidump(f"{path} does not start with MDMP")
    streams = {}
    for i in range(count):
        kind, size, rva = r.unpack("III", directory + 12 * i)
        streams.setdefault(kind, (size, rva))
    signal, code, address = 0, 0, 0
    if EXCEPTION_STREAM in streams:
        rva = streams[EXCEPTION_STREAM][1]
        signal, code, _record, address = r.unpack("IIQQ", rva + 8)  # after the thread id and its padding
    keys = _annotations(r, streams[CRASHPAD_INFO_STREAM][1]) if CRASHPAD_INFO_STREAM in streams else {}
    return Crash(SIGNALS.get(signal, f"signal {signal}"), code, address, keys)


def _annotations(r: _Reader, rva: int) -> dict[str, str]:
    """Crashpad's process-wide simple annotations and every module's annotation objects (Chromium's crash keys)."""
    keys: dict[str, str] = {}
    # MinidumpCrashpadInfo: version, report id and client id (16 bytes each), then two location descriptors.
    _size, simple, _size2, modules = r.unpack("IIII", rva + 36)
    if simple:
        keys.update(_dictionary(r, simple))
    if modules:
        (count,) = r.unpack("I", modules)
        for i in range(count):
            _index, _size, link = r.unpack("III", modules + 4 + 12 * i)
            # MinidumpModuleCrashpadInfo: version, then list annotations, simple annotations, annotation objects.
            _v, _ls, _lr, _ss, simple_rva, _os, objects = r.unpack("IIIIIII", link)
            if simple_rva:
                keys.update(_dictionary(r, simple_rva))
            if objects:
                (n,) = r.unpack("I", objects)
                for j in range(n):
                    name, kind, _reserved, value = r.unpack("IHHI", objects + 4 + 12 * j)
                    if kind == ANNOTATION_STRING:
                        keys[r.utf8(name)] = r.utf8(value)
    return keys


def _dictionary(r: _Reader, rva: int) -> dict[str, str]:
    (count,) = r.unpack("I", rva)
    return {r.utf8(k): r.utf8(v) for k, v in (r.unpack("II", rva + 4 + 8 * i) for i in range(count))}


def main(argv: list[str] | None = None) -> int:
    for name in argv if argv is not None else sys.argv[1:]:
        try:
            print(f"{name}: {read(Path(name)).summary()}")
        except (OSError, NotAMinidump) as exc:
            print(f"{name}: {exc}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
