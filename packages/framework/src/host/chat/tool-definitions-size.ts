/** The size of the tool definitions one request carries: bytes of JSON and a token estimate. */
export function toolDefinitionsSize(tools: readonly unknown[]): { bytes: number; tokens: number } {
  const bytes = tools.length ? Buffer.byteLength(JSON.stringify(tools), "utf8") : 0;
  // About four bytes a token for English and JSON with the common tokenizers: an estimate to
  // compare runs (full tools against --lazy-tools), not a bill.
  return { bytes, tokens: Math.ceil(bytes / 4) };
}
