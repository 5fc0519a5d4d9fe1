import { writeFileSync } from 'node:fs';

// Records the service's answer to GET /portals as src/content/shops/portals-snapshot.json: the shops a
// build shows when the service cannot be reached (src/lib/portals-loader.ts). Run it against the
// service the site is built for, check the diff, and commit it.
const SNAPSHOT = 'src/content/shops/portals-snapshot.json';
const host = (process.env.PUBLIC_API_HOST || 'http://127.0.0.1:4010').replace(/\/+$/, '');
const url = `${host}/api/web/v1/portals`;

const response = await fetch(url, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(15000) });
if (!response.ok) throw new Error(`${url} answered ${response.status}: the snapshot is unchanged`);
const body = await response.json();
// Either dialect: a bare list, or the list under data or portals. The loader decodes it as it decodes a live answer.
const list = Array.isArray(body) ? body : (body?.data ?? body?.portals);
if (!Array.isArray(list) || list.length === 0) throw new Error(`${url} answered no list of shops: the snapshot is unchanged`);
writeFileSync(SNAPSHOT, `${JSON.stringify(list, null, 2)}\n`);
console.log(`${SNAPSHOT}: ${list.length} shops from ${url}`);
