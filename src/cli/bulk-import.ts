import { once } from "node:events";
import { createReadStream, statSync } from "node:fs";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import type { Catalog } from "../api/catalog";
import { readToolList } from "../api/tool-list";
import type { Options } from "../runtime/types";
import { addTally, emptyTally, importCatalog, processBatch, type BatchOutput } from "./bulk-batch";
import { CliError } from "./command";
import { ForeignEncoding } from "./encoding";
import { readLines, type LineText } from "./lines";
import { counted } from "./numbers";
import { progress } from "./progress";
import { readJson, systemReason } from "./read-json";
import { shardRange, type Shard } from "./shard";
import { summaryJson, summaryOf, summaryStatus, summaryText } from "./summary";
import type { WorkerJob, WorkerSetup } from "./worker";

export interface BulkImport {
  catalogFile: string;
  /** JSON Lines of call records (src/cli/call-shapes.ts); "-" for stdin. */
  callsFile: string;
  /** Print only the summary, not one result per line. */
  summary: boolean;
  /** The summary as JSON. */
  json: boolean;
  /** Only the lines that begin in this shard's bytes of the calls file. */
  shard: Shard | null;
  workers: number;
  options: Options;
}

/** Lines per batch: large enough that handing a batch to a worker costs little next to checking it. */
const BATCH_LINES = 1000;
/** Batches queued or running per worker: enough to keep each busy, few enough to bound memory. */
const IN_FLIGHT_PER_WORKER = 4;

interface Runner {
  run(lines: LineText[], firstLine: number): Promise<BatchOutput>;
  close(): Promise<unknown>;
}

function inProcess(catalog: Catalog, withResults: boolean): Runner {
  return {
    run: async (lines, firstLine) => processBatch(catalog, lines, firstLine, withResults),
    close: async () => undefined,
  };
}

/** N workers; each batch goes to the least busy one. Output order is kept by the caller. */
function workerPool(count: number, setup: WorkerSetup): Runner {
  const workers = Array.from({ length: count }, () => new Worker(join(__dirname, "worker.js"), { workerData: setup }));
  const busy = workers.map(() => 0);
  const waiting = new Map<number, { resolve(output: BatchOutput): void; reject(error: Error): void }>();
  let nextId = 0;
  workers.forEach((worker, index) => {
    worker.on("message", ({ id, output }: { id: number; output: BatchOutput }) => {
      busy[index]--;
      waiting.get(id)?.resolve(output);
      waiting.delete(id);
    });
    worker.on("error", (error) => {
      for (const job of waiting.values()) job.reject(new CliError(`a worker failed: ${error.message}`));
      waiting.clear();
    });
  });
  return {
    run(lines, firstLine) {
      const index = busy.indexOf(Math.min(...busy));
      busy[index]++;
      const id = nextId++;
      const job: WorkerJob = { id, lines, firstLine };
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        workers[index].postMessage(job);
      });
    },
    close: () => Promise.all(workers.map((worker) => worker.terminate())),
  };
}

async function write(text: string): Promise<void> {
  if (!process.stdout.write(text)) await once(process.stdout, "drain");
}

/** The calls file's size, and its bytes from the start (stdin: null and the stream). */
function openCalls(file: string, shard: Shard | null): { size: number | null; bytes: AsyncIterable<Buffer> } {
  if (file === "-") return { size: null, bytes: process.stdin };
  let isFile: boolean;
  let size: number;
  try {
    const stat = statSync(file);
    isFile = stat.isFile();
    size = stat.size;
  } catch (error) {
    throw new CliError(`${file}: cannot read (${systemReason(error)})`);
  }
  // A shard is a byte range of the file as its size is now: a pipe has neither.
  if (shard !== null && !isFile)
    throw new CliError(`validate: --shard needs --calls to be a regular file; ${file} is not one`);
  return { size, bytes: createReadStream(file) };
}

/**
 * Validates stored calls against a catalog: streams the calls file, hands
 * batches to the runner, writes results in input order. A bad line is
 * reported and counted and never stops the run. Resolves to the exit code.
 */
export async function bulkImport(job: BulkImport): Promise<number> {
  // Only a list: a file holding one schema or one tool is a mistake here, where every call names its tool.
  const list = readToolList(readJson(job.catalogFile));
  if (!list.ok) throw new CliError(`${job.catalogFile}: holds no tool list (${list.message})`);
  const { tools, problems } = list;
  if (problems.length > 0) {
    const more = problems.length > 1 ? ` (and ${counted(problems.length - 1, "more problem")})` : "";
    throw new CliError(`${job.catalogFile}: ${problems[0].message}${more}`);
  }
  const descriptors = tools.map(({ name, inputSchema }) => ({ name, inputSchema }));
  // readToolList found no problem, so every tool is published.
  const catalog = importCatalog(descriptors, job.options);

  const calls = openCalls(job.callsFile, job.shard);
  const range =
    job.shard === null || calls.size === null ? { start: 0, end: Infinity } : shardRange(job.shard, calls.size);
  const withResults = !job.summary;
  const runner =
    job.workers > 1
      ? workerPool(job.workers, { tools: descriptors, options: job.options, withResults })
      : inProcess(catalog, withResults);
  const inFlight = Math.max(1, job.workers) * IN_FLIGHT_PER_WORKER;
  const bar = progress(calls.size === null ? null : Math.min(calls.size, range.end) - range.start, {
    streamsResults: withResults,
  });
  const started = performance.now();
  const total = emptyTally();
  const queue: Promise<BatchOutput>[] = [];
  let done = 0;

  const writeOldest = async (): Promise<void> => {
    const output = await queue.shift()!;
    addTally(total, output.tally);
    if (output.text !== "") await write(output.text);
    bar.update(total.calls + total.badLines, done);
  };

  try {
    try {
      for await (const { lines, firstLine, position } of readLines(calls.bytes, range.start, range.end, BATCH_LINES)) {
        const output = runner.run(lines, firstLine);
        output.catch(() => undefined); // awaited in order by writeOldest; this only keeps an early rejection from being "unhandled"
        queue.push(output);
        done = Math.max(0, position - range.start);
        while (queue.length >= inFlight) await writeOldest();
      }
    } catch (error) {
      if (error instanceof CliError) throw error;
      if (error instanceof ForeignEncoding) throw new CliError(`${job.callsFile}: ${error.message}`);
      throw new CliError(`${job.callsFile}: cannot read (${systemReason(error)})`);
    }
    while (queue.length > 0) await writeOldest();
  } finally {
    bar.done();
    await runner.close();
  }

  const summary = summaryOf(
    total,
    job.shard,
    (performance.now() - started) / 1000,
    job.callsFile === "-" ? "stdin" : job.callsFile,
  );
  if (job.summary) await write(job.json ? summaryJson(summary) : summaryText(summary));
  return summaryStatus(summary);
}
