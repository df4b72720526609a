// The app's shell: it starts Python (Pyodide), keeps the games folder in the browser's
// own storage (IndexedDB), sends each tap and form to Python and draws what Python returns.
// Every rule, refusal and word comes from Python (scorepad.app.pages); this file only
// draws, stores and moves bytes.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const HOME = "/scorepad";  // the games folder's home inside Python, kept in IndexedDB
const status = document.getElementById("status");
const root = document.getElementById("root");
const meta = (name) => document.querySelector(`meta[name="${name}"]`).content;
let py = null;
let pages = null;
let words = {};
let made = null;  // the snapshot this start made, kept once the games page is drawn

function say(text, bad = false) {
  status.textContent = text;
  status.classList.toggle("bad", bad);
}

function ask(request) {
  request.lang = localStorage.getItem("scorepad-lang") || "";
  request.accept = (navigator.languages || [navigator.language || "en"]).join(",");
  return JSON.parse(pages.answer(JSON.stringify(request)));
}

function sync(populate) {
  return new Promise((resolve, reject) =>
    py.FS.syncfs(populate, (error) => (error ? reject(error) : resolve())));
}

function draw(answer) {
  document.documentElement.lang = answer.lang;
  document.title = answer.title;
  root.innerHTML = answer.html;
  if (navigator.share) {
    for (const button of root.querySelectorAll("[data-share]")) button.hidden = false;
  }
  const alert = root.querySelector("[role=alert]");
  if (alert) alert.scrollIntoView({ block: "center" });
}

function download(file) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([file.text], { type: "application/toml" }));
  link.download = file.name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10000);
}

async function go(method, path, form = {}) {
  let answer;
  try {
    answer = ask({ method, path, form });
  } catch (error) {
    say(String(error.message || error).trim().split("\n").pop(), true);
    return;
  }
  if (answer.changed) {
    try {
      await sync(false);  // stored before the page says it is saved
      localStorage.setItem("scorepad-kept", "1");
      say(answer.saved);
    } catch (error) {
      say(`${words.not_saved} (${error.name || error})`, true);
    }
  } else if (answer.said !== undefined) {
    say(answer.said);
  }
  if (answer.download) download(answer.download);
  if (answer.go) {
    if (location.hash !== `#${answer.go}`) {
      location.hash = answer.go;  // drawn by the hashchange
      return;
    }
    answer = ask({ method: "GET", path: answer.go, form: {} });
  }
  draw(answer);
  window.scorepadDrawn = (window.scorepadDrawn || 0) + 1;  // for the tests and benchmark
}

function route() {
  const hash = location.hash;
  if (hash.startsWith("#game=")) {
    const link = location.href;
    history.replaceState(null, "", location.pathname + location.search + "#/");
    go("POST", "/import", { link });
    return;
  }
  go("GET", hash.startsWith("#/") ? hash.slice(1) : "/");
}

async function formValues(form, submitter) {
  const values = {};
  for (const [key, value] of new FormData(form, submitter)) {
    if (value instanceof File) {
      values[key] = value.size ? await value.text() : "";
      values[`${key}_name`] = value.name;
    } else {
      values[key] = value;
    }
  }
  return values;
}

root.addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = event.target;
  const action = (form.getAttribute("action") || "").replace(/^#/, "");
  const values = await formValues(form, event.submitter);
  if ((form.getAttribute("method") || "get").toLowerCase() === "get") {
    location.hash = `${action}?${new URLSearchParams(values)}`;
  } else {
    go("POST", action, values);
  }
});

root.addEventListener("click", async (event) => {
  const language = event.target.closest("[data-lang]");
  if (language) {
    localStorage.setItem("scorepad-lang", language.dataset.lang);
    route();
    return;
  }
  const share = event.target.closest("[data-share]");
  if (share && navigator.share) {
    const shared = { title: share.dataset.title, text: share.dataset.link, url: share.dataset.link };
    const file = new File([share.dataset.file || ""], share.dataset.name || "game.toml",
      { type: "application/toml" });
    if (share.dataset.file && navigator.canShare && navigator.canShare({ files: [file] })) {
      shared.files = [file];
    }
    navigator.share(shared).catch(() => {});
  }
  const copy = event.target.closest("[data-copy]");
  if (copy && navigator.clipboard) navigator.clipboard.writeText(copy.dataset.copy).catch(() => {});
});

window.addEventListener("hashchange", route);

// Python's memory once scorepad is imported, kept by the browser after the first start of
// a build and restored at the next ones: a start then skips the interpreter's own start and
// the imports (benchmarks/app_start.py, warm start). Only bytes: Pyodide makes and reads it.
const SNAPSHOT = `snapshot-${meta("scorepad-build")}`;
const SNAPSHOT_FILE = "python.snapshot";

async function keptSnapshot() {
  if (!window.caches) return null;
  try {
    const kept = await (await caches.open(SNAPSHOT)).match(SNAPSHOT_FILE);
    return kept ? new Uint8Array(await kept.arrayBuffer()) : null;
  } catch {
    return null;
  }
}

async function keepSnapshot(bytes) {
  for (const name of await caches.keys()) {
    if (name.startsWith("snapshot-") && name !== SNAPSHOT) await caches.delete(name);
  }
  await (await caches.open(SNAPSHOT)).put(SNAPSHOT_FILE, new Response(bytes));
}

function integrity(sha256) {  // the lock file's hex digest as a fetch's integrity value
  const bytes = sha256.match(/../g).map((pair) => parseInt(pair, 16));
  return `sha256-${btoa(String.fromCharCode(...bytes))}`;
}

// Pyodide started, with the wheels the lock file names unpacked (each checked against its
// digest) and scorepad.app.pages imported: from `snapshot` when given, else afresh, and
// then a snapshot is made, kept once the page is drawn (where the browser has a cache).
async function startPython(here, snapshot) {
  const runtime = new URL("pyodide/", here);
  const python = await loadPyodide({
    indexURL: runtime.href,
    lockFileURL: new URL("pyodide-lock.json", runtime).href,
    fullStdLib: false,
    stdout: () => {},
    stderr: () => {},
    ...(snapshot ? { _loadSnapshot: snapshot } : { _makeSnapshot: Boolean(window.caches) }),
  });
  const lock = await (await fetch(new URL("pyodide-lock.json", runtime))).json();
  const wheels = await Promise.all(Object.values(lock.packages).map(async (wheel) => {
    const response = await fetch(new URL(wheel.file_name, runtime),
      { integrity: integrity(wheel.sha256) });
    if (!response.ok) throw new Error(`${wheel.file_name}: ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  }));
  for (const wheel of wheels) python.unpackArchive(wheel, "wheel");
  document.body.dataset.start = snapshot ? "snapshot" : "fresh";
  if (snapshot) document.body.dataset.snapshot = "kept";
  if (!snapshot && window.caches) {
    python.runPython("import scorepad.app.pages; scorepad.app.pages.prepare()");
    try {
      made = python.makeMemorySnapshot();
    } catch {
      made = null;  // no snapshot: the next start is a fresh one too, only slower
    }
  }
  return python;
}

async function start() {
  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register("sw.js").then((registration) => {
      registration.addEventListener("updatefound", () => {
        const worker = registration.installing;
        worker.addEventListener("statechange", () => {
          if (worker.state === "installed" && navigator.serviceWorker.controller) {
            say(words.update_ready);
          }
        });
      });
    }).catch(() => {});
  }
  const here = new URL(".", location.href).href;
  const snapshot = await keptSnapshot();
  try {
    py = await startPython(here, snapshot);
  } catch (error) {
    if (!snapshot) throw error;
    await caches.delete(SNAPSHOT);  // a damaged snapshot: start afresh, and keep a new one
    py = await startPython(here, null);
  }
  py.FS.mkdirTree(HOME);
  py.FS.mount(py.FS.filesystems.IDBFS, {}, HOME);
  let storage = "";
  try {
    await sync(true);
  } catch (error) {
    storage = String(error.name || error);
  }
  pages = py.pyimport("scorepad.app.pages");
  words = JSON.parse(pages.start(HOME, meta("scorepad-url") || here,
    localStorage.getItem("scorepad-lang") || "",
    (navigator.languages || [navigator.language || "en"]).join(",")));
  const build = meta("scorepad-build");
  const seen = localStorage.getItem("scorepad-build");
  localStorage.setItem("scorepad-build", build);
  let said = words.ready;
  let bad = false;
  if (storage) {
    said = `${words.storage_failed} (${storage})`;
    bad = true;
  } else if (words.count === 0 && localStorage.getItem("scorepad-kept")) {
    said = words.evicted;
    bad = true;
  } else if (seen && seen !== build) {
    said = words.updated;
  }
  if (!bad && navigator.storage && navigator.storage.persist) {
    const granted = (await navigator.storage.persisted()) || (await navigator.storage.persist());
    if (!granted) said = `${said} ${words.persist_refused}`;
  } else if (!bad) {
    said = `${said} ${words.persist_refused}`;
  }
  route();
  say(said, bad);
  document.body.dataset.ready = "1";
  if (made) {
    keepSnapshot(made).then(() => { document.body.dataset.snapshot = "kept"; }, () => {});
    made = null;
  }
}

start().catch((error) => say(String(error.message || error).split("\n").pop(), true));
