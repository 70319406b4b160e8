// The reason every staff action asks for (an escrow run, a name resolved, a refund, a Stripe connection removed, an
// admin invited): required, and kept in the audit log with the staff member's name.
import { TextArea, type TextAreaProps } from '../form/text-area';

export const staffReasonWords = {
  reason: 'Reason',
  reasonHint: 'Saved in the audit log with your name.',
} as const;

/** The reason's field, bound by the form (`{...bindField('reason')}`); two rows unless told. */
export function StaffReasonField({ rows = 2, ...field }: Omit<TextAreaProps, 'label' | 'hint' | 'required'>) {
  return (
    <TextArea
      label={staffReasonWords.reason}
      hint={staffReasonWords.reasonHint}
      required
      rows={rows}
      {...field}
    />
  );
}
