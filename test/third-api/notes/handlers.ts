import type { Handler } from '../../../src/pipeline/stages.js';
import { issueToken } from '../../../src/auth/tokens.js';
import { notesError } from './error-codes.js';
import { findUser, type NotesUser } from './identities.js';

/** The notes API's handlers, keyed by operationId. */
export const notesHandlers: Record<string, Handler> = {
  async login(ctx) {
    const { username, password } = ctx.body as { username: string; password: string };
    const { store, secrets, random } = ctx.services;
    const user = await findUser(store.identities, ctx.ns.name, username);
    // an unknown name still costs a comparison (against the dummy digest)
    if (!secrets.matches(user?.passwordDigest, password)) throw notesError('INVALID_CREDENTIALS');
    const now = ctx.ns.now();
    const token = await issueToken({
      tokens: store.tokens,
      ns: ctx.ns.name,
      api: ctx.api.name,
      codec: ctx.api.tokens,
      random,
      now,
      lifetime: ctx.ns.settings.tokenLifetimes.notes,
      userType: 'notes',
      userId: user!.username,
    });
    return { status: 200, body: { token } };
  },
  listNotes(ctx) {
    const user = (ctx.principal as { identity: NotesUser }).identity;
    return { status: 200, body: { owner: user.username, notes: user.notes } };
  },
};
