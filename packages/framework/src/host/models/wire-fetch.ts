/** Called with each HTTP exchange between the host and a model provider, as it happens. */
export type ProviderWireListener = (direction: "send" | "receive", line: string) => void;

/**
 * A `fetch` for a provider SDK that reports each request (method, path and JSON body) and each
 * response (status and JSON body) to `listener`: `--verbose` shows the model's wire as it shows
 * MCP's. The response body is read from a clone, so the SDK still parses the original.
 */
export function createWireFetch(listener: ProviderWireListener, inner: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? (input instanceof Request ? input.method : "GET");
    listener("send", `${method} ${url.pathname}${typeof init?.body === "string" ? ` ${init.body}` : ""}`);
    const response = await inner(input, init);
    const text = await response
      .clone()
      .text()
      .catch(() => "");
    listener("receive", `${response.status} ${text.replace(/\s*\n\s*/g, " ")}`);
    return response;
  };
}
