// Browser tests drive Debian's Chromium through playwright-core against local mode.
// The global setup starts local mode (in memory) and exports its URL as E2E_BASE_URL.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../scripts/lib/chromium';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run browser tests through `npm test` (the global setup starts local mode)');
  return url;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

export interface BrowserTestState {
  browser: Browser;
  context: BrowserContext;
  page: Page;
}

/** Marks the console line the init script below writes for each securitypolicyviolation event. */
const CSP_EVENT_PREFIX = 'csp-violation:';

/** Registers the jest hooks of a browser test file: one browser per file, a fresh context and
 * page (1280x900) per test. The returned object holds the current ones. A test fails when any
 * page of its context reports a Content-Security-Policy violation (the local server sends the
 * production policy, infra/security-headers.ts). `onPage` gets each test's page before the test
 * runs (a file that keeps it in a variable of its own). */
export function useBrowserPage(options: { timeoutMs?: number; onPage?: (page: Page) => void } = {}): BrowserTestState {
  const state = {} as BrowserTestState;
  beforeAll(async () => {
    state.browser = await launchBrowser();
  });
  afterAll(async () => {
    await state.browser?.close();
  });
  let cspViolations: string[] = [];
  beforeEach(async () => {
    cspViolations = [];
    state.context = await state.browser.newContext({ viewport: { width: 1280, height: 900 } });
    // Chromium logs a blocked load or eval as "Refused to ... Content Security Policy ..."; the
    // securitypolicyviolation listener (in every frame) reports each violation event as well.
    await state.context.addInitScript(
      `document.addEventListener('securitypolicyviolation', (e) => console.error('${CSP_EVENT_PREFIX} ' + e.effectiveDirective + ' ' + e.blockedURI));`,
    );
    state.context.on('console', (message) => {
      const text = message.text();
      if (text.startsWith(CSP_EVENT_PREFIX) || text.includes('Content Security Policy')) cspViolations.push(`${message.location().url}: ${text}`);
    });
    state.page = await state.context.newPage();
    state.page.setDefaultTimeout(options.timeoutMs ?? 15_000);
    options.onPage?.(state.page);
  });
  afterEach(async () => {
    await state.context?.close();
    if (cspViolations.length > 0) throw new Error(`Content-Security-Policy violations:\n${cspViolations.join('\n')}`);
  });
  return state;
}

/** Holds the app's entry module (Vite's assets/index-<hash>.js) back until `release()`: the page
 * shows its prerendered HTML and none of the app's script runs until then. */
export async function holdAppEntry(page: Page): Promise<{ release: () => void }> {
  let held = true;
  const waiting: Array<() => void> = [];
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    if (held) await new Promise<void>((resolve) => waiting.push(resolve));
    await route.continue();
  });
  return {
    release: () => {
      held = false;
      waiting.splice(0).forEach((go) => go());
    },
  };
}

/** Waits until `check` answers true, asking every 250 ms; fails after `timeoutMs`. */
export async function expectEventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('condition not met in time');
}
