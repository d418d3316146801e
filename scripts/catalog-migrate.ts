// `npm run catalog-migrate -- [--dry-run]`: brings the stored catalog to the current layout and
// values (scripts/lib/catalog-migrate.ts): the search blocks built (and the older search snapshot
// deleted), every athlete's and school's sport to the one sport list's stored name; then every
// card on sale into the storefront's listing (scripts/lib/live-cards-migrate.ts), and every athlete
// into the name guard's folded-name index (scripts/lib/folded-names-migrate.ts). TABLE_NAME (and DYNAMODB_ENDPOINT for DynamoDB Local, AWS credentials for a
// deployed table). Idempotent; Queries only. docs/RUNBOOK.md, "Catalog migrations".
import { parseCli } from './lib/cli';

const USAGE = 'usage: npm run catalog-migrate -- [--dry-run]   (TABLE_NAME, DYNAMODB_ENDPOINT)';

async function main(): Promise<void> {
  const { values } = parseCli(USAGE, { options: { 'dry-run': { type: 'boolean' } } });
  if (!process.env.TABLE_NAME) {
    console.error('Set TABLE_NAME (and DYNAMODB_ENDPOINT for DynamoDB Local).');
    process.exit(2);
  }
  const dryRun = values['dry-run'] ?? false;
  const { dynamoStore } = await import('#lambdas/platform/store');
  const { migrateCatalog } = await import('./lib/catalog-migrate');
  const { search, sports: report } = await migrateCatalog(dynamoStore, { dryRun, onProgress: (m) => console.log(`catalog-migrate: ${m}`) });
  console.log(
    `catalog-migrate: ${search.blocks} search blocks read; ${dryRun ? 'would write' : 'wrote'} ${search.written} (${search.rows.toLocaleString('en-US')} athletes) and ${dryRun ? 'would delete' : 'deleted'} ${search.chunksDeleted} chunks of the older search snapshot`,
  );
  const verb = dryRun ? 'would move' : 'moved';
  console.log(
    `catalog-migrate: ${report.schoolsRead} schools read; ${verb} ${report.athletes.length} athletes, ${report.schools.length} schools' lists and ${report.sportItems} roster sport names to the sport list's names`,
  );
  for (const a of report.athletes.slice(0, 20)) console.log(`  athlete ${a.id}: '${a.from}' -> '${a.to}'`);
  if (report.athletes.length > 20) console.log(`  ... and ${report.athletes.length - 20} more`);
  for (const u of report.unknown)
    console.log(`  left as is: '${u.sport}' (${u.count} athletes of school ${u.schoolId}) is not on the sport list (shared/catalog/sports.ts)`);
  const { listLiveCards } = await import('./lib/live-cards-migrate');
  const live = await listLiveCards(dynamoStore, { dryRun, onProgress: (m) => console.log(`catalog-migrate: ${m}`) });
  console.log(
    `catalog-migrate: ${live.athletesRead} athletes' ${live.cardsRead} cards read; ${dryRun ? 'would list' : 'listed'} ${live.listed} cards on sale for the storefront and ${dryRun ? 'would take' : 'took'} ${live.unlisted} off it`,
  );
  const { indexFoldedNames } = await import('./lib/folded-names-migrate');
  const folded = await indexFoldedNames(dynamoStore, { dryRun, onProgress: (m) => console.log(`catalog-migrate: ${m}`) });
  console.log(
    `catalog-migrate: ${folded.athletesRead} athletes read; ${dryRun ? 'would index' : 'indexed'} ${folded.indexed} by their folded names (the name guard, decision 0026)`,
  );
  const { countSupporters } = await import('./lib/supporters-migrate');
  const supporters = await countSupporters(dynamoStore, { dryRun });
  console.log(
    `catalog-migrate: ${supporters.collectives} collectives read; ${dryRun ? 'would count' : 'counted'} the one-time gifts of ${supporters.counted} donation totals (the support page's supporters)`,
  );
}

main().catch((error: unknown) => {
  console.error(`catalog-migrate failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
