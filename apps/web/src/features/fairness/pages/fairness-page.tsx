import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { paths } from '../../../config/paths.ts';
import { useAccountStore } from '../../../lib/account-store.ts';
import { useBlindBox } from '../../../lib/blind-box.ts';
import { OPENINGS_PAGE_SIZE, useOpenings } from '../api/openings.ts';
import { HowItWorks } from '../components/how-it-works.tsx';
import { OpeningsTable } from '../components/openings-table.tsx';
import { SeedPanel } from '../components/seed-panel.tsx';
import { VerifierForm } from '../components/verifier-form.tsx';
import { oddsText } from '../model/verify-fields.ts';
import './fairness.css';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { pageFrom } from '../../../lib/page-param.ts';

/**
 * /fairness ("Provably fair"), public: how openings work for everyone; signed in, the player's
 * seed pair and openings too; signed out, the verifier.
 */
export default function FairnessPage() {
  const loggedIn = useAccountStore((s) => s.status.loggedIn);
  return (
    <div className="page fairness">
      <h1>Provably fair</h1>
      <p className="fairness-lead">
        Every Frontier Blind Box is opened with its published odds, and every opening can be checked afterwards: by
        you, or by anyone you show it to.
      </p>
      <HowItWorks />
      {loggedIn ? <PlayerFairness /> : <VisitorVerifier />}
    </div>
  );
}

function VisitorVerifier() {
  const boxOdds = useBlindBox(true);
  return (
    <section className="card" aria-labelledby="fairness-verify-title">
      <h2 id="fairness-verify-title">Verify an opening</h2>
      <p className="muted">
        <Link to={paths.login.getHref()}>Sign in</Link> to see your seed pair and the boxes you opened.
      </p>
      <VerifierForm defaultOdds={boxOdds.data ? oddsText(boxOdds.data.item.odds_bps) : undefined} />
    </section>
  );
}

function PlayerFairness() {
  return (
    <>
      <SeedPanel />
      <OpeningsSection />
      <p>
        <Link to={paths.fairnessVerify.getHref()}>Verify any opening by hand</Link>
      </p>
    </>
  );
}

function OpeningsSection() {
  const [search, setSearch] = useSearchParams();
  const page = pageFrom(search.get('page'));
  const query = useOpenings(page, true);

  const goTo = (next: number) => {
    setSearch((current) => {
      const params = new URLSearchParams(current);
      if (next > 1) params.set('page', String(next));
      else params.delete('page');
      return params;
    });
  };

  let body;
  if (query.isPending) {
    body = <p className="muted">Loading your openings…</p>;
  } else if (query.isError) {
    body = (
      <LoadError title="Your openings could not be loaded" query={query} />
    );
  } else if (query.data.total === 0) {
    body = (
      <div className="fairness-empty" data-testid="openings-empty">
        <p>You have not opened a blind box yet.</p>
        <Link to={paths.shop.getHref()} className={buttonClass('primary')}>
          Visit the shop
        </Link>
      </div>
    );
  } else {
    const { data, total, limit } = query.data;
    body = (
      <>
        {data.length === 0 ? (
          <p className="muted">
            There are no openings on this page. <Link to={paths.fairness.getHref()}>See your latest openings</Link>
          </p>
        ) : (
          <OpeningsTable openings={data} refreshing={query.isPlaceholderData} />
        )}
        <Pagination page={page} total={total} limit={limit || OPENINGS_PAGE_SIZE} onPageChange={goTo} />
      </>
    );
  }

  return (
    <section className="card" aria-labelledby="fairness-openings-title">
      <h2 id="fairness-openings-title">Your openings</h2>
      {body}
    </section>
  );
}
