// Collective sign-up's record (docs/ARCHITECTURE.md "Onboarding", decision 0013): a signed-in
// account with a verified email applies for its organisation and a school (one on Drift without a
// collective, or a new one); an operator lists the applications by state, newest first, and
// approves (collective-approval.ts) or declines them with a reason the applicant sees.
//
// One open application per account: the account's pointer (keys.applicantApplication) names its
// current application and state and is written in the application's transaction, only when absent
// or declined. Applications move between the GSI1 lists of their state when decided. Every
// application keeps who submitted it and when, who decided and when, and the reason of a decline.
// Written over the store port (fn(store, ...): tree-shaken per function); the operators' list,
// which continues from a cursor, reads GSI1 with the document client (decision 0004).
import { randomBytes } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Collective, School } from '#shared/catalog/catalog-types';
import {
  UNDECIDED,
  type ApplicationState,
  type ApplicationsResponse,
  type CollectiveApplication,
  type CollectiveApplicationInput,
} from '#shared/onboarding/collective-signup-api';
import { schoolsAndCollectives } from '#lambdas/identity/protected-names';
import { sameNameAs } from '#shared/platform/name-guard';
import type { Principal } from '#lambdas/platform/auth';
import { ddb, tableName } from '#lambdas/platform/dynamodb';
import { Conflict, Forbidden, NotFound, RetryLater, ValidationError } from '#lambdas/platform/errors';
import { encodeCursor } from '#lambdas/platform/http';
import * as keys from '#lambdas/platform/keys';
import { StoreConflict, keyString } from '#lambdas/platform/store';
import type { Item, Key, Store } from '#lambdas/platform/store';

export { DIRECTORY_MAX, schoolsAndCollectives } from '#lambdas/identity/protected-names';

export const UNDER_REVIEW = 'Your application is under review: this page shows the answer';
export const ALREADY_COLLECTIVE = 'This account already runs a collective on Drift';

export const getItem = async (store: Store, key: Key): Promise<Item | undefined> => (await store.get([key])).get(keyString(key));

/** An application as its applicant and the operators see it (the accounts' subjects stay inside). */
export function applicationOf(item: Item): CollectiveApplication {
  const submittedBy = item.submittedBy as { username: string; email: string };
  const decidedBy = item.decidedBy as { username: string } | null;
  return {
    id: String(item.applicationId),
    state: item.state as ApplicationState,
    organisation: item.organisation as CollectiveApplication['organisation'],
    school: item.school as CollectiveApplication['school'],
    termsVersion: String(item.termsVersion),
    submittedAt: String(item.submittedAt),
    submittedBy: { username: submittedBy.username, email: submittedBy.email },
    decidedAt: (item.decidedAt as string | null) ?? null,
    decidedBy: decidedBy?.username ?? null,
    declineReason: (item.declineReason as string | null) ?? null,
    collectiveId: (item.collectiveId as number | null) ?? null,
    schoolId: (item.schoolId as number | null) ?? null,
    linked: item.linked === true,
  };
}

/** The collective of a school, if it has one (a collective seeded or approved before the claims
 * existed has no claim item, so the directory is the answer; the approval also writes the claim). */
export const collectiveOfSchool = (collectives: Collective[], schoolId: number) => collectives.find((c) => c.schoolId === schoolId);

/** The schools an application can name: on Drift, without a collective, by name. */
export async function availableSchools(store: Store): Promise<Array<Pick<School, 'id' | 'name' | 'logo'>>> {
  const { schools, collectives } = await schoolsAndCollectives(store);
  const taken = new Set(collectives.map((c) => c.schoolId));
  return schools
    .filter((s) => !taken.has(s.id))
    .map((s) => ({ id: s.id, name: s.name, logo: s.logo }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The school an application names, checked against the catalog now: it must exist and have no
 * collective, and a new school's name must not be a school's already, however spelt (the name
 * guard's fold, decision 0026: "Drift State Unіversity" with a Cyrillic "і" is Drift State University). */
export function checkSchool(input: CollectiveApplicationInput['school'], schools: School[], collectives: Collective[]): School | null {
  if (input.kind === 'existing') {
    const school = schools.find((s) => s.id === input.schoolId);
    if (!school) throw new ValidationError({ schoolId: 'School: choose your school from the list' });
    if (collectiveOfSchool(collectives, school.id)) throw new Conflict(`${school.name} already has a collective on Drift`);
    return school;
  }
  const same = sameNameAs(input.name, schools);
  if (same && collectiveOfSchool(collectives, same.id)) throw new Conflict(`${same.name} already has a collective on Drift`);
  if (same) throw new ValidationError({ schoolName: `School name: ${same.name} is already on Drift; choose it from the list` });
  return null;
}

/** The collective's name must not be a collective's already, however spelt (the name guard's fold). */
export function checkCollectiveName(name: string, collectives: Collective[]): void {
  const same = sameNameAs(name, collectives);
  if (same) throw new ValidationError({ name: `Organisation name: ${same.name} is already a collective on Drift; choose your organisation's own name` });
}

function requireApplicant(principal: Principal): string {
  if (!principal.email || !principal.emailVerified) throw new Forbidden('Verify your email address first');
  if (principal.collectiveId !== null) throw new Conflict(ALREADY_COLLECTIVE);
  return principal.email;
}

/** The account's current application (its pointer, then the application). */
export async function myApplication(store: Store, principal: Principal): Promise<CollectiveApplication | null> {
  const pointer = await getItem(store, keys.applicantApplication(principal.sub));
  if (!pointer) return null;
  const item = await getItem(store, keys.collectiveApplication(String(pointer.applicationId)));
  return item ? applicationOf(item) : null;
}

/**
 * Submits an application for the signed-in account: refused while one is under review or once one
 * was approved (409), for a school that has a collective (409). A repeat of the same submission
 * (the same idempotency key) answers the application it made.
 */
export async function submitApplication(
  store: Store,
  principal: Principal,
  input: CollectiveApplicationInput,
  idempotencyKey: string | null,
  now = new Date(),
): Promise<{ application: CollectiveApplication; created: boolean }> {
  const email = requireApplicant(principal);
  const current = async () => {
    const pointer = await getItem(store, keys.applicantApplication(principal.sub));
    if (pointer?.state === 'approved') throw new Conflict(ALREADY_COLLECTIVE);
    if (pointer?.state !== 'pending') return;
    const item =
      idempotencyKey && pointer.idempotencyKey === idempotencyKey ? await getItem(store, keys.collectiveApplication(String(pointer.applicationId))) : undefined;
    if (item) return applicationOf(item);
    throw new Conflict(UNDER_REVIEW);
  };
  const repeat = await current();
  if (repeat) return { application: repeat, created: false };

  const { schools, collectives } = await schoolsAndCollectives(store);
  const school = checkSchool(input.school, schools, collectives);
  checkCollectiveName(input.organisation.name, collectives);
  const applicationId = randomBytes(10).toString('hex');
  const submittedAt = now.toISOString();
  const item: Item = {
    ...keys.collectiveApplication(applicationId),
    ...keys.applicationsListing('pending', submittedAt, applicationId),
    type: 'collective-application',
    applicationId,
    state: 'pending',
    organisation: input.organisation,
    school: input.school.kind === 'existing' ? { ...input.school, name: school!.name } : input.school,
    termsVersion: input.termsVersion,
    termsAcceptedAt: submittedAt,
    submittedAt,
    submittedBy: { sub: principal.sub, username: principal.username, email },
    ...UNDECIDED,
  };
  try {
    await store.transact([
      { put: item, condition: { notExists: true } },
      {
        put: { ...keys.applicantApplication(principal.sub), type: 'applicant', applicationId, state: 'pending', idempotencyKey, updatedAt: submittedAt },
        condition: { or: [{ notExists: true }, { field: 'state', is: 'declined' }] },
      },
    ]);
  } catch (error) {
    if (!(error instanceof StoreConflict)) throw error;
    // Another submission of this account landed first: its answer, or the refusal it makes.
    const other = await current();
    if (other) return { application: other, created: false };
    throw new Conflict(UNDER_REVIEW);
  }
  return { application: applicationOf(item), created: true };
}

/** A page of one state's applications, newest first (GSI1, eventually consistent). */
export async function listApplications(state: ApplicationState, limit: number, cursor?: Record<string, unknown>): Promise<ApplicationsResponse> {
  const page = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: keys.GSI1,
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.applicationsPartition(state) },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: cursor,
    }),
  );
  return {
    items: (page.Items ?? []).map(applicationOf),
    nextCursor: encodeCursor(page.LastEvaluatedKey, keys.cursorSpecs.applications(state)),
  };
}

/** The application to decide on, or 404 (ids are 20 hex characters). */
export async function applicationItem(store: Store, applicationId: string): Promise<Item> {
  const item = /^[0-9a-f]{20}$/.test(applicationId) ? await getItem(store, keys.collectiveApplication(applicationId)) : undefined;
  if (!item) throw new NotFound('Application');
  return item;
}

/** Who decided: the operator's account. */
export const decider = (operator: Principal) => ({ sub: operator.sub, username: operator.username });

/** Declines a pending application with the reason its applicant sees; the account may apply again.
 * Declining it again answers it as it is; an approved one is 409. */
export async function declineApplication(
  store: Store,
  applicationId: string,
  reason: string,
  operator: Principal,
  now = new Date(),
): Promise<CollectiveApplication> {
  const item = await applicationItem(store, applicationId);
  if (item.state === 'declined') return applicationOf(item);
  if (item.state === 'approved') throw new Conflict('This application was approved already');
  const decidedAt = now.toISOString();
  const submittedBy = item.submittedBy as { sub: string };
  try {
    await store.transact([
      {
        update: keys.collectiveApplication(applicationId),
        set: { state: 'declined', decidedAt, decidedBy: decider(operator), declineReason: reason, GSI1PK: keys.applicationsPartition('declined') },
        condition: { field: 'state', is: 'pending' },
      },
      {
        update: keys.applicantApplication(submittedBy.sub),
        set: { state: 'declined', updatedAt: decidedAt },
        condition: { field: 'applicationId', is: applicationId },
      },
    ]);
  } catch (error) {
    if (!(error instanceof StoreConflict)) throw error;
    // Decided meanwhile (another operator): answer from what is stored.
    const again = await applicationItem(store, applicationId);
    if (again.state === 'pending') throw new RetryLater('The application changed while declining it; try again');
    return declineApplication(store, applicationId, reason, operator, now);
  }
  return applicationOf({ ...item, state: 'declined', decidedAt, decidedBy: decider(operator), declineReason: reason });
}
