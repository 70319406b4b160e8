// The profile APIs claim verification reads (decision 027), as the platforms answer them, with the bios of bios.ts:
// YouTube's channels of the signed-in Google account, and the Facebook Pages the person manages with their About
// text and the Instagram professional account linked to each. Each person has one channel and one Page (with an
// Instagram account), named after them; the ids derive from the e-mail like every other sandbox id.
import { createHash } from 'node:crypto';
import type { SandboxCall, SandboxContext } from './call';
import type { SandboxReply } from './reply';
import { json } from './reply';
import { bearerGrant, graphError, graphGrant } from './user-info';

function digits(seed: string, length: number): string {
  const digest = createHash('sha256').update(seed).digest();
  let out = '';
  for (let index = 0; out.length < length; index += 1) out += String(digest[index % digest.length]! % 10);
  return out;
}

function handleOf(email: string): string {
  return (email.split('@')[0] ?? 'artist').replace(/[^A-Za-z0-9_.]/g, '_').slice(0, 30) || 'artist';
}

/** GET youtube/v3/channels?part=snippet&mine=true (scope youtube.readonly). */
export function readYouTubeChannels(context: SandboxContext, call: SandboxCall): SandboxReply {
  const grant = bearerGrant(context, call);
  const problem = (status: number, reason: string, message: string) =>
    json(status, { error: { code: status, message, errors: [{ reason, message }] } });
  if (grant === 'unknown') return problem(401, 'authError', 'Invalid Credentials');
  if (grant === 'expired')
    return problem(401, 'authError', 'Request had invalid authentication credentials.');
  if (!grant.scopes.includes('https://www.googleapis.com/auth/youtube.readonly')) {
    return problem(403, 'insufficientPermissions', 'Request had insufficient authentication scopes.');
  }
  if (
    call.url.searchParams.get('mine') !== 'true' ||
    !(call.url.searchParams.get('part') ?? '').includes('snippet')
  ) {
    return problem(400, 'badRequest', 'This sandbox answers part=snippet&mine=true only.');
  }
  const { email, name } = grant.person;
  return json(200, {
    kind: 'youtube#channelListResponse',
    items: [
      {
        kind: 'youtube#channel',
        id: `UC${digits(`youtube:${email.toLowerCase()}`, 22)}`,
        snippet: {
          title: name,
          description: context.bios.socialBio('youtube', email),
          customUrl: `@${handleOf(email)}`,
        },
      },
    ],
  });
}

/** GET <version>/me/accounts?fields=…: the Pages the person manages (scope pages_show_list), with appsecret_proof. */
export function readFacebookPages(context: SandboxContext, call: SandboxCall): SandboxReply {
  const checked = graphGrant(context, call, 'Invalid appsecret_proof provided in the API argument');
  if ('refusal' in checked) return checked.refusal;
  const { grant } = checked;
  if (!grant.scopes.includes('pages_show_list')) {
    return graphError('(#200) Requires pages_show_list permission', 200);
  }
  const fields = call.url.searchParams.get('fields') ?? 'id,name';
  const { email, name } = grant.person;
  const pageId = digits(`facebook-page:${email.toLowerCase()}`, 15);
  const page: Record<string, unknown> = { id: pageId, name: `${name} (artist page)` };
  if (/(^|,)about(,|$)/.test(fields)) page.about = context.bios.socialBio('facebook', email);
  if (/(^|,)link(,|$)/.test(fields)) page.link = `https://www.facebook.com/${pageId}`;
  if (fields.includes('instagram_business_account') && grant.scopes.includes('instagram_basic')) {
    page.instagram_business_account = {
      id: `178${digits(`instagram:${email.toLowerCase()}`, 14)}`,
      username: handleOf(email),
      biography: context.bios.socialBio('instagram', email),
    };
  }
  return json(200, { data: [page], paging: { cursors: { before: 'sandbox', after: 'sandbox' } } });
}
