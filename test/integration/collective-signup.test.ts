// Collective sign-up on DynamoDB Local (issue 22 item 1, decision 0013): a signed-in account applies
// for its organisation and a school (one on Drift without a collective, or a new one); an operator
// lists the applications and approves them (the school, the collective and the account's link,
// exactly once) or declines them with a reason the applicant sees; the new collective's checklist.
// The identity provider is a recording stand-in, registered as local mode registers its own.
import { handler as onboarding } from '#lambdas/onboarding/onboarding.handler';
import { handler as operator } from '#lambdas/operator/operator.handler';
import { handler as catalog } from '#lambdas/catalog/catalog.handler';
import { handler as admin } from '#lambdas/catalog/admin.handler';
import { handler as cards } from '#lambdas/cards/cards.handler';
import { getCollective, loadCatalog, putCatalog } from '#lambdas/catalog/catalog-repo';
import * as keys from '#lambdas/platform/keys';
import { dynamoStore } from '#lambdas/platform/store';
import { SAMPLE_CATALOG } from '#shared/catalog/seed-data';
import { COLLECTIVE_TERMS_VERSION } from '#shared/onboarding/collective-terms';
import { createTestTable, type TestTable } from '../support/dynamo';
import { useRecordingIdentityAdmin, type RecordingIdentityAdmin } from '../support/identity-admin';
import { claimsFor, invoke } from '../support/invoke';

jest.setTimeout(60_000);

const LOGO = '/uploads/0b6f3a52-6e53-4e2b-9a7e-1c2d3e4f5a6b.png';
/** A school on Drift without a collective (the sample catalog's schools all have one). */
const FREE_SCHOOL = { ...SAMPLE_CATALOG.schools[0], id: 9, name: 'Drift Coastal College' };

const operatorClaims = { sub: 'operator-1', 'cognito:username': 'operator', email: 'ops@example.com', email_verified: 'true', 'cognito:groups': '[operator]' };
const user = (name: string, verified = true) => ({
  sub: `sub-${name}`,
  'cognito:username': name,
  email: `${name}@example.com`,
  email_verified: String(verified),
  'cognito:groups': '[buyer]',
});
/** The account after the approval's link: what its refreshed token carries. */
const linked = (name: string, collectiveId: number) => ({ ...user(name), 'cognito:groups': '[buyer collective]', 'custom:collectiveId': String(collectiveId) });

const organisation = (name: string) => ({
  name,
  legalName: `${name} Inc.`,
  website: 'https://example.org',
  contactEmail: 'Board@Example.org',
  phone: '+1 555 010 0199',
});
const newSchool = (schoolName: string) => ({
  schoolKind: 'new',
  schoolId: null,
  schoolName,
  schoolLogo: LOGO,
  schoolState: 'ma',
  primary: '#0a3161',
  secondary: '#FFFFFF',
  accent: '#C4161C',
});
const existingSchool = (schoolId: number) => ({ schoolKind: 'existing', schoolId, schoolName: '', schoolLogo: '', primary: '', secondary: '', accent: '' });
const terms = { acceptTerms: true, termsVersion: COLLECTIVE_TERMS_VERSION };

describe('collective sign-up on DynamoDB Local', () => {
  let table: TestTable;
  let identity: RecordingIdentityAdmin;

  beforeAll(async () => {
    table = await createTestTable({ seedCatalog: false });
    const sample = structuredClone(SAMPLE_CATALOG);
    await putCatalog({ ...sample, schools: [...sample.schools, structuredClone(FREE_SCHOOL)] });
    identity = useRecordingIdentityAdmin();
  });
  afterAll(() => table?.drop());

  const apply = (claims: Record<string, string>, body: object, key?: string) =>
    invoke(onboarding, 'POST /api/collective-applications', { claims, body: JSON.stringify(body), headers: key ? { 'idempotency-key': key } : {} });
  const mine = async (claims: Record<string, string>) => (await invoke(onboarding, 'GET /api/collective-applications/mine', { claims })).body.application;
  const list = (status?: string, claims: Record<string, string> = operatorClaims) =>
    invoke(operator, 'GET /api/operator/applications', { claims, query: status ? { status } : undefined });
  const approve = (applicationId: string, claims: Record<string, string> = operatorClaims) =>
    invoke(operator, 'POST /api/operator/applications/{applicationId}/approve', { claims, pathParameters: { applicationId } });
  const decline = (applicationId: string, reason: unknown, claims: Record<string, string> = operatorClaims) =>
    invoke(operator, 'POST /api/operator/applications/{applicationId}/decline', {
      claims,
      pathParameters: { applicationId },
      body: JSON.stringify({ reason }),
    });
  const checklist = (collectiveId: number, claims: Record<string, string>) =>
    invoke(onboarding, 'GET /api/collectives/{id}/checklist', { claims, pathParameters: { id: String(collectiveId) } });
  const steps = async (collectiveId: number, claims: Record<string, string>) =>
    Object.fromEntries((await checklist(collectiveId, claims)).body.steps.map((s: { id: string; done: boolean }) => [s.id, s.done]));

  it('names each invalid field', async () => {
    const res = await apply(user('nobody'), {
      name: '',
      legalName: '',
      website: 'http://example.org',
      contactEmail: 'not-an-email',
      phone: '12',
      ...newSchool(''),
      schoolLogo: 'https://elsewhere.example/logo.png',
      schoolState: 'XX',
      primary: 'red',
      acceptTerms: false,
      termsVersion: COLLECTIVE_TERMS_VERSION,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBeDefined();
    expect(res.body.error.fields).toEqual({
      name: expect.stringMatching(/^Organisation name/),
      legalName: expect.stringMatching(/^Legal name/),
      website: 'Website must be an https:// address, like https://example.org',
      contactEmail: 'Contact email must be a valid email address',
      phone: 'Phone must be a phone number, like +1 555 010 0199',
      schoolName: expect.stringMatching(/^School name/),
      schoolLogo: 'School logo must be an uploaded PNG, JPG or GIF',
      schoolState: 'School state: state must be a US state (two-letter code)',
      primary: 'Primary colour must be a colour like #C4161C',
      acceptTerms: 'Terms: read and accept the terms to apply',
    });
    const noSchool = await apply(user('nobody'), { ...organisation('A'), schoolKind: '', ...terms });
    expect(noSchool.body.error.fields).toEqual({ schoolKind: 'School: choose your school, or add a new one' });
    const oldTerms = await apply(user('nobody'), { ...organisation('A'), ...existingSchool(9), acceptTerms: true, termsVersion: '2000-01-01' });
    expect(oldTerms.body.error.fields).toEqual({ acceptTerms: expect.stringMatching(/changed since this page opened/) });
    expect(await mine(user('nobody'))).toBeNull();
    // Signed in only, with a verified email.
    expect((await invoke(onboarding, 'POST /api/collective-applications', { body: '{}' })).status).toBe(401);
    expect((await apply(user('unverified', false), { ...organisation('A'), ...existingSchool(9), ...terms })).status).toBe(403);
  });

  it('refuses a school that already has a collective with 409 and a clear message', async () => {
    const taken = await apply(user('late'), { ...organisation('Late Collective'), ...existingSchool(2), ...terms });
    expect([taken.status, taken.body.error.message]).toEqual([409, 'Drift State University already has a collective on Drift']);
    // The same school typed as a new one.
    const typed = await apply(user('late'), { ...organisation('Late Collective'), ...newSchool('drift state  university'), ...terms });
    expect([typed.status, typed.body.error.message]).toEqual([409, 'Drift State University already has a collective on Drift']);
    // The schools offered are those without a collective.
    const schools = await invoke(onboarding, 'GET /api/collective-applications/schools', { claims: user('late') });
    expect(schools.body.items).toEqual([{ id: 9, name: 'Drift Coastal College', logo: FREE_SCHOOL.logo }]);
  });

  it('stores an application once; a second one of the account is refused while it is under review', async () => {
    const applicant = user('avery');
    const body = { ...organisation('Coastal Collective'), ...existingSchool(9), ...terms };
    const first = await apply(applicant, body, 'key-avery-0001');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      state: 'pending',
      organisation: { name: 'Coastal Collective', contactEmail: 'board@example.org' },
      school: { kind: 'existing', schoolId: 9, name: 'Drift Coastal College' },
      submittedBy: { username: 'avery', email: 'avery@example.com' },
      termsVersion: COLLECTIVE_TERMS_VERSION,
    });
    // The same submission again (the form kit's idempotency key) answers the same application.
    const repeat = await apply(applicant, body, 'key-avery-0001');
    expect([repeat.status, repeat.body.id]).toEqual([200, first.body.id]);
    const second = await apply(applicant, body, 'key-avery-0002');
    expect([second.status, second.body.error.message]).toEqual([409, 'Your application is under review: this page shows the answer']);
    expect(await mine(applicant)).toMatchObject({ id: first.body.id, state: 'pending' });

    const pending = await list();
    expect(pending.status).toBe(200);
    expect(pending.body.items.map((a: { id: string }) => a.id)).toEqual([first.body.id]);
    expect(pending.body.items[0]).toMatchObject({
      organisation: { legalName: 'Coastal Collective Inc.', phone: '+1 555 010 0199', website: 'https://example.org' },
    });
    expect(JSON.stringify(pending.body)).not.toContain('sub-avery');
  });

  it('is for operators only: anyone else gets 403', async () => {
    const [{ id }] = (await list()).body.items;
    for (const claims of [user('avery'), claimsFor.collective(1), claimsFor.athlete(1)]) {
      expect((await list(undefined, claims)).status).toBe(403);
      expect((await approve(id, claims)).status).toBe(403);
      expect((await decline(id, 'No', claims)).status).toBe(403);
    }
    expect((await invoke(operator, 'GET /api/operator/applications', {})).status).toBe(401);
    expect((await list('everything')).body.error.fields).toEqual({ status: 'is not valid' });
    expect((await approve('0'.repeat(20))).status).toBe(404);
    expect((await mine(user('avery'))).state).toBe('pending');
  });

  it('declines with a reason the applicant sees; the account may apply again', async () => {
    const applicant = user('blake');
    const sent = await apply(applicant, { ...organisation('Blake Boosters'), ...newSchool('Blake Institute'), ...terms });
    expect(sent.status).toBe(201);
    const empty = await decline(sent.body.id, ' ');
    expect([empty.status, Object.keys(empty.body.error.fields)]).toEqual([400, ['reason']]);
    const declined = await decline(sent.body.id, 'We could not confirm the organisation: send its registration number.');
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ state: 'declined', decidedBy: 'operator', decidedAt: expect.any(String) });
    expect(await mine(applicant)).toMatchObject({ state: 'declined', declineReason: 'We could not confirm the organisation: send its registration number.' });
    expect((await approve(sent.body.id)).status).toBe(409);
    expect((await list('declined')).body.items.map((a: { id: string }) => a.id)).toContain(sent.body.id);
    expect((await list('pending')).body.items.map((a: { id: string }) => a.id)).not.toContain(sent.body.id);
    // No school was created; the account may apply again.
    expect(JSON.stringify((await loadCatalog({ fresh: true })).schools)).not.toContain('Blake Institute');
    expect((await apply(applicant, { ...organisation('Blake Boosters'), ...newSchool('Blake Institute'), ...terms })).status).toBe(201);
  });

  it('approves: creates the new school and the collective once, links the account, and starts the checklist', async () => {
    const applicant = user('casey');
    const sent = await apply(applicant, { ...organisation('Harbor Collective'), ...newSchool('Harbor University'), ...terms });
    expect(sent.status).toBe(201);
    // A rival application for the same new school.
    const rival = await apply(user('drew'), { ...organisation('Harbor Rivals'), ...newSchool('Harbor University'), ...terms });
    expect(rival.status).toBe(201);

    // Cognito fails once: the collective exists, and approving again only links.
    identity.failNext();
    const failed = await approve(sent.body.id);
    expect([failed.status, failed.body.error.code]).toEqual([502, 'link_failed']);
    const approved = await approve(sent.body.id);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ state: 'approved', linked: true, collectiveId: 4, schoolId: 10, decidedBy: 'operator' });
    expect(identity.links).toEqual([['casey', { kind: 'collective', collectiveId: 4 }]]);
    const twice = await approve(sent.body.id);
    expect([twice.status, twice.body.collectiveId]).toEqual([200, 4]);

    expect(await getCollective(4, { consistent: true })).toMatchObject({
      id: 4,
      name: 'Harbor Collective',
      schoolId: 10,
      members: [],
      contactEmail: 'board@example.org',
    });
    const school = await invoke(catalog, 'GET /api/schools/{id}', { pathParameters: { id: '10' } });
    expect(school.body.school).toMatchObject({
      name: 'Harbor University',
      logo: LOGO,
      colors: { primary: '#0A3161', secondary: '#FFFFFF', accent: '#C4161C' },
    });
    expect(await mine(applicant)).toMatchObject({ state: 'approved', collectiveId: 4 });
    // Audited: who approved and when, kept on the application.
    const stored = (await dynamoStore.get([keys.collectiveApplication(sent.body.id)])).values().next().value!;
    expect(stored).toMatchObject({ decidedBy: { sub: 'operator-1', username: 'operator' }, submittedBy: { sub: 'sub-casey' }, linkedAt: expect.any(String) });

    // The rival's school has a collective now: approving it is refused, applying for it is 409.
    const lost = await approve(rival.body.id);
    expect([lost.status, lost.body.error.message]).toEqual([409, 'Harbor University already has a collective on Drift']);
    const late = await apply(user('erin'), { ...organisation('Late'), ...existingSchool(10), ...terms });
    expect([late.status, late.body.error.message]).toEqual([409, 'Harbor University already has a collective on Drift']);
    // The applicant runs a collective now: it cannot apply again.
    expect((await apply(linked('casey', 4), { ...organisation('Again'), ...existingSchool(9), ...terms })).status).toBe(409);

    // The checklist: the new school's colours were chosen at sign-up; the rest is to do.
    const owner = linked('casey', 4);
    const first = await checklist(4, owner);
    expect(first.body).toEqual({
      show: true,
      dismissedAt: null,
      steps: [
        { id: 'payouts', done: false },
        { id: 'colors', done: true },
        { id: 'invite', done: false },
        { id: 'card', done: false },
        { id: 'drop', done: false },
      ],
    });
    expect((await checklist(4, claimsFor.collective(1))).status).toBe(403);
    // A seeded collective never signed up: no checklist shown.
    expect((await checklist(1, claimsFor.collective(1))).body.show).toBe(false);

    // Payouts linked (the payout rail's record): that step is done; another collective's record is not.
    await dynamoStore.write({
      put: { ...keys.collectivePayAccount(4), accountId: 'acct_1', chargesEnabled: true, payoutsEnabled: false, detailsSubmitted: true },
    });
    expect((await steps(4, owner)).payouts).toBe(false);
    await dynamoStore.write({
      put: { ...keys.collectivePayAccount(4), accountId: 'acct_1', chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true },
    });
    expect(await steps(4, owner)).toEqual({ payouts: true, colors: true, invite: false, card: false, drop: false });

    // Its first athlete and a first card: the invite and card steps are done.
    const athlete = await invoke(admin, 'POST /api/collectives/{id}/athletes', {
      pathParameters: { id: '4' },
      claims: owner,
      body: JSON.stringify({ name: 'Morgan Reyes', sport: 'Soccer', position: 'Forward', number: '7' }),
    });
    expect(athlete.status).toBe(201);
    const athleteId = String(athlete.body.id ?? athlete.body.athlete?.id);
    expect((await steps(4, owner)).invite).toBe(true);
    const set = await invoke(cards, 'POST /api/collectives/{id}/athletes/{athleteId}/sets', {
      pathParameters: { id: '4', athleteId },
      claims: owner,
      body: JSON.stringify({ name: 'Rookie season' }),
    });
    expect(set.status).toBe(201);
    const card = await invoke(cards, 'POST /api/collectives/{id}/athletes/{athleteId}/cards', {
      pathParameters: { id: '4', athleteId },
      claims: owner,
      body: JSON.stringify({
        name: 'Debut',
        edition: 'Base',
        image: LOGO,
        description: 'The first card.',
        priceCents: 500,
        editionSize: null,
        unlock: null,
        setId: set.body.id ?? set.body.set?.id ?? set.body.setId,
      }),
    });
    expect(card.status).toBe(201);
    expect(await steps(4, owner)).toEqual({ payouts: true, colors: true, invite: true, card: true, drop: false });
    expect((await checklist(4, owner)).body.show).toBe(true);

    const dismissed = await invoke(onboarding, 'POST /api/collectives/{id}/checklist/dismiss', { pathParameters: { id: '4' }, claims: owner });
    expect(dismissed.body).toMatchObject({ show: false, dismissedAt: expect.any(String) });
  });

  it('approves an application for an existing school without a collective; saving colours is a checklist step', async () => {
    const [pending] = (await list()).body.items.filter((a: { submittedBy: { username: string } }) => a.submittedBy.username === 'avery');
    const approved = await approve(pending.id);
    expect(approved.body).toMatchObject({ state: 'approved', schoolId: 9, collectiveId: 5 });
    const owner = linked('avery', 5);
    expect(await steps(5, owner)).toMatchObject({ colors: false });
    const saved = await invoke(admin, 'PUT /api/schools/{id}/colors', {
      pathParameters: { id: '9' },
      claims: owner,
      body: JSON.stringify({ primary: '#112233', secondary: '#FFFFFF', accent: '#445566' }),
    });
    expect(saved.status).toBe(200);
    expect(await steps(5, owner)).toMatchObject({ colors: true, payouts: false });
    expect((await list('approved')).body.items.map((a: { id: string }) => a.id)).toEqual(expect.arrayContaining([pending.id]));
  });
});
