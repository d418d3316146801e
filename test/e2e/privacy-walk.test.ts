// Privacy walk (issue 26's quality bar; DESIGN.md section 11): every public route of the route table
// (lambdas/routes.ts, access 'public') and every page the server renders, against local mode with
// its sample orders, a fan with a public collector profile and a minor who bought cards and chose a
// display name: no answer holds any buyer's email or any part of one (the local part, the buyer key
// derived from it), and none names or counts out the minor (their display name, their pseudonym).
import type { AthleteProfileResponse } from '#shared/catalog/catalog-api';
import type { MyProfile } from '#shared/community/display-names';
import { ROUTES } from '#lambdas/routes';
import { hashEmail } from '#lambdas/identity/buyers';
import { SAMPLE_CATALOG } from '#shared/catalog/seed-data';
import { sampleDeliveries } from '../../scripts/lib/sample-orders';
import { api, codeFor, cognito, eventually, localSeedDone, tokenOf, url } from '../support/e2e-api';
import { adultSignUp } from '../support/age-screen';

jest.setTimeout(300_000);

const run = Date.now().toString(36);
const ADULT = `public.${run}@example.com`;
const MINOR = `young.${run}@example.com`;
const DEMO_EMAILS = [
  'athlete@demo.drift.local',
  'collective@demo.drift.local',
  'demo.fan@example.com',
  'operator@demo.drift.local',
  'applicant@demo.drift.local',
];

async function signUp(name: string, email: string, band: 'adult' | 'minor'): Promise<string> {
  const attributes =
    band === 'adult'
      ? adultSignUp(email)
      : {
          UserAttributes: [
            { Name: 'email', Value: email },
            { Name: 'custom:ageBand', Value: 'minor' },
          ],
          ValidationData: [{ Name: 'birthdate', Value: `${new Date().getUTCFullYear() - 15}-03-01` }],
        };
  const res = await cognito('SignUp', { Username: name, Password: 'secret123', ...attributes });
  if (res.status !== 200) throw new Error(`sign-up of ${name}: ${JSON.stringify(res.body)}`);
  await cognito('ConfirmSignUp', { Username: name, ConfirmationCode: await codeFor(email) });
  return tokenOf(name, 'secret123');
}

/** The path of a public route with its parameters filled from the sample data (unknown: a dummy). */
function fill(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? 'x'));
}

describe('no public answer holds an email or a minor', () => {
  const secrets: string[] = [];
  let adultName = '';

  beforeAll(async () => {
    await localSeedDone();
    const adult = await signUp(`pub${run}`, ADULT, 'adult');
    const minor = await signUp(`young${run}`, MINOR, 'minor');
    // Both buy the whole set of athlete 1 (Top Fans) through the local checkout, signed in.
    for (const token of [adult, minor])
      for (const cardId of [1, 2, 3]) await api('/checkout', token, 'POST', { athleteId: 1, cardId, quantity: 1 }).catch(() => undefined);
    adultName = `Walker${run}`.slice(0, 24);
    await api('/me/profile', adult, 'PUT', { displayName: adultName, public: true });
    await api('/me/profile', minor, 'PUT', { displayName: `Kid${run}`.slice(0, 24), public: false });
    const minorProfile = await api<MyProfile>('/me/profile', minor);
    await eventually(
      () => api<{ topFans: Array<{ buyer: string }> }>('/athletes/1/stats', null),
      (s) => s.topFans.some((t) => t.buyer === adultName),
    );
    // Every buyer of the sample orders local mode seeded, the demo accounts, and this test's fans.
    const sampleBuyers = sampleDeliveries(SAMPLE_CATALOG).flatMap((d) => {
      const email = (JSON.parse(d.body) as { email?: unknown }).email;
      return typeof email === 'string' && email.includes('@') ? [email.toLowerCase()] : [];
    });
    expect(sampleBuyers.length).toBeGreaterThan(5);
    const emails = [...new Set([...sampleBuyers, ...DEMO_EMAILS, ADULT, MINOR])];
    for (const email of emails) {
      secrets.push(email, hashEmail(email));
      const local = email.split('@')[0];
      // A local part as a value or a word (the demo accounts' are the role words every answer uses:
      // 'athlete', 'collective'; their whole addresses are checked).
      if (local.length >= 5 && !DEMO_EMAILS.includes(email)) secrets.push(`${local}@`, `"${local}"`, ` ${local} `, `>${local}<`);
    }
    // The minor, by any name: their chosen name and their pseudonym.
    secrets.push(`Kid${run}`, minorProfile.pseudonym);
  });

  const check = (where: string, text: string) => {
    const found = secrets.filter((s) => text.toLowerCase().includes(s.toLowerCase()));
    expect([where, found]).toEqual([where, []]);
  };

  it('walks every public route of the route table', async () => {
    const athlete = await api<AthleteProfileResponse>('/athletes/1', null);
    const values: Record<string, string> = {
      id: '1',
      athleteId: '1',
      cardId: String(athlete.cards[0]?.id ?? 1),
      sport: 'football',
      name: adultName,
      orderId: '1001',
      year: String(new Date().getUTCFullYear()),
      sessionId: 'cs_test_none',
      key: 'none.png',
    };
    const publicRoutes = ROUTES.filter((r) => r.access === 'public' && !(r.localOnly && r.path.startsWith('/api/uploads')));
    expect(publicRoutes.length).toBeGreaterThan(40);
    let walked = 0;
    for (const route of publicRoutes) {
      const ids =
        route.path.includes('/schools/') || route.path.includes('/support/') ? ['2', '1'] : route.path.includes('/collectives/') ? ['1'] : ['1', '2', '10'];
      for (const id of ids) {
        const path = fill(route.path, { ...values, id });
        const query = route.path === '/api/search' ? '?query=a&type=all' : route.path === '/api/athletes' ? '?ids=1,2,10' : '';
        const body =
          route.method === 'POST'
            ? JSON.stringify(route.path === '/api/waitlist' ? { firstName: 'Pat', lastName: 'Lee', email: `wait.${run}@example.com`, details: '' } : {})
            : undefined;
        const res = await fetch(url(`${path}${query}`), { method: route.method, headers: body ? { 'content-type': 'application/json' } : {}, body });
        check(`${route.method} ${path}${query} (${res.status})`, await res.text());
        walked++;
      }
    }
    expect(walked).toBeGreaterThan(80);
  });

  it('walks every page the server renders', async () => {
    const athlete = await api<AthleteProfileResponse>('/athletes/1', null);
    const pages = [
      '/',
      '/demo',
      '/search?query=a',
      '/demo/search?query=reed',
      ...['1', '2', '10'].flatMap((id) => [`/athlete/${id}`, `/athlete-media/${id}`]),
      `/athlete/1/card/${athlete.cards[0]?.id ?? 1}`,
      '/school/2',
      '/school/3',
      '/school/2/sport/football',
      '/support/1',
      `/collector/${encodeURIComponent(adultName)}`,
      '/demo/collective',
      '/demo/athlete',
      '/demo/mycards',
    ];
    for (const page of pages) {
      const res = await fetch(url(page));
      expect([page, res.status]).toEqual([page, 200]);
      check(`page ${page}`, await res.text());
    }
  });
});
