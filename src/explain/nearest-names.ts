/** Names longer than this are compared by their first characters only, so a huge name costs nothing. */
const COMPARED_LENGTH = 64;

/** At most this many names are suggested. */
const SUGGESTIONS = 3;

/**
 * The form names are compared in: models mix up case and the separators
 * (`Read-File` for `read_file`), so those differences cost nothing.
 */
function comparable(name: string): string {
  return name
    .slice(0, COMPARED_LENGTH)
    .toLowerCase()
    .replace(/[-_.\s]/g, "_");
}

/** At most this many known names are compared, in the catalog's order: a huge catalog costs as much as one this size. */
const COMPARED_NAMES = 1000;

/** The rows of the distance table, reused; names are short (COMPARED_LENGTH, or a little more once lowercased). */
let rows = [
  new Int32Array(COMPARED_LENGTH + 1),
  new Int32Array(COMPARED_LENGTH + 1),
  new Int32Array(COMPARED_LENGTH + 1),
];

/**
 * Optimal string alignment distance (insertions, deletions, substitutions and
 * adjacent swaps), exact up to `limit`; past it, some number above `limit`,
 * found as soon as a whole row of the table is past it (every later cell
 * then is too: a swap reaches back two rows, but only from a cell the row
 * between covers within one edit).
 */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  if (rows[0].length <= b.length)
    rows = [new Int32Array(b.length + 1), new Int32Array(b.length + 1), new Int32Array(b.length + 1)];
  let [before, previous, current] = rows;
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const unit = a.charCodeAt(i - 1);
    const last = i > 1 ? a.charCodeAt(i - 2) : -1;
    current[0] = i;
    let rowLeast = i;
    for (let j = 1; j <= b.length; j++) {
      const other = b.charCodeAt(j - 1);
      let best = previous[j - 1] + (unit === other ? 0 : 1);
      if (previous[j] + 1 < best) best = previous[j] + 1;
      if (current[j - 1] + 1 < best) best = current[j - 1] + 1;
      if (j > 1 && last === other && unit === b.charCodeAt(j - 2) && before[j - 2] + 1 < best) best = before[j - 2] + 1;
      current[j] = best;
      if (best < rowLeast) rowLeast = best;
    }
    if (rowLeast > limit) return limit + 1;
    const spare = before;
    before = previous;
    previous = current;
    current = spare;
  }
  return previous[b.length];
}

/** The largest distance at which two names are a typo rather than another word: a third of the longer one, two edits at least. */
function typoDistance(a: string, b: string): number {
  return Math.max(2, Math.floor(Math.max(a.length, b.length) / 3));
}

/** One name holds the other (`search` for `search_code`); their distance is then the difference in length. */
function holds(a: string, b: string): boolean {
  return Math.min(a.length, b.length) >= 3 && (a.includes(b) || b.includes(a));
}

interface Ranked {
  candidate: string;
  distance: number;
}

/** Adds `entry` to a list of at most SUGGESTIONS, nearest first (ties alphabetically). */
function rank(list: Ranked[], entry: Ranked): void {
  list.push(entry);
  list.sort((a, b) => a.distance - b.distance || (a.candidate < b.candidate ? -1 : 1));
  if (list.length > SUGGESTIONS) list.pop();
}

export interface NearestNames {
  /** Up to three known names, nearest first (ties alphabetically). */
  names: string[];
  /** Whether they are close enough to be the name that was meant. */
  close: boolean;
}

/**
 * The known names nearest to `name`: the close ones if there are any, else
 * simply the nearest. Only the first COMPARED_NAMES known names are read,
 * and a distance is worked out only as far as it could still change the
 * answer.
 */
export function nearestNames(name: string, known: Iterable<string>): NearestNames {
  const wanted = comparable(name);
  const close: Ranked[] = [];
  const nearest: Ranked[] = [];
  const consider = (candidate: string) => {
    const form = comparable(candidate);
    if (holds(wanted, form)) return rank(close, { candidate, distance: Math.abs(wanted.length - form.length) });
    const typo = typoDistance(wanted, form);
    // Past `limit` the name can change nothing: once a close name is known,
    // only closer close names matter; before, any name among the nearest.
    const limit =
      close.length > 0
        ? Math.min(typo, close.length === SUGGESTIONS ? close[SUGGESTIONS - 1].distance : Infinity)
        : Math.max(typo, nearest.length === SUGGESTIONS ? nearest[SUGGESTIONS - 1].distance : Infinity);
    const distance = editDistance(wanted, form, limit);
    if (distance > limit) return;
    if (distance <= typo) rank(close, { candidate, distance });
    else if (close.length === 0) rank(nearest, { candidate, distance });
  };
  let compared = 0;
  for (const candidate of known) {
    consider(candidate);
    if (++compared === COMPARED_NAMES) break;
  }
  const chosen = close.length > 0 ? close : nearest;
  return { names: chosen.map((entry) => entry.candidate), close: close.length > 0 };
}
