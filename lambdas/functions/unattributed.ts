// POST /api/collectives/{id}/unattributed/assign: a collective assigns a sale line that no catalog
// card matched to one of its athletes' cards. The assignment is stored on the order and applied
// through the same exactly-once ingestion, so the figures move by exactly that line.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { OrderState } from '../../shared/contribution';
import { requireCollectiveOwner } from '../common/auth';
import { requireCollective } from '../common/catalog-lookup';
import { loadCatalog } from '../common/catalog-repo';
import { ddb, tableName } from '../common/dynamodb';
import { NotFound, ValidationError } from '../common/errors';
import { intParam, json, jsonBody, routes } from '../common/http';
import { ingest } from '../common/ingest';
import { keys } from '../common/keys';

export const handler = routes({
  'POST /api/collectives/{id}/unattributed/assign': async (event) => {
    const collectiveId = intParam(event, 'id');
    requireCollectiveOwner(event, collectiveId);
    const collective = await requireCollective(collectiveId);
    const body = jsonBody(event, 4096);
    const fields: Record<string, string> = {};
    const orderId = typeof body.orderId === 'string' && /^\d{1,30}$/.test(body.orderId) ? body.orderId : null;
    const lineItemId = typeof body.lineItemId === 'string' && body.lineItemId.length <= 40 ? body.lineItemId : null;
    const athleteId = Number(body.athleteId);
    const cardId = Number(body.cardId);
    if (!orderId) fields.orderId = 'must be a Shopify order id';
    if (!lineItemId) fields.lineItemId = 'must be a line item id';
    if (!Number.isSafeInteger(athleteId) || !collective.members.includes(athleteId)) fields.athleteId = 'must be an athlete of this collective';
    const athlete = (await loadCatalog()).athletes.find((a) => a.id === athleteId);
    if (!athlete?.digitalcollectibles.some((c) => c.id === cardId)) fields.cardId = "must be one of the athlete's cards";
    if (Object.keys(fields).length) throw new ValidationError(fields);
    const { Item } = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.order(orderId!), ConsistentRead: true }));
    const state = Item?.state as OrderState | undefined;
    if (!state?.order?.lineItems.some((l) => l.lineItemId === lineItemId)) throw new NotFound(`Line ${lineItemId} of order ${orderId}`);
    const result = await ingest({ kind: 'assign', orderId: orderId!, lineItemId: lineItemId!, athleteId, cardId, at: new Date().toISOString() });
    return json(200, { ok: true, outcome: result.outcome });
  },
});
