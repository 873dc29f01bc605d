import { GIN_UNAVAILABLE, type GinNetwork } from '@starport/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useAccountStore } from '../../../lib/account-store.ts';
import { useChainInfo } from '../../../lib/wallet/chain-info.ts';
import { useDncBalance } from '../api/get-dnc-balance.ts';
import { useGinTerms } from '../api/get-gin-terms.ts';
import { ginKeys } from '../api/gin-keys.ts';
import { GinConversions } from '../components/gin-conversions.tsx';
import { GinConvertDialog } from '../components/gin-convert-dialog.tsx';
import { GinConvertForm } from '../components/gin-convert-form.tsx';
import { GinConvertRun } from '../model/gin-convert-run.ts';
import './gin-exchange.css';

export const GIN_NEEDS_WALLET = 'To convert Gin, link the wallet that holds it to your account: the Gin is sent from it.';
export const GIN_TERMS_UNREADABLE = 'The conversion terms could not be loaded. Reload the page to try again.';

type Stage = { name: 'idle' } | { name: 'choosing'; total: number } | { name: 'running'; total: number; run: GinConvertRun };

/**
 * /my/gin-exchange (owned-assets.md §2.11, §4.5): the player burns Gin from their linked wallet
 * and the server credits 5 DNC per Gin once the transfer is confirmed. The wallet code loads
 * only once a network is picked.
 */
export default function GinExchangePage() {
  const terms = useGinTerms();
  const balance = useDncBalance();
  const chainInfo = useChainInfo();
  const linkedWallet = useAccountStore((s) => s.user?.walletAddress ?? null);
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<Stage>({ name: 'idle' });

  const networks = terms.data?.networks ?? [];
  let blocked = null;
  if (terms.isError) blocked = <>{GIN_TERMS_UNREADABLE}</>;
  else if (terms.isPending) blocked = <>Loading the conversion terms…</>;
  else if (networks.length === 0) blocked = <>{GIN_UNAVAILABLE}</>;
  else if (!linkedWallet) {
    blocked = (
      <>
        {GIN_NEEDS_WALLET}{' '}
        <Link to={paths.connectWallet.getHref()} data-testid="gin-link-wallet">
          Link a wallet
        </Link>
      </>
    );
  }

  /** One run per pick, started from the click (never from a render, which may run twice). */
  const pick = (total: number, network: GinNetwork) => {
    if (!linkedWallet) return;
    const chain = chainInfo.data?.chains.find((c) => c.id === network.chain_id) ?? null;
    const run = new GinConvertRun({
      total,
      network,
      chain,
      linkedWallet,
      onSettled: () => void queryClient.invalidateQueries({ queryKey: ginKeys.all }),
    });
    setStage({ name: 'running', total, run });
    void run.start();
  };

  const rate = terms.data?.dnc_per_gin ?? null;
  return (
    <div className="page gin-exchange">
      <h1>Convert Gin</h1>
      <p className="gin-muted">
        Send Gin from your linked wallet to be burnt, and receive DNC for it once the transfer is confirmed on the chain.
      </p>
      <GinConvertForm
        rate={rate}
        balance={balance.data ?? null}
        blocked={blocked}
        onConvert={(total) => setStage({ name: 'choosing', total })}
      />
      {stage.name !== 'idle' && (
        <GinConvertDialog
          total={stage.total}
          dnc={stage.total * (rate ?? 0)}
          networks={networks}
          run={stage.name === 'running' ? stage.run : null}
          onPick={(network) => pick(stage.total, network)}
          onClose={() => setStage({ name: 'idle' })}
        />
      )}
      <GinConversions />
    </div>
  );
}
