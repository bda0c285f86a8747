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

/**
 * The result of a call that fails with one issue, not tied to a place in
 * the schema: `message` is the issue's, and the result's is `lead` and it
 * (as validate() words a failure of its arguments, its schema or its
 * options).
 */
export function oneIssueFailure(
  keyword: string,
  message: string,
  { instancePath = "", lead = "invalid arguments: " }: { instancePath?: string; lead?: string } = {},
) {
  return {
    ok: false as const,
    kind: "validation" as const,
    message: `${lead}${message}`,
    issues: [
      {
        kind: "validation" as const,
        instancePath,
        path: pathOf(instancePath),
        schemaPath: "",
        keyword,
        params: {},
        message,
      },
    ],
  };
}
