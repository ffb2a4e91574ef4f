import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/db.ts';
import { migrate, splitStatements } from '../../server/db/migrate.ts';
import { createTestDb } from '../support/test-db.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('../../server/db/migrations/', import.meta.url));
const CORE_TABLES = [
  'site_config',
  'access_restrictions',
  'notices',
  'station_ads',
  'suspension_icons',
  'pop_activities',
  'api_cache',
  'json_cache',
  'app_meta',
];
/** Every migration file, in the order migrate() applies them. */
const migrationFiles = async () =>
  (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{3}-.+\.sql$/.test(f)).sort();

describe('splitStatements', () => {
  it('splits on semicolons at line ends and drops comment lines', () => {
    const sql = [
      '-- a comment; with a semicolon;',
      'CREATE TABLE a (',
      '  id int -- trailing remark',
      ');',
      '  -- indented comment;',
      'INSERT INTO a VALUES (1);',
      '',
    ].join('\n');
    expect(splitStatements(sql)).toEqual([
      'CREATE TABLE a (\n  id int -- trailing remark\n);',
      'INSERT INTO a VALUES (1);',
    ]);
  });

  it('keeps a $$ body whole, semicolons and comment lines included', () => {
    const body = [
      'CREATE FUNCTION f() RETURNS int AS $$',
      'BEGIN',
      '  -- inside the body;',
      '  PERFORM 1;',
      '  RETURN 1;',
      'END;',
      '$$ LANGUAGE plpgsql;',
    ].join('\n');
    const sql = `${body}\nSELECT f();\n`;
    expect(splitStatements(sql)).toEqual([body, 'SELECT f();']);
  });

  it('treats $$ opened and closed on one line as closed', () => {
    const sql = 'CREATE FUNCTION g() RETURNS int LANGUAGE sql AS $$ SELECT 1; $$;\nSELECT g();';
    expect(splitStatements(sql)).toEqual([
      'CREATE FUNCTION g() RETURNS int LANGUAGE sql AS $$ SELECT 1; $$;',
      'SELECT g();',
    ]);
  });

  it('keeps a statement that continues after a semicolon inside a line', () => {
    expect(splitStatements("SELECT 'a;b'\n  AS x;\nSELECT 2")).toEqual(["SELECT 'a;b'\n  AS x;", 'SELECT 2']);
  });

  it('answers nothing for comments and blank lines only', () => {
    expect(splitStatements('-- only\n\n   \n-- comments;\n')).toEqual([]);
  });

  it('splits the core migration into its nine tables and one index', async () => {
    const sql = await readFile(MIGRATIONS_DIR + '001-core.sql', 'utf8');
    const statements = splitStatements(sql);
    expect(statements).toHaveLength(10);
    expect(statements.filter((s) => s.startsWith('CREATE TABLE')).map((s) => s.split(/\s+/)[2])).toEqual(
      CORE_TABLES,
    );
    expect(statements.filter((s) => s.startsWith('CREATE INDEX'))).toHaveLength(1);
    for (const s of statements) {
      expect(s.startsWith('--')).toBe(false);
      expect(s.endsWith(';')).toBe(true);
    }
  });
});

describe('migrate', () => {
  let db: Db;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(() => db.close());

  const exists = async (table: string) =>
    (await db.query<{ r: string | null }>('SELECT to_regclass($1)::text AS r', [table])).rows[0]!.r !== null;
  const recorded = async () =>
    (await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).rows.map(
      (r) => r.name,
    );

  const tables = async () =>
    (
      await db.query<{ t: string }>(
        "SELECT tablename AS t FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'schema_migrations' ORDER BY 1",
      )
    ).rows.map((r) => r.t);

  it('has applied and recorded every migration once', async () => {
    const files = await migrationFiles();
    expect(files[0]).toBe('001-core.sql');
    expect(await recorded()).toEqual(files);
    for (const table of CORE_TABLES) expect(await exists(table), table).toBe(true);
  });

  it('applies nothing a second time', async () => {
    const before = await tables();
    expect(await migrate(db)).toEqual([]);
    expect(await migrate(db)).toEqual([]);
    expect(await recorded()).toEqual(await migrationFiles());
    expect(await tables()).toEqual(before);
  });

  it('rolls a migration back whole when a statement fails part-way', async () => {
    // Drop the first table and forget the migrations: 001's first statement then succeeds, its second fails.
    await db.query('DROP TABLE site_config');
    await db.query('DELETE FROM schema_migrations');
    await expect(migrate(db)).rejects.toThrow(/already exists/);
    expect(await exists('site_config')).toBe(false);
    expect(await recorded()).toEqual([]);
  });

  it('applies every migration to an empty schema, in order, and records them', async () => {
    for (const table of await tables()) await db.query(`DROP TABLE IF EXISTS ${table} CASCADE`);
    expect(await tables()).toEqual([]);
    const files = await migrationFiles();
    expect(await migrate(db)).toEqual(files);
    for (const table of CORE_TABLES) expect(await exists(table), table).toBe(true);
    expect(await recorded()).toEqual(files);
    expect(await migrate(db)).toEqual([]);
  });
});

describe('database driver', () => {
  let db: Db;
  beforeAll(async () => {
    db = await createTestDb();
    await db.exec('CREATE TABLE drv (a int)');
  });
  afterAll(() => db.close());

  it('reports rowCount as node-pg does', async () => {
    expect((await db.query('INSERT INTO drv VALUES (1), (2), (3)')).rowCount).toBe(3);
    const select = await db.query('SELECT a FROM drv WHERE a >= 2');
    expect(select.rows).toHaveLength(2);
    expect(select.rowCount).toBe(2);
    expect((await db.query('SELECT a FROM drv WHERE a > 9')).rowCount).toBe(0);
    expect((await db.query('UPDATE drv SET a = a + 10 WHERE a < 3')).rowCount).toBe(2);
    expect((await db.query('DELETE FROM drv WHERE a = 99')).rowCount).toBe(0);
    expect((await db.query('DELETE FROM drv WHERE a > 10 RETURNING a')).rowCount).toBe(2);
  });

  it('parses int8 as a number and binds parameters', async () => {
    const { rows } = await db.query<{ n: number; s: string }>(
      'SELECT 9007199254740991::int8 AS n, $1::text AS s',
      ['x'],
    );
    expect(rows[0]).toEqual({ n: Number.MAX_SAFE_INTEGER, s: 'x' });
  });

  it('commits a transaction, and rolls one back when it throws', async () => {
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO drv VALUES (100)');
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO drv VALUES (200)');
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const { rows } = await db.query<{ a: number }>('SELECT a FROM drv WHERE a >= 100 ORDER BY a');
    expect(rows).toEqual([{ a: 100 }]);
  });
});
