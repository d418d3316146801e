// The name guard at every entry point of a public name, on DynamoDB Local (issue 32 item 4, decision
// 0026): a fan's display name (PUT /api/me/profile), a donor's name (POST /api/support/{id}/checkout),
// a collective application's new school and organisation name (POST /api/collective-applications)
// and its approval. Look-alikes of athletes, schools, collectives, staff words and "A collector" are
// refused on the field with a message naming what they are too close to; real names pass.
import { handler as community } from '#lambdas/community/community.handler';
import { handler as onboarding } from '#lambdas/onboarding/onboarding.handler';
import { handler as operator } from '#lambdas/operator/operator.handler';
import { handler as support } from '#lambdas/payments/support.handler';
import { catalogWriter } from '#lambdas/catalog/admin-repo';
import { putCatalog } from '#lambdas/catalog/catalog-repo';
import * as keys from '#lambdas/platform/keys';
import { dynamoStore, keyString } from '#lambdas/platform/store';
import { SAMPLE_CATALOG } from '#shared/catalog/seed-data';
import { COLLECTIVE_TERMS_VERSION } from '#shared/onboarding/collective-terms';
import { athleteFoldKey, foldName } from '#shared/platform/name-guard';
import { catalogDrift } from '../support/catalog-drift';
import { createTestTable, type TestTable } from '../support/dynamo';
import { useRecordingIdentityAdmin } from '../support/identity-admin';
import { claimsFor, invoke } from '../support/invoke';

jest.setTimeout(120_000);

const ATHLETE = (name: string) => `This name is too close to ${name}, an athlete on Drift: choose a name that is your own.`;
const SCHOOL = (name: string) => `This name is too close to ${name}, a school on Drift: choose a name that is your own.`;
const COLLECTIVE = (name: string) => `This name is too close to ${name}, a collective on Drift: choose a name that is your own.`;
const STAFF = (word: string) => `This name is too close to “${word}”, a word kept for Drift and its staff: choose a name without it.`;
const LABEL = 'This name is too close to “A collector”, what Drift calls collectors whose names stay private: choose another.';

/** A school on Drift without a collective (the sample catalog's schools all have one). */
const FREE_SCHOOL = { ...SAMPLE_CATALOG.schools[0]!, id: 9, name: 'Drift Coastal College' };
/** A school whose name holds no staff word (every sample school's holds "Drift", which the form refuses first). */
const HARBOR = { ...SAMPLE_CATALOG.schools[0]!, id: 10, name: 'Harbor Point College' };
const LOGO = '/uploads/0b6f3a52-6e53-4e2b-9a7e-1c2d3e4f5a6b.png';
const operatorClaims = { sub: 'operator-1', 'cognito:username': 'operator', email: 'ops@example.com', email_verified: 'true', 'cognito:groups': '[operator]' };
const user = (name: string) => ({
  sub: `sub-${name}`,
  'cognito:username': name,
  email: `${name}@example.com`,
  email_verified: 'true',
  'cognito:groups': '[buyer]',
});
const application = (organisation: string, school: { new: string } | { existing: number }) => ({
  name: organisation,
  legalName: `${organisation} Inc.`,
  website: 'https://example.org',
  contactEmail: 'board@example.org',
  phone: '+1 555 010 0199',
  ...('new' in school
    ? {
        schoolKind: 'new',
        schoolId: null,
        schoolName: school.new,
        schoolLogo: LOGO,
        schoolState: 'ma',
        primary: '#0a3161',
        secondary: '#FFFFFF',
        accent: '#C4161C',
      }
    : { schoolKind: 'existing', schoolId: school.existing, schoolName: '', schoolLogo: '', primary: '', secondary: '', accent: '' }),
  acceptTerms: true,
  termsVersion: COLLECTIVE_TERMS_VERSION,
});

describe('the name guard on DynamoDB Local', () => {
  let table: TestTable;
  let key = 0;

  beforeAll(async () => {
    table = await createTestTable({ seedCatalog: false });
    const sample = structuredClone(SAMPLE_CATALOG);
    await putCatalog({ ...sample, schools: [...sample.schools, structuredClone(FREE_SCHOOL), structuredClone(HARBOR)] });
    useRecordingIdentityAdmin();
  });
  afterAll(() => table?.drop());

  const saveName = (email: string, displayName: string) =>
    invoke(community, 'PUT /api/me/profile', { claims: claimsFor.buyer(email), body: JSON.stringify({ displayName, public: false }) });
  const give = (donorName: string) =>
    invoke(support, 'POST /api/support/{id}/checkout', {
      pathParameters: { id: '3' },
      headers: { origin: 'http://127.0.0.1:5173', 'idempotency-key': `name-guard-${++key}` },
      body: JSON.stringify({ kind: 'gift', amountCents: 2_500, donorName, anonymous: false, organization: false, comment: '' }),
    });
  const apply = (who: string, body: object) => invoke(onboarding, 'POST /api/collective-applications', { claims: user(who), body: JSON.stringify(body) });
  const approve = (applicationId: string) =>
    invoke(operator, 'POST /api/operator/applications/{applicationId}/approve', { claims: operatorClaims, pathParameters: { applicationId } });

  it('refuses a display name too close to an athlete, a school, a collective, a staff word or “A collector”', async () => {
    const cases: Array<[string, string]> = [
      ['M a r c u s Reed', ATHLETE('Marcus Reed')],
      ['TheRealMarcusReed7', ATHLETE('Marcus Reed')],
      ['marcus.reed', ATHLETE('Marcus Reed')],
      ['Harbor Point College', SCHOOL('Harbor Point College')],
      ['Drift State University', STAFF('drift')],
      ['Engineers Collective', COLLECTIVE('Engineers Collective')],
      ['A collector', LABEL],
      ['Adm1n Desk', STAFF('admin')],
    ];
    for (const [name, message] of cases) {
      const res = await saveName('casey@example.com', name);
      expect([name, res.status, res.body.error?.fields]).toEqual([name, 400, { displayName: message }]);
    }
    for (const name of ['Zoe Fan', 'OBrien', 'Jose Alvarez'])
      expect([name, (await saveName(`${name.replace(/\W/g, '')}@example.com`, name)).status]).toEqual([name, 200]);
  });

  it('refuses a donor’s name too close to a protected name; a real name reaches the payment step', async () => {
    const cases: Array<[string, string]> = [
      ['Marcus Reed', ATHLETE('Marcus Reed')],
      ['M\u0430rcus Reed', ATHLETE('Marcus Reed')], // Cyrillic а
      ['Official Drift Admin', STAFF('drift')],
      ['Harbor P\u043Eint Coll\u0435ge', SCHOOL('Harbor Point College')], // Cyrillic о and е
      ['Drift State Un\u0456versity', STAFF('drift')], // Cyrillic і: "Drift" is refused first
      ['Hawks Forever Collective', COLLECTIVE('Hawks Forever Collective')],
      ['A Collector', LABEL],
    ];
    for (const [name, message] of cases) {
      const res = await give(name);
      expect([name, res.status, res.body.error?.fields]).toEqual([name, 400, { donorName: message }]);
    }
    // Collective 3 has not linked Stripe: a name that passes the guard meets that refusal instead.
    for (const name of ['José Álvarez', "O'Brien", 'Nguyễn', 'Zoë']) {
      const res = await give(name);
      expect([name, res.status, res.body.error?.code]).toEqual([name, 409, 'conflict']);
    }
  });

  it('refuses a new school whose name folds to an existing school’s, naming it, and a collective name likewise', async () => {
    const school = await apply('dana', application('Coastal Boosters', { new: 'Drift Coastal C\u043Ellege' })); // Cyrillic о
    expect([school.status, school.body.error.fields]).toEqual([
      400,
      { schoolName: 'School name: Drift Coastal College is already on Drift; choose it from the list' },
    ]);
    const taken = await apply('dana', application('Boosters', { new: 'Drift State Un\u0456versity' }));
    expect([taken.status, taken.body.error.message]).toEqual([409, 'Drift State University already has a collective on Drift']);
    const collective = await apply('dana', application('Engineers C\u043Ellective', { existing: 9 }));
    expect([collective.status, collective.body.error.fields]).toEqual([
      400,
      { name: "Organisation name: Engineers Collective is already a collective on Drift; choose your organisation's own name" },
    ]);
  });

  it('approves one of two look-alike new schools and refuses the other at approval, naming the school on Drift', async () => {
    const first = await apply('erin', application('Bay Boosters', { new: 'Drift Bay College' }));
    const second = await apply('finn', application('Bay Backers', { new: 'Drift Bay C\u043Ellege' }));
    expect([first.status, second.status]).toEqual([201, 201]);
    expect((await approve(first.body.id)).status).toBe(200);
    const refused = await approve(second.body.id);
    expect([refused.status, refused.body.error.message]).toEqual([409, 'Drift Bay College already has a collective on Drift']);
    // The new school's and the collective's names are claimed by their folds.
    const claims = await dynamoStore.get([keys.schoolNameClaim(foldName('Drift Bay College')), keys.collectiveNameClaim(foldName('Bay Boosters'))]);
    expect(claims.size).toBe(2);
    expect(claims.get(keyString(keys.schoolNameClaim(foldName('Drift Bay C\u043Ellege'))))).toBeDefined();
  });

  it('keeps the athletes’ folded-name index with every athlete write', async () => {
    const athlete = structuredClone(SAMPLE_CATALOG.athletes.find((a) => a.name === 'Jordan Price')!);
    expect((await saveName('gale@example.com', 'Jordan Pryce')).status).toBe(200);
    await catalogWriter(dynamoStore).saveAthlete({ ...athlete, name: 'Jordan Prycé' });
    const found = await dynamoStore.get([keys.catalogFoldedName(athleteFoldKey('Jordan Price')), keys.catalogFoldedName(athleteFoldKey('Jordan Pryce'))]);
    expect([...(found.get(keyString(keys.catalogFoldedName(athleteFoldKey('Jordan Pryce'))))?.ids as Set<number>)]).toEqual([athlete.id]);
    expect([...((found.get(keyString(keys.catalogFoldedName(athleteFoldKey('Jordan Price'))))?.ids as Set<number> | undefined) ?? [])]).toEqual([]);
    // The renamed athlete's name is now protected, the old one free.
    expect((await saveName('hale@example.com', 'Jordan Pryce 2')).body.error.fields).toEqual({ displayName: ATHLETE('Jordan Prycé') });
    expect((await saveName('hale@example.com', 'Jordan Price')).status).toBe(200);
    expect(await catalogDrift()).toEqual([]);
  });
});
