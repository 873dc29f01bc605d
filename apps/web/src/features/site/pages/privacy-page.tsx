import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import './legal.css';

/** Written for Starport: what we keep, why, for how long, and how to reach us. */
export default function PrivacyPage() {
  return (
    <div className="page page--text">
      <article className="card legal">
        <h1>Privacy Policy</h1>
        <p className="muted">
          This page explains what Starport keeps about you when you use the storefront, the marketplace and your
          account, and why.
        </p>

        <h2>What we keep</h2>
        <ul>
          <li>
            <strong>Your account:</strong> username, and your password stored only as a one-way hash (we can never
            read it back).
          </li>
          <li>
            <strong>Your e-mail address</strong>, if you give one: to verify your account, to send password resets
            and to tell you about your orders.
          </li>
          <li>
            <strong>Your wallet address</strong>, if you sign in with a wallet or link one: to know which assets are
            yours and where to deliver them. Blockchain transactions are public by nature.
          </li>
          <li>
            <strong>Your orders and payments:</strong> what you bought, when, the amount, and the reference of the
            payment provider or the transaction. Card details are handled by the card payment provider and never
            reach our servers.
          </li>
          <li>
            <strong>Messages you send us</strong> through the contact form: your name, e-mail and message.
          </li>
        </ul>

        <h2>Sessions</h2>
        <p>
          When you sign in we keep a short-lived access token and a refresh token in your browser. With
          &ldquo;Remember me&rdquo; ticked they stay in local storage until you log out; otherwise they live in
          session storage and end when you close the browser. On our side we keep only a hash of the refresh token,
          so that you, or we, can end a session at any time. Logging out or changing your password ends it.
        </p>
        <p>
          If you arrive through an invitation link, its referral code is kept in your browser so it can be credited
          when you sign up.
        </p>

        <h2>What we do not do</h2>
        <p>
          We do not sell your data, we do not show third-party advertising, and the site loads no external trackers,
          fonts or scripts.
        </p>

        <h2>How long we keep it</h2>
        <p>
          Account data is kept while your account exists. Order records are kept as long as the law requires for
          accounting. Contact messages are kept only as long as we need them to answer you.
        </p>

        <h2>Your choices</h2>
        <p>
          You can ask for a copy of your data, a correction, or the deletion of your account at any time. Write to us
          through the <Link to={paths.contact.getHref()}>contact page</Link>; see also the{' '}
          <Link to={paths.tos.getHref()}>Terms of Service</Link>.
        </p>
      </article>
    </div>
  );
}
