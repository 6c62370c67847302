import { buildContractFixture } from "./support/contract-transports.js";

/**
 * Builds the transport contract's fixture (test/fixtures/contract) once per run, before any file
 * that starts it: the contract and the ownership tests of the end-to-end project, and
 * stdio-robustness of the built-fixtures project, which must not depend on the other project
 * running beside it. Both projects list this setup; the run's one process keeps the first
 * build's mark in its environment, so a run of both builds once.
 */
export default function setup(): void {
  if (process.env.TYPEMCP_CONTRACT_FIXTURE_BUILT === "1") return;
  buildContractFixture();
  process.env.TYPEMCP_CONTRACT_FIXTURE_BUILT = "1";
}
