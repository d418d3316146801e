// Which path a collective read goes to: the owner route for the signed-in collective, its public
// demo twin (/api/demo/...) for everyone else. The API client does this itself only for the stats
// and the transactions; the collective's catalog, members, cards and payouts are chosen here.
import { useTenant } from '@/lib/use-tenant';

export const collectiveBase = (collectiveId: number, owner: boolean) => `${owner ? '' : '/demo'}/collectives/${collectiveId}`;

/** The base path of the panel's collective (`/collectives/1` or `/demo/collectives/1`). */
export function useCollectiveBase(): { collectiveId: number; owner: boolean; base: string } {
  const { collectiveId, isOwnerCollective } = useTenant();
  return { collectiveId, owner: isOwnerCollective, base: collectiveBase(collectiveId, isOwnerCollective) };
}
