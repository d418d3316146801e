// Collective panel settings. Which collective it shows comes from useTenant(): the signed-in
// collective, else the demo collective of /config.json.

export const LIVE_REFRESH_MS = 15_000;
export const LOAD_ERROR = 'Failed to load data. Please try again later.';
