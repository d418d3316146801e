// Money reaching athletes (lambdas/money/payouts.ts): the collective's Payouts section (balances,
// payout batches, CSV export, sent/paid with references, W-9 status, activations: activation-routes.ts) and the
// athlete's Payouts tab (balance, payouts, statements as JSON or CSV); the NIL disclosure record is
// the compliance function's (compliance.handler.ts).
// A collective manages only its members; an athlete sees only its own money. Every money-moving
// write needs an idempotency key (the Idempotency-Key header or `idempotencyKey` in the body).
// This file parses requests, authorises them and maps answers to HTTP; the payout rules are
// lambdas/money/payouts.ts and, where pure, shared/money/payout-rules.ts and payout-documents.ts.
import { STATEMENT_MAX_PAGE_LINES, STATEMENT_PAGE_LINES, type StatementResponse } from '#shared/money/payouts-api';
import { batchCsv, statementCsv } from '#shared/money/payout-documents';
import { batchPeriodErrors, markErrors, statementRangeErrors, w9Error } from '#shared/money/payout-rules';
import { requireCollectiveOwner } from '#lambdas/platform/auth';
import { requireAthlete, requireCollective } from '#lambdas/catalog/catalog-lookup';
import { BadRequest, Forbidden, NotFound, ValidationError } from '#lambdas/platform/errors';
import type { Event, Result } from '#lambdas/platform/http';
import { header, intParam, json, jsonBody, routes } from '#lambdas/platform/http';
import { dynamoStore as store } from '#lambdas/platform/store';
import { metric } from '#lambdas/platform/metrics';
import { athleteMoney, athletePayouts, collectivePayouts, createBatch, markPayout, readBatch, setW9, statement } from './payouts';
import { statementLines, wholeStatement } from './statement-lines';
import { activationRoutes } from './activation-routes';
import { payoutPreview } from './payout-preview';
import { getAthlete } from '#lambdas/catalog/catalog-repo';
import { authorizeAthleteRead, authorizeCollectiveRead } from '#lambdas/catalog/tenancy';
import * as keys from '#lambdas/platform/keys';

const now = () => new Date().toISOString();
const override1099 = () => (process.env.FORM_1099_THRESHOLD_CENTS ? Number(process.env.FORM_1099_THRESHOLD_CENTS) : undefined);

function idempotencyKey(event: Event, body: Record<string, unknown>): string {
  const key = header(event, 'idempotency-key')?.trim() ?? (typeof body.idempotencyKey === 'string' ? body.idempotencyKey.trim() : '');
  if (!/^[\w:.-]{8,100}$/.test(key))
    throw new BadRequest('An idempotency key (8 to 100 letters, digits, - _ : .) is required for this write', {
      idempotencyKey: 'is required (8-100 characters)',
    });
  return key;
}

/** A day (YYYY-MM-DD) or an instant, as ISO-8601 UTC; null when it is neither. */
function instantOf(value: unknown): string | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z)?$/.test(value)) return null;
  const ms = Date.parse(value.length === 10 ? `${value}T00:00:00.000Z` : value);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

const dayOf = (value: unknown): string | null => {
  const iso = instantOf(value);
  return iso && typeof value === 'string' && value.length === 10 ? iso.slice(0, 10) : null;
};

function yearParam(event: Event, fallback: number): number {
  const raw = event.queryStringParameters?.year ?? event.pathParameters?.year;
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d{4}$/.test(raw) || Number(raw) < 2000 || Number(raw) > 2100)
    throw new BadRequest("'year' must be a year between 2000 and 2100", { year: 'must be a year' });
  return Number(raw);
}

function check(fields: Record<string, string>): void {
  if (Object.keys(fields).length) throw new ValidationError(fields);
}

const csv = (name: string, body: string): Result => ({
  statusCode: 200,
  headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${name}"`, 'cache-control': 'no-store' },
  body,
});

async function memberOf(collectiveId: number, athleteId: number) {
  const collective = await requireCollective(collectiveId);
  if (!collective.members.includes(athleteId)) throw new Forbidden('This athlete is not a member of your collective');
  return collective;
}

const collectivePayoutsRoute = async (event: Event) => {
  const collectiveId = intParam(event, 'id');
  await authorizeCollectiveRead(event, collectiveId);
  const collective = await requireCollective(collectiveId);
  const year = yearParam(event, new Date().getUTCFullYear());
  return json(200, await collectivePayouts(store, { id: collectiveId, members: collective.members }, year, new Date(), override1099()));
};

const athletePayoutsRoute = async (event: Event) => {
  const athleteId = intParam(event, 'id');
  await requireAthlete(athleteId);
  await authorizeAthleteRead(event, athleteId);
  const year = yearParam(event, new Date().getUTCFullYear());
  return json(200, await athletePayouts(store, athleteId, year, override1099()));
};

const athleteStatement = async (event: Event) => {
  const athleteId = intParam(event, 'id');
  // The athlete with its cards (the lines name them).
  const athlete = await getAthlete(athleteId);
  if (!athlete) throw new NotFound(`Athlete ${athleteId}`);
  await authorizeAthleteRead(event, athleteId);
  const q = event.queryStringParameters ?? {};
  const from = instantOf(q.from);
  const to = instantOf(q.to);
  const fields = statementRangeErrors(from, to);
  if (q.after !== undefined && !keys.isLedgerSortKey(q.after)) fields.after = 'is not valid';
  const limit = q.limit === undefined ? STATEMENT_PAGE_LINES : Number(q.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > STATEMENT_MAX_PAGE_LINES) fields.limit = `must be a whole number from 1 to ${STATEMENT_MAX_PAGE_LINES}`;
  check(fields);
  const cardNames = new Map(athlete.digitalcollectibles.map((c) => [c.id, c.name]));
  // The CSV is the whole period (every page); the JSON a page of lines.
  if (q.format === 'csv')
    return csv(
      `statement-${athlete.handle || athleteId}-${from!.slice(0, 10)}.csv`,
      statementCsv(await wholeStatement(store, athleteId, from!, to!, cardNames)),
    );
  const s = await statement(store, athleteId, from!, to!, { after: q.after, limit });
  const answer: StatementResponse = {
    ...s,
    entries: await statementLines(store, athleteId, s.entries, cardNames),
    athlete: { id: athlete.id, name: athlete.name, school: athlete.school },
  };
  return json(200, answer);
};

/** What paying everything owed through a day would pay (payout-preview.ts): `through` is a day
 * (YYYY-MM-DD, UTC), today by default, never later. */
const payoutPreviewRoute = async (event: Event) => {
  const collectiveId = intParam(event, 'id');
  await authorizeCollectiveRead(event, collectiveId);
  const collective = await requireCollective(collectiveId);
  const at = new Date();
  const today = at.toISOString().slice(0, 10);
  const raw = event.queryStringParameters?.through;
  const through = raw === undefined || raw === '' ? today : dayOf(raw);
  if (!through) throw new ValidationError({ through: 'must be a day (YYYY-MM-DD)' });
  if (through > today) throw new ValidationError({ through: 'must be today (UTC) or earlier: later days have no earnings yet' });
  const preview = await payoutPreview(store, { id: collectiveId, members: collective.members }, through, at, at.getUTCFullYear());
  check(batchPeriodErrors(preview.period.periodStart, preview.period.periodEnd, at));
  return json(200, preview);
};

export const handler = routes({
  'GET /api/collectives/{id}/payouts': collectivePayoutsRoute,
  'GET /api/demo/collectives/{id}/payouts': collectivePayoutsRoute,
  'GET /api/collectives/{id}/payouts/preview': payoutPreviewRoute,
  'GET /api/demo/collectives/{id}/payouts/preview': payoutPreviewRoute,

  'POST /api/collectives/{id}/payouts/batches': async (event) => {
    const collectiveId = intParam(event, 'id');
    const principal = requireCollectiveOwner(event, collectiveId);
    const body = jsonBody(event, 4096);
    const key = idempotencyKey(event, body);
    const collective = await requireCollective(collectiveId);
    const periodStart = instantOf(body.periodStart);
    const periodEnd = instantOf(body.periodEnd);
    check(batchPeriodErrors(periodStart, periodEnd, new Date()));
    const { batch, created } = await createBatch(store, {
      collectiveId,
      members: collective.members,
      periodStart: periodStart!,
      periodEnd: periodEnd!,
      idempotencyKey: key,
      by: principal.sub,
      byLabel: principal.email ?? undefined,
      now,
    });
    if (created) metric('PayoutsCreated', batch.lineCount);
    return json(created ? 201 : 200, batch);
  },

  'GET /api/collectives/{id}/payouts/batches/{batchId}': async (event) => {
    const collectiveId = intParam(event, 'id');
    requireCollectiveOwner(event, collectiveId);
    return json(200, await readBatch(store, collectiveId, batchIdParam(event)));
  },

  'GET /api/collectives/{id}/payouts/batches/{batchId}/csv': async (event) => {
    const collectiveId = intParam(event, 'id');
    requireCollectiveOwner(event, collectiveId);
    const batch = await readBatch(store, collectiveId, batchIdParam(event));
    const lines = batch.lines ?? [];
    const athletes = await Promise.all(lines.map((line) => requireAthlete(line.athleteId).catch(() => null)));
    return csv(`payouts-${batch.batchId}.csv`, batchCsv(batch, new Map(lines.map((line, i) => [line.athleteId, athletes[i]]))));
  },

  'POST /api/collectives/{id}/payouts/batches/{batchId}/payouts/{athleteId}': async (event) => {
    const collectiveId = intParam(event, 'id');
    const athleteId = intParam(event, 'athleteId');
    const principal = requireCollectiveOwner(event, collectiveId);
    const body = jsonBody(event, 4096);
    const key = idempotencyKey(event, body);
    const status = body.status === 'sent' || body.status === 'paid' ? body.status : null;
    const date = dayOf(body.date);
    const reference = typeof body.reference === 'string' ? body.reference.trim() : '';
    check(markErrors(status, date, reference, now().slice(0, 10)));
    await memberOf(collectiveId, athleteId);
    return json(
      200,
      await markPayout(store, {
        collectiveId,
        batchId: batchIdParam(event),
        athleteId,
        status: status!,
        date: date!,
        reference,
        idempotencyKey: key,
        by: principal.sub,
        byLabel: principal.email ?? undefined,
        now,
      }),
    );
  },

  'PUT /api/collectives/{id}/athletes/{athleteId}/tax/{year}': async (event) => {
    const collectiveId = intParam(event, 'id');
    const athleteId = intParam(event, 'athleteId');
    const principal = requireCollectiveOwner(event, collectiveId);
    const year = yearParam(event, 0);
    const body = jsonBody(event, 1024);
    if (typeof body.w9OnFile !== 'boolean') throw new ValidationError({ w9OnFile: 'must be true or false' });
    const date = body.w9OnFile ? dayOf(body.date) : null;
    const w9 = w9Error(body.w9OnFile, date, body);
    if (w9) throw new ValidationError(w9);
    await memberOf(collectiveId, athleteId);
    await setW9(store, athleteId, year, body.w9OnFile, date, principal.sub, now(), { collectiveId, label: principal.email ?? 'The collective' });
    return json(200, (await athleteMoney(store, athleteId, year, override1099())).year);
  },

  // Activations, and the allocation route's refusal (activation-routes.ts).
  ...activationRoutes,

  'GET /api/athletes/{id}/payouts': athletePayoutsRoute,
  'GET /api/demo/athletes/{id}/payouts': athletePayoutsRoute,
  'GET /api/athletes/{id}/statement': athleteStatement,
  'GET /api/demo/athletes/{id}/statement': athleteStatement,
});

function batchIdParam(event: Event): string {
  const raw = event.pathParameters?.batchId ?? '';
  if (!/^\d{14}-[0-9a-f]{8}$/.test(raw)) throw new BadRequest("'batchId' is not valid", { batchId: 'is not valid' });
  return raw;
}
