import { runBuild } from "./build-command.js";

const USAGE = `Usage: typemcp <command>

Commands:
  build [--project tsconfig.json] [--check] [--no-bundle] [--external name]...
      Type-check the server package, derive each @tool method's schema from its types and
      JSDoc, and emit the JavaScript with the definitions built in. Each entry point (the
      package.json "bin" targets, else files with a #! line) is then bundled into one file.
      --check writes nothing; --no-bundle keeps plain tsc output; --external leaves a package
      as an import (native addons).
`;

const [command, ...rest] = process.argv.slice(2);
switch (command) {
  case "build":
    process.exitCode = await runBuild(rest);
    break;
  case undefined:
  case "help":
  case "--help":
  case "-h":
    process.stdout.write(USAGE);
    break;
  default:
    process.stderr.write(`typemcp: unknown command "${command}".\n\n${USAGE}`);
    process.exitCode = 2;
}
