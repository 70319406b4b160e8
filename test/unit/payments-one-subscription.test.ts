// The mail that tells a fan their second subscription was cancelled and refunded (decision 035,
// functions/services/payments/one-subscription.ts): the amount in dollars, what happened, the way to My pies, and a
// name that cannot inject HTML.
import { describe, expect, it } from 'vitest';
import { buildSecondSubscriptionMail } from '../../functions/services/payments/one-subscription';

describe('the second-subscription mail', () => {
  it('says what was paid, that it was cancelled and refunded in full, and links to My pies', () => {
    // Act
    const mail = buildSecondSubscriptionMail({
      to: 'fan@example.com',
      firstName: 'Pat',
      siteOrigin: 'https://openpie.example',
      amountCents: 1500,
    });
    // Assess
    expect(mail).toMatchObject({
      kind: 'second-subscription-refunded',
      to: 'fan@example.com',
      subject: 'We refunded a second pie',
      links: ['https://openpie.example/my-pies'],
    });
    expect(mail.text).toContain('Hello Pat,');
    expect(mail.text).toContain('You paid $15.00 for a second pie');
    expect(mail.text).toContain('refunded the whole $15.00 to your card');
    expect(mail.html).toContain('href="https://openpie.example/my-pies"');
  });

  it('greets a fan without a name plainly and escapes a name in the HTML part', () => {
    const plain = buildSecondSubscriptionMail({
      to: 'a@example.com',
      firstName: null,
      siteOrigin: 'https://openpie.example',
      amountCents: 500,
    });
    const tricky = buildSecondSubscriptionMail({
      to: 'b@example.com',
      firstName: '<b>Eve</b>',
      siteOrigin: 'https://openpie.example',
      amountCents: 500,
    });
    expect(plain.text.startsWith('Hello,')).toBe(true);
    expect(tricky.html).toContain('Hello &lt;b&gt;Eve&lt;/b&gt;,');
    expect(tricky.html).not.toContain('<b>Eve</b>');
  });
});
