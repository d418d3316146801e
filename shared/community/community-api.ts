// The community API (docs/API.md, "Community"): collector profiles, leaderboards, follows and the
// feed (issue 26 items 1 to 3). No answer carries an email, a buyer key or a minor.
import type { AthleteSummary } from '../catalog/catalog-types';
import type { CollectionAthlete } from '../sales/collection-api';

/** GET /api/collectors/{name}: a fan's public profile (404 unless its owner turned it on). */
export interface CollectorProfileResponse {
  displayName: string;
  /** Athletes whose cards the fan holds, a page at a time (their sets, cards held with serials). */
  athletes: CollectionAthlete[];
  /** On this page: the athletes the fan is a Top Fan of, and the sets completed. */
  topFanOf: number;
  completedSets: number;
  nextCursor: string | null;
}

export interface LeaderboardEntry {
  /** 1-based, among the fans listed publicly. */
  rank: number;
  /** The fan's display name when their public profile is on; null: a private collector (counted, not named). */
  name: string | null;
  /** Cards held (an athlete's or a school's board: units; a set's: distinct cards of the set). */
  cards: number;
  /** An athlete's board: a Top Fan; a set's: the whole set held. */
  complete: boolean;
}

export interface LeaderboardResponse {
  board: 'athlete' | 'set' | 'school';
  /** The set's id and name on a set's board. */
  set?: { id: number; name: string } | null;
  entries: LeaderboardEntry[];
  /** Fans on the board in all (minors and private collectors counted, never named). */
  fans: number;
}

export type FollowKind = 'athlete' | 'school';

export interface FollowView {
  kind: FollowKind;
  id: number;
  name: string;
  image: string | null;
  since: string;
}

export interface FollowsResponse {
  items: FollowView[];
}

/** A fan follows at most this many athletes and schools (the feed reads each one's news). */
export const FOLLOWS_MAX = 50;

export interface FeedItem {
  id: string;
  at: string;
  kind: 'new-card' | 'unlock' | 'drop' | 'post';
  title: string;
  link: string | null;
  athleteId: number;
  schoolId: number | null;
}

export interface FeedResponse {
  items: FeedItem[];
  nextCursor: string | null;
  /** What the fan follows (for the empty state: follow someone first). */
  following: number;
}

export type { AthleteSummary };
