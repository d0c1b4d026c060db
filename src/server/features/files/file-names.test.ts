import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema/files';
import type { SignedIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { fieldErrors, organization } from '../leads/test-kit';

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await organization(t);
});
afterAll(() => t.close());

const upload = (name: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/files?${new URLSearchParams({ name })}`,
    headers: { 'content-type': 'application/octet-stream', cookie: owner.cookie },
    payload: Buffer.from('bytes'),
  });

describe('uploaded file names', () => {
  it.each([['.'], ['..'], [' .. '], ['scans/..'], ['C:\\fakepath\\.'], ['\u202E..']])(
    'refuses %j as a name (400) and stores nothing',
    async (name) => {
      const before = await t.db.$count(files);
      const res = await upload(name);
      expect(fieldErrors(res)).toEqual([{ path: 'name', message: 'File name cannot be "." or ".."' }]);
      expect(await t.db.$count(files)).toBe(before);
    },
  );

  it('strips bidirectional control characters from the name', async () => {
    const res = await upload('invoice\u202Efdp.exe');
    expect(res.statusCode).toBe(201);
    expect(res.json().name).toBe('invoicefdp.exe');
    const all = '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061C';
    const mixed = await upload(`dee${all}d.pdf`);
    expect(mixed.json().name).toBe('deed.pdf');
    const downloaded = await t.app.inject({
      method: 'GET',
      url: mixed.json().url,
      headers: { cookie: owner.cookie },
    });
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.headers['content-disposition']).toBe(
      `attachment; filename="deed.pdf"; filename*=UTF-8''deed.pdf`,
    );
  });

  it('a name made only of bidi controls is a missing name', async () => {
    expect(fieldErrors(await upload('\u202E\u2066'))).toEqual([
      { path: 'name', message: 'File name is required' },
    ]);
  });

  it('keeps names that merely contain dots', async () => {
    for (const name of ['...', '.env', 'report..pdf']) {
      const res = await upload(name);
      expect(res.statusCode, name).toBe(201);
      expect(res.json().name).toBe(name);
    }
  });
});
