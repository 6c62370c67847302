#!/usr/bin/env node
// Committed launcher: pnpm links a workspace bin only if its target exists at install time,
// and dist/ is built after install.
import "../dist/cli/index.js";
