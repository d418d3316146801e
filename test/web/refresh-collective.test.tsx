// A collective's write refreshes what its screens read, including the paged lists
// (useSWRInfinite: the transaction feed), and nothing of another collective.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import useSWRInfinite from 'swr/infinite';
import { useRefreshCollective } from '@/features/collective-panel/api/refresh-collective';

function Feed({ collectiveId, fetcher }: { collectiveId: number; fetcher: (key: string) => Promise<string> }) {
  const { data } = useSWRInfinite((index) => (index === 0 ? `/collectives/${collectiveId}/transactions?limit=20` : null), fetcher);
  return <p>{`feed ${collectiveId}: ${data?.[0] ?? 'loading'}`}</p>;
}

function Writer() {
  const refresh = useRefreshCollective(1);
  return (
    <button type="button" onClick={() => void refresh()}>
      Save
    </button>
  );
}

it('revalidates the collective’s paged transaction feed after a write, and not another collective’s', async () => {
  const calls: Record<string, number> = {};
  const fetcher = async (key: string) => {
    calls[key] = (calls[key] ?? 0) + 1;
    return `read ${calls[key]}`;
  };
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <Feed collectiveId={1} fetcher={fetcher} />
      <Feed collectiveId={2} fetcher={fetcher} />
      <Writer />
    </SWRConfig>,
  );
  await screen.findByText('feed 1: read 1');
  await screen.findByText('feed 2: read 1');
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  });
  await screen.findByText('feed 1: read 2');
  await waitFor(() => expect(calls['/collectives/1/transactions?limit=20']).toBe(2));
  expect(calls['/collectives/2/transactions?limit=20']).toBe(1);
});
