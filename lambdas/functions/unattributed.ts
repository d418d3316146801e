// POST /api/collectives/{id}/unattributed/assign: a collective assigns a sale line that no catalog
// card matched, and that belongs to its own school, to one of its athletes' cards. Only a line
// that is unattributed now may be assigned (an attributed sale is never moved: 409; another
// school's line: 403); the same rule is checked again inside the exactly-once path, so a race
// cannot bypass it. The assignment (who, when) is stored on the order and applied through
// ingestion, so the figures and the ledger move by exactly that line.
import { requireCollectiveOwner } from '../common/auth';
import { requireCollective } from '../common/catalog-lookup';
import { loadCatalog } from '../common/catalog-repo';
import { Conflict, Forbidden, NotFound, ValidationError } from '../common/errors';
import { intParam, json, jsonBody, routes } from '../common/http';
import { AssignRefused, ingest, readOrderState } from '../common/ingest';

export const handler = routes({
  'POST /api/collectives/{id}/unattributed/assign': async (event) => {
    const collectiveId = intParam(event, 'id');
    const principal = requireCollectiveOwner(event, collectiveId);
    const collective = await requireCollective(collectiveId);
    const body = jsonBody(event, 4096);
    const fields: Record<string, string> = {};
    const orderId = typeof body.orderId === 'string' && /^\d{1,30}$/.test(body.orderId) ? body.orderId : null;
    const lineItemId = typeof body.lineItemId === 'string' && /^[\w-]{1,40}$/.test(body.lineItemId) ? body.lineItemId : null;
    const athleteId = Number(body.athleteId);
    const cardId = Number(body.cardId);
    if (!orderId) fields.orderId = 'must be a Shopify order id';
    if (!lineItemId) fields.lineItemId = 'must be a line item id';
    if (!Number.isSafeInteger(athleteId) || !collective.members.includes(athleteId)) fields.athleteId = 'must be an athlete of this collective';
    const athlete = (await loadCatalog()).athletes.find((a) => a.id === athleteId);
    if (!athlete?.digitalcollectibles.some((c) => c.id === cardId)) fields.cardId = "must be one of the athlete's cards";
    if (Object.keys(fields).length) throw new ValidationError(fields);

    const state = await readOrderState(orderId!);
    const attribution = state?.order?.lineItems.some((l) => l.lineItemId === lineItemId) ? state.lines[lineItemId!] : undefined;
    if (!state || state.deletedAt || !attribution) throw new NotFound(`Line ${lineItemId} of order ${orderId}`);
    const same = attribution.kind === 'card' && attribution.via === 'assigned' && attribution.athleteId === athleteId && attribution.cardId === cardId;
    if (!same) {
      if (attribution.kind !== 'unattributed') throw new Conflict('This sale is already attributed to an athlete; only unattributed sales can be assigned');
      if (!attribution.schoolIds.includes(collective.schoolId)) throw new Forbidden('This sale belongs to another school');
    }
    const result = await ingest({ kind: 'assign', orderId: orderId!, lineItemId: lineItemId!, athleteId, cardId, schoolId: collective.schoolId, at: new Date().toISOString(), by: principal.sub }).catch((error: unknown) => {
      // The same rules, checked again inside the exactly-once path (the line changed meanwhile).
      if (!(error instanceof AssignRefused)) throw error;
      if (error.reason === 'other_school') throw new Forbidden('This sale belongs to another school');
      if (error.reason === 'unknown_line') throw new NotFound(`Line ${lineItemId} of order ${orderId}`);
      throw new Conflict('This sale is already attributed to an athlete; only unattributed sales can be assigned');
    });
    return json(result.pending > 0 ? 202 : 200, { ok: true, outcome: result.outcome, pending: result.pending });
  },
});
