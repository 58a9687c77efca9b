import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/**
 * HEIC (iPhone photos, HEVC-coded HEIF) is decoded with heic-decode: sharp's prebuilt libvips reads a HEIC
 * file's header but has no HEVC decoder. heic-decode is libheif + libde265 compiled to WebAssembly, which
 * decodes synchronously (over a second for a 12 MP photo) and never gives its WebAssembly memory back.
 * So each photo is decoded in a short-lived worker thread: the server keeps answering meanwhile, and the
 * memory is released when the worker ends. The caller checks the pixel count (from the header) first.
 */

export interface DecodedHeic {
  width: number;
  height: number;
  /** RGBA, 8 bits per channel, already rotated/mirrored as the file's irot/imir properties say. */
  data: Uint8Array;
  /** Every alpha value is 255: the alpha channel can be dropped. */
  opaque: boolean;
}

type WorkerReply = { error: string } | { width: number; height: number; data: Uint8Array; opaque: boolean };

// Plain CommonJS, run with `eval`: nothing for the server bundler to find and bundle.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
Promise.resolve()
  .then(() => require(workerData.modulePath)({ buffer: workerData.buffer }))
  .then((image) => {
    const data = image.data;
    let opaque = true;
    for (let i = 3; i < data.length; i += 4) {
      if (data[i] !== 255) { opaque = false; break; }
    }
    parentPort.postMessage({ width: image.width, height: image.height, opaque, data }, [data.buffer]);
  })
  .catch((error) => parentPort.postMessage({ error: String((error && error.message) || error) }));
`;

let heicDecodePath: string | undefined;

/** Decodes the primary image of a HEIC file; rejects (with libheif's reason) if it cannot. */
export function decodeHeic(bytes: Uint8Array, { timeoutMs = 60_000 } = {}): Promise<DecodedHeic> {
  heicDecodePath ??= createRequire(import.meta.url).resolve("heic-decode");
  const buffer = new Uint8Array(bytes); // a copy of its own (Buffer#slice would share memory), moved to the worker
  return new Promise<DecodedHeic>((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { modulePath: heicDecodePath, buffer },
      transferList: [buffer.buffer],
      // The image itself lives outside the JavaScript heap; this only stops a runaway worker.
      resourceLimits: { maxOldGenerationSizeMb: 256 },
      // libheif prints its reasons for failing: kept for the error instead of going to the server's log.
      stdout: true,
      stderr: true,
    });
    let output = "";
    const keep = (chunk: Buffer) => {
      if (output.length < 2000) output = (output + chunk.toString("utf8")).slice(0, 2000);
    };
    worker.stdout.on("data", keep);
    worker.stderr.on("data", keep);
    const failure = (reason: string) => new Error(output.trim() ? `${reason}\n${output.trim()}` : reason);
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(() => settle(() => reject(failure(`HEIC decoding took longer than ${timeoutMs} ms`))), timeoutMs);
    let reported: string | undefined;
    worker.on("message", (reply: WorkerReply) => {
      // After a failure the worker ends by itself; its output has arrived by the time it has.
      if ("error" in reply) reported = reply.error;
      else settle(() => resolve(reply));
    });
    worker.on("error", (error) => settle(() => reject(error)));
    worker.on("exit", (code) =>
      setImmediate(() => settle(() => reject(failure(reported ?? `the HEIC decoder stopped (exit code ${code})`)))),
    );
  });
}
