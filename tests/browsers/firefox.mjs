// Drives Debian's Firefox (firefox-esr) over WebDriver BiDi with puppeteer-core (npm; no browser
// download) for the e2e tests (tests/test_e2e_browsers.py) and bench/browsers.py.
//
//   node tests/browsers/firefox.mjs play '{"url": ..., "query": ..., "bid": "prise", "offlineAfter": 3}'
//   node tests/browsers/firefox.mjs bench '{"url": ..., "query": ..., "runs": 5}'
//
// Talks in JSON lines on stdout (anything for people goes to stderr):
//
// * play: opens url+query, waits for body[data-ready='1'] and plays your seat (the choices of
//   step.js, each step reported as {"event": "step", ...}). After `offlineAfter` cards of yours it
//   waits for the service worker, prints {"event": "offline", ...} and waits for a line on stdin
//   (the test stops the server meanwhile), reloads and checks that the page comes back as it was,
//   then plays on until the score sheet. Ends with {"event": "result", ...}: the steps, the score
//   sheet, every request URL, console errors and page errors, and what the reload showed.
// * bench: `runs` times, in a fresh browser context, a cold load then a warm one (service
//   worker) of url+query; prints {"event": "load", "cold": ms, "warm": ms} for each (the page's
//   "app: ready" mark: ms from navigation start until body[data-ready='1']).
//
// Firefox is TAROT_FIREFOX or /usr/bin/firefox-esr. Any failure prints {"event": "error",
// "message": ...} and exits with status 1.
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import puppeteer from "puppeteer-core";

const HERE = new URL(".", import.meta.url);
const STEP_JS = readFileSync(new URL("step.js", HERE), "utf8");
const SHEET_JS = readFileSync(new URL("sheet.js", HERE), "utf8");
const FIREFOX = process.env.TAROT_FIREFOX || "/usr/bin/firefox-esr";
const READY_TIMEOUT_MS = 90_000;
const STEP_TIMEOUT_MS = 30_000;
const READY = "document.body.dataset.ready === '1'";
// The phases a deal ends in: French (done, thrown in) and Hungarian (done, all passed, annulled).
const END_PHASES = ["done", "thrown_in", "all_pass", "annulled"];
const YOUR_TURN = "['you', 'none'].includes(document.body.dataset.turn)";
const WORKER_ACTIVE = `navigator.serviceWorker.getRegistration()
  .then((r) => !!(r && r.active && r.active.state === "activated"))`;
const READY_MARK = `(performance.getEntriesByName("app: ready")[0] || {}).startTime`;

const say = (event, data = {}) => process.stdout.write(JSON.stringify({ event, ...data }) + "\n");
const stdinLines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();

async function launch() {
  return puppeteer.launch({
    browser: "firefox",
    executablePath: FIREFOX,
    protocol: "webDriverBiDi",
    headless: true,
    extraPrefsFirefox: {
      // No traffic of Firefox's own to other hosts (updates, telemetry, safe browsing, captive
      // portal checks): every request the tests see is the page's.
      "app.update.enabled": false,
      "browser.safebrowsing.malware.enabled": false,
      "browser.safebrowsing.phishing.enabled": false,
      "network.captive-portal-service.enabled": false,
      "network.connectivity-service.enabled": false,
      "toolkit.telemetry.enabled": false,
      "datareporting.policy.dataSubmissionEnabled": false,
    },
  });
}

/** Records the requests, console errors and page errors of `page`. */
function watch(page) {
  const seen = { requests: [], consoleErrors: [], pageErrors: [] };
  page.on("request", (request) => seen.requests.push(request.url()));
  page.on("console", (message) => {
    if (message.type() === "error") seen.consoleErrors.push(message.text());
  });
  page.on("pageerror", (error) => seen.pageErrors.push(String(error && error.message ? error.message : error)));
  return seen;
}

const waitFor = (page, expression, timeout) => page.waitForFunction(expression, { timeout, polling: 50 });

/** Plays your turns until the deal is over or `stopAfter` cards of yours have been played;
 * returns true when the deal is over. */
async function playSteps(page, bid, steps, stopAfter) {
  for (;;) {
    await waitFor(page, YOUR_TURN, STEP_TIMEOUT_MS);
    const step = await page.evaluate(`(${STEP_JS})(${JSON.stringify(bid)})`);
    if (END_PHASES.includes(step.phase)) return step.phase;
    if (!step.clicks.length) throw new Error(`nothing to click at your turn in phase ${step.phase}`);
    for (let i = 0; i < step.clicks.length; i += 1) {
      await page.click(step.clicks[i]);
      await waitFor(page, step.after[i], STEP_TIMEOUT_MS);
    }
    steps.push(step);
    say("step", { phase: step.phase, chosen: step.chosen });
    if (stopAfter !== null && steps.filter((s) => s.phase === "play").length >= stopAfter) return null;
  }
}

async function play({ url, query, bid = "pass", offlineAfter = null }) {
  const browser = await launch();
  try {
    const page = await browser.newPage();
    const seen = watch(page);
    await page.goto(url + query);
    await waitFor(page, READY, READY_TIMEOUT_MS);
    const version = await browser.version();
    const steps = [];
    let end = await playSteps(page, bid, steps, offlineAfter);
    let reload = null;
    if (end === null) {
      await waitFor(page, WORKER_ACTIVE, READY_TIMEOUT_MS);
      const before = { app: await page.$eval("#app", (e) => e.innerHTML),
                       hand: await page.$$eval(".hand .card", (els) => els.map((e) => e.dataset.card)) };
      say("offline", { played: offlineAfter });
      const answer = await stdinLines.next();
      if (answer.done) throw new Error("stdin closed before the server was stopped");
      const requestsBefore = seen.requests.length;
      await page.reload();
      await waitFor(page, READY, READY_TIMEOUT_MS);
      await waitFor(page, YOUR_TURN, STEP_TIMEOUT_MS);
      reload = {
        controlled: await page.evaluate("!!navigator.serviceWorker.controller"),
        sameApp: (await page.$eval("#app", (e) => e.innerHTML)) === before.app,
        handBefore: before.hand,
        handAfter: await page.$$eval(".hand .card", (els) => els.map((e) => e.dataset.card)),
        phase: await page.evaluate("document.body.dataset.phase"),
        requests: seen.requests.slice(requestsBefore),
        marks: await page.evaluate("performance.getEntriesByType('mark').map((m) => m.name)"),
      };
      end = await playSteps(page, bid, steps, null);
    }
    const sheet = end === "done" ? await page.evaluate(`(${SHEET_JS})()`) : null;
    say("result", { version, end, steps, sheet, reload, ...seen });
  } finally {
    await browser.close();
  }
}

async function bench({ url, query, runs = 5 }) {
  const browser = await launch();
  try {
    say("version", { version: await browser.version() });
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.createBrowserContext();
      try {
        const page = await context.newPage();
        await page.goto(url + query);
        await waitFor(page, READY, READY_TIMEOUT_MS);
        const cold = await page.evaluate(READY_MARK);
        await waitFor(page, WORKER_ACTIVE, READY_TIMEOUT_MS);
        await page.goto(url + query);
        await waitFor(page, READY, READY_TIMEOUT_MS);
        const warm = await page.evaluate(READY_MARK);
        if (!(await page.evaluate("!!navigator.serviceWorker.controller"))) {
          throw new Error("warm load was not served by the service worker");
        }
        say("load", { cold, warm });
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
}

const [mode, json] = process.argv.slice(2);
const modes = { play, bench };
try {
  if (!modes[mode]) throw new Error(`usage: firefox.mjs play|bench '{"url": ...}'`);
  await modes[mode](JSON.parse(json || "{}"));
  process.exit(0);
} catch (error) {
  say("error", { message: String(error && error.stack ? error.stack : error) });
  process.exit(1);
}
