// A read's three states (an SWR response): its failure with a retry, a spinner while it loads, then
// what its data shows.
import type { ReactNode } from 'react';
import { ErrorBox } from '@/components/error-box';
import { Spinner } from '@/components/spinner';

export function Loaded<T>({
  read,
  error,
  loading,
  children,
}: {
  read: { data?: T; error?: unknown; mutate: () => unknown };
  /** The failure's message. */
  error: string;
  /** The spinner's label. */
  loading: string;
  children: (data: T) => ReactNode;
}) {
  if (read.error) return <ErrorBox message={error} onRetry={() => void read.mutate()} />;
  if (!read.data) return <Spinner label={loading} />;
  return <>{children(read.data)}</>;
}
