// Infra layer, least privilege on the table: every partition that keys.ts can build is writable by
// at least one function's declared patterns (FUNCTION_WRITE_PARTITIONS, RECONCILE_PARTITIONS), so
// a new key family cannot ship without deciding who may write it (the IAM LeadingKeys condition
// would otherwise deny the write in AWS while local mode, which has no IAM, keeps working).
import { FUNCTION_TABLE_ACCESS, FUNCTION_WRITE_PARTITIONS } from '#lambdas/routes';
import {
  ACCEPT_PARTITIONS,
  INGESTION_PARTITIONS,
  NOTIFY_BOUNCE_PARTITIONS,
  NOTIFY_SENDER_PARTITIONS,
  RECONCILE_PARTITIONS,
  matchesPartitionPattern,
} from '#lambdas/platform/key-access';
import * as keys from '#lambdas/platform/keys';

/** Builders whose parameters are not plain ids: give them sample arguments here. */
const SAMPLE_ARGS: Record<string, unknown[]> = {
  boardPartition: [{ kind: 'athlete', athleteId: 1 }],
  boardEntry: [{ kind: 'set', athleteId: 1, cardIds: [1, 2] }, 'b'],
  boardRank: [{ kind: 'school', schoolId: 1 }, 1, '2026-01-01T00:00:00.000Z', 'b'],
  boardCount: [{ kind: 'school', schoolId: 1 }],
  followersPartition: [{ kind: 'athlete', id: 1 }],
  follower: [{ kind: 'school', id: 1 }, 'b'],
  follow: ['b', { kind: 'athlete', id: 1 }],
  activityPartition: [{ kind: 'athlete', id: 1 }],
  activityEntry: [{ kind: 'school', id: 1 }, '2026-01-01T00:00:00.000Z', 'e'],
  activityHead: [{ kind: 'athlete', id: 1 }],
};

/** The PK each entry of `keys` produces (entries without a PK are GSI keys, prefixes or ids). */
function partitionsOfKeys(): { name: string; partition: string }[] {
  const found: { name: string; partition: string }[] = [];
  for (const [name, builder] of Object.entries(keys as Record<string, unknown>)) {
    let value: unknown = builder;
    if (typeof builder === 'function') {
      const args = SAMPLE_ARGS[name] ?? Array.from({ length: builder.length }, (_, i) => `${i + 1}`);
      try {
        value = (builder as (...a: unknown[]) => unknown)(...args);
      } catch (error) {
        throw new Error(`keys.${name} failed with sample arguments ${JSON.stringify(args)}: add some to SAMPLE_ARGS (${String(error)})`);
      }
    }
    if (value && typeof value === 'object' && typeof (value as { PK?: unknown }).PK === 'string') {
      found.push({ name, partition: (value as { PK: string }).PK });
    }
  }
  return found;
}

const allPatterns = (): string[] => [
  ...Object.values(FUNCTION_WRITE_PARTITIONS).flat(),
  ...RECONCILE_PARTITIONS,
  ...NOTIFY_SENDER_PARTITIONS,
  ...NOTIFY_BOUNCE_PARTITIONS,
];

describe('write partitions', () => {
  it('implements IAM StringLike matching', () => {
    expect(matchesPartitionPattern('ORDER#*', 'ORDER#123')).toBe(true);
    expect(matchesPartitionPattern('ORDER#*', 'ORDER#')).toBe(true);
    expect(matchesPartitionPattern('ORDER#*', 'XORDER#1')).toBe(false);
    expect(matchesPartitionPattern('UNATTRIBUTED*', 'UNATTRIBUTED')).toBe(true);
    expect(matchesPartitionPattern('CATALOG', 'CATALOGX')).toBe(false);
    expect(matchesPartitionPattern('A?C', 'ABC')).toBe(true);
    expect(matchesPartitionPattern('A?C', 'AC')).toBe(false);
    expect(matchesPartitionPattern('A.C', 'ABC')).toBe(false);
  });

  it('finds the partitions of the key builders (the check below is not vacuous)', () => {
    const partitions = partitionsOfKeys().map((p) => p.partition);
    expect(partitions).toEqual(
      expect.arrayContaining([
        'CATALOG#ATHLETE#1',
        'CATALOG#SCHOOLS',
        'CATALOG#SEARCH',
        'ORDER#1',
        'ATHLETE#1',
        'WAITLIST#1',
        'WEBHOOK#1',
        'UNATTR#1',
        'PENDING#1',
        'PARKED',
        'RECONCILE',
      ]),
    );
  });

  it('lets at least one function write every partition that keys.ts builds', () => {
    const patterns = allPatterns();
    const uncovered = partitionsOfKeys()
      .filter(({ partition }) => !patterns.some((p) => matchesPartitionPattern(p, partition)))
      .map(({ name, partition }) => `keys.${name} -> ${partition}`);
    // A failure here: add the partition to the writer's list in lambdas/routes.ts
    // (FUNCTION_WRITE_PARTITIONS) or, for ingestion, INGESTION_PARTITIONS in lambdas/platform/key-access.ts.
    expect(uncovered).toEqual([]);
  });

  it('would catch a key family that no function may write', () => {
    const patterns = allPatterns();
    expect(patterns.some((p) => matchesPartitionPattern(p, 'PAYOUTBATCH#7'))).toBe(false);
    expect(patterns.some((p) => matchesPartitionPattern(p, 'CATALOGUE'))).toBe(false);
  });

  it('declares partitions for exactly the writers, and gives every ingestion caller the shared list', () => {
    for (const [fn, access] of Object.entries(FUNCTION_TABLE_ACCESS) as [keyof typeof FUNCTION_TABLE_ACCESS, string][]) {
      expect([fn, FUNCTION_WRITE_PARTITIONS[fn].length > 0]).toEqual([fn, access === 'write']);
    }
    // Accept and settle at once: the whole engine; the webhook and reconciliation only accept.
    for (const fn of ['checkout', 'unattributed'] as const) expect(FUNCTION_WRITE_PARTITIONS[fn]).toEqual(INGESTION_PARTITIONS);
    // The webhook also records Shopify's privacy requests (PRIVACY#...).
    expect(FUNCTION_WRITE_PARTITIONS.webhook).toEqual([...ACCEPT_PARTITIONS, 'PRIVACY#*']);
    expect(RECONCILE_PARTITIONS).toEqual(expect.arrayContaining([...ACCEPT_PARTITIONS]));
    expect(FUNCTION_WRITE_PARTITIONS.webhook.some((p) => matchesPartitionPattern(p, 'ATHLETE#1'))).toBe(false);
    for (const p of ACCEPT_PARTITIONS) expect(INGESTION_PARTITIONS).toContain(p);
  });

  it('keeps the non-ingestion writers out of orders and the catalog to the functions that edit it', () => {
    for (const fn of ['posts', 'waitlist', 'admin', 'cards', 'onboarding'] as const) {
      expect([fn, FUNCTION_WRITE_PARTITIONS[fn].some((p) => matchesPartitionPattern(p, 'ORDER#1'))]).toEqual([fn, false]);
    }
    // Every catalog family (an athlete's items, schools, collectives, product and name indexes, the search snapshot).
    // Admin and onboarding (an accepted profile request creates an athlete) write every family; the
    // card lifecycle only an athlete's items, the product index and member entries; the support
    // page's settings only a school's link to its collective's support page (keys.catalogSchoolSupport).
    const cardFamilies = ['CATALOG#ATHLETE#1', 'CATALOG#COLLECTIVE#1', 'CATALOG#PRODUCT#7'];
    const approvalFamilies = ['CATALOG#SCHOOLS', 'CATALOG#COLLECTIVES', 'CATALOG#SEARCH'];
    const writersOf = (partition: string) =>
      cardFamilies.includes(partition)
        ? ['admin', 'cards', 'onboarding']
        : partition === 'CATALOG#SCHOOL#2'
          ? ['admin', 'onboarding', 'support']
          : // An operator's approval of a collective application creates a school, a collective and moves the search snapshot's schools version.
            approvalFamilies.includes(partition)
            ? ['admin', 'onboarding', 'operator']
            : ['admin', 'onboarding'];
    for (const partition of [
      'CATALOG#ATHLETE#1',
      'CATALOG#SCHOOLS',
      'CATALOG#SCHOOL#2',
      'CATALOG#COLLECTIVES',
      'CATALOG#COLLECTIVE#1',
      'CATALOG#PRODUCT#7',
      'CATALOG#NAME#ann lee',
      'CATALOG#SEARCH',
    ]) {
      const writers = Object.entries(FUNCTION_WRITE_PARTITIONS)
        .filter(([, patterns]) => patterns.some((p) => matchesPartitionPattern(p, partition)))
        .map(([fn]) => fn)
        .sort();
      expect([partition, writers]).toEqual([partition, writersOf(partition)]);
    }
    // The card lifecycle touches an athlete's figures only for unlock times and Top Fans, never orders or payouts' partitions.
    expect(FUNCTION_WRITE_PARTITIONS.cards.some((p) => matchesPartitionPattern(p, 'COLLECTIVE#1'))).toBe(false);
    // ...and the admin function writes nothing but the catalog.
    for (const partition of ['ATHLETE#1', 'COLLECTIVE#1', 'ORDER#1', 'WEBHOOK#1'])
      expect([partition, FUNCTION_WRITE_PARTITIONS.admin.some((p) => matchesPartitionPattern(p, partition))]).toEqual([partition, false]);
  });
});
