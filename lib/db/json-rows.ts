import "server-only";
import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";

/**
 * The parts of `insert into <table> (<columns>) select … from jsonb_to_recordset($1)`: a batch of
 * rows sent as one jsonb parameter instead of one parameter per value. The sync's inserts had 15
 * and 10 values a row, 75,000 parameters for a first list of 3,000 messages: Drizzle spent 0.77 s
 * building them (about 6 µs each) and PGlite about 0.4 s encoding them, a quarter of the import.
 *
 * Each key of a row names one of the table's columns in code; the columns written are every key
 * any row has, and a row without one of them writes null there (not the column's default). Values
 * are what Drizzle would send, dates becoming ISO strings through JSON. Text reaches here storable
 * (lib/text/storable-text.ts), so the JSON holds none of the escapes PostgreSQL's jsonb refuses
 * (NUL, lone surrogates); a value a column refuses fails with the same class of error (22) as it
 * does as a parameter.
 */
export function jsonRows<T extends PgTable>(table: T, rows: readonly T["$inferInsert"][]): { columns: SQL; select: SQL } {
  if (rows.length === 0) throw new Error("jsonRows needs at least one row");
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const columns = columnsOf(table, keys);
  const records = rows.map((row) => Object.fromEntries(columns.map((column, i) => [column.name, (row as Record<string, unknown>)[keys[i] as string] ?? null])));
  const names = sql.join(
    columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  );
  const definitions = sql.join(
    columns.map((column) => sql`${sql.identifier(column.name)} ${sql.raw(column.getSQLType())}`),
    sql`, `,
  );
  return {
    columns: sql`(${names})`,
    select: sql`select ${names} from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(${definitions})`,
  };
}

/** `col = excluded.col, …` for an upsert's `do update set`: these columns take the incoming row's values. */
export function takeIncoming<T extends PgTable>(table: T, keys: readonly (keyof T["$inferInsert"] & string)[]): SQL {
  return sql.join(
    columnsOf(table, keys).map((column) => sql`${sql.identifier(column.name)} = excluded.${sql.identifier(column.name)}`),
    sql`, `,
  );
}

function columnsOf(table: PgTable, keys: readonly string[]) {
  const all = getTableColumns(table);
  return keys.map((key) => {
    const column = all[key];
    if (!column) throw new Error(`${key} is not a column of the table`);
    return column;
  });
}
