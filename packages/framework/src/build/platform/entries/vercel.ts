/**
 * What a Vercel build (`typemcp build --target vercel`) runs: the author's entry, whose `serve()`
 * call records the server, then a function answering each method with it. Stateless: a function
 * instance keeps no memory between requests.
 * @packageDocumentation
 */
import "typemcp:served-entry";
import { platformFetch } from "../../../platform/platform-serve.js";

const fetch = platformFetch({ stateless: true, tcp: true });

export const GET = fetch;
export const POST = fetch;
export const DELETE = fetch;
export const OPTIONS = fetch;
export default { fetch };
