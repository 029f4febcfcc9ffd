/** What the signed-in user may do in traceability, by the server's named rules (access.json). */
import { allows, RULES } from '@/lib/access';
import { useSession } from '@/lib/session-store';

export interface TraceAccess {
  /** Lots, deliveries, traces and recall. */
  read: boolean;
  /** Goods-in, new deliveries, fills. */
  create: boolean;
  /** Changes and status moves. */
  update: boolean;
  delete: boolean;
  /** The lots a batch used (lot or report readers). */
  batchLots: boolean;
  /** Production orders (an order node links to its view). */
  orders: boolean;
}

export function useTraceAccess(): TraceAccess {
  const role = useSession((s) => s.role);
  const privileges = useSession((s) => s.privileges);
  return {
    read: allows(RULES.lots, role, privileges),
    create: allows(RULES.lotCreate, role, privileges),
    update: allows(RULES.lotUpdate, role, privileges),
    delete: allows(RULES.lotDelete, role, privileges),
    batchLots: allows(RULES.batchLots, role, privileges),
    orders: allows(RULES.scheduling, role, privileges),
  };
}
