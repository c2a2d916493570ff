import { randomBytes } from 'node:crypto';
import { AppError } from '#domain/errors.ts';
import { accountEditDefaults } from '#domain/validation/account-edit.ts';
import type { CustomInfoValue } from '#domain/validation/custom-info.ts';
import type { ProfileImageType } from '#domain/validation/profile-image.ts';
import type { AccountRepo } from '#server/platform/accounts/repo.ts';
import type { Scope } from '#server/platform/tenancy/scope.ts';
import { isImageOfType } from './image-bytes.ts';
import type { ProfileRepo } from './repo.ts';

/** Where a profile image is served: its key is new on every upload, so each picture has its own address. */
export const PROFILE_IMAGE_PATH = '/zapi/account/profile-image';

/** The URL of a member's picture from its key (null: none). */
export function profileImageUrl(image: { imageKey: string } | null): string | null {
  return image ? `${PROFILE_IMAGE_PATH}/${image.imageKey}` : null;
}

/** A parsed edit body (accountEditBodySchema's output). */
export type AccountEdit = { optionalInfo: Record<string, unknown>; customAssociatedInfo: CustomInfoValue[] };

const gone = () => new AppError('UNAUTHORIZED');

/** The member's registration details and profile image (My Page, issue 8). */
export function createProfileService(deps: { accounts: AccountRepo; profiles: ProfileRepo; clock: () => Date }) {
  const { profiles, clock } = deps;
  return {
    /** Today, for the edit's row of the call table (birthdays are checked against it). */
    now: () => clock(),

    /** The edit form's starting values from the stored profile. */
    async editDefaults({ store }: Scope, accountId: string): Promise<Record<string, unknown>> {
      const account = await deps.accounts.findById(accountId);
      if (!account) throw gone();
      return accountEditDefaults(store.publicSettings, (account.profile ?? {}) as Record<string, unknown>);
    },

    /** Saves the edited fields; fields the store does not use were dropped by the schema and stay. */
    async edit(_scope: Scope, accountId: string, input: AccountEdit): Promise<void> {
      const entries: Record<string, unknown> = { ...input.optionalInfo };
      if (input.customAssociatedInfo.length > 0) entries.customAssociatedInfo = input.customAssociatedInfo;
      if (!(await profiles.updateProfile(accountId, entries, clock()))) throw gone();
    },

    /** Replaces the member's picture (bytes checked against their type), or removes it (null). */
    async setImage(_scope: Scope, accountId: string, image: { type: ProfileImageType; base64: string } | null) {
      if (image === null) {
        await profiles.deleteImage(accountId);
        return { profileImageUrl: null };
      }
      if (!isImageOfType(Buffer.from(image.base64, 'base64'), image.type))
        throw new AppError('VALIDATION_FAILED', { fields: { profileImage: 'profileImage.invalid' } });
      const imageKey = randomBytes(16).toString('base64url');
      await profiles.putImage(accountId, { imageKey, contentType: image.type, data: image.base64 }, clock());
      return { profileImageUrl: profileImageUrl({ imageKey }) };
    },

    /** The picture behind a key of this store, or NOT_FOUND. */
    async image(_scope: Scope, imageKey: string): Promise<{ contentType: string; bytes: Buffer }> {
      const found = /^[A-Za-z0-9_-]{22}$/.test(imageKey) ? await profiles.imageByKey(imageKey) : null;
      if (!found) throw new AppError('NOT_FOUND');
      return { contentType: found.contentType, bytes: Buffer.from(found.data, 'base64') };
    },

    /**
     * The URL of a member's picture, or null when there is none (the account header asks through
     * the My Page service, which checks the member and the store's flag first). In the scope's store.
     */
    async imageUrlOf(accountId: string): Promise<string | null> {
      const imageKey = await profiles.imageKeyOf(accountId);
      return profileImageUrl(imageKey ? { imageKey } : null);
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
