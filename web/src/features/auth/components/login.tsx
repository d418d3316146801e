// Login (/login): 'Welcome Back', Google button, username/password, Remember me, demo credentials.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { TextField } from '../../../components/form-field';
import { paths } from '../../../config/paths';
import { InvalidCredentials, signIn } from '../api/demo-auth';
import { GoogleButton } from './google-button';

export default function Login() {
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { redirectTo } = await signIn({ username, password, remember });
      navigate(redirectTo);
    } catch (err) {
      setError(err instanceof InvalidCredentials ? err.message : 'Sign in failed. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page container narrow">
      <div className="form-card">
        <h1 className="page-title">Welcome Back</h1>
        <p className="muted">Sign in to manage your cards, stats or collective.</p>
        <GoogleButton label="Sign in with Google" />
        <div className="divider" role="separator">
          <span>Or</span>
        </div>
        <form noValidate onSubmit={(e) => void submit(e)} aria-label="Sign in">
          <TextField label="Username" name="username" autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} required />
          <TextField label="Password" name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
          <div className="form-row-between">
            <label className="check">
              <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} /> Remember me
            </label>
            <button type="button" className="link-button">
              Forgot password?
            </button>
          </div>
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={busy}>
            Sign In
          </button>
        </form>
        <p className="center small">
          Don&apos;t have an account? <Link to={paths.signup.getHref()}>Sign up</Link>
        </p>
      </div>
    </div>
  );
}
