import { ExternalLink, Paperclip } from 'lucide-react';
import { isUploadedFileUrl } from '../../../../common/validation/activities';
import { formatFileSize } from '../../../lib/format-file-size';
import type { ActivityAttachment } from '../api';

/** Paperclip, name and size of an uploaded file; a link shows where it leads to instead. */
export function AttachmentLabel({ attachment }: { attachment: ActivityAttachment }) {
  const uploaded = isUploadedFileUrl(attachment.url);
  const Icon = uploaded ? Paperclip : ExternalLink;
  return (
    <>
      <Icon className="size-3.5 shrink-0" aria-hidden="true" />
      <span className="min-w-0 truncate">{attachment.name}</span>
      {attachment.size !== undefined ? (
        <span className="shrink-0 text-xs font-normal text-muted-foreground">
          {formatFileSize(attachment.size)}
        </span>
      ) : uploaded ? null : (
        <span className="min-w-0 shrink truncate text-xs font-normal text-muted-foreground">
          {hostOf(attachment.url)}
        </span>
      )}
    </>
  );
}

function hostOf(url: string) {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}
