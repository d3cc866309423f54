// The computer players' Web Worker (issue 17): a second Python, off the page's thread, that
// answers "what does this computer player do here?" and the Hint button's question, so that the
// page never freezes while a computer player searches.
//
// app.js starts it once the table is drawn (never before: the first playable table must not
// wait for it) and talks to it through tarotThink(). Each message is a JSON text: the request of
// web/thinking.py (the deal's record, the seat, seed, step and level); the answer is thinking.py's
// JSON text, with the request's id. Everything comes from this site: build.py points the import
// below at the hashed Pyodide folder and fills ARCHIVES with the page's own wheel and app.zip
// (the same bytes the page unpacks), so the worker's tarot_core is the page's.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const ARCHIVES = [/* build: archives */];

let started = null;

/** Python, with tarot_core and thinking.py unpacked where the page has them; resolves to
 * thinking.answer (a Python function from JSON text to JSON text). */
function start() {
  started ??= (async () => {
    const pyodide = await loadPyodide();
    for (const url of ARCHIVES) {
      const response = await fetch(new URL(url, self.location.href));
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      pyodide.unpackArchive(await response.arrayBuffer(), url.endsWith(".whl") ? "wheel" : "zip",
                            { extractDir: "/home/pyodide" });
    }
    return pyodide.runPython("import sys\nsys.path.insert(0, '/home/pyodide')\nfrom thinking import answer\nanswer");
  })();
  return started;
}

self.onmessage = async ({ data }) => {
  if (data === "start") {
    start().then(() => self.postMessage("ready"), (error) => self.postMessage(`failed: ${error}`));
    return;
  }
  let id = null;
  try {
    id = JSON.parse(data).id;
    const answer = await start();
    self.postMessage(answer(data));
  } catch (error) {
    self.postMessage(JSON.stringify({ id, error: `the worker failed: ${error}` }));
  }
};
