// Athletes Management: sport filter (by the server), members a page at a time; edit,
// pause/activate and remove (with confirmation) members. Every action persists through the admin
// API and errors show inline.
import { useId, useState } from 'react';
import { validateUpdateMember } from '@shared/catalog/admin-api';
import { sportLabel, sportOptions as sportSelectOptions } from '@shared/catalog/sports';
import type { MemberSummary } from '@shared/catalog/catalog-types';
import { ErrorBox } from '@/components/error-box';
import { Spinner } from '@/components/spinner';
import { ConfirmAbout, useConfirmation } from '@/components/dialog';
import { FallbackImage } from '@/components/fallback-image';
import { Badge, memberBadgeTone } from '@/components/dashboard/format';
import { InputField, SelectField } from '@/components/form/field';
import { Form, FormEnd } from '@/components/form/form';
import { FormOutcome } from '@/components/form/form-outcome';
import { useAction } from '@/components/form/use-action';
import { useForm } from '@/components/form/use-form-submit';
import { useRemoveMember } from '@/features/collective-panel/api/remove-member';
import { useUpdateMember } from '@/features/collective-panel/api/update-member';
import { usePagedMembers } from '@/features/collective-panel/api/get-members';
import { LOAD_ERROR, WRITE_TEXTS } from '@/features/collective-panel/config';
import { MembersPager } from '@/features/collective-panel/components/athletes-section';
import { Button } from '@/components/button';
import { Table } from '@/components/table/table';

export const ALL_SPORTS = 'All';

/** The sport filter: All, then the distinct sports of the members (never the school's list, which
 * may lack a member's sport or name sports without members). */
export function sportOptions(sports: string[]): string[] {
  return [ALL_SPORTS, ...[...new Set(sports.filter(Boolean))].sort((a, b) => a.localeCompare(b))];
}

function EditMember({ collectiveId, athlete, onDone }: { collectiveId: number; athlete: MemberSummary; onDone: (message: string | null) => void }) {
  const update = useUpdateMember(collectiveId);
  const form = useForm({
    initial: { name: athlete.name, number: athlete.number, sport: athlete.sport, position: athlete.position },
    check: (values) => validateUpdateMember(values, athlete.sport),
    send: (changes) => update.trigger({ athleteId: athlete.id, changes }),
    onSuccess: (_updated, changes) => onDone(`${changes.name ?? athlete.name} was updated.`),
    texts: WRITE_TEXTS,
  });
  return (
    <Form form={form} className="panel" aria-label={`Edit ${athlete.name}`}>
      <h3 className="panel-title">Edit {athlete.name}</h3>
      <div className="dash-form">
        <InputField label="Athlete Name" {...form.field('name')} />
        <InputField label="Player Number" inputMode="numeric" {...form.field('number')} />
        <SelectField label="Sport" options={sportSelectOptions(athlete.sport)} {...form.field('sport')} />
        <InputField label="Position" {...form.field('position')} />
      </div>
      <FormEnd form={form} busy="Saving..." onCancel={() => onDone(null)}>
        Save Changes
      </FormEnd>
    </Form>
  );
}

export function AthletesManagement({ collectiveId, collectiveName, sports }: { collectiveId: number; collectiveName: string; sports: string[] }) {
  const [sport, setSport] = useState(ALL_SPORTS);
  const [editing, setEditing] = useState<MemberSummary | null>(null);
  const removing = useConfirmation<MemberSummary>();
  const [actingOn, setActingOn] = useState<number | null>(null);
  const notice = useAction(WRITE_TEXTS);
  const update = useUpdateMember(collectiveId);
  const remove = useRemoveMember(collectiveId);
  const busyId = notice.running ? actingOn : null;
  const filterId = useId();
  const options = sportOptions(sports);
  const members = usePagedMembers({ sport: sport === ALL_SPORTS ? undefined : sport });
  const shown = members.data?.items ?? [];

  /** A row action (pause, activate, remove): one outcome line for the table. */
  function run(athlete: MemberSummary, action: () => Promise<unknown>, done: string) {
    setActingOn(athlete.id);
    void notice.run(action, done);
  }

  function removeMember(athlete: MemberSummary) {
    if (editing?.id === athlete.id) setEditing(null);
    run(athlete, () => remove.trigger({ athleteId: athlete.id }), `${athlete.name} was removed from ${collectiveName}.`);
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
      <FormOutcome success={notice.success} error={notice.error} />
      {editing && (
        <EditMember
          key={editing.id}
          collectiveId={collectiveId}
          athlete={editing}
          onDone={(message) => {
            setEditing(null);
            if (message) notice.show(message);
          }}
        />
      )}
      {members.error ? (
        <ErrorBox message={LOAD_ERROR} onRetry={() => void members.mutate()} retryLabel="Retry" />
      ) : !members.data ? (
        <Spinner label="Loading athletes..." />
      ) : (
        <Table
          caption="Athletes management"
          rows={shown}
          rowKey={(athlete) => athlete.id}
          empty="No athletes."
          columns={[
            {
              header: 'Athlete',
              rowHeader: true,
              cell: (athlete) => (
                <div className="dash-athlete-cell">
                  <FallbackImage src={athlete.image} alt="" loading="lazy" />
                  <span>{athlete.name}</span>
                </div>
              ),
            },
            { header: 'Player Number', cell: (athlete) => athlete.number || '0' },
            { header: 'Sport', cell: (athlete) => sportLabel(athlete.sport) },
            { header: 'Position', cell: (athlete) => athlete.position },
            { header: 'Status', cell: (athlete) => <Badge tone={memberBadgeTone(athlete.status)}>{athlete.status ?? 'Active'}</Badge> },
            {
              header: 'Actions',
              actions: true,
              cell: (athlete) => {
                const paused = athlete.status !== 'Active';
                return (
                  <div className="dash-actions">
                    <Button size="sm" aria-label={`Edit ${athlete.name}`} onClick={() => setEditing(athlete)}>
                      Edit
                    </Button>
                    <Button
                      size="sm"
                      aria-label={`${paused ? 'Activate' : 'Pause'} ${athlete.name}`}
                      disabled={busyId === athlete.id}
                      onClick={() =>
                        run(
                          athlete,
                          () => update.trigger({ athleteId: athlete.id, changes: { status: paused ? 'Active' : 'Paused' } }),
                          `${athlete.name} is now ${paused ? 'Active' : 'Paused'}.`,
                        )
                      }
                    >
                      {paused ? 'Activate' : 'Pause'}
                    </Button>
                    <Button
                      intent="destructive"
                      size="sm"
                      aria-label={`Remove ${athlete.name}`}
                      disabled={busyId === athlete.id}
                      onClick={() => removing.ask(athlete)}
                    >
                      Remove
                    </Button>
                  </div>
                );
              },
            },
          ]}
        />
      )}
      <MembersPager members={members} />
      <ConfirmAbout about={removing} title="Remove Athlete?" confirmLabel="Remove" danger onConfirm={removeMember}>
        {(athlete) => (
          <p>
            {athlete.name} will no longer be a member of {collectiveName}. Their profile and cards stay on the marketplace.
          </p>
        )}
      </ConfirmAbout>
    </div>
  );
}
