// What a mail to staff needs (decision 038): the table whose outbox queues it, the clock, the one staff address the
// deployment is given (STAFF_ALERT_EMAIL; none when the stack was given no `staffAlertEmail`) and the site's origin
// for its link. The table has no list of staff to mail, so the address is configuration.
import type { TableRef } from '../data/table';
import type { Clock } from '../runtime/clock';
import { getClock } from '../runtime/clock';
import { getEnv } from '../runtime/env';
import { getTable } from '../runtime/table';

export interface StaffMailDependencies {
  table: TableRef;
  clock: Clock;
  /** Where staff are mailed; undefined when the deployment was given no address. */
  staffAddress: string | undefined;
  siteOrigin: string;
}

/** The deployment's table, clock, staff address and site. */
export function staffMailDependencies(): StaffMailDependencies {
  const env = getEnv();
  return {
    table: getTable(),
    clock: getClock(),
    staffAddress: env.STAFF_ALERT_EMAIL,
    siteOrigin: env.SITE_ORIGIN ?? '',
  };
}

/** A link into the staff area of the site (`/admin/…`). */
export function staffLink(siteOrigin: string, path: string): string {
  return `${siteOrigin.replace(/\/+$/, '')}/admin/${path}`;
}
