#!/usr/bin/env node
// Committed launcher: pnpm links a workspace bin only if its target exists at install time,
// and dist/ is built after install.
import { main } from "../dist/index.js";

process.exitCode = await main(process.argv.slice(2));
