import type { StakingNftEntry, StakingWallet } from '@starport/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { LoadingBlock } from '../../../components/ui/spinner.tsx';
import { useAssetsNft } from '../api/get-assets-nft.ts';
import { STAKING_FETCH_FAILED } from '../model/staking-texts.ts';
import type { StakingProgress } from '../model/use-staking-actions.ts';
import { StatusLine } from './status-line.tsx';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  wallet: StakingWallet;
  busy: boolean;
  progress: StakingProgress;
  onStake: (unit: { id: number; name: string }) => void;
  onUnstake: (unit: { id: number; name: string }) => void;
};

/**
 * "List NFT Staking" (spec §2.14): the unit types the wallet holds, each with Staking, and the
 * ones it has staked, each with Unstaking; one unit per press. The entries (name, image) come
 * from POST /api/getAssetsNFT with the wallet's held and staked type ids.
 */
export function NftStakingModal({ open, onOpenChange, wallet, busy, progress, onStake, onUnstake }: Props) {
  const heldIds = wallet.units.filter((u) => u.held > 0).map((u) => u.id);
  const stakedIds = wallet.units.filter((u) => u.staked > 0).map((u) => u.id);
  const entries = useAssetsNft(heldIds, stakedIds, open);
  const countOf = (id: number, field: 'held' | 'staked') => wallet.units.find((u) => u.id === id)?.[field] ?? 0;

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="List NFT Staking">
      <StatusLine progress={progress} />
      {entries.isPending && open ? (
        <LoadingBlock label="Loading your units…" />
      ) : entries.isError ? (
        <p role="alert">{STAKING_FETCH_FAILED}</p>
      ) : (
        <>
          <EntryTable
            caption="Units in your wallet"
            empty="No unit in your wallet to stake."
            entries={entries.data?.data ?? []}
            count={(e) => countOf(e.nft_id, 'held')}
            action="Staking"
            busy={busy}
            onAction={(e) => onStake({ id: e.nft_id, name: e.name })}
          />
          <EntryTable
            caption="Staked units"
            empty="No unit staked yet."
            entries={entries.data?.dataStaked ?? []}
            count={(e) => countOf(e.nft_id, 'staked')}
            action="Unstaking"
            busy={busy}
            onAction={(e) => onUnstake({ id: e.nft_id, name: e.name })}
          />
        </>
      )}
      <DialogActions>
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}

type TableProps = {
  caption: string;
  empty: string;
  entries: StakingNftEntry[];
  count: (entry: StakingNftEntry) => number;
  action: 'Staking' | 'Unstaking';
  busy: boolean;
  onAction: (entry: StakingNftEntry) => void;
};

function EntryTable({ caption, empty, entries, count, action, busy, onAction }: TableProps) {
  return (
    <section className="staking-modal__section">
      <h3>{caption}</h3>
      {entries.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <div className="staking-table-wrap">
          <table className="staking-table staking-table--compact">
            <caption className="sr-only">{caption}</caption>
            <thead>
              <tr>
                <th scope="col">
                  <span className="sr-only">Image</span>
                </th>
                <th scope="col">Token id</th>
                <th scope="col">Type</th>
                <th scope="col">Count</th>
                <th scope="col">
                  <span className="sr-only">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry._id}>
                  <td>
                    <img src={entry.image} alt="" width={40} height={40} loading="lazy" />
                  </td>
                  <td>{entry.nft_id}</td>
                  <td>{entry.name}</td>
                  <td>{count(entry)}</td>
                  <td>
                    <Button
                      variant={action === 'Staking' ? 'primary' : 'secondary'}
                      disabled={busy}
                      aria-label={`${action} one ${entry.name}`}
                      onClick={() => onAction(entry)}
                    >
                      {action}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
