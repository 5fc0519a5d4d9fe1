import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createSandbox } from '../../../sandbox/src/server';

describe('the uploads folder of a sandbox', () => {
  it('is named after its database, so resetting one of two sandboxes in one folder keeps the other\'s files', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-pair-'));
    const one = createSandbox({ db: path.join(folder, 'one.db'), faults: true, quiet: true });
    const two = createSandbox({ db: path.join(folder, 'two.db'), faults: true, quiet: true });
    try {
      // The second sandbox's seeded screenshots and warehouse photos.
      const before = fs.readdirSync(two.ctx.uploadsDir);
      expect(before.length).toBeGreaterThan(0);
      expect((await one.app.request('/__sandbox/reset', { method: 'POST' })).status).toBe(200);
      expect(fs.readdirSync(two.ctx.uploadsDir)).toEqual(before);
      expect(one.ctx.uploadsDir).toBe(path.join(folder, 'one.db-uploads'));
      expect(two.ctx.uploadsDir).toBe(path.join(folder, 'two.db-uploads'));
    } finally {
      one.close();
      two.close();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('is a fresh temporary folder per in-memory sandbox, removed when it closes', () => {
    const one = createSandbox({ db: ':memory:', quiet: true });
    const two = createSandbox({ db: ':memory:', quiet: true });
    expect(one.ctx.uploadsDir).not.toBe(two.ctx.uploadsDir);
    expect(path.dirname(one.ctx.uploadsDir)).toBe(os.tmpdir());
    one.close();
    expect(fs.existsSync(one.ctx.uploadsDir)).toBe(false);
    expect(fs.existsSync(two.ctx.uploadsDir)).toBe(true);
    two.close();
  });

  it('is the uploadsDir option (SANDBOX_UPLOADS_DIR) when given', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-own-'));
    const sandbox = createSandbox({ db: ':memory:', uploadsDir: folder, quiet: true });
    try {
      expect(sandbox.ctx.uploadsDir).toBe(folder);
      expect(fs.readdirSync(folder).length).toBeGreaterThan(0);
    } finally {
      sandbox.close();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
