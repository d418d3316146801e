// The error (alert) and note (status) lines shared by the login and sign-up steps.
export function AuthMessages({ error, note }: { error: string | null; note: string | null }) {
  return (
    <>
      {note && (
        <p className="form-success" role="status">
          {note}
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

export const deliveredTo = (destination?: string) => (destination ? `We emailed a code to ${destination}.` : 'We emailed you a code.');
