// The designed page for unknown routes, with a way home.
import { Link } from 'react-router-dom';
import { Logo } from '@/components/logo';

export default function NotFound() {
  return (
    <main className="not-found">
      <Logo height={40} />
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1>This play isn&apos;t in the playbook</h1>
      <p className="muted">The page you were looking for does not exist or has moved.</p>
      <div className="row-actions">
        <Link className="btn btn-primary" to="/">
          Back to Home
        </Link>
        <Link className="btn btn-outline" to="/demo">
          Explore the Demo
        </Link>
      </div>
    </main>
  );
}
