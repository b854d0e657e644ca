"""tools/minidump.py reads what the suite's summary says of a crashed Chromium tab: the process, the signal, the
crash keys. A dump is built here byte by byte in the minidump format, as Crashpad writes it on Linux."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from tools.minidump import NotAMinidump, read


def utf8(text: str) -> bytes:
    raw = text.encode()
    return struct.pack("<I", len(raw)) + raw + b"\0"


def minidump(signal: int, code: int, address: int, keys: dict[str, str]) -> bytes:
    """A header, a stream directory of two (the exception, Crashpad's info), the streams, then the strings."""
    out = bytearray(32 + 2 * 12)
    exception_at = len(out)
    out += struct.pack("<II", 7, 0) + struct.pack("<IIQQII", signal, code, 0, address, 0, 0) + bytes(15 * 8 + 8)
    info_at = len(out)
    out += bytes(4 + 16 + 16 + 8 + 8 + 4 + 8)  # MinidumpCrashpadInfo, filled in below
    module_list_at = len(out)
    out += struct.pack("<I", 1) + bytes(12)  # one module's link, filled in below
    module_at = len(out)
    out += bytes(4 + 6 * 4)  # MinidumpModuleCrashpadInfo
    objects_at = len(out)
    out += struct.pack("<I", len(keys)) + bytes(12 * len(keys))
    for i, (key, value) in enumerate(keys.items()):
        name_at = len(out)
        out += utf8(key)
        value_at = len(out)
        raw = value.encode()
        out += struct.pack("<I", len(raw)) + raw
        struct.pack_into("<IHHI", out, objects_at + 4 + 12 * i, name_at, 1, 0, value_at)
    struct.pack_into("<II", out, module_at + 20, 12 * len(keys) + 4, objects_at)  # no list, no simple ones
    struct.pack_into("<III", out, module_list_at + 4, 0, module_at - module_list_at, module_at)
    struct.pack_into("<IIII", out, info_at + 36, 0, 0, 12 + 4, module_list_at)
    struct.pack_into("<4sIII", out, 0, b"MDMP", 0xA793, 2, 32)
    struct.pack_into("<III", out, 32, 6, info_at - exception_at, exception_at)
    struct.pack_into("<III", out, 44, 0x43500001, module_list_at - info_at, info_at)
    return bytes(out)


def test_a_renderer_s_fault_is_named_with_its_signal_and_address(tmp_path: Path) -> None:
    dump = tmp_path / "a.dmp"
    dump.write_bytes(minidump(11, 1, 0x10, {"ptype": "renderer", "switch-3": "--type=renderer", "ver": "156"}))
    crash = read(dump)
    assert (crash.signal, crash.code, crash.address, crash.process) == ("SIGSEGV", 1, 0x10, "renderer")
    assert crash.summary() == "renderer stopped by SIGSEGV (code 1) at 0x10"


def test_a_crash_for_want_of_memory_says_so(tmp_path: Path) -> None:
    dump = tmp_path / "b.dmp"
    dump.write_bytes(minidump(5, 128, 0, {"switch-1": "--type=renderer", "oom-size": "268435456"}))
    assert read(dump).summary() == "renderer stopped by SIGTRAP (code 128) memory keys: oom-size=268435456"
    dump.write_bytes(minidump(9, 0, 0, {}))
    assert read(dump).summary() == "browser stopped by SIGKILL (code 0)"


@pytest.mark.parametrize("data", [b"", b"MDMP", b"PK\x03\x04" + bytes(40), minidump(11, 1, 0, {"a": "b"})[:70]])
def test_what_is_not_a_whole_minidump_is_refused(tmp_path: Path, data: bytes) -> None:
    dump = tmp_path / "c.dmp"
    dump.write_bytes(data)
    with pytest.raises(NotAMinidump):
        read(dump)
