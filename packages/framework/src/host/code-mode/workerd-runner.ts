/**
 * The worker a warm workerd serves code mode's programs with (see `WorkerdProcess`): each request
 * carries one program's module, which it loads as a dynamic worker of its own (a fresh isolate)
 * whose only way out (its `fetch`, its global outbound) is the host's bridge, with no bindings and
 * no environment; the program's answer is the response.
 */
interface WorkerLoader {
  get(id: string, code: () => unknown): { getEntrypoint(): { fetch(url: string, init: { method: string }): Promise<Response> } };
}

let next = 0;

export default {
  async fetch(request: Request, env: { LOADER: WorkerLoader; HOST: unknown }): Promise<Response> {
    const { source } = (await request.json()) as { source: string };
    const worker = env.LOADER.get(`program-${++next}`, () => ({
      compatibilityDate: "2025-09-01",
      mainModule: "program.js",
      modules: { "program.js": source },
      globalOutbound: env.HOST,
      env: {},
    }));
    return worker.getEntrypoint().fetch("http://program/", { method: "POST" });
  },
};
