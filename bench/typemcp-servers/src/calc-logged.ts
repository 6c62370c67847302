// The calculator with logRequests() on every request (one JSON line per request to stderr): what
// `pnpm bench` compares with the plain calculator for the cost of request logging.
import { Calculator } from "@typemcp/calc-server/calculator";
import { serve } from "typemcp";
import { logRequests } from "typemcp/middleware";

await serve(new Calculator(), { name: "calc", version: "1.0.0", use: [logRequests()] });
