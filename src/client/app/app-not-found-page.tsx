import { SearchX } from 'lucide-react';
import { Link } from 'wouter';
import { PageContainer } from '../components/page-header';
import { buttonClassName } from '../components/ui/button';
import { EmptyState } from '../components/ui/empty-state';
import { useDocumentTitle } from '../lib/use-document-title';

/** An unknown address while signed in: inside the app's layout, so the navigation stays. */
export function AppNotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <PageContainer>
      <EmptyState
        headingLevel={1}
        icon={SearchX}
        title="Page not found"
        description="The page you're looking for doesn't exist or has been moved."
        action={
          <Link href="/dashboard" className={buttonClassName({ variant: 'secondary' })}>
            Go to the dashboard
          </Link>
        }
      />
    </PageContainer>
  );
}
