import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { formatPrice } from '../../../lib/format.ts';
import { pageFrom } from '../../../lib/page-param.ts';
import { useMyHistory } from '../api/get-my-history.ts';
import { MY_REF_PAGE_SIZE, useMyReferrals } from '../api/get-my-referrals.ts';
import { MY_UNITS_PAGE_SIZE, useMyUnits } from '../api/get-my-units.ts';
import { AffiliatesTable } from '../components/affiliates-table.tsx';
import { HistoryList } from '../components/history-list.tsx';
import { ReferralLinkCard } from '../components/referral-link-card.tsx';
import { Tabs, type Tab } from '../components/tabs.tsx';
import { UnitCards } from '../components/unit-cards.tsx';
import './owner-page.css';

const TAB_KEYS = ['affiliates', 'assets', 'history'] as const;
type TabKey = (typeof TAB_KEYS)[number];

const tabFrom = (value: string | null): TabKey => (TAB_KEYS as readonly string[]).includes(value ?? '') ? (value as TabKey) : 'affiliates';

/**
 * The DNC-for-sale dialog of spec §2.2. It belongs to My Assets, so app/ passes it in (the two
 * areas do not import each other): open while the page says so, closed with `onClose`, and
 * `onListed` gets the server's sentence when DNC was put on sale.
 */
export type DncForSaleSlot = (props: { onClose: () => void; onListed: (msg: string) => void }) => ReactNode;

/**
 * /dashboard (and the spec's /dashbroad): the player's owner page. The referral link with Copy,
 * what referrals earned, "Sell DNC", and tabs: Affiliates (the players who came with the link),
 * My Asset (the unit pieces owned) and History (everything the player bought, sold, earned and
 * redeemed). The tab and its page live in the address, so Back and a shared link work.
 */
export default function OwnerPage({ renderDncForSale }: { renderDncForSale?: DncForSaleSlot }) {
  const [search, setSearch] = useSearchParams();
  const tab = tabFrom(search.get('tab'));
  const page = pageFrom(search.get('page'));
  const referrals = useMyReferrals(tab === 'affiliates' ? page : 1);
  const units = useMyUnits(tab === 'assets' ? page : 1, tab === 'assets');
  const history = useMyHistory(tab === 'history');
  const [sellingDnc, setSellingDnc] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

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
    {
      key: 'history',
      label: 'History',
      panel: () => {
        if (history.isPending) return <p role="status">Loading your history…</p>;
        if (history.isError) return <LoadError title="Your history could not be loaded" query={history} />;
        const entries = history.data.pages.flatMap((p) => p.data);
        if (entries.length === 0) return <p className="owner-empty">Nothing here yet. What you buy, sell, earn and redeem shows up here.</p>;
        return (
          <HistoryList
            entries={entries}
            hasMore={history.hasNextPage}
            loadingMore={history.isFetchingNextPage}
            onShowMore={() => void history.fetchNextPage()}
          />
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
        {renderDncForSale && (
          <section className="owner-card" aria-labelledby="owner-dnc-title">
            <h2 id="owner-dnc-title">DNC for sale</h2>
            <p className="owner-card__note">Put some of your DNC on the marketplace for other players to buy.</p>
            <Button onClick={() => setSellingDnc(true)}>Sell DNC</Button>
          </section>
        )}
      </div>
      {notice && (
        <Alert tone="success" onDismiss={() => setNotice(null)} className="owner-notice">
          {notice} <Link to="/my-assets/dnc-listing">See your DNC on sale</Link>
        </Alert>
      )}
      {sellingDnc && renderDncForSale?.({ onClose: () => setSellingDnc(false), onListed: setNotice })}
      <Tabs label="Owner page" tabs={tabs} selected={tab} onSelect={(key) => change({ tab: key })} />
    </div>
  );
}
