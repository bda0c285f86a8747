// Numbers as the command line prints them to people: commas between
// thousands, whatever the locale ("189,960 calls", "367,232 records/s").
// Positions stay plain digits (file:line:column, "line 12", "column 15",
// "byte 7"), as editors and grep read them; JSON output holds plain numbers.
// Model-facing validation messages keep their own style (src/explain/messages.ts).

/** `n` (a count or a duration, never negative) with `decimals` decimals and commas between thousands: 1234567.8 → "1,234,567.8". */
export function formatNumber(n: number, decimals = 0): string {
  const [whole, fraction] = n.toFixed(decimals).split(".");
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",") + (fraction === undefined ? "" : `.${fraction}`);
}

/** "1 call", "189,960 calls". */
export function counted(n: number, noun: string, plural = `${noun}s`): string {
  return `${formatNumber(n)} ${n === 1 ? noun : plural}`;
}
