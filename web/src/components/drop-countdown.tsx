// A moment drop's countdown (decision 0022), the same on the card page, the athlete page and the
// storefront: before the window "Opens in 2h 05m 10s", during it "Live · ends in 23h 59m 50s",
// after it "Drop closed" and, once the close is recorded, "Print run: 1,234" (or "No copies sold in
// this drop": a print run shows only when it is more than 0). The server renders
// the phase it read with the window in UTC (so the HTML hydrates without a mismatch); once mounted
// the browser counts down every second in the reader's time zone, and tells the page when the phase
// it shows changes (the page reads the card again: a drop that opened can be bought).
import { useEffect, useRef, useState } from 'react';
import type { DropView } from '@shared/catalog/catalog-api';
import { printRunText } from '@shared/cards/editions';
import '@/components/drop-countdown.css';

type Phase = DropView['phase'];

/** The phase at `now` (ms): the server's `closed` stays; the others follow the clock. */
export function phaseAt(drop: DropView, now: number): Phase {
  if (drop.phase === 'closed') return 'closed';
  if (now < Date.parse(drop.startsAt)) return 'scheduled';
  return now < Date.parse(drop.endsAt) ? 'live' : 'ended';
}

/** '2d 03h 10m', '3h 05m 09s', '4m 07s', '12s': what is left until `ms` from `now`. */
export function timeLeft(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const [d, h, m, sec] = [Math.floor(s / 86_400), Math.floor((s % 86_400) / 3600), Math.floor((s % 3600) / 60), s % 60];
  const two = (n: number) => String(n).padStart(2, '0');
  if (d > 0) return `${d}d ${two(h)}h ${two(m)}m`;
  if (h > 0) return `${h}h ${two(m)}m ${two(sec)}s`;
  if (m > 0) return `${m}m ${two(sec)}s`;
  return `${sec}s`;
}

/** A time as the server and the browser both write it before mounting: '2027-03-02 13:00 UTC'. */
const utc = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
/** A time in the reader's zone, once mounted: 'Mar 2, 1:00 PM'. */
const local = (iso: string) => new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

function useNow(running: boolean): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}

export function DropCountdown({ drop, onPhaseChange, compact = false }: { drop: DropView; onPhaseChange?: (phase: Phase) => void; compact?: boolean }) {
  const now = useNow(drop.phase !== 'closed');
  const phase = now === null ? drop.phase : phaseAt(drop, now);
  const shown = useRef(phase);
  useEffect(() => {
    if (shown.current === phase) return;
    shown.current = phase;
    onPhaseChange?.(phase);
  }, [phase, onPhaseChange]);
  const when = now === null ? utc : local;
  // Beside a card's sale line (athlete page, storefront), a closed drop's print run is said there.
  if (compact && phase === 'closed') return null;

  let title: string;
  let detail: string;
  let clock: string | null = null;
  if (phase === 'scheduled') {
    title = 'Moment drop';
    clock = now === null ? null : `Opens in ${timeLeft(Date.parse(drop.startsAt) - now)}`;
    detail = `Opens ${when(drop.startsAt)}, on sale until ${when(drop.endsAt)}.`;
  } else if (phase === 'live') {
    title = 'Live drop';
    clock = now === null ? null : `Ends in ${timeLeft(Date.parse(drop.endsAt) - now)}`;
    detail = `On sale until ${when(drop.endsAt)}: every order gets the next serial, and the print run is fixed when the window closes.`;
  } else if (phase === 'ended') {
    title = 'Drop closed';
    detail = `The window closed ${when(drop.endsAt)}; the print run is being counted.`;
  } else {
    title = drop.printRun === null ? 'Drop closed' : printRunText(drop.printRun);
    detail = `The drop closed ${when(drop.endsAt)}; this card is no longer sold.`;
  }
  return (
    <section className={`drop-countdown drop-${phase}${compact ? ' drop-compact' : ''}`} aria-label="Moment drop">
      <p className="drop-title">
        <span className="drop-dot" aria-hidden="true" />
        {title}
      </p>
      {clock && (
        <p className="drop-clock" role="timer">
          {clock}
        </p>
      )}
      {!compact && <p className="drop-detail">{detail}</p>}
    </section>
  );
}
