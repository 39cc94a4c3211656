import { useQuery } from '@tanstack/react-query';
import { useObjectUrl } from '../../lib/use-object-url';
import { mdQueries } from './queries';

/**
 * A design's thumbnail as an image URL, or null while there is none. `enabled` lets lists hold back
 * rows that only pass by while scrolling; a design never translated answers 404 once, kept for five
 * minutes as "none".
 */
export function useThumbnailUrl(
  encodedUrn: string | null,
  enabled = true,
  width: 100 | 200 | 400 = 100,
): string | null {
  const thumbnail = useQuery({
    ...mdQueries.thumbnail(encodedUrn ?? '', width),
    enabled: enabled && encodedUrn !== null,
    staleTime: 300_000,
  });
  return useObjectUrl(thumbnail.data);
}
