import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';

/** The scheme in plain words (the formula is the one in @starport/schemas/fairness). */
export function HowItWorks() {
  return (
    <section className="card fairness-explainer" aria-labelledby="fairness-how">
      <h2 id="fairness-how">How every box is opened</h2>
      <ol className="fairness-steps">
        <li>
          <strong>Before you buy</strong>, we pick a secret <em>server seed</em> (64 random hex characters) and show
          you its SHA-256 hash. The hash commits us to the seed: we cannot change it later without the hash changing.
        </li>
        <li>
          <strong>You choose</strong> a <em>client seed</em>, any 1–64 printable characters, so the result also
          depends on something we do not control. A <em>nonce</em> counts your boxes: 0, 1, 2, …
        </li>
        <li>
          <strong>Each opening</strong> computes HMAC-SHA256 with the server seed as key and{' '}
          <code>client seed:nonce</code> as message. Its first 4 bytes, read as a number <var>u</var> from 0 to
          2<sup>32</sup> − 1, give the roll: <code>roll = floor(u × 10000 / 2^32)</code>, a number from 0 to 9999.
        </li>
        <li>
          <strong>The roll picks the rarity</strong> with the published odds in basis points (1/100 of a percent).
          With Common 70%, Rare 22%, Epic 7% and Legendary 1%: rolls 0–6999 are Common, 7000–9199 Rare, 9200–9899
          Epic and 9900–9999 Legendary.
        </li>
        <li>
          <strong>When you rotate</strong> your seed pair (or change your client seed), we reveal the old server
          seed and start a new pair at nonce 0. Anyone can then hash the seed, compare it with the hash you saw
          before buying, and recompute every roll.
        </li>
      </ol>
      <p className="muted">
        The <Link to={paths.fairnessVerify.getHref()}>verifier</Link> repeats these steps in your browser, so you do
        not have to take our word for any result.
      </p>
    </section>
  );
}
