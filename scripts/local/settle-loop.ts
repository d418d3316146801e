// Local mode's stand-in for the Orders table's stream and the settle function's schedule: after
// the webhook accepts a delivery (the local server notifies), and every few seconds anyway, the
// same settle sweeper the settle function runs applies the pending orders' effects. One pass at a
// time; notifications during a pass make one more pass. Each pass ends with the cards function's
// drop sweep (decision 0022), without the AWS grace: what was pending is settled just before, so a
// drop whose window ended closes with every order accepted in time in its print run.
import { log } from '#lambdas/platform/log';

export interface SettleLoop {
  /** Something was accepted: settle soon. */
  notify(): void;
  /** Resolves once nothing is pending (or after `timeoutMs`). */
  idle(timeoutMs?: number): Promise<void>;
  stop(): void;
}

export function startSettleLoop(options: { intervalMs?: number } = {}): SettleLoop {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let lastPending = 0;
  const pass = async () => {
    const { settlePending } = await import('#lambdas/orders/ingest');
    const { sweepDropsNow } = await import('#lambdas/cards/cards.handler');
    do {
      again = false;
      try {
        const result = await settlePending({ deadlineMs: 10_000 });
        lastPending = result.pending;
        if (result.orders > 0 && result.settled > 0) again = true;
      } catch (error) {
        log('warn', 'local settle pass failed; retrying on the next pass', { error: error instanceof Error ? error.message : String(error) });
      }
    } while (again && !stopped);
    try {
      const drops = await sweepDropsNow({ graceMs: 0 });
      if (drops.started || drops.closed) log('info', 'drop sweep', drops);
    } catch (error) {
      log('warn', 'local drop sweep failed; retrying on the next pass', { error: error instanceof Error ? error.message : String(error) });
    }
  };
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = pass().finally(() => {
      running = null;
    });
  };
  const timer = setInterval(run, options.intervalMs ?? 2_000);
  timer.unref();
  return {
    notify: run,
    async idle(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      do {
        run();
        await running;
      } while (lastPending > 0 && Date.now() < deadline);
    },
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
