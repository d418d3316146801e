// A new collective's first steps (the Overview of a collective that signed up at /collectives/join,
// until every step is done or it hides the list): link payouts, school colours, invite athletes,
// first card, first drop. Each step says whether it is done and links to where it is done (a Settings
// tab, or the Cards section).
import { Link } from 'react-router-dom';
import type { ChecklistStep } from '@shared/onboarding/collective-signup-api';
import { paths } from '@/config/paths';
import { useAction } from '@/components/form/use-action';
import { FormOutcome } from '@/components/form/form-outcome';
import { dismissChecklist, useChecklist } from '@/features/collective-panel/api/checklist';
import type { SettingsTab } from '@/features/collective-panel/components/settings/settings-section';
import { WRITE_TEXTS } from '@/features/collective-panel/config';

export const settingsHref = (tab: SettingsTab) => `${paths.collectiveAdmin.getHref()}?section=settings&tab=${tab}`;
const cardsHref = () => `${paths.collectiveAdmin.getHref()}?section=cards`;

/** Where each step is done: a Settings tab of this panel (?section=settings&tab=), or the Cards section. */
export const STEPS: Record<ChecklistStep, { title: string; todo: string; href: () => string; action: string }> = {
  payouts: {
    title: 'Link payouts',
    todo: 'Link your Stripe account so Drift can pay your athletes.',
    href: () => settingsHref('payments'),
    action: 'Open payments',
  },
  colors: {
    title: 'School colours',
    todo: "Set your school's colours: its pages and cards wear them.",
    href: () => settingsHref('school-colors'),
    action: 'Set colours',
  },
  invite: {
    title: 'Invite athletes',
    todo: 'Add your athletes and invite them to claim their profiles.',
    href: () => settingsHref('invites'),
    action: 'Invite athletes',
  },
  card: { title: 'First card', todo: "Create your first athlete's card.", href: cardsHref, action: 'Create a card' },
  drop: { title: 'First drop', todo: 'Publish a card the athlete approved: it goes on sale.', href: cardsHref, action: 'Publish a card' },
};

export function GettingStarted({ collectiveId }: { collectiveId: number }) {
  const checklist = useChecklist(collectiveId, true);
  const hide = useAction(WRITE_TEXTS);
  const data = checklist.data;
  if (!data?.show) return null;
  const done = data.steps.filter((s) => s.done).length;
  return (
    <section className="panel dash-checklist" aria-labelledby="checklist-title">
      <h2 id="checklist-title" className="panel-title">
        Get started
      </h2>
      <p className="muted">
        {done} of {data.steps.length} steps done.
      </p>
      <ol className="dash-checklist-steps">
        {data.steps.map(({ id, done: isDone }) => {
          const step = STEPS[id];
          return (
            <li key={id} className={isDone ? 'is-done' : undefined}>
              <span className="dash-checklist-mark" aria-hidden="true">
                {isDone ? '✓' : '○'}
              </span>
              <div>
                <strong>{step.title}</strong> <span className="sr-only">{isDone ? '(done)' : '(not done yet)'}</span>
                <span aria-hidden="true" className="muted small">
                  {isDone ? 'Done' : 'To do'}
                </span>
                {!isDone && <p className="small">{step.todo}</p>}
              </div>
              <Link className={`btn btn-sm ${isDone ? 'btn-outline' : 'btn-primary'}`} to={step.href()} aria-label={`${step.action} (${step.title})`}>
                {isDone ? 'Open' : step.action}
              </Link>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="btn btn-outline btn-sm"
        disabled={hide.running}
        onClick={() => void hide.run(async () => checklist.mutate(await dismissChecklist(collectiveId), { revalidate: false }))}
      >
        Hide this list
      </button>
      <FormOutcome error={hide.error} />
    </section>
  );
}
