// A fan's own account (issue 23): the account settings page's contract (GET /api/me/account), the
// age question a Google account answers (PUT /api/me/age), "download my data" (GET /api/me/data) and
// "delete my account" (POST /api/me/deletion, then POST /api/me/deletion/confirm with the emailed code).

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
