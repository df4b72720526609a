// The parity test's runner (tests/test_app_node.py): the built app's runtime and wheels
// loaded in Node, and `show --json` worked out by the app's engine for each game file
// named in the JSON list on stdin; prints {name: text} as JSON.
import { readFileSync } from "node:fs";

const dir = process.argv[2];
const { loadPyodide } = await import(`${dir}/pyodide/pyodide.mjs`);
const py = await loadPyodide({
  indexURL: `${dir}/pyodide/`,
  lockFileURL: `${dir}/pyodide/pyodide-lock.json`,
  stdout: () => {},
  stderr: () => {},
});
await py.loadPackage(["scorepad"], { messageCallback: () => {} });
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
process.stdout.write(JSON.stringify(shown));
