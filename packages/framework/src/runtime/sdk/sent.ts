/**
 * What a transport of ours returns from `send` once the message is written or queued: one
 * promise, already resolved, for every message. A sender that finds it needs no reaction for a
 * failure that cannot come (a promise and a reaction fewer per answer).
 */
export const SENT: Promise<void> = Promise.resolve();
