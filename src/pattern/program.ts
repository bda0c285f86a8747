import type { Ranges } from "./sets";
import type { Node } from "./syntax";

/**
 * A syntax tree as a Thompson NFA for the native engine (native/program.h
 * has the encoding): one instruction per character set and assertion, and
 * counted repeats written out as that many copies.
 */

/** A pattern whose program would exceed this many instructions is refused. */
export const MAX_PROGRAM_SIZE = 100_000;

const CHAR = 0,
  SPLIT = 1,
  JUMP = 2,
  ASSERT = 3,
  ACCEPT = 4;

/**
 * Instructions the program will have, computed without building it, so that
 * nested counts (`((a{100}){100}){100}`) are refused before they cost memory.
 */
export function programSize(node: Node): number {
  return size(node) + 1;
}

function size(node: Node): number {
  switch (node.kind) {
    case "set":
    case "assertion":
      return 1;
    case "sequence":
      return node.items.reduce((sum, item) => sum + size(item), 0);
    case "alternation":
      return node.items.reduce((sum, item) => sum + size(item), 0) + 2 * (node.items.length - 1);
    case "repeat": {
      const item = size(node.item);
      return node.min * item + (node.max === Infinity ? item + 2 : (node.max - node.min) * (item + 1));
    }
  }
}

/** The words native/program.h reads: the sets, then the instructions. */
export function encodeProgram(root: Node): Uint32Array {
  // The size is known before anything is written: the instructions go
  // straight into a typed array (100,000 instructions in about 2 ms, where
  // growing arrays took 30 to 45).
  const emitter = new Emitter(programSize(root));
  emitter.emit(root);
  emitter.push(ACCEPT);
  let setWords = 1;
  for (const ranges of emitter.sets) setWords += 1 + 2 * ranges.length;
  const words = new Uint32Array(setWords + 1 + emitter.code.length);
  let at = 0;
  words[at++] = emitter.sets.length;
  for (const ranges of emitter.sets) {
    words[at++] = ranges.length;
    for (const [from, to] of ranges) {
      words[at++] = from;
      words[at++] = to;
    }
  }
  words[at++] = emitter.pc;
  words.set(emitter.code, at);
  return words;
}

class Emitter {
  readonly sets: Ranges[] = [];
  /** Equal sets share an index; the copies of a repeat share their ranges, so identity answers first. */
  private readonly setIndex = new Map<string, number>();
  private readonly setOf = new Map<Ranges, number>();
  /** [op, x, y] per instruction. */
  readonly code: Uint32Array;
  pc = 0;

  constructor(size: number) {
    this.code = new Uint32Array(3 * size);
  }

  push(op: number, x = 0, y = 0): number {
    const at = 3 * this.pc;
    this.code[at] = op;
    this.code[at + 1] = x;
    this.code[at + 2] = y;
    return this.pc++;
  }

  /** Sets the targets of the SPLIT or JUMP at `pc`. */
  private patch(pc: number, x: number, y = 0): void {
    this.code[3 * pc + 1] = x;
    this.code[3 * pc + 2] = y;
  }

  private set(ranges: Ranges): number {
    let index = this.setOf.get(ranges);
    if (index !== undefined) return index;
    const key = ranges.join(" ");
    index = this.setIndex.get(key);
    if (index === undefined) {
      index = this.sets.push(ranges) - 1;
      this.setIndex.set(key, index);
    }
    this.setOf.set(ranges, index);
    return index;
  }

  emit(node: Node): void {
    switch (node.kind) {
      case "set":
        this.push(CHAR, this.set(node.ranges));
        return;
      case "assertion":
        this.push(ASSERT, node.assertion);
        return;
      case "sequence":
        for (const item of node.items) this.emit(item);
        return;
      case "alternation": {
        const jumps: number[] = [];
        node.items.forEach((item, i) => {
          if (i === node.items.length - 1) return this.emit(item);
          const split = this.push(SPLIT);
          this.emit(item);
          jumps.push(this.push(JUMP));
          this.patch(split, split + 1, this.pc);
        });
        for (const jump of jumps) this.patch(jump, this.pc);
        return;
      }
      case "repeat": {
        for (let i = 0; i < node.min; i++) this.emit(node.item);
        if (node.max === Infinity) {
          const loop = this.push(SPLIT);
          this.emit(node.item);
          this.push(JUMP, loop);
          this.patch(loop, loop + 1, this.pc);
          return;
        }
        // x{0,3} as (?:x(?:x(?:x)?)?)?: every optional copy may end the repeat.
        const exits: number[] = [];
        for (let i = node.min; i < node.max; i++) {
          exits.push(this.push(SPLIT));
          this.emit(node.item);
        }
        for (const exit of exits) this.patch(exit, exit + 1, this.pc);
        return;
      }
    }
  }
}
