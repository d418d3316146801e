// The clocks of a disclosure record (issue 23; the rules: shared/money/state-rules.ts): the school's
// state and its rule, then each clock that applies with its due date: the state's for each card
// licence (signing is the athlete's approval of the card) or the first payment, and NIL Go's for each
// record that reached $600.
import type { DisclosureRecord } from '@shared/money/payouts-api';
import { DataTable } from '@/components/dashboard/data-table';

export function DisclosureClocks({ record }: { record: DisclosureRecord }) {
  if (!record.stateRule) return null;
  const clocks = record.clocks ?? [];
  return (
    <section aria-label="Disclosure clocks">
      <h4 className="ap-subtitle">Disclosure clocks</h4>
      <p>
        School state: <strong>{record.state ? `${record.state.name} (${record.state.code})` : 'not set (the rule of other states applies)'}</strong>.{' '}
        <span className="hint">{record.stateRule.source}</span>
      </p>
      {clocks.length === 0 ? (
        <p className="muted">No card approved and nothing reportable to NIL Go yet: no clock runs.</p>
      ) : (
        <DataTable caption="Each clock and its due date" columns={['Rule', 'Deal', 'When', 'Due', 'To']}>
          {clocks.map((c, i) => (
            <tr key={`${c.kind}-${c.subject}-${i}`}>
              <td>{c.kind === 'nil-go' ? 'NIL Go' : (record.state?.code ?? record.stateRule!.name)}</td>
              <td>{c.subject}</td>
              <td>{c.from}</td>
              <td>{c.dueBy ? `${c.timing === 'before' ? 'On or before' : 'By'} ${c.dueBy}` : 'No date'}</td>
              <td>{c.to}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
