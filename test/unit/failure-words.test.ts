import { describe, expect, it } from 'vitest';
import { errorRegistry } from '../../functions/contracts/errors';
import { AppError } from '../../functions/domain/errors';
import { accountTypes } from '../../functions/domain/money/ledger';
import { toFailure } from '../../functions/handlers/lib/http';

// A failure reply speaks product words: the ledger's own account ids (`office-payable:<office id>`) are the
// bookkeeping's, and a message that names one answers with its code's registered sentence instead.

const internalAccount = new RegExp(`\\b(${accountTypes.join('|')}):[^\\s"]+`);

function messageOf(error: unknown): { message: string; fields?: Record<string, string> } {
  return JSON.parse(toFailure(error, 'request-1').result.body ?? '{}') as {
    message: string;
    fields?: Record<string, string>;
  };
}

describe('failure replies never name an internal ledger account', () => {
  it('answers "not enough money in office-payable:…" with the registered sentence', () => {
    // Act
    const reply = messageOf(
      new AppError('conflict', 'There is not enough money in office-payable:c864f1d2 for that.', {
        code: 'insufficient_balance',
      }),
    );
    // Assess
    expect(reply.message).toBe(errorRegistry.insufficient_balance.message);
    expect(reply.message).not.toMatch(internalAccount);
  });

  it('answers a ledger rule naming an account with the sentence of its kind', () => {
    const reply = messageOf(
      new AppError('bad_request', 'fan-wallet:fan-1: amounts are whole cents, not 1.5'),
    );
    expect(reply.message).toBe(errorRegistry.bad_request.message);
  });

  it('words a field message naming an account without it', () => {
    const reply = messageOf(
      new AppError('validation_failed', undefined, {
        fields: { amountCents: 'pie-funds:pie_1 cannot go below zero', note: 'Keep it short' },
      }),
    );
    expect(reply.fields).toEqual({ amountCents: 'This value cannot be used here', note: 'Keep it short' });
  });

  it('keeps a message in product words as it is', () => {
    const reply = messageOf(
      new AppError('conflict', 'There is nothing to give back for this artist right now.', {
        code: 'insufficient_balance',
      }),
    );
    expect(reply.message).toBe('There is nothing to give back for this artist right now.');
  });
});
