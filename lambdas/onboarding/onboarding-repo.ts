// Bringing athletes in without an operator (docs/ARCHITECTURE.md "Onboarding"):
// - a collective invites a member athlete by email; the invite's code is shown once (only its
//   SHA-256 is stored); the athlete signs up or in with that email and claims it, which links the
//   account (custom:athleteId and the athlete group, through identity-admin.ts);
// - anyone signed in sends a profile request (/create-profile) to the collectives of a school;
//   one of them accepts it (creating the athlete and linking the requester's account) or declines.
// One account per athlete (the ACCOUNT#ATHLETE item), written in the same transaction as the claim
// or the acceptance, so an invite is claimed once and an athlete never gets two accounts.
import { createHash, randomBytes } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type {
  AcceptProfileRequest,
  ClaimResponse,
  CreatedInvite,
  Invite,
  InvitePreview,
  InviteRequest,
  ProfileRequest,
  ProfileRequestInput,
} from '#shared/onboarding/onboarding-api';
import { INVITE_DAYS, maskEmail } from '#shared/onboarding/onboarding-api';
import type { Athlete, Collective, School } from '#shared/catalog/catalog-types';
import { athleteSummary } from '#shared/catalog/catalog-types';
import { catalogWriter } from '#lambdas/catalog/admin-repo';
import type { CatalogWriter } from '#lambdas/catalog/admin-repo';
import type { Principal } from '#lambdas/platform/auth';
import type { Item } from '#lambdas/catalog/catalog-items';
import { ddb, tableName } from '#lambdas/platform/dynamodb';
import { Conflict, Forbidden, HttpError, NotFound, ValidationError } from '#lambdas/platform/errors';
import { identityAdmin } from '#lambdas/identity/identity-admin';
import * as keys from '#lambdas/platform/keys';
import { StoreConflict, dynamoStore, keyString } from '#lambdas/platform/store';
import type { Key, Store, Write } from '#lambdas/platform/store';
import { eventWrites } from '#lambdas/notifications/event-writes';
import { siteUrl } from '#lambdas/notifications/notify-settings';
import { athleteAddressWrite, inviteChangeEvent, inviteEvent, profileDecisionEvent, profileRequestEvent } from './onboarding-events';

const LIST_LIMIT = 100;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

class Gone extends HttpError {
  constructor(message: string) {
    super(410, 'gone', message);
  }
}

/** The account link of an athlete: written once (or again by the same account). */
const accountLink = (athleteId: number, principal: Principal, at: string, via: string): Write => ({
  put: { ...keys.athleteAccount(athleteId), athleteId, sub: principal.sub, username: principal.username, linkedAt: at, via },
  condition: { or: [{ notExists: true }, { field: 'sub', is: principal.sub }] },
});

function requireVerifiedEmail(principal: Principal): string {
  if (!principal.email || !principal.emailVerified) throw new Forbidden('Verify your email address first');
  return principal.email;
}

function inviteState(item: Item, now: Date): Invite['state'] {
  const state = String(item.state) as Invite['state'];
  return state === 'open' && String(item.expiresAt) < now.toISOString() ? 'expired' : state;
}

function inviteOf(item: Item, now: Date): Invite {
  return {
    id: String(item.codeHash),
    athleteId: Number(item.athleteId),
    athleteName: String(item.athleteName ?? ''),
    email: String(item.email),
    state: inviteState(item, now),
    createdAt: String(item.createdAt),
    createdBy: String(item.createdBy),
    expiresAt: String(item.expiresAt),
    claimedAt: (item.claimedAt as string | null) ?? null,
  };
}

async function link(principal: Principal, athleteId: number): Promise<void> {
  try {
    await identityAdmin().link(principal.username, { kind: 'athlete', athleteId });
  } catch (error) {
    throw new HttpError(502, 'link_failed', `Your account could not be linked yet (${(error as Error).message}); try again`);
  }
}

/** A request's id: derived from the account (one request per account), not revealing it. */
export const profileRequestId = keys.profileRequestIdOf;

function requestOf(item: Item): ProfileRequest {
  return {
    id: String(item.requestId),
    name: String(item.name),
    sport: String(item.sport),
    schoolId: Number(item.schoolId),
    schoolName: String(item.schoolName ?? ''),
    position: String(item.position),
    bio: String(item.bio ?? ''),
    image: (item.image as string | null) ?? null,
    state: String(item.state) as ProfileRequest['state'],
    createdAt: String(item.createdAt),
    email: String(item.email),
    decidedAt: (item.decidedAt as string | null) ?? null,
    declineReason: (item.declineReason as string | null) ?? null,
    athleteId: item.athleteId === undefined || item.athleteId === null ? null : Number(item.athleteId),
  };
}

const requesterOf = (item: Item): Principal => ({
  sub: String(item.sub),
  username: String(item.username),
  email: String(item.email),
  emailVerified: true,
  groups: [],
  athleteId: null,
  collectiveId: null,
});

/** The collectives of a school (whom a profile request is told), from the collectives' list. */
export type CollectivesOfSchool = (schoolId: number) => Promise<number[]>;

/** Onboarding over a store (the table: the exports below; memory: tests), creating athletes
 * through the catalog writer over the same store. */
export function onboardingRepo(store: Store, catalog: CatalogWriter = catalogWriter(store), collectivesOfSchool?: CollectivesOfSchool) {
  const schoolCollectives: CollectivesOfSchool =
    collectivesOfSchool ??
    (async (schoolId) =>
      (await store.query(keys.catalogCollectivesPartition, 1000))
        .map((i) => i.data as Collective)
        .filter((c) => c?.schoolId === schoolId)
        .map((c) => c.id));
  const getItem = async (key: Key): Promise<Item | undefined> => (await store.get([key])).get(keyString(key));
  const collectiveOf = async (id: number) => (await getItem(keys.catalogCollective(id)))?.data as Collective | undefined;
  const schoolOf = async (id: number) => (await getItem(keys.catalogSchool(id)))?.data as School | undefined;
  const athleteOf = async (id: number) => (await getItem(keys.catalogAthlete(id)))?.data as Omit<Athlete, 'digitalcollectibles'> | undefined;
  /** A GSI1 list, newest first. */
  const listed = (partition: string) => store.queryIndex(partition, LIST_LIMIT, { descending: true });

  // ---- invites ---------------------------------------------------------------------------------

  /** `site`: the web app's origin for the emailed claim link (SITE_URL, else the caller's). */
  async function createInvite(collectiveId: number, request: InviteRequest, principal: Principal, now = new Date(), site = siteUrl()): Promise<CreatedInvite> {
    const athlete = await athleteOf(request.athleteId);
    if (!athlete) throw new NotFound(`Athlete ${request.athleteId}`);
    if (athlete.collectiveId !== collectiveId) throw new Forbidden(`${athlete.name} is not a member of this collective`);
    const linked = await getItem(keys.athleteAccount(request.athleteId));
    if (linked) throw new Conflict(`${athlete.name} already has an account on Drift`);
    const code = randomBytes(18).toString('base64url');
    const codeHash = sha256(code);
    const createdAt = now.toISOString();
    const item: Item = {
      ...keys.invite(codeHash),
      ...keys.collectiveInvites(collectiveId, createdAt),
      type: 'invite',
      codeHash,
      collectiveId,
      athleteId: request.athleteId,
      athleteName: athlete.name,
      email: request.email,
      state: 'open',
      createdAt,
      createdBy: principal.sub,
      expiresAt: new Date(now.getTime() + INVITE_DAYS * 86_400_000).toISOString(),
      claimedAt: null,
      claimedBy: null,
    };
    // The invite and its email (the claim link goes to the athlete: an email it needs, whatever
    // preferences it has yet) in one transaction; the link is also answered once, as before.
    const event = inviteEvent(
      { codeHash, collectiveId, athleteId: request.athleteId, athleteName: athlete.name, email: request.email, createdAt, expiresAt: String(item.expiresAt) },
      `${site}/claim/${code}`,
      principal,
    );
    await store.transact([{ put: item, condition: { notExists: true } }, ...eventWrites(event)]);
    return { ...inviteOf(item, now), code, claimPath: `/claim/${code}` };
  }

  async function listInvites(collectiveId: number, now = new Date()): Promise<Invite[]> {
    return (await listed(keys.collectiveInvitesPartition(collectiveId))).map((i) => inviteOf(i, now));
  }

  async function revokeInvite(collectiveId: number, inviteId: string, now = new Date(), principal?: Principal): Promise<Invite> {
    if (!/^[0-9a-f]{64}$/.test(inviteId)) throw new NotFound('Invite');
    try {
      const before = await getItem(keys.invite(inviteId));
      const at = now.toISOString();
      const audit =
        before && principal
          ? eventWrites(
              inviteChangeEvent(
                'revoked',
                { codeHash: inviteId, collectiveId, athleteId: Number(before.athleteId), athleteName: String(before.athleteName ?? '') },
                at,
                principal,
              ),
            )
          : [];
      await store.transact([
        {
          update: keys.invite(inviteId),
          set: { state: 'revoked', revokedAt: at },
          condition: {
            and: [
              { field: 'collectiveId', is: collectiveId },
              { field: 'state', is: 'open' },
            ],
          },
        },
        ...audit,
      ]);
      return inviteOf({ ...before!, state: 'revoked', revokedAt: at }, now);
    } catch (error) {
      if (!(error instanceof StoreConflict)) throw error;
      const item = await getItem(keys.invite(inviteId));
      if (!item || Number(item.collectiveId) !== collectiveId) throw new NotFound('Invite');
      if (item.state === 'revoked') return inviteOf(item, now);
      throw new Conflict('This invite has already been claimed');
    }
  }

  async function inviteByCode(code: string): Promise<Item> {
    if (!/^[\w-]{16,64}$/.test(code)) throw new NotFound('Invite');
    const item = await getItem(keys.invite(sha256(code)));
    if (!item) throw new NotFound('Invite');
    return item;
  }

  async function previewInvite(code: string, now = new Date()): Promise<InvitePreview> {
    const item = await inviteByCode(code);
    const [athlete, collective] = await Promise.all([athleteOf(Number(item.athleteId)), collectiveOf(Number(item.collectiveId))]);
    if (!athlete) throw new NotFound('Invite');
    return {
      athlete: athleteSummary(athlete),
      collectiveName: collective?.name ?? '',
      email: maskEmail(String(item.email)),
      state: inviteState(item, now),
      expiresAt: String(item.expiresAt),
    };
  }

  /** Claims an invite with the signed-in account (the invited email, verified): once. */
  async function claimInvite(code: string, principal: Principal, now = new Date()): Promise<ClaimResponse> {
    const item = await inviteByCode(code);
    const athleteId = Number(item.athleteId);
    if (item.state === 'claimed') {
      // The same account again (a retry after a failed link) is fine; anyone else is refused.
      if (item.claimedBy !== principal.sub) throw new Conflict('This invite has already been claimed');
      await link(principal, athleteId);
      return { athleteId };
    }
    if (item.state === 'revoked') throw new Gone('This invite was withdrawn by the collective; ask it for a new one');
    if (inviteState(item, now) === 'expired') throw new Gone('This invite has expired; ask the collective for a new one');
    const email = requireVerifiedEmail(principal);
    if (email !== String(item.email)) throw new Forbidden(`This invite was sent to ${maskEmail(String(item.email))}; sign in with that account to claim it`);
    if (principal.athleteId !== null && principal.athleteId !== athleteId) throw new Conflict('This account is already linked to another athlete');
    const at = now.toISOString();
    try {
      await store.transact([
        {
          update: keys.invite(String(item.codeHash)),
          set: { state: 'claimed', claimedAt: at, claimedBy: principal.sub },
          condition: { field: 'state', is: 'open' },
        },
        accountLink(athleteId, principal, at, `invite:${String(item.codeHash).slice(0, 12)}`),
        ...athleteAddressWrite(athleteId, principal.email),
        ...eventWrites(
          inviteChangeEvent(
            'claimed',
            { codeHash: String(item.codeHash), collectiveId: Number(item.collectiveId), athleteId, athleteName: String(item.athleteName ?? '') },
            at,
            principal,
          ),
        ),
      ]);
    } catch (error) {
      if (!(error instanceof StoreConflict)) throw error;
      // Decide again from what is stored: claimed by this account (a concurrent retry) links it.
      const again = await getItem(keys.invite(String(item.codeHash)));
      if (again?.state === 'claimed' && again.claimedBy === principal.sub) return claimInvite(code, principal, now);
      if (again?.state === 'claimed') throw new Conflict('This invite has already been claimed');
      throw new Conflict('Another account is already linked to this athlete');
    }
    await link(principal, athleteId);
    return { athleteId };
  }

  // ---- profile requests ------------------------------------------------------------------------

  async function submitProfileRequest(principal: Principal, input: ProfileRequestInput, now = new Date()): Promise<ProfileRequest> {
    const email = requireVerifiedEmail(principal);
    if (principal.athleteId !== null) throw new Conflict('This account already belongs to an athlete');
    const school = await schoolOf(input.schoolId);
    if (!school) throw new ValidationError({ schoolId: 'Choose your school from the list' });
    const requestId = profileRequestId(principal.sub);
    const createdAt = now.toISOString();
    const item: Item = {
      ...keys.profileRequest(requestId),
      ...keys.schoolProfileRequests(input.schoolId, createdAt),
      type: 'profile-request',
      requestId,
      ...input,
      schoolName: school.name,
      state: 'pending',
      createdAt,
      email,
      sub: principal.sub,
      username: principal.username,
      decidedAt: null,
      declineReason: null,
      athleteId: null,
    };
    // The collectives of the school are told, in the request's transaction.
    const told = await schoolCollectives(input.schoolId);
    const event = profileRequestEvent({ requestId, name: input.name, sport: input.sport, schoolName: school.name, createdAt }, told);
    try {
      // A pending request is replaced (the latest details win); an accepted one stays.
      await store.transact([{ put: item, condition: { or: [{ notExists: true }, { field: 'state', isNot: 'accepted' }] } }, ...eventWrites(event)]);
    } catch (error) {
      if (!(error instanceof StoreConflict)) throw error;
      throw new Conflict('Your profile request was already accepted: sign out and in again to open your athlete panel');
    }
    return requestOf(item);
  }

  async function myProfileRequest(principal: Principal): Promise<ProfileRequest | null> {
    const item = await getItem(keys.profileRequest(profileRequestId(principal.sub)));
    return item ? requestOf(item) : null;
  }

  async function listProfileRequests(collectiveId: number): Promise<ProfileRequest[]> {
    const collective = await collectiveOf(collectiveId);
    if (!collective) throw new NotFound(`Collective ${collectiveId}`);
    return (await listed(keys.schoolProfileRequestsPartition(collective.schoolId))).map(requestOf);
  }

  async function requestFor(collectiveId: number, requestId: string): Promise<{ item: Item; collective: Collective }> {
    if (!/^[0-9a-f]{32}$/.test(requestId)) throw new NotFound('Profile request');
    const [item, collective] = await Promise.all([getItem(keys.profileRequest(requestId)), collectiveOf(collectiveId)]);
    if (!item || !collective) throw new NotFound('Profile request');
    if (Number(item.schoolId) !== collective.schoolId) throw new Forbidden('This request is for another school');
    return { item, collective };
  }

  /**
   * Accepts a request: the athlete is created as a member of the collective, the request marked
   * accepted and the requester's account linked, in one transaction; the Cognito link follows (a
   * repeat of the call retries only the link).
   */
  async function acceptProfileRequest(
    collectiveId: number,
    requestId: string,
    body: AcceptProfileRequest,
    principal: Principal,
    now = new Date(),
  ): Promise<ProfileRequest> {
    const { item } = await requestFor(collectiveId, requestId);
    const requester = requesterOf(item);
    if (item.state === 'accepted') {
      if (item.linked !== true) await linkRequester(requestId, requester, Number(item.athleteId));
      return requestOf({ ...item, linked: true });
    }
    if (item.state !== 'pending') throw new Conflict('This request was declined');
    const at = now.toISOString();
    let athlete: Athlete;
    try {
      athlete = await catalog.createMemberAthlete(
        collectiveId,
        {
          name: String(item.name),
          sport: String(item.sport),
          position: String(item.position),
          number: body.number,
          ...(item.bio ? { bio: String(item.bio) } : {}),
          ...(item.image ? { image: String(item.image) } : {}),
        },
        (athleteId) => [
          {
            update: keys.profileRequest(requestId),
            set: { state: 'accepted', decidedAt: at, decidedBy: principal.sub, athleteId, collectiveId, linked: false },
            condition: {
              and: [
                { field: 'state', is: 'pending' },
                { field: 'createdAt', is: String(item.createdAt) },
              ],
            },
          },
          accountLink(athleteId, requester, at, `profile-request:${requestId}`),
          ...athleteAddressWrite(athleteId, requester.email),
          ...eventWrites(
            profileDecisionEvent('accepted', { requestId, name: String(item.name) }, collectiveId, at, principal, { athleteId, number: body.number }),
          ),
        ],
      );
    } catch (error) {
      if (!(error instanceof Conflict)) throw error;
      const again = await getItem(keys.profileRequest(requestId));
      if (again?.state === 'accepted') return acceptProfileRequest(collectiveId, requestId, body, principal, now);
      if (again && again.createdAt !== item.createdAt) throw new Conflict('The athlete changed this request while you were reading it; review it again');
      throw error;
    }
    await linkRequester(requestId, requester, athlete.id);
    return requestOf({ ...item, state: 'accepted', decidedAt: at, athleteId: athlete.id });
  }

  async function linkRequester(requestId: string, requester: Principal, athleteId: number): Promise<void> {
    await link(requester, athleteId);
    await store.write({ update: keys.profileRequest(requestId), set: { linked: true } });
  }

  async function declineProfileRequest(
    collectiveId: number,
    requestId: string,
    reason: string | null,
    principal: Principal,
    now = new Date(),
  ): Promise<ProfileRequest> {
    const { item } = await requestFor(collectiveId, requestId);
    if (item.state === 'declined') return requestOf(item);
    if (item.state !== 'pending') throw new Conflict('This request was already accepted');
    const at = now.toISOString();
    try {
      await store.transact([
        {
          update: keys.profileRequest(requestId),
          set: { state: 'declined', decidedAt: at, decidedBy: principal.sub, declineReason: reason },
          condition: { field: 'state', is: 'pending' },
        },
        ...eventWrites(profileDecisionEvent('declined', { requestId, name: String(item.name) }, collectiveId, at, principal, { reason })),
      ]);
    } catch (error) {
      if (!(error instanceof StoreConflict)) throw error;
      throw new Conflict('This request was answered by another collective account; reload');
    }
    return requestOf({ ...item, state: 'declined', decidedAt: at, declineReason: reason });
  }

  return {
    createInvite,
    listInvites,
    revokeInvite,
    previewInvite,
    claimInvite,
    submitProfileRequest,
    myProfileRequest,
    listProfileRequests,
    acceptProfileRequest,
    declineProfileRequest,
  };
}

/** The collectives of a school on the table: one Query of the collectives' list reading only their
 * ids and schools (a projection; the store port reads whole items, members' lists included). */
async function dynamoCollectivesOfSchool(schoolId: number): Promise<number[]> {
  const page = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.catalogCollectivesPartition },
      ProjectionExpression: '#data.id, #data.schoolId',
      ExpressionAttributeNames: { '#data': 'data' },
      Limit: 1000,
    }),
  );
  return (page.Items ?? [])
    .map((i) => i.data as Pick<Collective, 'id' | 'schoolId'>)
    .filter((c) => c.schoolId === schoolId)
    .map((c) => c.id);
}

/** Onboarding on the Orders table (the onboarding function). */
export const {
  createInvite,
  listInvites,
  revokeInvite,
  previewInvite,
  claimInvite,
  submitProfileRequest,
  myProfileRequest,
  listProfileRequests,
  acceptProfileRequest,
  declineProfileRequest,
} = onboardingRepo(dynamoStore, undefined, dynamoCollectivesOfSchool);

/**
 * Schools with at least one collective on Drift (where a request can go), by name. A public read
 * of the collectives' school ids only (a projection, eventually consistent): the store port has
 * no such Query, so it reads with the document client.
 */
export async function requestableSchools(): Promise<Array<{ id: number; name: string }>> {
  const page = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.catalogCollectivesPartition },
      ProjectionExpression: '#data.schoolId',
      ExpressionAttributeNames: { '#data': 'data' },
      Limit: 500,
    }),
  );
  const ids = [...new Set((page.Items ?? []).map((i) => Number((i.data as { schoolId: number }).schoolId)))];
  const schools = await Promise.all(
    ids.map(async (id) => (await dynamoStore.get([keys.catalogSchool(id)])).get(keyString(keys.catalogSchool(id)))?.data as School | undefined),
  );
  return schools
    .filter((s): s is School => Boolean(s))
    .map((s) => ({ id: s.id, name: s.name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
