import type { ReactNode } from 'react';

export interface FormAlertProps {
  tone?: 'error' | 'success';
  title?: string;
  children: ReactNode;
}

/**
 * A message about a whole form or page. Failures are an alert (read out at once); confirmations a status, so a
 * screen reader hears them without losing its place.
 */
export function FormAlert({ tone = 'error', title, children }: FormAlertProps) {
  return (
    <div className={`form-alert form-alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {title ? <p className="form-alert__title">{title}</p> : null}
      {typeof children === 'string' ? <p>{children}</p> : children}
    </div>
  );
}
