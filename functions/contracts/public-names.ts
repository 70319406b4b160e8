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

const label = '[a-z0-9](?:[a-z0-9-]*[a-z0-9])?';
const linkPatterns: readonly RegExp[] = [
  // A scheme: http://, https://, ftp://…
  /[a-z][a-z0-9+.-]*:\/\//i,
  // www. before anything
  /(^|[^a-z0-9])www\d*\./i,
  // A host with a path after it: x.y/z
  new RegExp(`(^|[^a-z0-9-])${label}(\\.${label})*\\.[a-z]{2,}\\/`, 'i'),
  // A host ending in a common top-level domain: nightowls.com, paypal.me
  new RegExp(`(^|[^a-z0-9-])${label}(\\.${label})*\\.(${commonTopLevelDomains.join('|')})(?![a-z0-9-])`, 'i'),
];

/** Whether a text holds a link or something a mail program or a reader would take for a web address. */
export function containsLink(text: string): boolean {
  return linkPatterns.some((pattern) => pattern.test(text));
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
