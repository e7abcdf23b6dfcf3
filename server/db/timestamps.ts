import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from "kysely";

/**
 * Times are read as ISO 8601 UTC strings (`2026-11-23T09:00:00.000Z`) from
 * both databases. SQLite keeps them as that text already; PostgreSQL keeps
 * them as `timestamptz(3)` and pg hands them over as Date objects, which this
 * plugin turns into the same strings. So every query is written once and
 * returns the same values on both (docs/decisions/053). Written values need no
 * help: PostgreSQL reads an ISO string into a timestamptz parameter itself.
 */
export class IsoTimestampsPlugin implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const { result } = args;
    if (!result.rows.some(hasDate)) return Promise.resolve(result);
    return Promise.resolve({ ...result, rows: result.rows.map(withIsoStrings) });
  }
}

function hasDate(row: UnknownRow): boolean {
  return Object.values(row).some((value) => value instanceof Date);
}

function withIsoStrings(row: UnknownRow): UnknownRow {
  if (!hasDate(row)) return row;
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key,
      value instanceof Date ? value.toISOString() : value,
    ]),
  );
}
