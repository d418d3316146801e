// Names and texts a person types are shown on public pages, in disclosures and in CSV exports: every
// write route refuses control characters (NUL, BEL, line feeds in one-line fields) and the
// text-direction overrides and isolates (U+202E...) with a 400 naming the field, through the real
// handlers on DynamoDB Local (one validator, shared/platform/text.ts forbiddenCharacter).
import { handler as admin } from '#lambdas/catalog/admin.handler';
import { handler as cards } from '#lambdas/cards/cards.handler';
import { handler as onboarding } from '#lambdas/onboarding/onboarding.handler';
import { handler as posts } from '#lambdas/sales/posts.handler';
import { handler as waitlist } from '#lambdas/onboarding/waitlist.handler';
import { createTestTable, type TestTable } from '../support/dynamo';
import { claimsFor, invoke } from '../support/invoke';

jest.setTimeout(60_000);

let table: TestTable;
beforeAll(async () => {
  table = await createTestTable();
});
afterAll(() => table?.drop());

const collective = claimsFor.collective(1);
const athlete = claimsFor.athlete(1);
const buyer = claimsFor.buyer('fan@example.com');

const SPOOFS = ['Jo\u202Enhoj', 'Jo\u2066hn', 'Jo\u0000hn', 'Jo\u0007hn', 'Jo\u0085hn', 'Jo\u001Bhn'];
const LINE_BREAK = 'Jo\nhn';

interface Case {
  fn: unknown;
  route: string;
  path: Record<string, string>;
  claims?: Record<string, string>;
  body: (value: string) => object;
  field: string;
}

const athleteBody = (v: Partial<Record<string, string>>) => ({ name: 'Jo', sport: 'Football', position: 'QB', number: '7', ...v });
const cardsRoute = 'POST /api/collectives/{id}/athletes/{athleteId}/cards';
const waitlistBody = (v: Partial<Record<string, string>>) => ({ firstName: 'Jo', lastName: 'Doe', email: 'jo@example.com', ...v });

const oneLine: Array<[string, Case]> = [
  [
    'athlete name',
    { fn: admin, route: 'POST /api/collectives/{id}/athletes', path: { id: '1' }, claims: collective, body: (v) => athleteBody({ name: v }), field: 'name' },
  ],
  [
    'athlete position',
    {
      fn: admin,
      route: 'POST /api/collectives/{id}/athletes',
      path: { id: '1' },
      claims: collective,
      body: (v) => athleteBody({ position: v }),
      field: 'position',
    },
  ],
  [
    'member rename',
    {
      fn: admin,
      route: 'PUT /api/collectives/{id}/athletes/{athleteId}',
      path: { id: '1', athleteId: '1' },
      claims: collective,
      body: (v) => ({ name: v }),
      field: 'name',
    },
  ],
  [
    'merch name',
    {
      fn: admin,
      route: 'POST /api/schools/{id}/merch',
      path: { id: '2' },
      claims: collective,
      body: (v) => ({ name: v, priceCents: 2500, image: '/images/x.png' }),
      field: 'name',
    },
  ],
  [
    'card title',
    { fn: cards, route: cardsRoute, path: { id: '1', athleteId: '1' }, claims: collective, body: (v) => ({ name: v, edition: 'Base' }), field: 'name' },
  ],
  [
    'edition name',
    { fn: cards, route: cardsRoute, path: { id: '1', athleteId: '1' }, claims: collective, body: (v) => ({ name: 'Card', edition: v }), field: 'edition' },
  ],
  [
    'set name',
    {
      fn: cards,
      route: 'POST /api/collectives/{id}/athletes/{athleteId}/sets',
      path: { id: '1', athleteId: '1' },
      claims: collective,
      body: (v) => ({ name: v }),
      field: 'name',
    },
  ],
  [
    'profile request name',
    {
      fn: onboarding,
      route: 'POST /api/profile-requests',
      path: {},
      claims: buyer,
      body: (v) => ({ name: v, sport: 'Football', schoolId: 2, position: 'QB' }),
      field: 'name',
    },
  ],
  [
    'invite email',
    {
      fn: onboarding,
      route: 'POST /api/collectives/{id}/invites',
      path: { id: '1' },
      claims: collective,
      body: (v) => ({ athleteId: 1, email: `${v}@example.com` }),
      field: 'email',
    },
  ],
  ['waiting list first name', { fn: waitlist, route: 'POST /api/waitlist', path: {}, body: (v) => waitlistBody({ firstName: v }), field: 'firstName' }],
  ['waiting list last name', { fn: waitlist, route: 'POST /api/waitlist', path: {}, body: (v) => waitlistBody({ lastName: v }), field: 'lastName' }],
];

const multiLine: Array<[string, Case]> = [
  [
    'athlete bio',
    { fn: admin, route: 'POST /api/collectives/{id}/athletes', path: { id: '1' }, claims: collective, body: (v) => athleteBody({ bio: v }), field: 'bio' },
  ],
  [
    'card description',
    {
      fn: cards,
      route: cardsRoute,
      path: { id: '1', athleteId: '1' },
      claims: collective,
      body: (v) => ({ name: 'Card', edition: 'Base', description: v }),
      field: 'description',
    },
  ],
  [
    'rejection reason',
    {
      fn: cards,
      route: 'POST /api/athletes/{id}/cards/{cardId}/reject',
      path: { id: '1', cardId: '1' },
      claims: athlete,
      body: (v) => ({ reason: v }),
      field: 'reason',
    },
  ],
  ['post', { fn: posts, route: 'POST /api/athletes/{id}/posts', path: { id: '1' }, claims: athlete, body: (v) => ({ content: v }), field: 'content' }],
  [
    'decline reason',
    {
      fn: onboarding,
      route: 'POST /api/collectives/{id}/profile-requests/{requestId}/decline',
      path: { id: '1', requestId: 'req-1' },
      claims: collective,
      body: (v) => ({ reason: v }),
      field: 'reason',
    },
  ],
  ['waiting list details', { fn: waitlist, route: 'POST /api/waitlist', path: {}, body: (v) => waitlistBody({ details: v }), field: 'details' }],
];

const call = (c: Case, value: string) =>
  invoke(c.fn, c.route, {
    pathParameters: c.path,
    claims: c.claims,
    headers: { 'idempotency-key': `text-${Math.random()}` },
    body: JSON.stringify(c.body(value)),
  });

describe.each(oneLine)('the one-line field: %s', (_label, c) => {
  it.each([...SPOOFS, LINE_BREAK])('refuses %j with a 400 naming the field', async (value) => {
    const res = await call(c, value);
    expect(res.status).toBe(400);
    // An email is refused as not an email; every other field names the character.
    expect(res.body.error.fields[c.field]).toMatch(c.field === 'email' ? /valid email/ : /U\+[0-9A-F]{4}/);
  });
});

describe.each(multiLine)('the multi-line field: %s', (_label, c) => {
  it.each(SPOOFS)('refuses %j with a 400 naming the field', async (value) => {
    const res = await call(c, value);
    expect(res.status).toBe(400);
    expect(res.body.error.fields[c.field]).toMatch(/U\+[0-9A-F]{4}/);
  });
  it('keeps line breaks and tabs', async () => {
    const res = await call(c, 'First line\n\tSecond line');
    expect(res.body?.error?.fields?.[c.field]).toBeUndefined();
  });
});

describe('a required text field that is missing', () => {
  it('is reported by name (an athlete without a name or position was saved with empty ones)', async () => {
    const res = await invoke(admin, 'POST /api/collectives/{id}/athletes', {
      pathParameters: { id: '1' },
      claims: collective,
      body: JSON.stringify({ sport: 'Football', number: '7' }),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toMatchObject({ name: 'Name is required', position: 'Position is required' });
  });
});
