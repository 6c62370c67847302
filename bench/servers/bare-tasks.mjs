// The floor of bench/scaling.mjs's task rows: a bare node:http server that keeps each task the
// least a task server can and nothing of typemcp or the SDK: a Map entry with its state and a
// copy of its arguments, an AbortController, a timer and a promise until its work is done, and
// its result for `tasks/result`. What RSS a running task costs here is V8's and Node's own.
//   node servers/bare-tasks.mjs --port N
import { randomUUID } from "node:crypto";
import http from "node:http";

const port = Number(process.argv[process.argv.indexOf("--port") + 1]);
const tasks = new Map();

http
  .createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => (body += chunk));
    req.on("end", async () => {
      const message = JSON.parse(body);
      const send = (result) => {
        const text = JSON.stringify({ jsonrpc: "2.0", id: message.id, result });
        res.writeHead(200, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text) });
        res.end(text);
      };
      if (message.method === "tools/list") return send({ tools: [{ name: "work", inputSchema: { type: "object" } }] });
      if (message.method === "tools/call") return send({ task: startTask(message.params.arguments, message.params.task?.ttl) });
      if (message.method === "tasks/result") {
        const task = tasks.get(message.params.taskId);
        await task.done;
        return send({ content: [{ type: "text", text: JSON.stringify(task.result) }], structuredContent: task.result });
      }
      send({});
    });
  })
  .listen(port, "127.0.0.1");

// Outside the request's closures: a task's timer and promise hold only the task, not the request and response.
function startTask(args, ttl) {
  const now = new Date().toISOString();
  const state = { taskId: randomUUID(), status: "working", createdAt: now, lastUpdatedAt: now, ttl, pollInterval: 50 };
  const task = { state, arguments: structuredClone(args), controller: new AbortController(), result: undefined, done: undefined };
  task.done = new Promise((resolve) => setTimeout(resolve, args.ms)).then(() => {
    task.result = { n: args.n };
    task.state = { ...state, status: "completed", lastUpdatedAt: new Date().toISOString() };
  });
  tasks.set(state.taskId, task);
  return state;
}
