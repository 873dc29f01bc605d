import { REDEEM_CODES_USAGE } from './commands/redeem-codes.ts';

/** What `npm run admin -- --help` prints: every command, its flags and the exit codes. */
export const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  create-user --username U --email E --password P [--active] [--wallet 0xADDR]
      An account with an e-mail and a password. The password may come from the
      environment variable ADMIN_PASSWORD instead, to keep it out of shell history.
      --active marks the e-mail verified, so the user can sign in at once.
  create-user --username U --wallet 0xADDR
      A wallet-only account (no e-mail, no password); the player links an e-mail later.
  activate <e-mail or username>         mark the user's e-mail verified
  revoke-sessions <e-mail or username>  sign the user out everywhere
  list-users [--limit N]                newest first, 50 unless told
  set-sale-program 0|1                  0 closes buying, 1 opens it
  set-home-version 1|2                  1 landing page, 2 marketplace
  set-terms --file PATH | set-terms -   store the terms HTML (cleaned) from a file or stdin
  set-discounts "3:5,5:10,10:15"        volume-discount tiers, items:percent ("" for none)
  set-penguin-rate <DNC per day>        what a ship on a penguin earns a day, before the
                                        penguin's rarity boost (default 100)
  set-goaland-rate <DNC per plot>       what each GOALAND plot earns a day
                                        (default 10)
  set-referral-share <basis points>     what a referrer earns of each paid order of a
                                        player they referred, 0 to 10000 (500 = 5%, the
                                        default); orders fulfilled from now on
  set-land-credit-price <USD per credit>
                                        what one land credit costs in a top-up, in whole
                                        cents (default 1.00)
  set-land-credit-topup <least>-<most>  how many credits one top-up buys, e.g. 1-1000
                                        (the default)
  set-ship-mint-fee <USD>               what converting a ship to an NFT costs, in whole
                                        cents of USDC (default 5.00)
  show-settings                         print the operator settings
  set-apr <percent>                     the staking APR, e.g. 26 (= 2600 bps), at most
                                        1000; signed with CHAIN_<ID>_STAKING_OWNER_KEY
  deposit-reward <whole reward tokens>  approve and deposit the owner's reward tokens
                                        into the staking reward pool
  show-staking                          the staking contract's APR, reward pool, totals
  orders-review [--limit N]             orders with a payment we could not accept as it
                                        came (late, wrong amount), oldest first, and why
  resolve-review <order code> --note "what was done"
                                        clear the order's review flag, keeping the note
  gin-review [--limit N]                Gin conversions waiting for review (more Gin burnt
                                        than quoted, or not confirmed by the deadline),
                                        oldest first: id, player, network, tx, quoted Gin
                                        and DNC, Gin burnt if known, the reason, the wait
  resolve-gin-review <id or tid> --credit|--fail --note "..."
                                        --credit: credit the quoted DNC (once, never
                                        more); --fail: nothing credited, the note is the
                                        reason the player reads. Only a conversion in
                                        review; the note is kept either way
${REDEEM_CODES_USAGE}

  -h, --help                            print this help

Database: DATABASE_URL when set, else the embedded database in DATA_DIR (./data).
The embedded database is one process's: stop Starport before running a command.
Staking commands act on the units chain (CHAIN_IDS, UNITS_CHAIN_ID); on the local chain
they need DATABASE_URL and the chain running (npm start or npm run chain).
Exit codes: 0 done, 1 failed, 2 bad usage.
`;
