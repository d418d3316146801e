// Loading indicator with an accessible status text.
export function Spinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="spinner-wrap" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="spinner-label">{label}</span>
    </div>
  );
}

export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="page-spinner">
      <Spinner label={label} />
    </div>
  );
}
