// The collective's support page settings (lambdas/payments/support.handler.ts): GET and PUT
// /api/collectives/{id}/support (owner only: the pitch, the membership tiers, one-time gifts, the
// platform fee; whether its Stripe account takes payments; active members per tier).
import useSWR from 'swr';
import useSWRMutation from 'swr/mutation';
import type { SupportSettingsRequest, SupportSettingsResponse } from '@shared/payments/support-api';
import { apiFetch, apiSend } from '@/lib/api-client';

const settingsPath = (collectiveId: number) => `/collectives/${collectiveId}/support`;

export function useSupportSettings(collectiveId: number) {
  return useSWR<SupportSettingsResponse>(settingsPath(collectiveId), (path: string) => apiFetch<SupportSettingsResponse>(path), { revalidateOnFocus: false });
}

export function useSaveSupportSettings(collectiveId: number) {
  const { mutate } = useSupportSettings(collectiveId);
  return useSWRMutation(
    `${settingsPath(collectiveId)}:save`,
    async (_key: string, { arg }: { arg: SupportSettingsRequest }) => {
      const saved = await apiSend<SupportSettingsResponse>(settingsPath(collectiveId), 'PUT', arg);
      await mutate(saved, { revalidate: false });
      return saved;
    },
    { revalidate: false },
  );
}
