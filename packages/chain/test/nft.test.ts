import { parseEventLogs, zeroAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { houseUnitsAbi, landCollectionNftAbi, shipNftAbi } from '../src/generated/abis.ts';
import { DEFAULT_UNIT_CAPS } from '../src/deploy.ts';
import { addressOf, expectRevert, startTestChain, write, type TestChain } from './support.ts';

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(() => chain?.anvil.stop());

describe('ShipNFT and LandCollectionNFT (ERC721, minter role)', () => {
  it('lets the minter mint a server-chosen token id to a player, with a Transfer event', async () => {
    const address = chain.addresses.shipNft;
    const receipt = await write(chain.deployer, {
      address,
      abi: shipNftAbi,
      functionName: 'mint',
      args: [addressOf(chain.alice), 4242n],
    });
    const [transfer] = parseEventLogs({ abi: shipNftAbi, logs: receipt.logs, eventName: 'Transfer' });
    expect(transfer?.args).toEqual({ from: zeroAddress, to: addressOf(chain.alice), tokenId: 4242n });
    const read = chain.alice.publicClient;
    expect(await read.readContract({ address, abi: shipNftAbi, functionName: 'ownerOf', args: [4242n] })).toBe(
      addressOf(chain.alice),
    );
    expect(
      await read.readContract({
        address,
        abi: shipNftAbi,
        functionName: 'getUserNFTs',
        args: [addressOf(chain.alice)],
      }),
    ).toEqual([4242n]);
    expect(await read.readContract({ address, abi: shipNftAbi, functionName: 'totalSupply' })).toBe(1n);
  });

  it('refuses a mint by a player without MINTER_ROLE (AccessControlUnauthorizedAccount)', async () => {
    for (const [address, abi] of [
      [chain.addresses.shipNft, shipNftAbi],
      [chain.addresses.landCollectionNft, landCollectionNftAbi],
    ] as const) {
      const role = await chain.alice.publicClient.readContract({ address, abi, functionName: 'MINTER_ROLE' });
      const args = await expectRevert(
        chain.alice,
        { address, abi, functionName: 'mint', args: [addressOf(chain.alice), 7n] },
        'AccessControlUnauthorizedAccount',
      );
      expect(args).toEqual([addressOf(chain.alice), role]);
    }
  });

  it('refuses minting an existing token id twice', async () => {
    await expectRevert(
      chain.deployer,
      { address: chain.addresses.shipNft, abi: shipNftAbi, functionName: 'mint', args: [addressOf(chain.bob), 4242n] },
      'ERC721InvalidSender',
    );
  });

  it('serves token URIs under the metadata endpoint, and only the admin moves the base', async () => {
    const address = chain.addresses.landCollectionNft;
    await write(chain.deployer, {
      address,
      abi: landCollectionNftAbi,
      functionName: 'mint',
      args: [addressOf(chain.bob), 17n],
    });
    const uri = () =>
      chain.bob.publicClient.readContract({
        address,
        abi: landCollectionNftAbi,
        functionName: 'tokenURI',
        args: [17n],
      });
    expect(await uri()).toBe('https://starport.test/api/nft/land/17');

    await expectRevert(
      chain.bob,
      { address, abi: landCollectionNftAbi, functionName: 'setBaseURI', args: ['https://evil.test/'] },
      'AccessControlUnauthorizedAccount',
    );
    await write(chain.deployer, {
      address,
      abi: landCollectionNftAbi,
      functionName: 'setBaseURI',
      args: ['https://play.starport.test/api/nft/land/'],
    });
    expect(await uri()).toBe('https://play.starport.test/api/nft/land/17');
  });
});

describe('HouseUnits (ERC1155, capped per type)', () => {
  it('mints Type 5 up to its cap, then one more reverts with SupplyCapExceeded', async () => {
    const address = chain.addresses.houseUnits;
    const cap = await chain.deployer.publicClient.readContract({
      address,
      abi: houseUnitsAbi,
      functionName: 'supplyCap',
      args: [5n],
    });
    expect(cap).toBe(DEFAULT_UNIT_CAPS[4]);
    await write(chain.deployer, {
      address,
      abi: houseUnitsAbi,
      functionName: 'mint',
      args: [addressOf(chain.alice), 5n, cap - 1n],
    });
    await write(chain.deployer, {
      address,
      abi: houseUnitsAbi,
      functionName: 'mint',
      args: [addressOf(chain.bob), 5n, 1n],
    });
    expect(
      await chain.deployer.publicClient.readContract({
        address,
        abi: houseUnitsAbi,
        functionName: 'totalMinted',
        args: [5n],
      }),
    ).toBe(cap);
    const args = await expectRevert(
      chain.deployer,
      { address, abi: houseUnitsAbi, functionName: 'mint', args: [addressOf(chain.bob), 5n, 1n] },
      'SupplyCapExceeded',
    );
    expect(args).toEqual([5n, cap, cap + 1n]);
  });

  it('refuses unknown type ids and mints by non-minters', async () => {
    const address = chain.addresses.houseUnits;
    for (const id of [0n, 6n]) {
      const args = await expectRevert(
        chain.deployer,
        { address, abi: houseUnitsAbi, functionName: 'mint', args: [addressOf(chain.alice), id, 1n] },
        'UnknownUnitType',
      );
      expect(args).toEqual([id]);
    }
    await expectRevert(
      chain.alice,
      { address, abi: houseUnitsAbi, functionName: 'mint', args: [addressOf(chain.alice), 1n, 1n] },
      'AccessControlUnauthorizedAccount',
    );
  });

  it('serves the ERC1155 uri template', async () => {
    const uri = await chain.deployer.publicClient.readContract({
      address: chain.addresses.houseUnits,
      abi: houseUnitsAbi,
      functionName: 'uri',
      args: [3n],
    });
    expect(uri).toBe('https://starport.test/api/nft/unit/{id}');
  });
});
