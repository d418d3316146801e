// Pieces shared by the athlete profile and the athlete media page.
import type { Athlete } from '@shared/catalog/catalog-types';
import { excerpt, visibleAchievements } from '@/lib/text';
import { Panel } from '@/components/panel';

export function VerifiedBadge() {
  return (
    <span className="verified" title="Verified athlete">
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="11" fill="#0ED145" />
        <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="#06210F" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className="sr-only">Verified</span>
    </span>
  );
}

export function AboutBlock({ bio }: { bio: string }) {
  return (
    <Panel id="about-title" title="About">
      <p className="bio">{excerpt(bio)}</p>
    </Panel>
  );
}

export function StatsBlock({ athlete }: { athlete: Pick<Athlete, 'stats'> }) {
  const items: Array<[string, string]> = [
    ['Year', athlete.stats.year],
    ['Height', athlete.stats.height],
    ['Weight', athlete.stats.weight],
    ['Hometown', athlete.stats.hometown],
  ];
  return (
    <Panel id="stats-title" title="Stats">
      <dl className="stat-grid">
        {items.map(([k, v]) => (
          <div key={k} className="stat">
            <dt>{k}</dt>
            <dd>{v || '—'}</dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}

export function AchievementsBlock({ achievements }: { achievements: string[] }) {
  const { shown, more } = visibleAchievements(achievements);
  return (
    <Panel id="achievements-title" title="Achievements">
      {shown.length === 0 ? (
        <p className="muted">No achievements listed yet.</p>
      ) : (
        <ul className="achievements">
          {shown.map((a, i) => (
            <li key={`${a}-${i}`}>{a}</li>
          ))}
        </ul>
      )}
      {more > 0 && <p className="more-note">+{more} more</p>}
    </Panel>
  );
}
