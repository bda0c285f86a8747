import { describe, expect, it } from "vitest";
import { nearestNames } from "../../../src/explain/nearest-names";

const tools = [
  "read_file",
  "write_file",
  "edit_file",
  "list_dir",
  "glob",
  "grep",
  "search_code",
  "run_command",
  "web_fetch",
  "todo",
];

describe("nearestNames", () => {
  it("finds a typo, a swap and a missing separator", () => {
    expect(nearestNames("reed_file", tools)).toEqual({ names: ["read_file"], close: true });
    expect(nearestNames("raed_file", tools)).toEqual({ names: ["read_file"], close: true });
    expect(nearestNames("readfile", tools)).toEqual({ names: ["read_file"], close: true });
  });

  it("ignores case and the kind of separator", () => {
    expect(nearestNames("Read-File", tools).names[0]).toBe("read_file");
    expect(nearestNames("web.fetch", tools).names[0]).toBe("web_fetch");
  });

  it("offers up to three close names, nearest first, ties alphabetically", () => {
    expect(nearestNames("grop", tools)).toEqual({ names: ["grep", "glob"], close: true });
    expect(nearestNames("file", tools)).toEqual({ names: ["edit_file", "read_file", "write_file"], close: true });
  });

  it("finds a name held in another", () => {
    expect(nearestNames("search", tools)).toEqual({ names: ["search_code"], close: true });
  });

  it("names the nearest ones when nothing is close", () => {
    expect(nearestNames("deploy_production_cluster", tools)).toEqual({
      names: ["search_code", "edit_file", "read_file"],
      close: false,
    });
  });

  it("has nothing to offer for an empty catalog", () => {
    expect(nearestNames("read_file", [])).toEqual({ names: [], close: false });
  });

  it("compares a huge name by its start only", () => {
    // Past the first 64 characters nothing counts: the same answer as for those alone.
    const start = "read_file" + "x".repeat(55);
    expect(nearestNames(start + "y".repeat(1_000_000), tools)).toEqual(nearestNames(start, tools));
    expect(nearestNames(start, tools).names[0]).toBe("read_file");
  });

  it("reads at most 1,000 names of a huge catalog, and answers from them as it would for those alone", () => {
    let read = 0;
    function* catalog() {
      for (let i = 0; i < 100_000; i++) {
        read++;
        yield i === 500 ? "read_file" : `tool_${i.toString(36).padStart(59, "-")}`;
      }
    }
    expect(nearestNames("reed_file", catalog())).toEqual({ names: ["read_file"], close: true });
    expect(read).toBe(1000);
    read = 0;
    const first = [...catalog()].slice(0, 1000);
    read = 0;
    const far = "y".repeat(64);
    expect(nearestNames(far, catalog())).toEqual(nearestNames(far, first));
    expect(nearestNames(far, first)).toEqual({
      names: [`tool_${"-".repeat(58)}y`, `tool_${"-".repeat(57)}1y`, `tool_${"-".repeat(57)}2y`],
      close: false,
    });
    expect(read).toBe(1000);
  });

  it("ranks exactly when distances are cut short: close names beat nearer ones that are not, ties go alphabetically", () => {
    const known = [
      "abcdefghij_xx",
      "abcdefghij_yy",
      "abcdefghij_zz",
      "abcdefghij_x",
      "zzzz",
      "search_code_in_everything",
    ];
    expect(nearestNames("abcdefghij_xy", known)).toEqual({
      names: ["abcdefghij_x", "abcdefghij_xx", "abcdefghij_yy"],
      close: true,
    });
    expect(nearestNames("search", ["sear", "search_code_in_everything"])).toEqual({
      names: ["sear", "search_code_in_everything"],
      close: true,
    });
    expect(nearestNames("qqqqqqqqqq", ["aaaaaaaaaaa", "bbbbbbbbbbbb", "cccccccccc", "dddddddddd"])).toEqual({
      names: ["cccccccccc", "dddddddddd", "aaaaaaaaaaa"],
      close: false,
    });
  });
});
