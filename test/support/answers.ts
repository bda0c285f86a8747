/** Answers of one validator over `calls` calls (cold, then hot), which must all be `ok`. */
export function answers(
  validator: { validate(args: unknown): { ok: boolean } },
  args: () => unknown,
  calls = 12,
): boolean[] {
  return Array.from({ length: calls }, () => validator.validate(args()).ok);
}
