import type { DocumentJson } from '../../../common/documents/document-content';
import type { ServiceContext } from '../../lib/service-context';
import { organizationBranding } from '../document-rendering/organization-branding';
import { renderDocumentPdf } from '../document-rendering/render-document-pdf';

/** A document's editor JSON rendered as the organization's PDF (anchors located when asked for). */
export async function renderForDocument(
  ctx: ServiceContext,
  doc: DocumentJson,
  title: string,
  anchors?: string[],
) {
  return renderDocumentPdf(
    { doc, title, organization: await organizationBranding(ctx.db, ctx.orgId) },
    { anchors },
  );
}
