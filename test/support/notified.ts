import type { TestClient } from "typemcp/testing";

/**
 * Resolves with the params of the next notification `method` that `client` receives for which
 * `matches` holds: a test waits on what the server says, never on a clock. Set it up before
 * doing what makes the server send it.
 */
export function notified(
  client: TestClient,
  method: string,
  matches: (params: Record<string, unknown>) => boolean = () => true,
): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    // Wrapped, never unwrapped: another wait may have wrapped this one since.
    const receive = client.receive.bind(client);
    client.receive = (notification) => {
      receive(notification);
      const params = (notification.params ?? {}) as Record<string, unknown>;
      if (notification.method === method && matches(params)) resolve(params);
    };
  });
}
