// The card lifecycle's events (lambdas/cards/card-events.ts) through the repository on the memory
// store: each move writes its audit entry in the collective's log and tells whom it concerns, in
// the move's own transaction; a repeated move (a retried request) writes nothing twice.
import { cardsRepo } from '#lambdas/cards/cards-repo';
import { catalogItems } from '#lambdas/catalog/catalog-items';
import * as keys from '#lambdas/platform/keys';
import { createMemoryStore } from '#lambdas/platform/memory-store';
import { keyString } from '#lambdas/platform/store';
import type { Key } from '#lambdas/platform/store';
import { SAMPLE_CATALOG } from '#shared/catalog/seed-data';

const ATHLETE = 10;
const COLLECTIVE = 1;
const collective = { sub: 'collective-user', label: 'staff@collective.example' };
const athlete = { sub: 'athlete-user' };
let clock = Date.parse('2027-03-01T12:00:00.000Z');
const deps = {
  now: () => new Date((clock += 1000)),
  fingerprint: async (url: string) => `hash:${url}`,
  publishMode: () => 'local' as const,
  createProduct: async () => {
    throw new Error('not in local mode');
  },
};

function setup() {
  const store = createMemoryStore();
  for (const item of catalogItems(structuredClone(SAMPLE_CATALOG))) store.items.set(keyString(item as unknown as Key), structuredClone(item));
  const partition = (pk: string) => store.all().filter((i) => i.PK === pk);
  return { store, repo: cardsRepo(store), partition };
}

describe('card events', () => {
  it('audits every move and tells the athlete, then the collective', async () => {
    const { repo, partition, store } = setup();
    const set = await repo.createSet(COLLECTIVE, ATHLETE, '2027 Season', collective);
    const card = await repo.createCard(
      COLLECTIVE,
      ATHLETE,
      { name: 'Gold', edition: 'Gold', image: '/api/uploads/local/g.png', description: 'd', priceCents: 2500, editionSize: 10, unlock: null, setId: set.id },
      collective,
      deps,
    );
    await repo.submitCard(COLLECTIVE, ATHLETE, card.id, collective, deps);
    // A retried submit is a repeat: nothing is written twice.
    await repo.submitCard(COLLECTIVE, ATHLETE, card.id, collective, deps);
    await repo.rejectCard(ATHLETE, card.id, 'Wrong photo', athlete, deps);

    const audit = partition(keys.auditPartition(COLLECTIVE));
    expect(audit.map((a) => a.action)).toEqual(['set.created', 'card.created', 'card.submitted', 'card.rejected']);
    expect(audit[2]).toMatchObject({
      actor: { role: 'collective', sub: 'collective-user', label: 'staff@collective.example' },
      subject: { type: 'card', id: `${ATHLETE}/${card.id}`, athleteId: ATHLETE },
      before: { state: 'draft' },
      after: { state: 'pending' },
    });
    expect(audit[3]).toMatchObject({ actor: { role: 'athlete', sub: 'athlete-user' }, after: { state: 'rejected', reason: 'Wrong photo' } });

    // The athlete was told of the submission, the collective of the rejection; both are in the outbox.
    const athleteNotes = partition(keys.notifyPartition(`A${ATHLETE}`)).filter((i) => i.type === 'note');
    expect(athleteNotes).toHaveLength(1);
    expect(athleteNotes[0]).toMatchObject({ category: 'card_submitted', email: 'pending', link: '/athlete?tab=approvals' });
    expect(athleteNotes[0].GSI1PK).toMatch(/^OUTBOX#\d$/);
    expect(store.items.get(keyString(keys.notifyState(`A${ATHLETE}`)))).toMatchObject({ unread: 1 });
    const collectiveNotes = partition(keys.notifyPartition(`C${COLLECTIVE}`)).filter((i) => i.type === 'note');
    expect(collectiveNotes.map((n) => [n.category, n.title])).toEqual([['card_rejected', expect.stringContaining('rejected “Gold”')]]);
    expect(collectiveNotes[0].body).toContain('Wrong photo');
  });
});
