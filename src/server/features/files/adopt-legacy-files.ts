import { readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db';
import { files } from '../../db/schema/files';
import { organizations } from '../../db/schema/identity';
import { entriesOf } from '../../lib/disk-file-store';
import { isUuid } from '../../lib/service-context';

const sidecarName = /^([0-9a-f-]{36})\.json$/i;

/**
 * Files uploaded before the `files` table kept their name, type and size in a `<id>.json` sidecar
 * beside the bytes (docs/decisions/011). Each becomes a row, dated when its bytes were written,
 * and the sidecar goes: without this the sweep would take them for bytes without a row. Runs at
 * start-up on the disk store only (no other store ever had sidecars); a second run finds none.
 */
export async function adoptLegacyFiles(db: Database, root: string): Promise<number> {
  let adopted = 0;
  for (const organizationId of (await entriesOf(root)).filter(isUuid)) {
    const [organization] = await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    if (!organization) continue; // deleted: the sweep removes the whole folder
    const folder = path.join(root, organizationId);
    for (const entry of await entriesOf(folder)) {
      const id = sidecarName.exec(entry)?.[1];
      if (!id || !isUuid(id)) continue;
      const sidecar = path.join(folder, entry);
      const storedAt = await stat(path.join(folder, id)).then(
        (bytes) => bytes.mtime,
        () => null,
      );
      if (storedAt) {
        const meta = JSON.parse(await readFile(sidecar, 'utf8')) as {
          name: string;
          contentType: string;
          size: number;
        };
        await db
          .insert(files)
          .values({
            organizationId,
            id: id.toLowerCase(),
            name: meta.name,
            contentType: meta.contentType,
            size: meta.size,
            createdAt: storedAt,
            updatedAt: storedAt,
          })
          .onConflictDoNothing();
        adopted += 1;
      }
      await rm(sidecar, { force: true });
    }
  }
  return adopted;
}
