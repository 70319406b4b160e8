// The button that runs a call (save, invite, accept): it names what it is doing while the call runs, says so to a
// screen reader, and cannot be pressed twice.
import type { ComponentPropsWithRef } from 'react';

export interface BusyButtonProps extends Omit<ComponentPropsWithRef<'button'>, 'children' | 'aria-busy'> {
  /** Whether the call runs now. */
  busy: boolean;
  label: string;
  /** The words while the call runs ("Saving..."). */
  busyLabel: string;
}

/** A primary submit button unless told otherwise; `disabled` holds it back beyond the time the call runs. */
export function BusyButton({
  busy,
  label,
  busyLabel,
  type = 'submit',
  className = 'button button--primary',
  disabled = false,
  ...buttonProps
}: BusyButtonProps) {
  return (
    <button {...buttonProps} type={type} className={className} disabled={busy || disabled} aria-busy={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}
