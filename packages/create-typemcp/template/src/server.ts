#!/usr/bin/env node
import { serve } from "typemcp";
import { Greeter } from "./greeter.js";

// Serves over stdio, the way a host (Claude Desktop, VS Code, Cursor) starts a local server.
// `node dist/server.js --http --port 3000` serves Streamable HTTP instead, with no code change.
serve(new Greeter(), { name: "{{name}}", version: "0.1.0" });
