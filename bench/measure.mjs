// Interleaved timing. Every contestant runs one sample per round, in the same
// order (A, B, C, A, B, C, …), so machine noise lands on all of them alike;
// the figure reported is the median over the rounds.

/** Results are folded in here, so no validation can be dropped as dead code. */
export const sink = { value: 0 };

function elapsedNs(run, n) {
  const start = process.hrtime.bigint();
  sink.value += run(n);
  return Number(process.hrtime.bigint() - start);
}

/**
 * Wall time (process.hrtime.bigint) and the process's CPU time
 * (process.cpuUsage: user + system, all threads) of one sample, in ns. On a
 * machine shared with other work, CPU time leaves out the stretches when
 * the process was not running at all.
 */
function sampleNs(run, n) {
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  sink.value += run(n);
  const wall = Number(process.hrtime.bigint() - start);
  const used = process.cpuUsage(cpu);
  return { wall, cpu: (used.user + used.system) * 1000 };
}

/**
 * The median over rounds of `samples[r] / reference[r]`: each round's two
 * samples ran moments apart, so a slow stretch of the machine cancels out.
 */
export function pairedRatio(samples, reference) {
  return median(samples.map((x, r) => x / reference[r]));
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Runs `run` until `ms` have passed, so the optimizing compiler has feedback
 * from every case: first as many short calls (`unit` operations each, one
 * pass over the cases) as fit in half the time, then doubling batches. Long
 * batches alone would have V8 compile the loop on-stack from the feedback of
 * the first few cases, and in some processes that code stays several times
 * slower for the whole run.
 */
function warmUp(run, ms, unit) {
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
function calibrate(run, sampleMs) {
  let n = 1;
  for (;;) {
    const ns = elapsedNs(run, n);
    if (ns >= sampleMs * 1e6 / 4 || n >= 1 << 26) return Math.max(1, Math.round((n * sampleMs * 1e6) / Math.max(ns, 1)));
    n *= 2;
  }
}

/**
 * Times contestants `{ name, run(n) → number }`, where `run(n)` performs n
 * operations and returns something derived from their results; `unit` is
 * the number of operations in one pass over the cases. Returns per
 * contestant the median, min and max ns per operation and every sample.
 */
export function interleave(contestants, { rounds = 7, sampleMs = 20, warmupMs = 150, unit = 1 } = {}) {
  for (const c of contestants) warmUp(c.run, warmupMs, unit);
  const sizes = contestants.map((c) => calibrate(c.run, sampleMs));
  const samples = contestants.map(() => []);
  const cpuSamples = contestants.map(() => []);
  for (let round = 0; round < rounds; round++) {
    contestants.forEach((c, i) => {
      const { wall, cpu } = sampleNs(c.run, sizes[i]);
      samples[i].push(wall / sizes[i]);
      cpuSamples[i].push(cpu / sizes[i]);
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

/**
 * Interleaved rounds of one-shot jobs (compiling a catalog): `prepare()`
 * runs untimed before each job (fresh deep clones), `job(prepared)` is timed
 * once. Returns the median, min, max and the first (coldest) round, in ms.
 */
export function interleaveJobs(contestants, { rounds = 7 } = {}) {
  const samples = contestants.map(() => []);
  for (let round = 0; round < rounds; round++) {
    contestants.forEach((c, i) => {
      const input = c.prepare();
      const start = process.hrtime.bigint();
      sink.value += c.job(input);
      samples[i].push(Number(process.hrtime.bigint() - start) / 1e6);
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
