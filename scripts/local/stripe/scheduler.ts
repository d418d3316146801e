// The stand-in's scheduler, which the API handlers (context.ts) and the event log (events.ts) share.
/** Timers for the stand-in's own work (payouts, webhook retries), with a way to wait until none is
 * left (tests, close). Timers are unref'd: a stand-in nobody closed does not keep a process alive. */
export class Scheduler {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private running = 0;
  private waiters: Array<() => void> = [];
  private closed = false;

  constructor(private readonly log: (message: string) => void) {}

  at(key: string, dueAt: number, work: () => Promise<void> | void): void {
    if (this.closed) return;
    clearTimeout(this.timers.get(key));
    const timer = setTimeout(
      async () => {
        this.timers.delete(key);
        this.running += 1;
        try {
          await work();
        } catch (error) {
          this.log(`scheduled work ${key} failed: ${String((error as Error)?.stack ?? error)}`);
        } finally {
          this.running -= 1;
          this.settle();
        }
      },
      Math.max(0, dueAt - Date.now()),
    );
    timer.unref();
    this.timers.set(key, timer);
  }

  get pending(): number {
    return this.timers.size + this.running;
  }

  /** Resolves once nothing is scheduled or running. */
  idle(): Promise<void> {
    if (!this.pending) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private settle(): void {
    if (this.pending) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.settle();
  }
}
