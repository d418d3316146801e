// The `days` of a daily read: 7 or 30 (shared/sales/sales-api.ts DAILY_RANGES), 30 when absent.
import { DAILY_RANGES } from '#shared/sales/sales-api';
import { BadRequest } from '#lambdas/platform/errors';
import type { Event } from '#lambdas/platform/http';

export function daysParam(event: Event): number {
  const raw = event.queryStringParameters?.days;
  if (raw === undefined || raw === '') return 30;
  const days = Number(raw);
  if (!(DAILY_RANGES as readonly number[]).includes(days)) throw new BadRequest("'days' must be 7 or 30", { days: 'must be 7 or 30' });
  return days;
}
