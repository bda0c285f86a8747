/**
 * Bounds on a schema that no compile or validation may exceed (README,
 * "Bounds"); a schema over one is refused at preflight.
 */

/** The longest chain of `$ref`s and composition branches applied to one value. */
export const MAX_CHAIN = 256;

/**
 * Instructions the patterns of one schema may write out together (about
 * 12 bytes each once compiled): checked before a pattern is compiled.
 */
export const MAX_SCHEMA_INSTRUCTIONS = 1_000_000;
