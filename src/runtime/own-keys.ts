import { PerPass } from "./pass";

/**
 * Objects with at least this many keys have them listed once per validation
 * pass. V8 lists the keys of a large (dictionary-mode) object at up to 200 ns
 * a key, and without this every branch of a composition, every size keyword
 * and every comparison would list the same object's keys again: a thousand
 * `maxProperties` branches over an object of 100,000 keys took 37 s. Below
 * it, listing costs about what walking the keys does.
 */
const LISTED_ONCE = 16;

const listed = new PerPass(() => new Map<object, string[]>());

/** `Object.keys(object)`, listed once per pass for a large object. Callers must not change the array. */
export function keysOf(object: object): readonly string[] {
  const known = listed.made()?.get(object);
  if (known !== undefined) return known;
  const keys = Object.keys(object);
  if (keys.length >= LISTED_ONCE) listed.get().set(object, keys);
  return keys;
}

/**
 * Whether `for…in` over a plain object would list more than its own keys:
 * Object.prototype has an enumerable property (host code added one). Generated
 * code that lists keys with `for…in` asks first, through this one function:
 * shared by every validator, V8 optimizes it once, where a copy in each
 * generated function would run unoptimized in the many that run rarely
 * (30 to 60 ns a call there, 5 ns here).
 */
export function prototypeListsKeys(): boolean {
  for (const _ in Object.prototype) return true;
  return false;
}
