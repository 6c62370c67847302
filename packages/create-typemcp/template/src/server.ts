#!/usr/bin/env node
import { serve } from "typemcp";
import { maskErrors } from "typemcp/middleware";
import { Greeter } from "./greeter.js";

// Configuration comes from the environment: a host sets it under "env" in its config (see the
// README), a shell with GREETER_SIGN_OFF="…" node dist/server.js. Secrets such as API keys
// belong here too, never in the source.
const greeter = new Greeter({ signOff: process.env.GREETER_SIGN_OFF });

// Serves over stdio, the way a host (Claude Desktop, VS Code, Cursor) starts a local server.
// `node dist/server.js --http --port 3000` serves Streamable HTTP instead, with no code change.
// maskErrors() keeps an unexpected error's message (a path, a query) from the client: the model
// reads "Internal error (reference …)." and stderr gets the stack; a ToolError's message still reaches it.
await serve(greeter, { name: "{{name}}", version: "0.1.0", use: [maskErrors()] });
