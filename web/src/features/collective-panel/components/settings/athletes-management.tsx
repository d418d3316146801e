// Athletes Management: sport filter (by the server), members a page at a time; edit,
// pause/activate and remove (with confirmation) members. Every action persists through the admin
// API and errors show inline.
import { useId, useState } from 'react';
import type { FieldErrors } from '@shared/catalog/admin-api';
import { PROFILE_SPORTS, validateUpdateMember } from '@shared/catalog/admin-api';
import type { MemberSummary } from '@shared/catalog/catalog-types';
import { ErrorBox } from '@/components/error-box';
import { Spinner } from '@/components/spinner';
import { ConfirmDialog } from '@/components/dialog';
import { FallbackImage } from '@/components/fallback-image';
import { Badge, memberBadgeTone } from '@/components/dashboard/format';
import { Field } from '@/components/form/field';
import { FormOutcome } from '@/components/form/form-outcome';
import { useRemoveMember } from '@/features/collective-panel/api/remove-member';
import { useUpdateMember } from '@/features/collective-panel/api/update-member';
import { usePagedMembers } from '@/features/collective-panel/api/get-members';
import { LOAD_ERROR } from '@/features/collective-panel/config';
import { Pager } from '@/features/collective-panel/components/athletes-section';
import { errorsFrom } from '@/features/collective-panel/components/settings/form-parts';
import { TableRegion } from '@/components/dashboard/table-region';

export const ALL_SPORTS = 'All';

/** The sport filter: All, then the distinct sports of the members (never the school's list, which
 * may lack a member's sport or name sports without members). */
export function sportOptions(sports: string[]): string[] {
  return [ALL_SPORTS, ...[...new Set(sports.filter(Boolean))].sort((a, b) => a.localeCompare(b))];
}

export const sportLabel = (sport: string) => (sport === 'Track and Field' ? 'Track & Field' : sport);

function EditMember({ collectiveId, athlete, onDone }: { collectiveId: number; athlete: MemberSummary; onDone: (message: string | null) => void }) {
  const [form, setForm] = useState({ name: athlete.name, number: athlete.number, sport: athlete.sport, position: athlete.position });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const update = useUpdateMember(collectiveId);
  const sports: string[] = PROFILE_SPORTS.includes(athlete.sport as (typeof PROFILE_SPORTS)[number]) ? [...PROFILE_SPORTS] : [...PROFILE_SPORTS, athlete.sport];
  const set = (field: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: e.target.value }));
  return (
    <form
      className="panel"
      aria-label={`Edit ${athlete.name}`}
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        const checked = validateUpdateMember(form, athlete.sport);
        setErrors(checked.errors);
        setMessage(null);
        if (Object.keys(checked.errors).length) return;
        try {
          await update.trigger({ athleteId: athlete.id, changes: checked.value });
          onDone(`${checked.value.name ?? athlete.name} was updated.`);
        } catch (error) {
          const { fields, message: m } = errorsFrom(error);
          setErrors(fields);
          setMessage(m);
        }
      }}
    >
      <h3 className="panel-title">Edit {athlete.name}</h3>
      <div className="dash-form">
        <Field label="Athlete Name" error={errors.name}>
          {(control) => <input {...control} className="input" value={form.name} onChange={set('name')} />}
        </Field>
        <Field label="Player Number" error={errors.number}>
          {(control) => <input {...control} className="input" inputMode="numeric" value={form.number} onChange={set('number')} />}
        </Field>
        <Field label="Sport" error={errors.sport}>
          {(control) => (
            <select {...control} className="input" value={form.sport} onChange={set('sport')}>
              {sports.map((s) => (
                <option key={s} value={s}>
                  {sportLabel(s)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Position" error={errors.position}>
          {(control) => <input {...control} className="input" value={form.position} onChange={set('position')} />}
        </Field>
      </div>
      <FormOutcome error={message} />
      <div className="dash-actions">
        <button type="submit" className="btn btn-primary" disabled={update.isMutating}>
          {update.isMutating ? 'Saving...' : 'Save Changes'}
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => onDone(null)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

export function AthletesManagement({ collectiveId, collectiveName, sports }: { collectiveId: number; collectiveName: string; sports: string[] }) {
  const [sport, setSport] = useState(ALL_SPORTS);
  const [editing, setEditing] = useState<MemberSummary | null>(null);
  const [removing, setRemoving] = useState<MemberSummary | null>(null);
  const [actingOn, setActingOn] = useState<number | null>(null);
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const update = useUpdateMember(collectiveId);
  const remove = useRemoveMember(collectiveId);
  const busyId = update.isMutating || remove.isMutating ? actingOn : null;
  const filterId = useId();
  const options = sportOptions(sports);
  const members = usePagedMembers({ sport: sport === ALL_SPORTS ? undefined : sport });
  const shown = members.data?.items ?? [];

  /** A row action (pause, activate, remove): one outcome line for the table. */
  async function run(athlete: MemberSummary, action: () => Promise<unknown>, done: string) {
    setActingOn(athlete.id);
    setNotice(null);
    try {
      await action();
      setNotice({ kind: 'ok', text: done });
    } catch (error) {
      const { fields, message } = errorsFrom(error);
      setNotice({ kind: 'error', text: message ?? Object.values(fields).join(' ') });
    }
  }

  return (
    <div className="dash-main">
      <div className="toolbar">
        <div className="field">
          <label htmlFor={filterId}>Sport</label>
          <select id={filterId} className="input" value={options.includes(sport) ? sport : ALL_SPORTS} onChange={(e) => setSport(e.target.value)}>
            {options.map((s) => (
              <option key={s} value={s}>
                {s === ALL_SPORTS ? 'All Sports' : sportLabel(s)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <FormOutcome success={notice?.kind === 'ok' ? notice.text : null} error={notice?.kind === 'error' ? notice.text : null} />
      {editing && (
        <EditMember
          key={editing.id}
          collectiveId={collectiveId}
          athlete={editing}
          onDone={(message) => {
            setEditing(null);
            if (message) setNotice({ kind: 'ok', text: message });
          }}
        />
      )}
      {members.error ? (
        <ErrorBox message={LOAD_ERROR} onRetry={() => void members.mutate()} retryLabel="Retry" />
      ) : !members.data ? (
        <Spinner label="Loading athletes..." />
      ) : shown.length === 0 ? (
        <p className="muted">No athletes.</p>
      ) : (
        <TableRegion label={'Athletes management'}>
          <table className="dash-table">
            <caption className="sr-only">Athletes management</caption>
            <thead>
              <tr>
                <th scope="col">Athlete</th>
                <th scope="col">Player Number</th>
                <th scope="col">Sport</th>
                <th scope="col">Position</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((athlete) => {
                const paused = athlete.status !== 'Active';
                return (
                  <tr key={athlete.id}>
                    <th scope="row">
                      <div className="dash-athlete-cell">
                        <FallbackImage src={athlete.image} alt="" loading="lazy" />
                        <span>{athlete.name}</span>
                      </div>
                    </th>
                    <td>{athlete.number || '0'}</td>
                    <td>{sportLabel(athlete.sport)}</td>
                    <td>{athlete.position}</td>
                    <td>
                      <Badge tone={memberBadgeTone(athlete.status)}>{athlete.status ?? 'Active'}</Badge>
                    </td>
                    <td>
                      <div className="dash-actions">
                        <button type="button" className="btn btn-outline btn-sm" aria-label={`Edit ${athlete.name}`} onClick={() => setEditing(athlete)}>
                          Edit
                        </button>
                        <button
                          type="button"
                          className="btn btn-outline btn-sm"
                          aria-label={`${paused ? 'Activate' : 'Pause'} ${athlete.name}`}
                          disabled={busyId === athlete.id}
                          onClick={() =>
                            void run(
                              athlete,
                              () => update.trigger({ athleteId: athlete.id, changes: { status: paused ? 'Active' : 'Paused' } }),
                              `${athlete.name} is now ${paused ? 'Active' : 'Paused'}.`,
                            )
                          }
                        >
                          {paused ? 'Activate' : 'Pause'}
                        </button>
                        <button
                          type="button"
                          className="btn btn-danger btn-sm"
                          aria-label={`Remove ${athlete.name}`}
                          disabled={busyId === athlete.id}
                          onClick={() => setRemoving(athlete)}
                        >
                          Remove
                        </button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableRegion>
      )}
      <Pager
        label="Athlete pages"
        page={members.pageNumber}
        hasPrevious={members.hasPrevious}
        hasNext={members.hasNext}
        onPrevious={members.previous}
        onNext={() => void members.next()}
      />
      {removing && (
        <ConfirmDialog
          title="Remove Athlete?"
          confirmLabel="Remove"
          danger
          onCancel={() => setRemoving(null)}
          onConfirm={() => {
            const athlete = removing;
            setRemoving(null);
            if (editing?.id === athlete.id) setEditing(null);
            void run(athlete, () => remove.trigger({ athleteId: athlete.id }), `${athlete.name} was removed from ${collectiveName}.`);
          }}
        >
          <p>
            {removing.name} will no longer be a member of {collectiveName}. Their profile and cards stay on the marketplace.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
