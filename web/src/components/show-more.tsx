// The button under a list read page by page (useSWRInfinite): asks for the next page while there is one.
export function ShowMore({ list, more }: { list: { isValidating: boolean; size: number; setSize: (size: number) => Promise<unknown> }; more: boolean }) {
  if (!more) return null;
  return (
    <button type="button" className="btn btn-outline" disabled={list.isValidating} onClick={() => void list.setSize(list.size + 1)}>
      {list.isValidating ? 'Loading...' : 'Show more'}
    </button>
  );
}
