// Onboarding without an operator, on DynamoDB Local: a collective invites a member athlete, the
// athlete claims the invite once with the invited (verified) email and its account is linked; a
// signed-in user sends a profile request that a collective of its school accepts (creating the
// athlete and linking the account) or declines. The identity provider is a recording stand-in,
// registered as local mode registers its own.
import { handler as onboarding } from '#lambdas/onboarding/onboarding.handler';
import { handler as catalog } from '#lambdas/catalog/catalog.handler';
import { createTestTable, type TestTable } from '../support/dynamo';
import { useRecordingIdentityAdmin, type RecordingIdentityAdmin } from '../support/identity-admin';
import { claimsFor, invoke } from '../support/invoke';

describe('onboarding on DynamoDB Local', () => {
  let table: TestTable;
  let identity: RecordingIdentityAdmin;

  const user = (name: string, email: string, verified = true) => ({
    sub: `sub-${name}`,
    'cognito:username': name,
    email,
    email_verified: String(verified),
    'cognito:groups': '[buyer]',
  });

  beforeAll(async () => {
    table = await createTestTable();
    identity = useRecordingIdentityAdmin();
  });
  afterAll(async () => {
    await table.drop();
  });

  const invite = (collectiveId: number, body: unknown) =>
    invoke(onboarding, 'POST /api/collectives/{id}/invites', {
      pathParameters: { id: String(collectiveId) },
      claims: claimsFor.collective(collectiveId),
      body: JSON.stringify(body),
    });
  const claim = (code: string, claims: Record<string, string>) => invoke(onboarding, 'POST /api/invites/{code}/claim', { pathParameters: { code }, claims });

  it('invites a member by email and shows the code once; another collective cannot invite it', async () => {
    expect((await invite(2, { athleteId: 10, email: 'riley@example.com' })).status).toBe(403);
    const bad = await invite(1, { athleteId: 10, email: 'not-an-email' });
    expect([bad.status, bad.body.error.fields.email]).toEqual([400, 'Enter a valid email address']);
    const created = await invite(1, { athleteId: 10, email: 'Riley@Example.com' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ athleteId: 10, email: 'riley@example.com', state: 'open', claimPath: `/claim/${created.body.code}` });
    const list = await invoke(onboarding, 'GET /api/collectives/{id}/invites', { pathParameters: { id: '1' }, claims: claimsFor.collective(1) });
    expect(list.body.items[0]).toMatchObject({ id: created.body.id, state: 'open' });
    expect(JSON.stringify(list.body)).not.toContain(created.body.code);
  });

  it('is claimed once, by the invited verified email only, which links the account', async () => {
    const { body } = await invite(1, { athleteId: 11, email: 'casey@example.com' });
    const preview = await invoke(onboarding, 'GET /api/invites/{code}', { pathParameters: { code: body.code }, claims: user('casey', 'casey@example.com') });
    expect(preview.body).toMatchObject({ athlete: { id: 11 }, collectiveName: 'Mariners NIL Collective', email: 'c***@example.com', state: 'open' });

    const wrong = await claim(body.code, user('mallory', 'mallory@example.com'));
    expect([wrong.status, wrong.body.error.message]).toEqual([403, 'This invite was sent to c***@example.com; sign in with that account to claim it']);
    expect((await claim(body.code, user('casey', 'casey@example.com', false))).status).toBe(403);

    // Cognito fails once: the claim is recorded, and the same account's retry only links.
    identity.failNext();
    expect((await claim(body.code, user('casey', 'casey@example.com'))).status).toBe(502);
    const ok = await claim(body.code, user('casey', 'casey@example.com'));
    expect([ok.status, ok.body]).toEqual([200, { athleteId: 11 }]);
    expect(identity.links).toContainEqual(['casey', { kind: 'athlete', athleteId: 11 }]);

    const again = await claim(body.code, user('other', 'casey@example.com'));
    expect([again.status, again.body.error.message]).toEqual([409, 'This invite has already been claimed']);
    // The athlete has an account now: no new invite for it.
    expect((await invite(1, { athleteId: 11, email: 'casey2@example.com' })).status).toBe(409);
  });

  it('refuses a revoked or unknown invite', async () => {
    const { body } = await invite(1, { athleteId: 3, email: 'sam@example.com' });
    const revoked = await invoke(onboarding, 'POST /api/collectives/{id}/invites/{inviteId}/revoke', {
      pathParameters: { id: '1', inviteId: body.id },
      claims: claimsFor.collective(1),
    });
    expect(revoked.body.state).toBe('revoked');
    expect((await claim(body.code, user('sam', 'sam@example.com'))).status).toBe(410);
    expect((await claim('x'.repeat(24), user('sam', 'sam@example.com'))).status).toBe(404);
  });

  it('turns a profile request into an athlete of the collective that accepts it, and links the requester', async () => {
    const schools = await invoke(onboarding, 'GET /api/profile-requests/schools', {});
    expect(schools.body.items.map((s: { id: number }) => s.id).sort()).toEqual([2, 3, 4]);
    const requester = user('jordan', 'jordan@example.com');
    const missing = await invoke(onboarding, 'POST /api/profile-requests', {
      claims: requester,
      body: JSON.stringify({ name: '', sport: 'Chess', schoolId: 2 }),
    });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.error.fields).sort()).toEqual(['name', 'position', 'sport']);
    const sent = await invoke(onboarding, 'POST /api/profile-requests', {
      claims: requester,
      body: JSON.stringify({ name: 'Jordan Lee', sport: 'Soccer', schoolId: 2, position: 'Forward', bio: 'Left foot.' }),
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ state: 'pending', schoolName: 'Drift State University' });
    const mine = await invoke(onboarding, 'GET /api/profile-requests/mine', { claims: requester });
    expect(mine.body.request).toMatchObject({ id: sent.body.id, state: 'pending' });

    // The collectives of other schools do not see it or answer it.
    const other = await invoke(onboarding, 'GET /api/collectives/{id}/profile-requests', { pathParameters: { id: '2' }, claims: claimsFor.collective(2) });
    expect(other.body.items.map((r: { id: string }) => r.id)).not.toContain(sent.body.id);
    const path = { id: '1', requestId: sent.body.id };
    expect(
      (
        await invoke(onboarding, 'POST /api/collectives/{id}/profile-requests/{requestId}/accept', {
          pathParameters: { ...path, id: '2' },
          claims: claimsFor.collective(2),
          body: JSON.stringify({ number: '9' }),
        })
      ).status,
    ).toBe(403);
    const listed = await invoke(onboarding, 'GET /api/collectives/{id}/profile-requests', { pathParameters: { id: '1' }, claims: claimsFor.collective(1) });
    expect(listed.body.items[0]).toMatchObject({ id: sent.body.id, name: 'Jordan Lee', email: 'jordan@example.com' });

    const accepted = await invoke(onboarding, 'POST /api/collectives/{id}/profile-requests/{requestId}/accept', {
      pathParameters: path,
      claims: claimsFor.collective(1),
      body: JSON.stringify({ number: '9' }),
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ state: 'accepted', athleteId: expect.any(Number) });
    const athleteId = accepted.body.athleteId;
    expect(identity.links).toContainEqual(['jordan', { kind: 'athlete', athleteId }]);
    const profile = await invoke(catalog, 'GET /api/athletes/{id}', { pathParameters: { id: String(athleteId) } });
    expect(profile.body.athlete).toMatchObject({ name: 'Jordan Lee', sport: 'Soccer', position: 'Forward', number: '9', bio: 'Left foot.', collectiveId: 1 });
    // Accepting twice creates nothing more; a new request after acceptance is refused.
    const twice = await invoke(onboarding, 'POST /api/collectives/{id}/profile-requests/{requestId}/accept', {
      pathParameters: path,
      claims: claimsFor.collective(1),
      body: JSON.stringify({ number: '9' }),
    });
    expect(twice.body.athleteId).toBe(athleteId);
    expect(
      (
        await invoke(onboarding, 'POST /api/profile-requests', {
          claims: requester,
          body: JSON.stringify({ name: 'Jordan Lee', sport: 'Soccer', schoolId: 2, position: 'Forward' }),
        })
      ).status,
    ).toBe(409);
  });

  it('declines a request with a reason the requester sees', async () => {
    const requester = user('kim', 'kim@example.com');
    const sent = await invoke(onboarding, 'POST /api/profile-requests', {
      claims: requester,
      body: JSON.stringify({ name: 'Kim Diaz', sport: 'Basketball', schoolId: 2, position: 'Guard' }),
    });
    const declined = await invoke(onboarding, 'POST /api/collectives/{id}/profile-requests/{requestId}/decline', {
      pathParameters: { id: '1', requestId: sent.body.id },
      claims: claimsFor.collective(1),
      body: JSON.stringify({ reason: 'Not on our roster' }),
    });
    expect(declined.body).toMatchObject({ state: 'declined', declineReason: 'Not on our roster' });
    expect((await invoke(onboarding, 'GET /api/profile-requests/mine', { claims: requester })).body.request).toMatchObject({
      state: 'declined',
      declineReason: 'Not on our roster',
    });
  });
});
