import { AsyncLocalStorage } from 'node:async_hooks';
import { AppError } from '../../foundation/errors';
import { LOCAL_ACTOR, type Actor } from './roles';

/**
 * Who the current call is made for, carried through async work: the server
 * runs each request inside `runAs` (the signed-in user, a named token, or
 * anonymous for public routes); the local CLI runs without one (the local
 * operator, admin). Core's guard (./guard.ts) and the audit log read it.
 */
const storage = new AsyncLocalStorage<Actor | null>();

/** Anonymous caller of a public route: may only use public operations. */
export const ANONYMOUS = null;

export function runAs<R>(actor: Actor | null, fn: () => R): R {
  return storage.run(actor, fn);
}

/** The actor of the current call: an Actor, null for anonymous, undefined outside any request (the local CLI). */
export function currentActor(): Actor | null | undefined {
  return storage.getStore();
}

/** The actor to name for a change: given, else the current request's, else the local operator. */
export function actingActor(given?: Actor | null): Actor {
  const a = given ?? currentActor();
  if (a === null) throw new AppError('unauthorized', 'Sign in to use this part of the API');
  return a ?? LOCAL_ACTOR;
}
