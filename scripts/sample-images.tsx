import { Resvg } from "@resvg/resvg-js";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { ReactNode } from "react";
import satori from "satori";
import sharp from "sharp";
import { interFonts } from "~/lib/inter-font.server";

/*
 * `npx tsx scripts/sample-images.tsx`: draws the sample content's screens
 * (LedgerLoop's case study and the reconciliation post's cover) with satori
 * and resvg, from the installed Inter font, the same every time, and writes
 * them as PNG sources under content/images/ (docs/decisions/093). The build
 * makes their responsive variants like any author's upload.
 */

const width = 1600;
const ink = "#0f172a";
const muted = "#64748b";
const line = "#e2e8f0";
const accent = "#4f46e5";
const ok = "#059669";
const warn = "#d97706";

const navItems = ["Overview", "Settlements", "Rules", "Exceptions", "Audit trail", "Banks"];

/** LedgerLoop's window: a sidebar, a top bar with the page's title, and its content. */
function Screen({
  title,
  active,
  children,
}: {
  title: string;
  active: string;
  children: ReactNode;
}) {
  return (
    <div
      style={{
        width,
        height: 1000,
        display: "flex",
        background: "#f8fafc",
        fontFamily: "Inter",
        color: ink,
      }}
    >
      <div
        style={{
          width: 260,
          flexShrink: 0,
          display: "flex",
          flexDirection: "column",
          background: ink,
          color: "#cbd5e1",
          padding: "32px 24px",
        }}
      >
        <div
          style={{
            display: "flex",
            alignItems: "center",
            gap: 12,
            color: "white",
            fontSize: 26,
            fontWeight: 600,
          }}
        >
          <div
            style={{
              width: 34,
              height: 34,
              borderRadius: 10,
              background: "linear-gradient(135deg, #6366f1, #06b6d4)",
            }}
          />
          LedgerLoop
        </div>
        <div style={{ display: "flex", flexDirection: "column", gap: 6, marginTop: 48 }}>
          {navItems.map((item) => (
            <div
              key={item}
              style={{
                display: "flex",
                padding: "12px 16px",
                borderRadius: 10,
                fontSize: 19,
                background: item === active ? "rgba(99,102,241,0.25)" : "transparent",
                color: item === active ? "white" : "#94a3b8",
              }}
            >
              {item}
            </div>
          ))}
        </div>
        <div style={{ display: "flex", marginTop: "auto", fontSize: 16, color: "#64748b" }}>
          Meridian Pay · Operations
        </div>
      </div>
      <div
        style={{
          flexGrow: 1,
          minWidth: 0,
          display: "flex",
          flexDirection: "column",
          padding: "36px 44px",
        }}
      >
        <div style={{ display: "flex", justifyContent: "space-between", alignItems: "center" }}>
          <div style={{ fontSize: 34, fontWeight: 600 }}>{title}</div>
          <div style={{ display: "flex", gap: 12, fontSize: 17, color: muted }}>
            <div
              style={{
                display: "flex",
                padding: "10px 16px",
                border: `1px solid ${line}`,
                borderRadius: 10,
                background: "white",
              }}
            >
              Today, 14:05 CET
            </div>
            <div
              style={{
                display: "flex",
                padding: "10px 16px",
                borderRadius: 10,
                background: accent,
                color: "white",
              }}
            >
              Export
            </div>
          </div>
        </div>
        {children}
      </div>
    </div>
  );
}

function Tile({
  label,
  value,
  note,
  tone = ink,
}: {
  label: string;
  value: string;
  note: string;
  tone?: string;
}) {
  return (
    <div
      style={{
        flex: 1,
        display: "flex",
        flexDirection: "column",
        padding: 24,
        borderRadius: 16,
        background: "white",
        border: `1px solid ${line}`,
      }}
    >
      <div style={{ fontSize: 17, color: muted }}>{label}</div>
      <div style={{ fontSize: 52, fontWeight: 600, marginTop: 8, color: tone }}>{value}</div>
      <div style={{ fontSize: 16, color: muted, marginTop: 6 }}>{note}</div>
    </div>
  );
}

function Panel({
  title,
  children,
  grow = 1,
}: {
  title: string;
  children: ReactNode;
  grow?: number;
}) {
  return (
    <div
      style={{
        flex: grow,
        display: "flex",
        flexDirection: "column",
        padding: 24,
        borderRadius: 16,
        background: "white",
        border: `1px solid ${line}`,
      }}
    >
      <div style={{ fontSize: 20, fontWeight: 600 }}>{title}</div>
      {children}
    </div>
  );
}

/** Matched and unmatched payments by hour: deterministic heights. */
const hourly = [38, 44, 52, 61, 70, 84, 92, 88, 95, 90, 86, 79, 73, 81, 89, 94];

function Overview() {
  return (
    <Screen title="Reconciliation overview" active="Overview">
      <div style={{ display: "flex", gap: 20, marginTop: 32 }}>
        <Tile label="Matched automatically" value="92%" note="+31 points since go-live" tone={ok} />
        <Tile label="Settlements today" value="4.1M" note="card, bank and wallet" />
        <Tile label="Open exceptions" value="318" note="41 older than 24 hours" tone={warn} />
      </div>
      <div style={{ display: "flex", gap: 20, marginTop: 20, flexGrow: 1 }}>
        <Panel title="Payments matched, by hour" grow={3}>
          <div
            style={{
              display: "flex",
              alignItems: "flex-end",
              gap: 14,
              flexGrow: 1,
              marginTop: 24,
              borderBottom: `2px solid ${line}`,
            }}
          >
            {hourly.map((value, index) => (
              <div
                key={index}
                style={{
                  flex: 1,
                  display: "flex",
                  flexDirection: "column",
                  justifyContent: "flex-end",
                  height: "100%",
                }}
              >
                <div
                  style={{
                    height: `${100 - value}%`,
                    background: "#fde68a",
                    borderRadius: "6px 6px 0 0",
                  }}
                />
                <div style={{ height: `${value * 0.9}%`, background: accent }} />
              </div>
            ))}
          </div>
          <div
            style={{
              display: "flex",
              justifyContent: "space-between",
              fontSize: 15,
              color: muted,
              marginTop: 10,
            }}
          >
            <div>06:00</div>
            <div>10:00</div>
            <div>14:00</div>
            <div>18:00</div>
            <div>22:00</div>
          </div>
        </Panel>
        <Panel title="Sources" grow={2}>
          {[
            ["Card acquirer A", "99.1%", ok],
            ["Card acquirer B", "97.4%", ok],
            ["SEPA bank feed", "93.8%", ok],
            ["Wallet settlements", "86.2%", warn],
            ["Faster Payments", "91.5%", ok],
          ].map(([name, rate, tone]) => (
            <div
              key={name}
              style={{
                display: "flex",
                justifyContent: "space-between",
                padding: "16px 0",
                borderBottom: `1px solid ${line}`,
                fontSize: 19,
              }}
            >
              <div>{name}</div>
              <div style={{ color: tone, fontWeight: 600 }}>{rate}</div>
            </div>
          ))}
        </Panel>
      </div>
    </Screen>
  );
}

function Stage({ title, detail, tone = accent }: { title: string; detail: string; tone?: string }) {
  return (
    <div
      style={{
        width: 236,
        display: "flex",
        flexDirection: "column",
        padding: 20,
        boxSizing: "border-box",
        borderRadius: 16,
        background: "white",
        border: `2px solid ${tone}`,
      }}
    >
      <div style={{ fontSize: 21, fontWeight: 600, color: tone }}>{title}</div>
      <div style={{ fontSize: 16, color: muted, marginTop: 8, lineHeight: 1.4 }}>{detail}</div>
    </div>
  );
}

/** A connector between stages (Inter's Latin subset has no arrow glyph). */
const Arrow = () => (
  <div style={{ display: "flex", alignItems: "center", padding: "0 8px" }}>
    <div style={{ width: 22, height: 4, background: "#94a3b8" }} />
    <div style={{ width: 12, height: 12, borderRadius: 6, background: "#94a3b8" }} />
  </div>
);

function Flow() {
  return (
    <Screen title="Matching flow" active="Rules">
      <div style={{ display: "flex", alignItems: "center", marginTop: 130 }}>
        <div style={{ display: "flex", flexDirection: "column", gap: 16 }}>
          <Stage title="Card files" detail="3 acquirers, every 15 minutes" tone={ink} />
          <Stage title="Bank feeds" detail="camt.053 and MT940" tone={ink} />
          <Stage title="Wallets" detail="2 providers, hourly" tone={ink} />
        </div>
        <Arrow />
        <Stage title="Ingest" detail="Kafka topics per source, replayable for 30 days" />
        <Arrow />
        <Stage title="Match rules" detail="amount, date window, reference; edited by operations" />
        <Arrow />
        <div style={{ display: "flex", flexDirection: "column", gap: 16 }}>
          <Stage title="Matched 92%" detail="posted to the ledger in minutes" tone={ok} />
          <Stage title="Exceptions 8%" detail="to the workspace, with evidence" tone={warn} />
        </div>
      </div>
      <div style={{ display: "flex", gap: 20, marginTop: "auto" }}>
        <Tile label="Median time to match" value="4 min" note="was the next morning" tone={ok} />
        <Tile label="Rules in production" value="127" note="written by the operations team" />
        <Tile label="Banks onboarded" value="1 week" note="was a quarter" />
      </div>
    </Screen>
  );
}

function Result() {
  const rows = [
    ["Settlement line", "EUR 12,480.00", "2026-03-11", "MPX-88213"],
    ["Bank credit", "EUR 12,474.60", "2026-03-12", "MPX88213 FEE"],
  ];
  return (
    <Screen title="Exception MPX-88213" active="Exceptions">
      <div style={{ display: "flex", gap: 20, marginTop: 32, flexGrow: 1 }}>
        <Panel title="Source records, side by side" grow={3}>
          <div
            style={{
              display: "flex",
              fontSize: 16,
              color: muted,
              marginTop: 20,
              paddingBottom: 10,
              borderBottom: `2px solid ${line}`,
            }}
          >
            {["Record", "Amount", "Date", "Reference"].map((heading) => (
              <div key={heading} style={{ flex: 1 }}>
                {heading}
              </div>
            ))}
          </div>
          {rows.map((row) => (
            <div
              key={row[0]}
              style={{
                display: "flex",
                fontSize: 19,
                padding: "18px 0",
                borderBottom: `1px solid ${line}`,
              }}
            >
              {row.map((cell) => (
                <div key={cell} style={{ flex: 1 }}>
                  {cell}
                </div>
              ))}
            </div>
          ))}
          <div
            style={{
              display: "flex",
              flexDirection: "column",
              marginTop: 28,
              padding: 22,
              borderRadius: 14,
              background: "#ecfdf5",
              border: "1px solid #a7f3d0",
            }}
          >
            <div style={{ fontSize: 20, fontWeight: 600, color: ok }}>
              Suggested fix: interchange fee of EUR 5.40
            </div>
            <div style={{ fontSize: 17, color: muted, marginTop: 8 }}>
              Matches rule 41, "acquirer B nets its fee". Accept to post the fee and close the
              break.
            </div>
            <div style={{ display: "flex", gap: 12, marginTop: 18 }}>
              <div
                style={{
                  display: "flex",
                  padding: "10px 18px",
                  borderRadius: 10,
                  background: ok,
                  color: "white",
                  fontSize: 17,
                }}
              >
                Accept and post
              </div>
              <div
                style={{
                  display: "flex",
                  padding: "10px 18px",
                  borderRadius: 10,
                  border: `1px solid ${line}`,
                  fontSize: 17,
                }}
              >
                Assign to analyst
              </div>
            </div>
          </div>
          <div style={{ fontSize: 20, fontWeight: 600, marginTop: 32 }}>
            Similar breaks this week
          </div>
          {[
            ["Acquirer B fee netted", "41 closed by rule 41", ok],
            ["Wallet payout split in two", "12 open, grouped", warn],
            ["Bank credit a day late", "9 matched on day two", ok],
          ].map(([cause, state, tone]) => (
            <div
              key={cause}
              style={{
                display: "flex",
                justifyContent: "space-between",
                padding: "14px 0",
                borderBottom: `1px solid ${line}`,
                fontSize: 18,
              }}
            >
              <div>{cause}</div>
              <div style={{ color: tone }}>{state}</div>
            </div>
          ))}
        </Panel>
        <Panel title="Audit trail" grow={2}>
          {[
            ["14:02", "Break raised by rule engine"],
            ["14:02", "Evidence attached: 2 records"],
            ["14:03", "Fix suggested from rule 41"],
            ["14:05", "Opened by A. Novak"],
            ["14:06", "Fee posted to ledger 4410"],
            ["14:06", "Break closed, 4 minutes"],
          ].map(([time, event]) => (
            <div
              key={event}
              style={{
                display: "flex",
                gap: 16,
                padding: "16px 0",
                borderBottom: `1px solid ${line}`,
                fontSize: 18,
              }}
            >
              <div style={{ color: muted, width: 60 }}>{time}</div>
              <div>{event}</div>
            </div>
          ))}
        </Panel>
      </div>
    </Screen>
  );
}

const images: [string, () => ReactNode][] = [
  ["content/images/products/ledgerloop/overview.png", Overview],
  ["content/images/products/ledgerloop/flow.png", Flow],
  ["content/images/products/ledgerloop/result.png", Result],
  ["content/images/posts/reconciliation-at-scale/cover.png", Flow],
];

const fonts = interFonts(400, 600);
for (const [file, Draw] of images) {
  const svg = await satori(<Draw />, { width, height: 1000, fonts });
  // Drawn at 1.5x, so the 1,280 px variant and a 2x phone have sharp text.
  const pixels = new Resvg(svg, { fitTo: { mode: "width", value: width * 1.5 } }).render().asPng();
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, await sharp(pixels).png({ compressionLevel: 9, palette: true }).toBuffer());
  console.log(`${file}: ${(await sharp(file).metadata()).width} px`);
}
