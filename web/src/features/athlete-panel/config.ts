// Which athlete the athlete panel shows. Until sign-in exists the panel is the demo athlete's
// (Marcus Reed, agent 'test'); sign-in replaces this one constant with the signed-in athlete.
export const PANEL_ATHLETE_ID = 1;

/** How often the live figures (earnings, sales) refresh while the panel is open. */
export const LIVE_REFRESH_MS = 15_000;
