// Onboarding (lambdas/onboarding/onboarding-repo.ts): a collective's invites and the profile
// requests of its school; an invite's preview and claim, and the signed-in user's profile request;
// collective sign-up (collective-applications.ts: the schools an application can name, the
// account's application and its submission) and a new collective's checklist
// (collective-checklist.ts). With the operator function (approvals), the only function allowed to
// link accounts (Cognito admin actions).
import { validateAccept, validateInvite, validateProfileRequest } from '#shared/onboarding/onboarding-api';
import type { InvitesResponse, MyProfileRequestResponse, ProfileRequestsResponse } from '#shared/onboarding/onboarding-api';
import { requireCollectiveOwner, requirePrincipal } from '#lambdas/platform/auth';
import { forbiddenCharacterError } from '#shared/platform/text';
import { ValidationError, validOrThrow } from '#lambdas/platform/errors';
import { header, intParam, json, jsonBody, routes, type Event } from '#lambdas/platform/http';
import { dynamoStore } from '#lambdas/platform/store';
import { validateCollectiveApplication } from '#shared/onboarding/collective-signup-api';
import type { ApplicationSchoolsResponse, MyApplicationResponse } from '#shared/onboarding/collective-signup-api';
import { availableSchools, myApplication, submitApplication } from './collective-applications';
import { collectiveChecklist, dismissChecklist } from './collective-checklist';
import {
  acceptProfileRequest,
  claimInvite,
  createInvite,
  declineProfileRequest,
  listInvites,
  listProfileRequests,
  myProfileRequest,
  previewInvite,
  requestableSchools,
  revokeInvite,
  submitProfileRequest,
} from './onboarding-repo';

const noStore = { 'cache-control': 'no-store' };
/** The submission's idempotency key (the web's form kit sends one per submission), if well-formed. */
const idempotencyKeyOf = (event: Parameters<typeof header>[0]) => {
  const key = header(event, 'idempotency-key');
  return key && /^[\w-]{8,100}$/.test(key) ? key : null;
};
const param = (event: { pathParameters?: Record<string, string | undefined> | null }, name: string) => event.pathParameters?.[name] ?? '';

/** The web app's origin for links in emails: SITE_URL when configured, else the https origin the
 * collective's browser called from (CloudFront), else local mode's. */
function siteOrigin(event: Event): string {
  const configured = process.env.SITE_URL?.replace(/\/+$/, '');
  if (configured) return configured;
  const origin = header(event, 'origin');
  return origin && /^https:\/\/[\w.-]+(:\d+)?$/.test(origin) ? origin : 'http://127.0.0.1:3000';
}

/** The collective in the path, acted on by its own account only: its id and who acts. */
const ownCollective = (event: Event) => {
  const id = intParam(event, 'id');
  return { id, principal: requireCollectiveOwner(event, id) };
};

export const handler = routes({
  'GET /api/collectives/{id}/invites': async (event) => {
    const { id } = ownCollective(event);
    const response: InvitesResponse = { items: await listInvites(id) };
    return json(200, response, noStore);
  },
  'POST /api/collectives/{id}/invites': async (event) => {
    const { id, principal } = ownCollective(event);
    return json(201, await createInvite(id, validOrThrow(validateInvite(jsonBody(event))), principal, new Date(), siteOrigin(event)), noStore);
  },
  'POST /api/collectives/{id}/invites/{inviteId}/revoke': async (event) => {
    const { id, principal } = ownCollective(event);
    return json(200, await revokeInvite(id, param(event, 'inviteId'), new Date(), principal), noStore);
  },
  'GET /api/invites/{code}': async (event) => {
    requirePrincipal(event);
    return json(200, await previewInvite(param(event, 'code')), noStore);
  },
  'POST /api/invites/{code}/claim': async (event) => json(200, await claimInvite(param(event, 'code'), requirePrincipal(event)), noStore),
  'GET /api/profile-requests/schools': async () => json(200, { items: await requestableSchools() }, { 'cache-control': 'public, max-age=60' }),
  'GET /api/profile-requests/mine': async (event) => {
    const response: MyProfileRequestResponse = { request: await myProfileRequest(requirePrincipal(event)) };
    return json(200, response, noStore);
  },
  'POST /api/profile-requests': async (event) => {
    const principal = requirePrincipal(event);
    return json(201, await submitProfileRequest(principal, validOrThrow(validateProfileRequest(jsonBody(event)))), noStore);
  },
  'GET /api/collectives/{id}/profile-requests': async (event) => {
    const { id } = ownCollective(event);
    const response: ProfileRequestsResponse = { items: await listProfileRequests(id) };
    return json(200, response, noStore);
  },
  'POST /api/collectives/{id}/profile-requests/{requestId}/accept': async (event) => {
    const { id, principal } = ownCollective(event);
    return json(200, await acceptProfileRequest(id, param(event, 'requestId'), validOrThrow(validateAccept(jsonBody(event))), principal), noStore);
  },
  'GET /api/collective-applications/schools': async (event) => {
    requirePrincipal(event);
    const response: ApplicationSchoolsResponse = { items: await availableSchools(dynamoStore) };
    return json(200, response, noStore);
  },
  'GET /api/collective-applications/mine': async (event) => {
    const response: MyApplicationResponse = { application: await myApplication(dynamoStore, requirePrincipal(event)) };
    return json(200, response, noStore);
  },
  'POST /api/collective-applications': async (event) => {
    const principal = requirePrincipal(event);
    const input = validOrThrow(validateCollectiveApplication(jsonBody(event)));
    const { application, created } = await submitApplication(dynamoStore, principal, input, idempotencyKeyOf(event));
    return json(created ? 201 : 200, application, noStore);
  },
  'GET /api/collectives/{id}/checklist': async (event) => {
    const { id } = ownCollective(event);
    return json(200, await collectiveChecklist(dynamoStore, id), noStore);
  },
  'POST /api/collectives/{id}/checklist/dismiss': async (event) => {
    const { id, principal } = ownCollective(event);
    return json(200, await dismissChecklist(dynamoStore, id, principal), noStore);
  },
  'POST /api/collectives/{id}/profile-requests/{requestId}/decline': async (event) => {
    const { id, principal } = ownCollective(event);
    const body = event.body ? jsonBody(event) : {};
    const reason = typeof body.reason === 'string' && body.reason.trim() ? body.reason.trim().slice(0, 500) : null;
    const forbidden = reason && forbiddenCharacterError(reason, 'The reason', { multiline: true });
    if (forbidden) throw new ValidationError({ reason: forbidden });
    return json(200, await declineProfileRequest(id, param(event, 'requestId'), reason, principal), noStore);
  },
});
