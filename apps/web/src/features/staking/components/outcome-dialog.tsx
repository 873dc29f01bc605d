import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import type { StakingOutcome } from '../model/use-staking-actions.ts';

/** The end of a stake, unstake or claim (spec §8): "Error" with the reason, or "Success". */
export function OutcomeDialog({ outcome, onClose }: { outcome: StakingOutcome; onClose: () => void }) {
  return (
    <Dialog
      open={outcome !== null}
      onOpenChange={(open) => !open && onClose()}
      title={outcome?.title ?? ''}
      description={outcome?.message}
    >
      <DialogActions>
        <Button onClick={onClose}>OK</Button>
      </DialogActions>
    </Dialog>
  );
}
