// The platform operators' console (group operator): the platform inbox of sale lines whose product
// is not in the catalog and whose vendor or title names no school, and the sending of such a line
// to a collective's school. A sent line joins that collective's unattributed sales, which it then
// assigns to one of its athletes' cards. Sending is an ingestion event on the order (stored on
// the order, stage 1, who and when; the settle function moves the figures), checked inside the
// exactly-once path: a line that is not in the order 404, attributed already or sent already 409.
// Collective applications (lambdas/onboarding/collective-applications.ts): listed by state, newest
// first; approved (collective-approval.ts: the school, the collective and the account's link,
// exactly once) or declined with a reason the applicant sees.
import type { OperatorCollectivesResponse } from '#shared/operator/operator-api';
import { requireOperator } from '#lambdas/platform/auth';
import { collectiveOf } from '#lambdas/catalog/catalog-index';
import { BadRequest, Conflict, NotFound, ValidationError } from '#lambdas/platform/errors';
import { acceptEvent } from '#lambdas/orders/accept';
import { cursorParam, json, jsonBody, limitParam, routes } from '#lambdas/platform/http';
import { AssignRefused } from '#lambdas/orders/ingest-core';
import { cursorSpecs } from '#lambdas/platform/keys';
import { dynamoStore } from '#lambdas/platform/store';
import { APPLICATION_STATES, validateDecline, type ApplicationState } from '#shared/onboarding/collective-signup-api';
import { declineApplication, listApplications } from '#lambdas/onboarding/collective-applications';
import { approveApplication } from '#lambdas/onboarding/collective-approval';
import { PLATFORM_INBOX_SCHOOL, collectivesDirectory, platformInbox } from './operator-repo';
import { privacyExport, privacyQueue } from './privacy-requests';

const REQUEST_ID = /^(data|redact|shop)-[\w-]{1,120}$/;

export const handler = routes({
  // Shopify's privacy requests (the webhook records them): the queue, and a data request's export.
  'GET /api/operator/privacy': async (event) => {
    requireOperator(event);
    return json(200, await privacyQueue(dynamoStore), { 'cache-control': 'no-store' });
  },

  'GET /api/operator/privacy/{requestId}/export': async (event) => {
    const principal = requireOperator(event);
    const requestId = event.pathParameters?.requestId ?? '';
    if (!REQUEST_ID.test(requestId)) throw new ValidationError({ requestId: 'must be a privacy request id' });
    const body = await privacyExport(dynamoStore, requestId, principal.sub, new Date().toISOString());
    return json(200, body, { 'cache-control': 'no-store', 'content-disposition': `attachment; filename="drift-${requestId}.json"` });
  },

  'GET /api/operator/unattributed': async (event) => {
    requireOperator(event);
    const limit = limitParam(event, 25, 100);
    const cursor = cursorParam(event, cursorSpecs.unattributedOrders(PLATFORM_INBOX_SCHOOL));
    return json(200, await platformInbox(limit, cursor));
  },

  'GET /api/operator/collectives': async (event) => {
    requireOperator(event);
    const body: OperatorCollectivesResponse = { items: await collectivesDirectory() };
    return json(200, body);
  },

  'GET /api/operator/applications': async (event) => {
    requireOperator(event);
    const raw = event.queryStringParameters?.status ?? 'pending';
    if (!(APPLICATION_STATES as readonly string[]).includes(raw))
      throw new BadRequest(`'status' must be one of ${APPLICATION_STATES.join(', ')}`, { status: 'is not valid' });
    const state = raw as ApplicationState;
    return json(200, await listApplications(state, limitParam(event, 25, 100), cursorParam(event, cursorSpecs.applications(state))));
  },

  'POST /api/operator/applications/{applicationId}/approve': async (event) => {
    const principal = requireOperator(event);
    return json(200, await approveApplication(dynamoStore, event.pathParameters?.applicationId ?? '', principal));
  },

  'POST /api/operator/applications/{applicationId}/decline': async (event) => {
    const principal = requireOperator(event);
    const { value, errors } = validateDecline(jsonBody(event, 4096));
    if (Object.keys(errors).length) throw new ValidationError(errors);
    return json(200, await declineApplication(dynamoStore, event.pathParameters?.applicationId ?? '', value.reason, principal));
  },

  'POST /api/operator/unattributed/route': async (event) => {
    const principal = requireOperator(event);
    const body = jsonBody(event, 4096);
    const fields: Record<string, string> = {};
    const orderId = typeof body.orderId === 'string' && /^\d{1,30}$/.test(body.orderId) ? body.orderId : null;
    const lineItemId = typeof body.lineItemId === 'string' && /^[\w-]{1,40}$/.test(body.lineItemId) ? body.lineItemId : null;
    const collectiveId = Number(body.collectiveId);
    if (!orderId) fields.orderId = 'must be a Shopify order id';
    if (!lineItemId) fields.lineItemId = 'must be a line item id';
    const collective = Number.isSafeInteger(collectiveId) && collectiveId > 0 ? await collectiveOf(collectiveId) : undefined;
    if (!collective) fields.collectiveId = 'Choose a collective';
    if (Object.keys(fields).length) throw new ValidationError(fields);

    const result = await acceptEvent({
      kind: 'route',
      orderId: orderId!,
      lineItemId: lineItemId!,
      schoolId: collective!.schoolId,
      at: new Date().toISOString(),
      by: principal.sub,
    }).catch((error: unknown) => {
      if (!(error instanceof AssignRefused)) throw error;
      if (error.reason === 'unknown_line') throw new NotFound(`Line ${lineItemId} of order ${orderId}`);
      if (error.reason === 'already_routed') throw new Conflict('This sale already belongs to a school: its collective assigns it');
      throw new Conflict('This sale is already attributed to an athlete');
    });
    return json(result.outcome === 'unchanged' ? 200 : 202, { ok: true, outcome: result.outcome });
  },
});
