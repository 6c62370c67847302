import { describe, expect, test } from "vitest";
import { findUnknownFlag } from "./server-flags.js";

describe("findUnknownFlag", () => {
  test("accepts every flag serve() reads, with their values, and whatever follows --", () => {
    expect(findUnknownFlag([])).toBeUndefined();
    expect(findUnknownFlag(["--http", "--port", "0", "--host", "0.0.0.0", "--stateless", "--list-ttl", "60"])).toBeUndefined();
    expect(findUnknownFlag(["--max-sessions", "5", "--max-sessions-per-client", "2", "--redis", "redis://x"])).toBeUndefined();
    expect(findUnknownFlag(["--stdio", "--", "--verbose", "--db", "x.sqlite"])).toBeUndefined();
  });

  test("takes a value that looks like a flag as the value of the flag before it", () => {
    expect(findUnknownFlag(["--allowed-hosts", "--weird"])).toBeUndefined();
  });

  test.each([
    ["--htpp", "unknown flag --htpp; did you mean --http? (a server's own flags go after --)"],
    ["--prot", "unknown flag --prot; did you mean --port? (a server's own flags go after --)"],
    ["--stateles", "unknown flag --stateles; did you mean --stateless? (a server's own flags go after --)"],
    ["-http", "unknown flag -http; did you mean --http? (a server's own flags go after --)"],
    ["--port=3000", 'unknown flag --port=3000: write --port 3000, with a space, not "=".'],
  ])("names %s and the fix", (flag, message) => {
    expect(findUnknownFlag(["--http", flag])).toBe(message);
  });

  test("lists the flags when nothing known is near", () => {
    expect(findUnknownFlag(["--verbose"])).toBe(
      "unknown flag --verbose; a typemcp server takes --http, --stdio, --port N, --host ADDRESS, --allowed-hosts LIST, " +
        "--allowed-origins LIST, --stateless, --max-sessions N, --max-sessions-per-client N, --max-listens N, --max-listens-per-client N, " +
        "--listen-idle SECONDS, --headers-timeout SECONDS, --body-timeout SECONDS, --redis URL, --auth-issuer URL, --auth-resource URL, " +
        "--api-keys FILE, --auth-proxy URL, --auth-proxy-client-id ID, --auth-proxy-scopes LIST, --auth-proxy-authorization-endpoint URL, --auth-proxy-token-endpoint URL, --auth-proxy-token-auth-method METHOD, --auth-proxy-consent, --trust-proxy HOPS|LIST, --proxy-header NAME, --ipv6-subnet BITS, --list-ttl SECONDS, " +
        "--max-tasks N, --max-tasks-per-owner N, --max-task-result-bytes N, --max-task-bytes N, --max-task-bytes-per-owner N, --max-task-ttl SECONDS " +
        "(a server's own flags go after --).",
    );
  });
});
