import { buildContractFixture } from "./support/contract-transports.js";

/**
 * Builds the transport contract's fixture (test/fixtures/contract) once per run, before any file
 * of the end-to-end project starts: the contract and the ownership tests both run its builds.
 */
export default function setup(): void {
  buildContractFixture();
}
