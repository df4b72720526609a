// The parity test's runner (tests/test_app_node.py): the built app's runtime and wheels
// loaded in Node as the app's shell loads them (shell/app.js): once afresh, its memory then
// kept as a snapshot, and again from that snapshot, as every later start of the app is.
// The restored one works out `show --json` for each game file named in the JSON list on
// stdin; prints {"shown": {name: text}, "restored": ...} as JSON, `restored` saying
// whether the pages were already imported before any import here (only a snapshot has them).
import { readFileSync } from "node:fs";

const dir = process.argv[2];
const { loadPyodide } = await import(`${dir}/pyodide/pyodide.mjs`);
const lock = JSON.parse(readFileSync(`${dir}/pyodide/pyodide-lock.json`, "utf8"));

async function startPython(snapshot) {
  const python = await loadPyodide({
    indexURL: `${dir}/pyodide/`,
    lockFileURL: `${dir}/pyodide/pyodide-lock.json`,
    fullStdLib: false,
    stdout: () => {},
    stderr: () => {},
    ...(snapshot ? { _loadSnapshot: snapshot } : { _makeSnapshot: true }),
  });
  for (const wheel of Object.values(lock.packages)) {
    python.unpackArchive(new Uint8Array(readFileSync(`${dir}/pyodide/${wheel.file_name}`)), "wheel");
  }
  return python;
}

let py;
try {
  const fresh = await startPython(null);
  fresh.runPython("import scorepad.app.pages; scorepad.app.pages.prepare()");
  py = await startPython(fresh.makeMemorySnapshot());
} catch (error) {
  process.stderr.write(`the snapshot: ${String(error.message).slice(-3000)}`);
  process.exit(1);
}
const restored = py.runPython("import sys; 'scorepad.app.pages' in sys.modules");
py.runPython("from scorepad.app import pages");
const files = JSON.parse(readFileSync(0, "utf8"));
const shown = {};
try {
  for (const file of files) {
    py.FS.writeFile("/game.toml", readFileSync(file));
    py.globals.set("where", file);
    shown[file] = py.runPython("pages.show_json(open('/game.toml', 'rb').read(), where)");
  }
} catch (error) {
  process.stderr.write(String(error.message).slice(-3000));
  process.exit(1);
}
process.stdout.write(JSON.stringify({ shown, restored }));
