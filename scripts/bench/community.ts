// `npx tsx scripts/bench/community.ts [--fans 1000,100000] [--runs 30] [--no-write]`: the leaderboard
// and feed reads at 1,000 and 100,000 fans (issue #26: "reads flat as fans grow").
//
// For each size, a table in its own in-memory DynamoDB Local holds a national catalog of 1,000
// athletes and what Drift stores for that many fans of one hot athlete: their age bands, display
// names and collector profiles, their places on the athlete's, its set's and its school's boards
// (a quarter also hold cards of a teammate), their follows, and the news of 50 athletes and schools.
// Those items come from the product's own code (recordAgeBand, saveProfile, settlement's
// leaderboardWrites, the sender's school tallies, activityWrites) run over the in-memory store a
// slice of fans at a time, then written by BatchWrite; the follows are built here. A check first
// loads a few fans both ways (this loader, and the product's code on DynamoDB with the follows made
// by the follows repository) and compares every item.
//
// Then the community function's handler answers the reads as deployed: the athlete's, its set's
// and its school's leaderboards, and the feed of a fan following 10 and one following 50 athletes
// and schools. Per read: bytes, RCU (every call sent with ReturnConsumedCapacity TOTAL), DynamoDB
// calls and p50/p95 latency over warm reads. Writes its section of docs/BENCHMARKS.md unless --no-write.
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Athlete, Catalog, School } from '#shared/catalog/catalog-types';
import type { FeedResponse, LeaderboardResponse } from '#shared/community/community-api';
import type { Activity } from '#shared/notifications/events';
import type { FanState } from '#shared/orders/settlement';
import { isTopFan } from '#shared/orders/aggregation';
import { topFanSetsOf } from '#shared/cards/sets';
import { SEASON_SET_ID } from '#shared/catalog/seed-data';
import { catalogItemStream } from '#lambdas/catalog/catalog-items';
import { batchWriteItems } from '#lambdas/catalog/catalog-repo';
import { handler as communityHandler } from '#lambdas/community/community.handler';
import { follows } from '#lambdas/community/follows';
import { recordAgeBand } from '#lambdas/identity/age-bands';
import { buyerAlias, hashEmail } from '#lambdas/identity/buyers';
import { saveProfile } from '#lambdas/identity/display-names';
import { activityWrites } from '#lambdas/notifications/event-writes';
import { jobRunner } from '#lambdas/notifications/fanout';
import { leaderboardWrites } from '#lambdas/notifications/settle-hooks';
import * as keys from '#lambdas/platform/keys';
import type { FollowTarget } from '#lambdas/platform/keys';
import { createMemoryStore } from '#lambdas/platform/memory-store';
import { dynamoStore } from '#lambdas/platform/store';
import type { Item, Store } from '#lambdas/platform/store';
import { parseCli, usageError } from '../lib/cli';
import { nationalCatalog } from '../lib/national-catalog';
import { writeItemStream } from '../lib/stream-write';
import { startDynamoLocal } from '../local/dynamodb-local';
import { dropTable, ensureTable } from '../local/table';
import { replaceCommunitySection } from './doc-sections';
import { compareTables } from './load';
import { callPage, installCapacityMeter, measure, type PageRequest } from './read-cost';
import { fmt, markdownTable, median, percentile, prng } from './util';

const ROOT = path.resolve(__dirname, '../..');
const USAGE = 'usage: npx tsx scripts/bench/community.ts [--fans 1000,100000] [--runs 30] [--no-write]';
const say = (m: string) => console.error(`[community] ${m}`);

/** The catalog every size shares (its athletes and schools are the followed sources). */
const CATALOG_ATHLETES = 1_000;
/** Fans written per in-memory slice (the items of one slice are held, never all). */
const SLICE = 2_000;
/** News items per athlete with news (spread over the last 90 days). */
const NEWS_PER_ATHLETE = 8;
/** Fans loaded both ways by the check. */
const CHECK_FANS = 40;
const DAY = 86_400_000;

interface Plan {
  catalog: Catalog;
  hot: Athlete;
  school: School;
  /** Teammates (same school) some fans also collect. */
  mates: Athlete[];
  /** 50 athletes and schools with news, the hot athlete and its school first. */
  sources: FollowTarget[];
}

interface Holding {
  athlete: Athlete;
  cards: Record<string, number>;
}

interface FanSpec {
  buyerKey: string;
  at: string;
  band: 'adult' | 'minor' | 'unknown' | null;
  name: string | null;
  public: boolean;
  holdings: Holding[];
  follows: FollowTarget[];
}

export function planOf(catalog: Catalog): Plan {
  const collective = catalog.collectives.find((c) => c.id === 1)!;
  const members = catalog.athletes.filter((a) => collective.members.includes(a.id));
  const hot = members.find((a) => a.digitalcollectibles.length === 3 && topFanSetsOf(a).length > 0) ?? members[0];
  const school = catalog.schools.find((s) => s.id === hot.schoolId)!;
  const mates = members.filter((a) => a.id !== hot.id && a.schoolId === hot.schoolId).slice(0, 5);
  const others = catalog.schools.filter((s) => s.id !== school.id).map((s): FollowTarget => ({ kind: 'school', id: s.id }));
  const athletes = catalog.athletes.filter((a) => a.id !== hot.id).map((a): FollowTarget => ({ kind: 'athlete', id: a.id }));
  // Interleaved so the first 10 already mix athletes and schools.
  const rest: FollowTarget[] = [];
  for (let i = 0; rest.length < 48 && (i < others.length || i * 7 < athletes.length); i++) {
    if (i < others.length && i % 2 === 0) rest.push(others[i]);
    if (i * 7 < athletes.length) rest.push(athletes[i * 7]);
  }
  return { catalog, hot, school, mates, sources: [{ kind: 'athlete', id: hot.id }, { kind: 'school', id: school.id }, ...rest.slice(0, 48)] };
}

const emailOf = (i: number) => `fan${i}@fans.example`;

/** The fans, one after the other from one seeded stream (the first 1,000 are the same at every size). */
export function* fanSpecs(plan: Plan, count: number, now: number): Generator<FanSpec> {
  const rand = prng(26);
  const cardsOf = (athlete: Athlete, distinct: number, heavy: boolean) => {
    const ids = athlete.digitalcollectibles.map((c) => c.id);
    const cards: Record<string, number> = {};
    for (const id of ids.slice(0, Math.max(1, Math.min(distinct, ids.length)))) {
      cards[String(id)] = 1 + Math.floor(-Math.log(1 - rand()) * 1.2) + (heavy ? Math.floor(rand() * 30) : 0);
    }
    return cards;
  };
  for (let i = 0; i < count; i++) {
    const r = rand();
    const band = r < 0.06 ? 'minor' : r < 0.09 ? 'unknown' : r < 0.95 ? 'adult' : null;
    const n = rand();
    const named = band === 'adult' || band === null ? n < 0.5 : n < 0.1;
    const isPublic = named && (band === 'adult' || band === null) && n < 0.35;
    const d = rand();
    const heavy = rand() < 0.01;
    const holdings: Holding[] = [{ athlete: plan.hot, cards: cardsOf(plan.hot, d < 0.6 ? 1 : d < 0.85 ? 2 : 3, heavy) }];
    if (plan.mates.length && rand() < 0.25) {
      const mate = plan.mates[Math.floor(rand() * plan.mates.length)];
      holdings.push({ athlete: mate, cards: cardsOf(mate, 1, false) });
    }
    const f = rand();
    const followed: FollowTarget[] = [];
    if (f < 0.5) followed.push(plan.sources[0]);
    if (rand() < 0.25) followed.push(plan.sources[1]);
    if (rand() < 0.2) followed.push(plan.sources[2 + Math.floor(rand() * (plan.sources.length - 2))]);
    yield {
      buyerKey: hashEmail(emailOf(i)),
      at: new Date(now - 300 * DAY + Math.floor(rand() * 299 * DAY)).toISOString(),
      band,
      name: named ? `Collector ${String(i).padStart(6, '0')}` : null,
      public: isPublic,
      holdings,
      follows: followed,
    };
  }
}

/** The two fans whose feed is read: one following 10 athletes and schools, one following 50. */
export const readers = (plan: Plan) => [
  { email: 'reader10@fans.example', follows: plan.sources.slice(0, 10) },
  { email: 'reader50@fans.example', follows: plan.sources.slice(0, 50) },
];

/** What the follows repository stores for one follow (lambdas/community/follows.ts `add`). */
export const followItems = (buyerKey: string, target: FollowTarget, since: string): Item[] => [
  { ...keys.follow(buyerKey, target), type: 'follow', kind: target.kind, id: target.id, since },
  { ...keys.follower(target, buyerKey), type: 'follower', since },
];

/** A fan's age band, name and places on the boards, by the product's code over `store`. */
async function writeFan(store: Store, runner: ReturnType<typeof jobRunner>, fan: FanSpec): Promise<void> {
  if (fan.band) await recordAgeBand(store, fan.buyerKey, { band: fan.band, source: 'sign-up', at: fan.at });
  if (fan.name) await saveProfile(store, fan.buyerKey, { displayName: fan.name, public: fan.public }, new Date(fan.at));
  for (const { athlete, cards } of fan.holdings) {
    const sets = topFanSetsOf(athlete);
    const after: FanState = { cards, version: 1, buyerLabel: '', buyerAlias: buyerAlias(fan.buyerKey), top: isTopFan(cards, sets) };
    const writes = leaderboardWrites([{ buyerKey: fan.buyerKey, before: null, after }], {
      athleteId: athlete.id,
      collectiveId: athlete.collectiveId ?? null,
      schoolId: athlete.schoolId ?? null,
      topFanSets: sets,
      at: fan.at,
      totalVersion: 1, // each fan's first holding of this athlete: its tally's job is applied (and deleted) at once
    });
    await store.transact(writes);
    // The sender's school tally (lambdas/notifications/fanout.ts), as it applies each job.
    for (const w of writes) if ('put' in w && w.put.kind === 'tally') await runner.run(keys.fanoutJob(String(w.put.jobId)));
  }
}

/** The news of the followed athletes and of a few athletes of each followed school, oldest first. */
function newsOf(plan: Plan, now: number): Array<{ activity: Activity; id: string; at: string }> {
  const rand = prng(2026);
  const byId = new Map(plan.catalog.athletes.map((a) => [a.id, a]));
  const athletes = new Set<number>();
  for (const s of plan.sources) {
    if (s.kind === 'athlete') athletes.add(s.id);
    else
      plan.catalog.athletes
        .filter((a) => a.schoolId === s.id)
        .slice(0, 5)
        .forEach((a) => athletes.add(a.id));
  }
  const kinds: Activity['kind'][] = ['new-card', 'unlock', 'drop', 'post'];
  const news: Array<{ activity: Activity; id: string; at: string }> = [];
  for (const id of athletes) {
    const athlete = byId.get(id)!;
    for (let n = 0; n < NEWS_PER_ATHLETE; n++) {
      const kind = kinds[Math.floor(rand() * kinds.length)];
      const card = athlete.digitalcollectibles[n % athlete.digitalcollectibles.length];
      news.push({
        id: `news:${id}:${n}`,
        at: new Date(now - Math.floor(rand() * 90 * DAY)).toISOString(),
        activity: {
          athleteId: id,
          schoolId: athlete.schoolId ?? null,
          kind,
          title: `${athlete.name}: ${kind === 'post' ? 'a new post' : `“${card.name}” ${kind === 'unlock' ? 'unlocked' : kind === 'drop' ? 'drop is live' : 'released'}`}`,
          link: `/athlete/${id}/card/${card.id}`,
        },
      });
    }
  }
  return news.sort((a, b) => (a.at < b.at ? -1 : 1));
}

interface Loaded {
  fans: number;
  items: number;
  seconds: number;
  /** What the boards should count. */
  expected: { athlete: number; set: number; school: number };
}

/** Writes the catalog, `count` fans, the two readers and the news into the current table. */
async function load(plan: Plan, count: number, now: number, slice = SLICE): Promise<Loaded> {
  const started = performance.now();
  let items = await writeItemStream(catalogItemStream(plan.catalog));
  const counts = new Map<string, Item>();
  const total = { uniqueFans: 0, topFanCount: 0, cardsSold: 0, revenueCents: 0, cards: {} as Record<string, number> };
  const price = new Map(plan.hot.digitalcollectibles.map((c) => [String(c.id), c.priceCents]));
  const hotSet = topFanSetsOf(plan.hot)[0] ?? [];
  let setFans = 0;
  let schoolFans = 0;
  const flush = async (store: ReturnType<typeof createMemoryStore>, extra: Item[]) => {
    const out: Item[] = [...extra];
    // A board's count is a sum: the slices' counts are added up and written at the end.
    for (const item of store.all()) {
      if (item.SK !== 'COUNT') out.push(item);
      else {
        const key = `${item.PK}`;
        const before = counts.get(key);
        counts.set(key, { ...item, fans: Number(before?.fans ?? 0) + Number(item.fans ?? 0) });
      }
    }
    await batchWriteItems(out, { concurrency: 8 });
    items += out.length;
  };
  let store = createMemoryStore();
  let follows: Item[] = [];
  let inSlice = 0;
  let fans = 0;
  const clock = () => new Date(now);
  for (const fan of fanSpecs(plan, count, now)) {
    await writeFan(store, jobRunner(store, clock), fan);
    for (const t of fan.follows) follows.push(...followItems(fan.buyerKey, t, fan.at));
    const hot = fan.holdings[0].cards;
    total.uniqueFans++;
    if (isTopFan(hot, topFanSetsOf(plan.hot))) total.topFanCount++;
    for (const [card, units] of Object.entries(hot)) {
      total.cards[card] = (total.cards[card] ?? 0) + units;
      total.cardsSold += units;
      total.revenueCents += units * (price.get(card) ?? 0);
    }
    if (hotSet.some((id) => (hot[String(id)] ?? 0) > 0)) setFans++;
    schoolFans++;
    fans++;
    if (++inSlice >= slice) {
      await flush(store, follows);
      store = createMemoryStore();
      follows = [];
      inSlice = 0;
      if (fans % 20_000 === 0) say(`  ${fans.toLocaleString('en-US')} fans (${fmt((performance.now() - started) / 1000, 0)} s)`);
    }
  }
  // The readers (they hold nothing) and the news of what they follow.
  for (const reader of readers(plan)) {
    const buyerKey = hashEmail(reader.email);
    for (const t of reader.follows) follows.push(...followItems(buyerKey, t, new Date(now - DAY).toISOString()));
  }
  for (const { activity, id, at } of newsOf(plan, now)) await store.transact(activityWrites(activity, id, at));
  await flush(store, follows);
  // The athlete's total as settlement keeps it (lambdas/orders/settle-writes.ts): the board's count
  // of fans is its uniqueFans.
  const totalItem: Item = {
    ...keys.aggTotal(plan.hot.id),
    athleteId: plan.hot.id,
    version: fans,
    cardsSold: total.cardsSold,
    revenueCents: total.revenueCents,
    orderCount: fans,
    uniqueFans: total.uniqueFans,
    topFanCount: total.topFanCount,
    cards: total.cards,
    issued: total.cards,
    oversold: {},
    unlockedAt: {},
  };
  await batchWriteItems([...counts.values(), totalItem], { concurrency: 8 });
  items += counts.size + 1;
  return { fans, items, seconds: (performance.now() - started) / 1000, expected: { athlete: total.uniqueFans, set: setFans, school: schoolFans } };
}

/** Loads CHECK_FANS fans by this loader into one table and by the product's code on DynamoDB (the
 * follows through the follows repository) into another, and compares every item. */
async function check(plan: Plan, endpoint: string, now: number): Promise<string[]> {
  const [a, b] = ['CommunityCheckLoaded', 'CommunityCheckProduct'];
  await ensureTable(endpoint, a);
  await ensureTable(endpoint, b);
  try {
    process.env.TABLE_NAME = a;
    await load(plan, CHECK_FANS, now, 16);
    process.env.TABLE_NAME = b;
    await writeItemStream(catalogItemStream(plan.catalog));
    const repo = follows(dynamoStore);
    const runner = jobRunner(dynamoStore, () => new Date(now));
    const fans = [...fanSpecs(plan, CHECK_FANS, now)];
    for (const fan of fans) {
      await writeFan(dynamoStore, runner, fan);
      for (const t of fan.follows) await repo.add(fan.buyerKey, t.kind, t.id);
    }
    for (const reader of readers(plan)) for (const t of reader.follows) await repo.add(hashEmail(reader.email), t.kind, t.id);
    for (const { activity, id, at } of newsOf(plan, now)) await dynamoStore.transact(activityWrites(activity, id, at));
    // The athlete's total comes from ingestion (not part of this check): both tables but it.
    const skip = (pk: string) => pk === keys.aggTotal(plan.hot.id).PK;
    return await compareTables(a, b, skip);
  } finally {
    await dropTable(endpoint, a);
    await dropTable(endpoint, b);
  }
}

interface Figures {
  name: string;
  bytes: number;
  rcu: number;
  calls: number;
  p50: number;
  p95: number;
  /** What the read answered: places shown and fans counted, or feed items and sources followed. */
  answer: string;
}

interface SizeReport {
  fans: number;
  loaded: Loaded;
  reads: Figures[];
}

function requests(plan: Plan): PageRequest[] {
  const buyer = (email: string) => ({ sub: `bench-${email}`, email, email_verified: 'true', 'cognito:groups': '[buyer]' });
  const id = { id: String(plan.hot.id) };
  const [r10, r50] = readers(plan);
  return [
    { page: 'athlete leaderboard', handler: communityHandler, routeKey: 'GET /api/athletes/{id}/leaderboard', pathParameters: id },
    {
      page: 'set leaderboard',
      handler: communityHandler,
      routeKey: 'GET /api/athletes/{id}/leaderboard',
      pathParameters: id,
      query: { set: String(SEASON_SET_ID) },
    },
    { page: 'school leaderboard', handler: communityHandler, routeKey: 'GET /api/schools/{id}/leaderboard', pathParameters: { id: String(plan.school.id) } },
    { page: 'feed (follows 10)', handler: communityHandler, routeKey: 'GET /api/me/feed', claims: buyer(r10.email) },
    { page: 'feed (follows 50)', handler: communityHandler, routeKey: 'GET /api/me/feed', claims: buyer(r50.email) },
  ];
}

async function read(request: PageRequest, runs: number): Promise<Figures> {
  let body = String(await callPage(request)); // warm-up (connections, JIT), not counted
  const samples = [];
  for (let i = 0; i < runs; i++)
    samples.push(
      await measure(async () => {
        body = String(await callPage(request));
      }),
    );
  const parsed = JSON.parse(body) as Partial<LeaderboardResponse & FeedResponse>;
  const answer = parsed.board
    ? `${parsed.entries?.length ?? 0} shown (${parsed.entries?.filter((e) => e.name !== null).length ?? 0} named), ${parsed.fans} counted`
    : `${parsed.items?.length ?? 0} items of ${parsed.following} sources${parsed.nextCursor ? ', more' : ''}`;
  const ms = samples.map((s) => s.ms);
  return {
    name: request.page,
    bytes: Buffer.byteLength(body),
    rcu: median(samples.map((s) => s.units)),
    calls: median(samples.map((s) => s.calls)),
    p50: percentile(ms, 50),
    p95: percentile(ms, 95),
    answer,
  };
}

async function benchSize(plan: Plan, count: number, endpoint: string, runs: number, now: number): Promise<SizeReport> {
  const table = `Community${count}`;
  await ensureTable(endpoint, table);
  process.env.TABLE_NAME = table;
  try {
    say(`${count.toLocaleString('en-US')} fans: loading...`);
    const loaded = await load(plan, count, now);
    say(`${count.toLocaleString('en-US')} fans: ${loaded.items.toLocaleString('en-US')} items in ${fmt(loaded.seconds)} s; reading...`);
    const reads: Figures[] = [];
    for (const request of requests(plan)) reads.push(await read(request, runs));
    // The counts the boards answer must be the fans loaded (a board that missed items is no benchmark).
    const counted = (name: string) => Number(/(\d+) counted/.exec(reads.find((r) => r.name === name)?.answer ?? '')?.[1]);
    const wrong = (
      [
        ['athlete leaderboard', loaded.expected.athlete],
        ['set leaderboard', loaded.expected.set],
        ['school leaderboard', loaded.expected.school],
      ] as const
    ).filter(([name, n]) => counted(name) !== n);
    if (wrong.length) throw new Error(`boards count the wrong fans: ${wrong.map(([name, n]) => `${name} ${counted(name)} (expected ${n})`).join(', ')}`);
    return { fans: count, loaded, reads };
  } finally {
    await dropTable(endpoint, table);
  }
}

const ms = (v: number) => fmt(v, v < 10 ? 2 : 1);
const ratio = (a: number, b: number) => (a === 0 ? (b === 0 ? 1 : Infinity) : b / a);

export function renderCommunity(reports: SizeReport[], runs: number): string {
  const sizes = reports.map((r) => r.fans.toLocaleString('en-US'));
  const names = reports[0].reads.map((r) => r.name);
  const row = (r: SizeReport, name: string) => r.reads.find((x) => x.name === name)!;
  const out: string[] = [
    `Per read: the median of ${runs} warm reads after a first one (p50/p95 of the same reads); RCU as DynamoDB counts it (ReturnConsumedCapacity TOTAL on every call: 0.5 RCU per 4 KB read eventually consistent, 1 read consistently), the catalog reads the handler makes included.`,
    '',
    markdownTable(
      [
        'read',
        ...sizes.map((s) => `bytes @${s}`),
        ...sizes.map((s) => `RCU @${s}`),
        ...sizes.map((s) => `calls @${s}`),
        ...sizes.map((s) => `p50 / p95 ms @${s}`),
      ],
      names.map((name) => [
        name,
        ...reports.map((r) => row(r, name).bytes),
        ...reports.map((r) => fmt(row(r, name).rcu, 1)),
        ...reports.map((r) => row(r, name).calls),
        ...reports.map((r) => `${ms(row(r, name).p50)} / ${ms(row(r, name).p95)}`),
      ]),
    ),
    '',
    markdownTable(
      ['read', ...sizes.map((s) => `answer @${s}`)],
      names.map((name) => [name, ...reports.map((r) => row(r, name).answer)]),
    ),
    '',
  ];
  if (reports.length >= 2) {
    const [a, b] = [reports[0], reports[reports.length - 1]];
    const lines = names.map((name) => {
      const [x, y] = [row(a, name), row(b, name)];
      return `${name}: RCU ${fmt(ratio(x.rcu, y.rcu), 2)}x, bytes ${fmt(ratio(x.bytes, y.bytes), 2)}x, calls ${fmt(ratio(x.calls, y.calls), 2)}x, p50 ${fmt(ratio(x.p50, y.p50), 2)}x`;
    });
    out.push(`Ratios ${b.fans.toLocaleString('en-US')} / ${a.fans.toLocaleString('en-US')} fans: ${lines.join('; ')}.`, '');
    const grown = names.filter((name) => {
      const [x, y] = [row(a, name), row(b, name)];
      return ratio(x.rcu, y.rcu) > 1.1 || ratio(x.calls, y.calls) > 1.1 || ratio(x.bytes, y.bytes) > 1.1;
    });
    out.push(
      grown.length ? `NOT FLAT (RCU, calls or bytes more than 1.1x): ${grown.join(', ')}.` : 'Flat: every read within 1.1x in RCU, calls and bytes.',
      '',
    );
  }
  out.push(
    `Loaded: ${reports.map((r) => `${r.fans.toLocaleString('en-US')} fans (${r.loaded.items.toLocaleString('en-US')} items with the catalog of ${CATALOG_ATHLETES.toLocaleString('en-US')} athletes) in ${fmt(r.loaded.seconds)} s`).join('; ')}.`,
  );
  return out.join('\n');
}

async function main(): Promise<void> {
  const { values } = parseCli(USAGE, { options: { fans: { type: 'string' }, runs: { type: 'string' }, 'no-write': { type: 'boolean' } } });
  const sizes = (values.fans ?? '1000,100000').split(',').map(Number);
  if (sizes.some((s) => !Number.isSafeInteger(s) || s < 10)) usageError(USAGE, '--fans must be fan counts of at least 10, separated by commas');
  const runs = Number(values.runs ?? 30);
  if (!Number.isSafeInteger(runs) || runs < 1) usageError(USAGE, '--runs must be a whole number');
  process.env.LOG_LEVEL = 'silent';
  process.env.AWS_REGION ??= 'us-east-2';
  const started = performance.now();
  const loadAverage = os.loadavg()[0];
  const dynamo = await startDynamoLocal();
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  try {
    const plan = planOf(nationalCatalog(CATALOG_ATHLETES));
    const now = Math.floor(Date.now() / DAY) * DAY;
    say(`checking the loader against the product's code (${CHECK_FANS} fans)...`);
    const diffs = await check(plan, dynamo.endpoint, now);
    if (diffs.length) throw new Error(`the loader's items differ from the product's:\n${diffs.slice(0, 20).join('\n')}`);
    installCapacityMeter();
    const reports: SizeReport[] = [];
    for (const size of sizes) reports.push(await benchSize(plan, size, dynamo.endpoint, runs, now));
    const text = `Command: \`${['npx tsx scripts/bench/community.ts', ...process.argv.slice(2)].join(' ')}\` (${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, DynamoDB Local in memory; load average ${fmt(loadAverage, 1)} at the start, ${fmt(os.loadavg()[0], 1)} at the end; ${fmt((performance.now() - started) / 1000, 0)} s in all). The hot athlete: ${plan.hot.name} (${plan.hot.digitalcollectibles.length} cards, one closed set), ${plan.school.name}. The loader's items matched the product's code for ${CHECK_FANS} fans (every item compared).\n\n${renderCommunity(reports, runs)}`;
    console.log(text);
    if (!values['no-write']) {
      const file = path.join(ROOT, 'docs/BENCHMARKS.md');
      writeFileSync(file, replaceCommunitySection(readFileSync(file, 'utf8'), text));
      say('wrote the community section of docs/BENCHMARKS.md');
    }
  } finally {
    await dynamo.stop();
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
