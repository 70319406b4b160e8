// The pie's amount as the fan chooses it: a preset or dollars typed in, read once into integer cents so no amount
// ever passes through a float ($3 to $500).
import { pieAmountLimits } from '@contracts/pie';
import { formatMoney } from '../../../lib/format';

/** The preset amounts, in cents: $5, $10, $20. */
export const amountPresetsCents = [500, 1000, 2000] as const;

export const pieAmountText = {
  required: 'Enter an amount in dollars, for example 15 or 12.50.',
  format: 'Use dollars and at most two decimals, for example 15 or 12.50.',
  range: `Choose an amount from ${formatMoney(pieAmountLimits.minCents)} to ${formatMoney(pieAmountLimits.maxCents)}.`,
} as const;

/** Cents of `12`, `12.5`, `12.50`, `$1,000`; an error sentence for anything else or out of range. */
export function readDollarAmount(input: string): { ok: true; cents: number } | { ok: false; error: string } {
  const text = input.trim().replace(/^\$/, '').replace(/,/g, '').trim();
  if (text === '') return { ok: false, error: pieAmountText.required };
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text) ?? /^()\.(\d{1,2})$/.exec(text);
  if (!match) return { ok: false, error: pieAmountText.format };
  const dollars = Number(match[1] === '' ? '0' : match[1]);
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  const total = dollars * 100 + cents;
  if (total < pieAmountLimits.minCents || total > pieAmountLimits.maxCents) {
    return { ok: false, error: pieAmountText.range };
  }
  return { ok: true, cents: total };
}
