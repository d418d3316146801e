// Money reaching athletes (lambdas/money/payouts.ts): the collective's Payouts section (balances,
// payout batches, CSV export, sent/paid with references, W-9 status, donation allocations) and the
// athlete's Payouts tab (balance, payouts, statements as JSON or CSV, the NIL disclosure record).
// A collective manages only its members; an athlete sees only its own money. Every money-moving
// write needs an idempotency key (the Idempotency-Key header or `idempotencyKey` in the body).
import type { CollectivePayoutsResponse, DisclosureRecord } from '#shared/money/payouts-api';
import { csvDocument } from '#shared/platform/csv';
import { periodLabel, reportedErrors, type StatementResponse } from '#shared/money/payouts-api';
import { formatUsd } from '#shared/platform/money';
import { requireCollectiveOwner, requirePrincipal } from '#lambdas/platform/auth';
import { collectiveOfAthlete, requireAthlete, requireCollective } from '#lambdas/catalog/catalog-lookup';
import { BadRequest, Forbidden, ValidationError } from '#lambdas/platform/errors';
import type { Event, Result } from '#lambdas/platform/http';
import { header, intParam, json, jsonBody, routes } from '#lambdas/platform/http';
import { dynamoStore as store } from '#lambdas/platform/store';
import { metric } from '#lambdas/platform/metrics';
import {
  allocateDonation,
  athleteMoney,
  createBatch,
  defaultPeriod,
  latestPeriodEnd,
  listBatches,
  markDisclosureReported,
  markPayout,
  payableBefore,
  payableUntil,
  readBatch,
  setW9,
  statement,
} from './payouts';
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

const collectivePayouts = async (event: Event) => {
  const collectiveId = intParam(event, 'id');
  await authorizeCollectiveRead(event, collectiveId);
  const collective = await requireCollective(collectiveId);
  const year = yearParam(event, new Date().getUTCFullYear());
  const at = new Date();
  const batches = await listBatches(store, collectiveId);
  const latestEnd = batches.reduce<string | null>((latest, b) => (latest && latest > b.periodEnd ? latest : b.periodEnd), null);
  // Through today: what a batch created now with the default period pays each member.
  const period = defaultPeriod(at, latestEnd);
  const until = payableUntil(period.periodEnd, at.toISOString());
  const members = await Promise.all(
    collective.members.map(async (athleteId) => {
      const [money, payable] = await Promise.all([athleteMoney(store, athleteId, year, override1099()), payableBefore(store, athleteId, until)]);
      return { athleteId, balanceCents: money.balanceCents, payableCents: payable, year: money.year, lastPayout: money.payouts[0] ?? null };
    }),
  );
  const response: CollectivePayoutsResponse = { collectiveId, year, defaultPeriod: period, members, batches };
  return json(200, response);
};

const athletePayouts = async (event: Event) => {
  const athleteId = intParam(event, 'id');
  await requireAthlete(athleteId);
  await authorizeAthleteRead(event, athleteId);
  const year = yearParam(event, new Date().getUTCFullYear());
  const money = await athleteMoney(store, athleteId, year, override1099());
  const next = money.payouts.filter((p) => p.status !== 'paid').at(-1) ?? null;
  return json(200, { athleteId, ...money, nextPayout: next });
};

const athleteStatement = async (event: Event) => {
  const athleteId = intParam(event, 'id');
  const athlete = await requireAthlete(athleteId);
  await authorizeAthleteRead(event, athleteId);
  const q = event.queryStringParameters ?? {};
  const from = instantOf(q.from);
  const to = instantOf(q.to);
  const fields: Record<string, string> = {};
  if (!from) fields.from = 'must be a date (YYYY-MM-DD)';
  if (!to) fields.to = 'must be a date (YYYY-MM-DD)';
  if (from && to && (to <= from || Date.parse(to) - Date.parse(from) > 366 * 86_400_000)) fields.to = 'must be after from, at most a year later';
  if (q.after !== undefined && !keys.isLedgerSortKey(q.after)) fields.after = 'is not valid';
  if (Object.keys(fields).length) throw new ValidationError(fields);
  const s = await statement(store, athleteId, from!, to!, { after: q.after });
  if (q.format === 'csv') {
    const rows = s.entries.map((e) => [
      e.at,
      e.kind,
      e.orderName ?? e.batchId ?? e.donationId ?? '',
      (e.grossCents / 100).toFixed(2),
      ((e.athleteShareCents + e.creditCents - e.payoutCents) / 100).toFixed(2),
      (e.balanceAfterCents / 100).toFixed(2),
    ]);
    const summary = [
      ['Opening balance', '', '', '', '', (s.openingBalanceCents / 100).toFixed(2)],
      ...rows,
      ['Closing balance', '', '', '', '', (s.closingBalanceCents / 100).toFixed(2)],
    ];
    return csv(
      `statement-${athlete.handle || athleteId}-${from!.slice(0, 10)}.csv`,
      csvDocument(['date', 'kind', 'reference', 'gross', 'athlete amount', 'balance'], summary),
    );
  }
  const answer: StatementResponse = { ...s, athlete: { id: athlete.id, name: athlete.name, school: athlete.school } };
  return json(200, answer);
};

async function disclosureRecord(athleteId: number, year: number): Promise<DisclosureRecord> {
  const athlete = await requireAthlete(athleteId);
  const money = await athleteMoney(store, athleteId, year, override1099());
  const collective = await collectiveOfAthlete(athleteId);
  const payments = money.payouts
    .filter((p) => p.status === 'paid' && p.paidDate?.startsWith(String(year)))
    .map((p) => ({ date: p.paidDate!, amountCents: p.amountCents, reference: p.paidReference }));
  return {
    athlete: { id: athlete.id, name: athlete.name, school: athlete.school, sport: athlete.sport },
    payor: { name: collective?.name ?? 'Drift NIL collective', contact: collective?.contactEmail ?? null },
    year,
    services: 'Licence of the athlete’s name, image and likeness on official digital trading cards sold through Drift (royalties on card sales)',
    compensation:
      '97% of net card sales (what buyers paid after discounts, refunds and included taxes), rounded on the running total; plus donations the collective allocates to the athlete',
    term: `Ongoing while the athlete’s cards are on sale; this record covers ${year}-01-01 to ${year}-12-31`,
    earnedCents: money.year.earnedCents,
    paidCents: money.year.paidCents,
    payments,
    thresholdCents: money.year.nil.thresholdCents,
    crossedAt: money.year.nil.crossedAt,
    deadline: money.year.nil.deadline,
    reportedDate: money.year.nil.reportedDate,
    reference: money.year.nil.reference,
  };
}

const disclosure = async (event: Event) => {
  const athleteId = intParam(event, 'id');
  await requireAthlete(athleteId);
  await authorizeAthleteRead(event, athleteId);
  const year = yearParam(event, new Date().getUTCFullYear());
  const record = await disclosureRecord(athleteId, year);
  if (event.queryStringParameters?.format === 'csv') {
    const rows: string[][] = [
      ['Athlete', record.athlete.name],
      ['School', record.athlete.school],
      ['Sport', record.athlete.sport],
      ['Payor', record.payor.name],
      ['Payor contact', record.payor.contact ?? ''],
      ['Nature of the services', record.services],
      ['Compensation structure', record.compensation],
      ['Term', record.term],
      ['Earned in the year', formatUsd(record.earnedCents)],
      ['Paid in the year', formatUsd(record.paidCents)],
      ...record.payments.map((p) => [`Payment ${p.date}`, `${formatUsd(p.amountCents)}${p.reference ? ` (ref ${p.reference})` : ''}`]),
      ['Disclosure threshold reached', record.crossedAt ?? 'not reached'],
      ['Deadline to report', record.deadline ?? ''],
      ['Reported', record.reportedDate ? `${record.reportedDate} (ref ${record.reference})` : 'not yet'],
    ];
    return csv(`nil-disclosure-${athleteId}-${year}.csv`, csvDocument(['field', 'value'], rows));
  }
  return json(200, record);
};

export const handler = routes({
  'GET /api/collectives/{id}/payouts': collectivePayouts,
  'GET /api/demo/collectives/{id}/payouts': collectivePayouts,

  'POST /api/collectives/{id}/payouts/batches': async (event) => {
    const collectiveId = intParam(event, 'id');
    const principal = requireCollectiveOwner(event, collectiveId);
    const body = jsonBody(event, 4096);
    const key = idempotencyKey(event, body);
    const collective = await requireCollective(collectiveId);
    const periodStart = instantOf(body.periodStart);
    const periodEnd = instantOf(body.periodEnd);
    const fields: Record<string, string> = {};
    if (!periodStart) fields.periodStart = 'must be a date (YYYY-MM-DD)';
    if (!periodEnd) fields.periodEnd = 'must be a date (YYYY-MM-DD)';
    if (periodStart && periodEnd && periodEnd <= periodStart) fields.periodEnd = 'must be after the start';
    if (periodStart && periodEnd && Date.parse(periodEnd) - Date.parse(periodStart) > 366 * 86_400_000) fields.periodEnd = 'a period spans at most a year';
    if (periodEnd && periodEnd > latestPeriodEnd(new Date()))
      fields.periodEnd = 'must not be in the future: a period may run through today (its end, exclusive, is tomorrow at the latest)';
    if (Object.keys(fields).length) throw new ValidationError(fields);
    const { batch, created } = await createBatch(store, {
      collectiveId,
      members: collective.members,
      periodStart: periodStart!,
      periodEnd: periodEnd!,
      idempotencyKey: key,
      by: principal.sub,
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
    const rows = await Promise.all(
      (batch.lines ?? []).map(async (line) => {
        const athlete = await requireAthlete(line.athleteId).catch(() => null);
        return [
          athlete?.name ?? `Athlete ${line.athleteId}`,
          athlete?.school ?? '',
          (line.amountCents / 100).toFixed(2),
          periodLabel(batch.periodStart, batch.periodEnd),
          batch.batchId,
          line.paidReference ?? line.sentReference ?? '',
        ];
      }),
    );
    return csv(`payouts-${batch.batchId}.csv`, csvDocument(['athlete', 'school', 'amount', 'period', 'batch id', 'reference'], rows));
  },

  'POST /api/collectives/{id}/payouts/batches/{batchId}/payouts/{athleteId}': async (event) => {
    const collectiveId = intParam(event, 'id');
    const athleteId = intParam(event, 'athleteId');
    const principal = requireCollectiveOwner(event, collectiveId);
    const body = jsonBody(event, 4096);
    const key = idempotencyKey(event, body);
    const fields: Record<string, string> = {};
    const status = body.status === 'sent' || body.status === 'paid' ? body.status : null;
    const date = dayOf(body.date);
    const reference = typeof body.reference === 'string' ? body.reference.trim() : '';
    if (!status) fields.status = "must be 'sent' or 'paid'";
    if (!date) fields.date = 'must be a day (YYYY-MM-DD)';
    else if (date > now().slice(0, 10)) fields.date = 'must not be in the future';
    if (!/^[\x20-\x7e]{1,100}$/.test(reference)) fields.reference = 'is required: the ACH trace, transfer id or cheque number (at most 100 characters)';
    if (Object.keys(fields).length) throw new ValidationError(fields);
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
    if (body.w9OnFile && !date) throw new ValidationError({ date: 'must be the day the W-9 was received (YYYY-MM-DD)' });
    if ('taxpayerId' in body || 'tin' in body || 'ssn' in body)
      throw new ValidationError({ taxpayerId: 'is never stored here: keep the W-9 itself in your own records' });
    await memberOf(collectiveId, athleteId);
    await setW9(store, athleteId, year, body.w9OnFile, date, principal.sub, now());
    return json(200, (await athleteMoney(store, athleteId, year, override1099())).year);
  },

  'POST /api/collectives/{id}/donations/{donationId}/allocations': async (event) => {
    const collectiveId = intParam(event, 'id');
    const principal = requireCollectiveOwner(event, collectiveId);
    const donationId = event.pathParameters?.donationId ?? '';
    if (!/^[\w-]{1,60}$/.test(donationId)) throw new BadRequest("'donationId' is not valid", { donationId: 'is not valid' });
    const body = jsonBody(event, 16_384);
    const key = idempotencyKey(event, body);
    const collective = await requireCollective(collectiveId);
    const raw = Array.isArray(body.allocations) ? body.allocations : null;
    if (!raw || raw.length === 0 || raw.length > 200) throw new ValidationError({ allocations: 'must list 1 to 200 members with an amount' });
    const allocations = raw.map((a, i) => {
      const athleteId = Number((a as Record<string, unknown>)?.athleteId);
      const amountCents = Number((a as Record<string, unknown>)?.amountCents);
      if (!Number.isSafeInteger(amountCents) || amountCents <= 0 || amountCents > 1_000_000_000)
        throw new ValidationError({ [`allocations[${i}].amountCents`]: 'must be a positive whole number of cents (at most $10,000,000)' });
      if (!Number.isSafeInteger(athleteId) || !collective.members.includes(athleteId))
        throw new Forbidden(`Athlete ${athleteId} is not a member of your collective`);
      return { athleteId, amountCents };
    });
    if (new Set(allocations.map((a) => a.athleteId)).size !== allocations.length) throw new ValidationError({ allocations: 'names a member twice' });
    return json(200, await allocateDonation(store, { collectiveId, donationId, allocations, idempotencyKey: key, by: principal.sub, now }));
  },

  'GET /api/athletes/{id}/payouts': athletePayouts,
  'GET /api/demo/athletes/{id}/payouts': athletePayouts,
  'GET /api/athletes/{id}/statement': athleteStatement,
  'GET /api/demo/athletes/{id}/statement': athleteStatement,
  'GET /api/athletes/{id}/disclosure': disclosure,
  'GET /api/demo/athletes/{id}/disclosure': disclosure,

  'POST /api/athletes/{id}/disclosure/{year}/reported': async (event) => {
    const athleteId = intParam(event, 'id');
    await requireAthlete(athleteId);
    await authorizeAthleteRead(event, athleteId); // the athlete or its collective
    const principal = requirePrincipal(event);
    const year = yearParam(event, 0);
    const body = jsonBody(event, 1024);
    const fields = reportedErrors(body, now().slice(0, 10));
    if (Object.keys(fields).length) throw new ValidationError(fields);
    const date = String(body.date).trim();
    const reference = String(body.reference).trim();
    await markDisclosureReported(store, athleteId, year, date, reference, principal.sub, now());
    return json(200, await disclosureRecord(athleteId, year));
  },
});

function batchIdParam(event: Event): string {
  const raw = event.pathParameters?.batchId ?? '';
  if (!/^\d{14}-[0-9a-f]{8}$/.test(raw)) throw new BadRequest("'batchId' is not valid", { batchId: 'is not valid' });
  return raw;
}
