// The Cards board's reads: the cards of each athlete the board shows (GET /api/collectives/{id}/
// athletes/{athleteId}/cards, the demo twin for visitors), read together for one page of athletes
// (BOARD_ATHLETES), so the board costs what it shows. The cache key is a path under the collective
// (not a route of the API: its fetcher reads the members' own routes), so every card write's
// refresh of the collective's reads (refresh-collective.ts) reads the board again too.
import useSWR from 'swr';
import type { OwnerCardsResponse } from '@shared/cards/cards-api';
import { apiFetch } from '@/lib/api-client';
import { athleteCardsKey } from '@/features/collective-panel/api/get-athlete-cards';
import { useCollectiveBase } from '@/features/collective-panel/api/tenant-paths';

/** The athletes one page of the board shows. */
export const BOARD_ATHLETES = 12;

export interface BoardData {
  /** Each athlete's cards, sets and how publishing works, by athlete id. A plain object, not a
   * Map: SWR compares answers with dequal/lite, which finds any two Maps equal, so a Map here
   * would never let a refreshed board replace the one on screen. */
  byAthlete: Record<number, OwnerCardsResponse>;
}

export function useCardsBoard(athleteIds: readonly number[]) {
  const { base } = useCollectiveBase();
  const key = athleteIds.length === 0 ? null : `${base}/cards-board?athletes=${athleteIds.join(',')}`;
  return useSWR<BoardData>(key, async () => {
    const answers = await Promise.all(athleteIds.map((id) => apiFetch<OwnerCardsResponse>(athleteCardsKey(base, id))));
    return { byAthlete: Object.fromEntries(athleteIds.map((id, i) => [id, answers[i]])) };
  });
}
