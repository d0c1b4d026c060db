import type { DocumentJson } from '../../../common/documents/document-content';
import type { ServiceContext } from '../../lib/service-context';
import { organizationBranding } from '../document-rendering/organization-branding';
import { renderDocumentPdf } from '../document-rendering/render-document-pdf';

/**
 * A document's editor JSON rendered as the organization's PDF (anchors located when asked for).
 * Given the document's creation date, the same document renders to the same bytes: the SHA-256
 * taken at send (issue 17) holds for the PDF the signers open later.
 */
export async function renderForDocument(
  ctx: ServiceContext,
  doc: DocumentJson,
  title: string,
  anchors?: string[],
  createdAt?: Date,
) {
  return renderDocumentPdf(
    { doc, title, organization: await organizationBranding(ctx.db, ctx.orgId), createdAt },
    { anchors },
  );
}
