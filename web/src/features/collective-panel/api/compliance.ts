// The collective's compliance (issue 23): its settings (GET/PUT /api/collectives/{id}/compliance:
// payor group for NIL Go's common ownership, the tax form of allocated donations, the school's own
// disclosure days), a member's NIL Go report (POST /api/athletes/{id}/nil-go/{recordId}/reported)
// and a member's eligibility start (the member edit, PUT /api/collectives/{id}/athletes/{athleteId}).
// Every write refreshes the collective's reads (its payouts carry each member's NIL Go records).
import useSWR from 'swr';
import type { ComplianceSettingsRequest, ComplianceSettingsView, NilGoView } from '@shared/money/compliance-api';
import { apiFetch, apiSend } from '@/lib/api-client';
import { useCollectiveWrite } from '@/features/collective-panel/api/refresh-collective';
import { useCollectiveBase } from '@/features/collective-panel/api/tenant-paths';
import { updateMember } from '@/features/collective-panel/api/update-member';

export function useComplianceSettings() {
  const { base } = useCollectiveBase();
  return useSWR<ComplianceSettingsView>(`${base}/compliance`, (path: string) => apiFetch<ComplianceSettingsView>(path));
}

export const useSaveComplianceSettings = (collectiveId: number) =>
  useCollectiveWrite(collectiveId, `/collectives/${collectiveId}/compliance:save`, (body: ComplianceSettingsRequest) =>
    apiSend<ComplianceSettingsView>(`/collectives/${collectiveId}/compliance`, 'PUT', body),
  );

export const useReportMemberNilGo = (collectiveId: number) =>
  useCollectiveWrite(
    collectiveId,
    `/collectives/${collectiveId}/nil-go:report`,
    (arg: { athleteId: number; recordId: string; date: string; reference: string }) =>
      apiSend<NilGoView>(`/athletes/${arg.athleteId}/nil-go/${encodeURIComponent(arg.recordId)}/reported`, 'POST', {
        date: arg.date,
        reference: arg.reference,
      }),
  );

export const useSetEligibilityStart = (collectiveId: number) =>
  useCollectiveWrite(collectiveId, `/collectives/${collectiveId}/athletes:eligibility`, (arg: { athleteId: number; eligibilityStart: string }) =>
    updateMember(collectiveId, arg.athleteId, { eligibilityStart: arg.eligibilityStart }),
  );
