/** The `_meta` envelope a 2026-07-28 client sends with every request (no capabilities). */
export const META_2026 = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} };

/**
 * One 2026-07-28 request as a web `Request` to `url`, with the headers a client sends (`Mcp-Name`
 * mirrors `params.name` or `params.uri`; `headers` overrides any of them) and `meta` as its envelope.
 */
export function request2026(
  url: string,
  method: string,
  params: Record<string, unknown>,
  { headers = {}, meta = META_2026 }: { headers?: Record<string, string>; meta?: Record<string, unknown> } = {},
): Request {
  const name = (params.name ?? params.uri) as string | undefined;
  return new Request(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2026-07-28",
      "mcp-method": method,
      ...(name === undefined ? {} : { "mcp-name": name }),
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: { ...params, _meta: meta } }),
  });
}
