"""Where the returning visit's Python snapshot should come from: fetched by the service worker, or made in the browser.

    python -m tools.bench_snapshot [--runs 3] [--site _site]

The site ships a snapshot made at build time (tools/make_snapshot.mjs, under Node); the service worker fetches it
after the first visit's board is playable and keeps it unpacked (web/sw.js). The other way would be to make it in
the browser: boot a second Pyodide with ``_makeSnapshot``, import what the build imports
(tools/snapshot_prepare.py), dump its memory and keep that. Both are measured here in headless Chromium, in the
same run, from the built site on 127.0.0.1, each in a dedicated worker as the page would do it:

* fetched: the service worker's steps (fetch the gzipped file, unpack it if the host did not, keep it in the
  Cache API); the bytes are the ones a host sends;
* made: load Pyodide, write the two archives, import the game, ``makeMemorySnapshot()``, keep it in the Cache API;

then a restore from each (``loadPyodide({_loadSnapshot})``), to check that both restore and take as long.

A local server has no network time: the download time a real visitor would add is *computed* from the bytes at a
few link speeds, and printed as such. The CPU each way costs is what the machine spends while the visitor plays.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from tools.browser import launch_chromium
from tools.build_site import ROOT
from tools.serve import SiteServer

PAGE_PATH = "/bench/snapshot.html"
WORKER_PATH = "/bench/snapshot-worker.mjs"
PREPARE_PATH = "/bench/snapshot_prepare.py"
LINKS_MBIT = (5, 20, 100)

PAGE = b"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>snapshot bench</title><link rel="icon" href="data:,"></head>
<body><script type="module">
window.measure = (how) => new Promise((resolve) => {
  const worker = new Worker("./snapshot-worker.mjs", { type: "module" });
  worker.onmessage = (event) => { worker.terminate(); resolve(event.data); };
  worker.onerror = (event) => { worker.terminate(); resolve({ error: event.message || "worker failed" }); };
  worker.postMessage(how);
});
document.body.dataset.ready = "1";
</script></body></html>
"""

# In a worker: one way to get a snapshot into the Cache API, then a restore from it. Times in ms of wall clock;
# the worker does nothing else, so they are its CPU time plus (for "fetched") the local server's.
WORKER = b"""
const now = () => performance.now();
async function keep(name, bytes) {
  const cache = await caches.open("bench-snapshot");
  await cache.put(name, new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }));
  const back = await (await cache.match(name)).arrayBuffer();
  await caches.delete("bench-snapshot");
  return back;
}
async function fetched({ snapshot }) {
  const started = now();
  const response = await fetch(snapshot, { cache: "no-store" });
  const packed = await response.arrayBuffer();
  const head = new Uint8Array(packed, 0, 2);
  let bytes = packed;
  if (head[0] === 0x1f && head[1] === 0x8b) {
    const unpacked = new Blob([packed]).stream().pipeThrough(new DecompressionStream("gzip"));
    bytes = await new Response(unpacked).arrayBuffer();
  }
  const kept = await keep("fetched", bytes);
  return { ms: now() - started, sent: packed.byteLength, raw: bytes.byteLength, kept };
}
async function made({ wheel, bundle }) {
  const started = now();
  const { loadPyodide } = await import("../pyodide/pyodide.mjs");
  const pyodide = await loadPyodide({ _makeSnapshot: true, indexURL: new URL("../pyodide/", import.meta.url).href });
  const booted = now();
  const [w, b, prepareText] = await Promise.all([
    fetch(wheel).then((r) => r.arrayBuffer()),
    fetch(bundle).then((r) => r.arrayBuffer()),
    fetch("./snapshot_prepare.py").then((r) => r.text()),
  ]);
  pyodide.FS.writeFile("/home/pyodide/kingsburg.whl", new Uint8Array(w));
  pyodide.FS.writeFile("/home/pyodide/page.zip", new Uint8Array(b));
  const prepare = pyodide.runPython(prepareText);
  const modules = prepare("bench");
  prepare.destroy();
  pyodide.runPython("del _prepare");
  const imported = now();
  const snapshot = pyodide.makeMemorySnapshot();
  const dumped = now();
  const kept = await keep("made", snapshot);
  return {
    ms: now() - started, boot_ms: booted - started, import_ms: imported - booted, dump_ms: dumped - imported,
    sent: w.byteLength + b.byteLength, raw: snapshot.byteLength, modules, kept,
  };
}
self.onmessage = async (event) => {
  try {
    const how = event.data;
    const result = how.way === "fetched" ? await fetched(how) : await made(how);
    const kept = result.kept;
    delete result.kept;
    const { loadPyodide } = await import("../pyodide/pyodide.mjs");
    const started = now();
    const pyodide = await loadPyodide({ indexURL: new URL("../pyodide/", import.meta.url).href, _loadSnapshot: kept });
    result.restore_ms = now() - started;
    result.restored = pyodide.runPython("import sys; 'kingsburg' in sys.modules and 'app.controller' in sys.modules");
    self.postMessage(result);
  } catch (err) {
    self.postMessage({ error: String(err && err.stack ? err.stack : err) });
  }
};
"""


def site_files(site: Path) -> dict[str, str]:
    """The site's snapshot, engine wheel and page bundle, by role, as URLs relative to /bench/."""
    snapshot = next((site / "pyodide").glob("snapshot-*.bin.gz"), None)
    wheel = next((site / "wheels").glob("kingsburg-*.whl"), None)
    bundle = next((site / "web").glob("page-*.zip"), None)
    if snapshot is None or wheel is None or bundle is None:
        raise SystemExit(f"{site} has no snapshot, wheel or page bundle: run `make site` first")
    return {
        "snapshot": f"../pyodide/{snapshot.name}",
        "wheel": f"../wheels/{wheel.name}",
        "bundle": f"../web/{bundle.name}",
    }


def measure(site: Path, runs: int) -> dict[str, list[dict[str, Any]]]:
    files = site_files(site)
    extra = {
        PAGE_PATH: (PAGE, "text/html"),
        WORKER_PATH: (WORKER, "text/javascript"),
        PREPARE_PATH: ((ROOT / "tools" / "snapshot_prepare.py").read_bytes(), "text/plain"),
    }
    results: dict[str, list[dict[str, Any]]] = {"fetched": [], "made": []}
    with sync_playwright() as driver, SiteServer(site, extra=extra, quiet=True) as server:
        browser = launch_chromium(driver)
        try:
            for _ in range(runs):
                for way in ("fetched", "made"):  # interleaved, so that both see the same load on the machine
                    context = browser.new_context(service_workers="block")
                    page = context.new_page()
                    page.goto(server.url + PAGE_PATH.lstrip("/"))
                    page.wait_for_selector("body[data-ready='1']", state="attached")
                    result = page.evaluate("(how) => window.measure(how)", {"way": way, **files})
                    context.close()
                    if "error" in result:
                        raise SystemExit(f"the snapshot {way} in the browser failed: {result['error']}")
                    if not result["restored"]:
                        raise SystemExit(f"the snapshot {way} in the browser restored without the game imported")
                    results[way].append(result)
        finally:
            browser.close()
    return results


def report(results: dict[str, list[dict[str, Any]]]) -> str:
    def median(way: str, key: str) -> float:
        return statistics.median(float(r[key]) for r in results[way])

    fetched, made = results["fetched"], results["made"]
    lines = [
        f"snapshot, fetched by the service worker: {median('fetched', 'ms'):.0f} ms in the worker "
        f"(fetch from 127.0.0.1, unpack, keep); {fetched[0]['sent'] / 1e6:.1f} MB sent, "
        f"{fetched[0]['raw'] / 1e6:.1f} MB kept",
        f"snapshot, made in the browser: {median('made', 'ms'):.0f} ms in the worker (Pyodide boot "
        f"{median('made', 'boot_ms'):.0f}, imports {median('made', 'import_ms'):.0f}, dump "
        f"{median('made', 'dump_ms'):.0f}, keep); {made[0]['sent'] / 1e6:.2f} MB of archives, "
        f"{made[0]['raw'] / 1e6:.1f} MB kept, {made[0]['modules']} modules",
        f"ratio made/fetched (time in the worker): {median('made', 'ms') / median('fetched', 'ms'):.1f}",
        f"restore: fetched {median('fetched', 'restore_ms'):.0f} ms, made {median('made', 'restore_ms'):.0f} ms",
        "download time of the fetched snapshot (computed from its bytes, not measured): "
        + ", ".join(f"{fetched[0]['sent'] * 8 / (mbit * 1e6):.1f} s at {mbit} Mbit/s" for mbit in LINKS_MBIT),
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--site", type=Path, default=ROOT / "_site")
    parser.add_argument("--json", action="store_true", help="print the raw results as JSON too")
    args = parser.parse_args(argv)
    results = measure(args.site, args.runs)
    print(report(results))
    if args.json:
        print(json.dumps(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
