// The operators' console, Applications: collectives' applications from /collectives/join by state
// (pending first), newest first, each with its details (the organisation, its school, the
// applicant's account, the terms version). A pending one is approved (the collective and, for a new
// school, the school are created and the applicant's account linked) or declined with a reason the
// applicant sees. An approval whose account link failed says so; approving again links it.
import { useState } from 'react';
import {
  APPLICATION_STATES,
  DECLINE_REASON_MAX,
  validateDecline,
  type ApplicationState,
  type CollectiveApplication,
} from '@shared/onboarding/collective-signup-api';
import { DateText } from '@/components/date-text';
import { ErrorBox } from '@/components/error-box';
import { Spinner } from '@/components/spinner';
import { TextAreaField } from '@/components/form/field';
import { Form, SubmitButton } from '@/components/form/form';
import { FormOutcome } from '@/components/form/form-outcome';
import { useAction } from '@/components/form/use-action';
import { useForm } from '@/components/form/use-form-submit';
import { ShowMore } from '@/components/show-more';
import { approveApplication, declineApplication, useApplications } from '@/features/operator/api/applications';

const LABELS: Record<ApplicationState, string> = { pending: 'Pending', approved: 'Approved', declined: 'Declined' };
const TEXTS = { forbidden: 'Only operators decide on applications.', conflict: (e: unknown) => (e as Error).message };

type Notice = ReturnType<typeof useAction>;

function DeclineForm({ application, notice, onDone }: { application: CollectiveApplication; notice: Notice; onDone: () => Promise<unknown> }) {
  const form = useForm({
    initial: { reason: '' },
    check: (values) => validateDecline(values),
    send: ({ reason }) => declineApplication(application.id, reason),
    onSuccess: () => {
      // The card leaves the pending list: the outcome is the section's.
      notice.show(`Declined: ${application.organisation.name} sees the reason.`);
      void onDone();
    },
    texts: TEXTS,
  });
  return (
    <Form form={form} aria-label={`Decline ${application.organisation.name}`} className="app-decline">
      <TextAreaField
        label="Reason (the applicant sees it)"
        required
        rows={3}
        maxLength={DECLINE_REASON_MAX}
        hint={`At most ${DECLINE_REASON_MAX} characters`}
        {...form.field('reason')}
      />
      <SubmitButton form={form} busy="Declining..." className="btn btn-outline btn-sm">
        Decline
      </SubmitButton>
      <FormOutcome success={form.success} error={form.error} />
    </Form>
  );
}

function Application({ application, notice, onChange }: { application: CollectiveApplication; notice: Notice; onChange: () => Promise<unknown> }) {
  const approve = notice;
  const [declining, setDeclining] = useState(false);
  const { organisation: o, school } = application;
  const titleId = `application-${application.id}`;
  return (
    <article className="app-card panel" aria-labelledby={titleId}>
      <h3 id={titleId} className="panel-title">
        {o.name} <span className="muted">· {school.name}</span>
      </h3>
      <dl className="app-details">
        <dt>Legal name</dt>
        <dd>{o.legalName}</dd>
        <dt>Website</dt>
        <dd>
          <a href={o.website} target="_blank" rel="noopener noreferrer">
            {o.website}
          </a>
        </dd>
        <dt>Contact</dt>
        <dd>
          <a href={`mailto:${o.contactEmail}`}>{o.contactEmail}</a> · {o.phone}
        </dd>
        <dt>School</dt>
        <dd>
          {school.kind === 'existing' ? (
            <>
              {school.name} (on Drift, school {school.schoolId})
            </>
          ) : (
            <span className="app-school">
              New school: {school.name}
              <img src={school.logo} alt={`${school.name} logo`} width={32} height={32} />
              {(['primary', 'secondary', 'accent'] as const).map((key) => (
                <span key={key} className="app-swatch" style={{ background: school.colors[key] }} title={`${key} ${school.colors[key]}`}>
                  <span className="sr-only">
                    {key} {school.colors[key]}
                  </span>
                </span>
              ))}
            </span>
          )}
        </dd>
        <dt>Applicant</dt>
        <dd>
          {application.submittedBy.username} ({application.submittedBy.email}), <DateText iso={application.submittedAt} />
        </dd>
        <dt>Terms</dt>
        <dd>Version {application.termsVersion} accepted</dd>
        {application.decidedAt && (
          <>
            <dt>{LABELS[application.state]}</dt>
            <dd>
              by {application.decidedBy} on <DateText iso={application.decidedAt} />
              {application.state === 'declined' && application.declineReason && <>: {application.declineReason}</>}
              {application.state === 'approved' && application.collectiveId !== null && <> (collective {application.collectiveId})</>}
            </dd>
          </>
        )}
      </dl>
      {application.state === 'approved' && !application.linked && (
        <p className="form-error">The applicant&apos;s account is not linked yet: approve again to link it.</p>
      )}
      {(application.state === 'pending' || (application.state === 'approved' && !application.linked)) && (
        <div className="dash-actions">
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={approve.running}
            onClick={() =>
              void approve
                .run(() => approveApplication(application.id), `Approved: ${o.name} is the collective of ${school.name}, and its account is linked.`)
                .then((ok) => ok && onChange())
            }
          >
            {approve.running ? 'Approving...' : `Approve ${o.name}`}
          </button>
          {application.state === 'pending' && !declining && (
            <button type="button" className="btn btn-outline btn-sm" onClick={() => setDeclining(true)}>
              Decline…
            </button>
          )}
        </div>
      )}
      {declining && application.state === 'pending' && <DeclineForm application={application} notice={notice} onDone={onChange} />}
    </article>
  );
}

export function ApplicationsSection() {
  const [state, setState] = useState<ApplicationState>('pending');
  const list = useApplications(state);
  // One outcome line for the decisions: a decided card leaves the list it was in.
  const notice = useAction(TEXTS);
  const pages = list.data ?? [];
  const items = pages.flatMap((p) => p.items);
  const more = Boolean(pages.at(-1)?.nextCursor);
  return (
    <>
      <div className="dash-actions" role="group" aria-label="Applications by state">
        {APPLICATION_STATES.map((s) => (
          <button
            key={s}
            type="button"
            className={`btn btn-sm ${s === state ? 'btn-primary' : 'btn-outline'}`}
            aria-pressed={s === state}
            onClick={() => {
              notice.show(null);
              setState(s);
            }}
          >
            {LABELS[s]}
          </button>
        ))}
      </div>
      <FormOutcome success={notice.success} error={notice.error} />
      {list.error ? (
        <ErrorBox message="Failed to load the applications. Please try again later." onRetry={() => void list.mutate()} />
      ) : !list.data ? (
        <Spinner label="Loading applications..." />
      ) : items.length === 0 ? (
        <p className="muted">No {LABELS[state].toLowerCase()} applications.</p>
      ) : (
        <div className="app-list">
          {items.map((a) => (
            // The card is keyed by its state too: a decided application starts afresh.
            <Application key={`${a.id}-${a.state}`} application={a} notice={notice} onChange={() => list.mutate()} />
          ))}
        </div>
      )}
      <ShowMore list={list} more={more} />
    </>
  );
}
