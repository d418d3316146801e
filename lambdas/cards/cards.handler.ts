// The card lifecycle's routes (lambdas/cards/cards-repo.ts): a collective creates, edits, submits,
// publishes and retires its members' cards and manages their sets; an athlete approves or rejects
// its own cards. A collective manages only its members (403 otherwise); an athlete decides only on
// its own cards (403). Demo twins show the demo tenant's cards read-only.
import { validateApprove, validateCardRequest, validatePublish, validateReject, validateScheduleDrop, validateSet } from '#shared/cards/cards-api';
import { requireAthleteOwner, requireCollectiveOwner } from '#lambdas/platform/auth';
import {
  approveCard,
  closeSet,
  createCard,
  createSet,
  deleteCard,
  ownerCards,
  publishCard,
  rejectCard,
  requireMemberAthlete,
  retireCard,
  scheduleDrop,
  submitCard,
  sweepDrops,
  updateCard,
} from './cards-repo';
import type { DropDeps, PublishMode } from './cards-repo';
import { validOrThrow } from '#lambdas/platform/errors';
import type { Event } from '#lambdas/platform/http';
import { header, intParam, json, jsonBody, noContent, routes } from '#lambdas/platform/http';
import { imageFingerprint } from './image-fingerprint';
import { adminCredentials } from '#lambdas/platform/shopify-admin';
import { publishCardProduct, setCardProductStatus } from './shopify-products';
import { log } from '#lambdas/platform/log';
import { settleEventWrites } from '#lambdas/notifications/settle-hooks';
import { observed } from '#lambdas/platform/observability';
import { authorizeAthleteRead, authorizeCollectiveRead } from '#lambdas/catalog/tenancy';

/** Admin API when a token is configured, a local product in local mode (the local checkout), else the collective enters the id. */
export function publishMode(env: NodeJS.ProcessEnv = process.env): PublishMode {
  if (env.SHOPIFY_ADMIN_TOKEN || env.SHOPIFY_ADMIN_SECRET_ARN) return 'admin-api';
  if (env.LOCAL_WEBHOOK_URL) return 'local';
  return 'manual';
}

const deps: DropDeps = {
  now: () => new Date(),
  fingerprint: (url) => imageFingerprint(url),
  publishMode: () => publishMode(),
  createProduct: async (input) => publishCardProduct(await adminCredentials(), input),
  setProductStatus: async (productId, status) => setCardProductStatus(await adminCredentials(), productId, status),
  // A drop's start and close: their notices (the athlete's followers), audit entries and news (issue 26).
  eventWrites: settleEventWrites,
};

/** The https origin the browser called from (CloudFront), for the product image Shopify fetches. */
function siteOrigin(event: Event): string | null {
  const configured = process.env.SITE_URL?.replace(/\/+$/, '');
  if (configured) return configured;
  const origin = header(event, 'origin');
  return origin && /^https:\/\/[\w.-]+(:\d+)?$/.test(origin) ? origin : null;
}

/** The collective's account, for one of its members. */
async function collectiveMember(event: Event) {
  const collectiveId = intParam(event, 'id');
  const athleteId = intParam(event, 'athleteId');
  const principal = requireCollectiveOwner(event, collectiveId);
  // The audit log names the collective's staff by their account's email (the collective's own log).
  return { collectiveId, athleteId, actor: { sub: principal.sub, label: principal.email ?? 'The collective' } };
}

const memberCard = async (event: Event) => ({ ...(await collectiveMember(event)), cardId: intParam(event, 'cardId') });

const collectiveCards = async (event: Event) => {
  const collectiveId = intParam(event, 'id');
  const athleteId = intParam(event, 'athleteId');
  await authorizeCollectiveRead(event, collectiveId);
  await requireMemberAthlete(collectiveId, athleteId);
  return json(200, await ownerCards(athleteId, deps), { 'cache-control': 'no-store' });
};

const athleteCards = async (event: Event) => {
  const athleteId = intParam(event, 'id');
  await authorizeAthleteRead(event, athleteId);
  return json(200, await ownerCards(athleteId, deps), { 'cache-control': 'no-store' });
};

const http = routes({
  'GET /api/collectives/{id}/athletes/{athleteId}/cards': collectiveCards,
  'GET /api/demo/collectives/{id}/athletes/{athleteId}/cards': collectiveCards,
  'POST /api/collectives/{id}/athletes/{athleteId}/cards': async (event) => {
    const { collectiveId, athleteId, actor } = await collectiveMember(event);
    const request = validOrThrow(validateCardRequest(jsonBody(event)));
    return json(201, await createCard(collectiveId, athleteId, request, actor, deps));
  },
  'PUT /api/collectives/{id}/athletes/{athleteId}/cards/{cardId}': async (event) => {
    const { collectiveId, athleteId, cardId, actor } = await memberCard(event);
    const request = validOrThrow(validateCardRequest(jsonBody(event)));
    return json(200, await updateCard(collectiveId, athleteId, cardId, request, actor, deps));
  },
  'DELETE /api/collectives/{id}/athletes/{athleteId}/cards/{cardId}': async (event) => {
    const { collectiveId, athleteId, cardId, actor } = await memberCard(event);
    await deleteCard(collectiveId, athleteId, cardId, actor);
    return noContent();
  },
  'POST /api/collectives/{id}/athletes/{athleteId}/cards/{cardId}/submit': async (event) => {
    const { collectiveId, athleteId, cardId, actor } = await memberCard(event);
    return json(200, await submitCard(collectiveId, athleteId, cardId, actor, deps));
  },
  'POST /api/collectives/{id}/athletes/{athleteId}/cards/{cardId}/publish': async (event) => {
    const { collectiveId, athleteId, cardId, actor } = await memberCard(event);
    const request = validOrThrow(validatePublish(event.body ? jsonBody(event) : {}));
    return json(200, await publishCard(collectiveId, athleteId, cardId, request, actor, deps, siteOrigin(event)));
  },
  'POST /api/collectives/{id}/athletes/{athleteId}/cards/{cardId}/drop': async (event) => {
    const { collectiveId, athleteId, cardId, actor } = await memberCard(event);
    const request = validOrThrow(validateScheduleDrop(jsonBody(event), deps.now().toISOString()));
    return json(200, await scheduleDrop(collectiveId, athleteId, cardId, request, actor, deps, siteOrigin(event)));
  },
  'POST /api/collectives/{id}/athletes/{athleteId}/cards/{cardId}/retire': async (event) => {
    const { collectiveId, athleteId, cardId, actor } = await memberCard(event);
    return json(200, await retireCard(collectiveId, athleteId, cardId, actor, deps));
  },
  'POST /api/collectives/{id}/athletes/{athleteId}/sets': async (event) => {
    const { collectiveId, athleteId, actor } = await collectiveMember(event);
    const { name } = validOrThrow(validateSet(jsonBody(event)));
    return json(201, await createSet(collectiveId, athleteId, name, actor));
  },
  'POST /api/collectives/{id}/athletes/{athleteId}/sets/{setId}/close': async (event) => {
    const { collectiveId, athleteId, actor } = await collectiveMember(event);
    return json(200, await closeSet(collectiveId, athleteId, intParam(event, 'setId'), deps, actor));
  },
  'GET /api/athletes/{id}/cards': athleteCards,
  'GET /api/demo/athletes/{id}/cards': athleteCards,
  'POST /api/athletes/{id}/cards/{cardId}/approve': async (event) => {
    const athleteId = intParam(event, 'id');
    const principal = requireAthleteOwner(event, athleteId);
    const { imageHash } = validOrThrow(validateApprove(jsonBody(event)));
    return json(200, await approveCard(athleteId, intParam(event, 'cardId'), imageHash, { sub: principal.sub }, deps));
  },
  'POST /api/athletes/{id}/cards/{cardId}/reject': async (event) => {
    const athleteId = intParam(event, 'id');
    const principal = requireAthleteOwner(event, athleteId);
    const { reason } = validOrThrow(validateReject(jsonBody(event)));
    return json(200, await rejectCard(athleteId, intParam(event, 'cardId'), reason, { sub: principal.sub }, deps));
  },
});

/** One drop sweep with this function's dependencies (local mode's settle loop runs it with no
 * grace, right after settling what is pending). */
export const sweepDropsNow = (options: { now?: Date; graceMs?: number } = {}) => sweepDrops(deps, options);

/** The drop sweep, every minute (an EventBridge schedule invokes this function, infra/stack.ts):
 * opens the drops whose window started, closes those whose window ended (decision 0022). */
const sweep = observed(async () => {
  const result = await sweepDropsNow();
  if (result.started || result.closed || result.unpublished) log('info', 'drop sweep', result);
  return result;
});

/** API Gateway's requests, and the schedule's events (no routeKey). */
export const handler = (event: Parameters<typeof http>[0] | { source?: string }, context: Parameters<typeof http>[1]) =>
  'routeKey' in event ? http(event, context) : sweep(event as never, context as never);
