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
  py = await loadPyodide({
    indexURL: new URL("pyodide/", here).href,
    lockFileURL: new URL("pyodide/pyodide-lock.json", here).href,
    fullStdLib: false,
    stdout: () => {},
    stderr: () => {},
  });
  await py.loadPackage(["scorepad"], { messageCallback: () => {}, errorCallback: () => {} });
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
}

start().catch((error) => say(String(error.message || error).split("\n").pop(), true));
