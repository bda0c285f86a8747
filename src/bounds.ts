/**
 * Bounds on a schema that no compile or validation may exceed (README,
 * "Bounds"); a schema over one is refused at preflight.
 */

/** The longest chain of `$ref`s and composition branches applied to one value. */
export const MAX_CHAIN = 256;

/** Native memory the compiled patterns of one schema may hold together. */
export const MAX_SCHEMA_PATTERN_BYTES = 16 * 2 ** 20;
