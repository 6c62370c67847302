import { randomUUID } from "node:crypto";
import { FinishWatchers } from "../runtime/tasks/finish-watchers.js";
import type { RedisConnection } from "./redis-connection.js";

/**
 * Tells `tasks/result` waiters, on every instance sharing a Redis, that a task finished: the
 * instance that stores its end publishes the task id on `<prefix>tasks-finished`, and each
 * instance with waiters wakes theirs. Without it, a thousand waiters would each read their task
 * from Redis ten times a second. Best effort both ways (pub/sub keeps nothing while a connection
 * is down): a waiter still reads its task every second.
 */
export class RedisTaskFinishes {
  private readonly watchers = new FinishWatchers();
  /** Tells this instance's own messages apart: its waiters were woken directly. */
  private readonly origin = randomUUID();
  private subscribed: Promise<void> | undefined;

  constructor(
    private readonly redis: RedisConnection,
    private readonly channel: string,
  ) {}

  /** Wakes `listener` when `taskId` finishes on any instance; the subscription opens with the first waiter. */
  watch(taskId: string, listener: () => void): () => void {
    this.subscribed ??= this.subscribe().catch(() => {
      // Not listening: the waiters read their tasks every second; the next waiter tries again.
      this.subscribed = undefined;
    });
    return this.watchers.watch(taskId, listener);
  }

  /** Tells every instance that `taskId` finished: this one's waiters at once, the others through Redis. */
  publish(taskId: string): void {
    this.watchers.tell(taskId);
    this.redis.client.publish(this.channel, `${this.origin} ${taskId}`).catch(() => {
      // Other instances' waiters read their tasks every second.
    });
  }

  private async subscribe(): Promise<void> {
    const subscriber = await this.redis.open();
    subscriber.on("message", (channel, message) => {
      if (channel !== this.channel || !this.watchers.watching) return;
      const space = message.indexOf(" ");
      if (message.slice(0, space) !== this.origin) this.watchers.tell(message.slice(space + 1));
    });
    try {
      await subscriber.subscribe(this.channel);
    } catch (error) {
      // The next waiter opens a connection of its own: this one would stay open, listening to nothing.
      subscriber.disconnect();
      throw error;
    }
  }
}
