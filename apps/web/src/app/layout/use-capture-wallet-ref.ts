import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { setWalletRef } from '../../lib/session-storage.ts';

/** Spec §2: a `code` URL parameter on any page is a referral code, kept as wallet_ref. */
export function useCaptureWalletRef(): void {
  const { search } = useLocation();
  useEffect(() => {
    const code = new URLSearchParams(search).get('code');
    if (code) setWalletRef(code);
  }, [search]);
}
