import { describe, expect, it } from "vitest";
import { nearestNames } from "../src/nearest-names";

const tools = ["read_file", "write_file", "edit_file", "list_dir", "glob", "grep", "search_code", "run_command", "web_fetch", "todo"];

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
    expect(nearestNames("deploy_production_cluster", tools)).toEqual({ names: ["search_code", "edit_file", "read_file"], close: false });
  });

  it("has nothing to offer for an empty catalog", () => {
    expect(nearestNames("read_file", [])).toEqual({ names: [], close: false });
  });

  it("compares a huge name by its start only", () => {
    const started = performance.now();
    expect(nearestNames("read_file" + "x".repeat(1_000_000), tools).names[0]).toBe("read_file");
    expect(performance.now() - started).toBeLessThan(500);
  });
});
