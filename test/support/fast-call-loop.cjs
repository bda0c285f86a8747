// A hot loop over patterns and subjects made different ways, run in a
// fresh process: `node fast-call-loop.cjs <lib/index.js>` prints what the
// fast call did and every answer that is not ECMAScript's (RegExp with the
// u flag, compiled here from the test's own patterns). V8 hands the fast C
// function only flat one-byte strings, and sends cons, sliced and two-byte
// strings to its ordinary callback: each kind is made on purpose.
const { compile, patternEngine } = require(require("path").resolve(process.argv[2]));

const patterns = [
  "^[a-z0-9-]+$",
  "^[0-9]{4}-[0-9]{2}-[0-9]{2}$",
  "[😀-🙏]",
  "^(?:é|ü)+x?$",
  "^[Ā-ſ]+$",
  "(?:a|ab)(?:c|bcd)(?:d*)$",
  // The 8-bit code searches one-byte subjects with every class cut at U+00FF:
  // negated classes, `.` and escapes run past it, classes straddle it or lie
  // wholly above it.
  "^[^a-z]+$",
  "^.{1,3}$",
  "^\\S+\\W?$",
  "\\Bé|ü\\b",
  "^[à-Ā]+$",
  "[^\\u0000-\\u00ff]",
];
const subjects = [
  "abc-123",
  "ABC",
  "2024-01-31",
  "2024-1-31",
  "😀",
  "a😀b",
  "ééü",
  "éüx",
  "€€",
  "€a",
  "",
  "abcd",
  "abcbcd",
  "xabcdddd",
  "\u0100",
  "a".repeat(300),
  "àÿ",
  "ÿĀ",
  "a é",
];
const long = "prefix-" + "abc-".repeat(40) + "-suffix";
const kinds = {
  parsed: (s) => JSON.parse(JSON.stringify(s)),
  cons: (s) => (s.length > 1 ? s.slice(0, 1) + s.slice(1) : s + ""),
  sliced: (s) => (long + s + long).slice(long.length, long.length + s.length),
  literal: (s) => s,
};

// The extended profile, for the escapes (\\S, \\B, \\u in a class).
const validator = compile(
  {
    type: "object",
    properties: Object.fromEntries(patterns.map((p, i) => ["p" + i, { type: "string", pattern: p }])),
  },
  { profile: "extended" },
);
const answers = new Map();
const unstable = new Set();
const before = patternEngine.searches();
for (let round = 0; round < 400; round++) {
  for (const [kind, make] of Object.entries(kinds)) {
    for (const subject of subjects) {
      for (let i = 0; i < patterns.length; i++) {
        const ok = validator.validate({ ["p" + i]: make(subject) }).ok;
        const key = `${kind} /${patterns[i]}/ ${JSON.stringify(subject)}`;
        if (answers.has(key) && answers.get(key) !== ok) unstable.add(key);
        answers.set(key, ok);
      }
    }
  }
}
const after = patternEngine.searches();
const wrong = [];
for (const [kind] of Object.entries(kinds)) {
  for (const subject of subjects) {
    for (const pattern of patterns) {
      const key = `${kind} /${pattern}/ ${JSON.stringify(subject)}`;
      if (answers.get(key) !== new RegExp(pattern, "u").test(subject)) wrong.push(key);
    }
  }
}
const kindsOf = (ok) =>
  Object.keys(kinds).map(
    (kind) => [...answers].filter(([key, answer]) => key.startsWith(kind + " ") && answer === ok).length,
  );
process.stdout.write(
  JSON.stringify({
    fastCall: patternEngine.fastCall,
    fast: after.fast - before.fast,
    slow: after.slow - before.slow,
    answers: answers.size,
    matchesByKind: kindsOf(true),
    wrong,
    unstable: [...unstable],
  }) + "\n",
);
