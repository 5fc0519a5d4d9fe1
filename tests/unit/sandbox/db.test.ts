import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../sandbox/src/db';

describe('the sandbox database on node:sqlite', () => {
  it('stores an undefined parameter as NULL, as the routes expect', () => {
    const db = openDatabase(':memory:');
    db.exec('CREATE TABLE t (a TEXT)');
    db.prepare('INSERT INTO t (a) VALUES (?)').run(undefined);
    expect(db.prepare('SELECT a FROM t').get()).toEqual({ a: null });
    db.close();
  });

  it('commits a nested transaction with its outer one, and rolls back only the inner one that threw', () => {
    const db = openDatabase(':memory:');
    db.exec('CREATE TABLE t (a INTEGER)');
    const insert = (a: number) => db.prepare('INSERT INTO t (a) VALUES (?)').run(a);
    db.transaction(() => {
      insert(1);
      db.transaction(() => insert(2))();
      expect(() =>
        db.transaction(() => {
          insert(3);
          throw new Error('inner');
        })(),
      ).toThrow('inner');
    })();
    expect(() =>
      db.transaction(() => {
        insert(4);
        throw new Error('outer');
      })(),
    ).toThrow('outer');
    expect(db.prepare('SELECT a FROM t ORDER BY a').all()).toEqual([{ a: 1 }, { a: 2 }]);
    expect(db.open).toBe(true);
    db.close();
    expect(db.open).toBe(false);
  });

  it('reports the new row id and the number of changed rows as numbers', () => {
    const db = openDatabase(':memory:');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, a INTEGER)');
    expect(db.prepare('INSERT INTO t (a) VALUES (?)').run(5)).toEqual({ changes: 1, lastInsertRowid: 1 });
    db.prepare('INSERT INTO t (a) VALUES (?)').run(5);
    expect(db.prepare('UPDATE t SET a = 6 WHERE a = 5').run().changes).toBe(2);
    db.close();
  });
});
