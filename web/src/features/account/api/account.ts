// The signed-in fan's own account (issue 23): GET /api/me/account (what the page shows), PUT
// /api/me/age (the question a Google account answers), GET /api/me/data ("download my data", saved
// as JSON), POST /api/me/deletion (a code emailed) and POST /api/me/deletion/confirm (the deletion).
import useSWR from 'swr';
import useSWRMutation from 'swr/mutation';
import type { AccountDataExport, AccountView, DeletionDone, DeletionRequested } from '@shared/sales/account-api';
import { apiFetch, apiSend } from '@/lib/api-client';
import { saveFile } from '@/lib/download';

export const ACCOUNT_KEY = '/me/account';

export function useAccount() {
  return useSWR<AccountView>(ACCOUNT_KEY, (path: string) => apiFetch<AccountView>(path));
}

export function useAnswerAge() {
  return useSWRMutation(ACCOUNT_KEY, (_key: string, { arg }: { arg: { birthDate: string } }) => apiSend<AccountView>('/me/age', 'PUT', arg), {
    populateCache: (view: AccountView) => view,
    revalidate: false,
  });
}

/** Reads the fan's data and saves it as a JSON file; answers what it saved (for the page's words). */
export async function downloadMyData(): Promise<AccountDataExport> {
  const data = await apiFetch<AccountDataExport>('/me/data');
  saveFile(`drift-my-data-${data.generatedAt.slice(0, 10)}.json`, 'application/json', JSON.stringify(data, null, 2));
  return data;
}

export function useRequestDeletion() {
  return useSWRMutation(ACCOUNT_KEY, () => apiSend<DeletionRequested>('/me/deletion', 'POST', {}), { populateCache: false, revalidate: true });
}

export function useConfirmDeletion() {
  return useSWRMutation('/me/deletion/confirm', (_key: string, { arg }: { arg: { code: string } }) =>
    apiSend<DeletionDone>('/me/deletion/confirm', 'POST', arg),
  );
}
