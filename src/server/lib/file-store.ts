import type { Readable } from 'node:stream';

/** One stored file as the store lists it. */
export interface StoredFile {
  id: string;
  /** When the bytes were written: the sweep leaves young files alone (an upload may be mid-way). */
  storedAt: Date;
}

/**
 * Where uploaded files' bytes live, per organization (DESIGN §6): a local folder by default; an
 * S3-compatible bucket can implement the same calls. What a file is called and whether it still
 * exists is the `files` table's business (docs/decisions/014); the store only keeps bytes.
 */
export interface FileStore {
  put(organizationId: string, id: string, data: Buffer): Promise<void>;
  /** A stream of the file's bytes, or null when the organization has no such bytes. */
  open(organizationId: string, id: string): Promise<Readable | null>;
  /** Removes one file's bytes; a file already gone is not an error. */
  delete(organizationId: string, id: string): Promise<void>;
  /** Removes everything of an organization (it was deleted); nothing there is not an error. */
  deleteOrganization(organizationId: string): Promise<void>;
  /** The organizations that have bytes stored. */
  organizations(): Promise<string[]>;
  /** The files an organization has bytes for. */
  list(organizationId: string): Promise<StoredFile[]>;
}
