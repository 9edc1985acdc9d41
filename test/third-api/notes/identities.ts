import type { Identity, IdentityStore } from '../../../src/store/store.js';

export interface NotesUser {
  username: string;
  passwordDigest: Buffer;
  notes: { id: number; text: string }[];
}

/** A user is an identity of kind `user`, found by its username. */
export function userToIdentity(u: NotesUser): Identity {
  return {
    api: 'notes',
    kind: 'user',
    id: u.username,
    keys: [u.username],
    data: { username: u.username, passwordDigest: u.passwordDigest.toString('base64'), notes: u.notes },
  };
}

export function identityToUser(i: Identity): NotesUser {
  const d = i.data as { username: string; passwordDigest: string; notes: NotesUser['notes'] };
  return { username: d.username, passwordDigest: Buffer.from(d.passwordDigest, 'base64'), notes: d.notes ?? [] };
}

export async function findUser(identities: IdentityStore, ns: string, username: string): Promise<NotesUser | undefined> {
  const i = await identities.get({ ns, api: 'notes', kind: 'user', id: username });
  return i && identityToUser(i);
}
