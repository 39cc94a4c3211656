/** The pixel sizes of `profileImages`, as `sizeX20` … `sizeX360` name them. */
export const PROFILE_IMAGE_SIZES = [20, 40, 50, 58, 80, 120, 160, 176, 240, 360] as const;
export type ProfileImageSize = (typeof PROFILE_IMAGE_SIZES)[number];

export type ProfileImages = { [Size in ProfileImageSize as `sizeX${Size}`]: string };

/**
 * `GET /userprofile/v1/users/@me`: User Profile v1, deprecated by APS in favour of `/userinfo`, and
 * still what `forge-apis` up to 0.9.7 (`UserProfileApi.getUserProfile`) and other older clients read.
 */
export interface UserProfileV1 {
  userId: string;
  userName: string;
  emailId: string;
  firstName: string;
  lastName: string;
  emailVerified: boolean;
  '2FaEnabled': boolean;
  countryCode: string;
  language: string;
  optin: boolean;
  lastModified: string;
  profileImages: ProfileImages;
}
