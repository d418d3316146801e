// Statement (/statement, /Statement): why Drift exists, with links to /main and /waiting-list.
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { MkHero, StatStrip } from '@/features/marketing/components/mk-parts';

export default function Statement() {
  return (
    <>
      <MkHero
        eyebrow="Our statement"
        title="College athletes built the game. They should own their share of it."
        actions={
          <>
            <Link className="btn btn-primary btn-lg" to={paths.main.getHref()}>
              Continue
            </Link>
            <Link className="btn btn-outline btn-lg" to={paths.waitingList.getHref()}>
              Get on the List
            </Link>
          </>
        }
      >
        <p>
          Name, image and likeness rights changed the rules, but not the reality: most deals still go to the few athletes with national profiles, while the rest
          of the roster plays for free. Drift turns the support of every fan into income for every athlete.
        </p>
      </MkHero>
      <StatStrip
        stats={[
          ['97%', 'of each card sale goes to the athlete'],
          ['100%', 'of images approved by the athlete'],
          ['Real time', 'sales and earnings for collectives'],
        ]}
      />
      <section className="container section prose">
        <h2 className="section-title">What we believe</h2>
        <p>
          <strong>Fans want to give back.</strong> The people in the stands already buy jerseys, tickets and memorabilia. An official card is a direct way to
          back a player, and a keepsake that proves you were there first.
        </p>
        <p>
          <strong>Athletes should control their image.</strong> On Drift no card goes on sale until the athlete approves it. New cards unlock as their sales
          reach quotas, so a breakout season turns into a bigger collection.
        </p>
        <p>
          <strong>Money should move through the people who protect athletes.</strong> Every payout flows through the school&apos;s affiliated collective, with
          compliance checks built in and every transaction on the record.
        </p>
      </section>
    </>
  );
}
