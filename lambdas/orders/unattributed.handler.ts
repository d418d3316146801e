// POST /api/collectives/{id}/unattributed/assign: a collective assigns a sale line that no catalog
// card matched, and that belongs to its own school, to one of its athletes' cards. Only a line
// that is unattributed now may be assigned (an attributed sale is never moved: 409; another
// school's line: 403); the rules are checked inside the exactly-once path, so a race cannot
// bypass them. The assignment (who, when) is stored on the order (stage 1, as a webhook's
// delivery is) and the settle function applies it (within a second or so), so the figures and
// the ledger move by exactly that line: 202 while it is pending, 200 when nothing changes.
import { requireCollectiveOwner } from '#lambdas/platform/auth';
import { isPublic } from '#shared/cards/lifecycle';
import { collectiveOf, dynamoCatalogReader } from '#lambdas/catalog/catalog-index';
import { Conflict, Forbidden, NotFound, ValidationError } from '#lambdas/platform/errors';
import { intParam, json, jsonBody, routes } from '#lambdas/platform/http';
import { acceptEvent } from './accept';
import { AssignRefused } from './ingest-core';

export const handler = routes({
  'POST /api/collectives/{id}/unattributed/assign': async (event) => {
    const collectiveId = intParam(event, 'id');
    const principal = requireCollectiveOwner(event, collectiveId);
    const collective = await collectiveOf(collectiveId);
    if (!collective) throw new NotFound(`Collective ${collectiveId}`);
    const body = jsonBody(event, 4096);
    const fields: Record<string, string> = {};
    const orderId = typeof body.orderId === 'string' && /^\d{1,30}$/.test(body.orderId) ? body.orderId : null;
    const lineItemId = typeof body.lineItemId === 'string' && /^[\w-]{1,40}$/.test(body.lineItemId) ? body.lineItemId : null;
    const athleteId = Number(body.athleteId);
    const cardId = Number(body.cardId);
    if (!orderId) fields.orderId = 'must be a Shopify order id';
    if (!lineItemId) fields.lineItemId = 'must be a line item id';
    if (!Number.isSafeInteger(athleteId) || !collective.members.includes(athleteId)) fields.athleteId = 'must be an athlete of this collective';
    const athlete = fields.athleteId ? null : await dynamoCatalogReader.athlete(athleteId);
    if (!athlete?.digitalcollectibles.some((c) => c.id === cardId && isPublic(c))) fields.cardId = "must be one of the athlete's cards";
    if (Object.keys(fields).length) throw new ValidationError(fields);

    // The rules (a line of a stored, undeleted order: 404; unattributed now: else 409; of this
    // collective's school: else 403; the same assignment again: 200, unchanged) are checked by
    // the exactly-once path itself (shared/orders/contribution.ts mergeAssignment), before any write.
    const result = await acceptEvent({
      kind: 'assign',
      orderId: orderId!,
      lineItemId: lineItemId!,
      athleteId,
      cardId,
      schoolId: collective.schoolId,
      at: new Date().toISOString(),
      by: principal.sub,
    }).catch((error: unknown) => {
      if (!(error instanceof AssignRefused)) throw error;
      if (error.reason === 'other_school') throw new Forbidden('This sale belongs to another school');
      if (error.reason === 'unknown_line') throw new NotFound(`Line ${lineItemId} of order ${orderId}`);
      throw new Conflict('This sale is already attributed to an athlete; only unattributed sales can be assigned');
    });
    return json(result.outcome === 'unchanged' ? 200 : 202, { ok: true, outcome: result.outcome });
  },
});
