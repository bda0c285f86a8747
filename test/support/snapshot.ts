import { inspect } from "node:util";

/**
 * Everything observable about a value, as text: nested contents, holes,
 * prototypes, non-enumerable and symbol keys, -0. Getters and proxy traps are
 * not run, so a hostile value can be snapshotted. Two equal snapshots taken
 * before and after a call show that the call changed nothing.
 */
export function snapshot(value: unknown): string {
  return inspect(value, {
    depth: Infinity,
    showHidden: true,
    showProxy: true,
    getters: false,
    maxArrayLength: Infinity,
    maxStringLength: Infinity,
    breakLength: Infinity,
  });
}

/** Freezes a value and everything reachable from it; what cannot be frozen (typed arrays) is left as is. */
export function deepFreeze<T>(value: T, seen = new Set<unknown>()): T {
  if ((typeof value !== "object" && typeof value !== "function") || value === null || seen.has(value)) return value;
  seen.add(value);
  try {
    Object.freeze(value);
  } catch {
    return value;
  }
  for (const key of Reflect.ownKeys(value)) {
    const descriptor = Reflect.getOwnPropertyDescriptor(value, key);
    if (descriptor && "value" in descriptor) deepFreeze(descriptor.value, seen);
  }
  return value;
}
