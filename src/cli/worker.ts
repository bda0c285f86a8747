import { parentPort, workerData } from "node:worker_threads";
import type { Options } from "../runtime/types";
import { importCatalog, processBatch } from "./bulk-batch";
import type { LineText } from "./lines";

/** What bulk-import.ts starts each worker with. */
export interface WorkerSetup {
  tools: unknown;
  options: Options;
  withResults: boolean;
}

/** One batch sent to a worker, and its answer. */
export interface WorkerJob {
  id: number;
  lines: LineText[];
  firstLine: number;
}

// The main thread checked that the catalog publishes; each worker compiles its own copy.
const setup = workerData as WorkerSetup;
const catalog = importCatalog(setup.tools, setup.options);
parentPort!.on("message", ({ id, lines, firstLine }: WorkerJob) => {
  parentPort!.postMessage({ id, output: processBatch(catalog, lines, firstLine, setup.withResults) });
});
