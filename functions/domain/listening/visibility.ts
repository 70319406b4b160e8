// What other fans may see of a fan's listening. A fan's profile is private until they open it (issue #5).

/** `private`: only the fan. `fans`: any signed-in OpenPie fan. */
export const fanVisibilities = ['private', 'fans'] as const;
export type FanVisibility = (typeof fanVisibilities)[number];

export const defaultFanVisibility: FanVisibility = 'private';

/** Whether `viewerId` may read the listening of the fan `ownerId` whose visibility is `visibility`. */
export function canSeeListeningOf(viewerId: string, ownerId: string, visibility: FanVisibility): boolean {
  return viewerId === ownerId || visibility === 'fans';
}
