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
  const { counted, notCounted, unrecorded, fallback } = report.testOrders;
  if (counted + notCounted > 0)
    console.log(
      `  test orders: ${counted} counted, ${notCounted} not counted, each checked with the rule it was stored with (COUNT_TEST_ORDERS of this shell is not used for them)`,
    );
  if (counted > 0 && notCounted > 0) console.log('  the counting of test orders changed while orders were stored: see docs/RUNBOOK.md "Counting test orders"');
  if (unrecorded > 0)
    console.log(
      `  ${unrecorded} test order(s) stored before orders kept their counting rule: checked with this shell's COUNT_TEST_ORDERS (${fallback ? 'counted' : 'not counted'})`,
    );
  if (report.parked) console.log(`  ${report.parked} delivery(ies) parked for an operator (never counted): see docs/RUNBOOK.md "Parked deliveries"`);
  process.exit(report.differences.length ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(`verify failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
});
