import { mkdir, open, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileStore } from './file-store';
import { isUuid } from './service-context';

/**
 * Files in a local folder: `<root>/<organizationId>/<id>` holds the bytes. Both parts of the path
 * must be uuids, so no caller can reach outside its organization's folder, and anything else
 * found there (a legacy `.json` sidecar, a stray file) is never listed or served.
 */
export function createDiskFileStore(root: string): FileStore {
  const folderOf = (organizationId: string) =>
    isUuid(organizationId) ? path.join(root, organizationId) : null;
  const locate = (organizationId: string, id: string) => {
    const folder = folderOf(organizationId);
    return folder && isUuid(id) ? path.join(folder, id) : null;
  };

  return {
    async put(organizationId, id, data) {
      const where = locate(organizationId, id);
      if (!where) throw new Error('file ids must be uuids');
      await mkdir(path.dirname(where), { recursive: true });
      await writeFile(where, data);
    },

    async open(organizationId, id) {
      const where = locate(organizationId, id);
      if (!where) return null;
      try {
        return (await open(where)).createReadStream();
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(organizationId, id) {
      const where = locate(organizationId, id);
      if (where) await rm(where, { force: true });
    },

    async deleteOrganization(organizationId) {
      const folder = folderOf(organizationId);
      if (folder) await rm(folder, { recursive: true, force: true });
    },

    async organizations() {
      return (await entriesOf(root)).filter(isUuid);
    },

    async list(organizationId) {
      const folder = folderOf(organizationId);
      if (!folder) return [];
      const ids = (await entriesOf(folder)).filter(isUuid);
      const listed = await Promise.all(
        ids.map(async (id) => {
          try {
            return { id, storedAt: (await stat(path.join(folder, id))).mtime };
          } catch (error) {
            if (isMissing(error)) return null; // deleted meanwhile
            throw error;
          }
        }),
      );
      return listed.filter((file) => file !== null);
    },
  };
}

/** The names in a folder; none when it does not exist. */
export async function entriesOf(folder: string) {
  try {
    return await readdir(folder);
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';
