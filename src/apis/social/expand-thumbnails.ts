import type { Handler } from '../../pipeline/stages.js';

/** In fixtures, `{baseUrl}` stands for the server's address, known only once it listens. */
export const BASE_URL_PLACEHOLDER = '{baseUrl}';

/** A profile's thumbnail with the placeholder replaced by the address. */
export function expandThumbnail(thumbnail: string, baseUrl: string): string {
  return thumbnail.startsWith(BASE_URL_PLACEHOLDER) ? baseUrl + thumbnail.slice(BASE_URL_PLACEHOLDER.length) : thumbnail;
}

/**
 * The handlers, with `user.thumbnail` of each answer expanded. It happens when answering,
 * not when seeding: the seed is stored, and a later start may listen on another port.
 */
export function withThumbnailsExpanded(handlers: Record<string, Handler>, baseUrl: () => string): Record<string, Handler> {
  return Object.fromEntries(
    Object.entries(handlers).map(([id, handler]) => [
      id,
      async (ctx) => {
        const result = await handler(ctx);
        const user = (result.body as { user?: { thumbnail?: unknown } } | undefined)?.user;
        if (typeof user?.thumbnail === 'string') user.thumbnail = expandThumbnail(user.thumbnail, baseUrl());
        return result;
      },
    ]),
  );
}
