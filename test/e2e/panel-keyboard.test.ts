// The panels with the keyboard alone (issue 25 item 5): the side menus and the sections' tabs
// follow the WAI-ARIA tabs pattern (one Tab stop, the arrow keys, Home and End move and select,
// Tab goes on into the selected panel), the focus is always visible, and the dialogs (a side
// panel, a confirmation) take the focus, keep it, close on Escape and give it back. The card form
// takes the focus when it opens and gives it back when it closes.
import type { Page } from 'playwright-core';
import { useBrowserPage } from '../support/browser';
import { eventually, localSeedDone, signInUi, url } from '../support/e2e-api';

jest.setTimeout(180_000);

let page: Page;
useBrowserPage({ timeoutMs: 20_000, onPage: (p) => (page = p) });

/** The focused element: its role (or tag), accessible-ish name, and whether it shows a focus ring. */
interface Focused {
  role: string;
  name: string;
  selected: string | null;
  ring: boolean;
  inDialog: boolean;
}
const focused = (): Promise<Focused> =>
  page.evaluate(`(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return { role: 'body', name: '', selected: null, ring: false, inDialog: false };
    const labelled = el.getAttribute('aria-labelledby');
    const name = (el.getAttribute('aria-label') || (labelled && document.getElementById(labelled)?.textContent) || el.textContent || '').trim();
    const style = getComputedStyle(el);
    return {
      role: el.getAttribute('role') || el.tagName.toLowerCase(),
      name,
      selected: el.getAttribute('aria-selected'),
      ring: el.matches(':focus-visible') && ((style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none'),
      inDialog: Boolean(el.closest('dialog[open]')),
    };
  })()`) as Promise<Focused>;

/** Presses Tab until the focus is on an element the predicate accepts (at most `max` presses). */
async function tabTo(accept: (f: Focused) => boolean, max = 40): Promise<Focused> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const f = await focused();
    if (accept(f)) return f;
  }
  throw new Error(`Tab never reached it (last: ${JSON.stringify(await focused())})`);
}

/** The focus is on this tab, selected (the section shows once React has rendered: waited for), with its ring. */
async function expectTab(name: string) {
  const f = await eventually(focused, (x) => x.name === name && x.selected === 'true', 5_000);
  expect(f).toMatchObject({ role: 'tab', name, selected: 'true', ring: true });
}

describe('the panels with the keyboard', () => {
  it("the athlete panel's menu and Earnings' tabs: arrows, Home and End, then Tab into the section", async () => {
    await page.goto(url('/demo/athlete'));
    await page.getByRole('table', { name: 'Recent orders, newest first' }).waitFor();
    // One Tab stop for the whole menu: the selected section.
    await tabTo((f) => f.role === 'tab');
    await expectTab('Home');
    await page.keyboard.press('ArrowRight');
    await expectTab('Cards & approvals');
    await page.getByRole('table', { name: 'Sale state of each card' }).waitFor();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('cards');
    await page.keyboard.press('ArrowDown');
    await expectTab('Earnings');
    await page.keyboard.press('End');
    await expectTab('Posts');
    await page.keyboard.press('ArrowRight'); // wraps
    await expectTab('Home');
    await page.keyboard.press('ArrowLeft'); // wraps back
    await expectTab('Posts');
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expectTab('Earnings');
    // Tab leaves the menu for the section (a focusable tabpanel named by its tab), then its own tabs.
    await page.keyboard.press('Tab');
    expect(await focused()).toMatchObject({ role: 'tabpanel', ring: true });
    expect(await page.evaluate('document.activeElement.getAttribute("aria-labelledby")')).toBe(
      await page.getByRole('tab', { name: 'Earnings' }).getAttribute('id'),
    );
    await tabTo((f) => f.role === 'tab');
    await expectTab('Payouts');
    await page.keyboard.press('ArrowRight');
    await expectTab('Activations');
    await page.keyboard.press('ArrowRight');
    await expectTab('Statement');
    await page.getByRole('table', { name: /^Statement lines/ }).waitFor();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('statement');
  });

  it("the collective panel's side menu (vertical: Up and Down) and Settings' tabs", async () => {
    await page.goto(url('/demo/collective'));
    await page.getByRole('table', { name: 'Monthly Earnings' }).waitFor({ state: 'attached' });
    expect(await page.getByRole('tablist', { name: 'Collective panel' }).getAttribute('aria-orientation')).toBe('vertical');
    await tabTo((f) => f.role === 'tab');
    await expectTab('Overview');
    await page.keyboard.press('ArrowDown');
    await expectTab('Athletes');
    await page.getByRole('table', { name: 'Collective athletes' }).waitFor();
    await page.keyboard.press('End');
    await expectTab('Audit log');
    await page.keyboard.press('ArrowUp');
    await expectTab('Settings');
    await page.getByRole('tablist', { name: 'Settings' }).waitFor();
    await tabTo((f) => f.role === 'tab' && f.name !== 'Settings');
    await expectTab('Athletes Management');
    await page.keyboard.press('ArrowRight');
    await expectTab('Add Athlete Profile');
    await page.getByRole('button', { name: 'Add Athlete' }).waitFor();
  });

  it('dialogs take the focus, keep it, close on Escape and give it back; the card form takes and gives back the focus', async () => {
    await localSeedDone();
    await signInUi(page, 'collective', 'collective');
    // A side panel: Record W-9.
    await page.goto(url('/collective?section=payouts'));
    const record = page.getByRole('button', { name: /^Record W-9 of/ }).first();
    await record.focus();
    const opener = await record.getAttribute('aria-label');
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: /^Record the W-9 of/ });
    await panel.waitFor();
    expect(await focused()).toMatchObject({ name: 'Close', inDialog: true });
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      const f = await focused();
      // The page behind is inert: the focus stays in the panel (or, between rounds, on the window).
      expect(f.inDialog || f.role === 'body').toBe(true);
    }
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect((await focused()).name).toBe(opener);

    // A confirmation: Remove an athlete asks first; Escape changes nothing.
    await page.goto(url('/collective?section=settings'));
    const remove = page.getByRole('button', { name: /^Remove / }).first();
    const removeName = await remove.getAttribute('aria-label');
    await remove.focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog');
    await confirm.waitFor();
    expect(await focused()).toMatchObject({ name: 'Cancel', inDialog: true, ring: true });
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    expect((await focused()).name).toBe(removeName);
    await page.getByRole('button', { name: removeName! }).waitFor();

    // The card form: New card moves the focus to the form's title; Cancel gives it back to New card.
    await page.goto(url('/collective?section=cards'));
    await page.getByRole('button', { name: 'New card' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('list', { name: 'Steps' }).waitFor();
    expect(await focused()).toMatchObject({ role: 'h3', name: 'New card' });
    await tabTo((f) => f.name === 'Cancel');
    await page.keyboard.press('Enter');
    await page.getByRole('list', { name: 'Steps' }).waitFor({ state: 'detached' });
    expect(await focused()).toMatchObject({ role: 'button', name: 'New card' });
  });
});
