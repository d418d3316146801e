// Building blocks of the marketing pages: hero, a titled section (feature grid, steps, the FAQ),
// stat strip and call to action.
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { isDemoPath, paths } from '@/config/paths';

export function MkHero({ eyebrow, title, children, actions }: { eyebrow: string; title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="mk-hero">
      <div className="container">
        <p className="eyebrow">{eyebrow}</p>
        <h1 className="mk-title">{title}</h1>
        <div className="mk-lead">{children}</div>
        {actions && <div className="row-actions">{actions}</div>}
      </div>
    </section>
  );
}

export interface Feature {
  icon: string;
  title: string;
  text: string;
}

/** A section of a marketing page, under its title if it has one. */
export function MkSection({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <section className="container section">
      {title && <h2 className="section-title">{title}</h2>}
      {children}
    </section>
  );
}

export function FeatureGrid({ title, features }: { title?: string; features: Feature[] }) {
  return (
    <MkSection title={title}>
      <div className="feature-grid">
        {features.map((f) => (
          <article key={f.title} className="feature">
            <span className="feature-icon" aria-hidden="true">
              {f.icon}
            </span>
            <h3>{f.title}</h3>
            <p>{f.text}</p>
          </article>
        ))}
      </div>
    </MkSection>
  );
}

export function StatStrip({ stats }: { stats: Array<[string, string]> }) {
  return (
    <section className="stat-strip">
      <dl className="container stat-strip-inner">
        {stats.map(([value, label]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function Steps({ title, steps }: { title: string; steps: Array<[string, string]> }) {
  return (
    <MkSection title={title}>
      <ol className="steps">
        {steps.map(([head, text]) => (
          <li key={head}>
            <h3>{head}</h3>
            <p>{text}</p>
          </li>
        ))}
      </ol>
    </MkSection>
  );
}

export function CallToAction({ title, text }: { title: string; text: string }) {
  // On the demo's twins of these pages the form is the demo's, so the visitor stays in the demo.
  const inDemo = isDemoPath(useLocation().pathname);
  return (
    <section className="container section">
      <div className="cta">
        <div>
          <h2>{title}</h2>
          <p>{text}</p>
        </div>
        <div className="row-actions">
          <Link className="btn btn-primary btn-lg" to={inDemo ? paths.demo.waitingList.getHref() : paths.waitingList.getHref()}>
            Get on the List
          </Link>
          {!inDemo && (
            <Link className="btn btn-outline btn-lg" to={paths.demo.home.getHref()}>
              Try the Demo
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}
