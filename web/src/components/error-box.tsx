// An error message with a retry action.
export function ErrorBox({ message, onRetry, retryLabel = 'Try Again' }: { message: string; onRetry?: () => void; retryLabel?: string }) {
  return (
    <div className="error-box" role="alert">
      <p>{message}</p>
      {onRetry && (
        <button type="button" className="btn btn-outline" onClick={onRetry}>
          {retryLabel}
        </button>
      )}
    </div>
  );
}
