import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import type { SettingsSectionId } from '../sections';

/** The sections still being built. */
export type PlaceholderSectionId = Extract<SettingsSectionId, 'email'>;

const placeholders: Record<PlaceholderSectionId, { title: string; lines: string[] }> = {
  email: {
    title: 'Email configuration',
    lines: [
      'Connect a Gmail or Outlook mailbox to send and track e-mail',
      'Templates for onboarding, follow-ups and sales',
      'Signatures for everyone on your team',
      'Send Test Email to check delivery',
    ],
  },
};

export function SettingsPlaceholder({ section }: { section: keyof typeof placeholders }) {
  const { title, lines } = placeholders[section];
  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-2">
          <CardTitle>{title}</CardTitle>
          <span className="rounded-full bg-muted px-2.5 py-0.5 text-xs font-medium text-muted-foreground">
            Coming soon
          </span>
        </div>
        <CardDescription>This section is being built. Here is what it will let you do:</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3 sm:grid-cols-2">
          {lines.map((line) => (
            <li
              key={line}
              className="flex gap-2.5 rounded-lg border border-dashed border-slate-300 px-4 py-3 text-sm"
            >
              <span className="mt-1.5 size-1.5 shrink-0 rounded-full bg-primary" aria-hidden="true" />
              {line}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
