// Pitch (/drift-pitch): the pitch PDF in a frame, Open in New Tab, Back to /main, and the error text
// when the browser cannot show the PDF inline.
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

export const PDF_URL = '/drift-pitch.pdf';
export const PDF_ERROR = 'PDF Viewer Error: Unable to display the PDF in the browser. You can still download or open it in a new tab.';

export default function Pitch() {
  const [failed, setFailed] = useState(() => typeof navigator !== 'undefined' && navigator.pdfViewerEnabled === false);

  useEffect(() => {
    if (failed) return;
    let cancelled = false;
    fetch(PDF_URL, { method: 'HEAD' })
      .then((r) => {
        if (!cancelled && (!r.ok || !(r.headers.get('content-type') ?? '').includes('pdf'))) setFailed(true);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [failed]);

  return (
    <main className="pitch">
      <div className="pitch-bar">
        <Link className="btn btn-ghost" to={paths.main.getHref()}>
          ← Back
        </Link>
        <h1 className="pitch-title">The Drift Pitch</h1>
        <a className="btn btn-primary" href={PDF_URL} target="_blank" rel="noopener noreferrer">
          Open in New Tab
        </a>
      </div>
      {failed ? (
        <div className="pitch-error" role="alert">
          <p>{PDF_ERROR}</p>
          <div className="row-actions">
            <a className="btn btn-primary" href={PDF_URL} download>
              Download PDF
            </a>
            <a className="btn btn-outline" href={PDF_URL} target="_blank" rel="noopener noreferrer">
              Open in New Tab
            </a>
          </div>
        </div>
      ) : (
        <iframe className="pitch-frame" src={PDF_URL} title="Drift pitch document" onError={() => setFailed(true)} />
      )}
    </main>
  );
}
