import type { GinNetwork } from '@starport/schemas';
import { useSyncExternalStore } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { GinConvertRun, GinView } from '../model/gin-convert-run.ts';
import { GIN_CREDITED_TITLE, GIN_PROGRESS, ginCreditedText } from '../model/gin-messages.ts';
import { TxLink } from './tx-link.tsx';

export type GinConvertDialogProps = {
  /** Gin to convert, and the DNC it gives */
  total: number;
  dnc: number;
  networks: GinNetwork[];
  /** the conversion under way, once a network is picked */
  run: GinConvertRun | null;
  onPick: (network: GinNetwork) => void;
  onClose: () => void;
};

/**
 * The network choice (owned-assets.md §2.11), then the conversion's progress and outcome in
 * the same dialog. It cannot be closed while the wallet sends or the server validates: the
 * texts say so (§8), and the outcome would be lost.
 */
export function GinConvertDialog({ total, dnc, networks, run, onPick, onClose }: GinConvertDialogProps) {
  const view = useRunView(run);
  const closable = !run || run.canClose();
  const title = view ? titleOf(view) : 'Choose a network';
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && closable) onClose();
      }}
      title={title}
      description={view ? undefined : `Convert ${total} Gin to ${dnc} DNC. Choose the network your Gin is on.`}
    >
      <div className="gin-dialog" data-testid="gin-convert-dialog">
        {view ? (
          <Progress view={view} />
        ) : (
          <ul className="gin-dialog__networks">
            {networks.map((n) => (
              <li key={n.network}>
                <Button variant="secondary" onClick={() => onPick(n)} data-testid="gin-network">
                  {n.name}
                </Button>
              </li>
            ))}
          </ul>
        )}
        {closable && (
          <DialogActions>
            <Button variant={view ? 'primary' : 'ghost'} onClick={onClose}>
              {view ? 'Close' : 'Cancel'}
            </Button>
          </DialogActions>
        )}
      </div>
    </Dialog>
  );
}

const noRun = () => () => {};
const noView = () => null;

function useRunView(run: GinConvertRun | null): GinView | null {
  return useSyncExternalStore(run?.subscribe ?? noRun, run?.getView ?? noView);
}

function titleOf(view: GinView): string {
  switch (view.phase) {
    case 'quoting':
    case 'connecting':
    case 'started':
      return GIN_PROGRESS.started.title;
    case 'sending':
      return GIN_PROGRESS.sending.title;
    case 'validating':
      return GIN_PROGRESS.validating.title;
    case 'credited':
      return GIN_CREDITED_TITLE;
    case 'failed':
      return view.failure?.title ?? 'Sorry';
  }
}

function Progress({ view }: { view: GinView }) {
  if (view.phase === 'credited' && view.credited) {
    const { conversion, dnc_balance, msg } = view.credited;
    return (
      <div role="status" data-testid="gin-credited">
        <p>{msg}</p>
        <p>
          <strong>{ginCreditedText(conversion.dnc, dnc_balance)}</strong>
        </p>
        <TxLink txh={conversion.txh} url={conversion.tx_url} />
      </div>
    );
  }
  if (view.phase === 'failed' && view.failure) {
    const { message, txh } = view.failure;
    return (
      <div role="alert" data-testid="gin-failed">
        {message && <p>{message}</p>}
        {txh && (
          <p className="gin-dialog__txh">
            Transaction: <code>{txh}</code>
          </p>
        )}
      </div>
    );
  }
  const text =
    view.phase === 'sending'
      ? GIN_PROGRESS.sending.text
      : view.phase === 'validating'
        ? GIN_PROGRESS.validating.text
        : GIN_PROGRESS.started.text;
  return (
    <div role="status" className="gin-dialog__progress" data-testid="gin-progress">
      <Spinner size="small" decorative />
      <p>{text}</p>
      {view.txh && (
        <p className="gin-dialog__txh">
          Transaction: <code>{view.txh}</code>
        </p>
      )}
    </div>
  );
}
