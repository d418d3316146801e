// Athlete panel settings. Which athlete it shows comes from useTenant(): the signed-in athlete,
// else the demo athlete of /config.json.

/** How often the live figures (earnings, sales) refresh while the panel is open. */
export const LIVE_REFRESH_MS = 15_000;
