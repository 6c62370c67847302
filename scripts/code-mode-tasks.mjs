// The three tasks scripts/code-mode-figures.mjs measures, and what the scripted model does in
// each setting: one entry per model request, either tool calls or the final answer. `learned`
// names what that request must already show the model (a result it read, a signature it
// searched for): the figures script fails a turn that acts on anything else.

const call = (name, input) => ({ name, input });
const program = (learned, ...lines) => ({ learned, calls: [call("run_program", { code: lines.join("\n") })] });
// Code mode's first step in every task: find the tools in a program, one search per need, best match only.
const discover = (...queries) =>
  program(["codemode.search(", "{ limit }"], `for (const q of ${JSON.stringify(queries)}) console.log(await codemode.search(q, { limit: 1 }));`);

const CHURN_ANSWER = "Customers 6, 21 and 36 (churned, Lyon) are leads again.";
const churn = {
  name: "churn",
  shape: "reads 100 records (30 KB) and keeps them in the program",
  prompt: "Find the churned customers in Lyon and make three of them leads again.",
  scripts: {
    all: [
      { calls: [call("crm__list_records", {})] },
      {
        learned: ["customer6@example.com", "customer21@example.com", "customer36@example.com"],
        calls: [6, 21, 36].map((id) => call("crm__update_status", { id, status: "lead" })),
      },
      { answer: CHURN_ANSWER },
    ],
    code: [
      discover("list customer records", "set customer status"),
      program(
        ["crm.list_records(", "city, status", "crm.update_status("],
        "const { records } = await crm.list_records();",
        'const lost = records.filter((r) => r.city === "Lyon" && r.status === "churned").slice(0, 3);',
        'for (const r of lost) await crm.update_status({ id: r.id, status: "lead" });',
        'console.log(lost.map((r) => r.id).join(", "));',
      ),
      { learned: ["6, 21, 36"], answer: CHURN_ANSWER },
    ],
  },
};

const SLOT = "2026-12-07T10:00:00.000Z";
const BOOKING_ANSWER = "Booked a 30-minute call with Customer 7 on 7 December at 10:00 UTC (evt_4821): they are invited, and it is noted on their record.";
const booking = {
  name: "booking",
  shape: "writes through three dependent steps on two servers",
  prompt: "Customer 7 wants a 30-minute call: book the first free slot after 2026-12-07T09:00Z, invite them and note it on their record.",
  scripts: {
    all: [
      { calls: [call("crm__get_record", { id: 7 }), call("calendar__find_free_slot", { minutes: 30, after: "2026-12-07T09:00Z" })] },
      { learned: [SLOT, "customer7@example.com"], calls: [call("calendar__create_event", { title: "Call with Customer 7", start: SLOT, minutes: 30 })] },
      {
        learned: ["evt_4821"],
        calls: [
          call("calendar__invite", { id: "evt_4821", email: "customer7@example.com" }),
          call("crm__add_note", { id: 7, text: `30-minute call on ${SLOT} (evt_4821).` }),
        ],
      },
      { answer: BOOKING_ANSWER },
    ],
    code: [
      discover("get customer record", "free slot", "create event", "invite", "add note"),
      program(
        ["crm.get_record(", "email", "calendar.find_free_slot(", "calendar.create_event(", "calendar.invite(", "crm.add_note("],
        "const { email } = await crm.get_record({ id: 7 });",
        'const slot = await calendar.find_free_slot({ minutes: 30, after: "2026-12-07T09:00Z" });',
        'const event = await calendar.create_event({ title: "Call with Customer 7", start: slot.start, minutes: 30 });',
        "await calendar.invite({ id: event.id, email });",
        "await crm.add_note({ id: 7, text: `30-minute call on ${slot.start} (${event.id}).` });",
        "console.log(slot.start, event.id, email);",
      ),
      { learned: [`${SLOT} evt_4821 customer7@example.com`], answer: BOOKING_ANSWER },
    ],
  },
};

// What the reports of test/fixtures/office-servers.mjs say: a revenue line each.
const MONTHS = Array.from({ length: 12 }, (_, i) => ({
  path: `/reports/2026-${String(i + 1).padStart(2, "0")}.md`,
  line: `2026-${String(i + 1).padStart(2, "0")}: Revenue: ${(180_000 + ((i * 7919) % 60_000)).toLocaleString("en-US")} EUR`,
}));
const REPORTS_ANSWER = "Wrote /reports/summary.md: twelve lines, one for each month of 2026 with its revenue.";
const reports = {
  name: "reports",
  shape: "reads twelve files and writes one",
  prompt: "Write /reports/summary.md with one line per monthly report in /reports: its month and its revenue.",
  scripts: {
    all: [
      { calls: [call("files__list_files", { folder: "/reports" })] },
      { learned: MONTHS.map((m) => m.path), calls: MONTHS.map((m) => call("files__read_file", { path: m.path })) },
      {
        learned: MONTHS.map((m) => m.line.slice("2026-01: ".length)),
        calls: [call("files__write_file", { path: "/reports/summary.md", text: MONTHS.map((m) => m.line).join("\n") })],
      },
      { learned: ["Wrote"], answer: REPORTS_ANSWER },
    ],
    code: [
      discover("list files", "read file", "write file"),
      program(
        ["files.list_files(", "files.read_file(", "files.write_file(", "content: {type: string; text?: string}[]"],
        'const { files: paths } = await files.list_files({ folder: "/reports" });',
        "const lines: string[] = [];",
        "for (const path of paths) {",
        '  const text = (await files.read_file({ path })).content[0].text ?? "";',
        '  lines.push(`${path.slice(9, 16)}: ${text.match(/revenue[^\\n]*/i)?.[0] ?? "no revenue line"}`);',
        "}",
        'await files.write_file({ path: "/reports/summary.md", text: lines.join("\\n") });',
        'console.log(lines.join("\\n"));',
      ),
      { learned: MONTHS.map((m) => m.line), answer: REPORTS_ANSWER },
    ],
  },
};

/** The tasks, in the order the doc's table lists them. */
export const TASKS = [churn, booking, reports];
