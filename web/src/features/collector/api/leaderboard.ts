// Leaderboards: an athlete's (GET /api/athletes/{id}/leaderboard), one of its sets' (?set=) and a
// school's (GET /api/schools/{id}/leaderboard). Public and cached 20 s, like the pages they sit on.
import useSWR from 'swr';
import type { LeaderboardResponse } from '@shared/community/community-api';
import { apiFetch } from '@/lib/api-client';

export type BoardKey = { kind: 'athlete'; athleteId: number; setId?: number | 'all' } | { kind: 'school'; schoolId: number };

export const leaderboardPath = (board: BoardKey) =>
  board.kind === 'school'
    ? `/schools/${board.schoolId}/leaderboard`
    : `/athletes/${board.athleteId}/leaderboard${board.setId !== undefined ? `?set=${encodeURIComponent(String(board.setId))}` : ''}`;

export function useLeaderboard(board: BoardKey | null) {
  return useSWR<LeaderboardResponse>(board ? leaderboardPath(board) : null, (path: string) => apiFetch<LeaderboardResponse>(path));
}
