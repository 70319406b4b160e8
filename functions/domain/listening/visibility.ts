// What other fans may see of a fan's listening. A fan's profile is private until they open it.

/** `private`: only the fan. `fans`: any signed-in OpenPie fan. */
export const fanVisibilities = ['private', 'fans'] as const;
export type FanVisibility = (typeof fanVisibilities)[number];

export const defaultFanVisibility: FanVisibility = 'private';

/** What decides whether another fan may see a fan: their account is still active, and their visibility. */
export interface SeenFan {
  id: string;
  active: boolean;
  visibility: FanVisibility;
}

/**
 * Whether `viewerId` may see the fan's profile and listening: only while the fan's account is active, and then the
 * fan themselves, or any fan when the visibility is `fans`. An unknown, deleted or private fan is refused alike, so a
 * refusal reveals nothing.
 */
export function canSeeFan(viewerId: string, fan: SeenFan): boolean {
  if (!fan.active) return false;
  return viewerId === fan.id || fan.visibility === 'fans';
}
