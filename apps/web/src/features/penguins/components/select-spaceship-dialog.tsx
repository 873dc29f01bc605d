import type { MyAsset, MyPenguin } from '@starport/schemas';
import { withSize } from '@starport/schemas/images';
import { SHIP_SELECTION_PAGE_SIZE, SHIP_SELECTION_WINDOW } from '@starport/schemas/penguin-rules';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { LoadingBlock } from '../../../components/ui/spinner.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import { useMyPenguins, useMyShips } from '../api/get-my-penguins.ts';
import { useAssignShip } from '../api/penguin-actions.ts';

type SelectSpaceshipDialogProps = {
  /** the penguin the chosen ship goes on; null: closed */
  penguin: MyPenguin | null;
  onClose: () => void;
  onAssigned: (msg: string) => void;
};

/** What a ship that cannot be chosen is doing instead (it shows no Select). */
const HELD: Record<Exclude<MyAsset['state'], 'available'>, string> = {
  penguin: 'Assigned to a penguin',
  listed: 'Listed for sale',
  staked: 'Staked',
  minting: 'Being minted',
  minted: 'An NFT in your wallet',
};

/**
 * "Select spaceship" (owned-assets.md §2.10): the player's ships 6 a page with a window of ±8
 * pages, Select on each free ship. Closing returns focus to the button that opened it.
 */
export function SelectSpaceshipDialog({ penguin, onClose, onAssigned }: SelectSpaceshipDialogProps) {
  const [page, setPage] = useState(1);
  const ships = useMyShips(page, penguin !== null);
  const assign = useAssignShip();
  // Ships already on one of the player's penguins, so the list can say which one.
  const penguins = useMyPenguins();
  const onPenguin = new Map((penguins.data?.data ?? []).flatMap((p) => (p.spaceship ? [[p.spaceship._id, p.name] as const] : [])));

  const close = () => {
    assign.reset();
    setPage(1);
    onClose();
  };
  const select = (ship: MyAsset) => {
    if (!penguin) return;
    assign.mutate(
      { spaceship: ship._id, peguin: penguin._id },
      {
        onSuccess: (answer) => {
          onAssigned(answer.msg);
          close();
        },
      },
    );
  };

  let body;
  if (ships.isPending) body = <LoadingBlock label="Loading your ships…" />;
  else if (ships.isError) body = <LoadError title="Your ships could not be loaded" query={ships} />;
  else if (ships.data.total === 0) body = <p className="penguins-muted">You do not own any ships yet.</p>;
  else
    body = (
      <>
        <ul className="penguins-ships" aria-busy={ships.isFetching || undefined}>
          {ships.data.data.map((ship) => (
            <li key={ship._id} className="penguins-ships__item" data-testid="select-ship-row">
              <img src={withSize(ship.image, '300x300')} alt="" width={56} height={56} loading="lazy" />
              <span className="penguins-ships__name">
                {ship.name}
                {ship.state !== 'available' && (
                  <span className="penguins-muted">
                    {ship.state === 'penguin' && onPenguin.get(ship._id) ? `On ${onPenguin.get(ship._id)}` : HELD[ship.state]}
                  </span>
                )}
              </span>
              {ship.state === 'available' && (
                <Button
                  variant="secondary"
                  aria-label={`Select ${ship.name}`}
                  loading={assign.isPending && assign.variables?.spaceship === ship._id}
                  disabled={assign.isPending}
                  onClick={() => select(ship)}
                >
                  Select
                </Button>
              )}
            </li>
          ))}
        </ul>
        <Pagination
          page={page}
          total={ships.data.total}
          limit={SHIP_SELECTION_PAGE_SIZE}
          radius={SHIP_SELECTION_WINDOW}
          onPageChange={setPage}
        />
      </>
    );

  return (
    <Dialog
      open={penguin !== null}
      onOpenChange={(open) => !open && !assign.isPending && close()}
      title="Select spaceship"
      description={penguin ? `Choose a free ship to assign to ${penguin.name}.` : undefined}
    >
      {assign.isError && (
        <Alert tone="error" title="The ship was not assigned">
          {messageOf(assign.error)}
        </Alert>
      )}
      {body}
      <DialogActions>
        <Button variant="secondary" onClick={close} disabled={assign.isPending}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
