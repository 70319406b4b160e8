// Names other people read, through the handlers on DynamoDB Local (decision 044): an office's name carries no link
// (it reaches invitation mails' subjects), and a fan's username cannot pose as OpenPie or its staff.
import { describe, expect, it } from 'vitest';
import type { OfficeReply } from '../../functions/contracts/offices';
import { bodyOf } from '../support/gateway-event';
import { call, createSignedInAccount, dataOf } from '../support/identity';

const loadOffices = async () => (await import('../../functions/handlers/artist-offices')).handler;
const loadFanUser = async () => (await import('../../functions/handlers/fan-user')).handler;
const linkRefusal = { name: 'An office name cannot contain a link or a web address' };

describe('office names', () => {
  it('refuses a name with a link at create, and at both renames, with a 422 on the name; the office keeps its name', async () => {
    // Prepare
    const admin = await createSignedInAccount('artist');
    const created = await call(await loadOffices(), 'POST', '/api/for-artists/offices', {
      body: { name: 'Night Owls', type: 'Label' },
      cookies: [admin.cookie],
    });
    const office = dataOf<OfficeReply>(created);
    // Act
    const phishing = await call(await loadOffices(), 'POST', '/api/for-artists/offices', {
      body: { name: 'URGENT: verify your bank at http://bank.example/login', type: 'Label' },
      cookies: [admin.cookie],
    });
    const renamed = await call(await loadOffices(), 'PATCH', `/api/for-artists/offices/${office._id}`, {
      body: { name: 'www.x.com' },
      cookies: [admin.cookie],
    });
    const renamedSelected = await call(await loadOffices(), 'PATCH', '/api/for-artists/office/name', {
      body: { officeId: office._id, name: 'x.com/y' },
      cookies: [admin.cookie],
    });
    const offices = await call(await loadOffices(), 'GET', '/api/for-artists/offices', {
      cookies: [admin.cookie],
    });
    // Assess
    expect(created.statusCode).toBe(201);
    for (const refused of [phishing, renamed, renamedSelected]) {
      expect(refused.statusCode, refused.body).toBe(422);
      expect(bodyOf(refused)).toMatchObject({ code: 'validation_failed', fields: linkRefusal });
    }
    expect(JSON.stringify(bodyOf(offices))).toContain('"Night Owls"');
    expect(JSON.stringify(bodyOf(offices))).not.toMatch(/bank\.example|x\.com/);
  });
});

describe('usernames', () => {
  it.each(['admin', 'Support', 'openpie', 'OpenPie_Team', 'root', 'null'])(
    'refuses "%s" with a 422 on the username, and keeps none',
    async (username) => {
      // Prepare
      const fan = await createSignedInAccount('fan');
      // Act
      const refused = await call(await loadFanUser(), 'PUT', '/api/user/username', {
        body: { username },
        cookies: [fan.cookie],
      });
      const user = await call(await loadFanUser(), 'GET', '/api/user', { cookies: [fan.cookie] });
      // Assess
      expect(refused.statusCode, refused.body).toBe(422);
      expect(bodyOf(refused)).toMatchObject({
        fields: { username: 'This username is reserved for OpenPie. Please choose another one.' },
      });
      expect(dataOf<{ username: string | null }>(user).username ?? null).toBeNull();
    },
  );

  it('still gives a fan an ordinary name', async () => {
    const fan = await createSignedInAccount('fan');
    const chosen = await call(await loadFanUser(), 'PUT', '/api/user/username', {
      body: { username: `pie_lover_${fan.userId.slice(0, 6)}` },
      cookies: [fan.cookie],
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
  });
});
