/**
 * The URI a mounted part knows, from the one served under `prefix` (the inverse of `prefixUri`):
 * `town://towns/Newton` → `town://Newton`. Undefined when `uri` does not carry the prefix.
 */
export function unprefixUri(prefix: string, uri: string): string | undefined {
  const match = /^([A-Za-z][A-Za-z0-9+.-]*:)(\/\/)?(.*)$/s.exec(uri);
  const [scheme, slashes, rest] = match ? [match[1]!, match[2] ?? "", match[3]!] : ["", "", uri];
  return rest.startsWith(`${prefix}/`) ? `${scheme}${slashes}${rest.slice(prefix.length + 1)}` : undefined;
}
