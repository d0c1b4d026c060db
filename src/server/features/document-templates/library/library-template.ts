import type { IndustrySector } from '../../../../common/constants';
import type { DocumentJson } from '../../../../common/documents/document-content';

/*
 * A sample template of the built-in library: seeded for a new organization of its sector and
 * installable later from the library browser. `content` is the editor's JSON; `fields` are
 * signature fields anchored to text of the document, placed when the PDF is rendered.
 */

/** Who signs a field: the claimant / client of the document, or the organization's user who sends it. */
export type LibrarySigner = 'client' | 'sender';

export interface LibraryTemplateField {
  fieldName: string;
  fieldType: 'signature' | 'initials' | 'date' | 'text' | 'checkbox';
  signer: LibrarySigner;
  /** Text of the document the field is placed next to (occurs once in it). */
  textAnchor: string;
  anchorPosition?: 'after' | 'before' | 'above' | 'below';
  offsetX?: number;
  offsetY?: number;
  width?: number;
  height?: number;
  isRequired?: boolean;
}

export interface LibraryTemplate {
  /** Stable across releases: stored as `document_templates.library_key`. */
  key: string;
  name: string;
  description: string;
  templateType: string;
  industryType: IndustrySector;
  /** The default template of its type for a new organization of the sector. */
  isDefault?: boolean;
  content: DocumentJson;
  fields: LibraryTemplateField[];
}
