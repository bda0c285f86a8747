import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  count,
  either,
  jsonTextHint,
  preview,
  refusedToolMessage,
  shortName,
  typeWord,
} from "../../../src/explain/messages";
import type { ErrorKind, Issue } from "../../../src/runtime/types";
import { failure, MAX_ISSUE_TEXT, MAX_REPORTED } from "../../../src/explain/failure";
import { endValidation, startPass } from "../../../src/runtime/pass";
import { oneLine } from "../../../src/runtime/one-line";
import { pathOf } from "../../support/issues";

/** An issue with only its message and kind chosen. */
const issue = (message: string, kind: ErrorKind = "validation", instancePath = ""): Issue => ({
  kind,
  instancePath,
  path: pathOf(instancePath),
  schemaPath: "#",
  keyword: "k",
  params: {},
  message,
});

// Previews and hints keep state for one pass (PerPass), and trimming is charged.
beforeEach(() => {
  endValidation();
  startPass();
  startPass();
});

describe("failure", () => {
  it("is a validation failure whose message is the prefix and the issue's message", () => {
    const issues = [issue("a: must be a string", "validation", "/a")];
    expect(failure(issues)).toEqual({
      ok: false,
      kind: "validation",
      message: "invalid arguments: a: must be a string",
      issues,
    });
  });

  it("takes its kind from its issues: execution_failure over unsupported_capability over validation", () => {
    const kinds = (found: Issue[], schemaProblems = false) => {
      const { kind, message } = failure(found, schemaProblems);
      return [kind, message];
    };
    expect(kinds([issue("v"), issue("u", "unsupported_capability")])).toEqual([
      "unsupported_capability",
      "unsupported schema: v; u",
    ]);
    expect(kinds([issue("u", "unsupported_capability"), issue("e", "execution_failure"), issue("v")])).toEqual([
      "execution_failure",
      "could not check the arguments: u; e; v",
    ]);
    // A schema's own problems: "invalid schema" unless a worse kind says otherwise.
    expect(kinds([issue("#/type: must be a string")], true)).toEqual([
      "validation",
      "invalid schema: #/type: must be a string",
    ]);
    expect(kinds([issue("u", "unsupported_capability")], true)).toEqual([
      "unsupported_capability",
      "unsupported schema: u",
    ]);
    expect(kinds([issue("e", "execution_failure")], true)).toEqual([
      "execution_failure",
      "could not check the arguments: e",
    ]);
  });

  it(`spells out the first ${MAX_REPORTED} problems and counts the rest, uncounted ones included`, () => {
    expect(MAX_REPORTED).toBe(5);
    const six = ["1", "2", "3", "4", "5", "6"].map((m) => issue(m));
    expect(failure(six).message).toBe("invalid arguments: 1; 2; 3; 4; 5 (and 1 more problem)");
    expect(failure(six, false, 3).message).toBe("invalid arguments: 1; 2; 3; 4; 5 (and 4 more problems)");
    expect(failure([issue("1")], false, 1).message).toBe("invalid arguments: 1 (and 1 more problem)");
    expect(failure(six).issues).toHaveLength(6);
  });

  // A $ref target that two composition branches share reports one problem twice.
  it("drops repeated issues about arguments", () => {
    const repeated = failure([
      issue("a: x", "validation", "/a"),
      issue("a: x", "validation", "/a"),
      issue("b: y", "validation", "/b"),
      issue("a: x", "validation", "/a"),
    ]);
    expect(repeated.message).toBe("invalid arguments: a: x; b: y");
    expect(repeated.issues.map((i) => i.instancePath)).toEqual(["/a", "/b"]);
    // An issue is a repeat only when all of it is the same.
    expect(failure([issue("a: x", "validation", "/a"), issue("a: x", "validation", "/a~1")]).issues).toHaveLength(2);
  });

  // Property names and patterns may hold line breaks; a schema's problems get their one line here.
  it("writes a schema problem's message on one line", () => {
    const { message, issues } = failure([issue("#/properties/a\nb: bad")], true);
    expect(message).toBe("invalid schema: #/properties/a\\u000ab: bad");
    expect(issues[0].message).toBe("#/properties/a\\u000ab: bad");
  });

  it(`keeps issues up to ${MAX_ISSUE_TEXT} characters of pointers and messages together, and counts the rest`, () => {
    expect(MAX_ISSUE_TEXT).toBe(1 << 20);
    // Each issue holds its message and the schema path "#": two of them make the bound exactly.
    const half = MAX_ISSUE_TEXT / 2 - 1;
    const atBound = failure([issue("a".repeat(half)), issue("b".repeat(half)), issue("c")]);
    expect(atBound.issues.map((i) => i.message.length)).toEqual([half, half]);
    expect(atBound.message).toBe(`invalid arguments: ${"a".repeat(half)}; ${"b".repeat(half)} (and 1 more problem)`);
    expect(failure([issue("a".repeat(half)), issue("b".repeat(half + 1))]).issues).toHaveLength(1);
    // The instance path counts too.
    expect(failure([issue("a".repeat(half)), issue("b".repeat(half - 1), "validation", "/xy")]).issues).toHaveLength(1);
  });

  it("always keeps the first issue, however long", () => {
    const long = failure([issue("x".repeat(MAX_ISSUE_TEXT + 5)), issue("second")]);
    expect(long.issues).toHaveLength(1);
    expect(long.message).toBe(`invalid arguments: ${"x".repeat(MAX_ISSUE_TEXT + 5)} (and 1 more problem)`);
  });
});

describe("count, typeWord and either", () => {
  it("count writes a number with its noun, plural unless it is 1", () => {
    expect([
      count(0, "item"),
      count(1, "item"),
      count(2, "item"),
      count(1, "property", "properties"),
      count(3, "property", "properties"),
    ]).toEqual(["0 items", "1 item", "2 items", "1 property", "3 properties"]);
  });

  it("typeWord names a JSON Schema type in words, and leaves other names as they are", () => {
    const types = ["object", "array", "string", "integer", "number", "boolean", "null", "other"];
    expect(types.map(typeWord)).toEqual([
      "an object",
      "a list",
      "a string",
      "an integer",
      "a number",
      "a boolean",
      "null",
      "other",
    ]);
  });

  it("either names each word once", () => {
    expect(either(["a list", "a list"])).toBe("a list");
    expect(either(["a", "b", "a", "c"])).toBe("a, b or c");
  });
});

describe("preview", () => {
  it("writes scalars as JSON text", () => {
    expect([preview(1.5), preview(-0), preview(true), preview(null), preview(12n)]).toEqual([
      "1.5",
      "0",
      "true",
      "null",
      "12",
    ]);
  });

  it("quotes a string, cut to 60 characters with an ellipsis", () => {
    expect(preview("x".repeat(58))).toBe(`"${"x".repeat(58)}"`);
    expect(preview("x".repeat(59))).toBe(`"${"x".repeat(58)}…`);
  });

  it("escapes what JSON escapes, and line separators, so a preview is one line", () => {
    expect(preview('a"b\n')).toBe('"a\\"b\\n"');
    expect(preview("\u2028")).toBe('"\\u2028"');
    expect(preview("\ud800")).toBe('"\\ud800"');
    // Cut after escaping: the escape counts towards the 60 characters.
    expect(preview(`q"${"x".repeat(80)}`)).toBe(`"q\\"${"x".repeat(55)}…`);
  });

  // V8 writes a huge bigint's digits slowly, and a preview would cut them.
  it("words a bigint of more than 60 digits instead of writing them", () => {
    const limit = 10n ** 60n;
    expect(preview(limit - 1n)).toBe("9".repeat(60));
    expect(preview(limit)).toBe("an integer of more than 60 digits");
    expect(preview(-limit)).toBe("a negative integer of more than 60 digits");
    expect(preview(1n - limit)).toBe(`-${"9".repeat(58)}…`);
    expect(preview([limit])).toBe("[an integer of more than 60 digits]");
  });

  it("writes a large list once a pass: the same list previews as it first did until the next pass", () => {
    const list = Array.from({ length: 16 }, (_, i) => i);
    expect(preview(list)).toBe("[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15]");
    list[0] = 99;
    expect(preview(list)).toBe("[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15]");
    startPass();
    expect(preview(list)).toBe("[99,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15]");
    // A small one is written each time.
    const small = [1];
    preview(small);
    small[0] = 2;
    expect(preview(small)).toBe("[2]");
  });
});

describe("shortName", () => {
  it("cuts a name to 60 characters and writes it on one line", () => {
    expect(shortName("n".repeat(60))).toBe("n".repeat(60));
    expect(shortName("n".repeat(61))).toBe(`${"n".repeat(59)}…`);
    expect(shortName("a\nb\u2029")).toBe("a\\u000ab\\u2029");
    // Cut before escaping: a name of line breaks is at most 59 escapes long.
    expect(shortName("\n".repeat(1000))).toBe(`${"\\u000a".repeat(59)}…`);
  });
});

describe("refusedToolMessage", () => {
  it("tells the model the fault is in the schema, with the schema's message for the logs", () => {
    expect(refusedToolMessage("write\nfile", "invalid schema: #/type: must be a string")).toBe(
      'tool "write\\nfile" cannot be called: the fault is in its schema, not in this call, and retrying will not help (invalid schema: #/type: must be a string)',
    );
  });
});

describe("jsonTextHint", () => {
  /** A JSON list of exactly `length` characters, different for each `n`. */
  const listText = (n: number, length: number) => `[${" ".repeat(length - 2 - String(n).length)}${n}]`;

  it("hints at the shape asked for, after white space", () => {
    expect(jsonTextHint("  [1] ", ["array"])).toBe("; send the list itself, not JSON text");
    expect(jsonTextHint("{}", ["array", "object"])).toBe("; send the object itself, not JSON text");
    expect(jsonTextHint("[1]", ["string"])).toBe("");
  });

  // "message helpers" below counts the parses; here, the budget's edge and its renewal.
  it("parses at most 1 MiB of JSON text a pass, exactly, and has it all again in the next pass", () => {
    const full = 16; // 16 × 65,536 characters: the whole budget.
    for (let n = 0; n < full; n++) expect(jsonTextHint(listText(n, 1 << 16), ["array"])).not.toBe("");
    // The last text is known without parsing it again; any other is past the budget.
    expect(jsonTextHint(listText(full - 1, 1 << 16), ["array"])).not.toBe("");
    expect(jsonTextHint("[1]", ["array"])).toBe("");
    startPass();
    expect(jsonTextHint("[1]", ["array"])).toBe("; send the list itself, not JSON text");
  });
});

describe("message helpers", () => {
  it("previews a huge string from its first characters", () => {
    expect(preview("x".repeat(50_000_000))).toBe(`"${"x".repeat(58)}…`);
  });

  it("joins, previews and escapes", () => {
    expect(either([])).toBe("");
    expect(either(["a"])).toBe("a");
    expect(either(["a", "b", "a"])).toBe("a or b");
    expect(either(["a", "b", "c"])).toBe("a, b or c");
    expect(preview("x".repeat(70))).toBe(`"${"x".repeat(58)}…`);
    expect(preview(12n)).toBe("12");
    expect(oneLine("a\nb\u2028")).toBe("a\\u000ab\\u2028");
    expect(oneLine("plain")).toBe("plain");
  });

  it("previews exactly what JSON.stringify writes, cut at 60 characters", () => {
    const values: unknown[] = [
      {},
      [],
      [1, "a", null, true, -0, 1.5e-7],
      { a: [{ b: "c" }], 'k"ey': "v\n" },
      [undefined, () => 1, Symbol("s")],
      { skipped: undefined, kept: 1 },
      Array(5),
      JSON.parse('{"__proto__": 1}'),
      Object.create(null, { a: { value: 1, enumerable: true } }),
      { toJSON: "not a method" },
      Array.from({ length: 30 }, (_, i) => i),
      [["x".repeat(40), "y".repeat(40)]],
      ["x".repeat(56) + "😀"],
      ["x".repeat(57) + "😀"],
      { ["k".repeat(100)]: 1 },
      new Date(0),
      [new Date(0)],
    ];
    for (const value of values) {
      const text = JSON.stringify(value);
      expect(preview(value)).toBe(text.length <= 60 ? text : `${text.slice(0, 59)}…`);
    }
    expect(preview({ a: 1n, b: [2n] })).toBe('{"a":1,"b":[2]}');
  });

  it("previews a huge list or object from the items it shows", () => {
    let reads = 0;
    const items = new Proxy(Array(1_000_000).fill(1234), {
      get: (list, key) => (typeof key === "string" && /^\d+$/.test(key) && reads++, Reflect.get(list, key)),
    });
    // Written until the text passes 60 characters: "[" and 13 items of 5.
    expect(preview(items)).toBe(`[${"1234,".repeat(11)}123…`);
    expect(reads).toBe(13);
    expect(preview({ list: items, text: "t".repeat(10_000_000) })).toBe(`{"list":[${"1234,".repeat(10)}…`);
    expect(reads).toBe(13 + 11);
    expect(preview({ text: "t".repeat(10_000_000) })).toBe(`{"text":"${"t".repeat(50)}…`);
  });

  it("hints only when the string parses as the expected shape", () => {
    expect(jsonTextHint("[1]", ["array"])).toBe("; send the list itself, not JSON text");
    expect(jsonTextHint('{"a":1}', ["object", "null"])).toBe("; send the object itself, not JSON text");
    expect(jsonTextHint("[1]", ["object"])).toBe("");
    expect(jsonTextHint("[1", ["array"])).toBe("");
    expect(jsonTextHint(1, ["array"])).toBe("");
  });

  it("parses a string once however often it is asked, and at most 64 KiB of it", () => {
    const parse = vi.spyOn(JSON, "parse");
    try {
      const text = `[${"1,".repeat(20_000)}1]`;
      for (let i = 0; i < 100; i++) expect(jsonTextHint(text, ["array"])).toBe("; send the list itself, not JSON text");
      expect(parse).toHaveBeenCalledTimes(1);
      const longest = `[${" ".repeat(65_534)}]`;
      expect(jsonTextHint(longest, ["array"])).toBe("; send the list itself, not JSON text");
      expect(jsonTextHint(`${longest} `, ["array"])).toBe("");
      expect(parse).toHaveBeenCalledTimes(2);
    } finally {
      parse.mockRestore();
    }
  });

  it("parses at most 1 MiB of JSON text for hints at a time", () => {
    const parse = vi.spyOn(JSON, "parse");
    try {
      // 40 different texts of 60,002 characters, asked in turn: 17 of them fit in 1,048,576.
      const texts = Array.from({ length: 40 }, (_, i) => `[${"1,".repeat(29_999)}${i + 10}]`);
      expect(texts[0]).toHaveLength(60_002);
      const hints = texts.map((text) => jsonTextHint(text, ["array"]));
      for (const text of texts) jsonTextHint(text, ["array"]);
      expect(parse).toHaveBeenCalledTimes(17);
      expect(hints.filter((hint) => hint !== "")).toHaveLength(17);
    } finally {
      parse.mockRestore();
    }
  });
});
