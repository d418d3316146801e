// The athlete's NIL Go panel (Earnings › NIL & tax; issue 23): the alert while a record must be reported, the
// records of its eligibility period (payor, royalty rate, provided, reached $600, deadline, report)
// and, on its own panel, "Mark reported" per record. Also the banner every tab shows while a report
// is due (NilGoBanner), which leads to it.
import { Link } from 'react-router-dom';
import { ErrorBox } from '@/components/error-box';
import { Panel } from '@/components/panel';
import { Spinner } from '@/components/spinner';
import { NilGoAlertText, NilGoRecords } from '@/components/compliance/nil-go';
import { useNilGo, useReportNilGo } from '@/features/athlete-panel/api/nil-go';

export const NIL_GO_ERROR = 'Failed to load your NIL Go records. Please try again later.';

export function NilGoPanel({ athleteId, own }: { athleteId: number; own: boolean }) {
  const { data, error, mutate } = useNilGo(athleteId, own);
  const report = useReportNilGo(athleteId);
  return (
    <Panel id="nil-go-title" title="NIL Go" className="no-print">
      <p className="hint">
        NIL Go counts what your collective has paid you (not what you earned) since your eligibility start, across calendar years. Once it reaches $600 the deal
        must be reported within 5 business days.
      </p>
      {error ? (
        <ErrorBox message={NIL_GO_ERROR} onRetry={() => void mutate()} />
      ) : !data ? (
        <Spinner label="Loading your NIL Go records..." />
      ) : (
        <>
          {data.alert && (
            <div className="ap-alert" role="alert">
              <NilGoAlertText record={data.alert} who="you" />
            </div>
          )}
          <p>
            Eligibility start: <strong>{data.eligibilityStart}</strong>{' '}
            {data.eligibilityStartSource === 'join date' ? '(your join date; your collective can change it)' : '(set by your collective)'}
          </p>
          <NilGoRecords view={data} onReport={own ? (recordId, r) => report.trigger({ recordId, ...r }) : undefined} />
        </>
      )}
    </Panel>
  );
}

/** A line above every screen while a NIL Go report is due, leading to the NIL Go panel. */
export function NilGoBanner({ athleteId, own }: { athleteId: number; own: boolean }) {
  const { data } = useNilGo(athleteId, own);
  if (!data?.alert) return null;
  return (
    <div className="ap-alert" role="alert">
      <NilGoAlertText record={data.alert} who="you" /> <Link to="?tab=disclosure">Open NIL Go</Link>
    </div>
  );
}
