// Search (/search and /demo/search?query=): text box and sport filters kept in sync with the URL;
// results from GET /api/search (the server applies the spec's substring rules, and positions and
// jersey numbers), each list with its count and a Load more of its own. The filters are the
// catalog's sports (sport-filters.tsx), as the answer lists them.
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { SearchResults } from '@shared/catalog/catalog-api';
import type { AthleteSummary, SchoolSummary } from '@shared/catalog/catalog-types';
import { AthleteCard, SchoolCard } from '@/components/entity-cards';
import { ErrorBox } from '@/components/error-box';
import { PageSpinner, Spinner } from '@/components/spinner';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useTypedBeforeHydration } from '@/lib/use-typed-before-hydration';
import { useDocumentTitle } from '@/lib/use-document-title';
import { MORE_ERROR, SEARCH_ERROR, getSearch, searchPath, useSearch, type SearchList } from '@/features/search/api/search';
import { SportFilters } from '@/features/search/components/sport-filters';

/** Typing waits this long for a pause before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 250;

/** Pages a list loaded beyond the first, for one query. */
interface More<T> {
  query: string;
  items: T[];
  nextCursor: string | null;
  loading: boolean;
  error: boolean;
}

const countText = (n: number, capped: boolean, word: string) => `${n.toLocaleString('en-US')}${capped ? '+' : ''} ${word}${n === 1 && !capped ? '' : 's'}`;

/** One list's first page plus what Load more added (for the same query). */
function useMore<T>(query: string, list: SearchList, first: SearchResults<T> | undefined) {
  const [more, setMore] = useState<More<T> | null>(null);
  const current = more && more.query === query ? more : null;
  const items = [...(first?.items ?? []), ...(current?.items ?? [])];
  const nextCursor = current ? current.nextCursor : (first?.nextCursor ?? null);
  const load = async () => {
    if (!nextCursor) return;
    setMore({ query, items: current?.items ?? [], nextCursor, loading: true, error: false });
    try {
      const page = (await getSearch(searchPath(query, list, nextCursor)))[list] as SearchResults<T>;
      setMore({ query, items: [...(current?.items ?? []), ...page.items], nextCursor: page.nextCursor, loading: false, error: false });
    } catch {
      setMore({ query, items: current?.items ?? [], nextCursor, loading: false, error: true });
    }
  };
  return { items, nextCursor, loading: current?.loading ?? false, error: current?.error ?? false, load };
}

function LoadMore({ label, state }: { label: string; state: { nextCursor: string | null; loading: boolean; error: boolean; load: () => Promise<void> } }) {
  if (!state.nextCursor) return null;
  return (
    <div className="center">
      {state.error && <ErrorBox message={MORE_ERROR} onRetry={() => void state.load()} />}
      {!state.error && (
        <button type="button" className="btn btn-outline" disabled={state.loading} onClick={() => void state.load()} aria-label={`Load more ${label}`}>
          {state.loading ? 'Loading...' : 'Load more'}
        </button>
      )}
    </div>
  );
}

/** The results a phone shows first: their portraits load at once (the page's largest content). */
const FIRST_ROW = 2;

export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const query = params.get('query') ?? '';
  const settled = useDebouncedValue(query, SEARCH_DEBOUNCE_MS).trim();
  const { data, error, isValidating, mutate } = useSearch(settled);
  useDocumentTitle(query.trim() ? `Search: ${query.trim()}` : 'Search Athletes & Teams');
  const answered = data?.query.trim() === settled ? data : undefined;
  const athletes = useMore<AthleteSummary>(settled, 'athletes', answered?.athletes);
  const schools = useMore<SchoolSummary>(settled, 'schools', answered?.schools);

  const setQuery = (value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set('query', value);
    else next.delete('query');
    setParams(next, { replace: true });
  };

  // Text typed into the server-rendered box before the app hydrated it is kept (and searched).
  const form = useTypedBeforeHydration({ query }, (typed) => setQuery(typed.query ?? ''));

  return (
    <div className="page container">
      <h1 className="page-title">Search Athletes &amp; Teams</h1>
      <div className="search-controls">
        <label htmlFor="search-query" className="sr-only">
          Search by name, school, or sport (also position or jersey number)
        </label>
        {/* A GET form: Enter before hydration (a page rendered on the server) searches natively. */}
        <form ref={form} className="search-form" role="search" aria-label="Search athletes and teams" method="get" onSubmit={(e) => e.preventDefault()}>
          <input
            id="search-query"
            name="query"
            className="input input-lg"
            type="search"
            placeholder="Search by name, school, or sport..."
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </form>
        <SportFilters sports={data?.sports ?? []} query={query} onChoose={setQuery} />
      </div>
      {error && <ErrorBox message={SEARCH_ERROR} onRetry={() => void mutate()} />}
      {!data && !error && <PageSpinner label="Searching..." />}
      {data && !answered && isValidating && <Spinner label="Searching..." />}
      {answered && (
        <>
          <p className="muted" aria-live="polite">
            {answered.athletes.total + answered.schools.total === 0
              ? `No athletes or schools match "${settled}".`
              : `${countText(answered.athletes.total, answered.athletes.totalIsCapped, 'athlete')} and ${countText(answered.schools.total, answered.schools.totalIsCapped, 'school')}`}
          </p>
          {athletes.items.length > 0 && (
            <section className="section" aria-labelledby="results-athletes">
              <h2 id="results-athletes" className="section-title">
                Athletes
              </h2>
              <div className="grid">
                {athletes.items.map((a, i) => (
                  <AthleteCard key={a.id} athlete={a} priority={i < FIRST_ROW} />
                ))}
              </div>
              <LoadMore label="athletes" state={athletes} />
            </section>
          )}
          {schools.items.length > 0 && (
            <section className="section" aria-labelledby="results-schools">
              <h2 id="results-schools" className="section-title">
                Schools
              </h2>
              <div className="grid">
                {schools.items.map((s) => (
                  <SchoolCard key={s.id} school={s} />
                ))}
              </div>
              <LoadMore label="schools" state={schools} />
            </section>
          )}
        </>
      )}
    </div>
  );
}
