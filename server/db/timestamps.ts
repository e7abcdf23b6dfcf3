import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from "kysely";

/**
 * Times read as ISO 8601 UTC strings (`2026-11-23T09:00:00.000Z`) from both databases, so every
 * query returns the same values on both: SQLite keeps that text; pg hands timestamptz(3) over as
 * Dates, turned here into the same strings. PostgreSQL reads an ISO string written into a
 * timestamptz itself. docs/decisions/053.
 */
export class IsoTimestampsPlugin implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result.rows.some(hasDate)
      ? { ...result, rows: result.rows.map(withIsoStrings) }
      : result;
  }
}

function hasDate(row: UnknownRow): boolean {
  return Object.values(row).some((value) => value instanceof Date);
}

function withIsoStrings(row: UnknownRow): UnknownRow {
  if (!hasDate(row)) return row;
  const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : value);
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, iso(value)]));
}
