import type { ComponentProps } from 'react';
import { Badge } from '../../../components/ui/badge';
import { documentStatusText, documentStatusVariant } from '../document-status';

/** A document's status in its colour (draft grey, out for signing blue, signed green, cancelled red). */
export function DocumentStatusBadge({ status, ...props }: { status: string } & ComponentProps<'span'>) {
  return (
    <Badge variant={documentStatusVariant(status)} {...props}>
      {documentStatusText(status)}
    </Badge>
  );
}
