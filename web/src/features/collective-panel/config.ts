// Collective panel settings. Which collective it shows comes from useTenant(): the signed-in
// collective, else the demo collective of /config.json.

export const LIVE_REFRESH_MS = 15_000;
export const LOAD_ERROR = 'Failed to load data. Please try again later.';

/** The collective's writes in its own words where the server's would not say what to do. */
export const WRITE_TEXTS = {
  unauthorized: 'Sign in as the collective to make changes.',
  forbidden: 'This account cannot change this collective.',
} as const;

/** The payout writes: the server's words but for signing in. */
export const PAYOUT_TEXTS = { unauthorized: WRITE_TEXTS.unauthorized } as const;
