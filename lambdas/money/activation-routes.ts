// The activation routes of the payouts function (issue 33 item 3; docs/decisions/0027-activations.md):
// the collective records, lists and cancels activations of its own athletes; the athlete lists its
// own and confirms or declines them. The old "allocate a donation" route answers 410 with the reason.
// This file parses and authorises; the rules are lambdas/money/activations.ts and
// shared/money/activations.ts.
import { ALLOCATION_GONE_MESSAGE, activationErrors, declineReasonError, type ActivationInput, type ActivationsResponse } from '#shared/money/activations';
import { requireAthleteOwner, requireCollectiveOwner } from '#lambdas/platform/auth';
import { requireAthlete, requireCollective } from '#lambdas/catalog/catalog-lookup';
import { BadRequest, Forbidden, Gone, ValidationError } from '#lambdas/platform/errors';
import type { Event, Result } from '#lambdas/platform/http';
import { header, intParam, json, jsonBody } from '#lambdas/platform/http';
import { dynamoStore as store } from '#lambdas/platform/store';
import { athleteActivations, collectiveActivations, collectiveOfActivation, createActivation, moveActivation } from './activations';

const now = () => new Date().toISOString();

function activationIdParam(event: Event): string {
  const raw = event.pathParameters?.activationId ?? '';
  if (!/^act-[0-9a-f]{20}$/.test(raw)) throw new BadRequest("'activationId' is not valid", { activationId: 'is not valid' });
  return raw;
}

function idempotencyKey(event: Event, body: Record<string, unknown>): string {
  const key = header(event, 'idempotency-key')?.trim() ?? (typeof body.idempotencyKey === 'string' ? body.idempotencyKey.trim() : '');
  if (!/^[\w:.-]{8,100}$/.test(key))
    throw new BadRequest('An idempotency key (8 to 100 letters, digits, - _ : .) is required for this write', {
      idempotencyKey: 'is required (8-100 characters)',
    });
  return key;
}

export const activationRoutes: Record<string, (event: Event) => Promise<Result>> = {
  // Refused: paying an athlete from donations with nothing delivered (NIL Go, 2026). Past allocations stay in the books.
  'POST /api/collectives/{id}/donations/{donationId}/allocations': async (event) => {
    requireCollectiveOwner(event, intParam(event, 'id'));
    throw new Gone(ALLOCATION_GONE_MESSAGE);
  },

  'GET /api/collectives/{id}/activations': async (event) => {
    const collectiveId = intParam(event, 'id');
    requireCollectiveOwner(event, collectiveId);
    const answer: ActivationsResponse = { activations: await collectiveActivations(store, collectiveId) };
    return json(200, answer);
  },

  'POST /api/collectives/{id}/activations': async (event) => {
    const collectiveId = intParam(event, 'id');
    const principal = requireCollectiveOwner(event, collectiveId);
    const body = jsonBody(event, 8_192);
    const key = idempotencyKey(event, body);
    const errors = activationErrors(body, now().slice(0, 10));
    if (Object.keys(errors).length) throw new ValidationError(errors as Record<string, string>);
    const input = body as unknown as ActivationInput;
    const collective = await requireCollective(collectiveId);
    if (!collective.members.includes(input.athleteId)) throw new Forbidden('This athlete is not a member of your collective');
    const athlete = await requireAthlete(input.athleteId);
    const { activation, created } = await createActivation(
      store,
      {
        athleteId: input.athleteId,
        kind: input.kind,
        description: input.description,
        date: input.date,
        priceCents: input.priceCents,
        proofUrl: input.proofUrl,
        collectiveId,
        collectiveName: collective.name,
        athleteName: athlete.name,
        idempotencyKey: key,
      },
      { sub: principal.sub, label: principal.email ?? 'The collective' },
      now(),
    );
    return json(created ? 201 : 200, activation);
  },

  'POST /api/collectives/{id}/activations/{activationId}/cancel': async (event) => {
    const collectiveId = intParam(event, 'id');
    const principal = requireCollectiveOwner(event, collectiveId);
    const activationId = activationIdParam(event);
    const { activation } = await moveActivation(
      store,
      { collectiveId, activationId },
      'cancel',
      'collective',
      { sub: principal.sub, label: principal.email ?? 'The collective' },
      now,
    );
    return json(200, activation);
  },

  'GET /api/athletes/{id}/activations': async (event) => {
    const athleteId = intParam(event, 'id');
    requireAthleteOwner(event, athleteId);
    const answer: ActivationsResponse = { activations: await athleteActivations(store, athleteId) };
    return json(200, answer);
  },

  'POST /api/athletes/{id}/activations/{activationId}/confirm': async (event) => athleteMove(event, 'confirm'),
  'POST /api/athletes/{id}/activations/{activationId}/decline': async (event) => athleteMove(event, 'decline'),
};

async function athleteMove(event: Event, move: 'confirm' | 'decline'): Promise<Result> {
  const athleteId = intParam(event, 'id');
  const principal = requireAthleteOwner(event, athleteId);
  const activationId = activationIdParam(event);
  let reason: string | undefined;
  if (move === 'decline') {
    const body = jsonBody(event, 4_096);
    const error = declineReasonError(body.reason);
    if (error) throw new ValidationError({ reason: error });
    reason = String(body.reason).trim();
  }
  const collectiveId = await collectiveOfActivation(store, athleteId, activationId);
  const athlete = await requireAthlete(athleteId);
  const { activation } = await moveActivation(
    store,
    { collectiveId, activationId, athleteId },
    move,
    'athlete',
    { sub: principal.sub, label: athlete.name },
    now,
    reason,
  );
  return json(200, activation);
}
