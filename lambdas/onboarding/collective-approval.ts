// Approving a collective's application (the operators' console; docs/decisions/0013). One
// transaction moves the application pending -> approved (and the applicant's pointer with it),
// creates the new school when the application asked for one (the next free id; its name claimed by
// its fold, decision 0026), claims the collective's name (its fold),
// writes the school's claim (absent only: one collective per school, so two applications for one
// school can never both be approved), creates the collective (the next free id, the organisation's
// name and contact email, no members), records the account that owns it and starts its
// checklist. Then the applicant's account is linked (group collective and custom:collectiveId,
// lambdas/identity/identity-admin.ts) and the application marked linked.
//
// Idempotent: an approved application is approved again by linking only, so approving twice, two
// operators at once, or a retry after the Cognito step failed, never creates a second collective.
// A transaction that lost (an id taken by a concurrent approval, the application decided meanwhile)
// reads everything again and decides again (retryOnConflict).
import type { Collective, School } from '#shared/catalog/catalog-types';
import type { ApplicationSchool, CollectiveApplication, Organisation } from '#shared/onboarding/collective-signup-api';
import { collectiveItem, schoolItem } from '#lambdas/catalog/catalog-items';
import { foldName, sameNameAs } from '#shared/platform/name-guard';
import { identityAdmin, type IdentityAdmin } from '#lambdas/identity/identity-admin';
import type { Principal } from '#lambdas/platform/auth';
import { catalogWritten } from '#lambdas/platform/cache-policy';
import { Conflict, HttpError, RetryLater, ValidationError } from '#lambdas/platform/errors';
import * as keys from '#lambdas/platform/keys';
import { noBackoff, retryOnConflict } from '#lambdas/platform/store';
import type { Item, Store, Write } from '#lambdas/platform/store';
import { applicationItem, applicationOf, checkSchool, decider, schoolsAndCollectives } from './collective-applications';

/** Attempts of an approval whose transaction lost to a concurrent write (each reads again). */
const ATTEMPTS = 5;

type Applicant = { sub: string; username: string; email: string };

/** A school created by an approval: the applicant's name, logo and colours, no sports yet. */
export function newSchool(id: number, request: Extract<ApplicationSchool, { kind: 'new' }>, organisation: Organisation): School {
  return {
    id,
    name: request.name,
    logo: request.logo,
    header: request.logo,
    background: '',
    description: `${request.name} on Drift, with ${organisation.name}.`,
    sports: [],
    colors: request.colors,
    ...(request.state ? { state: request.state } : {}),
  };
}

const nextId = (ids: number[]) => ids.reduce((max, id) => Math.max(max, id), 0) + 1;

/** The writes of one approval attempt, from the catalog as read now. */
function approvalWrites(item: Item, operator: Principal, schools: School[], collectives: Collective[], at: string): { writes: Write[]; after: Item } {
  const applicationId = String(item.applicationId);
  const requested = item.school as ApplicationSchool & { name: string };
  const organisation = item.organisation as Organisation;
  const applicant = item.submittedBy as Applicant;
  let existing: School | null;
  try {
    existing = checkSchool(requested, schools, collectives);
  } catch (error) {
    // A school of that name arrived since the application was made.
    if (error instanceof ValidationError) throw new Conflict(`${requested.name} is on Drift now: decline this application and ask the applicant to choose it`);
    throw error;
  }
  // A collective of that name (however spelt) approved since the application was made.
  const sameCollective = sameNameAs(organisation.name, collectives);
  if (sameCollective)
    throw new Conflict(`${sameCollective.name} is a collective on Drift now: decline this application and ask the applicant for their organisation's own name`);
  const school = existing ?? newSchool(nextId(schools.map((s) => s.id)), requested as Extract<ApplicationSchool, { kind: 'new' }>, organisation);
  const collective: Collective = {
    id: nextId(collectives.map((c) => c.id)),
    name: organisation.name,
    schoolId: school.id,
    members: [],
    contactEmail: organisation.contactEmail,
  };
  const decided = { state: 'approved', decidedAt: at, decidedBy: decider(operator), collectiveId: collective.id, schoolId: school.id, linked: false };
  const writes: Write[] = [
    {
      update: keys.collectiveApplication(applicationId),
      set: { ...decided, GSI1PK: keys.applicationsPartition('approved') },
      condition: { field: 'state', is: 'pending' },
    },
    { update: keys.applicantApplication(applicant.sub), set: { state: 'approved', updatedAt: at }, condition: { field: 'applicationId', is: applicationId } },
    {
      put: { ...keys.schoolCollectiveClaim(school.id), type: 'school-claim', schoolId: school.id, collectiveId: collective.id, applicationId, claimedAt: at },
      condition: { notExists: true },
    },
    { put: collectiveItem(collective), condition: { notExists: true } },
    {
      // One collective per name, by its fold (decision 0026): two look-alike names approved at once claim one key.
      put: { ...keys.collectiveNameClaim(foldName(collective.name)), type: 'collective-claim', collectiveId: collective.id, applicationId, claimedAt: at },
      condition: { notExists: true },
    },
    {
      put: {
        ...keys.collectiveAccount(collective.id),
        type: 'account',
        collectiveId: collective.id,
        sub: applicant.sub,
        username: applicant.username,
        linkedAt: at,
        via: `application:${applicationId}`,
      },
      condition: { notExists: true },
    },
    {
      // The checklist begins; a new school's colours were chosen at sign-up.
      put: {
        ...keys.collectiveChecklist(collective.id),
        type: 'checklist',
        collectiveId: collective.id,
        applicationId,
        createdAt: at,
        ...(existing ? {} : { colorsSavedAt: at, colorsSavedAtBy: applicant.sub }),
      },
      condition: { notExists: true },
    },
  ];
  if (!existing)
    writes.push(
      { put: schoolItem(school), condition: { notExists: true } },
      {
        // By the name's fold (decision 0026): two look-alike names approved at once claim one key. Claims
        // written before were keyed by its lowercase words; the catalog read above finds those schools.
        put: { ...keys.schoolNameClaim(foldName(school.name)), type: 'school-claim', schoolId: school.id, applicationId, claimedAt: at },
        condition: { notExists: true },
      },
      // Search lists schools from the snapshot's school list: its version moves (as colours do).
      {
        update: keys.searchManifest(),
        expression: 'SET #type = :type ADD #schools :one',
        names: { '#type': 'type', '#schools': 'schools' },
        values: { ':type': 'manifest', ':one': 1 },
      },
    );
  return { writes, after: { ...item, ...decided } };
}

async function linkApplicant(store: Store, item: Item, admin: IdentityAdmin, now: Date): Promise<void> {
  const { username } = item.submittedBy as Applicant;
  try {
    await admin.link(username, { kind: 'collective', collectiveId: Number(item.collectiveId) });
  } catch (error) {
    throw new HttpError(
      502,
      'link_failed',
      `The collective was created, but the applicant's account could not be linked yet (${(error as Error).message}); approve again to link it`,
    );
  }
  await store.write({ update: keys.collectiveApplication(String(item.applicationId)), set: { linked: true, linkedAt: now.toISOString() } });
}

/** Approves an application (or finishes an approval whose link failed): the collective, exactly once. */
export async function approveApplication(
  store: Store,
  applicationId: string,
  operator: Principal,
  now = new Date(),
  admin: IdentityAdmin = identityAdmin(),
): Promise<CollectiveApplication> {
  const approved = await retryOnConflict(
    async () => {
      const item = await applicationItem(store, applicationId);
      if (item.state === 'declined') throw new Conflict('This application was declined');
      if (item.state === 'approved') return item;
      const { schools, collectives } = await schoolsAndCollectives(store);
      const { writes, after } = approvalWrites(item, operator, schools, collectives, now.toISOString());
      await store.transact(writes);
      catalogWritten();
      return after;
    },
    { attempts: ATTEMPTS, backoff: noBackoff, onExhausted: () => new RetryLater('The catalog changed while approving; try again') },
  );
  if (approved.linked !== true) await linkApplicant(store, approved, admin, now);
  return applicationOf({ ...approved, linked: true });
}
