import { describe, expect, it } from 'vitest';
import type { MyAssetsResponse } from '@starport/schemas';
import { assetsPage, ship, unitPieces } from '../../../test/my-assets-fixtures.ts';
import { convertingPollDelay } from './mint-poll.ts';

const pageOf = (...data: unknown[]) => assetsPage(data) as unknown as MyAssetsResponse;
const converting = (mint_status: 'lock' | 'verify_payment' | 'minted') =>
  ship('1', { state: mint_status === 'minted' ? 'minted' : 'minting', nft: { mint_status, txh: null, tx_url: null } });

describe('convertingPollDelay', () => {
  it('asks again while a ship awaits its fee or its mint, with a pause growing from 2 s to at most 15 s', () => {
    expect(convertingPollDelay(pageOf(ship('2'), converting('lock')), 1)).toBe(2_000);
    expect(convertingPollDelay(pageOf(converting('verify_payment')), 2)).toBe(3_000);
    expect(convertingPollDelay(pageOf(converting('verify_payment')), 3)).toBe(4_500);
    expect(convertingPollDelay(pageOf(converting('verify_payment')), 40)).toBe(15_000);
  });

  it('a settled page (minted, free, or units) and no page at all are not asked again', () => {
    expect(convertingPollDelay(pageOf(converting('minted'), ship('2'), unitPieces('7', 3)), 5)).toBe(false);
    expect(convertingPollDelay(undefined, 0)).toBe(false);
  });
});
