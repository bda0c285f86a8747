/**
 * The path of a JSON Pointer into arguments, for the expected issues of
 * tests whose arguments name no property with only digits: there, every
 * step of digits is a list index.
 */
export function pathOf(pointer: string): (string | number)[] {
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((step) => (/^(?:0|[1-9][0-9]*)$/.test(step) ? Number(step) : step.replace(/~1/g, "/").replace(/~0/g, "~")));
}
