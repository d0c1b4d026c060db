import { Markdown } from '../../../components/ui/markdown';
import { MarketingPage, MarketingSection } from '../components/marketing-page';
import { legalLastUpdated, privacyPolicy, termsOfService } from '../content/legal';

function LegalText({ children }: { children: string }) {
  return (
    <MarketingSection width="prose">
      <Markdown className="text-base [&_h2]:mt-10 [&_h2]:text-xl">{children}</Markdown>
    </MarketingSection>
  );
}

export function PrivacyPage() {
  return (
    <MarketingPage
      documentTitle="Privacy policy"
      eyebrow={`Last updated ${legalLastUpdated}`}
      title="Privacy policy"
      lead="How Locus collects, uses and protects personal information, for visitors, users and the people in our customers' records."
    >
      <LegalText>{privacyPolicy}</LegalText>
    </MarketingPage>
  );
}

export function TermsPage() {
  return (
    <MarketingPage
      documentTitle="Terms of service"
      eyebrow={`Last updated ${legalLastUpdated}`}
      title="Terms of service"
      lead="The agreement between Locus and the organizations and people who use it."
    >
      <LegalText>{termsOfService}</LegalText>
    </MarketingPage>
  );
}
