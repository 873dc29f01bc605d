import { Link } from 'react-router';
import { buttonClass } from '../components/ui/button.tsx';
import { paths } from '../config/paths.ts';

export default function NotFoundPage() {
  return (
    <div className="page page--narrow">
      <section className="card stack" aria-labelledby="not-found-title">
        <p className="muted">Error 404</p>
        <h1 id="not-found-title">Page not found</h1>
        <p className="muted">This sector of space is empty: the page you asked for does not exist or has moved.</p>
        <div>
          <Link className={buttonClass('primary')} to={paths.home.getHref()}>
            Back to home
          </Link>
        </div>
      </section>
    </div>
  );
}
