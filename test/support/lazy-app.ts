import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AuthmockApp } from '../../src/http/create-app.js';

/** An app a test can use at once while its runtime still starts (loading and compiling the specs is asynchronous). */
export interface LazyApp {
  (req: IncomingMessage, res: ServerResponse): void;
  /** the mocked APIs go through the handler too, once the app is ready */
  dispatch(req: IncomingMessage, res: ServerResponse): boolean;
  listen(port: number, host?: string, listening?: () => void): Server;
  ready: Promise<AuthmockApp>;
}

/** Wraps an app that is still being built: requests wait for it; a failure to build answers 500 with the reason. */
export function lazyApp(app: Promise<AuthmockApp>): LazyApp {
  app.catch(() => undefined); // reported on the first request
  const handler = (req: IncomingMessage, res: ServerResponse) =>
    void app.then(
      (ready) => ready(req, res),
      (err: unknown) => {
        res.statusCode = 500;
        res.end(`the app could not be built: ${(err as Error).message}`);
      },
    );
  return Object.assign(handler, {
    dispatch: () => false,
    listen: (port: number, host?: string, listening?: () => void) => createServer(handler).listen(port, host, listening),
    ready: app,
  });
}
