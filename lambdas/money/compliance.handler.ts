// Compliance (issue 23): an athlete's NIL Go records (GET /api/athletes/{id}/nil-go, read by the
// athlete and its collective, and the demo twin) and reporting one (POST .../nil-go/{recordId}/reported),
// and a collective's compliance settings (GET/PUT /api/collectives/{id}/compliance: payor group,
// allocated donations' tax form, the school's own disclosure days), the year-end tax export of a
// collective (GET /api/collectives/{id}/tax/{year}/export, CSV) and an athlete's own copy (GET
// /api/athletes/{id}/tax/{year}, JSON or CSV). The rules: shared/money/nil-go.ts and tax-forms.ts; the
// records: nil-go-records.ts and tax-export.ts. The NIL disclosure record of a year (GET
// /api/athletes/{id}/disclosure, JSON or CSV, with its state clocks, and the demo twin) and reporting
// it (POST .../disclosure/{year}/reported) are here too. Handlers parse, authorise and map to HTTP.
import { remindDisclosures } from './disclosure-reminders';
import { observed } from '#lambdas/platform/observability';
import { log } from '#lambdas/platform/log';
import { complianceSettingsErrors, type AthleteTaxYear, type NilGoView } from '#shared/money/compliance-api';
import { taxExportCsv } from '#shared/money/payout-documents';
import { formsDueDate } from '#shared/money/tax-forms';
import { reportedErrors, type DisclosureRecord } from '#shared/money/payouts-api';
import { disclosureCsv, disclosureRecordOf } from '#shared/money/payout-documents';
import { requireCollectiveOwner, requirePrincipal } from '#lambdas/platform/auth';
import { collectiveOfAthlete, requireAthlete } from '#lambdas/catalog/catalog-lookup';
import { authorizeAthleteRead, authorizeCollectiveRead } from '#lambdas/catalog/tenancy';
import { BadRequest, Conflict, NotFound, ValidationError, validOrThrow } from '#lambdas/platform/errors';
import type { Event, Result } from '#lambdas/platform/http';
import { intParam, json, jsonBody, routes } from '#lambdas/platform/http';
import { dynamoStore as store } from '#lambdas/platform/store';
import { markDueNilGoReported, markNilGoReported, nilGoOf } from './nil-go-records';
import { athleteMoney, markDisclosureReported } from './payouts';
import { disclosureState } from './disclosure-clocks';
import { readSettings, saveSettings } from './compliance-settings';
import { athleteTaxYear, collectiveTaxExport } from './tax-export';

const now = () => new Date().toISOString();
const override1099 = () => (process.env.FORM_1099_THRESHOLD_CENTS ? Number(process.env.FORM_1099_THRESHOLD_CENTS) : undefined);

function yearOf(event: Event): number {
  const raw = event.pathParameters?.year ?? '';
  if (!/^\d{4}$/.test(raw) || Number(raw) < 2021 || Number(raw) > new Date().getUTCFullYear())
    throw new BadRequest("'year' must be a year from 2021 to this one", { year: 'must be a year from 2021 to this one' });
  return Number(raw);
}

const csv = (name: string, body: string): Result => ({
  statusCode: 200,
  headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${name}"`, 'cache-control': 'no-store' },
  body,
});

/** The disclosure record's year: the query's or the path's, else `fallback`. */
function disclosureYear(event: Event, fallback: number): number {
  const raw = event.queryStringParameters?.year ?? event.pathParameters?.year;
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d{4}$/.test(raw) || Number(raw) < 2000 || Number(raw) > 2100)
    throw new BadRequest("'year' must be a year between 2000 and 2100", { year: 'must be a year' });
  return Number(raw);
}

async function disclosureRecord(athleteId: number, year: number): Promise<DisclosureRecord> {
  const athlete = await requireAthlete(athleteId);
  const money = await athleteMoney(store, athleteId, year, override1099());
  const collective = await collectiveOfAthlete(athleteId);
  const { state, rule, clocks } = await disclosureState(store, athleteId, collective?.id ?? null, money.nilGo);
  return { ...disclosureRecordOf(athlete, collective, money, year), state, stateRule: rule, clocks };
}

const disclosure = async (event: Event) => {
  const athleteId = intParam(event, 'id');
  await requireAthlete(athleteId);
  await authorizeAthleteRead(event, athleteId);
  const year = disclosureYear(event, new Date().getUTCFullYear());
  const record = await disclosureRecord(athleteId, year);
  if (event.queryStringParameters?.format === 'csv') return csv(`nil-disclosure-${athleteId}-${year}.csv`, disclosureCsv(record));
  return json(200, record);
};

async function athleteTax(event: Event): Promise<Result> {
  const athleteId = intParam(event, 'id');
  await requireAthlete(athleteId);
  await authorizeAthleteRead(event, athleteId);
  const year = yearOf(event);
  const rows = await athleteTaxYear(store, athleteId, year, override1099());
  if (event.queryStringParameters?.format === 'csv') return csv(`tax-${year}-athlete-${athleteId}.csv`, taxExportCsv(rows));
  const answer: AthleteTaxYear = { year, athleteId, dueDate: formsDueDate(year), rows };
  return json(200, answer, { 'cache-control': 'no-store' });
}

async function nilGoRead(event: Event): Promise<NilGoView> {
  const athleteId = intParam(event, 'id');
  await requireAthlete(athleteId);
  await authorizeAthleteRead(event, athleteId);
  return nilGoOf(store, athleteId, new Date());
}

const settingsRead = async (event: Event) => {
  const collectiveId = intParam(event, 'id');
  await authorizeCollectiveRead(event, collectiveId);
  return json(200, (await readSettings(store, [collectiveId])).get(collectiveId), { 'cache-control': 'no-store' });
};

const http = routes({
  'GET /api/athletes/{id}/disclosure': disclosure,
  'GET /api/demo/athletes/{id}/disclosure': disclosure,

  'POST /api/athletes/{id}/disclosure/{year}/reported': async (event) => {
    const athleteId = intParam(event, 'id');
    const athlete = await requireAthlete(athleteId);
    await authorizeAthleteRead(event, athleteId); // the athlete or its collective
    const principal = requirePrincipal(event);
    const year = disclosureYear(event, 0);
    const body = jsonBody(event, 1024);
    const errors = reportedErrors(body, now().slice(0, 10));
    if (Object.keys(errors).length) throw new ValidationError(errors);
    const date = String(body.date).trim();
    const reference = String(body.reference).trim();
    const byAthlete = principal.athleteId === athleteId;
    const audit =
      athlete.collectiveId != null
        ? {
            collectiveId: athlete.collectiveId,
            role: byAthlete ? ('athlete' as const) : ('collective' as const),
            label: byAthlete ? athlete.name : (principal.email ?? 'The collective'),
          }
        : undefined;
    await markDisclosureReported(store, athleteId, year, date, reference, principal.sub, now(), audit);
    // NIL Go's records due now are what this report covers (issue 23: records, not calendar years).
    await markDueNilGoReported(store, athleteId, { date, reference }, principal.sub, new Date());
    return json(200, await disclosureRecord(athleteId, year));
  },

  'GET /api/athletes/{id}/nil-go': async (event) => json(200, await nilGoRead(event), { 'cache-control': 'no-store' }),
  'GET /api/demo/athletes/{id}/nil-go': async (event) => json(200, await nilGoRead(event)),

  'POST /api/athletes/{id}/nil-go/{recordId}/reported': async (event) => {
    const athleteId = intParam(event, 'id');
    await requireAthlete(athleteId);
    await authorizeAthleteRead(event, athleteId); // the athlete or its collective
    const principal = requirePrincipal(event);
    const recordId = event.pathParameters?.recordId ?? '';
    const body = jsonBody(event, 1024);
    const errors = reportedErrors(body, now().slice(0, 10));
    if (Object.keys(errors).length) throw new ValidationError(errors);
    const view = await nilGoOf(store, athleteId, new Date());
    const record = view.records.find((r) => r.recordId === recordId);
    if (!record) throw new NotFound(`NIL Go record ${recordId}`);
    if (!record.reportableAt) throw new Conflict('This deal has not reached $600 yet: there is nothing to report');
    if (record.reported) throw new Conflict(`This record was reported on ${record.reported.date} (ref ${record.reported.reference})`);
    await markNilGoReported(store, athleteId, record, { date: String(body.date).trim(), reference: String(body.reference).trim() }, principal.sub, now());
    return json(200, await nilGoOf(store, athleteId, new Date()));
  },

  'GET /api/athletes/{id}/tax/{year}': athleteTax,
  'GET /api/demo/athletes/{id}/tax/{year}': athleteTax,
  'GET /api/collectives/{id}/tax/{year}/export': async (event) => {
    const collectiveId = intParam(event, 'id');
    requireCollectiveOwner(event, collectiveId);
    const year = yearOf(event);
    return csv(`tax-${year}-collective-${collectiveId}.csv`, taxExportCsv(await collectiveTaxExport(store, collectiveId, year, override1099())));
  },

  'GET /api/collectives/{id}/compliance': settingsRead,
  'GET /api/demo/collectives/{id}/compliance': settingsRead,
  'PUT /api/collectives/{id}/compliance': async (event) => {
    const collectiveId = intParam(event, 'id');
    const principal = requireCollectiveOwner(event, collectiveId);
    const input = validOrThrow(complianceSettingsErrors(jsonBody(event, 2048)));
    return json(200, await saveSettings(store, collectiveId, input, principal.sub, now()));
  },
});

/** The daily schedule (infra/stack.ts): NIL Go deadlines told to the athletes and collectives (issue 26). */
const reminders = observed(async () => {
  const result = await remindDisclosures(store, new Date());
  if (result.reminded) log('info', 'disclosure reminders', result);
  return result;
});

/** API Gateway's requests, and the schedule's events (no routeKey). */
export const handler = (event: Parameters<typeof http>[0] | { source?: string }, context: Parameters<typeof http>[1]) =>
  'routeKey' in event ? http(event, context) : reminders(event as never, context as never);
