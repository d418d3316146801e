// The demo role (buyer, athlete, collective), kept in localStorage so it survives reloads.
import { useCallback, useSyncExternalStore } from 'react';

export const DEMO_ROLES = ['buyer', 'athlete', 'collective'] as const;
export type DemoRole = (typeof DEMO_ROLES)[number];

export const DEMO_ROLE_KEY = 'demoRole';
const CHANGE_EVENT = 'drift:demo-role';

export function isDemoRole(value: unknown): value is DemoRole {
  return typeof value === 'string' && (DEMO_ROLES as readonly string[]).includes(value);
}

export function readDemoRole(): DemoRole {
  try {
    const value = window.localStorage.getItem(DEMO_ROLE_KEY);
    return isDemoRole(value) ? value : 'buyer';
  } catch {
    return 'buyer';
  }
}

/** Only the three roles are accepted; anything else is ignored. */
export function writeDemoRole(role: unknown): boolean {
  if (!isDemoRole(role)) return false;
  try {
    window.localStorage.setItem(DEMO_ROLE_KEY, role);
  } catch {
    // Private mode without storage: the role still applies for this page view.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
  return true;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

export function useDemoRole(): [DemoRole, (role: DemoRole) => void] {
  const role = useSyncExternalStore(subscribe, readDemoRole, () => 'buyer' as DemoRole);
  const setRole = useCallback((next: DemoRole) => {
    writeDemoRole(next);
  }, []);
  return [role, setRole];
}

export const ROLE_LABELS: Record<DemoRole, string> = { buyer: 'Buyer', athlete: 'Athlete', collective: 'Collective' };

// Whether the visitor is browsing inside the demo: shared pages (athlete, card, school) then send
// them back to the /demo twins (e.g. My Cards after a purchase).
const DEMO_CONTEXT_KEY = 'driftDemoContext';

export function rememberDemoContext(inDemo: boolean): void {
  try {
    if (inDemo) window.sessionStorage.setItem(DEMO_CONTEXT_KEY, '1');
    else window.sessionStorage.removeItem(DEMO_CONTEXT_KEY);
  } catch {
    // Storage unavailable: fall back to the non-demo routes.
  }
}

export function isInDemoContext(): boolean {
  try {
    return window.sessionStorage.getItem(DEMO_CONTEXT_KEY) === '1';
  } catch {
    return false;
  }
}
