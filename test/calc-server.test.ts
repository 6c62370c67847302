import { describe } from "vitest";
import { calcContract, type Connection } from "./contract/calc-contract.js";
import { connectHttp, startHttpServer } from "./support/http-server.js";
import { CALC_SERVER } from "./support/paths.js";
import { connectToServer } from "./support/stdio-client.js";

/** Starts the calculator over HTTP with `flags` and connects the SDK's client to it. */
async function overHttp(...flags: string[]): Promise<Connection> {
  const server = await startHttpServer(CALC_SERVER, flags);
  const client = await connectHttp(server.url);
  return {
    client,
    async close() {
      await client.close();
      await server.stop();
    },
  };
}

describe("calc server over stdio", () => {
  calcContract(() => connectToServer(CALC_SERVER));
});

describe("calc server over Streamable HTTP", () => {
  calcContract(() => overHttp());
});

describe("calc server over stateless Streamable HTTP", () => {
  calcContract(() => overHttp("--stateless"));
});
