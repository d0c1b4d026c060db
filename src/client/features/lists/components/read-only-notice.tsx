import { Eye } from 'lucide-react';
import { Notice } from '../../../components/ui/notice';

/** Shown above settings the user may see but not change. */
export function ReadOnlyNotice({ permission = 'update settings' }: { permission?: string }) {
  return (
    <Notice icon={Eye}>
      You can view these settings. Changing them needs permission to {permission}; ask an administrator of
      your organization.
    </Notice>
  );
}
