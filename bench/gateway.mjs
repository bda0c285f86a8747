// node bench/gateway.mjs: what one call costs along each path a gateway can
// take, for schemas of about 650 B, 6 KB and 54 KB of JSON (string
// properties with descriptions), in one process. Best of three rounds each.
import { createRequire } from "module";
const require = createRequire(import.meta.url);
const { Catalog, compile, validate } = require("../lib/index.js");
// The timing core of bench/run.mjs and `bench`, from this checkout's lib/.
const { caseLoop, interleave } = require("../lib/cli/measure.js");

const schemaOf = (properties) => ({
  type: "object",
  properties: Object.fromEntries(
    Array.from({ length: properties }, (_, i) => [
      `p${i}`,
      { type: "string", description: `the value of field ${i} in the record` },
    ]),
  ),
  required: ["p0"],
});

/** Nanoseconds a call, the best of three rounds after a warm-up (a timing loop of its own for each path). */
function measure(call) {
  const [timing] = interleave([{ name: "call", run: caseLoop("s += c().ok ? 1 : 0;", [call]) }], { rounds: 3 });
  return timing.minNs;
}

const shown = (ns) => (ns < 1000 ? `${ns.toFixed(0)} ns` : `${(ns / 1000).toFixed(1)} µs`);
console.log(
  "| schema | `validator.validate` | `catalog.validate` | `validator.validateJson` | `validate(schema)`, same object | `validate(JSON.parse(text))` | `validate(schema, args, { schemaKey })` |",
);
console.log("| ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
for (const properties of [8, 80, 700]) {
  const schema = schemaOf(properties);
  const text = JSON.stringify(schema);
  const args = { p0: "a", p1: "b" };
  const argsText = JSON.stringify(args);
  const validator = compile(schema);
  const catalog = new Catalog();
  catalog.publish([{ name: "tool", inputSchema: schema }]);
  const row = [
    measure(() => validator.validate(args)),
    measure(() => catalog.validate("tool", args)),
    measure(() => validator.validateJson(argsText)),
    measure(() => validate(schema, args)),
    measure(() => validate(JSON.parse(text), args)),
    measure(() => validate(schema, args, { schemaKey: `tool@${properties}` })),
  ];
  console.log(`| ${text.length.toLocaleString("en-US")} B | ${row.map(shown).join(" | ")} |`);
}
