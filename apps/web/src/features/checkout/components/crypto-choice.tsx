import { useQuery } from '@tanstack/react-query';
import { CHAIN_INFO_KEY, getChainInfo } from '../../../lib/wallet/chain-info.ts';
import { CRYPTO_UNAVAILABLE } from '../model/messages.ts';

export type CryptoAvailability = 'off' | 'checking' | 'available' | 'unavailable';

/**
 * Whether the server takes crypto payments (GET /api/chain/config `payment`), asked only by a
 * checkout that offers them. Same key and fetcher as useChainInfo, so the payment reuses it.
 * A configuration that cannot be read counts as unavailable: nothing could be paid anyway.
 */
export function useCryptoAvailability(offered: boolean): CryptoAvailability {
  const query = useQuery({
    queryKey: CHAIN_INFO_KEY,
    queryFn: ({ signal }) => getChainInfo(signal),
    staleTime: Infinity,
    enabled: offered,
  });
  if (!offered) return 'off';
  if (query.data) return query.data.payment ? 'available' : 'unavailable';
  return query.isError ? 'unavailable' : 'checking';
}

type CryptoChoiceProps = {
  availability: Exclude<CryptoAvailability, 'off'>;
  checked: boolean;
  onChoose: () => void;
};

/** Spec §2: the checkout dialog's "Cryptocurrency" choice, shown disabled when it cannot be used. */
export function CryptoChoice({ availability, checked, onChoose }: CryptoChoiceProps) {
  return (
    <>
      <label>
        <input
          type="radio"
          name="checkout-method"
          value="crypto"
          data-testid="checkout-choice-crypto"
          checked={checked}
          disabled={availability !== 'available'}
          aria-describedby={availability === 'unavailable' ? 'checkout-crypto-unavailable' : undefined}
          // A disabled radio takes no clicks in a browser; a synthetic one must not choose it either.
          onChange={() => availability === 'available' && onChoose()}
        />{' '}
        Cryptocurrency
      </label>
      {availability === 'unavailable' && (
        <p id="checkout-crypto-unavailable" className="checkout__note muted" data-testid="crypto-unavailable">
          {CRYPTO_UNAVAILABLE}
        </p>
      )}
    </>
  );
}
