// The operators' console contract (lambdas/operator): the platform inbox of unattributed sales.
import type { UnattributedSale } from '../sales/sales-api';

/** GET /api/operator/unattributed: the platform inbox, sale lines that named no school. */
export interface PlatformInboxResponse {
  units: number;
  revenueCents: number;
  items: UnattributedSale[];
  nextCursor: string | null;
}

/** GET /api/operator/collectives: where an operator can send a line. */
export interface OperatorCollective {
  collectiveId: number;
  name: string;
  schoolId: number;
  schoolName: string;
}

export interface OperatorCollectivesResponse {
  items: OperatorCollective[];
}

/** POST /api/operator/unattributed/route */
export interface RouteUnattributedRequest {
  orderId: string;
  lineItemId: string;
  collectiveId: number;
}
