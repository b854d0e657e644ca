#!/usr/bin/env node
// Run the engine inside real Pyodide under Node (no browser), with the same runtime files the site uses.
//
//   node tests/pyodide/run.mjs [test] [--tests DIR] [--shard K/N] [--all] [--wheel FILE] [--wheels-dir DIR]
//                              [-- PYTEST_ARGS...]
//       pytest on DIR (default: tests/engine) inside Pyodide and exit with pytest's exit code. --shard K/N runs
//       the K-th of N shares of the tests (K from 1): every N-th test in collection order, so the N runs together
//       run each test once, and the long parametrized ones are spread (tests/pyodide/test_in_pyodide.py).
//       Of a test marked "sweep" (whole games over many cases) a third of the cases run, and the tests marked
//       "no_cover" (whole games whose every line other tests run) not at all, unless --all.
//       Needs the engine wheel from `make site` (default: the one in _site/wheels/) and the pure
//       wheels of pytest and hypothesis from `make pyodide-wheels` (default: .cache/pyodide-wheels/).
//   node tests/pyodide/run.mjs bench [--wheel FILE] [-- BENCH_ARGS...]
//       The engine benchmark (`python -m kingsburg bench`) inside Pyodide; prints its output. First, in the
//       interpreter as it booted, what reading the game's words costs (docs/translating.md): `import gettext`, and
//       parsing one language's two catalogues (German's .mo files from `make site`), as web/page.py does.
//
// The test folder is mounted from the host (mountNodeFS) under /repo/<same relative path>, next to a
// copy of pyproject.toml, so pytest sees the same rootdir layout and configuration as on CPython.

import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import process from "node:process";
import { fileURLToPath, pathToFileURL } from "node:url";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const MOUNT_ROOT = "/repo";

function die(message, code = 2) {
  console.error(`run.mjs: ${message}`);
  process.exit(code);
}

function parseArgs(argv) {
  const opts = {
    mode: "test",
    tests: path.join(REPO, "tests", "engine"),
    wheel: null,
    wheelsDir: path.join(REPO, ".cache", "pyodide-wheels"),
    shard: null, // [k, n], k from 1
    all: false,
    rest: [],
  };
  let i = 0;
  if (argv[0] === "test" || argv[0] === "bench") opts.mode = argv[i++];
  for (; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) die(`${arg} needs a value`);
      return path.resolve(argv[++i]);
    };
    if (arg === "--") {
      opts.rest = argv.slice(i + 1);
      break;
    } else if (arg === "--tests") opts.tests = value();
    else if (arg === "--shard") {
      const match = /^(\d+)\/(\d+)$/.exec(argv[++i] ?? "");
      const [k, n] = match ? [Number(match[1]), Number(match[2])] : [0, 0];
      if (!(k >= 1 && k <= n)) die(`--shard needs K/N with 1 <= K <= N, not ${JSON.stringify(argv[i])}`);
      opts.shard = [k, n];
    }
    else if (arg === "--all") opts.all = true;
    else if (arg === "--wheel") opts.wheel = value();
    else if (arg === "--wheels-dir") opts.wheelsDir = value();
    else die(`unknown argument ${JSON.stringify(arg)} (see the usage at the top of run.mjs)`);
  }
  return opts;
}

function engineWheel(explicit) {
  if (explicit) {
    if (!existsSync(explicit)) die(`no such wheel: ${explicit}`);
    return explicit;
  }
  const dir = path.join(REPO, "_site", "wheels");
  const found = existsSync(dir) ? readdirSync(dir).filter((f) => /^kingsburg-.+\.whl$/.test(f)) : [];
  if (found.length !== 1) die(`expected one engine wheel in ${dir}, found ${found.length}: run \`make site\``);
  return path.join(dir, found[0]);
}

function testWheels(dir) {
  const found = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".whl")) : [];
  if (!found.some((f) => f.startsWith("pytest-"))) die(`no pytest wheel in ${dir}: run \`make pyodide-wheels\``);
  return found.sort().map((f) => path.join(dir, f));
}

const canonical = (name) => name.replace(/[-_.]+/g, "-").toLowerCase();

// A failed loadPackage resolves instead of rejecting: check what actually got loaded.
async function loadWheels(pyodide, files) {
  const errors = [];
  await pyodide.loadPackage(files, { messageCallback: () => {}, errorCallback: (m) => errors.push(m) });
  const loaded = new Set(Object.keys(pyodide.loadedPackages).map(canonical));
  const missing = files.filter((f) => !loaded.has(canonical(path.basename(f).split("-")[0])));
  if (missing.length || errors.length) {
    die(`could not load ${missing.map((f) => path.basename(f)).join(", ")}\n${errors.join("\n")}`, 3);
  }
}

async function boot() {
  const pyodideModule = path.join(REPO, "node_modules", "pyodide", "pyodide.mjs");
  if (!existsSync(pyodideModule)) die(`${pyodideModule} is missing: run \`make setup\` (npm ci)`);
  const { loadPyodide } = await import(pathToFileURL(pyodideModule).href);
  const started = performance.now();
  const pyodide = await loadPyodide();
  // Pass output through unchanged (pytest writes progress without newlines). The buffer is a view
  // of Pyodide's memory, so copy it before handing it to the stream.
  const passThrough = (stream) => ({
    write: (buf) => {
      stream.write(Buffer.from(buf));
      return buf.length;
    },
  });
  pyodide.setStdout(passThrough(process.stdout));
  pyodide.setStderr(passThrough(process.stderr));
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  const python = pyodide.runPython("import sys; sys.version.split()[0]");
  console.error(`run.mjs: Pyodide ${pyodide.version} (Python ${python}) booted in ${seconds} s on Node ${process.versions.node}`);
  return pyodide;
}

function mountPoint(hostDir) {
  const rel = path.relative(REPO, hostDir);
  const inside = rel && !rel.startsWith("..") && !path.isAbsolute(rel);
  return path.posix.join(MOUNT_ROOT, inside ? rel.split(path.sep).join("/") : "external-tests");
}

async function runTests(opts) {
  if (!existsSync(opts.tests) || !statSync(opts.tests).isDirectory()) die(`no such test folder: ${opts.tests}`);
  const wheels = [engineWheel(opts.wheel), ...testWheels(opts.wheelsDir)];
  const pyodide = await boot();
  await loadWheels(pyodide, wheels);
  const target = mountPoint(opts.tests);
  pyodide.FS.mkdirTree(target);
  pyodide.mountNodeFS(target, opts.tests);
  pyodide.FS.writeFile(`${MOUNT_ROOT}/pyproject.toml`, readFileSync(path.join(REPO, "pyproject.toml")));
  pyodide.FS.chdir(MOUNT_ROOT);
  console.error(`run.mjs: pytest ${path.relative(REPO, opts.tests) || "."} inside Pyodide (${wheels.length} wheels)`);
  const run = pyodide.runPython(`
import sys
sys.dont_write_bytecode = True  # never write __pycache__ into the mounted host folder
import pytest

class Shard:
    """Keeps every n-th collected test, from the k-th (k from 1); deselects the others."""

    def __init__(self, k, n):
        self.k, self.n = k, n

    def pytest_collection_modifyitems(self, config, items):
        keep = items[self.k - 1 :: self.n]
        kept = {id(item) for item in keep}
        config.hook.pytest_deselected(items=[item for item in items if id(item) not in kept])
        print(f"shard {self.k}/{self.n}: {len(keep)} of {len(items)} tests")
        items[:] = keep

class Sweeps:
    """Keeps a third of the cases of each test marked "sweep" (whole games over every player count or rules
    option), spread over its list: CPython runs them all, and what Pyodide can get wrong (another interpreter
    running the same engine) shows in any case; the rest took about 2 of the Pyodide run's 4 minutes."""

    EVERY = 3

    @pytest.hookimpl(tryfirst=True)  # before Shard: the cases kept are the same whatever the share
    def pytest_collection_modifyitems(self, config, items):
        cases = {}
        dropped = []
        for item in items:
            if item.get_closest_marker("sweep") is not None:
                seen = cases.setdefault(item.originalname, 0)
                cases[item.originalname] = seen + 1
                if seen % self.EVERY:
                    dropped.append(item)
        if dropped:
            gone = {id(item) for item in dropped}
            config.hook.pytest_deselected(items=dropped)
            items[:] = [item for item in items if id(item) not in gone]
            print(f"sweeps: {sum(cases.values()) - len(dropped)} of {sum(cases.values())} cases kept")

class WholeGames:
    """Leaves out the tests marked "no_cover": whole games of the bots whose every line the other tests run (the
    mark's meaning on CPython, tests/conftest.py). What another interpreter could make them do differently, the
    browser tests check in Pyodide itself, whole games under every rules option: each number on screen against
    CPython's engine (tests/browser/test_screen_is_the_engine.py) and each of Hard's decisions in the worker
    against CPython's (tests/browser/test_worker.py). They took 18 s of this run's 66."""

    @pytest.hookimpl(tryfirst=True)
    def pytest_collection_modifyitems(self, config, items):
        dropped = [item for item in items if item.get_closest_marker("no_cover") is not None]
        if dropped:
            gone = {id(item) for item in dropped}
            config.hook.pytest_deselected(items=dropped)
            items[:] = [item for item in items if id(item) not in gone]
            print(f"whole games: {len(dropped)} tests marked no_cover left out")

def run(args, shard, every):
    plugins = ([] if every else [Sweeps(), WholeGames()]) + ([Shard(*shard)] if shard else [])
    return int(pytest.main(list(args), plugins=plugins))

run`);
  // No cache plugin: nothing to remember between runs, and nothing written next to the tests.
  const args = [target, "-p", "no:cacheprovider", ...opts.rest];
  return run(pyodide.toPy(args), opts.shard ? pyodide.toPy(opts.shard) : null, opts.all);
}

// The catalogues measured: one language's, as the page fetches them (web/app/languages.py catalogue_urls).
const I18N_LANGUAGE = "de";
const I18N_DOMAINS = ["page", "engine"];

// What the game's words cost in a fresh interpreter: the import of gettext (nothing imported it yet: measured before
// the engine is), then the two catalogues parsed and chained, the page's falling back to the engine's (web/page.py
// load_language), the first time and then the median of further times.
async function i18nCost(pyodide) {
  const files = I18N_DOMAINS.map((d) => path.join(REPO, "_site", "locale", I18N_LANGUAGE, `${d}.mo`));
  const missing = files.filter((f) => !existsSync(f));
  if (missing.length) die(`${missing.join(", ")} missing: run \`make site\``);
  files.forEach((f, i) => pyodide.FS.writeFile(`/tmp/${I18N_DOMAINS[i]}.mo`, readFileSync(f)));
  const measure = pyodide.runPython(`
def measure(names, language, rounds=25):
    import statistics
    import sys
    import time

    had = "gettext" in sys.modules
    before = set(sys.modules)
    began = time.perf_counter()
    import gettext
    imported = (time.perf_counter() - began) * 1000
    new = sorted(set(sys.modules) - before)
    # Node's standard library (Pyodide's npm package) holds gettext.py as source: the import compiled it. The site's
    # archive holds it compiled (tools/compile_stdlib.mjs), so the page pays the rest.
    source = gettext.__spec__.loader.get_source("gettext")
    compiling = []
    for _ in range(5):
        began = time.perf_counter()
        compile(source, "gettext.py", "exec")
        compiling.append((time.perf_counter() - began) * 1000)
    compiled = statistics.median(compiling)
    import io

    data = [open(f"/tmp/{name}.mo", "rb").read() for name in names]
    times = []
    for _ in range(rounds):
        began = time.perf_counter()
        first, *rest = [gettext.GNUTranslations(io.BytesIO(d)) for d in data]
        for other in rest:
            first.add_fallback(other)
        times.append((time.perf_counter() - began) * 1000)
    sizes = " + ".join(f"{name}.mo {len(d) / 1000:.0f} kB" for name, d in zip(names, data))
    messages = len(first._catalog) + sum(len(t._catalog) for t in rest)
    print(f"i18n: import gettext {imported:.1f} ms in a fresh interpreter"
          f" ({'already imported at boot' if had else 'new: ' + ', '.join(new)}),"
          f" of which compiling its source {compiled:.1f} ms (the site's archive holds it compiled)")
    print(f"i18n: {language} catalogues ({sizes}, {messages} entries): first parse {times[0]:.1f} ms,"
          f" then median {statistics.median(times[1:]):.1f} ms of {rounds - 1}")

measure`);
  measure(pyodide.toPy(I18N_DOMAINS), I18N_LANGUAGE);
}

async function runBench(opts) {
  const pyodide = await boot();
  await i18nCost(pyodide);
  await loadWheels(pyodide, [engineWheel(opts.wheel)]);
  const run = pyodide.runPython(`
def run(args):
    try:
        from kingsburg.cli import main
    except ImportError as err:
        # TODO(engine): the benchmark lives in kingsburg.cli.main(["bench"]); not there yet.
        print(f"TODO: the engine has no kingsburg.cli.main yet ({err})")
        return 3
    try:
        return int(main(["bench", *args]) or 0)
    except SystemExit as exit:
        return exit.code if isinstance(exit.code, int) else 1

run`);
  return run(pyodide.toPy(opts.rest));
}

const opts = parseArgs(process.argv.slice(2));
const code = opts.mode === "bench" ? await runBench(opts) : await runTests(opts);
process.exit(code);
