/** Names longer than this are compared by their first characters only, so a huge name costs nothing. */
const COMPARED_LENGTH = 64;

/** At most this many names are suggested. */
const SUGGESTIONS = 3;

/**
 * The form names are compared in: models mix up case and the separators
 * (`Read-File` for `read_file`), so those differences cost nothing.
 */
function comparable(name: string): string {
  return name.slice(0, COMPARED_LENGTH).toLowerCase().replace(/[-_.\s]/g, "_");
}

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps. */
function editDistance(a: string, b: string): number {
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1);
      let best = Math.min(previous[j] + 1, current[j - 1] + 1, substitution);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, before[j - 2] + 1);
      current.push(best);
    }
    before = previous;
    previous = current;
  }
  return previous[b.length];
}

/**
 * A typo rather than another word: up to a third of the longer name differs
 * (two edits at least), or one name holds the other (`search` for `search_code`).
 */
function isClose(a: string, b: string, distance: number): boolean {
  if (distance <= Math.max(2, Math.floor(Math.max(a.length, b.length) / 3))) return true;
  return Math.min(a.length, b.length) >= 3 && (a.includes(b) || b.includes(a));
}

export interface NearestNames {
  /** Up to three known names, nearest first (ties alphabetically). */
  names: string[];
  /** Whether they are close enough to be the name that was meant. */
  close: boolean;
}

/** The known names nearest to `name`: the close ones if there are any, else simply the nearest. */
export function nearestNames(name: string, known: Iterable<string>): NearestNames {
  const wanted = comparable(name);
  const ranked = [...known]
    .map((candidate) => {
      const form = comparable(candidate);
      const distance = editDistance(wanted, form);
      return { candidate, distance, close: isClose(wanted, form, distance) };
    })
    .sort((a, b) => a.distance - b.distance || (a.candidate < b.candidate ? -1 : 1));
  const close = ranked.filter((entry) => entry.close);
  const chosen = close.length > 0 ? close : ranked;
  return { names: chosen.slice(0, SUGGESTIONS).map((entry) => entry.candidate), close: close.length > 0 };
}
