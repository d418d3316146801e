// The odds a drop's buyer has of a parallel (issue 34 item 5), as the card page shows them: each unit
// counted is one entry and the parallels are dealt in draw order to distinct entries (decision 0029),
// so at `entries` units a parallel issues min(count, entries left after the parallels before it)
// copies, and a unit's chance of it is that over `entries`. While the drop is live the count still
// grows and the text says "so far"; after the close it is exact.
import type { Parallel } from './draw';

export interface ParallelOdds {
  name: string;
  count: number;
  /** Copies the draw would issue at this count. */
  issued: number;
  /** "1 in N" (N rounded to a whole, at least 1), or null when none would be issued. */
  oneIn: number | null;
  text: string;
}

export function parallelOdds(parallels: readonly Parallel[], entries: number, closed: boolean): ParallelOdds[] {
  let before = 0;
  return parallels.map(({ name, count }) => {
    const issued = Math.max(0, Math.min(count, entries - before));
    before += count;
    const suffix = closed ? '' : ' so far';
    if (entries <= 0) return { name, count, issued, oneIn: null, text: `${name}: ${count.toLocaleString('en-US')} to draw, no entries yet` };
    if (issued === 0) return { name, count, issued, oneIn: null, text: `${name}: none drawn at ${entries.toLocaleString('en-US')} entries${suffix}` };
    const oneIn = Math.max(1, Math.round(entries / issued));
    return { name, count, issued, oneIn, text: `${name}: 1 in ${oneIn.toLocaleString('en-US')}${suffix}` };
  });
}
