import type { ProfileImageSize } from '../../../contracts/user-profile';

/**
 * A head-and-shoulders silhouette on a grey disc, drawn at `size` pixels. Vector, so one drawing
 * serves every size; static, with no script or outside reference, so it is safe on the API's origin.
 */
export function placeholderImage(size: ProfileImageSize): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100" role="img" aria-label="No profile picture">`,
    '<clipPath id="disc"><circle cx="50" cy="50" r="50"/></clipPath>',
    '<g clip-path="url(#disc)">',
    '<rect width="100" height="100" fill="#d9dde3"/>',
    '<circle cx="50" cy="39" r="19" fill="#8a94a3"/>',
    '<ellipse cx="50" cy="96" rx="36" ry="30" fill="#8a94a3"/>',
    '</g>',
    '</svg>',
  ].join('');
}
