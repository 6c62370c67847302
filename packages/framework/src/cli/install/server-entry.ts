/** What `typemcp install` puts in a host's config: a stdio command, or a Streamable HTTP URL. */
export type ServerEntry =
  | { kind: "stdio"; command: string; args: string[]; env: Record<string, string> }
  | { kind: "http"; url: string; headers: Record<string, string> };
