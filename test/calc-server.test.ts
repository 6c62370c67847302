import { describe } from "vitest";
import { calcContract } from "./contract/calc-contract.js";
import { connectHttp, startHttpServer } from "./support/http-server.js";
import { CALC_SERVER } from "./support/paths.js";
import { connectToServer } from "./support/stdio-client.js";

describe("calc server over stdio", () => {
  calcContract(() => connectToServer(CALC_SERVER));
});

describe("calc server over Streamable HTTP", () => {
  calcContract(async () => {
    const server = await startHttpServer(CALC_SERVER);
    const client = await connectHttp(server.url);
    return {
      client,
      async close() {
        await client.close();
        await server.stop();
      },
    };
  });
});

describe("calc server over stateless Streamable HTTP", () => {
  calcContract(async () => {
    const server = await startHttpServer(CALC_SERVER, ["--stateless"]);
    const client = await connectHttp(server.url);
    return {
      client,
      async close() {
        await client.close();
        await server.stop();
      },
    };
  });
});
