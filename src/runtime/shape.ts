/**
 * The shapes of the JSON input domain (docs/schemas.md, "The JSON input
 * domain"), tested one value at a time without looking inside: plain
 * objects and arrays of any realm, scalars, counts. The walks that look
 * inside are in json-value.ts.
 */

/**
 * A plain object: prototype `Object.prototype` or `null`. The
 * Object.prototype of another realm (a vm context, another frame: where
 * JSON.parse may have run) counts too.
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null || isOtherObjectPrototype(proto);
}

/**
 * A JSON array: prototype `Array.prototype`, of this realm or another; not
 * an instance of a subclass, not an array without a prototype.
 */
export function isJsonArray(value: unknown): value is unknown[] {
  if (!Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Array.prototype || isOtherArrayPrototype(proto);
}

const functionSource = Function.prototype.toString;

/**
 * Whether this realm reads prototypes through Object.prototype's own
 * `__proto__` accessor, as V8 built it (not deleted or made to throw by
 * `--disable-proto`, not replaced before this module loaded). The generated
 * fast check then tests `value.__proto__ === Object.prototype` first: V8
 * compiles that read, where the objects at a site have few shapes, into a
 * load of the prototype from the object's map, while Object.getPrototypeOf
 * leaves optimized code for V8's runtime (a fifth of a pattern-free call).
 * The read is only a quick yes: anything else falls to isPlainObject. An
 * object's own property named "__proto__" shadows the accessor; its value
 * would have to be Object.prototype itself to pass as the quick yes, which
 * no JSON text can give.
 */
export const PROTO_ACCESSOR_IS_INTRINSIC: boolean = (() => {
  const accessor = Object.getOwnPropertyDescriptor(Object.prototype, "__proto__")?.get;
  return (
    typeof accessor === "function" &&
    functionSource.call(accessor) === "function get __proto__() { [native code] }" &&
    accessor.call([]) === Array.prototype
  );
})();

/**
 * True when `proto` is a realm's own `Object.prototype` (`Array.prototype`
 * for "Array"): its `constructor` is that realm's native function of the
 * name, whose `prototype` (fixed on the intrinsic) is `proto` itself. An
 * object posing with a `constructor` property fails the last test; reading
 * through property descriptors runs no getter.
 */
function isIntrinsicPrototype(proto: object, name: "Object" | "Array"): boolean {
  const constructor: unknown = Object.getOwnPropertyDescriptor(proto, "constructor")?.value;
  return (
    typeof constructor === "function" &&
    functionSource.call(constructor) === `function ${name}() { [native code] }` &&
    Object.getOwnPropertyDescriptor(constructor, "prototype")?.value === proto
  );
}

/**
 * Another realm's Object.prototype, which has nothing above it, and which
 * holds no name this realm's lacks. A class's prototype has an
 * Object.prototype above it, so class instances never get to the costlier
 * tests. The own-property rule of the keywords (compile/keywords/object.ts,
 * ownValue) tests a name for own-ness only when this realm's
 * Object.prototype holds it: a name another realm added to its own
 * (`Object.prototype.city = "Paris"` there) would read as a property of
 * every object of that realm, so such objects are not JSON here. Nor are
 * they where that realm made enumerable a name this realm's holds
 * unenumerable: generated code lists keys with for…in, which would list it,
 * and asks only whether this realm's Object.prototype lists any.
 */
function isOtherObjectPrototype(proto: object | null): boolean {
  return (
    proto !== null &&
    Object.getPrototypeOf(proto) === null &&
    isIntrinsicPrototype(proto, "Object") &&
    addsNoName(proto, Object.prototype) &&
    listsNoOtherName(proto, Object.prototype)
  );
}

/** Whether another realm's intrinsic `proto` holds only names that `ours`, this realm's, holds too. */
function addsNoName(proto: object, ours: object): boolean {
  for (const name of Reflect.ownKeys(proto)) if (!Object.hasOwn(ours, name)) return false;
  return true;
}

/** Whether for…in over another realm's Object.prototype (which has nothing above it) lists only names it lists over `ours`. */
function listsNoOtherName(proto: object, ours: object): boolean {
  for (const name in proto) if (!isEnumerable.call(ours, name)) return false;
  return true;
}
const isEnumerable = Object.prototype.propertyIsEnumerable;

/**
 * Another realm's Array.prototype, which has that realm's Object.prototype
 * above it (a subclass's prototype has an Array.prototype), and which holds
 * no name this realm's lacks (`Array.prototype[0] = "Paris"` there would
 * fill every hole at index 0).
 */
function isOtherArrayPrototype(proto: object | null): boolean {
  return (
    proto !== null &&
    isOtherObjectPrototype(Object.getPrototypeOf(proto)) &&
    isIntrinsicPrototype(proto, "Array") &&
    addsNoName(proto, Array.prototype)
  );
}

/** A JSON scalar, an array, or a plain object, without looking inside it. */
export function isShallowJson(value: unknown): boolean {
  return typeof value === "object" ? value === null || isJsonArray(value) || isPlainObject(value) : isJsonScalar(value);
}

/** A string, a boolean, a finite number or a bigint: JSON that holds nothing (null aside). */
export function isJsonScalar(value: unknown): boolean {
  switch (typeof value) {
    case "string":
    case "boolean":
    case "bigint":
      return true;
    case "number":
      return Number.isFinite(value);
    default:
      return false;
  }
}

/**
 * A list's length, read once, as a count of items. A proxy may claim
 * anything for it (NaN, a string, -1, 2.5): what is no count is no items, and
 * never reaches the work counter (src/runtime/pass.ts), where a string would be
 * concatenated and NaN compared false.
 */
export function lengthOf(list: readonly unknown[]): number {
  const length: unknown = list.length;
  return isCount(length) ? length : 0;
}

/** A length a JSON list can have: a whole number, not negative. */
export const isCount = (length: unknown): length is number => Number.isSafeInteger(length) && (length as number) >= 0;

/**
 * A schema object's own fields, with no prototype: reading a keyword the
 * schema does not have gives undefined, whatever another module added to
 * Object.prototype (`properties`, `prefixItems`, `type`, …).
 */
export function ownFields(object: Record<string, unknown>): Record<string, unknown> {
  return Object.assign(Object.create(null) as Record<string, unknown>, object);
}

/** A schema as a value: an object, or `true` or `false`. */
export const isSchema = (value: unknown): value is Record<string, unknown> | boolean =>
  isPlainObject(value) || typeof value === "boolean";
