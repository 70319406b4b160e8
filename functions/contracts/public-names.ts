// Names other people read: an office's name (it reaches invitation mails' subjects and every member's screens) and a
// fan's username (their public profile). An office name carries no link or web address, so no one can send
// "URGENT: verify your bank at http://…" to an address in OpenPie's name; a username cannot pose as OpenPie or its
// staff. Shared by the server's request schemas and the SPA's forms (decision 044).

/** Endings of web addresses people type; a word such as "will.i.am" or "St. Vincent" is not one of them. */
const commonTopLevelDomains = (
  'com net org info biz io co me ly gl gg to tv fm ai app dev xyz site online store shop top link click ' +
  'live page club pro email bank money pay us uk de fr es it nl ru cn br in eu ca au ch se no be at pl jp ' +
  'kr tk ml ga cf gq cc ws su mx nz ie sh'
).split(' ');

const topLevelDomains: ReadonlySet<string> = new Set(commonTopLevelDomains);

/**
 * Whether a run of host characters (`x.com.`, `records.net`) names a host: two labels or more, the last of them a
 * common top-level domain, or any last label of letters when a path follows (`x.zz/y`).
 */
function isHost(segment: string, pathFollows: boolean): boolean {
  let from = 0;
  let to = segment.length;
  while (from < to && segment[from] === '.') from += 1;
  while (to > from && segment[to - 1] === '.') to -= 1;
  const labels = segment.slice(from, to).split('.');
  if (labels.length < 2 || labels.some((part) => part.length === 0)) return false;
  const last = labels[labels.length - 1] ?? '';
  return topLevelDomains.has(last) || (pathFollows && /^[a-z]{2,}$/.test(last));
}

/**
 * Whether a text holds a link or something a mail program or a reader would take for a web address: a scheme
 * (`http://`), `www.`, a host with a path (`x.com/y`) or a host of a common top-level domain (`nightowls.com`). Read
 * word by word with splits and anchored checks only, so a long text costs one pass, never a backtracking search.
 */
export function containsLink(text: string): boolean {
  const words = text.toLowerCase().split(/[^a-z0-9.\-/:@+_~%?=&#]+/);
  return words.some((word) => {
    if (word.length === 0) return false;
    if (word.includes('://') || /(?:^|[^a-z0-9])www\d*\./.test(word)) return true;
    const pieces = word.split(/([/:@?#])/);
    return pieces.some((piece, index) => index % 2 === 0 && isHost(piece, pieces[index + 1] === '/'));
  });
}

/**
 * The text with each word that looks like a link written so that no mail program makes it one (`http[:]//x[.]com`),
 * for names stored before links were refused in them.
 */
export function neutraliseLinks(text: string): string {
  return text
    .split(/(\s+)/)
    .map((word) => (containsLink(word) ? word.replaceAll('://', '[:]//').replaceAll('.', '[.]') : word))
    .join('');
}

export const officeNameLinkMessage = 'An office name cannot contain a link or a web address';

/**
 * Usernames kept for OpenPie itself: its name, its staff and help desks, the words of the web's plumbing, and the
 * values a program prints for nothing. Compared without case, dots and underscores ("Ad_min" is "admin"); any name
 * that holds "openpie" is kept too.
 */
export const reservedUsernames: ReadonlySet<string> = new Set(
  (
    'admin administrator admins root superuser sysadmin staff team moderator mod support help helpdesk info ' +
    'contact security abuse billing payments payouts accounts legal privacy terms official verified system ' +
    'api www mail email postmaster webmaster hostmaster noreply noreplies test null undefined nan none ' +
    'anonymous everyone owner operator settings login logout register signup signin auth user users fan fans ' +
    'artist artists forartists pie pies wallet stripe spotify'
  ).split(' '),
);

export function isReservedUsername(username: string): boolean {
  const bare = username.toLowerCase().replace(/[._]/g, '');
  return reservedUsernames.has(bare) || bare.includes('openpie');
}

export const reservedUsernameMessage = 'This username is reserved for OpenPie. Please choose another one.';
