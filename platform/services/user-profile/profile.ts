import {
  PROFILE_IMAGE_SIZES,
  type ProfileImages,
  type ProfileImageSize,
  type UserProfileV1,
} from '../../../contracts/user-profile';
import type { User } from '../../storage/repos/users';

/** Where the placeholder pictures are served, relative to the platform's base URL. */
export const IMAGES_PATH = '/userprofile/v1/images/default';

/** The file name of the placeholder at one size, after APS's own `default/user_X20.png`. */
export const imageFile = (size: ProfileImageSize) => `user_X${size}.svg`;

/**
 * Accounts here have no pictures, so every size is the placeholder, as APS hands out its
 * `images.profile.autodesk.com/default/…` pictures to users without one; served by the platform
 * itself, so a page can show them without reaching another host.
 */
function placeholderImages(base: string): ProfileImages {
  return Object.fromEntries(
    PROFILE_IMAGE_SIZES.map((size) => [`sizeX${size}`, `${base}${IMAGES_PATH}/${imageFile(size)}`]),
  ) as ProfileImages;
}

/**
 * The signed-in user in the v1 shape, from what the platform keeps, with the same readings as
 * `/userinfo`: the e-mail is the user name, the administrator who made the account vouches for the
 * address, and the account has never changed since it was made.
 */
export function profileOf(user: User, base: string): UserProfileV1 {
  const [firstName = '', ...rest] = user.name.trim().split(/\s+/);
  return {
    userId: user.id,
    userName: user.email,
    emailId: user.email,
    firstName,
    lastName: rest.join(' '),
    emailVerified: true,
    '2FaEnabled': false,
    // The country of the en-US locale that /userinfo reports.
    countryCode: 'US',
    language: 'en',
    optin: false,
    lastModified: user.createdAt.toISOString(),
    profileImages: placeholderImages(base),
  };
}
