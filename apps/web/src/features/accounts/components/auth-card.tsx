import type { ReactNode } from 'react';
import './auth-card.css';

type AuthCardProps = { title: string; intro?: ReactNode; children: ReactNode };

/** The narrow centred card every sign-in and account form sits in. */
export function AuthCard({ title, intro, children }: AuthCardProps) {
  return (
    <div className="page page--narrow">
      <section className="card auth-card" aria-labelledby="auth-card-title">
        <h1 id="auth-card-title" className="auth-card__title">
          {title}
        </h1>
        {intro && <p className="muted auth-card__intro">{intro}</p>}
        {children}
      </section>
    </div>
  );
}
