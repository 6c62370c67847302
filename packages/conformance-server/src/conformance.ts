#!/usr/bin/env node
// The conformance suite speaks Streamable HTTP only: run this with `--http --port N`
// (`pnpm run conformance` at the workspace root does, and runs the suite against it).
import { createServer, serve } from "typemcp";
import { ConformanceFixtures } from "./conformance-fixtures.js";
import { InputRequiredFixtures } from "./input-required-fixtures.js";
import { ListChangeTriggers } from "./list-change-triggers.js";
import { TaskFixtures } from "./task-fixtures.js";

const server = createServer([new ConformanceFixtures(), new InputRequiredFixtures(), new TaskFixtures()], {
  name: "typemcp-conformance",
  title: "typemcp conformance fixtures",
  version: "0.1.0",
  instructions: "Fixtures for the official MCP conformance suite; every tool, resource and prompt answers exactly what the suite checks.",
});
server.add(new ListChangeTriggers(server));
await serve(server);
