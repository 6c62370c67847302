// The calculator served on its own with the gateway sample's middleware (`maskErrors()` and
// `logRequests()`, in that order): what `node bench/gateway-check.mjs` compares the gateway with,
// so that the ratio is the gateway's own cost (mounting, the prefixed names) and not its middleware's.
import { Calculator } from "@typemcp/calc-server/calculator";
import { serve } from "typemcp";
import { logRequests, maskErrors } from "typemcp/middleware";

await serve(new Calculator(), { name: "calc", version: "1.0.0", use: [maskErrors(), logRequests()] });
