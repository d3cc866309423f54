// Fetches Pyodide's memory snapshot and inflates it, off the page's main thread (issue 5, load
// time). boot.js starts this worker and posts the snapshot's URL; the worker answers once, with
// {buffer} (an ArrayBuffer, transferred, not copied) or {error} (a message naming what failed).
//
// Why a worker: inflating the ~31 MB of memory takes 150-250 ms of CPU. On the main thread it
// held up Pyodide's own download of its wasm, which the page feeds to the compiler from there
// (paired loads served by the service worker: 7 % slower than without a snapshot; with this
// worker, 13 % faster).
"use strict";

onmessage = async ({ data: url }) => {
  try {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
    const inflated = response.body.pipeThrough(new DecompressionStream("gzip"));
    const buffer = await new Response(inflated).arrayBuffer();
    postMessage({ buffer }, [buffer]);
  } catch (error) {
    postMessage({ error: `${url}: ${error}` });
  }
};
