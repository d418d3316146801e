// The one way a form tells how a submit went: the success line as a status (polite), the failure
// as an alert (assertive), each present only while there is something to say. With `focus`, a new
// outcome is also focused and scrolled into view (for long forms whose outcome sits below the fold,
// such as the waiting list).
import { useEffect, useRef } from 'react';

interface Props {
  success?: string | null;
  error?: string | null;
  focus?: boolean;
}

export function FormOutcome({ success, error, focus = false }: Props) {
  const successLine = useRef<HTMLParagraphElement>(null);
  const errorLine = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    const line = error ? errorLine.current : success ? successLine.current : null;
    if (!focus || !line) return;
    const reduced = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    line.focus({ preventScroll: true });
    line.scrollIntoView?.({ block: 'center', behavior: reduced ? 'auto' : 'smooth' });
  }, [focus, success, error]);

  return (
    <>
      {success && (
        <p ref={successLine} role="status" tabIndex={focus ? -1 : undefined} className="form-success">
          {success}
        </p>
      )}
      {error && (
        <p ref={errorLine} role="alert" tabIndex={focus ? -1 : undefined} className="form-error">
          {error}
        </p>
      )}
    </>
  );
}
