// Local mode's stand-in for the notification pipeline's queue (the table's stream and the sweep
// feeding SQS, then the sender function): after each API write (the local server notifies) and
// every few seconds anyway, the same sender code lists what the outbox has due and delivers it,
// in-process, through the SES client pointed at the local mailbox (/local-mail/). One pass at a
// time; notifications during a pass make one more pass. NIL Go's reminders run hourly (the
// compliance function's daily schedule in AWS).
import { log } from '#lambdas/platform/log';

export interface NotifyLoop {
  /** Something was written: deliver soon. */
  notify(): void;
  /** Resolves once a pass found nothing due (or after `timeoutMs`). */
  idle(timeoutMs?: number): Promise<void>;
  stop(): void;
}

export function startNotifyLoop(options: { intervalMs?: number; firstReminderMs?: number } = {}): NotifyLoop {
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
  // NIL Go's deadlines, as the compliance function's daily schedule tells them in AWS: hourly here.
  const remind = async () => {
    try {
      const [{ remindDisclosures }, { dynamoStore }] = await Promise.all([import('#lambdas/money/disclosure-reminders'), import('#lambdas/platform/store')]);
      if ((await remindDisclosures(dynamoStore)).reminded > 0) run();
    } catch (error) {
      log('warn', 'local NIL Go reminders failed; retrying in an hour', { error: error instanceof Error ? error.message : String(error) });
    }
  };
  const reminders = setInterval(() => void remind(), 3_600_000);
  reminders.unref();
  const firstReminder = setTimeout(() => void remind(), options.firstReminderMs ?? 60_000);
  firstReminder.unref();
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
      clearInterval(reminders);
      clearTimeout(firstReminder);
    },
  };
}
