import { describe, expect, test } from "vitest";
import { toServerIndex } from "./server-index.js";

const tool = (name: string, description: string) => ({ name, description, inputSchema: { type: "object" } });

describe("toServerIndex", () => {
  test("gives each server a line: its namespace and the words most of its tools use, not the verbs or its own name", () => {
    const calendar = [
      tool("list_events", "List events between two dates."),
      tool("create_event", "Create an event."),
      tool("invite", "Invite someone to an event."),
      tool("list_calendars", "List the calendars you can see."),
      tool("share_calendar", "Share a calendar with someone."),
    ];
    const calc = [tool("add", "Add two numbers."), tool("sqrt", "Square root.")];
    expect(
      toServerIndex([
        { name: "calendar", namespace: "calendar", tools: calendar },
        { name: "calc", namespace: "calc", tools: calc },
      ]),
    ).toBe("calendar: event, someone\ncalc");
  });

  test("counts a plural as its singular, without cutting a word short ('directories' is 'directory')", () => {
    const files = [
      tool("list_directories", "List the directories allowed."),
      tool("make_directory", "Make a directory."),
      tool("status", "The status of the server."),
      tool("stat", "The status of a file."),
    ];
    expect(toServerIndex([{ name: "files", namespace: "files", tools: files }])).toBe("files: directory, status");
  });
});
