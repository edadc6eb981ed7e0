import type { ReactNode } from 'react';

/** The frame of every account page: one card, centred, readable on a phone. */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="shell-auth-card">
      <h1>{title}</h1>
      {intro ? <p className="shell-auth-card__intro">{intro}</p> : null}
      {children}
    </section>
  );
}
