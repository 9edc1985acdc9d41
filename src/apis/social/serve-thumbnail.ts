import type { HandlerResult } from '../../core/types.js';
import type { Incoming } from '../../pipeline/stages.js';

/** Where the fixtures' thumbnails point (fixtures/social.yaml, `{baseUrl}` + this + `<name>.png`). */
export const THUMBNAIL_PATH = /^\/socialapi\/static\/thumbs\/[A-Za-z0-9._%-]{1,255}\.png$/;

// One grey pixel: the client only needs an image that loads, not a face.
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNoAAAAggCBd81ytgAAAABJRU5ErkJggg==', 'base64');

/** A GET (or HEAD) of a thumbnail: asked only of a path no operation matched. */
export function isThumbnailRequest(req: Incoming): boolean {
  return (req.method === 'GET' || req.method === 'HEAD') && THUMBNAIL_PATH.test(req.path);
}

/**
 * The answer to a thumbnail URL, served beside the spec (the social API's real images
 * live on a CDN the spec does not describe), so `thumbnail` links in answers load.
 */
export function serveThumbnail(): HandlerResult {
  return { status: 200, headers: { 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=3600' }, body: PIXEL };
}
