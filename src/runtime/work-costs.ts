import { charge, CHARACTERS_PER_STEP } from "./pass";

/**
 * What reading costs, in units of keyword work (src/runtime/pass.ts). Where a
 * keyword reads a whole string a character at a time (counting its code
 * points, reading it as a decimal, writing its key for `uniqueItems`,
 * trimming it), a unit is CHARACTERS_PER_STEP characters: the slowest of
 * these reads about a character a nanosecond and a half, so a unit stays
 * within the tens of nanoseconds other units take.
 */

/** Characters a step of work compares where V8 compares two strings of one length: 0.1 to 0.25 ns a character. */
export const COMPARED_PER_STEP = 128;

/** Counts reading `length` characters a character at a time; the keyword's own step covers a string shorter than a step. */
export function chargeRead(length: number): void {
  if (length >= CHARACTERS_PER_STEP) charge(Math.floor(length / CHARACTERS_PER_STEP));
}

/** Counts comparing two strings of `length` characters; the keyword's own step covers strings shorter than a step. */
export function chargeComparison(length: number): void {
  if (length >= COMPARED_PER_STEP) charge(Math.floor(length / COMPARED_PER_STEP));
}

/**
 * 64-bit words of a bigint past one word (0 for one word: the keyword's own
 * step covers it). A double tells the size of one within its range; beyond
 * it, the hex digits do (its bits written out, in linear time).
 */
function bigintWords(value: bigint): number {
  const magnitude = Math.abs(Number(value));
  if (magnitude < 2 ** 64) return 0;
  return Number.isFinite(magnitude)
    ? Math.floor(Math.log2(magnitude) / 64) + 1
    : Math.ceil(value.toString(16).length / 16);
}

/** Counts reading a bigint whole (dividing it, comparing it): a step per 64-bit word. */
export function chargeBigint(value: bigint): void {
  charge(bigintWords(value));
}

/**
 * Counts writing a bigint's decimal digits, before they are written: V8
 * takes time growing as the words to the power 1.5 (about 50 ns times that,
 * measured from 16 to 44,000 words), so two steps per such unit.
 */
export function chargeBigintDigits(value: bigint): void {
  charge(Math.ceil(2 * bigintWords(value) ** 1.5));
}
