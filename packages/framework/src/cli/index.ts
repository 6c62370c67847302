import { runBuild } from "./build-command.js";

const USAGE = `Usage: typemcp <command>

Commands:
  build [--project tsconfig.json] [--check]
      Type-check the server package, derive each @tool method's schema from its types and
      JSDoc, and emit the JavaScript with the definitions built in. --check writes nothing.
`;

const [command, ...rest] = process.argv.slice(2);
switch (command) {
  case "build":
    process.exitCode = runBuild(rest);
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
