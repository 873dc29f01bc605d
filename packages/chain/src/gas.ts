/**
 * The gas limit to send with a contract call, from its estimate.
 *
 * A node runs eth_estimateGas on the latest block, at that block's timestamp; the call is mined in
 * a later block, often a later second. UnitStaking costs more in a new second than in its
 * predecessor's: a new value checkpoint (two fresh storage slots) and a first non-zero accrual.
 * Measured on anvil: a player's second stake, estimated in the second of their first at 113,660,
 * used 193,328 mined one second later. A wallet's own margin (25–50 %) does not cover that, so a
 * player staking units one after another saw every second call run out of gas. The headroom is
 * a limit, not a cost: the player pays for the gas used.
 */
export const GAS_HEADROOM = 100_000n;

export function gasLimitFor(estimate: bigint): bigint {
  return (estimate * 5n) / 4n + GAS_HEADROOM;
}
