// Local mode's stand-in for the notification pipeline's queue (the table's stream and the sweep
// feeding SQS, then the sender function): after each API write (the local server notifies) and
// every few seconds anyway, the same sender code lists what the outbox has due and delivers it,
// in-process, through the SES client pointed at the local mailbox (/local-mail/). One pass at a
// time; notifications during a pass make one more pass.
import { log } from '#lambdas/platform/log';

export interface NotifyLoop {
  /** Something was written: deliver soon. */
  notify(): void;
  /** Resolves once a pass found nothing due (or after `timeoutMs`). */
  idle(timeoutMs?: number): Promise<void>;
  stop(): void;
}

export function startNotifyLoop(options: { intervalMs?: number } = {}): NotifyLoop {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let lastDue = 0;
  const pass = async () => {
    const { defaultSender } = await import('#lambdas/notifications/default-sender');
    const sender = defaultSender();
    do {
      again = false;
      try {
        const due = await sender.sweep();
        lastDue = due.length;
        for (const key of due) await sender.deliver(key);
      } catch (error) {
        log('warn', 'local notification pass failed; retrying on the next pass', { error: error instanceof Error ? error.message : String(error) });
      }
    } while (again && !stopped);
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
    async idle(timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      do {
        run();
        await running;
      } while (lastDue > 0 && Date.now() < deadline);
    },
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
