// Reconciliation runs (SPEC §7, DESIGN §5, docs/decisions/038-reconciliation.md): each check reads the money in the
// table and answers what it looked at and every problem it found; the minimal variant answers the counts only.
// Neither takes a body.
import * as z from 'zod/mini';
import type { ResourceContracts } from './contract';
import { json } from './contract';

const checkTypeSchema = z.enum(['ledger', 'wallet', 'escrow', 'pie', 'payout', 'stripe']);

export const reconciliationProblemSchema = z.object({
  check: checkTypeSchema,
  subject: z.string(),
  expected: z.string(),
  found: z.string(),
  message: z.string(),
});

export const reconciliationResultSchema = z.object({
  check: checkTypeSchema,
  checked: z.number().check(z.int()),
  problems: z.array(reconciliationProblemSchema),
});

export const reconciliationCountsSchema = z.object({
  check: checkTypeSchema,
  checked: z.number().check(z.int()),
  problems: z.number().check(z.int()),
});

/** One check's run as staff see it: how many things it looked at and every problem it found. */
export type ReconciliationResult = z.infer<typeof reconciliationResultSchema>;
export type ReconciliationProblemReply = z.infer<typeof reconciliationProblemSchema>;

const full = { reply: json(reconciliationResultSchema) };
const minimal = { reply: json(reconciliationCountsSchema) };

export const adminReconciliationContracts = {
  'POST /api/admin/financial-reconciliation/run-ledger-check': full,
  'POST /api/admin/financial-reconciliation/run-ledger-check-minimal': minimal,
  'POST /api/admin/financial-reconciliation/run-wallet-check': full,
  'POST /api/admin/financial-reconciliation/run-wallet-check-minimal': minimal,
  'POST /api/admin/financial-reconciliation/run-escrow-check': full,
  'POST /api/admin/financial-reconciliation/run-escrow-check-minimal': minimal,
  'POST /api/admin/financial-reconciliation/run-pie-check': full,
  'POST /api/admin/financial-reconciliation/run-pie-check-minimal': minimal,
  'POST /api/admin/financial-reconciliation/run-payout-check': full,
  'POST /api/admin/financial-reconciliation/run-payout-check-minimal': minimal,
  'POST /api/admin/financial-reconciliation/run-stripe-check': full,
  'POST /api/admin/financial-reconciliation/run-stripe-check-minimal': minimal,
} satisfies ResourceContracts<'admin-reconciliation'>;
