#!/usr/bin/env node
// Generates DIST/sw.js with workbox-build (pinned in package.json): a service worker that
// precaches every file of the built site with a revision, so the game loads and plays offline
// after one visit. Run by build.py: `node tools/generate-sw.cjs DIST`.
//
// Update strategy (never two versions mixed):
// - every file is precached with a revision (an md5 of its content); files under assets/ carry
//   their content hash in their URL already, so they need none and may come from the HTTP cache;
// - a new sw.js (new revisions) installs next to the old one and WAITS: the old worker keeps
//   serving the old revisions of every file until the user clicks "Reload" in the banner drawn
//   by app.js, which posts {type: "SKIP_WAITING"}; only then the new worker takes over and the
//   page reloads. No clientsClaim: a page is served by one worker, start to end.
"use strict";

const path = require("node:path");
const { generateSW } = require("workbox-build");

async function main() {
  const dist = process.argv[2];
  if (!dist) {
    console.error("usage: node tools/generate-sw.cjs DIST");
    process.exit(2);
  }
  const { count, size, warnings } = await generateSW({
    globDirectory: dist,
    globPatterns: ["**/*"],
    globIgnores: ["sw.js", "workbox-*.js"],
    swDest: path.join(dist, "sw.js"),
    // The workbox runtime is bundled into sw.js itself: no importScripts, no CDN.
    inlineWorkboxRuntime: true,
    mode: "production",
    sourcemap: false,
    cacheId: "tarot",
    // The Pyodide wasm is 9.6 MB; the default limit (2 MB) would leave it out.
    maximumFileSizeToCacheInBytes: 64 * 1024 * 1024,
    // assets/<name>-<hash>/...: the URL is the revision.
    dontCacheBustURLsMatching: /^assets\//,
    // ?players=4&pace=0 and the like are read by the page, not by the server: serve index.html.
    ignoreURLParametersMatching: [/.*/],
    directoryIndex: "index.html",
    cleanupOutdatedCaches: true,
    skipWaiting: false, // adds a SKIP_WAITING message listener instead
    clientsClaim: false,
  });
  for (const warning of warnings) console.error(`warning: ${warning}`);
  if (warnings.length) process.exit(1);
  console.log(`sw.js precaches ${count} files (${size} bytes)`);
}

main().catch((error) => {
  console.error(error && error.stack ? error.stack : String(error));
  process.exit(1);
});
