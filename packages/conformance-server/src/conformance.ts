#!/usr/bin/env node
// The conformance suite speaks Streamable HTTP only: run this with `--http --port N`
// (`pnpm run conformance` at the workspace root does, and runs the suite against it).
import { serve } from "typemcp";
import { ConformanceFixtures } from "./conformance-fixtures.js";

await serve(new ConformanceFixtures(), {
  name: "typemcp-conformance",
  title: "typemcp conformance fixtures",
  version: "0.1.0",
  instructions: "Fixtures for the official MCP conformance suite; every tool, resource and prompt answers exactly what the suite checks.",
});
