// The social profiles an artist-side user connected to verify a claim (decision 027), with the bio as it
// was read then: `POST …/artist/socials/fetch` answers them. No provider token is kept, so a bio is never re-read
// without the person connecting again. One item per profile, replaced when the same profile is connected again.
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { socialVerificationPlatforms } from '../contracts/verification';
import { socialProfileKey, socialProfilesPartition } from './keys';
import { readStored } from './stored-item';
import type { TableRef } from './table';
import { queryAll } from './table';

const profileVersion = 1;

const storedProfileSchema = z.object({
  platform: z.enum(socialVerificationPlatforms),
  profileId: z.string(),
  handle: z.nullable(z.string()),
  url: z.nullable(z.string()),
  bio: z.string(),
  readAt: z.string(),
});
export type StoredSocialProfile = z.infer<typeof storedProfileSchema>;

/** A profile item as it is read back: a handle or URL never stored reads as none. */
const storedProfileReadSchema = z.extend(storedProfileSchema, {
  handle: z._default(z.nullable(z.string()), null),
  url: z._default(z.nullable(z.string()), null),
});

/** saveSocialProfile: a social verification callback keeps what it read. */
export async function saveSocialProfile(
  table: TableRef,
  userId: string,
  profile: StoredSocialProfile,
): Promise<void> {
  await table.client.send(
    new PutCommand({
      TableName: table.name,
      Item: {
        ...socialProfileKey(userId, profile.platform, profile.profileId),
        entity: 'social-profile',
        v: profileVersion,
        userId,
        ...storedProfileSchema.parse(profile),
      },
    }),
  );
}

/** listSocialProfiles: `socials/fetch`, the user's connected profiles by platform (one Query of their partition). */
export async function listSocialProfiles(table: TableRef, userId: string): Promise<StoredSocialProfile[]> {
  const items = await queryAll(table, {
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': socialProfilesPartition(userId) },
    ConsistentRead: true,
  });
  return items.map((item) => readStored('social profile', storedProfileReadSchema, item));
}
