// A fan's own account (issue 23): the account settings page's contract (GET /api/me/account), the
// age question a Google account answers (PUT /api/me/age), "download my data" (GET /api/me/data) and
// "delete my account" (POST /api/me/deletion, then POST /api/me/deletion/confirm with the emailed code).
import type { CustomerData } from '../orders/privacy-api';

/** GET /api/me/account */
export interface AccountView {
  username: string;
  email: string;
  /** The age band the sign-up recorded ('unknown': a Google account that has not answered yet). */
  ageBand: 'minor' | 'adult' | 'unknown' | null;
  /** True when the account must answer the birth-date question before it is usable (a Google sign-up). */
  ageQuestion: boolean;
  /** Whether a public list may show this fan (shared rule: lambdas/identity/age-bands.ts isListedPublicly). */
  listedPublicly: boolean;
  /** A deletion waiting for its emailed code (when it was asked and until when the code is valid). */
  deletion: { requestedAt: string; expiresAt: string } | null;
}

/** PUT /api/me/age */
export interface AgeAnswerRequest {
  birthDate: string;
}

/** GET /api/me/data: everything Drift holds about the signed-in fan (a download of their own data). */
export interface AccountDataExport {
  generatedAt: string;
  account: { username: string; email: string; emailVerified: boolean; ageBand: AccountView['ageBand']; groups: string[] };
  orders: CustomerData['orders'];
  /** The cards held, by athlete, with the serial numbers of each card. */
  cards: Array<{
    athleteId: number;
    athleteName: string;
    cards: Array<{ cardId: number; name: string; units: number; serials: Array<[number, number]> }>;
  }>;
  /** The age band as recorded (never the birth date): how it was given and when (null: none recorded). */
  age: { band: string; source: string | null; at: string | null } | null;
  /** The collector profile: the chosen display name and whether the public page is on (null: never set). */
  profile: { displayName: string | null; public: boolean; updatedAt: string | null } | null;
  /** The athletes and schools followed, since when (each is also an entry among their followers). */
  follows: Array<{ kind: 'athlete' | 'school'; id: number; since: string | null }>;
  notifications: {
    /** The settings: the address emails go to, time zone, quiet hours, email per kind, when each kind last emailed. */
    settings: {
      address: string | null;
      timeZone: string;
      quietHours: { start: number; end: number } | null;
      email: Record<string, boolean>;
      lastEmailed: Record<string, string>;
    } | null;
    /** Unread count and the newest notice seen. */
    state: { unread: number; seenUpTo: string | null } | null;
    /** Every notice kept (180 days), newest first, with what happened to its email; `to` says whether it
     * was to the account, or to its address before it had one (an invitation). */
    notices: Array<{ at: string; category: string; title: string; body: string; link: string | null; email: string; to: 'account' | 'address' }>;
    /** Notices held for a digest email still to send. */
    digests: Array<{ category: string; count: number; dueAt: string }>;
  };
  /** The waiting-list entry this email left, if any. */
  waitingList: { firstName: string; lastName: string; school: string | null; details: string; submittedAt: string } | null;
  /** The athlete profile request this account sent (/create-profile), if any, and where it stands. */
  profileRequest: {
    name: string;
    sport: string | null;
    position: string | null;
    schoolName: string | null;
    state: string;
    createdAt: string | null;
    decidedAt: string | null;
    declineReason: string | null;
  } | null;
  /** A pending deletion (its code itself is never kept, only its hash). */
  deletion: { requestedAt: string; expiresAt: string; tries: number } | null;
  /** True when the fan has more orders, holdings or notices than one export holds (the operators send the rest). */
  truncated: boolean;
}

/** POST /api/me/deletion: the code is emailed to the account's address; it is valid until `expiresAt`. */
export interface DeletionRequested {
  sentTo: string;
  expiresAt: string;
}

/** POST /api/me/deletion/confirm {code} */
export interface DeletionConfirmRequest {
  code: string;
}

export interface DeletionDone {
  /** Orders whose buyer's personal data was removed (the cards stay as an anonymous collector's). */
  redactedOrders: number;
  requestId: string;
}
