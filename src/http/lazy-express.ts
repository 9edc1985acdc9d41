import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpParts } from './create-http-parts.js';
import type { AuthmockApp } from './create-app.js';
import type { DispatchingHandler } from './create-server.js';
import { sendProblem } from './send-problem.js';

/**
 * The server's request handler: the dispatch first, and the Express app for the rest,
 * loaded on the first request that needs it. Loading Express and its dependencies took
 * about a sixth of the start-up time; the mocked APIs never need it.
 */
export function withLazyExpress(parts: HttpParts): DispatchingHandler {
  let app: Promise<AuthmockApp> | undefined;
  const load = () => (app ??= import('./create-app.js').then((m) => m.createExpressApp(parts)));
  const handler = (req: IncomingMessage, res: ServerResponse) =>
    void load().then(
      (express) => express(req, res),
      (err: unknown) => {
        parts.runtime.services.log.error({ err }, 'the HTTP layer could not be loaded');
        if (!res.headersSent) sendProblem(res, 500, 'Internal Server Error', 'authmock could not load its HTTP layer; see its log');
      },
    );
  return Object.assign(handler, { dispatch: parts.dispatch });
}
