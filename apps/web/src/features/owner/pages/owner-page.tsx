import { useSearchParams } from 'react-router';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { formatPrice } from '../../../lib/format.ts';
import { pageFrom } from '../../../lib/page-param.ts';
import { MY_REF_PAGE_SIZE, useMyReferrals } from '../api/get-my-referrals.ts';
import { MY_UNITS_PAGE_SIZE, useMyUnits } from '../api/get-my-units.ts';
import { AffiliatesTable } from '../components/affiliates-table.tsx';
import { ReferralLinkCard } from '../components/referral-link-card.tsx';
import { Tabs, type Tab } from '../components/tabs.tsx';
import { UnitCards } from '../components/unit-cards.tsx';
import './owner-page.css';

const TAB_KEYS = ['affiliates', 'assets'] as const;
type TabKey = (typeof TAB_KEYS)[number];

const tabFrom = (value: string | null): TabKey => (TAB_KEYS as readonly string[]).includes(value ?? '') ? (value as TabKey) : 'affiliates';

/**
 * /dashboard (and the spec's /dashbroad): the player's owner page. The referral link with Copy,
 * what referrals earned, and tabs: Affiliates (the players who came with the link) and My Asset
 * (the unit pieces owned). The tab and its page live in the address, so Back and a shared link work.
 */
export default function OwnerPage() {
  const [search, setSearch] = useSearchParams();
  const tab = tabFrom(search.get('tab'));
  const page = pageFrom(search.get('page'));
  const referrals = useMyReferrals(tab === 'affiliates' ? page : 1);
  const units = useMyUnits(tab === 'assets' ? page : 1, tab === 'assets');

  const change = (next: { tab?: TabKey; page?: number }) =>
    setSearch((current) => {
      const params = new URLSearchParams(current);
      if (next.tab) params.set('tab', next.tab);
      if (next.tab || next.page === 1) params.delete('page');
      else if (next.page) params.set('page', String(next.page));
      return params;
    });

  const tabs: Tab<TabKey>[] = [
    {
      key: 'affiliates',
      label: 'Affiliates',
      panel: () => {
        if (referrals.isPending) return <p role="status">Loading your affiliates…</p>;
        if (referrals.isError) return <LoadError title="Your affiliates could not be loaded" query={referrals} />;
        const { data, total, limit } = referrals.data;
        if (total === 0) return <p className="owner-empty">Nobody has joined with your link yet. Share it: you earn a share of every order they pay.</p>;
        return (
          <>
            <AffiliatesTable rows={data} />
            <Pagination page={page} total={total} limit={limit || MY_REF_PAGE_SIZE} onPageChange={(p) => change({ page: p })} />
          </>
        );
      },
    },
    {
      key: 'assets',
      label: 'My Asset',
      panel: () => {
        if (units.isPending) return <p role="status">Loading your units…</p>;
        if (units.isError) return <LoadError title="Your units could not be loaded" query={units} />;
        const { data, total, limit } = units.data;
        if (total === 0) return <p className="owner-empty">You own no container-house unit pieces yet.</p>;
        return (
          <>
            <UnitCards units={data} />
            <Pagination page={page} total={total} limit={limit || MY_UNITS_PAGE_SIZE} onPageChange={(p) => change({ page: p })} />
          </>
        );
      },
    },
  ];

  const summary = referrals.data;
  return (
    <div className="page owner-page">
      <h1>Owner page</h1>
      <div className="owner-page__cards">
        <ReferralLinkCard code={summary?.code ?? null} />
        <section className="owner-card" aria-labelledby="owner-received-title" data-testid="referral-received">
          <h2 id="owner-received-title">Total USDC received</h2>
          <p className="owner-card__figure" data-testid="referral-received-amount">
            {summary ? formatPrice(summary.received) : '…'}
          </p>
          {summary && (
            <p className="owner-card__note">
              {summary.share_bps / 100}% of every paid order of the players who joined with your link, from {summary.orders}{' '}
              {summary.orders === 1 ? 'order' : 'orders'} so far.
            </p>
          )}
        </section>
      </div>
      <Tabs label="Owner page" tabs={tabs} selected={tab} onSelect={(key) => change({ tab: key })} />
    </div>
  );
}
