// The collective's Audit log (issue 23 item 7): every money-moving, card-state, membership and
// compliance action of the collective (who, when, what, before and after), newest first, a page at
// a time, and a month of it as CSV. Shown to the collective's own account only (the log is theirs);
// mounted as a section of the collective panel.
import { useState } from 'react';
import type { AuditEntry } from '@shared/notifications/events';
import '@/components/dashboard/dashboard.css';
import { ErrorBox } from '@/components/error-box';
import { Field } from '@/components/form/field';
import { ShowMore } from '@/components/show-more';
import { SignInPrompt } from '@/components/sign-in-required';
import { Spinner } from '@/components/spinner';
import { formatDateTime } from '@/lib/dates';
import { useTenant } from '@/lib/use-tenant';
import { downloadAuditCsv, useAuditLog } from '@/features/notifications/api/audit-log';
import '@/features/notifications/components/notifications.css';

const ROLE: Record<AuditEntry['actor']['role'], string> = {
  athlete: 'Athlete',
  collective: 'Collective',
  fan: 'Fan',
  operator: 'Drift operator',
  stripe: 'Stripe',
  shopify: 'Shopify',
  system: 'Drift',
};

/** A change as words: "state: draft → pending; price: 2500 → 3000". */
export function describeChange(before: AuditEntry['before'], after: AuditEntry['after']): string {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const shown = (v: unknown) => {
    const text = v === null || v === undefined || v === '' ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v);
    // Image versions and ids are long: their start tells them apart.
    return text.length > 48 ? `${text.slice(0, 24)}…` : text;
  };
  return keys
    .filter((k) => JSON.stringify(before?.[k] ?? null) !== JSON.stringify(after?.[k] ?? null))
    .map((k) => (before && k in before ? `${k}: ${shown(before[k])} → ${shown(after?.[k])}` : `${k}: ${shown(after?.[k])}`))
    .join('; ');
}

const thisMonth = () => new Date().toISOString().slice(0, 7);

export function AuditLog() {
  const { collectiveId, isOwnerCollective } = useTenant();
  const log = useAuditLog(collectiveId, isOwnerCollective);
  const [month, setMonth] = useState(thisMonth);
  const [exportState, setExportState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  if (!isOwnerCollective) return <SignInPrompt message="Sign in as this collective to read its audit log" />;
  const entries = log.data?.flatMap((p) => p.items) ?? [];

  const exportCsv = async () => {
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) {
      setExportState({ busy: false, error: 'Choose a month to export.' });
      return;
    }
    setExportState({ busy: true, error: null });
    try {
      await downloadAuditCsv(collectiveId, month);
      setExportState({ busy: false, error: null });
    } catch (error) {
      setExportState({ busy: false, error: error instanceof Error ? error.message : 'The export failed; try again.' });
    }
  };

  return (
    <section className="dash-section" aria-labelledby="audit-title">
      <h2 id="audit-title">Audit log</h2>
      <p className="muted">
        Every payout, card decision, membership change and compliance record of this collective: who did it, when, and what changed. Times in UTC.
      </p>
      <div className="dash-actions audit-export">
        <Field label="Month to export" error={exportState.error}>
          {(control) => <input {...control} className="input" type="month" value={month} max={thisMonth()} onChange={(e) => setMonth(e.target.value)} />}
        </Field>
        <button type="button" className="btn btn-outline" disabled={exportState.busy} onClick={() => void exportCsv()}>
          {exportState.busy ? 'Exporting...' : 'Export CSV'}
        </button>
      </div>
      {log.error && !log.data ? (
        <ErrorBox message="Failed to load the audit log. Please try again later." onRetry={() => void log.mutate()} />
      ) : !log.data ? (
        <Spinner label="Loading the audit log..." />
      ) : entries.length === 0 ? (
        <p className="muted">Nothing recorded yet: actions on cards, payouts and members will appear here.</p>
      ) : (
        <ol className="audit-list">
          {entries.map((e) => {
            const change = describeChange(e.before, e.after);
            return (
              <li key={e.id} className="audit-entry">
                <p className="audit-what">{e.summary}</p>
                <p className="audit-meta">
                  <time dateTime={e.at}>{formatDateTime(e.at)}</time> · {e.actor.label} ({ROLE[e.actor.role]})
                </p>
                {change && <p className="audit-change">{change}</p>}
              </li>
            );
          })}
        </ol>
      )}
      {log.data && <ShowMore list={log} more={Boolean(log.data[log.data.length - 1]?.nextCursor)} />}
    </section>
  );
}

export default AuditLog;
