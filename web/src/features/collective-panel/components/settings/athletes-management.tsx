// Athletes Management: sport filter; edit, pause/activate and remove (with confirmation) members.
// Every action persists through the admin API and errors show inline.
import { useId, useState } from 'react';
import type { FieldErrors } from '@shared/admin-api';
import { PROFILE_SPORTS, validateUpdateMember } from '@shared/admin-api';
import type { Athlete } from '@shared/catalog-types';
import { ConfirmDialog } from '@/components/dialog';
import { FallbackImage } from '@/components/fallback-image';
import { Badge, memberBadgeTone } from '@/components/dashboard/format';
import { refreshAfterWrite, removeMember, updateMember } from '@/features/collective-panel/api/admin-writes';
import { errorsFrom, Field } from './form-parts';

export const ALL_SPORTS = 'All';

export function sportOptions(athletes: Athlete[]): string[] {
  return [ALL_SPORTS, ...[...new Set(athletes.map((a) => a.sport))].sort()];
}

export const sportLabel = (sport: string) => (sport === 'Track and Field' ? 'Track & Field' : sport);

function EditMember({ collectiveId, athlete, onDone }: { collectiveId: number; athlete: Athlete; onDone: (message: string | null) => void }) {
  const [form, setForm] = useState({ name: athlete.name, number: athlete.number, sport: athlete.sport, position: athlete.position });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
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
        setBusy(true);
        try {
          await updateMember(collectiveId, athlete.id, checked.value);
          await refreshAfterWrite(collectiveId);
          onDone(`${checked.value.name ?? athlete.name} was updated.`);
        } catch (error) {
          const { fields, message: m } = errorsFrom(error);
          setErrors(fields);
          setMessage(m);
        } finally {
          setBusy(false);
        }
      }}
    >
      <h3 className="panel-title">Edit {athlete.name}</h3>
      <div className="dash-form">
        <Field label="Athlete Name" error={errors.name}>
          {(a) => <input {...a} className="input" value={form.name} onChange={set('name')} />}
        </Field>
        <Field label="Player Number" error={errors.number}>
          {(a) => <input {...a} className="input" inputMode="numeric" value={form.number} onChange={set('number')} />}
        </Field>
        <Field label="Sport" error={errors.sport}>
          {(a) => (
            <select {...a} className="input" value={form.sport} onChange={set('sport')}>
              {sports.map((s) => (
                <option key={s} value={s}>
                  {sportLabel(s)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Position" error={errors.position}>
          {(a) => <input {...a} className="input" value={form.position} onChange={set('position')} />}
        </Field>
      </div>
      {message && (
        <p className="form-error" role="alert">
          {message}
        </p>
      )}
      <div className="dash-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Saving...' : 'Save Changes'}
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => onDone(null)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

export function AthletesManagement({ collectiveId, collectiveName, athletes }: { collectiveId: number; collectiveName: string; athletes: Athlete[] }) {
  const [sport, setSport] = useState(ALL_SPORTS);
  const [editing, setEditing] = useState<Athlete | null>(null);
  const [removing, setRemoving] = useState<Athlete | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const filterId = useId();
  const options = sportOptions(athletes);
  const shown = sport === ALL_SPORTS ? athletes : athletes.filter((a) => a.sport === sport);

  async function run(athlete: Athlete, action: () => Promise<unknown>, done: string) {
    setBusyId(athlete.id);
    setNotice(null);
    try {
      await action();
      await refreshAfterWrite(collectiveId);
      setNotice({ kind: 'ok', text: done });
    } catch (error) {
      const { fields, message } = errorsFrom(error);
      setNotice({ kind: 'error', text: message ?? Object.values(fields).join(' ') });
    } finally {
      setBusyId(null);
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
      {notice && (
        <p className={notice.kind === 'ok' ? 'form-success' : 'form-error'} role={notice.kind === 'ok' ? 'status' : 'alert'}>
          {notice.text}
        </p>
      )}
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
      {shown.length === 0 ? (
        <p className="muted">No athletes.</p>
      ) : (
        <div className="dash-table-wrap">
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
                              () => updateMember(collectiveId, athlete.id, { status: paused ? 'Active' : 'Paused' }),
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
        </div>
      )}
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
            void run(athlete, () => removeMember(collectiveId, athlete.id), `${athlete.name} was removed from ${collectiveName}.`);
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
