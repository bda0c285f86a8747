#!/usr/bin/env node
// Captures the tool catalog (tools/list) of an MCP server published on npm.
//
//   node scripts/capture-catalog.mjs <package>[@version] [options] [-- server args...]
//
// The package is installed into a scratch directory outside the repository
// (default /tmp/mcp-servers/<safe-name>), never as a dependency of this repo.
// Its bin is run with node over stdio through @modelcontextprotocol/sdk, the
// client follows nextCursor until the list ends, and the result is written to
// fixtures/catalogs/<safe-name>.json as
//
//   { "package", "version", "capturedWith", "tools": [{ "name", "inputSchema" }] }
//
// with every inputSchema exactly as the server sent it.
//
// Options:
//   --env KEY=VALUE   set an environment variable for the server (repeatable);
//                     only PATH, HOME and the SDK's default variables are
//                     inherited otherwise, and HOME is a scratch directory
//   --bin NAME        which bin of the package to run (default: the only one,
//                     or the one named like the package)
//   --entry PATH      run this file (relative to the package root) instead of a bin
//   --name NAME       output base name (default: package name, "@" dropped, "/" -> "__")
//   --from-repo       resolve the package from this repo's node_modules instead of
//                     installing it (only for @modelcontextprotocol/server-everything,
//                     a devDependency)
//   --scripts         let npm run install scripts (off by default: --ignore-scripts)
//   --scratch DIR     scratch root (default /tmp/mcp-servers)
//   --timeout SEC     give up on the server after this many seconds (default 30)
//   --out DIR         output directory (default fixtures/catalogs)
//   --network         let the server reach the network (by default it runs in an
//                     empty network namespace, `unshare --net`, so a catalog
//                     shows what the server lists with no network at all)
//   --dry-run         print the catalog summary, write nothing
//
// In server args and --env values, "{tmp}" stands for a fresh empty directory
// (e.g. the root for a filesystem server) and "{scratch}" for the install dir.
//
// On success the row for the file in fixtures/catalogs/README.md is updated
// (see scripts/catalog-keywords.mjs), with the exact command, version pinned.

import { spawnSync } from "node:child_process";
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport, getDefaultEnvironment } from "@modelcontextprotocol/sdk/client/stdio.js";
import * as z from "zod";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SELF = "scripts/capture-catalog.mjs";

function usage(message) {
  if (message) console.error(`capture-catalog: ${message}`);
  console.error(
    "usage: node scripts/capture-catalog.mjs <package>[@version] [--env K=V]... [--bin NAME | --entry PATH] [--name NAME] [--from-repo] [--scripts] [--timeout SEC] [--dry-run] [-- server args...]",
  );
  process.exit(2);
}

export function parseSpec(spec) {
  const at = spec.lastIndexOf("@");
  if (at > 0) return { name: spec.slice(0, at), range: spec.slice(at + 1) };
  return { name: spec, range: "latest" };
}

export function safeName(name) {
  return name
    .replace(/^@/, "")
    .replace(/\//g, "__")
    .replace(/[^A-Za-z0-9._-]/g, "_");
}

function parseArgs(argv) {
  const opts = {
    env: {},
    serverArgs: [],
    timeout: 30,
    scratch: "/tmp/mcp-servers",
    out: path.join(REPO, "fixtures/catalogs"),
  };
  const raw = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => {
      if (i + 1 >= argv.length) usage(`${a} needs a value`);
      raw.push(a, argv[i + 1]);
      return argv[++i];
    };
    if (a === "--") {
      opts.serverArgs = argv.slice(i + 1);
      break;
    } else if (a === "--env") {
      const kv = next();
      const eq = kv.indexOf("=");
      if (eq <= 0) usage(`--env wants KEY=VALUE, got ${kv}`);
      opts.env[kv.slice(0, eq)] = kv.slice(eq + 1);
    } else if (a === "--bin") opts.bin = next();
    else if (a === "--entry") opts.entry = next();
    else if (a === "--name") opts.name = next();
    else if (a === "--scratch") opts.scratch = next();
    else if (a === "--out") opts.out = path.resolve(next());
    else if (a === "--timeout") {
      opts.timeout = Number(next());
      if (!(opts.timeout > 0)) usage("--timeout wants seconds > 0");
    } else if (a === "--from-repo") {
      opts.fromRepo = true;
      raw.push(a);
    } else if (a === "--scripts") {
      opts.scripts = true;
      raw.push(a);
    } else if (a === "--network") {
      opts.network = true;
      raw.push(a);
    } else if (a === "--dry-run") opts.dryRun = true;
    else if (a.startsWith("--")) usage(`unknown option ${a}`);
    else if (opts.spec === undefined) opts.spec = a;
    else usage(`unexpected argument ${a} (server args go after --)`);
  }
  if (!opts.spec) usage("no package given");
  opts.raw = raw.filter(
    (x, k) => !(raw[k - 1] === "--scratch" || x === "--scratch" || raw[k - 1] === "--out" || x === "--out"),
  );
  return opts;
}

function shellQuote(s) {
  return /^[A-Za-z0-9_@%+=:,./{}-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

function install(name, range, dir, scripts) {
  mkdirSync(dir, { recursive: true });
  if (!existsSync(path.join(dir, "package.json")))
    writeFileSync(path.join(dir, "package.json"), '{ "private": true }\n');
  const args = [
    "install",
    "--prefix",
    dir,
    "--no-audit",
    "--no-fund",
    "--no-save",
    "--loglevel=error",
    `${name}@${range}`,
  ];
  if (!scripts) args.splice(1, 0, "--ignore-scripts");
  console.error(`capture-catalog: npm ${args.join(" ")}`);
  const r = spawnSync("npm", args, { stdio: ["ignore", "inherit", "inherit"], timeout: 600_000 });
  if (r.status !== 0) throw new Error(`npm install of ${name}@${range} failed (exit ${r.status ?? r.signal})`);
}

function packageRoot(name, base) {
  const req = createRequire(path.join(base, "noop.js"));
  try {
    return path.dirname(req.resolve(`${name}/package.json`));
  } catch {
    // packages whose "exports" hide package.json
    const p = path.join(base, "node_modules", name);
    if (existsSync(path.join(p, "package.json"))) return p;
    throw new Error(`${name} is not installed under ${base}`);
  }
}

function pickEntry(root, pkg, opts) {
  if (opts.entry) return path.join(root, opts.entry);
  let bins = pkg.bin;
  if (typeof bins === "string") bins = { [pkg.name.replace(/^@[^/]+\//, "")]: bins };
  bins = bins ?? {};
  const names = Object.keys(bins);
  if (opts.bin) {
    if (!bins[opts.bin]) throw new Error(`${pkg.name} has no bin ${opts.bin} (has: ${names.join(", ") || "none"})`);
    return path.join(root, bins[opts.bin]);
  }
  if (names.length === 1) return path.join(root, bins[names[0]]);
  const short = pkg.name.replace(/^@[^/]+\//, "");
  if (bins[short]) return path.join(root, bins[short]);
  if (names.length === 0 && pkg.main) return path.join(root, pkg.main);
  throw new Error(`${pkg.name} has bins ${names.join(", ") || "(none)"}: choose one with --bin or --entry`);
}

// Every descendant of pid, deepest last, read from /proc (Linux).
function descendants(pid) {
  const children = new Map();
  let entries = [];
  try {
    entries = readdirSync("/proc");
  } catch {
    return [];
  }
  for (const e of entries) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const stat = readFileSync(`/proc/${e}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(e));
    } catch {
      /* gone */
    }
  }
  const out = [];
  const walk = (p) => {
    for (const c of children.get(p) ?? []) {
      out.push(c);
      walk(c);
    }
  };
  walk(pid);
  return out;
}

function killTree(pid, signal) {
  if (!pid) return;
  for (const p of [pid, ...descendants(pid)]) {
    try {
      process.kill(p, signal);
    } catch {
      /* already gone */
    }
  }
}

const ToolsPage = z.object({ tools: z.array(z.any()), nextCursor: z.string().optional() }).passthrough();

async function listAllTools(opts, command, args, env, cwd, stderrLog) {
  const transport = new StdioClientTransport({ command, args, env, cwd, stderr: "pipe" });
  const client = new Client({ name: "tool-input-schema-capture", version: "0.1.0" }, { capabilities: {} });
  const log = createWriteStream(stderrLog);
  transport.stderr?.pipe(log);
  let timer;
  const deadline = new Promise((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`timed out after ${opts.timeout} s (server stderr: ${stderrLog})`)),
      opts.timeout * 1000,
    );
  });
  let pid = null;
  const work = (async () => {
    await client.connect(transport);
    pid = transport.pid;
    const tools = [];
    const seen = new Set();
    let cursor;
    for (let page = 0; page < 10_000; page++) {
      const result = await client.request(
        { method: "tools/list", params: cursor === undefined ? {} : { cursor } },
        ToolsPage,
        { timeout: opts.timeout * 1000 },
      );
      tools.push(...result.tools);
      if (result.nextCursor === undefined || result.nextCursor === null)
        return { tools, server: client.getServerVersion() };
      if (seen.has(result.nextCursor)) throw new Error(`server repeated cursor ${JSON.stringify(result.nextCursor)}`);
      seen.add(result.nextCursor);
      cursor = result.nextCursor;
    }
    throw new Error("more than 10,000 pages of tools");
  })();
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
    pid = pid ?? transport.pid;
    const tree = pid ? [pid, ...descendants(pid)] : [];
    for (const p of tree) {
      try {
        process.kill(p, "SIGTERM");
      } catch {
        /* gone */
      }
    }
    await Promise.race([client.close().catch(() => {}), new Promise((r) => setTimeout(r, 3000))]);
    await new Promise((r) => setTimeout(r, 300));
    for (const p of tree) {
      try {
        process.kill(p, "SIGKILL");
      } catch {
        /* gone */
      }
    }
    log.end();
  }
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const { name, range } = parseSpec(opts.spec);
  const safe = opts.name ?? safeName(name);
  const scratch = path.join(opts.scratch, safe);
  mkdirSync(scratch, { recursive: true });

  let root;
  if (opts.fromRepo) {
    root = packageRoot(name, REPO);
  } else {
    install(name, range, scratch, opts.scripts);
    root = packageRoot(name, scratch);
  }
  const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  const entry = pickEntry(root, pkg, opts);

  const tmp = mkdtempSync(path.join(scratch, "tmp-"));
  const subst = (s) => s.replaceAll("{tmp}", tmp).replaceAll("{scratch}", scratch);
  const home = path.join(scratch, "home");
  const cwd = path.join(scratch, "work");
  mkdirSync(home, { recursive: true });
  mkdirSync(cwd, { recursive: true });
  const env = { ...getDefaultEnvironment(), HOME: home, NODE_ENV: "production" };
  for (const [k, v] of Object.entries(opts.env)) env[k] = subst(v);
  const args = [entry, ...opts.serverArgs.map(subst)];
  console.error(
    `capture-catalog: ${pkg.name}@${pkg.version}: node ${args.join(" ")}${opts.network ? "" : " (no network)"}`,
  );

  let command = process.execPath;
  if (!opts.network) {
    const probe = spawnSync("unshare", ["--net", "--", "true"], { stdio: "ignore" });
    if (probe.status !== 0)
      throw new Error(
        "cannot run `unshare --net` here (needs root or user namespaces); pass --network to run the server with the network",
      );
    args.unshift("--net", "--", process.execPath);
    command = "unshare";
  }
  const { tools, server } = await listAllTools(opts, command, args, env, cwd, path.join(scratch, "stderr.log"));
  if (tools.length === 0) throw new Error("the server listed no tools");
  const names = new Set();
  for (const t of tools) {
    if (typeof t?.name !== "string") throw new Error(`a tool without a name: ${JSON.stringify(t).slice(0, 200)}`);
    if (names.has(t.name)) console.error(`capture-catalog: warning: tool ${t.name} listed twice`);
    names.add(t.name);
  }
  const catalog = {
    package: pkg.name,
    version: pkg.version,
    capturedWith: SELF,
    tools: tools.map((t) => ({ name: t.name, inputSchema: t.inputSchema })),
  };
  const serverInfo = server ? ` (server says ${server.name}@${server.version})` : "";
  console.error(`capture-catalog: ${pkg.name}@${pkg.version}: ${tools.length} tools${serverInfo}`);
  if (opts.dryRun) {
    for (const t of tools) console.log(t.name);
    return;
  }
  mkdirSync(opts.out, { recursive: true });
  const file = path.join(opts.out, `${safe}.json`);
  writeFileSync(file, JSON.stringify(catalog, null, 2) + "\n");
  console.error(`capture-catalog: wrote ${path.relative(REPO, file)}`);

  // The exact command, with the version pinned, for the README.
  const cmdline = ["node", SELF, `${pkg.name}@${pkg.version}`, ...opts.raw.map(shellQuote)];
  if (opts.serverArgs.length) cmdline.push("--", ...opts.serverArgs.map(shellQuote));
  const { updateReadme } = await import("./catalog-keywords.mjs");
  updateReadme(opts.out, { [path.basename(file)]: cmdline.join(" ") });
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(`capture-catalog: ${err?.message ?? err}`);
    process.exit(1);
  },
);
