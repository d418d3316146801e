// An activation's state as both panels show it (docs/decisions/0027-activations.md): a badge in the
// state's words (shared/money/activations.ts), a canceled one in plain words (nothing to look at).
import type { ActivationView } from '@shared/money/activations';
import { Badge } from '@/components/dashboard/format';

export function ActivationState({ activation }: { activation: Pick<ActivationView, 'status' | 'statusLabel'> }) {
  const tone = ({ proposed: 'yellow', confirmed: 'green', declined: 'red', canceled: null } as const)[activation.status];
  return tone ? <Badge tone={tone}>{activation.statusLabel}</Badge> : <span className="muted">{activation.statusLabel}</span>;
}
