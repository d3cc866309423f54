// The computer players' Web Worker (issue 17): a second Python, off the page's thread, that
// answers "what does this computer player do here?" and the Hint button's question, so that the
// page never freezes while a computer player searches.
//
// app.js starts it once the table is drawn (never before: the first playable table must not
// wait for it) and talks to it through tarotThink() and tarotCancel(). Everything comes from this
// site: build.py points the import below at the hashed Pyodide folder and fills ARCHIVES with the
// page's own wheel and app.zip (the same bytes the page unpacks), so the worker's tarot_core is
// the page's.
//
// The protocol (every message but the first is JSON text):
//   page -> worker  "start"                 load Python now; the worker answers "ready" (or
//                                           "failed: <why>")
//   page -> worker  {"id": n, ...}          a question: the request of web/tarot_page/thinking.py
//   page -> worker  {"cancel": [n, ...]}    those questions are no longer needed (the table moved
//                                           on: you played, a new deal or match, another screen)
//   worker -> page  {"id": n, ...}          thinking.py's answer ("move", "hint" or "error")
//   worker -> page  {"id": n, "cancelled": true}
//                                           a cancelled question, answered without searching
// Questions wait in the worker's own queue and are answered one at a time, in order; between two
// the worker lets its event loop run, so that a cancel sent meanwhile usually arrives before the
// next question starts (HTML does not order a timer against a message: at worst one search is
// wasted, never an answer lost). A question already being searched cannot be stopped: its answer comes as
// usual (the page drops an answer nobody needs any more). Every answer (a cancelled one too)
// comes once, so the page's promise for it always settles. self.searched counts the questions
// Python has answered (the e2e tests read it).
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
    return pyodide.runPython("import sys\nsys.path.insert(0, '/home/pyodide')\nfrom tarot_page.thinking import answer\nanswer");
  })();
  return started;
}

/** The questions not started yet, in order: `{ id, text }`. */
const queue = [];
let working = false;
self.searched = 0;

const post = (message) => self.postMessage(JSON.stringify(message));

/** One task of the event loop: what was posted to the worker meanwhile (a cancel) is handled
 * before this resolves. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Answer the queued questions one at a time, until none is left. */
async function work() {
  if (working) return;
  working = true;
  try {
    while (queue.length) {
      let answer;
      try {
        answer = await start();
      } catch (error) {  // no Python: every question waiting fails (the page answers it itself)
        for (const { id } of queue.splice(0)) post({ id, error: `the worker failed: ${error}` });
        break;
      }
      await nextTask();
      const question = queue.shift();
      if (!question) break;  // cancelled meanwhile
      try {
        const text = answer(question.text);
        self.searched += 1;
        self.postMessage(text);
      } catch (error) {
        post({ id: question.id, error: `the worker failed: ${error}` });
      }
    }
  } finally {
    working = false;
  }
}

self.onmessage = ({ data }) => {
  if (data === "start") {
    start().then(() => self.postMessage("ready"), (error) => self.postMessage(`failed: ${error}`));
    return;
  }
  let message;
  try {
    message = JSON.parse(data);
  } catch (error) {
    post({ id: null, error: `not JSON: ${error}` });
    return;
  }
  if (Array.isArray(message?.cancel)) {
    const ids = new Set(message.cancel);
    for (const question of queue.splice(0)) {  // an id not (or no longer) queued: nothing to do
      if (ids.has(question.id)) post({ id: question.id, cancelled: true });
      else queue.push(question);
    }
    return;
  }
  queue.push({ id: message?.id ?? null, text: data });
  work();
};
