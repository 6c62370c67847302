import type { UsedStates } from "../../runtime/rounds/used-states.js";
import type { DurableObjectNamespace, DurableObjectStorage } from "./durable-object-types.js";
import { answer, callObject, stateObject } from "./durable-protocol.js";

/** {@link UsedStates} on the Durable Object named `used-states`: a 2026-07-28 `requestState` used in one isolate is refused in every other. */
export class DurableUsedStates implements UsedStates {
  constructor(private readonly namespace: DurableObjectNamespace) {}

  claim(id: string, ttlMs: number): Promise<boolean> {
    return callObject<boolean>(stateObject(this.namespace, "used-states"), "used/claim", { id, ttlMs }, "record a requestState as used");
  }
}

/** Sweep expired ids at most this often (ms). */
const SWEEP_MS = 60_000;

/** The `used-states` object's side: each id under `u:<id>` until it expires (10 minutes at most), swept as claims come. */
export class DurableUsedStateRecords {
  private sweptAt = 0;

  constructor(private readonly storage: DurableObjectStorage) {}

  async handle(_operation: string, args: Record<string, unknown>): Promise<Response> {
    const now = Date.now();
    if (now - this.sweptAt > SWEEP_MS) {
      this.sweptAt = now;
      const expired = [...(await this.storage.list<number>({ prefix: "u:" })).entries()].filter(([, until]) => until <= now).map(([name]) => name);
      for (let at = 0; at < expired.length; at += 128) await this.storage.delete(expired.slice(at, at + 128));
    }
    const name = `u:${String(args.id)}`;
    const until = await this.storage.get<number>(name);
    if (until !== undefined && until > now) return answer(false);
    await this.storage.put(name, now + Number(args.ttlMs));
    return answer(true);
  }
}
