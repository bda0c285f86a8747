// Tables as aligned text, for `bench` and for the repository's benchmark
// (bench/run.mjs imports it from lib/): every column as wide as its widest
// cell, the first columns aligned left and the figures right.

export interface TableLayout {
  /** How many columns, from the first, are aligned left (names); the rest are aligned right (figures). */
  left?: number;
  /** Between two columns. */
  gap?: string;
  /** Before each line. */
  indent?: string;
}

/** The header and the rows as lines, trailing blanks cut. */
export function textTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  { left = 1, gap = "  ", indent = "" }: TableLayout = {},
): string[] {
  const all = [header, ...rows];
  const widths = header.map((_, column) => Math.max(...all.map((row) => row[column].length)));
  return all.map((row) =>
    (
      indent +
      row.map((cell, column) => (column < left ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join(gap)
    ).trimEnd(),
  );
}
