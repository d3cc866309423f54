// Fetches Pyodide's memory snapshot and inflates it, off the page's main thread (issue 5, load
// time). boot.js starts this worker and posts the snapshot's URL; the worker answers with
// {received, total} (bytes downloaded so far and the file's size, at most every 100 ms, for the
// loader's progress bar) and then once with {buffer} (an ArrayBuffer, transferred, not copied) or
// {error} (a message naming what failed).
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
    const total = Number(response.headers.get("Content-Length")) || 0;
    let received = 0;
    let reported = 0;
    const counted = response.body.pipeThrough(new TransformStream({
      transform(chunk, controller) {
        received += chunk.byteLength;
        const now = performance.now();
        if (now - reported >= 100) {
          reported = now;
          postMessage({ received, total });
        }
        controller.enqueue(chunk);
      },
    }));
    const inflated = counted.pipeThrough(new DecompressionStream("gzip"));
    const buffer = await new Response(inflated).arrayBuffer();
    postMessage({ buffer }, [buffer]);
  } catch (error) {
    postMessage({ error: `${url}: ${error}` });
  }
};
