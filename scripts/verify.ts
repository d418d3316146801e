// `npm run verify`: recompute every figure from the stored orders; exit 1 on any difference.
// Local mode: DYNAMODB_ENDPOINT=http://127.0.0.1:PORT TABLE_NAME=Orders. In AWS: TABLE_NAME and credentials.
import { parseCli } from './lib/cli';
import { verifyTable } from './lib/verify';

async function main(): Promise<void> {
  parseCli('usage: npm run verify   (no flags; TABLE_NAME, and DYNAMODB_ENDPOINT for DynamoDB Local)', { options: {} });
  if (!process.env.DYNAMODB_ENDPOINT && !process.env.TABLE_NAME) {
    console.error('Set TABLE_NAME (and DYNAMODB_ENDPOINT for DynamoDB Local, e.g. the one printed by `npm start`).');
    process.exit(2);
  }
  const report = await verifyTable();
  console.log(`verify: ${report.orders} orders, ${report.checked} figures checked, ${report.differences.length} differences`);
  for (const d of report.differences) console.log(`  - ${d}`);
  if (report.pending)
    console.log(`  ${report.pending} order(s) accepted but not applied yet: \`npm run settle\` applies them (the settle function does it in AWS)`);
  if (report.parked) console.log(`  ${report.parked} delivery(ies) parked for an operator (never counted): see docs/RUNBOOK.md "Parked deliveries"`);
  process.exit(report.differences.length ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(`verify failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
});
