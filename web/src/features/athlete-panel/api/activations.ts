// The athlete's activations (lambdas/money/activation-routes.ts; docs/decisions/0027-activations.md):
// GET /api/athletes/{id}/activations (its own only: no demo twin), and its answers: confirm (the
// price is added to its balance) or decline with a reason. After an answer the list and the payouts
// (the balance) are read again.
import useSWR, { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { ActivationView, ActivationsResponse } from '@shared/money/activations';
import { apiFetch, apiSend } from '@/lib/api-client';
import { payoutsKey } from '@/features/athlete-panel/api/get-payouts';

export const athleteActivationsKey = (athleteId: number) => `/athletes/${athleteId}/activations`;

export function useAthleteActivations(athleteId: number, own: boolean) {
  return useSWR<ActivationsResponse>(own ? athleteActivationsKey(athleteId) : null, (path: string) => apiFetch<ActivationsResponse>(path));
}

export type ActivationAnswer = { activationId: string; move: 'confirm' } | { activationId: string; move: 'decline'; reason: string };

export function useAnswerActivation(athleteId: number) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    athleteActivationsKey(athleteId),
    (_key: string, { arg }: { arg: ActivationAnswer }) =>
      apiSend<ActivationView>(
        `${athleteActivationsKey(athleteId)}/${arg.activationId}/${arg.move}`,
        'POST',
        arg.move === 'decline' ? { reason: arg.reason } : {},
      ),
    {
      populateCache: (answered: ActivationView, current?: ActivationsResponse) =>
        current ? { activations: current.activations.map((a) => (a.id === answered.id ? answered : a)) } : (current as unknown as ActivationsResponse),
      revalidate: true,
      onSuccess: () => void mutate(payoutsKey(athleteId, true)),
    },
  );
}
