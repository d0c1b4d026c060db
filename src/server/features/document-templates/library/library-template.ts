import type { DocumentJson } from '../../../../common/documents/document-content';
import type { IndustrySector } from '../../../../common/constants';

/** A sample template of the library (issue 16), seeded into organizations of its sector. */
export interface LibraryTemplate {
  /** Stable id, stored as document_templates.library_key: `surplus-fee-agreement`. */
  key: string;
  industryType: IndustrySector;
  name: string;
  description: string;
  templateType: string;
  /** The editor's JSON; merge fields as `mergeField` nodes whose keys exist in the catalogue. */
  content: DocumentJson;
  /** Seeded as the default of its type for the sector. */
  isDefault?: boolean;
  /** Signature fields placed by text anchor when a document is generated from it. */
  fields?: LibraryTemplateField[];
}

export interface LibraryTemplateField {
  fieldName: string;
  fieldType: 'signature' | 'initials' | 'date' | 'text' | 'checkbox';
  /** Text in the document the field is placed against, e.g. "Claimant signature:". */
  textAnchor: string;
  anchorPosition?: 'before' | 'after' | 'above' | 'below';
  /** Who signs: 'client' takes the client's name and e-mail at generation; 'sender' the user. */
  signer: 'client' | 'sender';
  width?: number;
  height?: number;
}
