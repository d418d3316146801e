// A member's NIL disclosure status for the year: reported (with the day), due (by its deadline,
// once earnings passed the threshold), or under the threshold. Small and on its own so the
// Athletes table can show it without loading the Payouts section.
import type { YearStatusView } from '@shared/money/payouts-api';
import { formatUsd } from '@shared/platform/money';
import { Badge } from '@/components/dashboard/format';

export function DisclosureStatus({ nil }: { nil: YearStatusView['nil'] }) {
  if (nil.reportedDate) return <Badge tone="green">{`Reported ${nil.reportedDate}`}</Badge>;
  if (nil.crossedAt) return <Badge tone="red">{nil.deadline ? `Due by ${nil.deadline.slice(0, 10)}` : 'Due'}</Badge>;
  return <span className="muted">Under {formatUsd(nil.thresholdCents)}</span>;
}
