import { isFiniteNumber, type Keyword } from "../keyword";

function numericBound(name: "minimum" | "maximum"): Keyword {
  const atLeast = name === "minimum";
  return {
    name,
    compile(value, site) {
      if (!isFiniteNumber(value)) {
        site.problem(name, "must be a finite number");
        return null;
      }
      const pointer = site.pointer(name);
      const bound = `must be at ${atLeast ? "least" : "most"} ${value}`;
      return (v, r) => {
        if ((typeof v !== "number" && typeof v !== "bigint") || (atLeast ? v >= value : v <= value)) return true;
        return r !== null && r.fail(name, pointer, `${bound}, got ${v}`);
      };
    },
  };
}

export const minimumKeyword = numericBound("minimum");
export const maximumKeyword = numericBound("maximum");
