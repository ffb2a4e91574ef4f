import type { ReactNode } from 'react';

export function AuthCard(props: {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <section className="auth card" aria-labelledby="auth-title">
      <header className="auth__header">
        <h1 id="auth-title" className="auth__title">
          {props.title}
        </h1>
        <p className="auth__subtitle">{props.subtitle}</p>
      </header>
      {props.children}
      {props.footer && <footer className="auth__footer">{props.footer}</footer>}
    </section>
  );
}

/** A message for the whole form (a server answer that is about no single field). */
export function FormAlert({
  message,
  tone = 'error',
}: {
  message: string | null | undefined;
  tone?: 'error' | 'info';
}) {
  if (!message) return null;
  return (
    <p className={`form-alert form-alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {message}
    </p>
  );
}
