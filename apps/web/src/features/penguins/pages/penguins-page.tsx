import type { MyPenguin } from '@starport/schemas';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { LoadingBlock } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useAccountStore } from '../../../lib/account-store.ts';
import { messageOf } from '../../../lib/api-error.ts';
import { useMyPenguins } from '../api/get-my-penguins.ts';
import { useCollectEarnings, useRemoveShip } from '../api/penguin-actions.ts';
import { PenguinsTable } from '../components/penguins-table.tsx';
import { SelectSpaceshipDialog } from '../components/select-spaceship-dialog.tsx';
import './penguins.css';

const whenNext = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * /my/penguins (owned-assets.md §2.10): the player's penguins with their ships; a ship on a
 * penguin earns DNC each whole day, collected once a day (decision 0039).
 */
export default function PenguinsPage() {
  const query = useMyPenguins();
  const hasWallet = useAccountStore((s) => Boolean(s.user?.walletAddress));
  const [assigning, setAssigning] = useState<MyPenguin | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const remove = useRemoveShip();
  const collect = useCollectEarnings();

  const onRemove = (p: MyPenguin) => {
    collect.reset();
    remove.mutate(p._id, { onSuccess: (answer) => setNotice(answer.msg) });
  };
  const onCollect = () => {
    remove.reset();
    collect.mutate(undefined, { onSuccess: (answer) => setNotice(answer.msg) });
  };

  let body;
  if (query.isPending) body = <LoadingBlock label="Loading your penguins…" />;
  else if (query.isError) body = <LoadError title="Your penguins could not be loaded" query={query} />;
  else if (query.data.data.length === 0)
    body = <p className="penguins-muted">You do not own any penguins yet.</p>;
  else {
    const { accrued_total, collected_today, next_collect_at, rate_per_day } = query.data;
    body = (
      <>
        <section className="penguins-earnings" aria-label="Earnings">
          <p>
            Accrued: <strong data-testid="penguins-accrued-total">{accrued_total} DNC</strong>
            <span className="penguins-muted">
              A ship on a penguin earns {rate_per_day} DNC a day times the penguin&apos;s boost, counted in whole days.
            </span>
          </p>
          <Button onClick={onCollect} loading={collect.isPending} disabled={collected_today || accrued_total === 0}>
            Collect
          </Button>
          {collected_today && next_collect_at && (
            <p className="penguins-muted">Collected today. Next collect from {whenNext(next_collect_at)}.</p>
          )}
          {!collected_today && accrued_total === 0 && (
            <p className="penguins-muted">Nothing to collect yet: an assigned ship earns its first DNC after one full day.</p>
          )}
        </section>
        <PenguinsTable
          penguins={query.data.data}
          onAssign={(p) => {
            setNotice(null);
            setAssigning(p);
          }}
          onRemove={onRemove}
          removing={remove.isPending ? (remove.variables ?? null) : null}
        />
      </>
    );
  }

  return (
    <div className="page penguins">
      <h1>Penguins</h1>
      {!hasWallet && (
        <Link to={paths.connectWallet.getHref()} className={buttonClass('secondary', 'penguins-wallet')}>
          CONNECT YOUR WALLET
        </Link>
      )}
      {notice && (
        <Alert tone="success" onDismiss={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      {(remove.isError || collect.isError) && (
        <Alert tone="error" title="Sorry" onDismiss={() => {
            remove.reset();
            collect.reset();
          }}>
          {messageOf(remove.error ?? collect.error)}
        </Alert>
      )}
      <section aria-label="Your penguins" aria-busy={query.isFetching || undefined}>
        {body}
      </section>
      <SelectSpaceshipDialog penguin={assigning} onClose={() => setAssigning(null)} onAssigned={setNotice} />
    </div>
  );
}
