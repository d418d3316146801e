// Search (/search and /demo/search?query=): text box and quick filters kept in sync with the URL.
import { useSearchParams } from 'react-router-dom';
import { searchAthletes, searchSchools } from '@shared/search';
import { AthleteCard, SchoolCard } from '@/components/entity-cards';
import { ErrorBox } from '@/components/error-box';
import { PageSpinner } from '@/components/spinner';
import { CATALOG_ERROR, useCatalog } from '@/lib/catalog';
import { useDocumentTitle } from '@/lib/use-document-title';

export const QUICK_FILTERS = ['Football', 'Basketball', 'Baseball', 'Track & Field'] as const;

export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const query = params.get('query') ?? '';
  const { data, error, isLoading, mutate } = useCatalog();
  useDocumentTitle(query.trim() ? `Search: ${query.trim()}` : 'Search Athletes & Teams');

  const setQuery = (value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set('query', value);
    else next.delete('query');
    setParams(next, { replace: true });
  };

  const athletes = data ? searchAthletes(data.athletes, query) : [];
  const schools = data ? searchSchools(data.schools, query) : [];

  return (
    <div className="page container">
      <h1 className="page-title">Search Athletes &amp; Teams</h1>
      <div className="search-controls">
        <label htmlFor="search-query" className="sr-only">
          Search by name, school, or sport
        </label>
        <input
          id="search-query"
          className="input input-lg"
          type="search"
          placeholder="Search by name, school, or sport..."
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <div className="chip-row" role="group" aria-label="Quick filters">
          {QUICK_FILTERS.map((f) => {
            const active = query.toLowerCase() === f.toLowerCase();
            return (
              <button key={f} type="button" className={`chip${active ? ' active' : ''}`} aria-pressed={active} onClick={() => setQuery(active ? '' : f)}>
                {f}
              </button>
            );
          })}
        </div>
      </div>
      {error && <ErrorBox message={CATALOG_ERROR} onRetry={() => void mutate()} />}
      {isLoading && <PageSpinner label="Searching..." />}
      {data && (
        <>
          <p className="muted" aria-live="polite">
            {athletes.length + schools.length === 0
              ? `No athletes or schools match "${query}".`
              : `${athletes.length} athlete${athletes.length === 1 ? '' : 's'} and ${schools.length} school${schools.length === 1 ? '' : 's'}`}
          </p>
          {athletes.length > 0 && (
            <section className="section" aria-labelledby="results-athletes">
              <h2 id="results-athletes" className="section-title">
                Athletes
              </h2>
              <div className="grid">
                {athletes.map((a) => (
                  <AthleteCard key={a.id} athlete={a} />
                ))}
              </div>
            </section>
          )}
          {schools.length > 0 && (
            <section className="section" aria-labelledby="results-schools">
              <h2 id="results-schools" className="section-title">
                Schools
              </h2>
              <div className="grid">
                {schools.map((s) => (
                  <SchoolCard key={s.id} school={s} />
                ))}
              </div>
            </section>
          )}
        </>
      )}
    </div>
  );
}
