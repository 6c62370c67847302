import type { DurableObjectNamespace, DurableObjectStub } from "./durable-object-types.js";
import { stateObject } from "./durable-protocol.js";

/**
 * Which object keeps a task, found from what every task operation carries, with no lookup: an
 * owned task lives in its owner's object (`tasks:owner:<digest of the owner key>`), so an
 * owner's tasks, its caps and its listing are all in one place and no owner waits on another's
 * object; a task with no owner, reached by its id alone, lives in one of 256 objects chosen by
 * the first two hex digits of its random id (`tasks:free:<xx>`). An operation with another owner
 * than the task's reaches another object, which does not know the task: the same answer as a
 * task owned by someone else.
 *
 * The owner key is digested so that no caller's identity (a user, a key's name, an address) is
 * part of an object's name.
 */
export async function taskShard(namespace: DurableObjectNamespace, taskId: string, owner: string | undefined): Promise<DurableObjectStub | undefined> {
  const name = await taskShardName(taskId, owner);
  return name === undefined ? undefined : stateObject(namespace, name);
}

/** The name of the object that keeps `owner`'s task `taskId`; undefined for an unowned id no shard can hold. */
export async function taskShardName(taskId: string, owner: string | undefined): Promise<string | undefined> {
  if (owner !== undefined) return `tasks:owner:${await digestOf(owner)}`;
  const lead = /^[0-9a-f]{2}/.exec(taskId)?.[0];
  return lead === undefined ? undefined : `tasks:free:${lead}`;
}

async function digestOf(text: string): Promise<string> {
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return Array.from(digest.subarray(0, 16), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
