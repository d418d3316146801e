// Checking a published draw (issue 34 item 3): what the public verify page and `npm run verify-draw`
// run. From the draw's public document (its commitment, entry list and announced winners, with the
// hashes it published) and the beacon round fetched from a relay, it recomputes everything and says
// where the document and the recomputation part: a commitment or entry list that does not match its
// published hash, a round other than the committed one or one whose signature fails, or winners that
// differ (the first parallel and serial that does). Pure, SHA-256 passed in (decision 0029).
import { beaconProblem, type BeaconRound, type ChainInfo } from './beacon';
import { commitmentHash, drawWinners, entryListHash, type DrawCommitment, type ParallelWinner, type Sha256 } from './draw';

/** A drop's draw as Drift publishes it (GET /api/drops/{athlete}/{card}/draw). */
export interface PublishedDraw {
  commitment: DrawCommitment;
  commitmentHash: string;
  /** Null until the close. */
  entries: { ids: string[]; hash: string } | null;
  /** Null until the round is out and the draw is made. */
  result: { round: number; randomness: string; signature: string; winners: ParallelWinner[] } | null;
}

export interface DrawFinding {
  /** Which input or output disagrees. */
  part: 'commitment' | 'entries' | 'beacon' | 'winners';
  message: string;
}

export interface DrawCheck {
  ok: boolean;
  findings: DrawFinding[];
  /** The winners recomputed, when the inputs allowed it. */
  recomputed: ParallelWinner[] | null;
}

const label = (w: ParallelWinner) => `${w.parallel} #${w.serial}/${w.count} → ${w.entryId}`;

/** Checks a published draw against the chain's info and the committed round as a relay serves it. */
export async function checkDraw(draw: PublishedDraw, chain: ChainInfo, beacon: BeaconRound | null, sha256: Sha256): Promise<DrawCheck> {
  const findings: DrawFinding[] = [];
  const committed = await commitmentHash(draw.commitment, sha256);
  if (committed !== draw.commitmentHash)
    findings.push({
      part: 'commitment',
      message: `the commitment hashes to ${committed}, but ${draw.commitmentHash} was published: the parallels, rules or round changed after it was published`,
    });
  if (chain.hash !== draw.commitment.beacon.chainHash)
    findings.push({ part: 'beacon', message: `the draw is committed to chain ${draw.commitment.beacon.chainHash}, the relay serves ${chain.hash}` });
  if (!draw.entries) return { ok: findings.length === 0, findings, recomputed: null };
  const listed = await entryListHash(draw.entries.ids, sha256);
  if (listed !== draw.entries.hash)
    findings.push({
      part: 'entries',
      message: `the entry list hashes to ${listed}, but ${draw.entries.hash} was published at the close: an entry was added, removed or moved`,
    });
  if (!draw.result) return { ok: findings.length === 0, findings, recomputed: null };
  const round = draw.commitment.beacon.round;
  if (draw.result.round !== round) findings.push({ part: 'beacon', message: `the draw used round ${draw.result.round}; the commitment named round ${round}` });
  if (!beacon) findings.push({ part: 'beacon', message: `the relay does not serve round ${round} yet` });
  else {
    const problem = beaconProblem(chain, beacon, round);
    if (problem) findings.push({ part: 'beacon', message: problem });
    else if (beacon.randomness !== draw.result.randomness)
      findings.push({ part: 'beacon', message: `round ${round}'s randomness is ${beacon.randomness}; the draw used ${draw.result.randomness}` });
  }
  if (!beacon) return { ok: false, findings, recomputed: null };
  let recomputed: ParallelWinner[] | null = null;
  try {
    recomputed = (await drawWinners({ commitment: draw.commitment, entryIds: draw.entries.ids, randomness: beacon.randomness }, sha256)).winners;
  } catch (error) {
    findings.push({ part: 'winners', message: `the draw cannot be recomputed: ${(error as Error).message}` });
  }
  if (recomputed) {
    const announced = draw.result.winners;
    const at = recomputed.findIndex((w, i) => !announced[i] || label(w) !== label(announced[i]));
    if (at >= 0)
      findings.push({
        part: 'winners',
        message: `winner ${at + 1} should be ${label(recomputed[at])}, the draw announced ${announced[at] ? label(announced[at]) : 'nothing'}`,
      });
    else if (announced.length > recomputed.length)
      findings.push({ part: 'winners', message: `the draw announced ${announced.length} winners; the rules give ${recomputed.length}` });
  }
  return { ok: findings.length === 0, findings, recomputed };
}
