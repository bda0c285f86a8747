/**
 * Own properties only (docs/schemas.md, "The JSON input domain"): `toString` or
 * `__proto__` inherited from Object.prototype is not a property of the
 * arguments, and neither is anything another part of the process added to
 * Object.prototype since (`Object.prototype.isAdmin = true`). Arguments hold
 * no `undefined` (they are checked to be JSON first), so a read that gives
 * undefined is an absent property; any other value is own unless the name
 * is on Object.prototype right now, which only then needs the slower test.
 */
export function ownValue(v: Record<string, unknown>, name: string): unknown {
  const value = v[name];
  return value === undefined || !(name in Object.prototype) || Object.hasOwn(v, name) ? value : undefined;
}

/**
 * ownValue as the generated tiers write it, with the name in place (each
 * read then has a call site, and a cache, of its own): a statement that
 * declares `x` as `v`'s own property `name`, or undefined. The code needs
 * `hasOwn` and `objectPrototype` in scope. The own-ness test runs whenever
 * the name is on Object.prototype at the time of the call, as ownValue's.
 */
export function ownValueCode(x: string, v: string, name: string): string {
  const literal = JSON.stringify(name);
  return `let ${x} = ${v}[${literal}];\nif (${x} !== undefined && ${literal} in objectPrototype && !hasOwn(${v}, ${literal})) ${x} = undefined;\n`;
}
