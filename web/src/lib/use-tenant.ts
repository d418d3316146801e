// Which athlete and collective the dashboards show: a signed-in owner sees their own (from the
// ID-token claims), everyone else the public demo tenant named in /config.json (default 1 and 1).
import { useRuntimeConfig } from '@/lib/runtime-config';
import { groupsOf, useSession } from '@/lib/auth/session-store';

export interface Tenant {
  athleteId: number;
  collectiveId: number;
  signedIn: boolean;
  isOwnerAthlete: boolean;
  isOwnerCollective: boolean;
}

const claimId = (value: string | undefined) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

export function useTenant(): Tenant {
  const session = useSession();
  const config = useRuntimeConfig();
  const groups = groupsOf(session);
  const ownAthlete = groups.includes('athlete') ? claimId(session?.claims['custom:athleteId']) : null;
  const ownCollective = groups.includes('collective') ? claimId(session?.claims['custom:collectiveId']) : null;
  return {
    athleteId: ownAthlete ?? config?.demo.athleteId ?? 1,
    collectiveId: ownCollective ?? config?.demo.collectiveId ?? 1,
    signedIn: session !== null,
    isOwnerAthlete: ownAthlete !== null,
    isOwnerCollective: ownCollective !== null,
  };
}
