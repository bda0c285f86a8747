import { once } from "node:events";
import { createReadStream, statSync } from "node:fs";
import { join } from "node:path";
import { StringDecoder } from "node:string_decoder";
import { Worker } from "node:worker_threads";
import type { Catalog } from "../catalog";
import { count } from "../messages";
import { oneLine } from "../one-line";
import type { Options } from "../types";
import { addTally, emptyTally, importCatalog, processBatch, type BatchOutput, type Tally } from "./bulk-batch";
import { CliError } from "./command";
import { progress } from "./progress";
import { readJson, systemReason, withoutBom } from "./read-json";
import { toolsInFile } from "./tool-file";
import type { WorkerJob, WorkerSetup } from "./worker";

export interface BulkImport {
  catalogFile: string;
  /** JSON Lines of `{ "name", "arguments" }`; "-" for stdin. */
  callsFile: string;
  /** Print only the summary, not one result per line. */
  summary: boolean;
  workers: number;
  options: Options;
}

/** Lines per batch: large enough that handing a batch to a worker costs little next to checking it. */
const BATCH_LINES = 1000;
/** Batches queued or running per worker: enough to keep each busy, few enough to bound memory. */
const IN_FLIGHT_PER_WORKER = 4;
/** Tools listed in the summary, most called first. */
const SUMMARY_TOOLS = 20;

interface Runner {
  run(lines: string[], firstLine: number): Promise<BatchOutput>;
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

function summaryText(total: Tally, seconds: number): string {
  const lines = total.calls + total.badLines;
  const failed = total.calls - total.valid;
  const kinds = Object.entries(total.failed)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${n} ${kind}`);
  const rate = Math.round(lines / seconds);
  const head =
    `${count(total.calls, "call")}: ${total.valid} valid, ${failed} failed${kinds.length > 0 ? ` (${kinds.join(", ")})` : ""}; ` +
    `${count(total.badLines, "bad line")}; ${seconds.toFixed(2)} s, ${rate.toLocaleString("en-US")} records/s`;
  const tools = [...total.tools].sort((a, b) => b[1].calls - a[1].calls || (a[0] < b[0] ? -1 : 1)).slice(0, SUMMARY_TOOLS);
  const shown = tools.map(([name]) => oneLine(name));
  const width = Math.max(0, ...shown.map((name) => name.length));
  const rows = tools.map(([, { calls, failed }], i) => `  ${shown[i].padEnd(width)}  ${count(calls, "call")}, ${failed} failed`);
  if (total.tools.size > SUMMARY_TOOLS) rows.push(`  (and ${count(total.tools.size - SUMMARY_TOOLS, "more tool")})`);
  return [head, ...rows].join("\n") + "\n";
}

/**
 * Validates stored calls against a catalog: streams the calls file, hands
 * batches to the runner, writes results in input order. A bad line is
 * reported and counted and never stops the run. Resolves to the exit code.
 */
export async function bulkImport(job: BulkImport): Promise<number> {
  const { tools, problems } = toolsInFile(readJson(job.catalogFile), job.catalogFile);
  if (problems.length > 0) {
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more problems)` : "";
    throw new CliError(`${job.catalogFile}: ${problems[0].message}${more}`);
  }
  const descriptors = tools.map(({ name, inputSchema }) => ({ name, inputSchema }));
  // toolsInFile found no problem, so every tool is published.
  const catalog = importCatalog(descriptors, job.options);

  let totalBytes: number | null = null;
  if (job.callsFile !== "-") {
    try {
      totalBytes = statSync(job.callsFile).size;
    } catch (error) {
      throw new CliError(`${job.callsFile}: cannot read (${systemReason(error)})`);
    }
  }
  const input = job.callsFile === "-" ? process.stdin : createReadStream(job.callsFile);

  const withResults = !job.summary;
  const runner =
    job.workers > 1 ? workerPool(job.workers, { tools: descriptors, options: job.options, withResults }) : inProcess(catalog, withResults);
  const inFlight = Math.max(1, job.workers) * IN_FLIGHT_PER_WORKER;
  const bar = progress(totalBytes);
  const started = performance.now();
  const total = emptyTally();
  const queue: Promise<BatchOutput>[] = [];
  let bytes = 0;
  let batch: string[] = [];
  let batchStart = 1;

  const writeOldest = async (): Promise<void> => {
    const output = await queue.shift()!;
    addTally(total, output.tally);
    if (output.text !== "") await write(output.text);
    bar.update(total.calls + total.badLines, bytes);
  };
  const submit = async (): Promise<void> => {
    const output = runner.run(batch, batchStart);
    output.catch(() => undefined); // awaited in order by writeOldest; this only keeps an early rejection from being "unhandled"
    queue.push(output);
    batchStart += batch.length;
    batch = [];
    while (queue.length >= inFlight) await writeOldest();
  };

  try {
    const decoder = new StringDecoder("utf8");
    let carry = "";
    let atStart = true;
    try {
      for await (const chunk of input as AsyncIterable<Buffer>) {
        bytes += chunk.length;
        let text = decoder.write(chunk);
        // A byte-order mark is not part of line 1. The decoder holds back a split character, so it comes whole.
        if (atStart && text !== "") {
          text = withoutBom(text);
          atStart = false;
        }
        // Within a long line, only append: splitting the growing carry at every chunk would be quadratic.
        if (!text.includes("\n")) {
          carry += text;
          continue;
        }
        const lines = (carry + text).split("\n");
        carry = lines.pop()!;
        for (const line of lines) {
          batch.push(line);
          if (batch.length === BATCH_LINES) await submit();
        }
      }
    } catch (error) {
      if (error instanceof CliError) throw error;
      throw new CliError(`${job.callsFile}: cannot read (${systemReason(error)})`);
    }
    carry += decoder.end();
    if (carry !== "") batch.push(carry);
    if (batch.length > 0) await submit();
    while (queue.length > 0) await writeOldest();
  } finally {
    bar.done();
    await runner.close();
  }

  if (job.summary) await write(summaryText(total, (performance.now() - started) / 1000));
  return total.valid === total.calls && total.badLines === 0 ? 0 : 1;
}
