/**
 * A Map that forgets its least recently used entries beyond `capacity`
 * entries or, when entries have a weight, beyond `maxWeight` in all. An
 * entry its owner found used since it last came up for eviction (`spare`,
 * which clears the mark) gets a second chance at the back instead: uses
 * that never reach get() keep an entry without the cost of moving it each
 * time.
 */
export class Lru<K, V> {
  private readonly entries = new Map<K, V>();
  private weight = 0;

  constructor(
    private readonly capacity: number,
    private readonly bounds: {
      maxWeight: number;
      weigh: (value: V) => number;
      evicted?: (value: V) => void;
      spare?: (value: V) => boolean;
    } = {
      maxWeight: Infinity,
      weigh: () => 0,
    },
  ) {}

  /** How many entries are kept, and their weight together. */
  get use(): { entries: number; weight: number } {
    return { entries: this.entries.size, weight: this.weight };
  }

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.delete(key);
    this.entries.set(key, value);
    this.weight += this.bounds.weigh(value);
    // The newest entry stays even when it alone is over the weight.
    while (this.entries.size > this.capacity || (this.weight > this.bounds.maxWeight && this.entries.size > 1)) {
      const oldest = this.entries.keys().next().value as K;
      const kept = this.entries.get(oldest) as V;
      // Every other entry came up since it went in: each is spared once at most, so the loop ends.
      if (oldest === key || this.bounds.spare?.(kept)) {
        this.entries.delete(oldest);
        this.entries.set(oldest, kept);
      } else {
        this.delete(oldest);
      }
    }
  }

  private delete(key: K): void {
    const value = this.entries.get(key);
    if (value === undefined) return;
    this.entries.delete(key);
    this.weight -= this.bounds.weigh(value);
    this.bounds.evicted?.(value);
  }
}
