// How often an office may mail an address its invitation again (domain/offices/invitation-resends.ts): 3 resends an
// hour and 10 a day per office and address, then 429 with a sentence that says when, on DynamoDB Local. The probe
// sent 15 resends in a row and every one went out.
import { describe, expect, it } from 'vitest';
import { createFixedClock } from '../../functions/runtime/clock';
import { bodyOf } from '../support/gateway-event';
import type { SignedInAccount } from '../support/identity';
import { givenOfficeWithInvitation } from '../support/factories/offices';
import { call, readOutbox, uniqueEmail } from '../support/identity';

const loadOffices = async () => (await import('../../functions/handlers/artist-offices')).handler;

async function resend(officeId: string, admin: SignedInAccount, email: string) {
  return call(await loadOffices(), 'POST', `/api/for-artists/offices/${officeId}/resend-invitation`, {
    body: { email },
    cookies: [admin.cookie],
  });
}

async function invitationMailsTo(email: string): Promise<number> {
  return (await readOutbox()).filter((mail) => mail.to === email && mail.subject.includes('Join ')).length;
}

describe('invitation resends', () => {
  it('sends 3 in an hour, then answers 429 with when to try again; the mails stop with it', async () => {
    // Prepare
    const email = uniqueEmail('resent');
    const { admin, office } = await givenOfficeWithInvitation(email, 'Resend Records');
    // Act
    const allowed = [];
    for (let attempt = 0; attempt < 3; attempt += 1) allowed.push(await resend(office._id, admin, email));
    const refused = await resend(office._id, admin, email);
    const again = await resend(office._id, admin, email);
    // Assess
    expect(allowed.map((reply) => reply.statusCode)).toEqual([200, 200, 200]);
    expect(refused.statusCode).toBe(429);
    expect(bodyOf(refused)).toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(
        /^This invitation has been sent again as often as OpenPie allows for now \(3 times an hour, 10 times a day\).*You can send it again in \d+ minutes?\.$/,
      ),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(again.statusCode).toBe(429);
    expect(await invitationMailsTo(email)).toBe(1 + 3);
  });

  it("counts per office and address: another address, and another office's invitation, still go out", async () => {
    // Prepare: one address's resends spent in office A
    const email = uniqueEmail('spent');
    const other = uniqueEmail('other');
    const { admin, office } = await givenOfficeWithInvitation(email, 'Resend Records');
    const invitedOther = await call(
      await loadOffices(),
      'POST',
      `/api/for-artists/offices/${office._id}/members`,
      { body: { email: other, role: 'member' }, cookies: [admin.cookie] },
    );
    expect(invitedOther.statusCode).toBe(201);
    for (let attempt = 0; attempt < 3; attempt += 1) await resend(office._id, admin, email);
    const second = await givenOfficeWithInvitation(email, 'Resend Records');
    // Act
    const spent = await resend(office._id, admin, email);
    const otherAddress = await resend(office._id, admin, other);
    const otherOffice = await resend(second.office._id, second.admin, email);
    // Assess
    expect([spent.statusCode, otherAddress.statusCode, otherOffice.statusCode]).toEqual([429, 200, 200]);
  });

  it('sends 10 in a day across its hours, and the 11th waits for the next day', async () => {
    // Prepare: resends made through the service with the product clock at fixed hours of one UTC day
    const { resendOfficeInvitation, invitationDependencies } =
      await import('../../functions/services/offices/invitations');
    const email = uniqueEmail('daily');
    const { admin, office } = await givenOfficeWithInvitation(email, 'Resend Records');
    const day = '2031-03-04';
    const at = (hour: number, minute: number) =>
      resendOfficeInvitation(
        {
          ...invitationDependencies(),
          clock: createFixedClock(new Date(`${day}T${String(hour).padStart(2, '0')}:${minute}:00Z`)),
        },
        admin.userId,
        office._id,
        email,
      );
    // Act: three an hour at 08:00, 09:00, 10:00, and one at 11:00 make 10; then one more at 12:00
    const sent: string[] = [];
    for (const hour of [8, 9, 10])
      for (const minute of [10, 20, 30]) sent.push((await at(hour, minute)).email);
    sent.push((await at(11, 10)).email);
    const eleventh = at(12, 10);
    // Assess
    expect(sent).toHaveLength(10);
    await expect(eleventh).rejects.toMatchObject({
      kind: 'rate_limited',
      message: expect.stringContaining('You can send it again in 12 hours.'),
    });
  });
});
