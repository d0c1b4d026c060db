import { isUploadedFileUrl } from '../../../../common/validation/activities';
import type { ActivityAttachment } from '../api';
import { AttachmentLabel } from './attachment-label';

/**
 * An activity's attachments in the timeline: an uploaded file downloads (the server sends it as
 * an attachment); a link opens in a new tab without handing it our page (noopener, noreferrer).
 */
export function AttachmentLinks({
  attachments,
  label,
}: {
  attachments: ActivityAttachment[];
  label: string;
}) {
  if (attachments.length === 0) return null;
  return (
    <ul aria-label={label} className="mt-2 flex flex-wrap gap-1.5">
      {attachments.map((attachment, index) => (
        <li key={`${index}-${attachment.url}`} className="min-w-0 max-w-full">
          <a
            href={attachment.url}
            {...(isUploadedFileUrl(attachment.url)
              ? { download: attachment.name }
              : { target: '_blank', rel: 'noopener noreferrer' })}
            className="inline-flex max-w-full items-center gap-1.5 rounded-md border border-border bg-surface px-2 py-1 text-sm font-medium text-primary transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
          >
            <AttachmentLabel attachment={attachment} />
          </a>
        </li>
      ))}
    </ul>
  );
}
