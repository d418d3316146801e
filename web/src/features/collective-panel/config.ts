// Which collective the collective panel shows. Until sign-in exists it is the demo collective
// (its members are the athletes whose agent is 'test'); sign-in replaces this one constant.
import { DEMO_COLLECTIVE_ID } from '../../../../shared/seed-data';

export const PANEL_COLLECTIVE_ID = DEMO_COLLECTIVE_ID;

export const LIVE_REFRESH_MS = 15_000;
export const LOAD_ERROR = 'Failed to load data. Please try again later.';
