import { describe, expect, it } from "vitest";
import { counted, formatNumber } from "../../../src/cli/numbers";

describe("formatNumber", () => {
  it("puts commas between thousands, whatever the locale, and keeps the decimals asked for", () => {
    expect([0, 7, 999, 1000, 189960, 1234567].map((n) => formatNumber(n))).toEqual([
      "0",
      "7",
      "999",
      "1,000",
      "189,960",
      "1,234,567",
    ]);
    expect([formatNumber(0.004, 2), formatNumber(1234.5, 2), formatNumber(367231.6)]).toEqual([
      "0.00",
      "1,234.50",
      "367,232",
    ]);
  });

  it("counts a noun", () => {
    expect([counted(1, "call"), counted(0, "call"), counted(189960, "call"), counted(2, "bad line")]).toEqual([
      "1 call",
      "0 calls",
      "189,960 calls",
      "2 bad lines",
    ]);
  });
});
