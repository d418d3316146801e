// The catalog's stored values brought to the one sport list (shared/catalog/sports.ts; issue 24):
// an athlete stored with 'Track & Field', 'track' or 'TRACK AND FIELD' is rewritten with
// 'Track and Field', through the catalog writer (lambdas/catalog/admin-repo.ts saveAthlete), so its
// roster entry, sport counts, member entry and search entry move with it in one transaction; a
// school's list of sports likewise. Run by an operator (`npm run catalog-migrate`, docs/RUNBOOK.md)
// and by local mode's seed. Idempotent: a second run finds nothing to change.
//
// It finds what to change with Queries only (never a Scan): the schools' partition, then each
// school's roster (one athlete summary per entry, with its sport as stored): a school's roster is
// the listing of its athletes. Values the list cannot read (an unknown sport) are reported and
// left as they are.
import type { Athlete, School } from '#shared/catalog/catalog-types';
import { canonicalSport, isSportName } from '#shared/catalog/sports';
import { catalogWriter } from '#lambdas/catalog/admin-repo';
import { catalogWritten } from '#lambdas/platform/cache-policy';
import * as keys from '#lambdas/platform/keys';
import type { Store } from '#lambdas/platform/store';

export interface SportMigrationReport {
  schoolsRead: number;
  /** Athletes rewritten with their sport's stored name. */
  athletes: Array<{ id: number; from: string; to: string }>;
  /** Schools whose list of sports was rewritten. */
  schools: number[];
  /** Schools' sport items whose name was rewritten (case only: their key stays). */
  sportItems: number;
  /** Stored values the list cannot read (left as they are), with the athletes holding them. */
  unknown: Array<{ schoolId: number; sport: string; count: number }>;
}

/** At most this many of anything one partition holds (the schools, one school's roster). */
const PER_SCHOOL = 100_000;

/** The list's stored names for a school's list of sports (unknown values kept, duplicates dropped). */
function canonicalList(sports: string[]): string[] {
  return [...new Set(sports.map((s) => canonicalSport(s) ?? s))];
}

export async function migrateSports(store: Store, options: { dryRun?: boolean; onProgress?: (message: string) => void } = {}): Promise<SportMigrationReport> {
  const writer = catalogWriter(store);
  const say = options.onProgress ?? (() => undefined);
  const report: SportMigrationReport = { schoolsRead: 0, athletes: [], schools: [], sportItems: 0, unknown: [] };
  const schools = (await store.query(keys.catalogSchoolsPartition, PER_SCHOOL, { beginsWith: keys.catalogSchoolPrefix })).map((i) => i.data as School);
  for (const school of schools) {
    report.schoolsRead++;
    const listed = canonicalList(school.sports ?? []);
    if (JSON.stringify(listed) !== JSON.stringify(school.sports ?? [])) {
      report.schools.push(school.id);
      if (!options.dryRun) await setSchoolSports(store, school.id, listed);
    }
    // Every roster entry names its athlete's sport as stored (the sport items fold case, so they
    // cannot tell 'football' from 'Football'): one Query of the school's roster, a page at a time.
    const roster = await store.query(keys.catalogSchoolPartition(school.id), PER_SCHOOL, { beginsWith: keys.catalogRosterAll });
    const unknown = new Map<string, number>();
    for (const entry of roster) {
      const stored = String((entry.data as { sport?: string } | undefined)?.sport ?? '');
      if (isSportName(stored)) continue;
      const to = canonicalSport(stored);
      if (to === null) {
        unknown.set(stored, (unknown.get(stored) ?? 0) + 1);
        continue;
      }
      const id = Number(entry.athleteId);
      const athlete = await writer.getAthleteRecord(id);
      if (!athlete || isSportName(athlete.sport)) continue;
      report.athletes.push({ id, from: athlete.sport, to });
      if (!options.dryRun) await writer.saveAthlete({ ...athlete, sport: canonicalSport(athlete.sport) ?? to } satisfies Athlete);
    }
    for (const [sport, count] of unknown) report.unknown.push({ schoolId: school.id, sport, count });
    // A sport item keeps the spelling of the athlete that made it (its key folds case): the
    // school page shows that name, so it moves to the list's name too.
    for (const item of await store.query(keys.catalogSchoolPartition(school.id), PER_SCHOOL, { beginsWith: keys.catalogSportPrefix })) {
      const stored = String(item.sport ?? '');
      const to = canonicalSport(stored);
      if (isSportName(stored) || to === null || keys.sportKey(to) !== keys.sportKey(stored)) continue;
      report.sportItems++;
      if (!options.dryRun)
        await store.write({
          update: { PK: String(item.PK), SK: String(item.SK) },
          expression: 'SET #sport = :sport',
          names: { '#sport': 'sport' },
          values: { ':sport': to },
          condition: { exists: true },
        });
    }
    if (report.athletes.length && report.schoolsRead % 50 === 0)
      say(`${report.schoolsRead} of ${schools.length} schools read, ${report.athletes.length} athletes to move`);
  }
  return report;
}

/** A school's list of sports, rewritten; the search snapshot's schools version moves so search
 * functions read the schools again. */
async function setSchoolSports(store: Store, schoolId: number, sports: string[]): Promise<void> {
  await store.transact([
    {
      update: keys.catalogSchool(schoolId),
      expression: 'SET #data.#sports = :sports',
      names: { '#data': 'data', '#sports': 'sports' },
      values: { ':sports': sports },
      condition: { exists: true },
    },
    {
      update: keys.searchManifest(),
      expression: 'SET #type = :type ADD #schools :one',
      names: { '#type': 'type', '#schools': 'schools' },
      values: { ':type': 'manifest', ':one': 1 },
    },
  ]);
  catalogWritten();
}
