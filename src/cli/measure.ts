// Timing, for `bench` and for the repository's benchmark (bench/*.mjs import
// it from lib/): one run timed, and interleaved rounds. In the rounds every
// contestant runs one sample per round, in the same order (A, B, C, A, B, C,
// …), so machine noise lands on all of them alike; a figure is the median over
// the rounds, with the fastest and slowest round as its spread.

/** Results are folded in here, so no validation can be dropped as dead code. */
export const sink = { value: 0 };

/** Something timed: `run(n)` performs n operations and returns a number derived from their results. */
export interface Contestant {
  name: string;
  run(n: number): number;
}

/** A contestant's samples, in ns per operation: wall clock and the process's CPU time. */
export interface Timing {
  name: string;
  /** Operations per sample. */
  batch: number;
  medianNs: number;
  minNs: number;
  maxNs: number;
  medianCpuNs: number;
  samples: number[];
  cpuSamples: number[];
}

export interface InterleaveOptions {
  rounds?: number;
  sampleMs?: number;
  warmupMs?: number;
  /** Operations in one pass over the cases. */
  unit?: number;
}

/** One run of `fn`, timed: its value, the wall time (process.hrtime.bigint) in ns. */
export function timed<T>(fn: () => T): { value: T; ns: number } {
  const start = process.hrtime.bigint();
  const value = fn();
  return { value, ns: Number(process.hrtime.bigint() - start) };
}

/**
 * One run of `fn`, timed by the wall clock and by the process's CPU time
 * (process.cpuUsage: user + system, all threads), both in ns. On a machine
 * shared with other work, CPU time leaves out the stretches when the process
 * was not running at all.
 */
export function timedWithCpu<T>(fn: () => T): { value: T; ns: number; cpuNs: number } {
  const cpu = process.cpuUsage();
  const { value, ns } = timed(fn);
  const used = process.cpuUsage(cpu);
  return { value, ns, cpuNs: (used.user + used.system) * 1000 };
}

function elapsedNs(run: (n: number) => number, n: number): number {
  const { value, ns } = timed(() => run(n));
  sink.value += value;
  return ns;
}

/**
 * A timing loop over `cases`, made with `new Function` so that each has type
 * feedback of its own: no contestant's call sites see another's functions (a
 * shared loop would turn polymorphic and slow them all down). `body` runs
 * once an operation with the case in `c`, adds what it derives from the
 * result to `s`, and may name `names`' keys.
 */
export function caseLoop(
  body: string,
  cases: readonly unknown[],
  names: Record<string, unknown> = {},
): (n: number) => number {
  const make = new Function(
    "cases",
    ...Object.keys(names),
    `return function run(n) {
      let s = 0;
      const m = cases.length;
      for (let i = 0, j = 0; i < n; i++) {
        const c = cases[j];
        ${body}
        if (++j === m) j = 0;
      }
      return s;
    };`,
  );
  return make(cases, ...Object.values(names));
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Figures over rounds: the median, and the fastest and slowest round. */
export interface Spread {
  median: number;
  min: number;
  max: number;
}

export function spread(values: readonly number[]): Spread {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values) };
}

/**
 * The median over rounds of `samples[r] / reference[r]`: each round's two
 * samples ran moments apart, so a slow stretch of the machine cancels out.
 */
export function pairedRatio(samples: readonly number[], reference: readonly number[]): number {
  return median(samples.map((x, r) => x / reference[r]));
}

/**
 * Runs `run` until `ms` have passed, so the optimizing compiler has feedback
 * from every case: first as many short calls (`unit` operations each, one
 * pass over the cases) as fit in half the time, then doubling batches. Long
 * batches alone would have V8 compile the loop on-stack from the feedback of
 * the first few cases, and in some processes that code stays several times
 * slower for the whole run.
 */
function warmUp(run: (n: number) => number, ms: number, unit: number): void {
  const start = process.hrtime.bigint();
  const half = start + BigInt(Math.round((ms / 2) * 1e6));
  const end = start + BigInt(Math.round(ms * 1e6));
  while (process.hrtime.bigint() < half) sink.value += run(unit);
  let n = unit;
  while (process.hrtime.bigint() < end) {
    elapsedNs(run, n);
    if (n < 1 << 20) n *= 2;
  }
}

/** The batch size whose sample takes about `sampleMs`. */
function calibrate(run: (n: number) => number, sampleMs: number): number {
  let n = 1;
  for (;;) {
    const ns = elapsedNs(run, n);
    if (ns >= (sampleMs * 1e6) / 4 || n >= 1 << 26)
      return Math.max(1, Math.round((n * sampleMs * 1e6) / Math.max(ns, 1)));
    n *= 2;
  }
}

/** Times the contestants in interleaved rounds: per contestant the median, fastest and slowest round, and every sample. */
export function interleave(
  contestants: readonly Contestant[],
  { rounds = 7, sampleMs = 20, warmupMs = 150, unit = 1 }: InterleaveOptions = {},
): Timing[] {
  for (const c of contestants) warmUp(c.run, warmupMs, unit);
  const sizes = contestants.map((c) => calibrate(c.run, sampleMs));
  const samples: number[][] = contestants.map(() => []);
  const cpuSamples: number[][] = contestants.map(() => []);
  for (let round = 0; round < rounds; round++) {
    contestants.forEach((c, i) => {
      const { value, ns, cpuNs } = timedWithCpu(() => c.run(sizes[i]));
      sink.value += value;
      samples[i].push(ns / sizes[i]);
      cpuSamples[i].push(cpuNs / sizes[i]);
    });
  }
  return contestants.map((c, i) => ({
    name: c.name,
    batch: sizes[i],
    medianNs: median(samples[i]),
    minNs: Math.min(...samples[i]),
    maxNs: Math.max(...samples[i]),
    medianCpuNs: median(cpuSamples[i]),
    samples: samples[i],
    cpuSamples: cpuSamples[i],
  }));
}

/** A one-shot job: `prepare()` runs untimed before each (fresh deep clones), `job(prepared)` is timed once. */
export interface Job<T> {
  name: string;
  prepare(): T;
  job(input: T): number;
}

/**
 * Interleaved rounds of one-shot jobs (compiling a catalog). Returns the
 * median, min, max and the first (coldest) round, in ms.
 */
export function interleaveJobs<T>(contestants: readonly Job<T>[], { rounds = 7 }: { rounds?: number } = {}) {
  const samples: number[][] = contestants.map(() => []);
  for (let round = 0; round < rounds; round++) {
    contestants.forEach((c, i) => {
      const input = c.prepare();
      const { value, ns } = timed(() => c.job(input));
      sink.value += value;
      samples[i].push(ns / 1e6);
    });
  }
  return contestants.map((c, i) => ({
    name: c.name,
    firstMs: samples[i][0],
    medianMs: median(samples[i]),
    minMs: Math.min(...samples[i]),
    maxMs: Math.max(...samples[i]),
    samples: samples[i],
  }));
}
