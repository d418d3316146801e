// `npm run verify-draw -- DROP`: anyone can check a drop's draw of parallels (issue 34 item 3;
// docs/decisions/0029-public-draw.md). It reads the draw Drift published (the commitment, the entry
// list, the winners; from the site's API or a saved file), fetches the committed round from drand's
// relays, verifies its BLS signature against the chain's public key, recomputes the winners by the
// written rules and says where anything differs. Exit 0: the draw checks out; 1: it does not (each
// finding printed); 2: it could not be checked (no such draw, no relay answered).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { checkDraw, type PublishedDraw } from '#shared/cards/draw-check';
import { drandClient } from '#lambdas/platform/drand-client';
import { parseCli, usageError } from './lib/cli';

const USAGE = [
  'usage: npm run verify-draw -- ATHLETE/CARD [--site URL | --file DRAW.json] [--relays URL,URL]',
  '  --site    the Drift site that published the draw (default http://127.0.0.1:$PORT, local mode)',
  '  --file    a saved copy of the draw (GET /api/drops/ATHLETE/CARD/draw) instead of the site',
  "  --relays  drand relays to read the round from (default DRAND_RELAYS, else the League of Entropy's)",
].join('\n');
const LEAGUE_OF_ENTROPY = ['https://api.drand.sh', 'https://api2.drand.sh', 'https://drand.cloudflare.com'];
const sha256 = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());

async function publishedDraw(drop: string, site: string | undefined, file: string | undefined): Promise<PublishedDraw> {
  if (file) return JSON.parse(readFileSync(file, 'utf8')) as PublishedDraw;
  const origin = (site ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`).replace(/\/+$/, '');
  const response = await fetch(`${origin}/api/drops/${drop}/draw`);
  if (!response.ok) throw new Error(`${origin} answered ${response.status} for the draw of ${drop}`);
  return (await response.json()) as PublishedDraw;
}

async function main(): Promise<void> {
  const { values: flags, positionals } = parseCli(USAGE, {
    options: { site: { type: 'string' }, file: { type: 'string' }, relays: { type: 'string' } },
    allowPositionals: true,
  });
  const [drop, ...extra] = positionals;
  if (!drop || !/^\d+\/\d+$/.test(drop) || extra.length) usageError(USAGE, 'name one drop as ATHLETE/CARD (e.g. 1/7)');
  if (flags.site && flags.file) usageError(USAGE, 'use --site or --file, not both');
  const draw = await publishedDraw(drop, flags.site, flags.file);
  if (draw.commitment.drop !== drop) usageError(USAGE, `that draw is of drop ${draw.commitment.drop}, not ${drop}`);
  const relays = (flags.relays ?? process.env.DRAND_RELAYS)?.split(',').filter(Boolean) ?? LEAGUE_OF_ENTROPY;
  const client = drandClient({ relays, chainHash: draw.commitment.beacon.chainHash });
  const chain = await client.info();
  const beacon = draw.result ? await client.round(draw.commitment.beacon.round) : null;
  const check = await checkDraw(draw, chain, beacon, sha256);
  const parallels = draw.commitment.parallels.map((p) => `${p.count} ${p.name}`).join(', ');
  console.log(`draw of drop ${drop}: ${parallels}; round ${draw.commitment.beacon.round} of chain ${chain.hash.slice(0, 12)}…`);
  console.log(
    `  entries: ${draw.entries ? `${draw.entries.ids.length} (hash ${draw.entries.hash.slice(0, 16)}…)` : 'not published yet (the drop has not closed)'}`,
  );
  if (check.recomputed) console.log(`  winners recomputed: ${check.recomputed.length}`);
  for (const finding of check.findings) console.log(`  ✗ ${finding.part}: ${finding.message}`);
  if (check.ok)
    console.log(
      draw.result
        ? '  ✓ the draw checks out: every winner is what the rules and the round give'
        : '  ✓ what is published so far checks out; the draw is not made yet',
    );
  process.exit(check.ok ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(`verify-draw failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
});
