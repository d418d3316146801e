// The panels' design system (docs/decisions/0016): the one table (labelled cells for the stacked
// layout, the stacking width by column count, stacking when it measures itself too wide), tiles
// that never orphan one (the column class by count), tabs after the WAI-ARIA pattern (arrow keys,
// Home, End, one Tab stop), destructive buttons that ask first, the toggletip, the segmented choice
// and the charts' time ranges.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Table, stackClass } from '@/components/table/table';
import { DataTable } from '@/components/dashboard/data-table';
import { FigureTile, Tiles } from '@/components/tiles';
import { TabPanel, Tabs } from '@/components/tabs';
import { ConfirmButton } from '@/components/button';
import { InfoTip } from '@/components/info-tip';
import { Segmented } from '@/components/segmented';
import { dayLabel, lastDays, rangeMonths, seasonStart } from '@/components/charts/time-range';

interface Row {
  id: number;
  name: string;
  amount: string;
}
const ROWS: Row[] = [
  { id: 1, name: 'Marcus Reed', amount: '$3.00' },
  { id: 2, name: 'Jalen Brooks', amount: '$5.00' },
];

describe('Table', () => {
  it('is a captioned table whose cells carry their column name for the stacked layout', () => {
    const { container } = render(
      <Table
        caption="Payouts"
        rows={ROWS}
        rowKey={(r) => r.id}
        columns={[
          { header: 'Athlete', rowHeader: true, cell: (r) => r.name },
          { header: 'Amount', align: 'end', cell: (r) => r.amount },
          { header: 'Actions', actions: true, cell: (r) => <button type="button">Pay {r.name}</button> },
          false,
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Payouts' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Athlete', 'Amount', 'Actions']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Marcus Reed', 'Jalen Brooks']);
    const [amount, actions] = within(within(table).getAllByRole('row')[1]).getAllByRole('cell');
    expect(amount).toHaveAttribute('data-label', 'Amount');
    expect(amount).toHaveClass('dt-end');
    // An actions cell spans the stacked card without a label.
    expect(actions).not.toHaveAttribute('data-label');
    expect(actions).toHaveClass('dt-actions');
    expect(container.querySelector('.dt-wrap')).toHaveClass('dt-stack-s');
  });

  it('stacks at a width that grows with its columns', () => {
    expect([2, 3, 4, 5, 6, 7, 8, 10].map(stackClass)).toEqual([
      'dt-stack-s',
      'dt-stack-s',
      'dt-stack-m',
      'dt-stack-m',
      'dt-stack-l',
      'dt-stack-l',
      'dt-stack-xl',
      'dt-stack-xl',
    ]);
  });

  it('says its empty text instead of an empty table', () => {
    render(<Table caption="Invites" rows={[]} rowKey={(r: Row) => r.id} empty="No invites yet." columns={[{ header: 'Athlete', cell: (r) => r.name }]} />);
    expect(screen.getByText('No invites yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('stacks when it measures itself wider than its box, and unstacks once the box is wide enough again', () => {
    let room = 300;
    const widths = jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => room);
    const scroll = jest.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(() => 640);
    let resize: () => void = () => undefined;
    const original = globalThis.ResizeObserver;
    (globalThis as { ResizeObserver: unknown }).ResizeObserver = class {
      constructor(callback: () => void) {
        resize = callback;
      }
      observe() {}
      disconnect() {}
    };
    try {
      const { container } = render(<Table caption="Wide" rows={ROWS} rowKey={(r) => r.id} columns={[{ header: 'Athlete', cell: (r) => r.name }]} />);
      expect(container.querySelector('.dt-wrap')).toHaveClass('dt-stacked');
      room = 700;
      act(() => resize());
      expect(container.querySelector('.dt-wrap')).not.toHaveClass('dt-stacked');
    } finally {
      widths.mockRestore();
      scroll.mockRestore();
      (globalThis as { ResizeObserver: unknown }).ResizeObserver = original;
    }
  });
});

describe('DataTable', () => {
  it("stacks like Table: the callers' own cells are labelled with their column's header, a left-out column is no column", () => {
    render(
      <DataTable caption="NIL Go records" columns={['Payor', false, 'Status']}>
        <tr>
          <td>Acme</td>
          <td>Due</td>
        </tr>
      </DataTable>,
    );
    const table = screen.getByRole('table', { name: 'NIL Go records' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Payor', 'Status']);
    expect(
      within(table)
        .getAllByRole('cell')
        .map((c) => c.getAttribute('data-label')),
    ).toEqual(['Payor', 'Status']);
    expect(table.parentElement).toHaveClass('dt-wrap', stackClass(2));
  });
});

describe('Tiles', () => {
  it('tells the grid how many tiles it holds (its columns never leave one alone), not counting what is left out', () => {
    render(
      <Tiles label="Figures">
        <FigureTile label="One" value="1" />
        <FigureTile label="Two" value="2" />
        {false}
        <FigureTile label="Three" value={null} />
      </Tiles>,
    );
    const grid = screen.getByLabelText('Figures');
    expect(grid).toHaveClass('tiles-grid', 'tiles-n3');
    expect(
      within(grid)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['One', 'Two', 'Three']);
    // A figure on its way keeps its place and says so.
    expect(within(grid).getByText('Loading')).toHaveClass('sr-only');
  });
});

function TabsHarness({ slow = false }: { slow?: boolean }) {
  const [current, setCurrent] = useState<'a' | 'b' | 'c'>('a');
  // A slow page: the selection renders after the next key may already have been pressed.
  const select = (id: 'a' | 'b' | 'c') => (slow ? setTimeout(() => setCurrent(id), 0) : setCurrent(id));
  return (
    <>
      <Tabs
        label="Panel"
        idBase="t"
        orientation="vertical"
        items={[
          { id: 'a', label: 'Home' },
          { id: 'b', label: 'Cards & approvals', count: 2, countLabel: 'pending' },
          { id: 'c', label: 'Posts' },
        ]}
        current={current}
        onSelect={select}
      />
      <TabPanel idBase="t" id={current}>
        Panel {current}
      </TabPanel>
    </>
  );
}

describe('Tabs', () => {
  it('moves with the arrow keys, Home and End, one Tab stop, the selected tab naming its panel', async () => {
    const user = userEvent.setup();
    render(<TabsHarness />);
    const list = screen.getByRole('tablist', { name: 'Panel' });
    expect(list).toHaveAttribute('aria-orientation', 'vertical');
    const home = screen.getByRole('tab', { name: 'Home' });
    expect(screen.getByRole('tab', { name: 'Cards & approvals (2 pending)' })).toHaveAttribute('tabindex', '-1');
    await user.tab();
    expect(home).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    const cards = screen.getByRole('tab', { name: /^Cards & approvals/ });
    expect(cards).toHaveFocus();
    expect(cards).toHaveAttribute('aria-selected', 'true');
    expect(cards).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tabpanel', { name: /^Cards & approvals/ })).toHaveTextContent('Panel b');
    expect(cards).toHaveAttribute('aria-controls', 't-panel-b');
    expect(home).not.toHaveAttribute('aria-controls');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Posts' })).toHaveFocus();
    await user.keyboard('{ArrowRight}'); // wraps to the first
    expect(home).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}'); // wraps to the last
    expect(screen.getByRole('tab', { name: 'Posts' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(home).toHaveFocus();
  });
});

describe('Tabs on a slow page', () => {
  it('moves on from the focused tab when a second key comes before the first selection renders', async () => {
    render(<TabsHarness slow />);
    const home = screen.getByRole('tab', { name: 'Home' });
    home.focus();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Posts' })).toHaveFocus();
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Posts' })).toHaveAttribute('aria-selected', 'true'));
  });
});

describe('ConfirmButton', () => {
  it('asks first: Cancel does nothing, Confirm acts once; it never looks like a primary button', () => {
    const retire = jest.fn();
    render(
      <ConfirmButton title="Retire Card #1?" body={<p>It comes off sale for good.</p>} confirmLabel="Retire" onConfirm={retire}>
        Retire
      </ConfirmButton>,
    );
    const button = screen.getByRole('button', { name: 'Retire' });
    expect(button).toHaveClass('btn-destructive');
    expect(button).not.toHaveClass('btn-primary');
    fireEvent.click(button);
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Retire Card #1?' })).getByRole('button', { name: 'Cancel' }));
    expect(retire).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Retire' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Retire Card #1?' })).getByRole('button', { name: 'Retire' }));
    expect(retire).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('InfoTip', () => {
  it('shows its note on press and hides it on Escape', () => {
    render(<InfoTip label="About dates and times">Dates and months in UTC</InfoTip>);
    const button = screen.getByRole('button', { name: 'About dates and times' });
    expect(screen.queryByText('Dates and months in UTC')).toBeNull();
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Dates and months in UTC');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByText('Dates and months in UTC')).toBeNull();
  });
});

describe('Segmented', () => {
  it('is a named radio group', () => {
    const change = jest.fn();
    render(
      <Segmented
        legend="Time range"
        value="season"
        onChange={change}
        options={[
          { value: '7d', label: '7 days' },
          { value: 'season', label: 'Season' },
        ]}
      />,
    );
    const group = screen.getByRole('group', { name: 'Time range' });
    expect(within(group).getByRole('radio', { name: 'Season' })).toBeChecked();
    fireEvent.click(within(group).getByRole('radio', { name: '7 days' }));
    expect(change).toHaveBeenCalledWith('7d');
  });
});

describe('Segmented on a prerendered page', () => {
  it('adopts the radio chosen before hydration into the state', async () => {
    const { renderToString } = await import('react-dom/server');
    const { hydrateRoot } = await import('react-dom/client');
    const options = [
      { value: '7d', label: '7 days' },
      { value: 'season', label: 'Season' },
    ] as const;
    const change = jest.fn();
    const tree = <Segmented legend="Time range" value="season" onChange={change} options={options} />;
    const container = document.createElement('div');
    container.innerHTML = renderToString(tree);
    document.body.appendChild(container);
    // The visitor picks 7 days before the app's JS arrives.
    container.querySelector<HTMLInputElement>('input[value="7d"]')!.checked = true;
    await act(async () => {
      hydrateRoot(container, tree);
    });
    expect(change).toHaveBeenCalledWith('7d');
    container.remove();
  });
});

describe('time ranges', () => {
  it('counts UTC days back from today and the season from August 1', () => {
    expect(lastDays('2026-03-02', 3)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
    expect(dayLabel('2026-11-07')).toBe('Nov 7');
    expect(seasonStart('2026-11-27')).toBe('2026-08');
    expect(seasonStart('2027-03-01')).toBe('2026-08');
    expect(rangeMonths('season', '2026-11-27', ['2025-01'])).toEqual(['2026-08', '2026-09', '2026-10', '2026-11']);
    expect(rangeMonths('all', '2026-02-10', ['2025-12', '2025-11'])).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(rangeMonths('all', '2026-02-10', [])).toEqual([]);
  });
});
