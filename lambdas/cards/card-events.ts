// The card lifecycle's events (docs/decisions/0025): what a change of an athlete's cards and sets
// records in the collective's audit log and tells whom, derived from the change itself (a card's
// new history entry, a card gone, a set made or closed), so every move records its event in the
// same transaction without each move saying so (card-transaction.ts mutate). An event's id is the
// card (or set), the move and its time: the same move always has the same id.
// Told: the athlete when a card waits for their approval; the collective when the athlete approved
// or rejected one. Everything is audited.
import type { DriftEvent, Notice } from '#shared/notifications/events';
import type { Athlete, CardEvent, CardSet, DigitalCollectible } from '#shared/catalog/catalog-types';

/** Who acted, as the audit log names them (the handler's account: its email for a collective's staff). */
export interface EventActor {
  sub: string;
  label?: string;
}

const ms = (at: string) => String(Date.parse(at));
const last = (card: DigitalCollectible | undefined): CardEvent | undefined => card?.history?.[card.history.length - 1];
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const ATHLETE_MOVES = new Set(['approved', 'rejected']);

/** What an audit entry keeps of a card: its state and the fields a decision is about. */
const cardFacts = (c: DigitalCollectible) => ({
  state: c.state ?? null,
  name: c.name,
  edition: c.edition ?? null,
  priceCents: c.priceCents ?? null,
  editionSize: c.editionSize ?? null,
  imageHash: c.imageHash ?? null,
  shopifyProductId: c.shopifyProductId || null,
});

function cardEvent(
  athlete: Athlete,
  before: DigitalCollectible | undefined,
  card: DigitalCollectible,
  entry: CardEvent,
  actor: EventActor | undefined,
): DriftEvent {
  const collectiveId = athlete.collectiveId ?? null;
  const role = ATHLETE_MOVES.has(entry.action) ? 'athlete' : 'collective';
  const label = role === 'athlete' ? athlete.name : (actor?.label ?? 'The collective');
  const title = `“${card.name}”`;
  const notices: Notice[] = [];
  const athleteLink = '/athlete?tab=approvals';
  const collectiveLink = '/collective?section=settings&tab=cards';
  if (entry.action === 'submitted')
    notices.push({
      category: 'card_submitted',
      recipients: [{ kind: 'athlete', athleteId: athlete.id }],
      title: `A card waits for your approval: ${title}`,
      body: `Your collective submitted ${title} (${card.edition ?? 'card'}). Review its image and approve or reject it; nothing reaches fans before you approve.`,
      link: athleteLink,
    });
  if (entry.action === 'approved' && collectiveId !== null)
    notices.push({
      category: 'card_approved',
      recipients: [{ kind: 'collective', collectiveId }],
      title: `${athlete.name} approved ${title}`,
      body: `${athlete.name} approved ${title}. You can publish it now.`,
      link: collectiveLink,
    });
  if (entry.action === 'rejected' && collectiveId !== null)
    notices.push({
      category: 'card_rejected',
      recipients: [{ kind: 'collective', collectiveId }],
      title: `${athlete.name} rejected ${title}`,
      body: `${athlete.name} rejected ${title}${entry.reason ? `: “${entry.reason}”` : ''}. Edit it and submit it again.`,
      link: collectiveLink,
    });
  const verb: Record<CardEvent['action'], string> = {
    created: 'Created',
    edited: 'Edited',
    submitted: 'Submitted for approval',
    approved: 'Approved',
    rejected: 'Rejected',
    published: 'Published',
    retired: 'Retired',
    'image-changed': 'Found a changed image on',
    'drop-scheduled': 'Scheduled a drop of',
    'drop-closed': 'Closed the drop of',
  };
  return {
    id: `card:${athlete.id}:${card.id}:${entry.action}:${ms(entry.at)}`,
    at: entry.at,
    actor: { role, sub: entry.by === 'seed' ? null : entry.by, label },
    action: `card.${entry.action}`,
    summary: `${verb[entry.action]} ${title} of ${athlete.name}${entry.reason ? ` (“${entry.reason}”)` : ''}`,
    subject: { type: 'card', id: `${athlete.id}/${card.id}`, athleteId: athlete.id },
    auditCollectiveId: collectiveId,
    before: before ? cardFacts(before) : null,
    after: { ...cardFacts(card), ...(entry.reason ? { reason: entry.reason } : {}) },
    notices,
    // A card on sale is news for the athlete's and the school's followers.
    ...(entry.action === 'published'
      ? {
          activity: {
            athleteId: athlete.id,
            schoolId: athlete.schoolId ?? null,
            kind: 'new-card' as const,
            title: `${athlete.name} released ${title}${card.edition ? ` (${card.edition})` : ''}`,
            link: `/athlete/${athlete.id}/card/${card.id}`,
          },
        }
      : {}),
  };
}

function setEvent(athlete: Athlete, set: CardSet, action: 'created' | 'closed', at: string, actor: EventActor | undefined): DriftEvent {
  const label = actor?.label ?? 'The collective';
  return {
    id: `set:${athlete.id}:${set.id}:${action}:${ms(at)}`,
    at,
    actor: { role: 'collective', sub: actor?.sub ?? null, label },
    action: `set.${action}`,
    summary: `${action === 'created' ? 'Created' : 'Closed'} the set “${set.name}” of ${athlete.name}`,
    subject: { type: 'set', id: `${athlete.id}/${set.id}`, athleteId: athlete.id },
    auditCollectiveId: athlete.collectiveId ?? null,
    before: null,
    after: { name: set.name, cardIds: set.cardIds, closedAt: set.closedAt },
  };
}

/** The events of one change of an athlete's cards and sets (`at`: the change's time). */
export function cardEvents(before: Athlete, after: Athlete, actor: EventActor | undefined, at: string): DriftEvent[] {
  const events: DriftEvent[] = [];
  const beforeCards = new Map(before.digitalcollectibles.map((c) => [c.id, c]));
  for (const card of after.digitalcollectibles) {
    const was = beforeCards.get(card.id);
    const entry = last(card);
    if (entry && !same(entry, last(was))) events.push(cardEvent(after, was, card, entry, actor));
  }
  const afterIds = new Set(after.digitalcollectibles.map((c) => c.id));
  for (const card of before.digitalcollectibles) {
    if (afterIds.has(card.id)) continue;
    const label = actor?.label ?? 'The collective';
    events.push({
      id: `card:${before.id}:${card.id}:deleted:${ms(at)}`,
      at,
      actor: { role: 'collective', sub: actor?.sub ?? null, label },
      action: 'card.deleted',
      summary: `Deleted the draft “${card.name}” of ${before.name}`,
      subject: { type: 'card', id: `${before.id}/${card.id}`, athleteId: before.id },
      auditCollectiveId: before.collectiveId ?? null,
      before: cardFacts(card),
      after: null,
    });
  }
  const beforeSets = new Map((before.sets ?? []).map((s) => [s.id, s]));
  for (const set of after.sets ?? []) {
    const was = beforeSets.get(set.id);
    if (!was) events.push(setEvent(after, set, 'created', at, actor));
    else if (was.closedAt === null && set.closedAt !== null) events.push(setEvent(after, set, 'closed', set.closedAt, actor));
  }
  return events;
}
