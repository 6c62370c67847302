// The calculator with timing() on every request (one line per request to stderr): what
// `pnpm bench` compares with the plain calculator for the cost of timing.
import { Calculator } from "@typemcp/calc-server/calculator";
import { serve } from "typemcp";
import { timing } from "typemcp/middleware";

await serve(new Calculator(), { name: "calc", version: "1.0.0", use: [timing()] });
