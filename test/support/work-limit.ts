import { BASE_WORK, CHARACTERS_PER_STEP, MAX_WORK, READS_PER_STRING, WORK_PER_VALUE } from "../../src/runtime/pass";

/**
 * What the work limit of a call grows with, counted here independently of
 * the package: values (each list or object once, however often it is held)
 * and the UTF-16 units of strings and property names, each plus one.
 */
function sizeOf(args: unknown): { values: number; stringUnits: number } {
  const seen = new Set<object>();
  let values = 0;
  let stringUnits = 0;
  const visit = (value: unknown): void => {
    values++;
    if (typeof value === "string") stringUnits += value.length + 1;
    if (typeof value !== "object" || value === null || seen.has(value)) return;
    seen.add(value);
    for (const [key, item] of Object.entries(value)) {
      if (!Array.isArray(value)) stringUnits += key.length + 1;
      visit(item);
    }
  };
  visit(args);
  return { values, stringUnits };
}

/**
 * The failure of a call with `args` that runs out of validation work. Past
 * the values that bring the limit to MAX_WORK on their own, arguments are
 * not measured further, and the message says they hold more.
 */
export function outOfWork(args: unknown) {
  const { values, stringUnits } = sizeOf(args);
  const measured = (MAX_WORK - BASE_WORK) / WORK_PER_VALUE;
  const limit = Math.min(
    BASE_WORK + WORK_PER_VALUE * values + Math.floor((READS_PER_STRING * stringUnits) / CHARACTERS_PER_STEP),
    MAX_WORK,
  );
  const counted = values > measured ? `more than ${measured}` : String(values);
  const problem = `checking them against this schema takes more than the work limit (${limit} steps for ${counted} values); send fewer or smaller values`;
  return {
    ok: false,
    kind: "execution_failure",
    message: `could not check the arguments: arguments: ${problem}`,
    issues: [
      {
        kind: "execution_failure",
        instancePath: "",
        path: [],
        schemaPath: "",
        keyword: "schema",
        params: { limit },
        message: `arguments: ${problem}`,
      },
    ],
  };
}
